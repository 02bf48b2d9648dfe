"""Property tests: random valid grids, random blanks, random broken givens.

A full grid is drawn by taking the pattern grid of order B (side N = B*B) and
applying moves that keep a grid valid, all chosen by hypothesis: relabel the
digits, reorder the bands and the rows inside each band, the stacks and the
columns inside each stack, and maybe transpose.  Blanking cells of it gives a
puzzle with at least that solution; changing one given may leave it with none.
Answers are judged by ``helpers.is_valid_solution`` and by the project's
independent reference solver, ``textbook.backtracking_solve`` (backtracking
with MRV and forward checking, sharing nothing with the engine; its own tests
are in ``tests/test_csp.py``).  Every test is derandomized, so CI sees the same
examples each run.
"""

from __future__ import annotations

import contextlib
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from conftest import NO_SOLUTION, peer_digits
from helpers import is_valid_solution, solve_sudoku
from textbook import SearchBudgetExceeded, backtracking_count
from textbook import backtracking_solve as reference_solve
from tools.puzzles.counting import count_solutions
from tools.puzzles.make_data import pattern_grid

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
# Assignments the reference solver may try on a drawn puzzle before the
# example is dropped as too slow to judge (at most a few tenths of a second).
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


# --- The reference solver's verdict ----------------------------------------


def reference_has_solution(puzzle: np.ndarray) -> bool:
    """Whether the reference solver finds a solution; a puzzle that would take
    it more than REFERENCE_BUDGET assignments is dropped from the examples."""
    try:
        solution = reference_solve(puzzle, budget=REFERENCE_BUDGET).solution
    except SearchBudgetExceeded:
        reject()
    return solution is not None


# --- Strategies ------------------------------------------------------------


@lru_cache(maxsize=None)
def integers(low: int, high: int) -> st.SearchStrategy[int]:
    """``st.integers(low, high)``, built once: hypothesis checks a strategy the
    first time it is drawn from, so building one per draw is slow."""
    return st.integers(low, high)


@lru_cache(maxsize=None)
def orders(low: int, high: int) -> st.SearchStrategy[list[int]]:
    """An order of ``low..high``, built once (as ``integers``)."""
    return st.permutations(range(low, high + 1))


COIN = st.booleans()


@st.composite
def line_orders(draw, box: int) -> list[int]:
    """An order of the lines that keeps a grid valid: bands reordered, and lines inside each band."""
    return [band * box + line for band in draw(orders(0, box - 1)) for line in draw(orders(0, box - 1))]


@st.composite
def full_grids(draw, box: int) -> np.ndarray:
    """A valid full grid of order ``box``, reached from the pattern grid by validity-keeping moves."""
    digits = np.array([0, *draw(orders(1, box * box))])
    grid = digits[pattern_grid(box)][np.ix_(draw(line_orders(box)), draw(line_orders(box)))]
    return grid.T.copy() if draw(COIN) else grid


