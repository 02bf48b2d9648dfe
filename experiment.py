"""The experiment behind the report (``readme.md``): what the notebook's
Section 8 runs, beside the solver in ``helpers.py``.

In the order of Section 8:

- the course's method, backtracking search over the cells with MRV or a
  fixed order, forward checking, MAC and hidden singles (``SudokuCSP``,
  ``backtracking_solve``), written from Russell and Norvig's chapter 6 and
  sharing no code with the solver;
- the puzzles (``puzzle_sets``) and the methods compared: the ablation,
  Algorithm X with the solver's ideas added one at a time (``ablation``),
  and the course's searches (``textbook_methods``);
- ``race``, which times the methods in turn, puzzle by puzzle, with
  ``time.process_time`` as the autograder does, and checks every answer;
- ``node_times``: where a search node's time goes, part by part;
- Wilcoxon's signed-rank test and Holm's correction (``comparisons``);
- the tables the report quotes (``print_answers`` and the rest) and its two
  figures (``draw_exact_cover``, ``plot_times``).

numpy and the standard library, and matplotlib for the figures.  The solver
is used through the public names of ``helpers.py`` alone.
"""

from __future__ import annotations

import gc
import math
import os
import platform
import time
import typing
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Callable, NamedTuple, Tuple, Union

import numpy as np

from helpers import (
    CONSTRAINT_FAMILIES,
    EMPTY,
    NO_SOLUTION,
    SUDOKU_BOX,
    AlgorithmX,
    Answer,
    Candidates,
    ColumnObject,
    DancingNode,
    Ideas,
    OpenPart,
    SudokuEngine,
    candidate_row,
    exact_cover_rows,
    is_valid_solution,
    read_grid,
)

# ---------------------------------------------------------------------------
# The textbook method: backtracking search with MRV and forward checking or arc consistency
# ---------------------------------------------------------------------------
# The method the AI course teaches, kept to the textbook (Russell and Norvig,
# *Artificial Intelligence: A Modern Approach*, ch. 6), which the experiment
# compares with the solver.  It names nothing of helpers.py but the constant
# EMPTY, and the solver names nothing of it, so each can check the other; it
# works out each cell's peers itself, as the checker does.
#
#     variables    the N * N cells, numbered row by row.
#     domains      the digits a cell may still take, as a bit mask: bit d - 1
#                  stands for digit d.
#     constraints  all-different on every row, column and box, as binary
#                  inequalities between *peers* (two cells that share a unit).
#     select       minimum remaining values (MRV): the unassigned cell with
#                  the smallest domain, ties broken by the degree heuristic
#                  (most unassigned peers), then by row-major order; or,
#                  without MRV, the first unassigned cell in that order.
#     order        the digits of its domain in increasing order.
#     inference    *forward checking*: remove the digit from the domain of
#                  every unassigned peer, and fail at once if one is left with
#                  no digit; or *maintaining arc consistency* (MAC): AC-3 on
#                  the inequalities, which on a binary inequality means that
#                  a domain left with one digit removes it from its peers'
#                  domains in turn; and, as Norvig's solver does, *hidden
#                  singles*: a digit left with one place in a unit goes there.
#     backtrack    depth first, recursive, putting the domains back as they
#                  were before each assignment.
# The givens are assigned first and are not counted as assignments.


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
        self.values = [EMPTY] * len(cells)
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
            if digit != EMPTY:
                values[cell], domains[cell] = digit, 1 << (digit - 1)
        blanks = [cell for cell, digit in enumerate(cells) if digit == EMPTY]
        for cell in blanks:
            for peer in peers[cell]:
                if values[peer] != EMPTY:
                    domains[cell] &= ~domains[peer]
            if narrowed is not None:
                domains[cell] &= narrowed[cell]
        if any(values[peer] == digit for cell, digit in enumerate(cells) if digit != EMPTY for peer in peers[cell]):
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
                if values[peer] == EMPTY and domains[peer] & digit:
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
        return max(ties, key=lambda k: sum(values[peer] == EMPTY for peer in peers[open_cells[k]]))

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
            self.values[cell] = EMPTY
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
            self.search([cell for cell, value in enumerate(self.values) if value == EMPTY], found, limit)
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


# ---------------------------------------------------------------------------
# The methods compared
# ---------------------------------------------------------------------------

#: a method of the race: a puzzle in, ``(solution or None, search nodes)`` out, the search nodes
#: being the rows Algorithm X took or the assignments a backtracking search tried
Method = Callable[[np.ndarray], Tuple[Union[np.ndarray, typing.Sequence[int], None], int]]

# How the tables name the methods.
SOLVER = "my solver"
#: the ablation's variants: my solver without each of its components, each component named
WITHOUT = {
    "reuse_matrix": "without matrix reuse",
    "naked_singles": "without naked singles",
    "hidden_singles": "without hidden singles",
    "locked_candidates": "without locked candidates",
}
ALGORITHM_X = "Algorithm X, none of the four"
FIXED_ORDER = "fixed order, forward checking"
FORWARD_CHECKING = "MRV, forward checking"
MAC = "MRV, MAC"
HIDDEN_SINGLES = "MRV, MAC, hidden singles"
AFTER_PROPAGATION = "propagation, then MRV, MAC, hidden singles"


def by_engine(engine: SudokuEngine) -> Method:
    """The method that solves as the notebook's ``sudoku_solver`` does, with
    ``engine``: the solution (a flat list) or None, and the rows tried."""

    def method(puzzle: np.ndarray) -> Answer:
        cells = read_grid(puzzle, engine.size)
        return Answer(None, 0) if cells is None else engine.solve(cells)

    return method


