"""Knuth's Algorithm X alone (``tools/puzzles/algorithm_x.py``): the
generators' judge of hardness and the benchmark's plain dancing links."""

from __future__ import annotations

import numpy as np
import pytest

import experiment
import helpers
from conftest import CLASH, CONSISTENT_NO_SOLUTION, EVEREST, TWO_SOLUTIONS, parse
from tools.puzzles.algorithm_x import PlainAlgorithmX, StopAtOne
from tools.puzzles.make_data import pattern_grid
from tools.puzzles.sets import load

VALID = pattern_grid(3)
DIAGONAL = np.where(np.eye(9, dtype=bool), 0, VALID)  #: each blank the one of its row: one candidate


def test_a_puzzle_whose_every_blank_has_one_candidate_takes_a_row_per_blank():
    assert PlainAlgorithmX()(DIAGONAL) == (VALID.ravel().tolist(), 9)


def test_a_rectangle_of_two_digits_takes_four_rows_a_solution():
    """Its first column (cell 0) has two rows; each fills the other three blanks by force."""
    plain = PlainAlgorithmX()
    assert [plain.solutions(parse(TWO_SOLUTIONS), limit)[1] for limit in (1, 2, None)] == [4, 8, 8]


def test_a_puzzle_with_two_solutions_has_two():
    found, _ = PlainAlgorithmX().solutions(parse(TWO_SOLUTIONS), limit=None)
    assert len(found) == 2 and all(
        helpers.is_valid_solution(parse(TWO_SOLUTIONS), np.reshape(f, (9, 9))) for f in found
    )


@pytest.mark.parametrize("puzzle", [CLASH, parse(CONSISTENT_NO_SOLUTION)], ids=["clash", "consistent"])
def test_an_unsolvable_puzzle_has_no_solution(puzzle):
    assert PlainAlgorithmX().solutions(puzzle, limit=None)[0] == []


def test_its_first_solutions_pass_the_independent_checker():
    puzzles = [parse(EVEREST), *load("hardest").puzzles[:4], *load("generated-hard:tuning").puzzles[:4]]
    plain = PlainAlgorithmX()
    assert all(helpers.is_valid_solution(p, np.reshape(plain(p)[0], (9, 9))) for p in puzzles)


def test_it_tries_the_rows_of_the_solver_with_no_idea_in_the_order_of_the_columns_numbers():
    """Call after call of one instance, after a call that stops among the givens too."""
    puzzles = [parse(EVEREST), CLASH, *load("hardest").puzzles[:4]]
    alone = experiment.Ideas(*[False] * len(experiment.Ideas._fields))
    engine = experiment.AblationEngine(3, alone)
    engine.order = list(range(helpers.SUDOKU_CONSTRAINTS))
    algorithm_x, plain = experiment.by_engine(engine), PlainAlgorithmX()
    for puzzle in puzzles:
        solution, rows = algorithm_x(puzzle)
        assert plain(puzzle) == (None if solution is None else list(solution), rows)


def test_stop_at_one_takes_a_column_of_one_row_before_a_later_empty_one():
    """Column 0 holds one row, column 1 none: Knuth's rule sees the empty
    column and tries nothing; the older rule tries the row first."""
    knuth, older = helpers.AlgorithmX([[0]], 2), StopAtOne([[0]], 2)
    assert (knuth.first_solution(), older.first_solution()) == (None, None)
    assert (knuth.rows_tried, older.rows_tried) == (0, 1)


def test_stop_at_one_finds_the_same_first_solutions_with_more_rows():
    puzzles = load("hardest").puzzles[:4]
    knuth, older = [[method(p) for p in puzzles] for method in (PlainAlgorithmX(), PlainAlgorithmX(stop_at_one=True))]
    assert [s for s, _ in knuth] == [s for s, _ in older]
    assert sum(rows for _, rows in older) > sum(rows for _, rows in knuth)
