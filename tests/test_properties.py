"""Property tests: random valid grids, random blanks, random broken givens.

A full grid is drawn by taking the pattern grid of order B (side N = B*B) and
applying moves that keep a grid valid, all chosen by hypothesis: relabel the
digits, reorder the bands and the rows inside each band, the stacks and the
columns inside each stack, and maybe transpose.  Blanking cells of it gives a
puzzle with at least that solution; changing one given may leave it with none.
Answers are judged by ``helpers.is_valid_solution`` and by a small reference
solver written here (plain backtracking on bit masks, sharing nothing with
``helpers``).  Every test is derandomized, so CI sees the same examples each run.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from conftest import NO_SOLUTION, NOTEBOOK
from helpers import count_solutions, is_valid_solution, solve_sudoku
from tools.sizes import pattern_grid

SMALL, STANDARD, LARGE = 2, 3, 4  #: box sides of the 4 x 4, 9 x 9 and 16 x 16 grids
# How many blanks (fewest, most) a 9 x 9 puzzle with a changed given gets.
# With fewer the change nearly always leaves no solution; with more, proving
# "no solution" can take the reference solver a long time.
BLANKS_CHANGED = (30, 64)
# The same for 4 x 4 (16 cells; at least one given is left).
BLANKS_CHANGED_SMALL = (6, 15)
# Blanks in a 16 x 16 puzzle (of 256 cells), and in one with a changed given:
# few enough that the reference solver stays fast (a changed puzzle with 160
# blanks once took it six minutes), yet enough that some changed ones still
# have a solution.
BLANKS_LARGE = (0, 110)
BLANKS_CHANGED_LARGE = (110, 140)
# Search steps the reference solver may take on a drawn puzzle before the
# example is dropped as too slow to judge (a few tenths of a second).
REFERENCE_BUDGET = 20_000


def examples(count: int) -> settings:
    """Hypothesis settings for ``count`` examples, the same ones on every run."""
    return settings(
        max_examples=count,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


# ---------------------------------------------------------------------------
# The reference solver: independent of helpers
# ---------------------------------------------------------------------------


class TooHard(Exception):
    """The reference solver used up its budget of search steps."""


def reference_solution(cells: list[int], box: int, budget: int | None = None) -> list[int] | None:
    """A solution of the flat puzzle ``cells`` of order ``box``, or None if it has none.

    Plain depth-first search: each row, column and box keeps a bit mask of the
    digits it uses; the blank with the fewest candidates is filled next.
    Raises ``TooHard`` after ``budget`` steps (never when it is None).
    """
    steps = [0]
    side = box * box
    every_digit = (1 << side) - 1
    rows, cols, boxes = [0] * side, [0] * side, [0] * side
    grid = list(cells)
    blanks = []
    for i, value in enumerate(grid):
        r, c = divmod(i, side)
        b = (r // box) * box + c // box
        if value:
            bit = 1 << (value - 1)
            if (rows[r] | cols[c] | boxes[b]) & bit:
                return None
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
        else:
            blanks.append((i, r, c, b))

    def fill(open_cells: list[tuple[int, int, int, int]]) -> bool:
        if not open_cells:
            return True
        steps[0] += 1
        if steps[0] == budget:
            raise TooHard
        best, best_free, best_count = 0, 0, side + 1
        for k, (i, r, c, b) in enumerate(open_cells):
            free = every_digit & ~(rows[r] | cols[c] | boxes[b])
            count = bin(free).count("1")
            if count < best_count:
                best, best_free, best_count = k, free, count
                if count <= 1:
                    break
        i, r, c, b = open_cells[best]
        rest = open_cells[:best] + open_cells[best + 1 :]
        free = best_free
        while free:
            bit = free & -free
            free ^= bit
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            grid[i] = bit.bit_length()
            if fill(rest):
                return True
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
        grid[i] = 0
        return False

    return grid if fill(blanks) else None


def reference_has_solution(puzzle: np.ndarray, box: int) -> bool:
    """Whether the reference solver finds a solution; a puzzle that would take
    it longer than REFERENCE_BUDGET steps is dropped from the examples."""
    try:
        return reference_solution(puzzle.ravel().tolist(), box, REFERENCE_BUDGET) is not None
    except TooHard:
        reject()


def test_reference_solves_a_puzzle_it_should():
    grid = pattern_grid(STANDARD)
    puzzle = grid.copy()
    puzzle[::2, ::3] = 0
    solution = reference_solution(puzzle.ravel().tolist(), STANDARD)
    assert solution is not None and is_valid_solution(puzzle, np.reshape(solution, puzzle.shape))


def test_reference_finds_no_solution_with_a_repeat():
    puzzle = np.zeros((9, 9), dtype=np.int64)
    puzzle[0, 0] = puzzle[0, 5] = 1
    assert reference_solution(puzzle.ravel().tolist(), STANDARD) is None


def test_reference_finds_no_solution_when_search_is_needed():
    """No repeat and a candidate for every blank, yet no solution."""
    puzzle = [int(ch) for ch in "400030000000600800000000007000050090080000600070200000000102700503000040900000000"]
    assert reference_solution(puzzle, STANDARD) is None


def test_reference_gives_up_when_its_budget_runs_out():
    with pytest.raises(TooHard):
        reference_solution([0] * 81, STANDARD, budget=10)


# ---------------------------------------------------------------------------
# Strategies
# ---------------------------------------------------------------------------


class GridStrategies:
    """The strategies for one order ``box``, built once: hypothesis checks a
    strategy the first time it is drawn from, so building them per draw is slow."""

    def __init__(self, box: int) -> None:
        self.box = box
        self.side = side = box * box
        self.area = side * side
        self.pattern = pattern_grid(box)
        self.band_order = st.permutations(range(box))
        self.digit_order = st.permutations(range(1, side + 1))
        # One seed for the order cells are blanked in: a permutation of all
        # cells drawn choice by choice would cost most of each example.
        self.blank_seed = st.integers(0, 2**32 - 1)
        self.coin = st.booleans()
        self.any_cell = st.integers(0, self.area - 1)
        self.digit_shift = st.integers(1, side - 1)
        self._blank_counts: dict[tuple[int, int], st.SearchStrategy[int]] = {}

    def blank_count(self, fewest: int, most: int) -> st.SearchStrategy[int]:
        """How many cells to blank: ``fewest`` to ``most``."""
        if (fewest, most) not in self._blank_counts:
            self._blank_counts[fewest, most] = st.integers(fewest, most)
        return self._blank_counts[fewest, most]


STRATEGIES = {box: GridStrategies(box) for box in (SMALL, STANDARD, LARGE)}


@st.composite
def line_orders(draw, box: int) -> list[int]:
    """An order of the lines that keeps a grid valid: bands reordered, and lines inside each band."""
    band_order = STRATEGIES[box].band_order
    return [band * box + line for band in draw(band_order) for line in draw(band_order)]


@st.composite
def full_grids(draw, box: int) -> np.ndarray:
    """A valid full grid of order ``box``, reached from the pattern grid by validity-keeping moves."""
    kit = STRATEGIES[box]
    digits = np.array([0, *draw(kit.digit_order)])
    grid = digits[kit.pattern][np.ix_(draw(line_orders(box)), draw(line_orders(box)))]
    return grid.T.copy() if draw(kit.coin) else grid


@st.composite
def puzzles(draw, box: int, blanks: tuple[int, int] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(full grid, puzzle)``: the puzzle is the grid with ``blanks`` = (fewest, most)
    cells blanked, or any number of them."""
    kit = STRATEGIES[box]
    grid = draw(full_grids(box))
    blanks = draw(kit.blank_count(*(blanks or (0, kit.area))))
    order = np.random.default_rng(draw(kit.blank_seed)).permutation(kit.area)
    puzzle = grid.copy()
    puzzle.flat[order[:blanks]] = 0
    return grid, puzzle


