"""The submitted exact-cover engine and sudoku solver: ``helpers.AlgorithmX``
and ``helpers.SudokuEngine`` as ``helpers.solve_sudoku`` runs them.

How the search walks the links: ``restrict`` and ``link``, sizes counted
along the rings, a search abandoned at a cover harming none after it; then
the solver at every size it is told,
and no other; and that nothing is kept between calls: ``solve_sudoku`` makes
an engine of its own each time, and helpers.py binds no module-level name to
a value that can change.  Knuth's S heuristic and the rows tried are in
``test_search.py``.  The covers it finds are checked against brute force and
published counts in ``test_exact_cover.py``; sudoku answers by
``helpers.is_valid_solution``, which shares no code with the solver.
"""

from __future__ import annotations

import numpy as np
import pytest

import helpers
from conftest import (
    EVEREST,
    EVEREST_SOLUTION,
    KNUTH_COLUMNS,
    KNUTH_COVER,
    KNUTH_ROWS,
    SEVERAL_ROWS,
    columns_to_cover,
    parse,
    snapshot,
)
from helpers import AlgorithmX, is_valid_solution
from tools.puzzles.make_data import random_puzzle


def knuth_matrix() -> AlgorithmX:
    """Knuth's 6 x 7 example, rows numbered from 0."""
    return AlgorithmX(KNUTH_ROWS, len(KNUTH_COLUMNS))


# ---------------------------------------------------------------------------
# The search
# ---------------------------------------------------------------------------


def test_a_matrix_of_no_columns_has_the_empty_cover():
    assert list(AlgorithmX([]).search()) == [[]]


@pytest.mark.parametrize(
    "names, expected", [(["A", "B", "C"], ["A", "B", "C"]), ((), [0, 1, 2])], ids=["given", "default"]
)
def test_columns_carry_the_names_given_or_else_their_index(names, expected):
    assert [column.name for column in AlgorithmX([[0, 2]], names=names).columns] == expected


def test_choose_column_finds_none_when_every_column_is_covered():
    matrix = AlgorithmX([[0, 1]], 2)
    matrix.restrict([], [])
    matrix.link()
    assert matrix.choose_column() is None


# ---------------------------------------------------------------------------
# Links
# ---------------------------------------------------------------------------


def test_link_holds_only_the_columns_and_rows_restrict_gave_in_that_order():
    matrix = AlgorithmX(SEVERAL_ROWS, 4)
    matrix.restrict([3, 1], [1, 9, 10])
    matrix.link()
    assert columns_to_cover(matrix) == [matrix.columns[3], matrix.columns[1]]
    assert [matrix.columns[j].size for j in (3, 1)] == [2, 2]


def test_a_search_solves_the_part_restrict_gave():
    matrix = AlgorithmX(SEVERAL_ROWS, 4)
    matrix.restrict([3, 1], [1, 9, 10])
    assert list(matrix.search()) == [[1, 9], [10]]


def test_a_column_size_is_counted_along_its_ring():
    assert [column.size for column in AlgorithmX(SEVERAL_ROWS, 4).columns] == [4, 5, 4, 5]


def test_a_search_abandoned_at_a_cover_leaves_its_rows_taken():
    matrix = knuth_matrix()
    before = snapshot(matrix)
    assert matrix.first_solution() == KNUTH_COVER
    assert snapshot(matrix) != before and columns_to_cover(matrix) == []


def test_a_search_after_an_abandoned_one_starts_from_fresh_links():
    matrix = AlgorithmX(SEVERAL_ROWS, 4)
    every = list(matrix.search())
    abandoned = matrix.search()
    next(abandoned)
    next(abandoned)
    assert list(matrix.search()) == every


def test_every_node_the_search_walks_is_of_one_class():
    """The root, the column heads and the 1s, so that each attribute access in
    ``cover`` and ``uncover`` meets one type (see ``ColumnObject``)."""
    matrix = knuth_matrix()
    walked = [matrix.root, *(column.head for column in matrix.columns), *(node for node, _ in matrix.row_links[0])]
    assert {type(node) for node in walked} == {helpers.DancingNode}


def test_heads_and_ones_name_their_column_object():
    matrix = knuth_matrix()
    assert all(column.head.column is column and column.head.row == -1 for column in matrix.columns)
    assert matrix.root.column is not None and matrix.root.row == -1
    first, head = matrix.row_links[0][0]
    assert first.column is matrix.columns[2] and head is matrix.columns[2].head and first.row == 0


