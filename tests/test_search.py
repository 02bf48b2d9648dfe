"""The search side of the engine: rows tried, dead ends seen at once, the column order.

Each new way of searching must leave answers, counts and links as plain
dancing links leaves them; only the rows tried (and the time) may change.
The rungs of the ladder, which take these ideas out again, are tested in
``test_ladder.py``.
"""

from __future__ import annotations

import numpy as np

import helpers
from conftest import DATA, EVEREST, columns_to_cover, parse, snapshot
from helpers import AlgorithmX

# --- rows tried ---------------------------------------------------------------


def test_rows_tried_counts_the_rows_of_a_dead_branch_too():
    # The search branches on column 0: row 0 leaves column 2 empty, so it
    # backtracks and takes row 1, then row 3 (forced).
    matrix = AlgorithmX([[0, 1], [0, 2], [1, 2], [1]], 3)
    assert matrix.first_solution() == [1, 3]
    assert matrix.rows_tried == 3


def test_a_solve_that_needs_no_search_tries_no_rows():
    engine = helpers.engine(helpers.SUDOKU_BOX)
    very_easy = np.load(DATA / "very_easy_puzzle.npy")[0]
    assert engine.solve(helpers.read_grid(very_easy)).rows_tried == 0


def test_the_engine_reports_the_rows_of_its_search():
    engine = helpers.engine(helpers.SUDOKU_BOX)
    answer = engine.solve(helpers.read_grid(parse(EVEREST)))
    assert answer.rows_tried == engine.matrix.rows_tried > 0


def test_an_unwound_search_leaves_the_links_as_it_found_them():
    matrix = AlgorithmX(DEAD_END_ROWS, 5)
    before = snapshot(matrix)
    assert matrix.first_solution(unwind=True) == [1, 3, 5]
    assert snapshot(matrix) == before


# --- dead ends seen at once ------------------------------------------------------

#: Branching on column 0, row 0 empties column 4 while column 2 is left with
#: one row: the S heuristic would take that forced row before it reached
#: column 4.  The only cover is rows 1, 3, 5.
DEAD_END_ROWS = [[0, 3], [0, 4], [3, 4], [2, 3], [1, 2], [1]]


def test_cover_notes_the_columns_it_empties_and_dead_end_finds_one_still_to_cover():
    matrix = AlgorithmX(DEAD_END_ROWS, 5)
    emptied: list = []
    # Taking row 0: covering column 0 takes row 1 out of column 4, which keeps
    # row 2; covering column 3 takes row 2 out of it: empty now.
    helpers.cover(matrix.row_nodes[0][0], emptied)
    assert emptied == [matrix.columns[4]] and AlgorithmX.dead_end(emptied) is matrix.columns[4]


def test_a_dead_end_is_seen_before_a_forced_row_is_taken():
    matrix = AlgorithmX(DEAD_END_ROWS, 5)
    assert matrix.first_solution() == [1, 3, 5]
    assert matrix.rows_tried == 4


def test_a_search_that_meets_a_dead_end_leaves_the_links_restored():
    matrix = AlgorithmX(DEAD_END_ROWS, 5)
    before = snapshot(matrix)
    list(matrix.search())
    assert snapshot(matrix) == before


def test_a_column_that_still_has_rows_is_no_dead_end():
    # Taking row 0 leaves column 5 with row 2: row 1 was not its only one.
    matrix = AlgorithmX([[0, 1, 2, 3], [0, 5, 6, 7], [4, 5, 6, 7]], 8)
    emptied: list = []
    helpers.cover(matrix.row_nodes[0][0], emptied)
    assert emptied == [] and AlgorithmX.dead_end(matrix.columns[4:]) is None


def test_an_empty_column_left_out_of_the_list_is_no_dead_end():
    matrix = AlgorithmX([[0]], 2)  # column 1 has no rows
    assert AlgorithmX.dead_end([matrix.columns[1]]) is matrix.columns[1]
    matrix.relink([0], [0])  # column 1 is no longer to cover
    assert AlgorithmX.dead_end([matrix.columns[1]]) is None


# --- the engine's column order -------------------------------------------------


def header_names(matrix: AlgorithmX) -> list[object]:
    """The names of the columns still to cover, in the order of the list from the root."""
    return [column.name for column in columns_to_cover(matrix)]


def linked_order(engine: helpers.SudokuEngine, puzzle: np.ndarray) -> tuple[list[int], list[list[int]]]:
    """The list of columns ``engine`` links for ``puzzle``, and ``open_part``'s families."""
    cells = helpers.read_grid(puzzle, puzzle.shape[0])
    singles = engine.place_singles(cells)
    part = engine.open_part(cells, singles.places)
    return header_names(engine.relink(part)), part.columns


def half_way(families: list[list[int]]) -> list[int]:
    """Each family from its middle (rounded down), wrapping round."""
    return [j for family in families for j in family[len(family) // 2 :] + family[: len(family) // 2]]


def test_a_9x9_search_begins_each_family_half_way():
    order, families = linked_order(helpers.engine(helpers.SUDOKU_BOX), parse(EVEREST))
    assert order == half_way(families) != sum(families, [])


def test_before_half_way_start_a_9x9_search_keeps_the_order_of_open_part():
    order, families = linked_order(helpers.Rung(helpers.IDEAS.index("half-way start")), parse(EVEREST))
    assert order == sum(families, [])


def test_larger_grids_keep_the_plain_order():
    puzzle = np.zeros((16, 16), dtype=int)
    puzzle[0, :4] = [1, 2, 3, 4]
    order, families = linked_order(helpers.engine(4), puzzle)
    assert order == sum(families, [])