@st.composite
def puzzles(draw, box: int, blanks: tuple[int, int] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(full grid, puzzle)``: the puzzle is the grid with ``blanks`` = (fewest, most)
    cells blanked, or any number of them."""
    area = box**4
    grid = draw(full_grids(box))
    count = draw(integers(*(blanks or (0, area))))
    # One seed for the order cells are blanked in: a permutation of all
    # cells drawn choice by choice would cost most of each example.
    order = np.random.default_rng(draw(integers(0, 2**32 - 1))).permutation(area)
    puzzle = grid.copy()
    puzzle.flat[order[:count]] = 0
    return grid, puzzle


@st.composite
def changed_puzzles(draw, box: int, blanks: tuple[int, int]) -> np.ndarray:
    """A puzzle from ``puzzles`` with one given changed to another digit.

    Half the time the new digit is any other digit (often a repeat); half the
    time it is one that no peer of the cell holds, so the puzzle stays free of
    repeats and only a search can tell whether it is solvable.  ``blanks`` as
    for ``puzzles``, leaving at least one given.
    """
    side = box * box
    _, puzzle = draw(puzzles(box, blanks))
    givens = np.flatnonzero(puzzle)
    any_cell = integers(0, side * side - 1)
    cell = int(givens[draw(any_cell) % len(givens)])
    old = int(puzzle.flat[cell])
    free = sorted(set(range(1, side + 1)) - peer_digits(puzzle, *divmod(cell, side)) - {old})
    if free and draw(COIN):
        puzzle.flat[cell] = free[draw(any_cell) % len(free)]
    else:
        puzzle.flat[cell] = (old - 1 + draw(integers(1, side - 1))) % side + 1
    return puzzle


@given(st.one_of(full_grids(STANDARD), full_grids(LARGE)))
@examples(130)
def test_drawn_9x9_and_16x16_grids_are_valid(grid):
    assert is_valid_solution(np.zeros_like(grid), grid)


def check_answer(drawn: tuple[np.ndarray, np.ndarray], answer: np.ndarray) -> None:
    """``answer`` to the puzzle cut from ``grid`` keeps every given and is
    valid, and it is ``grid`` itself when the reference solver finds no other
    solution (not asked of a puzzle that would take it more than
    REFERENCE_BUDGET assignments to count)."""
    grid, puzzle = drawn
    assert is_valid_solution(puzzle, answer)
    with contextlib.suppress(SearchBudgetExceeded):
        if backtracking_count(puzzle, limit=2, budget=REFERENCE_BUDGET) == 1:
            assert np.array_equal(answer, grid)


def check_no_answer_exactly_when_the_reference_finds_none(puzzle: np.ndarray, answer: object, none: bool) -> None:
    """The solver says "no solution" (``none``) exactly when the independent reference finds none."""
    if not reference_has_solution(puzzle):
        assert none
    else:
        assert is_valid_solution(puzzle, answer)


def solve_any_size(puzzle: np.ndarray) -> np.ndarray | None:
    """``helpers.solve_sudoku`` on a copy of ``puzzle``, told its size."""
    return solve_sudoku(puzzle.copy(), size=len(puzzle))


# --- 9 x 9 through the notebook's sudoku_solver ----------------------------


@given(puzzles(STANDARD))
@pytest.mark.slow
@examples(500)
def test_answer_keeps_every_given_and_is_the_grid_when_the_solution_is_unique(sudoku_solver, drawn):
    check_answer(drawn, sudoku_solver(drawn[1].copy()))


@given(changed_puzzles(STANDARD, BLANKS_CHANGED))
@pytest.mark.slow
@examples(500)
def test_answer_is_all_minus_one_exactly_when_the_reference_finds_no_solution(sudoku_solver, puzzle):
    answer = sudoku_solver(puzzle.copy())
    check_no_answer_exactly_when_the_reference_finds_none(puzzle, answer, (answer == NO_SOLUTION).all())


@given(changed_puzzles(STANDARD, BLANKS_CHANGED))
@pytest.mark.slow
@examples(250)
def test_count_is_zero_exactly_when_the_reference_finds_no_solution(puzzle):
    solvable = reference_has_solution(puzzle)
    assert (count_solutions(puzzle, limit=1) == 1) == solvable


# --- 4 x 4 and 16 x 16 through helpers.solve_sudoku ------------------------


@given(puzzles(SMALL))
@pytest.mark.slow
@examples(250)
def test_4x4_answer_keeps_every_given_and_is_valid(drawn):
    check_answer(drawn, solve_any_size(drawn[1]))


@given(changed_puzzles(SMALL, BLANKS_CHANGED_SMALL))
@pytest.mark.slow
@examples(250)
def test_4x4_no_answer_exactly_when_the_reference_finds_none(puzzle):
    answer = solve_any_size(puzzle)
    check_no_answer_exactly_when_the_reference_finds_none(puzzle, answer, answer is None)


@given(puzzles(LARGE, BLANKS_LARGE))
@pytest.mark.slow
@examples(80)
def test_16x16_answer_keeps_every_given_and_is_valid(drawn):
    check_answer(drawn, solve_any_size(drawn[1]))


@given(changed_puzzles(LARGE, BLANKS_CHANGED_LARGE))
@pytest.mark.slow
@examples(80)
def test_16x16_no_answer_exactly_when_the_reference_finds_none(puzzle):
    answer = solve_any_size(puzzle)
    check_no_answer_exactly_when_the_reference_finds_none(puzzle, answer, answer is None)
