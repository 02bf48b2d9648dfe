"""Exact cover beyond sudoku, and counting: ``tools.cli.exact_cover``.

``ExactCover`` adds secondary columns, checked input and counting to the
submitted ``helpers.AlgorithmX``; ``count_solutions`` counts a sudoku's
solutions through ``helpers.engine``.  Counts are checked against brute force
over every subset of rows, against published values (Knuth's example from
"Dancing Links", arXiv:cs/0011047; the n-queens counts, OEIS A000170; Langford
pairings, OEIS A014552; the 288 grids of the 4 x 4 sudoku) and against the
textbook search ``helpers.backtracking_count``, which shares no code with the
dancing links.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings

from conftest import KNUTH_COLUMNS, KNUTH_COVER, KNUTH_ROWS, SEVERAL_ROWS, exact_cover_problems, snapshot
from helpers import AlgorithmX, backtracking_count
from tools.cli.exact_cover import ExactCover, count_covers, count_solutions
from tools.puzzles.make_data import pattern_grid

QUEENS_COUNTS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92}  # OEIS A000170
LANGFORD_COUNTS = {3: 1, 4: 1, 5: 0, 6: 0, 7: 26}  # OEIS A014552, up to reversal
SUDOKU_4X4_GRIDS = 288  # all 4 x 4 sudoku grids


def queens_matrix(n: int) -> ExactCover:
    """n queens as exact cover (Knuth's encoding): ranks
    and files primary, both diagonals secondary; row ``r * n + c`` places a
    queen on (r, c).  Every row has four 1s."""
    diagonals = 2 * n - 1
    rows = [[r, n + c, 2 * n + r + c, 2 * n + diagonals + r - c + n - 1] for r in range(n) for c in range(n)]
    n_columns = 2 * n + 2 * diagonals
    return ExactCover(rows, n_columns, secondary=range(2 * n, n_columns))


def brute_force_covers(
    rows: list[list[int]], n_columns: int, secondary: set[int] | frozenset[int] = frozenset()
) -> set[tuple[int, ...]]:
    """Every exact cover, by trying all subsets of rows.

    As in Knuth, a row with no primary column is never part of a cover: the
    search only ever takes rows to fill primary columns.
    """
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


# ---------------------------------------------------------------------------
# Covers found and counted
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("matrix_class", [AlgorithmX, ExactCover])
def test_knuth_example_has_the_single_cover_of_the_paper(matrix_class):
    assert list(matrix_class(KNUTH_ROWS, len(KNUTH_COLUMNS)).search()) == [KNUTH_COVER]


@settings(max_examples=100, deadline=None)
@given(exact_cover_problems())
def test_random_problems_match_brute_force(problem):
    rows, n_columns, secondary = problem
    covers = ExactCover(rows, n_columns, secondary).search()
    assert {tuple(cover) for cover in covers} == brute_force_covers(rows, n_columns, secondary)


@settings(max_examples=100, deadline=None)
@given(exact_cover_problems())
def test_random_problems_with_every_column_primary_match_brute_force(problem):
    """The submitted ``AlgorithmX`` alone, which knows no secondary columns."""
    rows, n_columns, _ = problem
    covers = list(AlgorithmX(rows, n_columns).search())
    assert sorted(map(tuple, covers)) == sorted(brute_force_covers(rows, n_columns))  # each cover once


def test_count_stops_at_its_limit():
    assert ExactCover(SEVERAL_ROWS, 4).count_solutions(limit=2) == 2


def test_a_primary_column_no_row_fills_means_no_cover():
    assert ExactCover([[0]], 2).count_solutions() == 0


def test_a_row_of_secondary_columns_only_is_never_taken():
    assert list(ExactCover([[0, 1], [1]], 2, secondary=[1]).search()) == [[0]]


def test_a_secondary_column_is_filled_at_most_once():
    # Rows 0 and 1 fill the primary columns 0 and 1, but both fill secondary column 2.
    assert list(ExactCover([[0, 2], [1, 2], [1]], 3, secondary=[2]).search()) == [[0, 2]]


# ---------------------------------------------------------------------------
# The matrix: its input checked, its links restored
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rows, options",
    [([[0, 3]], {"n_columns": 3}), ([[-1, 0]], {}), ([[0]], {"secondary": [1]}), ([[0, 1]], {"names": "A"})],
    ids=["column-too-large", "negative-column", "secondary-outside", "names-too-few"],
)
def test_a_matrix_that_names_a_column_outside_its_width_is_refused(rows, options):
    with pytest.raises(ValueError):
        ExactCover(rows, **options)


def test_primary_and_secondary_columns_split_the_matrix():
    matrix = ExactCover([[0, 1], [2, 3]], 5, secondary=[3, 1])
    assert (matrix.primary, matrix.secondary) == ([0, 2, 4], [1, 3])


def test_a_search_run_to_its_end_restores_every_link_and_size():
    matrix = queens_matrix(6)
    before = snapshot(matrix)
    assert len(list(matrix.search())) == QUEENS_COUNTS[6]
    assert snapshot(matrix) == before


def test_a_count_stopped_at_its_limit_restores_every_link_and_size():
    matrix = queens_matrix(6)
    before = snapshot(matrix)
    assert matrix.count_solutions(limit=1) == 1
    assert snapshot(matrix) == before


# ---------------------------------------------------------------------------
# Classic problems with published counts
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n, count", sorted(QUEENS_COUNTS.items()))
def test_queens_solution_count(n, count):
    assert queens_matrix(n).count_solutions() == count


def test_eight_queens_solutions_never_attack():
    squares = [(r, c) for r in range(8) for c in range(8)]  # queens_matrix's row r * 8 + c
    for cover in queens_matrix(8).search():
        queens = [squares[row] for row in cover]
        for (r1, c1), (r2, c2) in itertools.combinations(queens, 2):
            assert r1 != r2 and c1 != c2 and abs(r1 - r2) != abs(c1 - c2)


def langford_matrix(n: int) -> ExactCover:
    """Langford pairings of 1..n: each k twice, k numbers between its copies.
    Columns: the n numbers, then the 2n positions.  A pairing and its
    reversal are distinct covers."""
    return ExactCover([[k - 1, n + i, n + i + k + 1] for k in range(1, n + 1) for i in range(2 * n - k - 1)], 3 * n)


@pytest.mark.parametrize("n, count", sorted(LANGFORD_COUNTS.items()))
def test_langford_pairings_count(n, count):
    assert langford_matrix(n).count_solutions() == 2 * count


# ---------------------------------------------------------------------------
# The one cover counter
# ---------------------------------------------------------------------------


def test_count_covers_takes_no_more_than_its_limit():
    taken = []
    covers = (taken.append(k) or [k] for k in range(5))
    assert count_covers(covers, limit=2) == 2
    assert taken == [0, 1]


# ---------------------------------------------------------------------------
# Counting a sudoku's solutions
# ---------------------------------------------------------------------------


def test_the_empty_4x4_has_288_solutions():
    assert count_solutions(np.zeros((4, 4), dtype=int), limit=None) == SUDOKU_4X4_GRIDS


@pytest.mark.parametrize("blanks", [(0,), (0, 5, 10, 15), (0, 1, 4, 5, 8, 9), tuple(range(10))], ids=len)
def test_counts_agree_with_the_textbook_search(blanks):
    puzzle = pattern_grid(2)
    puzzle.flat[list(blanks)] = 0
    assert count_solutions(puzzle, limit=None) == backtracking_count(puzzle, limit=None)


def test_a_puzzle_without_a_solution_counts_0():
    puzzle = pattern_grid(2)
    puzzle[0, 0] = puzzle[0, 1]  # a repeated given
    assert count_solutions(puzzle) == backtracking_count(puzzle) == 0


def test_count_solutions_refuses_a_limit_below_one():
    with pytest.raises(ValueError, match="limit"):
        count_solutions(np.zeros((4, 4), dtype=int), limit=0)


def test_count_solutions_names_a_cell_no_sudoku_has():
    puzzle = pattern_grid(2)
    puzzle[1, 2] = 5
    with pytest.raises(ValueError, match=r"\[1, 2\]"):
        count_solutions(puzzle)
