"""Knuth's search as the engine runs it: the S heuristic exactly, cover and
uncover by column, the rows a search tries, and the column order of a sudoku.

The reference is Algorithm X written here on sets, apart from the engine:
the first column of least size, in the order of the columns, its rows in
the order of the rows.  The engine must try the same rows.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

import helpers
from conftest import EVEREST, columns_to_cover, exact_cover_problems, parse, snapshot
from helpers import AlgorithmX, SudokuEngine


def least_size_search(rows: list[list[int]], n_columns: int) -> tuple[list[int], list[int] | None]:
    """Algorithm X on sets: the columns it branches on that still have rows,
    in order, and its first solution (sorted rows), or None.  The notebook
    writes the same reference for its reader; the tests keep their own on
    purpose, so that no test rests on the notebook's code."""
    chosen: list[int] = []

    def search(columns: set[int], open_rows: set[int], taken: list[int]) -> list[int] | None:
        if not columns:
            return sorted(taken)
        sizes = {j: sum(j in rows[r] for r in open_rows) for j in sorted(columns)}
        column = min(sizes, key=sizes.__getitem__)  # the first of least size
        if sizes[column]:
            chosen.append(column)
        for r in sorted(r for r in open_rows if column in rows[r]):
            filled = set(rows[r])
            found = search(columns - filled, {s for s in open_rows if not filled & set(rows[s])}, [*taken, r])
            if found is not None:
                return found
        return None

    return chosen, search(set(range(n_columns)), set(range(len(rows))), [])


def wrong_choices_on_sets(rows: list[list[int]], n_columns: int) -> int:
    """Algorithm X on sets again: how many rows it takes from a column of two
    rows or more (a choice) that lead to no solution, before its first."""
    wrong = 0

    def search(columns: set[int], open_rows: set[int]) -> bool:
        nonlocal wrong
        if not columns:
            return True
        sizes = {j: sum(j in rows[r] for r in open_rows) for j in sorted(columns)}
        column = min(sizes, key=sizes.__getitem__)
        for r in sorted(r for r in open_rows if column in rows[r]):
            if search(columns - set(rows[r]), {s for s in open_rows if not set(rows[r]) & set(rows[s])}):
                return True
            wrong += sizes[column] >= 2
        return False

    search(set(range(n_columns)), set(range(len(rows))))
    return wrong


@settings(max_examples=200, deadline=None)
@given(exact_cover_problems(max_columns=8, max_rows=12))
def test_the_search_counts_the_wrong_choices_that_algorithm_x_on_sets_counts(problem):
    rows, n_columns, _ = problem
    matrix = AlgorithmX(rows, n_columns)
    matrix.first_solution()
    assert matrix.wrong_choices == wrong_choices_on_sets(rows, n_columns)


class Recording(AlgorithmX):
    """The engine's search, noting each column it branches on that still has rows."""

    def choose_column(self) -> helpers.ColumnObject | None:
        column = super().choose_column()
        if column is not None and column.size:
            self.chosen.append(column.name)
        return column


@settings(max_examples=300, deadline=None)
@given(exact_cover_problems(max_columns=8, max_rows=12))
def test_the_search_branches_as_knuths_least_size_rule_on_any_matrix(problem):
    """Random matrices, some with columns no row fills: the same columns
    chosen step by step, and so the same rows tried and the same solution."""
    rows, n_columns, _ = problem
    matrix = Recording(rows, n_columns)
    matrix.chosen = []
    found = matrix.first_solution()
    assert (matrix.chosen, found) == least_size_search([sorted(set(row)) for row in rows], n_columns)


def test_choose_column_takes_an_empty_column_before_an_earlier_one_of_one_row():
    matrix = AlgorithmX([[0, 1], [1]], 3)  # column 0 has one row, column 2 none
    assert matrix.choose_column() is matrix.columns[2]


