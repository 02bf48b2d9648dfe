"""The search for rows of four 1s (``AlgorithmX._search_rows_of_four``) against the generic one.

A sudoku's rows all have four 1s, and so do the n-queens rows; for such a
matrix ``search`` runs a loop written for them, which keeps no column sizes and
leaves a taken row linked in its own columns.  It must search the same tree in
the same order: the same covers, in the same order, with no more rows tried,
and every link and size as it was afterwards.  Stops part-way are tested in
``test_state.py``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import helpers
from conftest import DATA, EVEREST, exact_cover_problems, parse, queens_matrix, snapshot
from helpers import AlgorithmX


@st.composite
def problems_of_four(draw, max_columns: int = 9, max_rows: int = 14):
    """A random exact-cover problem whose rows all have four 1s, some columns secondary.

    Two rows may share any number of columns, unlike a sudoku's.
    """
    n_columns = draw(st.integers(4, max_columns))
    column = st.integers(0, n_columns - 1)
    rows = draw(st.lists(st.lists(column, min_size=4, max_size=4, unique=True), min_size=1, max_size=max_rows))
    secondary = draw(st.sets(column, max_size=2))
    return rows, n_columns, secondary


def both_loops(rows, n_columns, secondary=()) -> tuple[AlgorithmX, AlgorithmX]:
    """The same matrix twice: searched by the generic loop, and by the loop for rows of four."""
    generic, four = AlgorithmX(rows, n_columns, secondary), AlgorithmX(rows, n_columns, secondary)
    generic.use_rows_of_four = False
    return generic, four


def test_a_sudoku_matrix_and_queens_have_rows_of_four():
    assert helpers.engine(helpers.SUDOKU_BOX).matrix.rows_of_four
    assert helpers.engine(2).matrix.rows_of_four
    assert queens_matrix(5).rows_of_four


@pytest.mark.parametrize("rows", [[[0, 1, 2, 3], [0, 1, 2]], [[0, 1, 2, 3, 4]], []])
def test_a_matrix_with_a_row_of_another_length_searches_with_the_generic_loop(rows):
    matrix = AlgorithmX(rows, 5)
    assert not matrix.rows_of_four
    assert matrix._search_loop()[0] == matrix._search


def test_the_loop_for_rows_of_four_is_the_default_where_it_applies():
    matrix = queens_matrix(5)
    assert matrix._search_loop()[0] == matrix._search_rows_of_four
    matrix.use_rows_of_four = False
    assert matrix._search_loop()[0] == matrix._search


@settings(max_examples=300, deadline=None)
@given(problems_of_four())
def test_both_loops_find_the_same_covers_in_the_same_order(problem):
    generic, four = both_loops(*problem)
    assert list(four.search()) == list(generic.search())


@settings(max_examples=300, deadline=None)
@given(problems_of_four())
def test_the_loop_for_rows_of_four_never_tries_more_rows(problem):
    generic, four = both_loops(*problem)
    assert four.first_solution() == generic.first_solution()
    assert four.rows_tried <= generic.rows_tried


@settings(max_examples=150, deadline=None)
@given(problems_of_four())
def test_without_watching_the_emptied_columns_both_loops_agree(problem):
    generic, four = both_loops(*problem)
    generic.watch_emptied = four.watch_emptied = False
    assert list(four.search()) == list(generic.search())
    assert four.rows_tried == generic.rows_tried


@settings(max_examples=150, deadline=None)
@given(problems_of_four(), st.integers(0, 3))
def test_links_and_sizes_are_restored_after_a_search_by_rows_of_four(problem, stop_after):
    matrix = AlgorithmX(*problem)
    before = snapshot(matrix)
    list(matrix.search())
    assert snapshot(matrix) == before
    matrix.first_solution()
    assert snapshot(matrix) == before
    matrix.count_solutions(limit=stop_after + 1)
    assert snapshot(matrix) == before


@settings(max_examples=200, deadline=None)
@given(exact_cover_problems(max_columns=8, max_rows=12, max_ones=4), st.randoms(use_true_random=False))
def test_choosing_by_links_takes_the_column_choose_column_takes(problem, rng):
    rows, n_columns, secondary = problem
    matrix = AlgorithmX(rows, n_columns, secondary)
    primary = list(matrix.primary)
    rng.shuffle(primary)  # any header order
    matrix.activate(primary, range(len(rows)))
    assert matrix.choose_column_by_links() is matrix.choose_column()


def test_choosing_by_links_counts_the_rows_when_every_column_holds_three():
    rows = [[0, 1, 2, 3], [0, 1, 2, 4], [0, 1, 2, 5], [3, 4, 5, 6], [3, 4, 5, 7], [3, 4, 5, 8]]
    matrix = AlgorithmX(rows, 9)
    matrix.activate([8, 0, 3], range(len(rows)))  # sizes 1, 3, 4: a forced column comes last
    assert matrix.choose_column_by_links() is matrix.columns[8]
    matrix.activate([3, 0], range(len(rows)))  # sizes 4, 3: none forced, none of size 2
    assert matrix.choose_column_by_links() is matrix.columns[0] is matrix.choose_column()


def test_an_empty_secondary_column_is_no_dead_end():
    # Taking row 0 unlinks row 1 from its other columns and leaves secondary column 7 empty.
    matrix = AlgorithmX([[0, 1, 2, 3], [0, 1, 2, 7]], 8, secondary=[7])
    helpers.cover_row_of_four(matrix.row_nodes[0][0], matrix.emptied)
    assert matrix.emptied == [matrix.columns[7]]
    assert helpers._dead_end(matrix.emptied) is None


def test_a_dead_end_noted_by_a_cover_is_seen():
    # Taking row 0 leaves column 5 without rows: row 1 was its only one.
    matrix = AlgorithmX([[0, 1, 2, 3], [0, 5, 6, 7], [4, 5, 6, 7]], 8)
    helpers.cover_row_of_four(matrix.row_nodes[0][0], matrix.emptied)
    assert helpers._dead_end(matrix.emptied) is None  # column 5 still has row 2
    matrix = AlgorithmX([[0, 1, 2, 3], [0, 5, 6, 7], [4, 6, 7, 8]], 9)
    helpers.cover_row_of_four(matrix.row_nodes[0][0], matrix.emptied)
    assert helpers._dead_end(matrix.emptied) is matrix.columns[5]


def test_uncover_row_of_four_undoes_cover_row_of_four():
    matrix = queens_matrix(5)
    before = snapshot(matrix)
    for node in (matrix.row_nodes[7][0], matrix.row_nodes[12][2]):
        helpers.cover_row_of_four(node, matrix.emptied)
        helpers.uncover_row_of_four(node)
        assert snapshot(matrix) == before


@pytest.fixture
def engine_generic():
    """The shared 9 x 9 engine searching with the generic loop; the default afterwards."""
    engine = helpers.engine(helpers.SUDOKU_BOX)
    engine.optimisations = helpers.Optimisations(rows_of_four=False)
    yield engine
    engine.optimisations = helpers.Optimisations()


def rows_and_answers(engine: helpers.SudokuEngine, puzzles: np.ndarray) -> list[tuple[int, object]]:
    result = []
    for puzzle in puzzles:
        answer = engine.solve(puzzle.ravel().tolist())
        result.append((engine.rows_tried, answer))
    return result


def test_on_the_hard_category_both_loops_try_the_same_rows(engine_generic):
    puzzles = np.concatenate([np.load(DATA / "hard_puzzle.npy"), parse(EVEREST)[None]])
    generic = rows_and_answers(engine_generic, puzzles)
    engine_generic.optimisations = helpers.Optimisations()
    four = rows_and_answers(engine_generic, puzzles)
    assert four == generic
    assert sum(rows for rows, _ in four) > 0
