"""Puzzles built to defeat a solver: each must get a right answer.

There is no timing assertion here; ``pytest --durations`` shows how long each
one takes.  The 9 x 9 puzzles go through the notebook's ``sudoku_solver``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from conftest import COLLECTIONS, EVEREST, NO_SOLUTION, has_dead_blank, has_repeated_given, parse
from helpers import SUDOKU_SIZE as SIZE
from helpers import is_valid_solution, solve_sudoku
from textbook import backtracking_count

TOP1465 = COLLECTIONS / "magictour_top1465.txt"
ROYLE_17 = COLLECTIONS / "17clue_royle_49151.txt"
TOP_PUZZLES = 10  #: how many of the first lines of top1465 are taken
MINIMAL_PUZZLES = 5  #: ... and of the 17-clue collection

# Published hard puzzles ('.' or '0' = blank), with Everest from conftest.
PLATINUM_BLONDE = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."
GOLDEN_NUGGET = ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."
EASTER_MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
# Built for this file against plain backtracking (cells in reading order,
# digits tried 1 to 9): the first row is blank and its solution is 987654321,
# so every cell of it tries all the smaller digits first.  It was made by
# relabelling a valid grid so that its first row reads 987654321, blanking
# that row, then blanking further cells while the solution stayed unique;
# such a search took more than 3,000,000 steps on it before it was stopped.
ANTI_BACKTRACKING = "000000000320000005000010980006030059400001800003000200000000030004700000032000164"
# 19 givens, no repeat, a candidate for every blank, and no solution: only a
# search can tell (found by adding random consistent givens to an empty grid).
SPARSE_NO_SOLUTION = "000040000000000003603000800000000700790000402000000000000050030010090006048700010"


def first_lines(path: Path, count: int) -> list[str]:
    """The first ``count`` puzzles of a one-per-line collection."""
    with path.open(encoding="ascii") as lines:
        return [next(lines).strip() for _ in range(count)]


# --- Puzzles with a unique solution ----------------------------------------

UNIQUE = {
    "everest": EVEREST,
    "platinum-blonde": PLATINUM_BLONDE,
    "golden-nugget": GOLDEN_NUGGET,
    "easter-monster": EASTER_MONSTER,
    "anti-backtracking": ANTI_BACKTRACKING,
}
TOP = [pytest.param(line, id=f"top1465-{k + 1}") for k, line in enumerate(first_lines(TOP1465, TOP_PUZZLES))]
MINIMAL = [pytest.param(line, id=f"17-clue-{k + 1}") for k, line in enumerate(first_lines(ROYLE_17, MINIMAL_PUZZLES))]


#: nearly empty grids: no givens, and only the first row, whose cells plain backtracking tries all smaller digits in
NEARLY_EMPTY = {"empty": "0" * 81, "only-its-first-row": "987654321" + "0" * 72}


@pytest.mark.parametrize(
    "text",
    [*(pytest.param(text, id=name) for name, text in {**UNIQUE, **NEARLY_EMPTY}.items()), *TOP, *MINIMAL],
)
def test_hard_or_nearly_empty_puzzle_gets_a_valid_answer(sudoku_solver, text):
    puzzle = parse(text)
    assert is_valid_solution(puzzle, sudoku_solver(puzzle.copy()))


@pytest.mark.parametrize("text", UNIQUE.values(), ids=UNIQUE.keys())
def test_hard_puzzle_has_one_solution(text):
    """Guards the literals above: each is a proper puzzle with one solution,
    as the textbook search counts (not the solver under test)."""
    assert backtracking_count(parse(text)) == 1


# --- Nearly empty grids ----------------------------------------------------


CLASHES = {
    "same-row": ((4, 0), (4, 8)),
    "same-column": ((0, 4), (8, 4)),
    "same-box": ((3, 3), (5, 5)),
}


@pytest.mark.parametrize("first, second", CLASHES.values(), ids=CLASHES.keys())
def test_nearly_empty_grid_with_two_clashing_givens_has_no_solution(sudoku_solver, first, second):
    puzzle = np.zeros((SIZE, SIZE), dtype=np.int64)
    puzzle[first] = puzzle[second] = 7
    assert (sudoku_solver(puzzle) == NO_SOLUTION).all()


def test_sparse_consistent_puzzle_without_solution_gets_all_minus_one(sudoku_solver):
    assert (sudoku_solver(parse(SPARSE_NO_SOLUTION)) == NO_SOLUTION).all()


def test_sparse_puzzle_without_solution_gives_nothing_simple_away():
    """Guards the literal above: 19 givens, no repeat, and a candidate for every blank."""
    puzzle = parse(SPARSE_NO_SOLUTION)
    assert np.count_nonzero(puzzle) == 19
    assert not has_repeated_given(puzzle) and not has_dead_blank(puzzle)


@pytest.mark.parametrize("side", [16, pytest.param(25, marks=pytest.mark.slow)], ids=["16x16", "25x25"])
def test_empty_large_grid_gets_a_valid_answer(side):
    empty = np.zeros((side, side), dtype=np.int64)
    assert is_valid_solution(empty, solve_sudoku(empty, size=side))