def test_choose_column_takes_the_first_of_least_size():
    rows = [[0, 1, 2, 3], [0, 1, 2, 4], [0, 1, 2, 5], [3, 4, 5, 6], [3, 4, 5, 7], [3, 4, 5, 8]]
    matrix = AlgorithmX(rows, 9)
    matrix.relink([8, 0, 3], range(len(rows)))  # sizes 1, 3, 4
    assert matrix.choose_column() is matrix.columns[8]
    matrix.relink([3, 0], range(len(rows)))  # sizes 4, 3: none of one or two rows
    assert matrix.choose_column() is matrix.columns[0]


def test_uncover_undoes_cover_exactly():
    matrix = AlgorithmX([[0, 3], [0, 4], [3, 4], [2, 3], [1, 2], [1]], 5)
    before = snapshot(matrix)
    for j in (0, 3, 2):
        matrix.cover(matrix.columns[j])
    for j in (2, 3, 0):
        matrix.uncover(matrix.columns[j])
    assert snapshot(matrix) == before


def test_rows_tried_counts_the_rows_of_a_dead_branch_too():
    # Column 0 first: row 0 leaves column 2 empty, so the search backs up to row 1, then takes row 3.
    matrix = AlgorithmX([[0, 1], [0, 2], [1, 2], [1]], 3)
    assert matrix.first_solution() == [1, 3] and matrix.rows_tried == 3


def test_a_solve_that_needs_no_search_tries_no_rows():
    very_easy = np.load("data/very_easy_puzzle.npy")[0]
    assert SudokuEngine(3).solve(helpers.read_grid(very_easy)).rows_tried == 0


def test_the_engine_reports_the_rows_of_its_search():
    engine = SudokuEngine(3)
    answer = engine.solve(helpers.read_grid(parse(EVEREST)))
    assert answer.rows_tried == engine.matrix.rows_tried > 0


def test_a_search_stopped_with_restore_leaves_the_links_as_it_found_them():
    matrix = AlgorithmX([[0, 3], [0, 4], [3, 4], [2, 3], [1, 2], [1]], 5)
    before = snapshot(matrix)
    assert matrix.first_solution(restore=True) == [1, 3, 5]
    assert snapshot(matrix) == before


def test_a_search_run_to_its_end_leaves_the_links_as_it_found_them():
    matrix = AlgorithmX([[0, 3], [0, 4], [3, 4], [2, 3], [1, 2], [1]], 5)
    before = snapshot(matrix)
    assert list(matrix.search()) == [[1, 3, 5]]
    assert snapshot(matrix) == before


# --- the engine's column order -------------------------------------------------


def linked_order(engine: SudokuEngine, puzzle: np.ndarray) -> tuple[list[int], list[list[int]]]:
    """The list of columns ``engine`` links for ``puzzle``, and ``open_part``'s families."""
    cells = helpers.read_grid(puzzle, puzzle.shape[0])
    part = engine.open_part(cells, engine.place_singles(cells).places)
    return [column.name for column in columns_to_cover(engine.relink(part))], part.columns


@pytest.mark.parametrize("box", [3, 4])
def test_a_search_lists_the_open_columns_family_after_family_in_the_random_tie_order(box):
    puzzle = parse(EVEREST) if box == 3 else np.array([[1, 2, 3, 4, *[0] * 12], *[[0] * 16] * 15])
    order, families = linked_order(SudokuEngine(box), puzzle)
    assert order == sum(families, []) == [j for j in helpers.random_order(helpers.ORDER_SEED, box) if j in set(order)]


def test_an_engine_lists_the_columns_in_the_order_it_is_given():
    backwards = [j for family in range(4) for j in reversed(range(81 * family, 81 * (family + 1)))]
    order, _ = linked_order(SudokuEngine(3, order=backwards), parse(EVEREST))
    assert order == [j for j in backwards if j in set(order)]


@pytest.mark.parametrize("order", [list(range(323)), [1, 0, *range(2, 324)][::-1], [81, *range(81), *range(82, 324)]])
def test_an_order_that_does_not_list_every_column_once_family_after_family_is_refused(order):
    with pytest.raises(ValueError, match="tie order"):
        SudokuEngine(3, order=order)
