"""The submitted exact-cover engine and sudoku solver: ``helpers.AlgorithmX``
and ``helpers.SudokuEngine`` as ``helpers.solve_sudoku`` runs them.

How the search walks the links: ``relink``, sizes counted along the rings,
the links a stopped search leaves; then the solver at every size it is told,
and no other.  Knuth's S heuristic and the rows tried are in ``test_search.py``.  The covers it finds are checked against
brute force and published counts in ``test_exact_cover.py``; sudoku answers
by ``helpers.is_valid_solution``, which shares no code with the solver.
"""

from __future__ import annotations

import sys
import threading

import numpy as np
import pytest

import helpers
from conftest import KNUTH_COLUMNS, KNUTH_COVER, KNUTH_ROWS, SEVERAL_ROWS, columns_to_cover, snapshot
from helpers import AlgorithmX, is_valid_solution
from tools.paths import DATA
from tools.puzzles.io import read_grids
from tools.puzzles.make_data import random_puzzle


def knuth_matrix() -> AlgorithmX:
    """Knuth's 6 x 7 example, rows numbered from 0."""
    return AlgorithmX(KNUTH_ROWS, len(KNUTH_COLUMNS))


# ---------------------------------------------------------------------------
# The search
# ---------------------------------------------------------------------------


def test_first_solution_is_the_first_cover_as_sorted_rows():
    assert knuth_matrix().first_solution() == KNUTH_COVER


def test_a_matrix_without_a_cover_has_no_first_solution():
    # Column 0 needs row 0 and column 2 needs row 1, but both fill column 1.
    assert AlgorithmX([[0, 1], [1, 2]], 3).first_solution() is None


def test_a_column_no_row_fills_means_no_cover():
    assert AlgorithmX([[0]], 2).first_solution() is None


def test_a_matrix_of_no_columns_has_the_empty_cover():
    assert list(AlgorithmX([]).search()) == [[]]


def test_covers_come_as_sorted_row_lists():
    assert all(cover == sorted(cover) for cover in AlgorithmX(SEVERAL_ROWS, 4).search())


@pytest.mark.parametrize(
    "names, expected", [(["A", "B", "C"], ["A", "B", "C"]), ((), [0, 1, 2])], ids=["given", "default"]
)
def test_columns_carry_the_names_given_or_else_their_index(names, expected):
    assert [column.name for column in AlgorithmX([[0, 2]], names=names).columns] == expected


def test_choose_column_finds_none_when_every_column_is_covered():
    matrix = AlgorithmX([[0, 1]], 2)
    matrix.relink([], [])
    assert matrix.choose_column() is None


# ---------------------------------------------------------------------------
# Links
# ---------------------------------------------------------------------------


def test_relink_holds_only_the_columns_and_rows_given_in_that_order():
    matrix = AlgorithmX(SEVERAL_ROWS, 4)
    matrix.relink([3, 1], [1, 9, 10])
    assert columns_to_cover(matrix) == [matrix.columns[3], matrix.columns[1]]
    assert [matrix.columns[j].size for j in (3, 1)] == [2, 2]
    assert list(matrix.search()) == [[1, 9], [10]]


def test_a_column_size_is_counted_along_its_ring():
    assert [column.size for column in AlgorithmX(SEVERAL_ROWS, 4).columns] == [4, 5, 4, 5]


def test_snapshot_notices_a_covered_column():
    """Guards conftest's ``snapshot``, which the tests of restored links trust."""
    matrix = knuth_matrix()
    before = snapshot(matrix)
    matrix.cover(matrix.columns[0])
    assert snapshot(matrix) != before


def test_relink_restores_the_links_a_stopped_search_left():
    """The submitted ``first_solution`` leaves the links as they are: the next puzzle relinks."""
    matrix = knuth_matrix()
    before = snapshot(matrix)
    matrix.first_solution()
    assert snapshot(matrix) != before
    matrix.relink(range(len(KNUTH_COLUMNS)), range(len(KNUTH_ROWS)))
    assert snapshot(matrix) == before


def test_every_node_the_search_walks_is_of_one_class():
    """The root, the column heads and the 1s, so that each attribute access in
    ``cover`` and ``uncover`` meets one type (see ``ColumnObject``)."""
    matrix = knuth_matrix()
    walked = [matrix.root, *(column.head for column in matrix.columns), *matrix.row_nodes[0]]
    assert {type(node) for node in walked} == {helpers.DancingNode}


def test_heads_and_ones_name_their_column_object():
    matrix = knuth_matrix()
    assert all(column.head.column is column and column.head.row == -1 for column in matrix.columns)
    assert matrix.root.column is not None and matrix.root.row == -1
    assert matrix.row_nodes[0][0].column is matrix.columns[2] and matrix.row_nodes[0][0].row == 0


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


def test_solve_sudoku_answers_threads_right_as_they_take_turns():
    puzzles = [*read_grids(DATA / "hardest_sample.txt")] * 4
    answers = [None] * len(puzzles)

    def solve(first: int) -> None:
        for k in range(first, len(puzzles), 4):
            answers[k] = helpers.solve_sudoku(puzzles[k])

    threads = [threading.Thread(target=solve, args=(first,), daemon=True) for first in range(4)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads swap as often as they can, mid-search
    try:
        for thread in threads:
            thread.start()
        for thread in threads:  # a search on links another thread changed may never end: wait a minute at most
            thread.join(timeout=60 / len(threads))
    finally:
        sys.setswitchinterval(interval)
    assert all(answer is not None and is_valid_solution(p, answer) for p, answer in zip(puzzles, answers))


def test_first_pass_refutes_a_row_with_no_place_for_a_digit():
    puzzle = np.zeros((9, 9), dtype=int)
    puzzle[0, 6:] = (1, 2, 3)  # the 9 of row 0 must go in columns 0..5 ...
    puzzle[1, 0] = puzzle[2, 4] = 9  # ... which the 9s of boxes 0 and 1 rule out
    assert helpers.SudokuEngine(3).place_singles(puzzle.ravel().tolist()) is None
    assert helpers.solve_sudoku(puzzle) is None