def ablation() -> dict[str, SudokuEngine]:
    """My solver's engine, then an engine without each of its four components
    (``Ideas``) in turn, then Algorithm X with none of them (Knuth's S
    heuristic on a matrix built for each puzzle, in the solver's column
    order): label -> engine.  A component's effect is what removing it from
    the whole solver costs."""
    variants = {SOLVER: Ideas(), **{WITHOUT[name]: Ideas()._replace(**{name: False}) for name in Ideas._fields}}
    variants[ALGORITHM_X] = Ideas(*[False] * len(Ideas._fields))
    engines = {label: SudokuEngine(SUDOKU_BOX, ideas) for label, ideas in variants.items()}
    for engine in engines.values():  # the matrix an engine keeps is built now, so that no puzzle's time holds it
        engine.matrix_for(OpenPart([], []))
    return engines


def propagated(engine: SudokuEngine, puzzle: np.ndarray) -> tuple[list[int], Candidates] | None:
    """What my solver's propagation (``engine.place_forced_digits``) leaves
    of ``puzzle``: its cells with the forced digits placed, and where each
    digit may still go; None when it finds that there is no solution."""
    cells = read_grid(puzzle)
    candidates = None if cells is None else engine.place_forced_digits(cells)
    return None if cells is None or candidates is None else (cells, candidates)


def digits_left(candidates: Candidates) -> list[int]:
    """The digits each cell may still take, as a bit mask (bit d - 1 for
    digit d), from where each digit may still go: the domains of a CSP."""
    masks = [0] * 81
    for d, board in enumerate(candidates.places):
        while board:
            bit = board & -board
            board ^= bit
            masks[bit.bit_length() - 1] |= 1 << d
    return masks


def after_propagation() -> Method:
    """The textbook search with MAC and hidden singles on the residual
    problem my solver's propagation leaves (``propagated``): the digits it
    placed, and each blank's domain narrowed to the digits it left."""
    engine = SudokuEngine(SUDOKU_BOX)

    def method(puzzle: np.ndarray) -> Backtracked:
        left = propagated(engine, puzzle)
        if left is None:
            return Backtracked(None, 0)
        return backtracking_solve(left[0], None, digits_left(left[1]), hidden_singles=True)

    return method


def textbook_methods() -> dict[str, Method]:
    """The course's searches, label -> method: backtracking in row-major
    order with forward checking; with MRV (ties broken by degree) and forward
    checking; maintaining arc consistency instead; with hidden singles too, at
    every node; and that last search after my solver's propagation."""
    return {
        FIXED_ORDER: lambda puzzle: backtracking_solve(puzzle, mrv=False),
        FORWARD_CHECKING: lambda puzzle: backtracking_solve(puzzle),
        MAC: lambda puzzle: backtracking_solve(puzzle, mac=True),
        HIDDEN_SINGLES: lambda puzzle: backtracking_solve(puzzle, hidden_singles=True),
        AFTER_PROPAGATION: after_propagation(),
    }


# ---------------------------------------------------------------------------
# The puzzles
# ---------------------------------------------------------------------------

#: the assignment's categories, easiest first: ``data/<category>_puzzle.npy`` and ``_solution.npy``
CATEGORIES = ("very_easy", "easy", "medium", "hard")
#: the three sets of hard puzzles and their files (``data/README.md``), without stored answers
HARD_SETS = {
    "generated hard": "data/generated/hard_evaluation.txt",
    "top1465": "data/top1465_evaluation.txt",
    "hardest": "data/hardest_evaluation.txt",
}
#: a set's puzzles (K x 9 x 9) and stored answers, or None where any valid completion is right
PuzzleSet = Tuple[np.ndarray, Union[np.ndarray, None]]


def load_puzzles(path: str) -> np.ndarray:
    """The puzzles of a file as a K x 9 x 9 int array: a ``.npy`` file as numpy
    saved it, or text with one puzzle a line, its 81 digits row by row, 0 for
    a blank (``data/README.md``)."""
    if path.endswith(".npy"):
        return np.load(path).astype(np.int64)
    with open(path, encoding="ascii") as lines:
        cells = [[int(digit) for digit in line.strip()] for line in lines if line.strip()]
    return np.array(cells, dtype=np.int64).reshape(-1, 9, 9)


def puzzle_sets() -> dict[str, PuzzleSet]:
    """The assignment's four categories with their stored answers, then each
    of ``HARD_SETS`` whose file is here; a line says which are not, and why."""
    sets = {}
    for category in CATEGORIES:
        stored = np.load(f"data/{category}_solution.npy").astype(np.int64)
        sets[category.replace("_", " ")] = (load_puzzles(f"data/{category}_puzzle.npy"), stored)
    for name, path in HARD_SETS.items():
        if os.path.exists(path):
            sets[name] = (load_puzzles(path), None)
        else:
            print(f"Left out: the {name} set, as {path} is not in this folder")
    return sets


def with_a_wrong_digit(puzzle: np.ndarray, solution: np.ndarray) -> np.ndarray:
    """``puzzle`` with one more given that clashes with no given but is not
    the solution's: the first blank, row by row, gets the smallest such
    digit.  A puzzle with one solution then has none."""
    grid = np.array(puzzle)
    side = len(grid)
    cells, peers = grid.ravel(), _csp_peers(math.isqrt(side))
    for cell in np.flatnonzero(cells == EMPTY).tolist():
        r, c = divmod(cell, side)
        seen = set(cells[list(peers[cell])].tolist())
        wrong = [d for d in range(1, side + 1) if d not in seen and d != solution[r, c]]
        if wrong:
            grid[r, c] = wrong[0]
            return grid
    raise ValueError("no blank can take a wrong digit that clashes with no given")


