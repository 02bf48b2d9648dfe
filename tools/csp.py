"""Sudoku as a constraint satisfaction problem: backtracking search with the
minimum-remaining-values heuristic and forward checking.

This is the method the AI unit recommends, kept to the textbook (Russell and
Norvig, *Artificial Intelligence: A Modern Approach*, ch. 6) so that it can be
compared with the project's dancing-links engine, and so that it can serve as
the project's independent reference solver: it shares no code with
``helpers`` and uses numpy and the standard library only.

The problem, for an N x N sudoku with B x B boxes (N = B * B: 4, 9, 16, ...)
    variables    the N * N cells, numbered row by row.
    domains      the digits a cell may still take, as a bit mask: bit d - 1
                 stands for digit d.
    constraints  all-different on every row, column and box, written as binary
                 inequalities between *peers* (two cells that share a unit).

The search (``SudokuCSP``)
    assign       put a digit in a cell, then *forward check*: remove that digit
                 from the domain of every unassigned peer, and fail at once if
                 one of them has no digit left.
    select       minimum remaining values (MRV): the unassigned cell with the
                 smallest domain, the first in row-major order on a tie.
    order        the digits of its domain in increasing order.
    backtrack    depth first, undoing an assignment and its pruning on the way
                 back.  Recursive, one level per blank: fine up to 25 x 25
                 (625 cells), but a 36 x 36 puzzle with most cells blank would
                 pass Python's default recursion limit of 1000.
Nothing else prunes: no hidden singles, no arc consistency beyond forward
checking.  The givens are assigned first, with the same forward checking, and
are not counted as search assignments.

Public API
    ``sudoku_solver(sudoku)``           the assignment's contract: a solution or all -1.
    ``solve(grid, budget)``             (first solution or None, assignments tried).
    ``count_solutions(grid, limit, budget)``  how many solutions, up to ``limit``.
    ``SearchBudgetExceeded``            raised when a budget of assignments runs out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

import numpy as np

# Stated here rather than taken from helpers: this solver shares nothing with
# the one it checks, not even the assignment's conventions.
EMPTY = 0  #: the value of a blank cell
NO_SOLUTION = -1  #: every cell of sudoku_solver's answer when there is no solution


class SearchBudgetExceeded(Exception):
    """The search tried more assignments than its budget allowed."""


@cache
def peers(box: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of the grid of box side ``box``, the other cells of its row,
    column and box, in increasing order."""
    side = box * box

    def place(cell: int) -> tuple[int, int, int]:
        row, col = divmod(cell, side)
        return row, col, (row // box) * box + col // box

    places = [place(cell) for cell in range(side * side)]
    return tuple(
        tuple(
            other
            for other in range(side * side)
            if other != cell and any(mine == theirs for mine, theirs in zip(places[cell], places[other]))
        )
        for cell in range(side * side)
    )


class SudokuCSP:
    """One puzzle's variables and domains, and the backtracking search over them.

    ``domains[cell]`` is the cell's domain as a bit mask and ``values[cell]``
    its digit, 0 while unassigned.  After construction the givens are assigned
    and forward checked; ``consistent`` is False when that already failed (a
    repeated given, or a blank with no digit left).  ``assignments`` counts
    the assignments the search has tried, ``budget`` caps them (None: no cap).
    """

    def __init__(self, cells: Sequence[int], box: int, budget: int | None = None) -> None:
        self.side = box * box
        self.peers = peers(box)
        self.values = [EMPTY] * len(cells)
        self.domains = [(1 << self.side) - 1] * len(cells)
        self.assignments = 0
        self.budget = budget
        self.consistent = all(
            self.assign(cell, 1 << (digit - 1)) is not None for cell, digit in enumerate(cells) if digit != EMPTY
        )

    def assign(self, cell: int, bit: int) -> list[int] | None:
        """Give ``cell`` the digit of ``bit`` and forward check.

        Returns the peers whose domains lost the digit, to hand to
        ``unassign`` later; or None, with nothing changed, when the digit is
        not in the cell's domain or a peer's domain becomes empty.
        """
        if not self.domains[cell] & bit:
            return None
        self.values[cell] = bit.bit_length()
        pruned = []
        for peer in self.peers[cell]:
            if self.values[peer] == EMPTY and self.domains[peer] & bit:
                self.domains[peer] ^= bit
                pruned.append(peer)
                if not self.domains[peer]:
                    self.unassign(cell, bit, pruned)
                    return None
        return pruned

    def unassign(self, cell: int, bit: int, pruned: list[int]) -> None:
        """Undo ``assign(cell, bit)``, which pruned the peers ``pruned``."""
        for peer in pruned:
            self.domains[peer] |= bit
        self.values[cell] = EMPTY

    def select_unassigned_variable(self, open_cells: Sequence[int]) -> int:
        """MRV: the position in ``open_cells`` (unassigned cells in row-major
        order) of the first cell with the smallest domain."""
        best, best_size = 0, self.side + 1
        for k, cell in enumerate(open_cells):
            size = self.domains[cell].bit_count()
            if size < best_size:
                best, best_size = k, size
                # Forward checking leaves no empty domain, so 1 cannot be beaten.
                if size == 1:
                    break
        return best

    def search(self, open_cells: list[int], found: list[list[int]], limit: int | None) -> bool:
        """Depth-first search over the unassigned ``open_cells``; appends each
        complete assignment to ``found`` and returns True once ``found`` holds
        ``limit`` of them (never when ``limit`` is None).

        Raises ``SearchBudgetExceeded`` on the assignment after the budget.
        """
        if not open_cells:
            found.append(list(self.values))
            return len(found) == limit
        k = self.select_unassigned_variable(open_cells)
        cell = open_cells[k]
        rest = open_cells[:k] + open_cells[k + 1 :]
        domain = self.domains[cell]
        while domain:
            bit = domain & -domain  # the smallest digit left: digits go up
            domain ^= bit
            self.assignments += 1
            if self.budget is not None and self.assignments > self.budget:
                raise SearchBudgetExceeded(f"more than {self.budget} assignments")
            pruned = self.assign(cell, bit)
            if pruned is not None:
                done = self.search(rest, found, limit)
                self.unassign(cell, bit, pruned)
                if done:
                    return True
        return False

    def run(self, limit: int | None) -> list[list[int]]:
        """Up to ``limit`` solutions (all when None), each a flat list of digits."""
        found: list[list[int]] = []
        if self.consistent and limit != 0:
            self.search([cell for cell, value in enumerate(self.values) if value == EMPTY], found, limit)
        return found


def read_cells(grid: object) -> tuple[list[int], int]:
    """``(cells, box)``: the digits of ``grid`` row by row and its box side.

    ``grid`` is an N x N array-like, or a flat one of N * N values, with
    N = B * B for a box side B >= 1 and every value a whole number in 0..N.
    Raises ``ValueError`` otherwise.
    """
    array = np.asarray(grid)
    if array.ndim == 1 and math.isqrt(array.size) ** 2 == array.size:
        array = array.reshape(math.isqrt(array.size), -1)
    side = array.shape[0] if array.ndim == 2 else 0
    box = math.isqrt(side)
    if side == 0 or array.shape != (side, side) or box * box != side:
        raise ValueError(f"expected an N x N grid with N a square number, got shape {array.shape}")
    if not np.issubdtype(array.dtype, np.number) or not np.all((array >= 0) & (array <= side) & (array % 1 == 0)):
        raise ValueError(f"every value must be a whole number from 0 to {side}")
    return [int(value) for value in array.ravel().tolist()], box


def solve(grid: object, budget: int | None = None) -> tuple[np.ndarray | None, int]:
    """``(solution, assignments)``: the first solution of ``grid`` in search
    order as a new N x N int array (None when there is none), and how many
    assignments the search tried.

    ``grid`` as for ``read_cells``.  Raises ``SearchBudgetExceeded`` when more
    than ``budget`` assignments would be needed (never when it is None).
    """
    cells, box = read_cells(grid)
    problem = SudokuCSP(cells, box, budget)
    found = problem.run(limit=1)
    side = box * box
    solution = np.array(found[0], dtype=int).reshape(side, side) if found else None
    return solution, problem.assignments


def count_solutions(grid: object, limit: int | None = 2, budget: int | None = None) -> int:
    """How many solutions ``grid`` has, counting no further than ``limit``
    (all of them when None): with the default, 0, 1 or 2 for "two or more".

    ``grid`` as for ``read_cells``; ``budget`` as for ``solve``.
    """
    cells, box = read_cells(grid)
    return len(SudokuCSP(cells, box, budget).run(limit))


def sudoku_solver(sudoku: np.ndarray) -> np.ndarray:
    """The assignment's contract: for an N x N puzzle (0 = blank), a new N x N
    int array holding its solution, or every cell -1 when it has none
    (repeated givens included).  ``sudoku`` is not modified.

    Raises ``ValueError`` when ``sudoku`` is not such a grid.
    """
    solution, _ = solve(sudoku)
    if solution is None:
        side = math.isqrt(np.size(sudoku))
        return np.full((side, side), NO_SOLUTION, dtype=int)
    return solution
