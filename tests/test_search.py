"""Knuth's search as the engine runs it: the S heuristic exactly, cover and
uncover by column, taking and leaving a row in one pass, the rows a search
tries, the links it leaves, and the column order of a sudoku.

The reference is Algorithm X written here on sets, apart from the engine:
the first column of least size, in the order of the columns, its rows in
the order of the rows.  The engine must try the same rows.  (That a search
run to its end puts every link back is in ``test_exact_cover.py``; that a
puzzle propagation solves tries no rows, in ``test_experiment.py``.)  The one-pass
``cover_other_columns`` and ``uncover_other_columns`` are held, link for
link, to Knuth's ``cover`` and ``uncover`` called column by column.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import helpers
from conftest import EVEREST, EVEREST_SOLUTION, columns_to_cover, exact_cover_problems, parse, snapshot
from helpers import AlgorithmX, SudokuEngine
from tools.puzzles.sets import load as load_set


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


class Recording(AlgorithmX):
    """The engine's search, noting each column it branches on that still has rows."""

    def __init__(self, rows: list[list[int]], n_columns: int) -> None:
        super().__init__(rows, n_columns)
        self.chosen: list[object] = []

    def choose_column(self, emptied=None) -> helpers.ColumnObject | None:
        column = super().choose_column(emptied)
        if column is not None and column.size:
            self.chosen.append(column.name)
        return column


@settings(max_examples=200, deadline=None)
@given(exact_cover_problems(max_columns=8, max_rows=12))
def test_the_search_branches_as_knuths_least_size_rule_on_any_matrix(problem):
    """Random matrices, some with columns no row fills: the same columns
    chosen step by step, and so the same rows tried and the same solution."""
    rows, n_columns = problem
    matrix = Recording(rows, n_columns)
    found = matrix.first_solution()
    assert (matrix.chosen, found) == least_size_search([sorted(set(row)) for row in rows], n_columns)


# --- the S heuristic -----------------------------------------------------------


def test_choose_column_passes_over_an_empty_column_it_is_given_no_longer_in_the_list():
    matrix = AlgorithmX([[0, 1], [1]], 4)  # columns 2 and 3 have no rows
    matrix.cover(matrix.columns[2])
    assert matrix.choose_column([matrix.columns[2], matrix.columns[3]]) is matrix.columns[3]


@pytest.mark.parametrize(
    "rows, n_columns, order, emptied, chosen",
    [
        ([[0], [0], [0], [1], [2], [2], [2], [2]], 3, None, None, 1),  # sizes 3, 1, 4
        ([[0], [0], [0], [0], [1], [1], [1]], 2, None, None, 1),  # sizes 4, 3: counted, none holds one or two rows
        ([[0], [0], [1], [1]], 2, [1, 0], None, 1),  # sizes 2, 2: the tie goes to the order restrict gave
        ([[0, 1], [1, 2], [0, 2], [1]], 3, None, [], 0),  # sizes 2, 3, 2, no empty column given
        ([[0, 1], [1, 2], [0, 2], [1]], 3, None, [1], 0),  # the same, given a column with rows
        ([[0, 1], [1]], 3, None, None, 2),  # column 0 has one row, column 2 none: the empty one first
        ([[0, 1], [1]], 3, None, [1, 2], 2),  # the same, the empty column given
    ],
    ids=[
        "least size",
        "sizes counted",
        "a tie",
        "given none",
        "given a column with rows",
        "an empty column before an earlier one of one row, found",
        "an empty column before an earlier one of one row, given",
    ],
)
def test_choose_column_takes_the_first_of_least_size(rows, n_columns, order, emptied, chosen):
    matrix = AlgorithmX(rows, n_columns)
    if order is not None:
        matrix.restrict(order, range(len(rows)))
        matrix.link()
    given = None if emptied is None else [matrix.columns[j] for j in emptied]
    assert matrix.choose_column(given) is matrix.columns[chosen]


# --- cover and uncover -------------------------------------------------------------


def test_uncover_undoes_cover_exactly():
    matrix = AlgorithmX([[0, 3], [0, 4], [3, 4], [2, 3], [1, 2], [1]], 5)
    before = snapshot(matrix)
    for j in (0, 3, 2):
        matrix.cover(matrix.columns[j])
    for j in (2, 3, 0):
        matrix.uncover(matrix.columns[j])
    assert snapshot(matrix) == before


@st.composite
def taken_rows(draw):
    """A random matrix with some of its rows linked, one of them taken from
    one of its columns, as the search takes a row: ``(rows, n_columns,
    linked, row, position)``, the row's node at ``position`` (among its
    distinct columns, in increasing order) being the one in the column it is
    taken from."""
    rows, n_columns = draw(exact_cover_problems(max_columns=8, max_rows=12, max_ones=4))
    assume(rows)
    linked = sorted(draw(st.sets(st.integers(0, len(rows) - 1), min_size=1)))
    row = draw(st.sampled_from(linked))
    position = draw(st.integers(0, len(set(rows[row])) - 1))
    return rows, n_columns, linked, row, position


