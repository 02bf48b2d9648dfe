"""Exact cover beyond sudoku, and counting: ``helpers.AlgorithmX`` with
secondary columns, and ``tools.cli.exact_cover``, which counts a sudoku's
solutions for the command line's ``--count``.

``exact_cover`` below gives Knuth's secondary columns to the submitted engine,
for these tests alone, so that its covers can be checked against brute force
over every subset of rows and against published counts: the n-queens counts
(OEIS A000170), Langford pairings (OEIS A014552) and the 288 grids of the
4 x 4 sudoku.  Sudoku counts are also checked against the textbook search
``experiment.backtracking_count``, which shares no code with the dancing links.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

import numpy as np
import pytest
from hypothesis import given, settings

from conftest import SEVERAL_ROWS, exact_cover_problems, snapshot
from experiment import backtracking_count
from helpers import AlgorithmX, SudokuEngine
from tools.cli.exact_cover import count_covers, count_solutions
from tools.puzzles.make_data import pattern_grid

QUEENS_COUNTS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92}  # OEIS A000170
LANGFORD_COUNTS = {3: 1, 4: 1, 5: 0, 6: 0, 7: 26}  # OEIS A014552, up to reversal
SUDOKU_4X4_GRIDS = 288  # all 4 x 4 sudoku grids


def exact_cover(rows: Sequence[Iterable[int]], n_columns: int, secondary: Iterable[int] = ()) -> AlgorithmX:
    """``AlgorithmX`` with ``secondary`` columns, which a cover need not fill.
    As in Knuth's paper, a secondary column never enters the list of columns
    to cover, so the search takes a row only to fill a primary column, and
    covering still takes out every other row that shares a secondary column
    with a chosen one: ``relink`` lists the primary columns alone."""
    matrix = AlgorithmX(rows, n_columns)
    secondary = set(secondary)
    matrix.relink([j for j in range(n_columns) if j not in secondary], range(len(rows)))
    return matrix


def queens_matrix(n: int) -> AlgorithmX:
    """n queens as exact cover (Knuth's encoding): ranks and files primary,
    both diagonals secondary; row ``r * n + c`` places a queen on (r, c)."""
    diagonals = 2 * n - 1
    rows = [[r, n + c, 2 * n + r + c, 2 * n + diagonals + r - c + n - 1] for r in range(n) for c in range(n)]
    return exact_cover(rows, 2 * n + 2 * diagonals, secondary=range(2 * n, 2 * n + 2 * diagonals))


def langford_matrix(n: int) -> AlgorithmX:
    """Langford pairings of 1..n: each k twice, k numbers between its copies.
    Columns: the n numbers, then the 2n positions.  A pairing and its
    reversal are distinct covers."""
    return exact_cover([[k - 1, n + i, n + i + k + 1] for k in range(1, n + 1) for i in range(2 * n - k - 1)], 3 * n)


def brute_force_covers(rows: list[list[int]], n_columns: int, secondary: set[int]) -> set[tuple[int, ...]]:
    """Every exact cover, by trying all subsets of rows.  As in Knuth, a row
    with no primary column is never part of a cover."""
    usable = [r for r, row in enumerate(rows) if any(j not in secondary for j in row)]
    covers = set()
    for size in range(len(usable) + 1):
        for chosen in itertools.combinations(usable, size):
            hits = [0] * n_columns
            for r in chosen:
                for j in rows[r]:
                    hits[j] += 1
            if all(hits[j] == 1 for j in range(n_columns) if j not in secondary) and max(hits, default=0) <= 1:
                covers.add(chosen)
    return covers


@settings(max_examples=100, deadline=None)
@given(exact_cover_problems())
def test_random_problems_with_secondary_columns_match_brute_force(problem):
    rows, n_columns, secondary = problem
    covers = list(exact_cover(rows, n_columns, secondary).search())
    assert sorted(map(tuple, covers)) == sorted(brute_force_covers(rows, n_columns, secondary))  # each once


@pytest.mark.parametrize("n, count", sorted(QUEENS_COUNTS.items()))
def test_queens_solution_count(n, count):
    assert count_covers(queens_matrix(n).search()) == count


@pytest.mark.parametrize("n, count", sorted(LANGFORD_COUNTS.items()))
def test_langford_pairings_count(n, count):
    assert count_covers(langford_matrix(n).search()) == 2 * count


def test_a_count_stops_at_its_limit_and_a_restoring_search_puts_every_link_back():
    matrix = queens_matrix(6)
    before = snapshot(matrix)
    assert count_covers(matrix.search(restore=True), limit=1) == 1
    assert snapshot(matrix) == before


def test_a_matrix_has_a_column_for_each_name_and_refuses_a_name_or_a_row_too_many():
    assert [column.name for column in AlgorithmX([[0]], names="ABC").columns] == list("ABC")
    with pytest.raises(ValueError, match="column names"):
        AlgorithmX([[0, 1]], 3, names="AB")
    for row in ([0, 3], [0, -1]):
        with pytest.raises(ValueError, match="outside 0 to 2"):
            AlgorithmX([row], 3)


def test_relink_leaves_a_column_not_listed_out_of_the_search_but_no_two_rows_share_it():
    matrix = AlgorithmX([[0, 2], [1, 2], [0], [1]], 3)
    matrix.relink([0, 1], range(4))  # column 2 secondary: rows 0 and 1 clash there
    assert sorted(matrix.search()) == [[0, 3], [1, 2], [2, 3]]


def test_a_search_started_while_another_is_paused_on_the_matrix_says_so():
    matrix = AlgorithmX([[0], [1]])
    paused = matrix.search()
    next(paused)
    with pytest.raises(RuntimeError, match="paused"):
        next(matrix.search())
    paused.close()
    assert list(matrix.search()) == [[0, 1]]


@pytest.mark.parametrize(
    "columns, rows", [([0, 0, 1], [0, 1]), ([0, 1], [0, 0, 1]), ([-1], [1]), ([0, 2], [0])], ids=str
)
def test_relink_refuses_an_index_repeated_or_out_of_range(columns, rows):
    with pytest.raises(ValueError, match="index once"):
        AlgorithmX([[0], [1]]).relink(columns, rows)


def test_a_paused_search_resumed_after_a_relink_says_so():
    matrix = AlgorithmX(SEVERAL_ROWS, 4)
    paused = matrix.search()
    next(paused)
    matrix.relink(range(4), range(len(SEVERAL_ROWS)))
    with pytest.raises(RuntimeError, match="relinked while this search was paused"):
        next(paused)


def test_a_paused_search_closed_after_a_relink_leaves_the_new_links_alone():
    matrix = AlgorithmX(SEVERAL_ROWS, 4)
    paused = matrix.search()
    next(paused)
    matrix.relink([3, 1], [1, 9, 10])
    relinked = snapshot(matrix)
    paused.close()
    assert snapshot(matrix) == relinked


# --- Counting a sudoku's solutions -----------------------------------------


def test_the_empty_4x4_has_288_solutions():
    assert count_solutions(np.zeros((4, 4), dtype=int), limit=None) == SUDOKU_4X4_GRIDS


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