def wrong_digit_set(puzzles: Sequence[np.ndarray]) -> PuzzleSet:
    """Each puzzle ``with_a_wrong_digit``, its solution found by the textbook
    search, and the answer stored for each: all ``NO_SOLUTION``."""
    wrong = []
    for puzzle in puzzles:
        solution = backtracking_solve(puzzle, hidden_singles=True).solution
        if solution is None:
            raise ValueError("a puzzle without a solution cannot take a wrong digit")
        wrong.append(with_a_wrong_digit(puzzle, solution))
    return np.array(wrong), np.full((len(wrong), 9, 9), NO_SOLUTION)


# ---------------------------------------------------------------------------
# The race
# ---------------------------------------------------------------------------


class Results(NamedTuple):
    """One method's race on a set of puzzles: ``ms``, its CPU time in each
    round (a row) on each puzzle (a column); and puzzle by puzzle, its
    ``nodes`` (search nodes) and whether its answer was ``right`` in every
    round (checked)."""

    ms: np.ndarray
    nodes: np.ndarray
    right: np.ndarray

    def round_means(self) -> np.ndarray:
        """The mean time per puzzle of each round."""
        return self.ms.mean(axis=1)

    def mean_ms(self) -> float:
        """The time per puzzle: the median of the rounds' means."""
        return float(np.median(self.round_means()))

    def puzzle_ms(self) -> np.ndarray:
        """Each puzzle's time: the median of its rounds."""
        return np.median(self.ms, axis=0)


def is_right(puzzle: np.ndarray, solution: np.ndarray | Sequence[int] | None, stored: np.ndarray | None) -> bool:
    """Whether ``solution`` (``None``: no solution) answers ``puzzle``: a valid
    completion by ``is_valid_solution`` equal to ``stored``, or ``None`` where
    ``stored`` is all ``NO_SOLUTION``.  Without ``stored``, any valid completion."""
    if stored is not None and np.all(stored == NO_SOLUTION):
        return solution is None
    if solution is None:
        return False
    grid = np.reshape(solution, np.shape(puzzle))
    return is_valid_solution(puzzle, grid) and (stored is None or np.array_equal(grid, stored))


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Every object made so far frozen out of garbage collection while the
    block runs (``gc.freeze``, then ``gc.unfreeze``), so that a collection in
    it looks only at what the block made, and a method pays for the garbage
    it makes, as beside any other code: Algorithm X alone builds a matrix of
    cycles for each puzzle, which only a collection frees.  Without it, a
    young matrix made before the block is walked by collections that the
    block's garbage sets off."""
    gc.collect()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def race(
    methods: dict[str, Method],
    puzzles: Sequence[np.ndarray] | np.ndarray,
    stored: Sequence[np.ndarray] | np.ndarray | None = None,
    rounds: int = 1,
) -> dict[str, Results]:
    """Every method on every puzzle, ``rounds`` times, taking turns: on puzzle
    k of round r, method k + r (counting round) goes first, so that a busy
    spell of the machine slows them alike and no method always follows the
    same one.  Each call gets a fresh copy of the puzzle and is timed as the
    autograder times it, with ``time.process_time()``; each answer is checked
    against ``stored`` solutions where given (``is_right``).  Each method first
    solves the first puzzle once, untimed, so that what it builds once (a
    matrix, a table) is not charged to one puzzle.

    The heap is frozen while it runs (``frozen_heap``).  ``ValueError`` when
    there is no method or no puzzle.
    """
    if not methods or not len(puzzles) or rounds < 1:
        raise ValueError(f"a race needs methods, puzzles and rounds: got {len(methods)}, {len(puzzles)}, {rounds}")
    for method in methods.values():
        method(np.array(puzzles[0]))
    names = list(methods)
    ms = {name: np.zeros((rounds, len(puzzles))) for name in names}
    nodes = {name: np.zeros(len(puzzles), dtype=np.int64) for name in names}
    right = {name: np.ones(len(puzzles), dtype=bool) for name in names}
    with frozen_heap():
        for r in range(rounds):
            for k, puzzle in enumerate(puzzles):
                turn = (k + r) % len(names)
                for name in names[turn:] + names[:turn]:
                    copy = np.array(puzzle)
                    start = time.process_time()
                    solution, nodes[name][k] = methods[name](copy)
                    ms[name][r, k] = 1000 * (time.process_time() - start)
                    right[name][k] &= is_right(puzzle, solution, None if stored is None else stored[k])
    return {name: Results(ms[name], nodes[name], right[name]) for name in names}


def race_each(
    methods: dict[str, Method], sets: dict[str, PuzzleSet], names: Sequence[str], rounds: int = 1
) -> dict[str, dict[str, Results]]:
    """``race`` on each set of ``names`` that ``sets`` holds, by name (a set
    that is not here is passed over: ``puzzle_sets`` has said so)."""
    return {name: race(methods, sets[name][0], sets[name][1], rounds) for name in names if name in sets}


# ---------------------------------------------------------------------------
# Where a search node's time goes
# ---------------------------------------------------------------------------

#: the parts of a search timed by ``node_times``; the rest is the search's own loop (and, for
#: Algorithm X, linking the matrix first)
PARTS = ("choosing", "propagating", "undoing")


def timed(seconds: dict[str, float], part: str, method: Callable[..., typing.Any], *args: typing.Any) -> typing.Any:
    """``method(*args)``, its time (``time.perf_counter``) added to ``seconds[part]``
    and a call to ``seconds[part + " calls"]``."""
    start = time.perf_counter()
    result = method(*args)
    seconds[part] += time.perf_counter() - start
    seconds[part + " calls"] += 1
    return result


