"""Exact cover beyond sudoku, and counting: ``helpers.AlgorithmX`` on other
problems, and ``tools.puzzles.counting``, which counts a sudoku's solutions for
the command line's ``--count``.

Covers are checked against brute force over every subset of rows and against
published counts: the n-queens counts (OEIS A000170), Langford pairings (OEIS
A014552) and the 288 grids of the 4 x 4 sudoku.  Sudoku counts are also
checked against the textbook search ``textbook.backtracking_count``, which
shares no code with the dancing links.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings

from conftest import exact_cover_problems, snapshot
from helpers import AlgorithmX, SudokuEngine
from textbook import backtracking_count
from tools.puzzles.counting import count_covers, count_solutions
from tools.puzzles.make_data import pattern_grid

QUEENS_COUNTS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92}  # OEIS A000170
LANGFORD_COUNTS = {3: 1, 4: 1, 5: 0, 6: 0, 7: 26}  # OEIS A014552, up to reversal
SUDOKU_4X4_GRIDS = 288  # all 4 x 4 sudoku grids


def queens_matrix(n: int) -> AlgorithmX:
    """n queens as exact cover: a row ``r * n + c`` for a queen on (r, c),
    filling its rank, its file and its two diagonals; each diagonal holds at
    most one queen, so it also has a row of its own that fills it alone,
    taken when no queen does.  A placement of n queens is then one cover."""
    diagonals = 2 * n - 1
    queens = [[r, n + c, 2 * n + r + c, 2 * n + diagonals + r - c + n - 1] for r in range(n) for c in range(n)]
    return AlgorithmX(queens + [[j] for j in range(2 * n, 2 * n + 2 * diagonals)])


def langford_matrix(n: int) -> AlgorithmX:
    """Langford pairings of 1..n: each k twice, k numbers between its copies.
    Columns: the n numbers, then the 2n positions.  A pairing and its
    reversal are distinct covers."""
    return AlgorithmX([[k - 1, n + i, n + i + k + 1] for k in range(1, n + 1) for i in range(2 * n - k - 1)], 3 * n)


def brute_force_covers(rows: list[list[int]], n_columns: int) -> set[tuple[int, ...]]:
    """Every exact cover, by trying all subsets of rows: those that fill each column once."""
    subsets = (chosen for size in range(len(rows) + 1) for chosen in itertools.combinations(range(len(rows)), size))
    return {chosen for chosen in subsets if sorted(j for r in chosen for j in set(rows[r])) == list(range(n_columns))}


@settings(max_examples=100, deadline=None)
@given(exact_cover_problems())
def test_random_problems_have_the_covers_brute_force_finds_each_once(problem):
    rows, n_columns = problem
    covers = list(AlgorithmX(rows, n_columns).search())
    assert sorted(map(tuple, covers)) == sorted(brute_force_covers(rows, n_columns))


@pytest.mark.parametrize(
    "matrix, n, count",
    [
        *((queens_matrix, n, count) for n, count in sorted(QUEENS_COUNTS.items())),
        *((langford_matrix, n, 2 * count) for n, count in sorted(LANGFORD_COUNTS.items())),  # both ways round
    ],
    ids=lambda value: getattr(value, "__name__", None),
)
def test_the_covers_are_as_many_as_published(matrix, n, count):
    assert count_covers(matrix(n).search()) == count


def test_a_count_stops_at_its_limit():
    assert count_covers(queens_matrix(6).search(), limit=1) == 1


def test_a_search_run_to_its_end_puts_every_link_back():
    matrix = queens_matrix(6)
    before = snapshot(matrix)
    assert count_covers(matrix.search()) == QUEENS_COUNTS[6]
    assert snapshot(matrix) == before


def test_a_matrix_refuses_a_name_or_a_row_too_many():
    with pytest.raises(ValueError, match="column names"):
        AlgorithmX([[0, 1]], 3, names="AB")
    for row in ([0, 3], [0, -1]):
        with pytest.raises(ValueError, match="outside 0 to 2"):
            AlgorithmX([row], 3)


# --- Counting a sudoku's solutions -----------------------------------------


def test_the_empty_4x4_has_288_solutions_by_either_count():
    empty = np.zeros((4, 4), dtype=int)
    assert count_solutions(empty, limit=None) == backtracking_count(empty, limit=None) == SUDOKU_4X4_GRIDS


@pytest.mark.parametrize("blanks", [(0,), (0, 5, 10, 15), (0, 1, 4, 5, 8, 9), tuple(range(10))], ids=len)
def test_counts_agree_with_the_textbook_search(blanks):
    puzzle = pattern_grid(2)
    puzzle.flat[list(blanks)] = 0
    assert count_solutions(puzzle, limit=None) == backtracking_count(puzzle, limit=None)


def test_a_puzzle_without_a_solution_counts_0_with_an_engine_given():
    puzzle = pattern_grid(2)
    puzzle[0, 0] = puzzle[0, 1]  # a repeated given
    assert count_solutions(puzzle, engine=SudokuEngine(2)) == backtracking_count(puzzle) == 0


def test_count_solutions_refuses_a_limit_below_one_and_an_engine_of_another_order():
    with pytest.raises(ValueError, match="limit"):
        count_solutions(np.zeros((4, 4), dtype=int), limit=0)
    with pytest.raises(ValueError, match="engine"):
        count_solutions(np.zeros((4, 4), dtype=int), engine=SudokuEngine(3))
