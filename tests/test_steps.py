"""The search loops and engine steps of ``tools/steps.py``, against the loop of ``helpers.py``.

``helpers.AlgorithmX.search`` takes a whole row with one ``cover(node)`` (the
taken row left linked in its own columns) and undoes it with one ``uncover``,
for rows of any length.  ``KnuthSearch`` is Knuth's own loop
(``knuth_cover``/``knuth_uncover`` of one column at a time); ``NoDeadEnds``
looks at no emptied column early; ``Unwinding`` undoes every choice after the
first solution; ``step_engine`` composes them into a sudoku engine.  Each must
find the same covers in the same order and answer every sudoku the same way;
only the rows tried may differ, and the links as each says.  Stops part-way
are tested in ``test_state.py``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import helpers
from conftest import (
    DATA,
    EVEREST,
    KnuthExactCover,
    columns_to_cover,
    exact_cover_problems,
    parse,
    queens_matrix,
    snapshot,
)
from helpers import AlgorithmX
from tools.engine import ExactCover
from tools.steps import (
    KnuthSearch,
    NoDeadEnds,
    Optimisations,
    Unwinding,
    knuth_cover,
    knuth_uncover,
    matrix_class,
    step_engine,
)

#: Branching on column 0, row 0 empties column 4 while column 2 is left with
#: one row: the S heuristic would take that forced row before it reached
#: column 4.  The only cover is rows 1, 3, 5.
DEAD_END_ROWS = [[0, 3], [0, 4], [3, 4], [2, 3], [1, 2], [1]]


@st.composite
def primary_problems(draw, max_columns: int = 8, max_rows: int = 12, max_ones: int = 4):
    """A random exact-cover problem with every column primary, as ``(rows, n_columns)``:
    rows of 1 to ``max_ones`` ones, any two sharing any number of columns."""
    rows, n_columns, _ = draw(exact_cover_problems(max_columns, max_rows, max_ones))
    return rows, n_columns


# ---------------------------------------------------------------------------
# The loop of helpers.py: cover and uncover of a whole row
# ---------------------------------------------------------------------------


def test_uncover_undoes_cover_of_a_row():
    matrix = queens_matrix(5)
    before = snapshot(matrix)
    for node in (matrix.row_nodes[7][0], matrix.row_nodes[12][2]):  # its first node, and one in its middle
        helpers.cover(node, [])
        helpers.uncover(node)
        assert snapshot(matrix) == before


def test_nested_covers_are_undone_in_reverse_order():
    matrix = queens_matrix(6)
    before = snapshot(matrix)
    nodes = [
        matrix.row_nodes[1][0],
        matrix.row_nodes[9][1],
        matrix.row_nodes[17][3],
    ]  # (0, 1), (1, 3), (2, 5): no two attack
    for node in nodes:
        helpers.cover(node, [])
    for node in reversed(nodes):
        helpers.uncover(node)
    assert snapshot(matrix) == before


def test_cover_takes_the_row_and_every_row_that_meets_it():
    matrix = AlgorithmX([[0, 1], [1, 2], [2, 3], [0, 3]], 4)
    helpers.cover(matrix.row_nodes[0][1], [])
    assert columns_to_cover(matrix) == [matrix.columns[2], matrix.columns[3]]
    assert [matrix.columns[j].size for j in (2, 3)] == [1, 1]  # row 2 alone is left
    assert matrix.columns[0].head.down is matrix.row_nodes[0][0]  # the taken row stays in its own columns


@settings(max_examples=150, deadline=None)
@given(primary_problems())
def test_links_and_sizes_are_restored_after_a_full_search_of_any_row_lengths(problem):
    matrix = AlgorithmX(*problem)
    before = snapshot(matrix)
    list(matrix.search())
    assert snapshot(matrix) == before


# ---------------------------------------------------------------------------
# Knuth's own loop
# ---------------------------------------------------------------------------


def test_knuth_uncover_undoes_knuth_cover():
    matrix = queens_matrix(5)
    before = snapshot(matrix)
    emptied: list = []
    for col in (matrix.columns[0], matrix.columns[7]):
        knuth_cover(col, emptied)
        knuth_uncover(col)
        assert snapshot(matrix) == before


def test_knuth_cover_unlinks_every_row_of_its_column_and_notes_what_it_empties():
    matrix = AlgorithmX([[0, 1], [0, 2], [1, 2]], 3)
    emptied: list = []
    knuth_cover(matrix.columns[0], emptied)
    assert columns_to_cover(matrix) == [matrix.columns[1], matrix.columns[2]]
    assert [matrix.columns[j].size for j in (1, 2)] == [1, 1]
    assert emptied == []
    knuth_cover(matrix.columns[1], emptied)  # row 2 leaves column 2, its last row
    assert emptied == [matrix.columns[2]]


@settings(max_examples=300, deadline=None)
@given(primary_problems())
def test_both_loops_find_the_same_covers_in_the_same_order(problem):
    assert list(KnuthSearch(*problem).search()) == list(AlgorithmX(*problem).search())


@settings(max_examples=300, deadline=None)
@given(exact_cover_problems(max_columns=8, max_rows=12, max_ones=4))
def test_with_secondary_columns_both_loops_find_the_same_covers_in_the_same_order(problem):
    rows, n_columns, secondary = problem
    assert list(KnuthExactCover(rows, n_columns, secondary).search()) == list(
        ExactCover(rows, n_columns, secondary).search()
    )


@settings(max_examples=300, deadline=None)
@given(primary_problems())
def test_the_loop_of_helpers_never_tries_more_rows_than_knuths(problem):
    knuth, rows = KnuthSearch(*problem), AlgorithmX(*problem)
    assert rows.first_solution() == knuth.first_solution()
    assert rows.rows_tried <= knuth.rows_tried


@settings(max_examples=150, deadline=None)
@given(primary_problems())
def test_without_the_dead_end_check_both_loops_try_the_same_rows(problem):
    knuth = matrix_class(Optimisations(dead_ends_first=False, cheaper_rows=False))(*problem)
    rows = NoDeadEnds(*problem)
    assert list(knuth.search()) == list(rows.search())
    assert knuth.rows_tried == rows.rows_tried


@settings(max_examples=150, deadline=None)
@given(primary_problems())
def test_links_and_sizes_are_restored_after_a_full_knuth_search(problem):
    matrix = KnuthSearch(*problem)
    before = snapshot(matrix)
    list(matrix.search())
    assert snapshot(matrix) == before


def test_knuths_loop_solves_the_queens_as_exact_cover():
    """Every column primary: n queens on ranks, files and all diagonals has no cover for n > 1 ..."""
    n = 4
    diagonals = 2 * n - 1
    rows = [[r, n + c, 2 * n + r + c, 2 * n + diagonals + r - c + n - 1] for r in range(n) for c in range(n)]
    assert list(KnuthSearch(rows, 2 * n + 2 * diagonals).search()) == []
    # ... and on ranks and files alone, one cover per permutation.
    assert len(list(KnuthSearch([row[:2] for row in rows], 2 * n).search())) == 24


# ---------------------------------------------------------------------------
# No dead ends looked at early
# ---------------------------------------------------------------------------


def test_no_dead_end_check_never_finds_one():
    matrix = NoDeadEnds(DEAD_END_ROWS, 5)
    emptied: list = []
    helpers.cover(matrix.row_nodes[0][0], emptied)
    assert emptied and AlgorithmX.dead_end(emptied) is not None
    assert matrix.dead_end(emptied) is None


def test_without_the_dead_end_check_the_search_takes_the_forced_row_first():
    matrix = NoDeadEnds(DEAD_END_ROWS, 5)
    assert matrix.first_solution() == [1, 3, 5]
    assert matrix.rows_tried == 5  # one more than ``AlgorithmX`` (test_search.py)


@settings(max_examples=150, deadline=None)
@given(primary_problems(max_columns=7))
def test_the_dead_end_check_never_changes_the_covers(problem):
    assert list(NoDeadEnds(*problem).search()) == list(AlgorithmX(*problem).search())


# ---------------------------------------------------------------------------
# Unwinding after the first solution
# ---------------------------------------------------------------------------


def test_the_submitted_first_solution_leaves_its_choices_linked():
    matrix = AlgorithmX(DEAD_END_ROWS, 5)
    before = snapshot(matrix)
    matrix.first_solution()
    assert snapshot(matrix) != before


@settings(max_examples=150, deadline=None)
@given(primary_problems())
def test_unwinding_restores_the_links_after_the_first_solution(problem):
    matrix = Unwinding(*problem)
    before = snapshot(matrix)
    assert matrix.first_solution() == AlgorithmX(*problem).first_solution()
    assert snapshot(matrix) == before


# ---------------------------------------------------------------------------
# The sudoku engine, step by step
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "switches, expected",
    [
        (Optimisations(), AlgorithmX),
        (Optimisations(cheaper_rows=False), KnuthSearch),
        (Optimisations(skip_unwinding=False), Unwinding),
        (Optimisations(dead_ends_first=False), NoDeadEnds),
    ],
    ids=["all-on", "cheaper_rows-off", "skip_unwinding-off", "dead_ends_first-off"],
)
def test_matrix_class_takes_out_what_the_switches_turn_off(switches, expected):
    cls = matrix_class(switches)
    assert issubclass(cls, expected)
    assert isinstance(step_engine(switches).matrix, expected)


def test_every_switch_on_searches_with_the_submitted_algorithm():
    assert matrix_class(Optimisations()) is AlgorithmX
    assert type(step_engine(Optimisations()).matrix) is AlgorithmX


def test_without_reuse_links_each_puzzle_gets_a_matrix_of_its_own():
    engine = step_engine(Optimisations(reuse_links=False))
    cells = helpers.read_grid(parse(EVEREST))
    part = engine.open_part(cells, engine.place_singles(list(cells)).places)
    first, second = engine.relink(part), engine.relink(part)
    assert first is not second and engine.matrix not in (first, second)
    assert len(first.row_nodes) == len(part.rows)  # its open candidates only
    assert engine.solve(cells) == helpers.engine(helpers.SUDOKU_BOX).solve(cells)


def rows_and_answers(engine: helpers.SudokuEngine, puzzles: np.ndarray) -> list[tuple[int, object]]:
    """What ``engine`` answers to each puzzle, with the rows its search tried."""
    result = []
    for puzzle in puzzles:
        answer = engine.solve(helpers.read_grid(puzzle))
        result.append((engine.rows_tried, answer))
    return result


HARD_AND_EVEREST = np.concatenate([np.load(DATA / "hard_puzzle.npy"), parse(EVEREST)[None]])


@pytest.mark.parametrize("switch", ["cheaper_rows", "skip_unwinding", "reuse_links"])
def test_on_the_hard_category_each_loop_tries_the_same_rows(switch):
    submitted = rows_and_answers(helpers.engine(helpers.SUDOKU_BOX), HARD_AND_EVEREST)
    assert rows_and_answers(step_engine(Optimisations(**{switch: False})), HARD_AND_EVEREST) == submitted
    assert sum(rows for rows, _ in submitted) > 0


def test_the_step_engine_solves_other_sizes():
    engine = step_engine(Optimisations(cheaper_rows=False, half_way_start=False), box=2)
    puzzle = [1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1]
    solution = engine.solve(puzzle)
    assert helpers.is_valid_solution(np.reshape(puzzle, (4, 4)), np.reshape(solution, (4, 4)))
