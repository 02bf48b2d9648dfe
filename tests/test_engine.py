"""The general exact-cover engine and the any-size sudoku solver.

``helpers.AlgorithmX`` is the submitted search (every column primary);
``tools.cli.engine.ExactCover`` builds on it with secondary columns, validation,
counting and restored links; ``tools.cli.engine.solve_sudoku`` and
``count_solutions`` take any supported size.  Counts are checked against brute
force or against published values: Knuth's example from "Dancing Links"
(arXiv:cs/0011047), the n-queens counts (OEIS A000170), Langford pairings
(OEIS A014552) and the 288 grids of the 4x4 sudoku.  Sudoku answers are
verified by ``helpers.is_valid_solution``, which shares no code with the solver.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import helpers
import tools.cli.engine
from conftest import columns_to_cover, exact_cover_problems, queens_matrix, snapshot
from helpers import AlgorithmX, is_valid_solution
from tools.cli.engine import ExactCover

# Knuth's matrix (3) in "Dancing Links": columns A..G, six rows.
KNUTH_COLUMNS = "ABCDEFG"
KNUTH_ROWS = ["CEF", "ADG", "BCF", "AD", "BG", "DEG"]
KNUTH_COVER = [0, 3, 4]  # A D, B G, C E F

QUEENS_COUNTS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92}  # OEIS A000170
LANGFORD_COUNTS = {3: 1, 4: 1, 5: 0, 6: 0, 7: 26}  # OEIS A014552, up to reversal
SUDOKU_4X4_GRIDS = 288  # all 4x4 sudoku grids


def knuth_matrix() -> AlgorithmX:
    """Knuth's 6 x 7 example, rows numbered from 0."""
    rows = [[KNUTH_COLUMNS.index(name) for name in row] for row in KNUTH_ROWS]
    return AlgorithmX(rows, len(KNUTH_COLUMNS))


