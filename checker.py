"""An independent check of sudoku answers, written from the rules alone.

It shares no code with ``helpers.py``: the tests and the notebook use it to
verify what the solver returns, so a fault in the solver cannot hide behind
the same fault in its checker.
"""

from __future__ import annotations

import math

import numpy as np


def is_valid_solution(puzzle: object, grid: object) -> bool:
    """True when ``grid`` is a complete, valid sudoku that keeps every given of ``puzzle``.

    Both are square N x N arrays (or nested lists) with N a perfect square;
    ``puzzle`` uses 0 for a blank.  Every row, column and box of ``grid`` must
    hold each of 1..N exactly once.
    """
    puzzle = np.asarray(puzzle)
    grid = np.asarray(grid)
    side = grid.shape[0] if grid.ndim == 2 else 0
    box = math.isqrt(side)
    if side == 0 or grid.shape != (side, side) or puzzle.shape != grid.shape or box * box != side:
        return False
    digits = set(range(1, side + 1))
    rows = [list(grid[r, :]) for r in range(side)]
    columns = [list(grid[:, c]) for c in range(side)]
    boxes = [
        list(grid[top : top + box, left : left + box].ravel())
        for top in range(0, side, box)
        for left in range(0, side, box)
    ]
    for unit in rows + columns + boxes:
        if len(unit) != side or set(int(v) for v in unit) != digits:
            return False
    givens = puzzle != 0
    return bool(np.all(grid[givens] == puzzle[givens]))
