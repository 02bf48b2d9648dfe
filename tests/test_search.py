"""The search side of the engine: rows tried, dead ends seen at once, the column order.

Each new way of searching must leave answers, counts and links as plain
dancing links leaves them; only the rows tried (and the time) may change.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings

import helpers
from conftest import ROOT, exact_cover_problems, snapshot
from helpers import AlgorithmX

HARD = np.load(ROOT / "data" / "hard_puzzle.npy")
#: a puzzle that needs a search (Arto Inkala's "Everest"); unique
EVEREST = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


def grid(line: str) -> np.ndarray:
    return np.array([int(ch) for ch in line]).reshape(9, 9)


# --- rows tried ---------------------------------------------------------------


def test_rows_tried_counts_the_rows_of_a_search_without_branches():
    # Every column is forced: the search takes the two rows of the cover, no more.
    matrix = AlgorithmX([[0, 1], [2]], 3)
    matrix.first_solution()
    assert matrix.rows_tried == 2


def test_rows_tried_counts_the_rows_of_a_dead_branch_too():
    # The search branches on column 0: row 0 leaves column 2 empty, so it
    # backtracks and takes row 1, then row 3 (forced).
    matrix = AlgorithmX([[0, 1], [0, 2], [1, 2], [1]], 3)
    assert matrix.first_solution() == [1, 3]
    assert matrix.rows_tried == 3


def test_a_solve_that_needs_no_search_tries_no_rows():
    engine = helpers.engine(helpers.SUDOKU_BOX)
    engine.solve(helpers.read_grid(HARD[0])[1])  # a search first, so the count is not left at 0 by chance
    very_easy = np.load(ROOT / "data" / "very_easy_puzzle.npy")[0]
    engine.solve(helpers.read_grid(very_easy)[1])
    assert engine.rows_tried == 0


def test_the_engine_reports_the_rows_of_its_search():
    engine = helpers.engine(helpers.SUDOKU_BOX)
    engine.solve(helpers.read_grid(grid(EVEREST))[1])
    assert engine.rows_tried == engine.matrix.rows_tried > 0


# --- dead ends seen at once ------------------------------------------------------

#: Branching on column 0, row 0 empties column 4 while column 2 is left with
#: one row: the S heuristic would take that forced row before it reached
#: column 4.  The only cover is rows 1, 3, 5.
DEAD_END_ROWS = [[0, 3], [0, 4], [3, 4], [2, 3], [1, 2], [1]]


def test_cover_notes_the_columns_it_empties():
    matrix = AlgorithmX(DEAD_END_ROWS, 5)
    helpers.cover(matrix.columns[0])  # takes row 1 out of column 4, which keeps row 2
    helpers.cover(matrix.columns[3])  # takes row 2 out of column 4: empty now
    assert matrix.emptied == [matrix.columns[4]]


def test_a_dead_end_is_seen_before_a_forced_row_is_taken():
    matrix = AlgorithmX(DEAD_END_ROWS, 5)
    assert matrix.first_solution() == [1, 3, 5]
    assert matrix.rows_tried == 4


def test_a_search_that_meets_a_dead_end_leaves_the_links_restored():
    matrix = AlgorithmX(DEAD_END_ROWS, 5)
    before = snapshot(matrix)
    list(matrix.search())
    assert snapshot(matrix) == before


def test_without_watching_the_emptied_columns_the_search_takes_the_forced_row_first():
    matrix = AlgorithmX(DEAD_END_ROWS, 5)
    matrix.watch_emptied = False
    assert matrix.first_solution() == [1, 3, 5]
    assert matrix.rows_tried == 5


@settings(max_examples=150, deadline=None)
@given(exact_cover_problems(max_columns=7, max_rows=12, max_ones=4))
def test_watching_the_emptied_columns_never_changes_the_covers(problem):
    rows, n_columns, secondary = problem
    matrix = AlgorithmX(rows, n_columns, secondary)
    watched = sorted(matrix.search())
    matrix.watch_emptied = False
    assert sorted(matrix.search()) == watched


def test_a_covered_column_noted_as_emptied_is_no_dead_end():
    matrix = AlgorithmX([[0, 1]], 2)
    helpers.cover(matrix.columns[0])  # empties column 1, the row's own other column
    helpers.cover(matrix.columns[1])  # which taking the row covers
    assert matrix.emptied and helpers._dead_end(matrix.emptied) is None


def test_an_empty_secondary_column_is_no_dead_end():
    matrix = AlgorithmX([[0, 1], [2]], 3, secondary=[1])
    helpers.cover(matrix.columns[0])  # empties secondary column 1
    assert matrix.emptied and helpers._dead_end(matrix.emptied) is None


def header_sizes(matrix: AlgorithmX) -> list[tuple[object, int]]:
    columns, col = [], matrix.root.right
    while col is not matrix.root:
        columns.append((col.name, col.size))
        col = col.right
    return columns


# --- the engine's column order -------------------------------------------------


def linked_order(box: int, puzzle: np.ndarray, **switches: bool) -> tuple[list[int], list[list[int]]]:
    """The header list the engine links for ``puzzle``, and ``_load``'s families."""
    engine = helpers.engine(box)
    engine.optimisations = helpers.Optimisations(**switches)
    try:
        cells = helpers.read_grid(puzzle)[1]
        state = engine.place_singles(cells)
        matrix, primary, open_rows, _ = engine._load(cells, state[1])
        engine._link(matrix, primary, open_rows)
    finally:
        engine.optimisations = helpers.Optimisations()
    return [name for name, _ in header_sizes(matrix)], primary


def test_a_9x9_search_begins_each_family_half_way():
    order, families = linked_order(helpers.SUDOKU_BOX, grid(EVEREST))
    assert order == helpers.column_order(families, helpers.FAMILY_START)


def test_without_its_switch_a_9x9_search_keeps_the_order_of_load():
    order, families = linked_order(helpers.SUDOKU_BOX, grid(EVEREST), half_way_start=False)
    assert order == sum(families, [])


def test_larger_grids_keep_the_plain_order():
    puzzle = np.zeros((16, 16), dtype=int)
    puzzle[0, :4] = [1, 2, 3, 4]
    order, families = linked_order(4, puzzle)
    assert order == sum(families, [])