def brute_force_covers(
    rows: list[list[int]], n_columns: int, secondary: set[int] = frozenset()
) -> set[tuple[int, ...]]:
    """Every exact cover, by trying all subsets of rows.

    As in Knuth, a row with no primary column is never part of a cover: the
    search only ever picks rows to fill primary columns.
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
# Exact covers
# ---------------------------------------------------------------------------


def test_knuth_example_has_the_single_cover_of_the_paper():
    assert list(knuth_matrix().search()) == [KNUTH_COVER]


def test_knuth_example_first_solution_is_that_cover():
    assert knuth_matrix().first_solution() == KNUTH_COVER


def test_matrix_without_a_cover_yields_nothing():
    # Column 0 needs row 0 and column 2 needs row 1, but both fill column 1.
    assert AlgorithmX([[0, 1], [1, 2]], 3).first_solution() is None


def test_matrix_without_a_cover_counts_0():
    assert ExactCover([[0, 1], [1, 2]], 3).count_solutions() == 0


def test_empty_primary_column_means_no_cover():
    assert AlgorithmX([[0]], 2).first_solution() is None
    assert ExactCover([[0]], 2).count_solutions() == 0


def test_a_matrix_of_no_columns_has_the_empty_cover():
    assert list(AlgorithmX([]).search()) == [[]]


SEVERAL_ROWS = [[0], [1], [2], [3], [0, 1], [2, 3], [1, 2], [0, 3], [0, 1, 2], [3], [1, 3]]


def test_search_yields_every_cover_once():
    covers = list(AlgorithmX(SEVERAL_ROWS, 4).search())
    assert len(covers) == len(set(map(tuple, covers)))
    assert set(map(tuple, covers)) == brute_force_covers(SEVERAL_ROWS, 4)


def test_count_matches_the_number_of_covers():
    assert ExactCover(SEVERAL_ROWS, 4).count_solutions() == len(brute_force_covers(SEVERAL_ROWS, 4))


def test_count_stops_at_its_limit():
    assert ExactCover(SEVERAL_ROWS, 4).count_solutions(limit=2) == 2


@settings(max_examples=150, deadline=None)
@given(exact_cover_problems())
def test_random_problems_match_brute_force(problem):
    rows, n_columns, secondary = problem
    matrix = ExactCover(rows, n_columns, secondary)
    assert {tuple(cover) for cover in matrix.search()} == brute_force_covers(rows, n_columns, secondary)


@settings(max_examples=150, deadline=None)
@given(exact_cover_problems())
def test_random_problems_with_every_column_primary_match_brute_force(problem):
    """The submitted ``AlgorithmX`` alone, which knows no secondary columns."""
    rows, n_columns, _ = problem
    matrix = AlgorithmX(rows, n_columns)
    assert {tuple(cover) for cover in matrix.search()} == brute_force_covers(rows, n_columns)


@pytest.mark.parametrize(
    "rows, options",
    [([[0, 3]], {"n_columns": 3}), ([[-1, 0]], {}), ([[0]], {"secondary": [1]}), ([[0, 1]], {"names": "A"})],
    ids=["column-too-large", "negative-column", "secondary-outside", "names-too-few"],
)
def test_a_matrix_that_names_a_column_outside_its_width_is_refused(rows, options):
    with pytest.raises(ValueError):
        ExactCover(rows, **options)


@pytest.mark.parametrize("matrix_class", [AlgorithmX, ExactCover])
def test_columns_carry_the_names_given(matrix_class):
    matrix = matrix_class([[0, 1]], names=["A", "B"])
    assert [column.name for column in matrix.columns] == ["A", "B"]


def test_columns_are_named_by_their_index_by_default():
    assert [column.name for column in AlgorithmX([[0, 2]]).columns] == [0, 1, 2]


def test_primary_and_secondary_columns_split_the_matrix():
    matrix = ExactCover([[0, 1], [2, 3]], 5, secondary=[3, 1])
    assert (matrix.primary, matrix.secondary, matrix.n_rows) == ([0, 2, 4], [1, 3], 2)


def test_row_of_secondary_columns_only_is_never_chosen():
    assert list(ExactCover([[0, 1], [1]], 2, secondary=[1]).search()) == [[0]]


def test_a_secondary_column_is_filled_at_most_once():
    # Rows 0 and 1 cover the primary columns 0 and 1, but both fill secondary column 2.
    matrix = ExactCover([[0, 2], [1, 2], [1]], 3, secondary=[2])
    assert list(matrix.search()) == [[0, 2]]


def test_covers_come_as_sorted_row_lists():
    assert all(cover == sorted(cover) for cover in AlgorithmX(SEVERAL_ROWS, 4).search())


@settings(max_examples=150, deadline=None)
@given(exact_cover_problems(), st.randoms(use_true_random=False))
def test_choose_column_takes_the_first_forced_column_or_else_the_first_smallest(problem, rng):
    rows, n_columns, secondary = problem
    matrix = ExactCover(rows, n_columns, secondary)
    primary = list(matrix.primary)
    rng.shuffle(primary)  # any order of the list of columns
    matrix.relink(primary, range(len(rows)))
    columns = columns_to_cover(matrix)
    forced = [col for col in columns if col.size <= 1]
    expected = forced[0] if forced else min(columns, key=lambda col: col.size, default=None)
    assert matrix.choose_column() is expected


def test_choose_column_counts_the_rows_when_every_column_holds_three_or_more():
    rows = [[0, 1, 2, 3], [0, 1, 2, 4], [0, 1, 2, 5], [3, 4, 5, 6], [3, 4, 5, 7], [3, 4, 5, 8]]
    matrix = AlgorithmX(rows, 9)
    matrix.relink([8, 0, 3], range(len(rows)))  # sizes 1, 3, 4: a forced column comes last
    assert matrix.choose_column() is matrix.columns[8]
    matrix.relink([3, 0], range(len(rows)))  # sizes 4, 3: none forced, none of size 2
    assert matrix.choose_column() is matrix.columns[0]


def test_choose_column_finds_none_when_every_column_is_covered():
    matrix = AlgorithmX([[0, 1]], 2)
    matrix.relink([], [])
    assert matrix.choose_column() is None


def test_relink_holds_only_the_columns_and_rows_given_in_that_order():
    matrix = AlgorithmX(SEVERAL_ROWS, 4)
    matrix.relink([3, 1], [1, 9, 10])
    assert columns_to_cover(matrix) == [matrix.columns[3], matrix.columns[1]]
    assert [matrix.columns[j].size for j in (3, 1)] == [2, 2]
    assert list(matrix.search()) == [[1, 9], [10]]


def test_a_column_size_is_counted_along_its_ring():
    matrix = AlgorithmX(SEVERAL_ROWS, 4)
    assert [column.size for column in matrix.columns] == [4, 5, 4, 5]


# ---------------------------------------------------------------------------
# Links restored
# ---------------------------------------------------------------------------


def test_snapshot_notices_a_covered_column():
    matrix = knuth_matrix()
    before = snapshot(matrix)
    helpers.cover(matrix.row_nodes[0][0], [])
    assert snapshot(matrix) != before


def test_links_and_sizes_restored_after_a_full_search():
    matrix = AlgorithmX(SEVERAL_ROWS, 4)
    before = snapshot(matrix)
    list(matrix.search())
    assert snapshot(matrix) == before


def test_relink_restores_the_links_a_stopped_search_left():
    """The submitted ``first_solution`` leaves the links as they are: the next puzzle relinks."""
    matrix = knuth_matrix()
    before = snapshot(matrix)
    matrix.first_solution()
    assert snapshot(matrix) != before
    matrix.relink(range(len(KNUTH_COLUMNS)), range(len(KNUTH_ROWS)))
    assert snapshot(matrix) == before


def test_links_and_sizes_restored_after_first_solution_and_limited_count():
    matrix = ExactCover([[KNUTH_COLUMNS.index(name) for name in row] for row in KNUTH_ROWS])
    before = snapshot(matrix)
    matrix.first_solution()
    matrix.count_solutions(limit=1)
    assert snapshot(matrix) == before


def test_reset_relinks_the_whole_matrix_as_built():
    matrix = queens_matrix(5)
    before = snapshot(matrix)
    matrix.relink([0, 1], [0])
    matrix.reset()
    assert snapshot(matrix) == before


# ---------------------------------------------------------------------------
# Classic problems with published counts
# ---------------------------------------------------------------------------


def queens_problem(n: int) -> tuple[list[tuple[int, int]], ExactCover]:
    """n queens (``queens_matrix``) and the square each row places a queen on."""
    return [(r, c) for r in range(n) for c in range(n)], queens_matrix(n)


@pytest.mark.parametrize("n, count", sorted(QUEENS_COUNTS.items()))
def test_queens_solution_count(n, count):
    assert queens_problem(n)[1].count_solutions() == count


def test_eight_queens_solutions_never_attack():
    placements, matrix = queens_problem(8)
    for cover in matrix.search():
        queens = [placements[r] for r in cover]
        for (r1, c1), (r2, c2) in itertools.combinations(queens, 2):
            assert r1 != r2 and c1 != c2 and abs(r1 - r2) != abs(c1 - c2)


def langford_problem(n: int) -> AlgorithmX:
    """Langford pairings of 1..n: each k twice, k numbers between its copies.

    Columns: the n numbers, then the 2n positions.  Every pairing and its
    reversal are distinct exact covers.
    """
    rows = [[k - 1, n + i, n + i + k + 1] for k in range(1, n + 1) for i in range(2 * n - k - 1)]
    return AlgorithmX(rows, 3 * n)


@pytest.mark.parametrize("n, count", sorted(LANGFORD_COUNTS.items()))
def test_langford_pairings_count(n, count):
    assert len(list(langford_problem(n).search())) == 2 * count


# ---------------------------------------------------------------------------
# The sudoku solver at every size
# ---------------------------------------------------------------------------


def shuffled_grid(box: int, seed: int) -> np.ndarray:
    """A full sudoku from the pattern (box * (r % box) + r // box + c) % N,
    with its bands, stacks, rows, columns and digits shuffled.  Built without
    the solver, so a test can rely on it."""
    rng = random.Random(seed)
    side = box * box

    def shuffled(values):
        values = list(values)
        rng.shuffle(values)
        return values

    rows = [band * box + r for band in shuffled(range(box)) for r in shuffled(range(box))]
    columns = [stack * box + c for stack in shuffled(range(box)) for c in shuffled(range(box))]
    digits = shuffled(range(1, side + 1))
    return np.array([[digits[(box * (r % box) + r // box + c) % side] for c in columns] for r in rows])


def given_puzzle(box: int, given_fraction: float, seed: int = 0) -> np.ndarray:
    """A solvable puzzle: a shuffled grid keeping ``given_fraction`` of its cells."""
    grid = shuffled_grid(box, seed)
    cells = list(range(grid.size))
    random.Random(seed).shuffle(cells)
    grid.flat[cells[int(given_fraction * grid.size) :]] = 0
    return grid


def test_shuffled_grid_is_a_valid_sudoku():
    grid = shuffled_grid(4, seed=1)
    assert is_valid_solution(np.zeros_like(grid), grid)


def test_empty_4x4_has_288_solutions():
    assert tools.cli.engine.count_solutions(np.zeros((4, 4)), limit=None) == SUDOKU_4X4_GRIDS


def test_puzzle_with_several_solutions_counts_2_at_limit_2():
    puzzle = shuffled_grid(3, seed=2)
    # Rows 0 and 1 lie in the same band, so swapping them gives another
    # solution: blanking both leaves at least two.
    puzzle[:2] = 0
    assert tools.cli.engine.count_solutions(puzzle, limit=2) == 2


def test_count_solutions_refuses_a_limit_below_one():
    with pytest.raises(ValueError):
        tools.cli.engine.count_solutions(np.zeros((4, 4), dtype=int), limit=0)


def test_unique_puzzle_counts_1():
    puzzle = shuffled_grid(3, seed=2)
    puzzle[0, :3] = 0  # three blanks in one row: each digit has one place
    assert tools.cli.engine.count_solutions(puzzle, limit=2) == 1


@pytest.mark.parametrize(
    "box, given_fraction",
    [(2, 0.4), (3, 0.4), (4, 0.4), (5, 0.5)],
    ids=["4x4", "9x9", "16x16-40%", "25x25-50%"],
)
def test_solve_sudoku_returns_a_valid_solution(box, given_fraction):
    puzzle = given_puzzle(box, given_fraction)
    assert is_valid_solution(puzzle, tools.cli.engine.solve_sudoku(puzzle))


@pytest.mark.parametrize(
    "box, given_fraction",
    [(2, 0.4), (3, 0.4), (4, 0.4), (5, 0.5)],
    ids=["4x4", "9x9", "16x16-40%", "25x25-50%"],
)
def test_the_submitted_solve_sudoku_solves_any_size_it_is_told(box, given_fraction):
    puzzle = given_puzzle(box, given_fraction)
    assert is_valid_solution(puzzle, helpers.solve_sudoku(puzzle, size=box * box))


def test_empty_36x36_solves_without_recursion_error():
    empty = np.zeros((36, 36), dtype=int)
    assert is_valid_solution(empty, tools.cli.engine.solve_sudoku(empty))


def test_solve_sudoku_returns_none_for_repeated_givens():
    puzzle = np.zeros((9, 9), dtype=int)
    puzzle[0, 0] = puzzle[0, 5] = 5
    assert helpers.solve_sudoku(puzzle) is None


def test_first_pass_refutes_a_row_with_no_place_for_a_digit():
    puzzle = np.zeros((9, 9), dtype=int)
    puzzle[0, 6:] = (1, 2, 3)  # the 9 of row 0 must go in columns 0..5 ...
    puzzle[1, 0] = puzzle[2, 4] = 9  # ... which the 9s of boxes 0 and 1 rule out
    assert helpers.engine(3).place_singles(puzzle.ravel().tolist()) is None
    assert helpers.solve_sudoku(puzzle) is None


def test_solve_sudoku_returns_none_when_a_cell_has_no_digit_left():
    puzzle = np.zeros((9, 9), dtype=int)
    puzzle[0, :8] = range(1, 9)  # cell (0, 8) must be 9 ...
    puzzle[5, 8] = 9  # ... but its column has a 9
    assert helpers.solve_sudoku(puzzle) is None


def test_every_node_the_search_walks_is_of_one_class():
    """The root, the column heads and the 1s, so that each attribute access in
    ``cover`` and ``uncover`` meets one type (see ``ColumnObject``)."""
    matrix = knuth_matrix()
    walked = [matrix.root, *(column.head for column in matrix.columns), *matrix.row_nodes[0]]
    assert {type(node) for node in walked} == {helpers.DancingNode}


def test_heads_and_ones_name_their_column_object():
    matrix = knuth_matrix()
    assert all(column.head.column is column and column.head.row == -1 for column in matrix.columns)
    assert matrix.root.column is None
    assert matrix.row_nodes[0][0].column is matrix.columns[2] and matrix.row_nodes[0][0].row == 0
