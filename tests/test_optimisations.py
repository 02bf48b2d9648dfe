"""Each optimisation of the sudoku engine changes the time taken, never an answer.

The switches are ``tools.steps.Optimisations``; ``step_engine`` takes out the
ideas a switch turns off, and ``using`` makes that engine the one
``helpers.solve_sudoku`` and ``tools.engine.count_solutions`` use.  The column
order each switch gives is tested in ``test_search.py``, the search loops in
``test_steps.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

import helpers
import tools.engine
from conftest import ROOT
from helpers import is_valid_solution
from tools.steps import SWITCHES, Optimisations, step_engine, using

HARD = np.load(ROOT / "data" / "hard_puzzle.npy")
HARD_SOLUTIONS = np.load(ROOT / "data" / "hard_solution.npy")


@pytest.fixture
def engine_with(request):
    """The shared 9x9 engine replaced by one with the switch ``request.param``
    off (``"all"``: every switch off); the submitted engine back afterwards."""
    off = SWITCHES if request.param == "all" else (request.param,)
    with using(step_engine(Optimisations(**{name: False for name in off}))) as engine:
        yield engine


def assert_hard_puzzles_get_their_stored_answers() -> None:
    for puzzle, expected in zip(HARD, HARD_SOLUTIONS):
        answer = helpers.solve_sudoku(puzzle)
        if (expected == helpers.NO_SOLUTION).all():
            assert answer is None
        else:
            assert np.array_equal(answer, expected) and is_valid_solution(puzzle, answer)


def test_the_hard_puzzles_reach_the_search():
    """Guards the tests below: a switch of the search matters only if puzzles reach it."""
    engine = helpers.engine(helpers.SUDOKU_BOX)
    searched = 0
    for puzzle in HARD:
        engine.solve(helpers.read_grid(puzzle))
        searched += engine.rows_tried > 0
    assert searched >= 3


@pytest.mark.parametrize("engine_with", [*SWITCHES, "all"], indirect=True)
def test_answers_are_the_same_with_a_switch_off(engine_with):
    assert_hard_puzzles_get_their_stored_answers()


@pytest.mark.parametrize("engine_with", [*SWITCHES, "all"], indirect=True)
def test_counts_are_the_same_with_a_switch_off(engine_with):
    for puzzle, expected in zip(HARD, HARD_SOLUTIONS):
        unique = not (expected == helpers.NO_SOLUTION).all()
        assert tools.engine.count_solutions(puzzle, limit=2) == int(unique)


@pytest.mark.parametrize("engine_with", SWITCHES, indirect=True)
def test_using_makes_the_step_engine_the_one_the_solver_uses(engine_with):
    assert helpers.engine(helpers.SUDOKU_BOX) is engine_with
    helpers.solve_sudoku(HARD[0])
    assert engine_with.matrix.rows_tried == engine_with.rows_tried


def test_using_puts_the_submitted_engine_back():
    submitted = helpers.engine(helpers.SUDOKU_BOX)
    with pytest.raises(KeyError), using(step_engine(Optimisations(singles=False))):
        raise KeyError("a failure inside the block")
    assert helpers.engine(helpers.SUDOKU_BOX) is submitted


def test_every_switch_on_behaves_as_the_submitted_solver():
    submitted, steps = helpers.engine(helpers.SUDOKU_BOX), step_engine(Optimisations())
    for puzzle in HARD:
        cells = helpers.read_grid(puzzle)
        assert steps.solve(cells) == submitted.solve(cells)
        assert steps.rows_tried == submitted.rows_tried


def test_the_switches_are_the_fields_in_ladder_order():
    assert SWITCHES == (
        "reuse_links",
        "skip_unwinding",
        "singles",
        "hidden_singles",
        "locked_candidates",
        "half_way_start",
        "dead_ends_first",
        "cheaper_rows",
    )


def rows_tried(engine: helpers.SudokuEngine) -> int:
    """The rows ``engine``'s searches try over the hard category."""
    total = 0
    for puzzle in HARD:
        engine.solve(helpers.read_grid(puzzle))
        total += engine.rows_tried
    return total


@pytest.mark.parametrize("switch", ["singles", "hidden_singles", "locked_candidates"])
def test_a_weaker_first_stage_leaves_more_to_search(switch):
    weaker = step_engine(Optimisations(**{switch: False}))
    assert rows_tried(weaker) > rows_tried(helpers.engine(helpers.SUDOKU_BOX))