def no_seconds() -> dict[str, float]:
    """Each part's seconds and calls, all 0."""
    return dict.fromkeys([*PARTS, *(part + " calls" for part in PARTS)], 0.0)


class InstrumentedAlgorithmX(AlgorithmX):
    """Algorithm X counting its ``choices`` (columns it branches on that hold
    two rows or more), and with ``timing`` set, its parts timed into
    ``seconds``: choosing a column, covering (propagating a choice) and
    uncovering (undoing it)."""

    def __init__(self, rows: Sequence[Iterable[int]], timing: bool = False) -> None:
        self.choices, self.timing, self.seconds = 0, timing, no_seconds()
        super().__init__(rows)

    def part(self, name: str, method: Callable[..., typing.Any], *args: typing.Any) -> typing.Any:
        return timed(self.seconds, name, method, *args) if self.timing else method(*args)

    def choose_column(self, emptied: Iterable[ColumnObject] | None = None) -> ColumnObject | None:
        column = self.part("choosing", super().choose_column, emptied)
        if column is not None and column.head.down.down is not column.head:  # two rows or more
            self.choices += 1
        return column

    def cover(self, column: ColumnObject) -> None:
        self.part("propagating", super().cover, column)

    def cover_other_columns(self, node: DancingNode) -> list[ColumnObject]:
        return self.part("propagating", super().cover_other_columns, node)

    def uncover(self, column: ColumnObject) -> None:
        self.part("undoing", super().uncover, column)

    def uncover_other_columns(self, node: DancingNode) -> None:
        self.part("undoing", super().uncover_other_columns, node)


class InstrumentedCSP(SudokuCSP):
    """The textbook search counting its ``choices`` (variables it branches on
    with two values or more), and with ``timing`` set, its parts timed into
    ``seconds``: choosing a variable, assigning it with its inference
    (propagating), and saving and restoring the domains (undoing)."""

    def __init__(self, *args: typing.Any, timing: bool = False, **kwargs: typing.Any) -> None:
        self.choices, self.timing, self.seconds = 0, timing, no_seconds()
        super().__init__(*args, **kwargs)

    def part(self, name: str, method: Callable[..., typing.Any], *args: typing.Any) -> typing.Any:
        return timed(self.seconds, name, method, *args) if self.timing else method(*args)

    def select_unassigned_variable(self, open_cells: Sequence[int]) -> int:
        k = self.part("choosing", super().select_unassigned_variable, open_cells)
        self.choices += self.domain_sizes[self.domains[open_cells[k]]] >= 2
        return k

    def assign(self, cell: int, bit: int) -> bool:
        return self.part("propagating", super().assign, cell, bit)

    def save_domains(self) -> list[int]:
        return self.part("undoing", super().save_domains)

    def restore_domains(self, saved: list[int]) -> None:
        self.part("undoing", super().restore_domains, saved)


def choice_points(engines: dict[str, SudokuEngine], puzzles: Sequence[np.ndarray]) -> dict[str, np.ndarray]:
    """For each engine, label -> the choice points its search makes on each
    puzzle: the columns it branches on that hold two rows or more (0 where
    propagation settles the puzzle).  Unlike the rows tried, this leaves out
    the forced moves, a column of one row, which propagation may or may not
    have made first.  Counted on an ``InstrumentedAlgorithmX`` of each
    engine's order, on the part its propagation leaves."""
    matrices: dict[int, InstrumentedAlgorithmX] = {}
    found = {label: np.zeros(len(puzzles), dtype=np.int64) for label in engines}
    for label, engine in engines.items():
        matrix = matrices.setdefault(engine.box, InstrumentedAlgorithmX(exact_cover_rows(engine.box)))
        for k, puzzle in enumerate(puzzles):
            cells = read_grid(puzzle, engine.size)
            left = None if cells is None else engine.place_forced_digits(cells)
            if cells is not None and left is not None and left.blanks:
                matrix.restrict(*engine.open_part(cells, left.places))
                matrix.choices = 0
                matrix.first_solution()
                found[label][k] = matrix.choices
    return found


class NodeTimes(NamedTuple):
    """One method's work on a set of puzzles, in all: the ``seconds`` before
    its search and of its search, its ``nodes`` and ``choices``, and from a
    run with each part timed, the ``shares`` of its search's time that each of
    ``PARTS`` and the rest took."""

    puzzles: int
    before: float
    search: float
    nodes: int
    choices: int
    shares: dict[str, float]


