"""The course's method: backtracking search over a sudoku's cells, with MRV
or a fixed order, forward checking, maintaining arc consistency (MAC) and
Norvig's hidden singles, kept to the textbook (Russell and Norvig,
*Artificial Intelligence: A Modern Approach*, ch. 6).

The experiment (``experiment.py``) compares it with the solver, and the
project labels its own puzzles with it, so it shares no code with the solver:
it imports nothing of ``helpers.py``, and works out each cell's peers
itself, as the checker does.

    variables    the N * N cells, numbered row by row.
    domains      the digits a cell may still take, as a bit mask: bit d - 1
                 stands for digit d.
    constraints  all-different on every row, column and box, as binary
                 inequalities between *peers* (two cells that share a unit).
    select       minimum remaining values (MRV): the unassigned cell with
                 the smallest domain, ties broken by the degree heuristic
                 (most unassigned peers), then by row-major order; or,
                 without MRV, the first unassigned cell in that order.
    order        the digits of its domain in increasing order.
    inference    *forward checking*: remove the digit from the domain of
                 every unassigned peer, and fail at once if one is left with
                 no digit; or *maintaining arc consistency* (MAC): AC-3 on
                 the inequalities, which on a binary inequality means that
                 a domain left with one digit removes it from its peers'
                 domains in turn; and, as Norvig's solver does, *hidden
                 singles*: a digit left with one place in a unit goes there.
    backtrack    depth first, recursive, putting the domains back as they
                 were before each assignment.

The givens are assigned first and are not counted as assignments.  numpy and
the standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np

BLANK = 0  #: a cell with no digit, in a grid and in ``SudokuCSP.values``


class SearchBudgetExceeded(Exception):
    """The backtracking search would try more assignments than its ``budget``."""

    def __init__(self, budget: int) -> None:
        super().__init__(f"more than {budget} assignments")
        self.budget = budget


@lru_cache(maxsize=None)
def _csp_units(box: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell of the grid of box side ``box``, its row, its column and
    its box, each as the cells it holds (worked out here again, on purpose)."""
    side = box * box
    units = [tuple(range(r * side, (r + 1) * side)) for r in range(side)]
    units += [tuple(range(c, side * side, side)) for c in range(side)]
    units += [
        tuple((top + r) * side + left + c for r in range(box) for c in range(box))
        for top in range(0, side, box)
        for left in range(0, side, box)
    ]
    return tuple(tuple(unit for unit in units if cell in unit) for cell in range(side * side))