def taking(problem) -> tuple[AlgorithmX, helpers.DancingNode, list[int]]:
    """A matrix linked as ``problem`` says with the taken row's column covered,
    the row's node in that column, and its other columns left to right."""
    rows, n_columns, linked, row, position = problem
    matrix = AlgorithmX(rows, n_columns)
    matrix.restrict(range(n_columns), linked)
    matrix.link()
    columns = sorted(set(rows[row]))
    matrix.cover(matrix.columns[columns[position]])
    return matrix, matrix.row_links[row][position][0], columns[position + 1 :] + columns[:position]


@settings(max_examples=100, deadline=None)
@given(taken_rows())
def test_cover_other_columns_is_cover_of_each_other_column_left_to_right(problem):
    one_pass, node, others = taking(problem)
    knuth, _, _ = taking(problem)
    one_pass.cover_other_columns(node)
    for j in others:
        knuth.cover(knuth.columns[j])
    assert snapshot(one_pass) == snapshot(knuth)


@settings(max_examples=100, deadline=None)
@given(taken_rows())
def test_cover_other_columns_returns_each_column_its_covers_leave_empty_once(problem):
    matrix, node, _ = taking(problem)
    sizes = [column.size for column in matrix.columns]
    emptied = matrix.cover_other_columns(node)
    now_empty = [j for j, column in enumerate(matrix.columns) if sizes[j] and not column.size]
    assert sorted(column.name for column in emptied) == now_empty


@settings(max_examples=100, deadline=None)
@given(taken_rows())
def test_uncover_other_columns_is_uncover_of_each_other_column_right_to_left(problem):
    one_pass, node, others = taking(problem)
    knuth, _, _ = taking(problem)
    for matrix in (one_pass, knuth):
        for j in others:
            matrix.cover(matrix.columns[j])
    one_pass.uncover_other_columns(node)
    for j in reversed(others):
        knuth.uncover(knuth.columns[j])
    assert snapshot(one_pass) == snapshot(knuth)


# --- rows tried and the links a search leaves ------------------------------------


def test_rows_tried_counts_the_rows_of_a_dead_branch_too():
    # Column 0 first: row 0 leaves column 2 empty, so the search backs up to row 1, then takes row 3.
    matrix = AlgorithmX([[0, 1], [0, 2], [1, 2], [1]], 3)
    assert matrix.first_solution() == [1, 3] and matrix.rows_tried == 3


def test_the_engine_reports_the_rows_of_its_search():
    engine = SudokuEngine(3)
    answer = engine.solve(helpers.read_grid(parse(EVEREST)))
    assert answer.rows_tried == engine.matrix.rows_tried > 0


# --- a row limit, and the engine's restarts ----------------------------------------

#: Peter Norvig's "impossible" puzzle with one more given that clashes with none: no solution, and a
#: long search in the engine's first order
SPARSE_NO_SOLUTION = "000005080000601043000000000010500000000106070300000005530000061000000004000000000"


@given(exact_cover_problems(), st.integers(0, 6))
@settings(max_examples=200, deadline=None)
def test_a_search_stops_at_its_row_limit_and_says_so(problem, limit):
    rows, n_columns = problem
    whole, cut = AlgorithmX(rows, n_columns), AlgorithmX(rows, n_columns)
    found, found_cut = whole.first_solution(), cut.first_solution(row_limit=limit)
    if whole.rows_tried <= limit:
        assert (found_cut, cut.rows_tried, cut.cut_off) == (found, whole.rows_tried, False)
    else:
        assert (found_cut, cut.rows_tried, cut.cut_off) == (None, limit, True)


class RecordingSearches(AlgorithmX):
    """A matrix that records, for each search ``first_solution`` runs, its
    order of columns, its row limit, the rows it tried and whether it was cut off."""

    def first_solution(self, row_limit: int | None = None) -> list[int] | None:
        found = super().first_solution(row_limit)
        self.searches.append((tuple(self.open_columns), row_limit, self.rows_tried, self.cut_off))
        return found


def recorded_solve(puzzle: str, restart_rows: int) -> tuple[helpers.Answer, list[tuple]]:
    """``puzzle`` solved by an engine whose first search may try ``restart_rows`` rows, and its searches."""
    engine = SudokuEngine(3)
    engine.restart_rows = restart_rows
    engine.matrix = RecordingSearches(helpers.exact_cover_rows(3), 4 * 81)
    engine.matrix.searches = []
    return engine.solve(helpers.read_grid(parse(puzzle))), engine.matrix.searches