def timer_cost(calls: int = 10_000) -> float:
    """The seconds a ``time.perf_counter`` call adds to what it times: the
    least of several mean gaps between two calls in a row."""
    best = math.inf
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            time.perf_counter()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def node_times(puzzles: Sequence[np.ndarray], rounds: int = 3) -> dict[str, NodeTimes]:
    """Where the time of my solver and of the two strongest textbook searches
    goes on ``puzzles``, label -> ``NodeTimes``; every time by the wall clock
    (``time.perf_counter``), the finest the system keeps.

    *Before the search* is all a method does before its first choice: my
    propagation and the open part of the matrix for my solver; building the
    domains and the inference from the givens for the textbook search, after
    my propagation for the second.  The search is the rest (for my solver,
    linking the matrix first).  In each of ``rounds`` rounds every method
    runs on every puzzle, taking turns as in ``race``, first as it is, then
    with each part of its search timed (``InstrumentedAlgorithmX``,
    ``InstrumentedCSP``).  ``before`` and ``search`` are the medians of the
    rounds' totals; a part's share is the median of its totals, less the
    measured cost of its timers (``timer_cost``), over ``search``; the rest
    is what is left.  The heap is frozen as in ``race``.
    """
    engine = SudokuEngine(SUDOKU_BOX)
    matrices = {timing: InstrumentedAlgorithmX(exact_cover_rows(SUDOKU_BOX), timing) for timing in (False, True)}
    labels = (SOLVER, HIDDEN_SINGLES, AFTER_PROPAGATION)

    def run(label: str, puzzle: np.ndarray, timing: bool) -> tuple[float, float, int, int, dict[str, float]]:
        """One method on ``puzzle``: seconds before the search and of it, nodes, choices and the parts' seconds."""
        begun = time.perf_counter()
        if label == HIDDEN_SINGLES:
            csp = InstrumentedCSP(read_grid(puzzle), SUDOKU_BOX, hidden_singles=True, timing=timing)
            searching = time.perf_counter()
            csp.run(1)
            return searching - begun, time.perf_counter() - searching, csp.assignments, csp.choices, csp.seconds
        left = propagated(engine, puzzle)
        if left is None:  # propagation finds no solution: no search
            return time.perf_counter() - begun, 0.0, 0, 0, no_seconds()
        cells, candidates = left
        if label == AFTER_PROPAGATION:
            csp = InstrumentedCSP(cells, SUDOKU_BOX, None, digits_left(candidates), hidden_singles=True, timing=timing)
            searching = time.perf_counter()
            csp.run(1)
            return searching - begun, time.perf_counter() - searching, csp.assignments, csp.choices, csp.seconds
        matrix = matrices[timing]
        matrix.restrict(*engine.open_part(cells, candidates.places))
        matrix.choices, matrix.seconds = 0, no_seconds()
        searching = time.perf_counter()
        matrix.first_solution()
        return searching - begun, time.perf_counter() - searching, matrix.rows_tried, matrix.choices, matrix.seconds

    cost = timer_cost()
    totals = {label: np.zeros((2 + 2 * len(PARTS), rounds)) for label in labels}  # before, search, parts, calls
    counts = {label: (0, 0) for label in labels}  # nodes and choices, counted in the first round
    with frozen_heap():
        for r in range(rounds):
            for k, puzzle in enumerate(puzzles):
                turn = (k + r) % len(labels)
                for label in labels[turn:] + labels[:turn]:
                    before, search, nodes, choices, _ = run(label, puzzle, False)
                    totals[label][:2, r] += (before, search)
                    if r == 0:
                        counts[label] = (counts[label][0] + nodes, counts[label][1] + choices)
                    seconds = run(label, puzzle, True)[4]
                    totals[label][2:, r] += [seconds[part] for part in PARTS] + [
                        seconds[part + " calls"] for part in PARTS
                    ]
    found = {}
    for label in labels:
        medians = np.median(totals[label], axis=1)
        before, search, parts, calls = medians[0], medians[1], medians[2:5], medians[5:]
        shares = dict(zip(PARTS, ((parts - cost * calls) / search).tolist()))
        shares["rest"] = 1 - sum(shares.values())
        nodes, choices = counts[label]
        found[label] = NodeTimes(len(puzzles), float(before), float(search), nodes, choices, shares)
    return found


# ---------------------------------------------------------------------------
# Paired tests
# ---------------------------------------------------------------------------

#: the most differences whose Wilcoxon p-value is counted exactly; above, the normal approximation
WILCOXON_EXACT = 50


def average_ranks(values: np.ndarray) -> np.ndarray:
    """The ranks of ``values``, 1 for the least, ties given the mean of their ranks."""
    order = np.argsort(values, kind="stable")
    ranks = np.empty(len(values))
    ranks[order] = np.arange(1, len(values) + 1)
    for value in np.unique(values):
        tied = values == value
        ranks[tied] = ranks[tied].mean()
    return ranks