@lru_cache(maxsize=None)
def _csp_peers(box: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of the grid of box side ``box``, the other cells of its row,
    column and box, in increasing order.  (The box of a cell is worked out here
    again, on purpose: this part shares no code with the solver's.)"""
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


#: the most digits for which the domain sizes come from a table: 2**16
#: entries; a 25 x 25 board's table would hold 2**25
_DOMAIN_TABLE_MAX_DIGITS = 16


class _CountedDomainSizes:
    """Stands in for the table of domain sizes where it would be too big:
    ``_CountedDomainSizes()[mask]`` counts the bits set in ``mask``."""

    def __getitem__(self, mask: int) -> int:
        return bin(mask).count("1")


@lru_cache(maxsize=None)
def _domain_sizes(side: int) -> tuple[int, ...] | _CountedDomainSizes:
    """``sizes[mask]``: how many digits the domain ``mask`` holds, for N = ``side``.
    MRV asks it for every open cell at every step, so up to N = 16 it is a table
    of all 2**N answers, faster than counting bits."""
    if side > _DOMAIN_TABLE_MAX_DIGITS:
        return _CountedDomainSizes()
    sizes = [0]
    for _ in range(side):
        sizes += [size + 1 for size in sizes]  # the masks with the next bit set: one digit more
    return tuple(sizes)


class SudokuCSP:
    """One puzzle's variables and domains, and the backtracking search over them.

    ``domains[cell]`` is the cell's domain as a bit mask and ``values[cell]``
    its digit, 0 while unassigned.  After construction the givens are
    assigned, each blank's domain is narrowed to ``narrowed`` where given
    (the digits some other reasoning left each cell, as bit masks), and the
    inference has run (``assign_givens``); ``consistent`` is False when that
    already failed (a repeated given, or a blank with no digit left).  ``mrv`` chooses the variable by
    MRV, else in row-major order; ``mac`` makes the inference arc consistency,
    else forward checking; ``hidden_singles`` adds them to arc consistency.
    ``assignments`` counts the assignments the search has tried, ``budget``
    caps them (None: no cap).
    """

    def __init__(
        self,
        cells: Sequence[int],
        box: int,
        budget: int | None = None,
        narrowed: Sequence[int] | None = None,
        mrv: bool = True,
        mac: bool = False,
        hidden_singles: bool = False,
    ) -> None:
        self.side = box * box
        self.peers = _csp_peers(box)
        self.units = _csp_units(box)
        self.domain_sizes = _domain_sizes(self.side)
        self.mrv, self.mac, self.hidden_singles = mrv, mac or hidden_singles, hidden_singles
        self.values = [BLANK] * len(cells)
        self.domains = [(1 << self.side) - 1] * len(cells)
        self.assignments = 0
        self.budget = budget
        self.consistent = self.assign_givens(cells, narrowed)

    def assign_givens(self, cells: Sequence[int], narrowed: Sequence[int] | None) -> bool:
        """Assign every given at once and take its digit from its peers'
        domains, narrow the blanks' domains to ``narrowed`` (if given), then
        make the rest of the inference once for all; False when it fails.
        The inference reaches the same domains in any order, so this is
        what assigning the givens one at a time reaches, in fewer steps."""
        values, domains, peers = self.values, self.domains, self.peers
        for cell, digit in enumerate(cells):
            if digit != BLANK:
                values[cell], domains[cell] = digit, 1 << (digit - 1)
        blanks = [cell for cell, digit in enumerate(cells) if digit == BLANK]
        for cell in blanks:
            for peer in peers[cell]:
                if values[peer] != BLANK:
                    domains[cell] &= ~domains[peer]
            if narrowed is not None:
                domains[cell] &= narrowed[cell]
        if any(values[peer] == digit for cell, digit in enumerate(cells) if digit != BLANK for peer in peers[cell]):
            return False  # a repeated given
        if not all(domains[cell] for cell in blanks):
            return False
        full = (1 << self.side) - 1
        # Each unit meets one cell of this diagonal-like pattern, so its cells' units are all the units,
        # and a digit lost there looks at every unit (see place_hidden_singles).
        box = math.isqrt(self.side)
        every_unit = [(i * self.side + (box * i + i // box) % self.side, full) for i in range(self.side)]
        settled = [cell for cell in blanks if not domains[cell] & (domains[cell] - 1)] if self.mac else []
        return self.propagate(settled, every_unit if self.hidden_singles else [])

    def assign(self, cell: int, bit: int) -> bool:
        """Give ``cell`` the digit of ``bit`` and make the inference; False
        when it leaves a domain empty, or a digit without a place in a unit.
        The caller puts the domains back (``restore_domains``)."""
        self.values[cell] = bit.bit_length()
        lost = [(cell, self.domains[cell] & ~bit)]  # a cell and the digits it has just lost
        self.domains[cell] = bit
        return self.propagate([cell], lost)

    def propagate(self, settled: list[int], lost: list[tuple[int, int]]) -> bool:
        """The inference: each cell of ``settled`` has one digit, which its
        unassigned peers lose (forward checking); with MAC, a peer left with
        one digit is settled in turn (AC-3); with hidden singles, each
        ``(cell, digits)`` of ``lost`` has the units of ``cell`` looked at for
        those digits.  False when a domain is left empty or a digit without a
        place in a unit."""
        values, domains, peers = self.values, self.domains, self.peers
        while settled or (lost and self.hidden_singles):
            if not settled:
                if not self.place_hidden_singles(*lost.pop(), settled, lost):
                    return False
                continue
            source = settled.pop()
            digit = domains[source]
            for peer in peers[source]:
                if values[peer] == BLANK and domains[peer] & digit:
                    left = domains[peer] ^ digit
                    domains[peer] = left
                    if not left:
                        return False
                    if self.mac and not left & (left - 1):  # one digit left: AC-3 revises its peers too
                        settled.append(peer)
                    lost.append((peer, digit))
        return True

    def place_hidden_singles(self, cell: int, digits: int, settled: list[int], lost: list[tuple[int, int]]) -> bool:
        """For each digit ``cell`` has just lost, in each unit of ``cell``: a
        digit left with no place fails, and one left with one place goes
        there, to be settled in turn.  False when a digit has no place."""
        domains = self.domains
        while digits:
            bit = digits & -digits
            digits ^= bit
            for unit in self.units[cell]:
                places = [other for other in unit if domains[other] & bit]
                if not places:
                    return False
                if len(places) == 1 and domains[places[0]] != bit:  # a hidden single
                    lost.append((places[0], domains[places[0]] ^ bit))
                    domains[places[0]] = bit
                    settled.append(places[0])
        return True

    def select_unassigned_variable(self, open_cells: Sequence[int]) -> int:
        """The position in ``open_cells`` (unassigned cells in row-major order)
        of the cell to assign next: with MRV, one with the smallest domain,
        ties broken by the *degree heuristic* (the most unassigned peers, then
        the first); else the first."""
        if not self.mrv:
            return 0
        sizes, domains = self.domain_sizes, self.domains
        smallest = min(sizes[domains[cell]] for cell in open_cells)
        ties = [k for k, cell in enumerate(open_cells) if sizes[domains[cell]] == smallest]
        if smallest == 1:  # a forced cell: the order of forced cells changes nothing
            return ties[0]
        values, peers = self.values, self.peers
        return max(ties, key=lambda k: sum(values[peer] == BLANK for peer in peers[open_cells[k]]))

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
        before = self.save_domains()
        domain = before[cell]
        while domain:
            bit = domain & -domain  # the smallest digit left: digits go up
            domain ^= bit
            self.assignments += 1
            if self.budget is not None and self.assignments > self.budget:
                raise SearchBudgetExceeded(self.budget)
            if self.assign(cell, bit) and self.search(rest, found, limit):
                return True
            self.restore_domains(before)  # undo the assignment's inference
            self.values[cell] = BLANK
        return False

    def save_domains(self) -> list[int]:
        """A copy of every domain, to restore when an assignment is undone."""
        return list(self.domains)

    def restore_domains(self, saved: list[int]) -> None:
        """Put back the domains ``save_domains`` copied."""
        self.domains[:] = saved

    def run(self, limit: int | None) -> list[list[int]]:
        """Up to ``limit`` solutions (all when None), each a flat list of digits."""
        found: list[list[int]] = []
        if self.consistent and limit != 0:
            self.search([cell for cell, value in enumerate(self.values) if value == BLANK], found, limit)
        return found


def _csp_cells(grid: object) -> tuple[list[int], int]:
    """``(cells, box)``: the digits of ``grid`` row by row and its box side,
    checked as ``backtracking_solve`` says."""
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


class Backtracked(NamedTuple):
    """What ``backtracking_solve`` found: the solution (``None`` when there is
    none) and the assignments tried."""

    solution: np.ndarray | None
    assignments: int


def backtracking_solve(
    grid: object,
    budget: int | None = None,
    narrowed: Sequence[int] | None = None,
    mrv: bool = True,
    mac: bool = False,
    hidden_singles: bool = False,
) -> Backtracked:
    """The first solution of ``grid`` in search order as a new N x N int
    array (None when there is none) and how many assignments the search
    tried (``SudokuCSP``).

    ``grid`` is an N x N array-like, or a flat one of N * N values, with
    N = B * B for a box side B >= 1 and every value a whole number in 0..N
    (0 for a blank); it is not modified.  ``narrowed``, ``mrv``, ``mac`` and
    ``hidden_singles`` as for ``SudokuCSP``.  Raises ``ValueError`` when ``grid`` is not such a
    grid, and ``SearchBudgetExceeded`` when more than ``budget`` assignments
    would be needed (never when it is None).
    """
    cells, box = _csp_cells(grid)
    problem = SudokuCSP(cells, box, budget, narrowed, mrv, mac, hidden_singles)
    found = problem.run(limit=1)
    side = box * box
    solution = np.array(found[0], dtype=int).reshape(side, side) if found else None
    return Backtracked(solution, problem.assignments)


def backtracking_count(grid: object, limit: int | None = 2, budget: int | None = None) -> int:
    """How many solutions ``grid`` has, counting no further than ``limit``
    (all of them when None): with the default, 0, 1 or 2 for "two or more".

    ``grid`` and ``budget`` as for ``backtracking_solve``.
    """
    cells, box = _csp_cells(grid)
    return len(SudokuCSP(cells, box, budget).run(limit))
