"""The independent checker must be able to say no: each rule it enforces, broken once."""

from __future__ import annotations

import numpy as np

from conftest import ROOT, SOLVER_ROOTS, module_uses, reachable
from helpers import is_valid_solution
from tools.puzzles.make_data import pattern_grid

VALID = pattern_grid(3)
NO_GIVENS = np.zeros((9, 9), dtype=int)


def test_accepts_a_valid_grid():
    assert is_valid_solution(NO_GIVENS, VALID)


def test_rejects_a_changed_given():
    puzzle = VALID.copy()
    grid = VALID.copy()
    grid[0, 0], grid[0, 1] = grid[0, 1], grid[0, 0]  # keeps the row, breaks columns
    assert not is_valid_solution(puzzle, grid)


def test_rejects_a_repeat_in_a_row():
    grid = VALID.copy()
    grid[0, 0] = grid[0, 1]
    assert not is_valid_solution(NO_GIVENS, grid)


def test_rejects_swapped_columns_that_break_boxes():
    grid = VALID[:, [0, 3, 2, 1, 4, 5, 6, 7, 8]]  # rows and columns stay complete
    assert not is_valid_solution(NO_GIVENS, grid)


def test_rejects_a_blank_or_minus_one():
    assert not is_valid_solution(NO_GIVENS, np.full((9, 9), -1))
    grid = VALID.copy()
    grid[8, 8] = 0
    assert not is_valid_solution(NO_GIVENS, grid)


def test_rejects_a_wrong_shape():
    assert not is_valid_solution(NO_GIVENS[:8, :8], VALID[:8, :8])
    assert not is_valid_solution(NO_GIVENS, VALID[:, :8])


def test_accepts_a_valid_4x4():
    grid = np.array([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]])
    assert is_valid_solution(np.zeros((4, 4), dtype=int), grid)


def test_shares_no_code_with_the_solver():
    uses = module_uses((ROOT / "helpers.py").read_text(encoding="utf-8"))
    assert reachable(uses, {"is_valid_solution"}) & reachable(uses, SOLVER_ROOTS) == set()
