"""The independent checker must be able to say no: each rule it enforces, broken once."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import ROOT, SOLVER_ROOTS, module_uses, reachable
from helpers import is_valid_solution
from tools.puzzles.make_data import pattern_grid

VALID = pattern_grid(3)
NO_GIVENS = np.zeros((9, 9), dtype=int)


def changed(grid: np.ndarray, cell: tuple[int, int], value: int) -> np.ndarray:
    """A copy of ``grid`` with ``value`` in ``cell``."""
    copy = grid.copy()
    copy[cell] = value
    return copy


@pytest.mark.parametrize(
    "puzzle, grid",
    [(NO_GIVENS, VALID), (np.zeros((4, 4), dtype=int), [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]])],
    ids=["9x9", "4x4"],
)
def test_accepts_a_valid_grid(puzzle, grid):
    assert is_valid_solution(puzzle, np.array(grid))


@pytest.mark.parametrize(
    "puzzle, grid",
    [
        (VALID, VALID[:, [1, 0, *range(2, 9)]]),  # a valid grid, but two columns of givens swapped
        (NO_GIVENS, changed(VALID, (0, 0), VALID[0, 1])),
        (NO_GIVENS, VALID[:, [0, 3, 2, 1, *range(4, 9)]]),  # rows and columns stay complete
        (NO_GIVENS, changed(VALID, (8, 8), 0)),
        (NO_GIVENS, np.full((9, 9), -1)),
        (NO_GIVENS[:8, :8], VALID[:8, :8]),
        (NO_GIVENS, VALID[:, :8]),
    ],
    ids=[
        "a changed given",
        "a repeat in a row",
        "swapped columns that break boxes",
        "a blank",
        "minus one",
        "8x8",
        "9x8",
    ],
)
def test_rejects(puzzle, grid):
    assert not is_valid_solution(puzzle, grid)


def test_shares_no_code_with_the_solver():
    uses = module_uses((ROOT / "helpers.py").read_text(encoding="utf-8"))
    assert reachable(uses, {"is_valid_solution"}) & reachable(uses, SOLVER_ROOTS) == set()