def wilcoxon_signed_rank(differences: Sequence[float] | np.ndarray) -> float:
    """The two-sided p-value of Wilcoxon's signed-rank test that paired
    ``differences`` are symmetric about 0: zero differences are dropped, the
    others ranked by size (ties take their mean rank), and W is the sum of the
    ranks of the positive ones.  For up to ``WILCOXON_EXACT`` differences the
    p-value is exact (every sign equally likely, counted over the ranks as
    they are); for more, W's normal approximation, corrected for ties and
    for continuity.  1.0 when every difference is 0."""
    d = np.asarray(differences, dtype=float)
    d = d[d != 0]
    n = len(d)
    if n == 0:
        return 1.0
    ranks = average_ranks(np.abs(d))
    w = float(ranks[d > 0].sum())
    mean = n * (n + 1) / 4
    if n <= WILCOXON_EXACT:
        # Doubled ranks are whole numbers: count the sign patterns by the sum of the ranks they make positive.
        doubled = np.rint(2 * ranks).astype(int)
        ways = np.zeros(int(doubled.sum()) + 1)
        ways[0] = 1
        for rank in doubled:
            ways[rank:] = ways[rank:] + ways[:-rank].copy()
        distance = abs(2 * w - 2 * mean)
        sums = np.arange(len(ways))
        tail = ways[np.abs(sums - 2 * mean) >= distance - 1e-9].sum()
        return float(min(1.0, tail / 2**n))
    _, tied = np.unique(np.abs(d), return_counts=True)
    variance = n * (n + 1) * (2 * n + 1) / 24 - float((tied**3 - tied).sum()) / 48
    z = (abs(w - mean) - 0.5) / math.sqrt(variance)
    return math.erfc(max(z, 0.0) / math.sqrt(2))


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Holm's step-down correction: which of the ``p_values`` are significant
    at family-wise level ``alpha``.  In increasing order, the i-th smallest
    (counting from 0) of m is significant while it is at most alpha / (m - i);
    the first that is not stops the rest."""
    m = len(p_values)
    rejected = [False] * m
    for i, k in enumerate(sorted(range(m), key=lambda k: p_values[k])):
        if p_values[k] > alpha / (m - i):
            break
        rejected[k] = True
    return rejected


def comparisons(
    choices: dict[str, dict[str, np.ndarray]], textbook: dict[str, dict[str, Results]]
) -> dict[str, np.ndarray]:
    """The three comparisons the report decides on, each as its differences
    puzzle by puzzle over the hard sets of ``HARD_SETS`` that were run
    (first minus second): my solver's choice points with and without locked
    candidates (``choice_points``), and its time against the textbook search
    with MAC and hidden singles, from the puzzle and after my propagation."""
    names = [name for name in HARD_SETS if name in choices and name in textbook]

    def pooled(method: str) -> np.ndarray:
        return np.concatenate([textbook[n][method].puzzle_ms() for n in names])

    without = WITHOUT["locked_candidates"]
    return {
        f"{SOLVER} minus {SOLVER} {without} (choice points)": np.concatenate(
            [choices[n][SOLVER] - choices[n][without] for n in names]
        ),
        f"{SOLVER} minus {HIDDEN_SINGLES} (ms)": pooled(SOLVER) - pooled(HIDDEN_SINGLES),
        f"{SOLVER} minus {AFTER_PROPAGATION} (ms)": pooled(SOLVER) - pooled(AFTER_PROPAGATION),
    }


# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------


def processor(cpuinfo: str = "/proc/cpuinfo") -> str:
    """The processor's model, where the system says it (Linux: ``cpuinfo``),
    else what ``platform`` says, else "an unnamed processor"."""
    try:
        with open(cpuinfo, encoding="utf-8", errors="replace") as info:
            return next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.processor() or "an unnamed processor"


def machine() -> str:
    """Where this runs: Python, numpy, the system and the processor."""
    return f"Python {platform.python_version()} with numpy {np.__version__}, {platform.system()} on {platform.machine()}, {processor()}"


def significant(value: float, digits: int = 2) -> str:
    """``value`` rounded to ``digits`` significant figures, with thousands
    separators and no exponent: 0.27, 4.0, 83, 1,500."""
    if value == 0:
        return "0"
    rounded = round(value, digits - 1 - math.floor(math.log10(abs(value))))
    decimals = digits - 1 - math.floor(math.log10(abs(rounded)))  # 9.96 rounds up a decade, to 10
    return f"{rounded:,.{max(0, decimals)}f}"


def percent(share: float) -> str:
    """A share as a whole percentage: "42%"."""
    return f"{100 * share:.0f}%"


def p_value_text(p: float) -> str:
    """A p-value as the tables print it: two significant figures, or "< 0.0001"."""
    return "< 0.0001" if p < 1e-4 else significant(p)


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A markdown table whose columns also line up as plain text: columns of
    numbers flush right (a "-" for none among them), the others flush left."""
    cells = [[str(cell) for cell in header]] + [[str(cell) for cell in row] for row in rows]
    widths = [max(3, *(len(row[j]) for row in cells)) for j in range(len(header))]
    numeric = [
        all(row[j] == "-" or row[j].rstrip("%x")[-1:].isdigit() for row in cells[1:]) for j in range(len(header))
    ]

    def line(row: list[str]) -> str:
        return "| " + " | ".join(c.rjust(w) if n else c.ljust(w) for c, w, n in zip(row, widths, numeric)) + " |"

    rule = "| " + " | ".join("-" * (w - 1) + ":" if n else "-" * w for w, n in zip(widths, numeric)) + " |"
    return "\n".join([line(cells[0]), rule, *(line(row) for row in cells[1:])])