@pytest.mark.parametrize("limit", [0, 1, 5])
def test_a_search_cut_off_starts_again_in_a_new_order_with_twice_the_limit_until_one_ends(limit):
    answer, searches = recorded_solve(EVEREST, limit)
    orders, limits, _, cut = zip(*searches)
    assert len(searches) > 1 and cut == (True,) * (len(searches) - 1) + (False,)
    assert list(limits[1:]) == [2 * max(1, previous) for previous in limits[:-1]] and limits[0] == limit
    assert len(set(orders)) == len(orders) and len({tuple(sorted(order)) for order in orders}) == 1
    assert "".join(map(str, answer.grid)) == EVEREST_SOLUTION


def test_a_restarted_solve_of_a_puzzle_without_a_solution_tried_the_rows_of_all_its_searches_and_finds_none():
    answer, searches = recorded_solve(SPARSE_NO_SOLUTION, 100)
    assert len(searches) > 1 and answer.rows_tried == sum(tried for _, _, tried, _ in searches)
    assert answer.grid is None


def test_restarts_end_a_long_search_of_a_puzzle_without_a_solution():
    answer = SudokuEngine(3).solve(helpers.read_grid(parse(SPARSE_NO_SOLUTION)))
    assert answer.grid is None and answer.rows_tried < 4 * SudokuEngine(3).restart_rows


@pytest.mark.slow
@pytest.mark.parametrize("part", ["17clue:tuning", "top1465:tuning", "kaggle:tuning", "generated-hard:tuning"])
def test_no_puzzle_of_a_tuning_part_reaches_the_restart_limit(part):
    """As ``helpers.RESTART_ROWS_PER_CANDIDATE`` says it was chosen."""
    engine = SudokuEngine(3)
    assert max(engine.solve(p.ravel().tolist()).rows_tried for p in load_set(part).puzzles) < engine.restart_rows


# --- the engine's column order -------------------------------------------------


def open_part(engine: SudokuEngine, puzzle: np.ndarray) -> helpers.OpenPart:
    """What ``engine`` leaves its search of ``puzzle`` after propagation."""
    cells = helpers.read_grid(puzzle, puzzle.shape[0])
    return engine.open_part(cells, engine.place_forced_digits(cells).places)


def linked_order(engine: SudokuEngine, puzzle: np.ndarray) -> tuple[list[object], list[int]]:
    """The list of columns ``engine`` links for ``puzzle``, and ``open_part``'s columns."""
    part = open_part(engine, puzzle)
    matrix = engine.matrix_for(part)
    matrix.link()
    return [column.name for column in columns_to_cover(matrix)], part.columns


@pytest.mark.parametrize("box", [3, 4])
def test_a_search_lists_the_open_columns_in_the_engines_random_order(box):
    puzzle = parse(EVEREST) if box == 3 else np.array([[1, 2, 3, 4, *[0] * 12], *[[0] * 16] * 15])
    order, part = linked_order(SudokuEngine(box), puzzle)
    assert order == part == [j for j in helpers.random_order(helpers.ORDER_SEED, box) if j in set(order)]


def test_an_engine_lists_the_columns_in_its_order():
    engine = SudokuEngine(3)
    engine.order = [j for family in range(4) for j in reversed(range(81 * family, 81 * (family + 1)))]
    order, _ = linked_order(engine, parse(EVEREST))
    assert order == [j for j in engine.order if j in set(order)]


def test_an_engine_breaks_ties_in_the_random_order_of_order_seed_by_default():
    assert SudokuEngine(3).order == helpers.random_order() == helpers.random_order(helpers.ORDER_SEED, 3)


def test_the_open_columns_are_the_constraints_the_grid_does_not_yet_meet():
    engine = SudokuEngine(3)
    cells = helpers.read_grid(parse(EVEREST))
    places = engine.place_forced_digits(cells).places  # fills cells in place
    met = {j for i, digit in enumerate(cells) if digit for j in helpers.constraint_columns(i, digit, 3)}
    assert sorted(engine.open_part(cells, places).columns) == sorted(set(range(324)) - met)


def test_every_open_row_fills_open_columns_only():
    part = open_part(SudokuEngine(3), parse(EVEREST))
    rows = helpers.exact_cover_rows(3)
    assert part.rows and all(set(rows[r]) <= set(part.columns) for r in part.rows)


def test_a_random_order_shuffles_each_family_within_itself():
    drawn = helpers.random_order(5)
    assert [sorted(drawn[81 * f : 81 * (f + 1)]) for f in range(4)] == [
        list(range(81 * f, 81 * (f + 1))) for f in range(4)
    ]
    assert drawn != list(range(324))


def test_a_random_order_is_drawn_from_its_seed_alone():
    assert helpers.random_order(5) == helpers.random_order(5) != helpers.random_order(6)