def peer_digits(puzzle: np.ndarray, cell: int, box: int) -> set[int]:
    """The digits in the row, column and box of flat ``cell``, the cell itself left out."""
    others = puzzle.copy()
    others.flat[cell] = 0
    r, c = divmod(cell, len(puzzle))
    top, left = r - r % box, c - c % box
    seen = set(others[r, :].tolist()) | set(others[:, c].tolist())
    seen |= set(others[top : top + box, left : left + box].ravel().tolist())
    return seen - {0}


@st.composite
def changed_puzzles(draw, box: int, blanks: tuple[int, int]) -> np.ndarray:
    """A puzzle from ``puzzles`` with one given changed to another digit.

    Half the time the new digit is any other digit (often a repeat); half the
    time it is one that no peer of the cell holds, so the puzzle stays free of
    repeats and only a search can tell whether it is solvable.  ``blanks`` as
    for ``puzzles``, leaving at least one given.
    """
    kit = STRATEGIES[box]
    _, puzzle = draw(puzzles(box, blanks))
    givens = np.flatnonzero(puzzle)
    cell = int(givens[draw(kit.any_cell) % len(givens)])
    old = int(puzzle.flat[cell])
    free = sorted(set(range(1, kit.side + 1)) - peer_digits(puzzle, cell, box) - {old})
    if free and draw(kit.coin):
        puzzle.flat[cell] = free[draw(kit.any_cell) % len(free)]
    else:
        puzzle.flat[cell] = (old - 1 + draw(kit.digit_shift)) % kit.side + 1
    return puzzle