# ---------------------------------------------------------------------------
# The sudoku solver at every size
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "box, given_share",
    [
        pytest.param(2, 0.4, id="4x4"),
        pytest.param(3, 0.4, id="9x9"),
        pytest.param(4, 0.4, id="16x16-40%"),
        pytest.param(5, 0.5, id="25x25-50%"),
    ],
)
def test_solve_sudoku_solves_any_size_it_is_told(box, given_share):
    """On a shuffled pattern grid with a share of its cells kept, made without the solver."""
    puzzle = random_puzzle(box, given_share, np.random.default_rng(0))
    assert is_valid_solution(puzzle, helpers.solve_sudoku(puzzle, size=box * box))


@pytest.mark.parametrize("size", [0, 2, 10, 12])
def test_solve_sudoku_refuses_a_size_that_is_not_a_square(size):
    with pytest.raises(ValueError, match="square"):
        helpers.solve_sudoku(np.zeros((size, size), dtype=int), size)


def test_first_pass_refutes_a_row_with_no_place_for_a_digit():
    puzzle = np.zeros((9, 9), dtype=int)
    puzzle[0, 6:] = (1, 2, 3)  # the 9 of row 0 must go in columns 0..5 ...
    puzzle[1, 0] = puzzle[2, 4] = 9  # ... which the 9s of boxes 0 and 1 rule out
    assert helpers.SudokuEngine(3).place_forced_digits(puzzle.ravel().tolist()) is None
    assert helpers.solve_sudoku(puzzle) is None


def test_an_engine_solves_right_after_a_search_of_its_matrix_was_abandoned_half_way():
    engine = helpers.SudokuEngine(2)
    cells = [0] * 16  # the empty 4 x 4: propagation places nothing, and it has 288 solutions
    abandoned = engine.matrix_for(engine.open_part(cells, engine.place_forced_digits(cells).places)).search()
    for _ in range(3):
        next(abandoned)
    grid = np.array(engine.solve([1, 2, 3, 4] + [0] * 12).grid).reshape(4, 4)
    assert is_valid_solution(np.array([1, 2, 3, 4] + [0] * 12).reshape(4, 4), grid)


@pytest.mark.parametrize(
    "cells, message",
    [
        ([1.0] + [0] * 80, "ints"),
        ([True] + [0] * 80, "ints"),
        (["1"] + [0] * 80, "ints"),
        ([0] * 80, "expected 81 cells, got 80"),
    ],
    ids=["a float", "a bool", "a str", "80 cells"],
)
def test_an_engine_refuses_a_cell_that_is_not_an_int_or_a_grid_of_another_length(cells, message):
    with pytest.raises(ValueError, match=message):
        helpers.SudokuEngine(3).solve(cells)


@pytest.mark.parametrize("value", [10, -1])
def test_an_engine_finds_no_solution_for_a_cell_outside_0_to_9(value):
    assert helpers.SudokuEngine(3).solve([value] + [0] * 80) == helpers.Answer(None, 0)


# ---------------------------------------------------------------------------
# Nothing kept between calls
# ---------------------------------------------------------------------------


def test_solve_sudoku_answers_right_whatever_it_solved_before():
    """Everest between calls of another answer and another size: the same solution each time."""
    clash = np.zeros((9, 9), dtype=int)
    clash[0, 0] = clash[0, 1] = 1
    calls = [
        (parse(EVEREST), 9),
        (clash, 9),
        (parse(EVEREST), 9),
        (np.zeros((4, 4), dtype=int), 4),
        (parse(EVEREST), 9),
    ]
    answers = [helpers.solve_sudoku(puzzle, size) for puzzle, size in calls]
    assert answers[1] is None and is_valid_solution(calls[3][0], answers[3])
    assert all(np.array_equal(answers[k], parse(EVEREST_SOLUTION)) for k in (0, 2, 4))


def test_the_cached_rows_of_the_matrix_cannot_be_changed_by_whoever_reads_them():
    rows = helpers.exact_cover_rows(3)
    assert isinstance(rows, tuple) and all(isinstance(row, tuple) for row in rows)
    assert all(isinstance(column, int) for row in rows for column in row)