def print_table(key: str, title: str, header: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """Print a table as the report takes it: ``[key] title``, a blank line,
    then ``markdown_table(header, rows)``.  The report finds a table by its
    ``key`` and a number in it by the names of its row and column."""
    print(f"[{key}] {title}\n\n{markdown_table(header, rows)}")


def print_answers(answers: dict[str, Results], choices: dict[str, np.ndarray]) -> None:
    """Table 1: my solver on each set, from ``race`` with my solver alone and
    its ``choice_points`` on each set; then how far apart each set's rounds'
    mean times lay, as a share of their median."""
    rows = []
    for name, r in answers.items():
        times = [significant(r.mean_ms()), significant(r.puzzle_ms().max())]
        rows.append([name, len(r.right), r.right.sum(), significant(choices[name].mean(), 3), *times])
    slowest = max(r.puzzle_ms().max() for r in answers.values())
    rows.append(["all", sum(row[1] for row in rows), sum(row[2] for row in rows), "-", "-", significant(slowest)])
    header = ["set", "puzzles", "right", "mean choice points", "mean ms", "slowest ms"]
    print_table("answers", "My solver on each set: answers, choice points and CPU time per puzzle", header, rows)
    spread = [[name, percent(float(np.ptp(r.round_means()) / r.mean_ms()))] for name, r in answers.items()]
    print()
    print_table("spread", "How far apart the rounds' mean times lay, over their median", ["set", "spread"], spread)


def print_ablation(ablated: dict[str, dict[str, Results]], choices: dict[str, dict[str, np.ndarray]]) -> None:
    """Tables 2 and 3: each variant of the ablation on each set, its mean
    time as a multiple of my solver's in the same race, and its mean choice
    points (``choice_points``)."""
    variants = list(next(iter(ablated.values())))
    header = ["variant", *ablated]
    times = [
        [v, *(significant(ablated[n][v].ms.mean() / ablated[n][SOLVER].ms.mean()) for n in ablated)] for v in variants
    ]
    counts = [[v, *(significant(choices[n][v].mean(), 3) for n in ablated)] for v in variants]
    print_table("ablation-time", "The ablation: mean CPU time per puzzle over my solver's (one round)", header, times)
    print()
    print_table("ablation-choices", "The ablation: mean choice points per puzzle", header, counts)


def print_textbook(textbook: dict[str, dict[str, Results]]) -> None:
    """Table 4: my solver and the course's searches, a row for each method:
    its slowest time on the assignment's hard puzzles, its mean time on each
    set, and its slowest on the hardest; "-" where it did not run.  Then how
    many puzzles each answered right, over every set it ran on (checked)."""
    methods = list(dict.fromkeys(m for races in textbook.values() for m in races))
    rows = []
    for method in methods:
        ran = {name: races[method] for name, races in textbook.items() if method in races}
        cells = [significant(ran["hard"].puzzle_ms().max()) if "hard" in ran else "-"]
        cells += [significant(ran[name].mean_ms()) if name in ran else "-" for name in textbook]
        if "hardest" in textbook:
            cells.append(significant(ran["hardest"].puzzle_ms().max()) if "hardest" in ran else "-")
        rows.append([method, *cells])
    header = ["method", "slowest ms: hard", *(f"mean ms: {name}" for name in textbook)]
    header += ["slowest ms: hardest"] if "hardest" in textbook else []
    print_table("textbook", "My solver and the course's searches: CPU time per puzzle", header, rows)
    checked = []
    for method in methods:
        raced = [races[method] for races in textbook.values() if method in races]
        checked.append([method, sum(len(r.right) for r in raced), sum(int(r.right.sum()) for r in raced)])
    print()
    print_table("textbook-answers", "The same runs: answers checked", ["method", "puzzles", "right"], checked)


def print_node_times(times: dict[str, NodeTimes]) -> None:
    """Table 5: each method's mean time per puzzle before its search and of
    its search, its mean choice points and nodes, and its search's time per
    node; then the share of its search's time each part took."""
    rows = []
    for method, t in times.items():
        per_puzzle = [significant(1000 * t.before / t.puzzles), significant(1000 * t.search / t.puzzles)]
        counts = [significant(t.choices / t.puzzles, 3), significant(t.nodes / t.puzzles, 3)]
        rows.append([method, *per_puzzle, *counts, significant(1e6 * t.search / t.nodes)])
    header = ["method", "ms before the search", "ms of search", "choice points", "nodes", "µs per node"]
    print_table("nodes", "Where a puzzle's time goes, on the hardest set (wall clock)", header, rows)
    shares = [[method, *(percent(t.shares[part]) for part in (*PARTS, "rest"))] for method, t in times.items()]
    print()
    print_table("node-parts", "The share of each search's time by part", ["method", *PARTS, "rest"], shares)


def print_comparisons(differences: dict[str, np.ndarray]) -> None:
    """The three comparisons: each one's differences, Wilcoxon's p and
    whether Holm's correction calls it significant."""
    p_values = [wilcoxon_signed_rank(d) for d in differences.values()]
    rows = []
    for (name, d), p, significant_ in zip(differences.items(), p_values, holm(p_values)):
        lower, higher = (percent(float(np.mean(side))) for side in (d < 0, d > 0))
        rows.append(
            [name, len(d), significant(np.median(d)), lower, higher, p_value_text(p), "yes" if significant_ else "no"]
        )
    header = ["comparison", "puzzles", "median difference", "my solver lower", "my solver higher", "Wilcoxon p"]
    print_table("tests", "Three comparisons, puzzle by puzzle on the hard sets", [*header, "significant (Holm)"], rows)


# ---------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------

#: Figure 1's puzzle: a 4 x 4 sudoku (box 2) with four givens and one solution, whose 64 x 64
#: matrix shows every entry, where the 729 x 324 matrix of a 9 x 9 puzzle is a blur
FIGURE_PUZZLE = ((1, 0, 0, 4), (0, 0, 0, 0), (0, 3, 4, 0), (0, 0, 0, 0))
#: Figure 1's colours (RGB), each with what it shows, in the order of its legend
FIGURE_COLOURS = {
    "1 in a given's row": (0.90, 0.45, 0.0),
    "ruled out by the givens": (0.85, 0.85, 0.85),
    "1 still open": (0.05, 0.10, 0.35),
    "column chosen, row taken": (1.0, 0.85, 0.30),
    "1 in the row taken": (0.55, 0.0, 0.0),
    "ruled out by that row": (1.0, 0.78, 0.76),
}


def exact_cover_step(puzzle: Sequence[Sequence[int]]) -> dict[str, typing.Any]:
    """The exact-cover matrix of ``puzzle`` (N x N, 0 = blank) as a bool
    array, what its givens leave, and one step of Algorithm X on that: the
    first column of least size and its first row, and what taking the row
    leaves.  Worked out with numpy from ``helpers.exact_cover_rows``."""
    grid = np.asarray(puzzle)
    size = len(grid)
    rows = exact_cover_rows(math.isqrt(size))
    matrix = np.zeros((len(rows), 4 * size * size), dtype=bool)
    for row, columns in enumerate(rows):
        matrix[row, list(columns)] = True
    givens = [candidate_row(cell, digit, size) for cell, digit in enumerate(grid.ravel().tolist()) if digit]
    open_columns = ~matrix[givens].any(axis=0)
    open_rows = ~matrix[:, ~open_columns].any(axis=1)
    sizes = np.where(open_columns, matrix[open_rows].sum(axis=0), len(rows) + 1)
    column = int(np.argmin(sizes))  # the first of least size
    row = int(np.flatnonzero(open_rows & matrix[:, column])[0])
    rows_after = open_rows & ~matrix[:, matrix[row]].any(axis=1)
    return dict(
        matrix=matrix,
        givens=givens,
        open_rows=open_rows,
        open_columns=open_columns,
        column=column,
        row=row,
        rows_after=rows_after,
        columns_after=open_columns & ~matrix[row],
        size=int(sizes[column]),
    )


def draw_exact_cover(puzzle: Sequence[Sequence[int]] = FIGURE_PUZZLE) -> None:
    """Figure 1: ``puzzle`` and its exact-cover matrix, coloured by what the
    givens rule out and by what one step of Algorithm X chooses and rules
    out (``exact_cover_step``)."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    step = exact_cover_step(puzzle)
    matrix, open_rows, open_columns = step["matrix"], step["open_rows"], step["open_columns"]
    size = len(puzzle)
    colour = FIGURE_COLOURS
    image = np.ones(matrix.shape + (3,))
    image[~open_rows[:, None] | ~open_columns[None, :]] = colour["ruled out by the givens"]
    image[matrix & ~open_rows[:, None]] = (0.6, 0.6, 0.6)  # its 1s a shade darker
    image[np.isin(np.arange(len(matrix)), step["givens"])[:, None] & matrix] = colour["1 in a given's row"]
    gone = open_rows & ~step["rows_after"]
    image[(gone[:, None] & open_columns) | ((open_columns & ~step["columns_after"]) & open_rows[:, None])] = colour[
        "ruled out by that row"
    ]
    image[matrix & gone[:, None]] = (0.90, 0.30, 0.25)  # its 1s a shade darker
    image[matrix & step["rows_after"][:, None]] = colour["1 still open"]
    image[open_rows & ~matrix[:, step["column"]], step["column"]] = colour["column chosen, row taken"]
    image[step["row"], open_columns & ~matrix[step["row"]]] = colour["column chosen, row taken"]
    image[step["row"], matrix[step["row"]]] = colour["1 in the row taken"]

    print("[figure exact_cover] A 4 x 4 puzzle as exact cover, and one step of Algorithm X")
    figure, (left, right) = plt.subplots(1, 2, figsize=(9, 7.2), dpi=110, gridspec_kw={"width_ratios": [1, 3.6]})
    left.set_xlim(0, size), left.set_ylim(size, 0), left.set_aspect("equal"), left.axis("off")
    for k in range(size + 1):
        width = 2.4 if k % math.isqrt(size) == 0 else 0.8
        left.plot([0, size], [k, k], color="black", linewidth=width)
        left.plot([k, k], [0, size], color="black", linewidth=width)
    for (r, c), digit in np.ndenumerate(np.asarray(puzzle)):
        if digit:
            left.text(c + 0.5, r + 0.5, str(digit), ha="center", va="center", fontsize=16)
    cell, digit = divmod(step["row"], size)
    left.text(
        cell % size + 0.5, cell // size + 0.5, str(digit + 1), ha="center", va="center", fontsize=16, color="#b00000"
    )
    left.set_title("puzzle (red: the row taken)", fontsize=10)
    right.imshow(image, aspect="auto", interpolation="nearest")
    area = size * size
    for x in range(area, 4 * area, area):
        right.axvline(x - 0.5, color="0.2", linewidth=1.2)
    for y in range(size, len(matrix), size):
        right.axhline(y - 0.5, color="0.75", linewidth=0.5)
    right.set_xticks(np.arange(4) * area + (area - 1) / 2, CONSTRAINT_FAMILIES)
    right.xaxis.tick_top()
    right.set_yticks(
        np.arange(area) * size + (size - 1) / 2, [f"cell {divmod(i, size)}" for i in range(area)], fontsize=8
    )
    right.tick_params(length=0)
    right.set_xlabel(f"{4 * area} columns: a cell holds one digit; a row, column or box holds each digit once")
    right.set_ylabel(f"{len(matrix)} rows: digit d in a cell")
    legend = [Patch(facecolor=rgb, edgecolor="0.5", label=label) for label, rgb in colour.items()]
    figure.legend(handles=legend, loc="lower center", ncol=3, frameon=False)
    figure.tight_layout(rect=(0, 0.07, 1, 1))
    plt.show()


def plot_times(textbook: dict[str, dict[str, Results]], names: Sequence[str]) -> None:
    """Figure 2: for each set of ``names``, each method's time per puzzle as
    the share of puzzles solved within a time (log scale)."""
    import matplotlib.pyplot as plt

    if not names:
        print("Skipped: neither the top1465 nor the hardest set is here")
        return
    print("[figure times] Share of puzzles solved within a CPU time")
    figure, axes = plt.subplots(1, len(names), figsize=(10, 4.4), sharey=True, squeeze=False)
    for ax, name in zip(axes[0], names):
        for method, r in textbook[name].items():
            ms = np.sort(r.puzzle_ms())
            ax.step(np.concatenate([ms[:1], ms]), np.arange(len(ms) + 1) / len(r.ms[0]), where="post", label=method)
        ax.set_xscale("log")
        ax.set_title(f"{name} ({len(r.ms[0])} puzzles)")
        ax.set_xlabel("CPU time per puzzle, ms (log scale)")
        ax.grid(True, alpha=0.3)
    axes[0][0].set_ylabel("share of puzzles solved")
    figure.legend(*axes[0][-1].get_legend_handles_labels(), loc="lower center", ncol=3, frameon=False)
    figure.tight_layout(rect=(0, 0.14, 1, 1))
    plt.show()