@given(full_grids(STANDARD))
@examples(100)
def test_drawn_grids_are_valid(grid):
    assert is_valid_solution(np.zeros_like(grid), grid)


@given(full_grids(LARGE))
@examples(30)
def test_drawn_16x16_grids_are_valid(grid):
    assert is_valid_solution(np.zeros_like(grid), grid)


# ---------------------------------------------------------------------------
# 9 x 9 through the notebook's sudoku_solver
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def notebook_solver():
    """The notebook's ``sudoku_solver``, run the way the autograder runs it."""
    if not NOTEBOOK.exists():
        pytest.skip("sudoku.ipynb is absent, so there is no notebook sudoku_solver to test")
    from tools.notebook_code import load_solver

    return load_solver()


@given(puzzles(STANDARD))
@examples(500)
def test_answer_keeps_every_given_and_is_valid(notebook_solver, drawn):
    _, puzzle = drawn
    assert is_valid_solution(puzzle, notebook_solver(puzzle.copy()))


@given(puzzles(STANDARD))
@examples(300)
def test_answer_is_the_grid_when_the_solution_is_unique(notebook_solver, drawn):
    grid, puzzle = drawn
    answer = notebook_solver(puzzle.copy())
    if count_solutions(puzzle, limit=2) == 1:
        assert np.array_equal(answer, grid)


@given(changed_puzzles(STANDARD, BLANKS_CHANGED))
@examples(500)
def test_answer_is_all_minus_one_exactly_when_the_reference_finds_no_solution(notebook_solver, puzzle):
    answer = notebook_solver(puzzle.copy())
    if not reference_has_solution(puzzle, STANDARD):
        assert (answer == NO_SOLUTION).all()
    else:
        assert is_valid_solution(puzzle, answer)


@given(changed_puzzles(STANDARD, BLANKS_CHANGED))
@examples(250)
def test_count_is_zero_exactly_when_the_reference_finds_no_solution(puzzle):
    solvable = reference_has_solution(puzzle, STANDARD)
    assert (count_solutions(puzzle, limit=1) == 1) == solvable


# ---------------------------------------------------------------------------
# 4 x 4 and 16 x 16 through helpers.solve_sudoku
# ---------------------------------------------------------------------------


def check_answer_keeps_givens(drawn):
    """``solve_sudoku`` answers a puzzle cut from ``grid`` validly, with ``grid`` itself when unique."""
    grid, puzzle = drawn
    answer = solve_sudoku(puzzle.copy())
    assert is_valid_solution(puzzle, answer)
    if count_solutions(puzzle, limit=2) == 1:
        assert np.array_equal(answer, grid)


def check_no_answer_exactly_when_reference_finds_none(puzzle, order):
    """``solve_sudoku`` returns None exactly when the independent reference finds no solution."""
    answer = solve_sudoku(puzzle.copy())
    if not reference_has_solution(puzzle, order):
        assert answer is None
    else:
        assert is_valid_solution(puzzle, answer)


@given(puzzles(SMALL))
@examples(250)
def test_4x4_answer_keeps_every_given_and_is_valid(drawn):
    check_answer_keeps_givens(drawn)


@given(changed_puzzles(SMALL, BLANKS_CHANGED_SMALL))
@examples(250)
def test_4x4_no_answer_exactly_when_the_reference_finds_none(puzzle):
    check_no_answer_exactly_when_reference_finds_none(puzzle, SMALL)


@given(puzzles(LARGE, BLANKS_LARGE))
@examples(80)
def test_16x16_answer_keeps_every_given_and_is_valid(drawn):
    check_answer_keeps_givens(drawn)


@given(changed_puzzles(LARGE, BLANKS_CHANGED_LARGE))
@examples(80)
def test_16x16_no_answer_exactly_when_the_reference_finds_none(puzzle):
    check_no_answer_exactly_when_reference_finds_none(puzzle, LARGE)
