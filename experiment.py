"""The experiment behind the report (``readme.md``): what the notebook's
Section 8 runs, beside the solver in ``helpers.py``.

In the order of Section 8:

- the puzzles (``puzzle_sets``) and the methods compared: the ablation, my
  solver without each of its components in turn (``ablation``), and the
  course's searches of ``textbook.py`` (``textbook_methods``);
- ``race``, which times the methods in turn, puzzle by puzzle, with
  ``time.process_time`` as the autograder does, and checks every answer;
- ``choice_points`` and ``node_times``: how much a search chooses, and where
  a puzzle's time goes, part by part;
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
import random
import time
import typing
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Callable, NamedTuple, Tuple, Union

import numpy as np

from helpers import (
    CONSTRAINT_FAMILIES,
    EMPTY,
    NO_SOLUTION,
    SUDOKU_BOX,
    SUDOKU_CELLS,
    SUDOKU_SIZE,
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
from textbook import SearchBudgetExceeded, SudokuCSP, backtracking_solve

# ---------------------------------------------------------------------------
# The methods compared
# ---------------------------------------------------------------------------

#: a method of the race: a puzzle in, ``(solution or None, search nodes)`` out, the search nodes
#: being the rows Algorithm X took or the assignments a backtracking search tried
Method = Callable[[np.ndarray], Tuple[Union[np.ndarray, typing.Sequence[int], None], int]]

# How the tables name the methods.
SOLVER = "my solver"
#: the ablation's variants: my solver without each rule of its propagation, each rule named
WITHOUT = {
    "naked_singles": "without naked singles",
    "hidden_singles": "without hidden singles",
    "locked_candidates": "without locked candidates",
}
NO_PROPAGATION = "Algorithm X, no propagation"
AGAIN = "my solver again (a check)"
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
    """My solver's engine and a second one like it, as a check (the two
    differ only by chance), then an engine without each rule of its
    propagation in turn, then one with no propagation at all, which leaves
    Algorithm X (Knuth's S heuristic, in the solver's column order): label ->
    engine.  Every engine reuses its one matrix.  A rule's effect is what
    removing it from the whole solver costs, interactions with the other
    rules included."""
    variants = {
        SOLVER: Ideas(),
        AGAIN: Ideas(),
        **{WITHOUT[name]: Ideas()._replace(**{name: False}) for name in WITHOUT},
    }
    variants[NO_PROPAGATION] = Ideas()._replace(**dict.fromkeys(WITHOUT, False))
    engines = {label: SudokuEngine(SUDOKU_BOX, ideas) for label, ideas in variants.items()}
    for engine in engines.values():  # the matrix an engine keeps is built now, so that no puzzle's time holds it
        engine.matrix_for(OpenPart([], []))
    return engines


def matrix_build_ms(builds: int = 5) -> float:
    """The CPU time, in ms, of building the 9 x 9 exact-cover matrix: the
    least of ``builds`` builds, what the solver saves each puzzle by building
    it once (``Ideas.reuse_matrix``)."""
    spent = []
    for _ in range(builds):
        start = time.process_time()
        AlgorithmX(exact_cover_rows(SUDOKU_BOX))
        spent.append(time.process_time() - start)
    return 1000 * min(spent)


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
    masks = [0] * SUDOKU_CELLS
    for d, board in enumerate(candidates.places):
        while board:
            bit = board & -board
            board ^= bit
            masks[bit.bit_length() - 1] |= 1 << d
    return masks


def csp_answer(cells: list[int], narrowed: list[int] | None = None, **options: bool) -> tuple[list[int] | None, int]:
    """The textbook search (``SudokuCSP``) on ``cells``: its first solution,
    a flat list (None when there is none), and the assignments it tried."""
    problem = SudokuCSP(cells, SUDOKU_BOX, None, narrowed, **options)
    found = problem.run(1)
    return (found[0] if found else None), problem.assignments


def by_csp(**options: bool) -> Method:
    """The textbook search with ``options`` as a method of the race, reading
    the grid as ``by_engine`` does (``read_grid``) and answering, as it does,
    a flat list: the two pay the same for what is around the search."""

    def method(puzzle: np.ndarray) -> tuple[list[int] | None, int]:
        cells = read_grid(puzzle)
        return (None, 0) if cells is None else csp_answer(cells, None, **options)

    return method


def after_propagation() -> Method:
    """The textbook search with MAC and hidden singles on the residual
    problem my solver's propagation leaves (``propagated``): the digits it
    placed, and each blank's domain narrowed to the digits it left."""
    engine = SudokuEngine(SUDOKU_BOX)

    def method(puzzle: np.ndarray) -> tuple[list[int] | None, int]:
        left = propagated(engine, puzzle)
        return (None, 0) if left is None else csp_answer(left[0], digits_left(left[1]), hidden_singles=True)

    return method


#: assignments backtracking in a fixed order may try on a hardest puzzle before it is stopped
FIXED_ORDER_BUDGET = 10_000


def fixed_order_budget(puzzles: Sequence[np.ndarray], budget: int = FIXED_ORDER_BUDGET) -> list[tuple[bool, float]]:
    """Backtracking in a fixed order with forward checking on each of
    ``puzzles``, stopped after ``budget`` assignments: for each, whether it
    finished within the budget, and the CPU seconds it took, to its end or to
    the budget."""
    found = []
    for puzzle in puzzles:
        cells = read_grid(puzzle)
        if cells is None:
            raise ValueError("fixed_order_budget needs puzzles of digits 0 to 9")
        problem = SudokuCSP(cells, SUDOKU_BOX, budget, mrv=False)
        start = time.process_time()
        try:
            problem.run(1)
            finished = True
        except SearchBudgetExceeded:
            finished = False
        found.append((finished, time.process_time() - start))
    return found


def textbook_methods() -> dict[str, Method]:
    """The course's searches, label -> method: backtracking in row-major
    order with forward checking; with MRV (ties broken by degree) and forward
    checking; maintaining arc consistency instead; with hidden singles too, at
    every node; and that last search after my solver's propagation."""
    return {
        FIXED_ORDER: by_csp(mrv=False),
        FORWARD_CHECKING: by_csp(),
        MAC: by_csp(mac=True),
        HIDDEN_SINGLES: by_csp(hidden_singles=True),
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
    return np.array(cells, dtype=np.int64).reshape(-1, SUDOKU_SIZE, SUDOKU_SIZE)


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
    side, box = len(grid), math.isqrt(len(grid))
    for r, c in zip(*np.nonzero(grid == EMPTY)):
        square = grid[r - r % box : r - r % box + box, c - c % box : c - c % box + box]
        seen = {*grid[r].tolist(), *grid[:, c].tolist(), *square.ravel().tolist()}
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
    return np.array(wrong), np.full((len(wrong), SUDOKU_SIZE, SUDOKU_SIZE), NO_SOLUTION)


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


def in_turn(names: Sequence[str], k: int, r: int) -> list[str]:
    """The order ``names`` take their turns on puzzle ``k`` of round ``r``:
    drawn afresh for each from a generator seeded with both, so that each
    method goes first, and follows each other method, about as often as any,
    and what one method leaves behind (garbage, a cold cache) does not fall
    on the same method each time."""
    return random.Random(f"{k}:{r}").sample(list(names), len(names))


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
    """Every method on every puzzle, ``rounds`` times, taking turns on each
    puzzle in an order drawn for it (``in_turn``), so that a change in the
    machine's load slows them alike.  Each call gets a fresh copy of the puzzle and is timed as the
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
                for name in in_turn(names, k, r):
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
    """``method(*args)``, its time (``time.perf_counter``) added to ``seconds[part]``."""
    start = time.perf_counter()
    result = method(*args)
    seconds[part] += time.perf_counter() - start
    return result


def no_seconds() -> dict[str, float]:
    """Each part's seconds, all 0."""
    return dict.fromkeys(PARTS, 0.0)


class Instrumented:
    """What both instrumented searches add: ``choices``, the choice points
    counted, and with ``timing`` set, each part's seconds and calls in
    ``seconds`` (``timed``)."""

    def __init__(self, timing: bool) -> None:
        self.choices, self.timing, self.seconds = 0, timing, no_seconds()

    def part(self, name: str, method: Callable[..., typing.Any], *args: typing.Any) -> typing.Any:
        """``method(*args)``, timed as part ``name`` when timing."""
        return timed(self.seconds, name, method, *args) if self.timing else method(*args)


class InstrumentedAlgorithmX(Instrumented, AlgorithmX):
    """Algorithm X counting its choice points (columns it branches on that
    hold two rows or more), and timing, when asked, choosing a column,
    covering (propagating a choice) and uncovering (undoing it)."""

    def __init__(self, rows: Sequence[Iterable[int]], timing: bool = False) -> None:
        Instrumented.__init__(self, timing)
        AlgorithmX.__init__(self, rows)

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


class InstrumentedCSP(Instrumented, SudokuCSP):
    """The textbook search counting its choice points (variables it branches
    on with two values or more), and timing, when asked, choosing a
    variable, assigning it with its inference (propagating), and saving and
    restoring the domains (undoing)."""

    def __init__(self, *args: typing.Any, timing: bool = False, **kwargs: typing.Any) -> None:
        Instrumented.__init__(self, timing)
        SudokuCSP.__init__(self, *args, **kwargs)

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
        if engine.box not in matrices:
            matrices[engine.box] = InstrumentedAlgorithmX(exact_cover_rows(engine.box))
        matrix = matrices[engine.box]
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


def node_times(puzzles: Sequence[np.ndarray], rounds: int = 3) -> dict[str, NodeTimes]:
    """Where the time of my solver and of the two strongest textbook searches
    goes on ``puzzles``, label -> ``NodeTimes``; every time by the wall clock
    (``time.perf_counter``), as the parts take microseconds.

    *Before the search* is all a method does before its first choice: my
    propagation, then restricting and linking the matrix, for my solver;
    building the domains and the inference from the givens for the textbook
    search, after my propagation for the second.  The search is the rest
    (my solver's search links the matrix again first: that second link is
    taken out).  In each of ``rounds`` rounds every method runs on every
    puzzle, in turn as in ``race``, first as it is (``AlgorithmX``,
    ``SudokuCSP``), for its time, then instrumented (``InstrumentedAlgorithmX``,
    ``InstrumentedCSP``), for its choice points and the time of each part.
    ``before`` and ``search`` are the medians of the rounds' totals of the
    first run; a part's share is the median of its totals over that of the
    instrumented search's, and the rest, the search loop's own share,
    includes what the instruments themselves cost.  The heap is frozen as in
    ``race``.
    """
    engine = SudokuEngine(SUDOKU_BOX)
    plain, instrumented = (
        AlgorithmX(exact_cover_rows(SUDOKU_BOX)),
        InstrumentedAlgorithmX(exact_cover_rows(SUDOKU_BOX), True),
    )
    labels = (SOLVER, HIDDEN_SINGLES, AFTER_PROPAGATION)

    def run(label: str, puzzle: np.ndarray, timing: bool) -> tuple[float, float, int, int, dict[str, float]]:
        """One method on ``puzzle``, plain or instrumented: seconds before the
        search and of it, nodes, and with ``timing``, choices and each part's seconds."""
        begun = time.perf_counter()
        cells = read_grid(puzzle)
        if cells is None:
            raise ValueError("node_times needs puzzles of digits 0 to 9")
        narrowed = None
        if label != HIDDEN_SINGLES:
            left = propagated(engine, puzzle)
            if left is None:  # propagation finds no solution: no search
                return time.perf_counter() - begun, 0.0, 0, 0, no_seconds()
            cells, candidates = left
            narrowed = digits_left(candidates)
        if label == SOLVER:
            matrix = instrumented if timing else plain
            matrix.restrict(*engine.open_part(cells, candidates.places))
            matrix.link()
            linking = time.perf_counter()
            matrix.link()  # again, as the search's own link will find it
            searching = time.perf_counter()
            instrumented.choices, instrumented.seconds = 0, no_seconds()
            matrix.first_solution()
            done = time.perf_counter() - (searching - linking)  # less the search's own link
            return searching - begun, done - searching, matrix.rows_tried, instrumented.choices, instrumented.seconds
        if timing:
            csp: SudokuCSP = InstrumentedCSP(cells, SUDOKU_BOX, None, narrowed, hidden_singles=True, timing=True)
        else:
            csp = SudokuCSP(cells, SUDOKU_BOX, None, narrowed, hidden_singles=True)
        searching = time.perf_counter()
        csp.run(1)
        done = time.perf_counter()
        counted = (csp.choices, csp.seconds) if isinstance(csp, InstrumentedCSP) else (0, no_seconds())
        return searching - begun, done - searching, csp.assignments, *counted

    totals = {label: np.zeros((3 + len(PARTS), rounds)) for label in labels}  # before, search, timed search, parts
    counts = {label: (0, 0) for label in labels}  # nodes and choices, counted in the first round
    with frozen_heap():
        for r in range(rounds):
            for k, puzzle in enumerate(puzzles):
                for label in in_turn(labels, k, r):
                    before, search, nodes, _, _ = run(label, puzzle, False)
                    _, timed_search, _, choices, seconds = run(label, puzzle, True)
                    totals[label][:, r] += [before, search, timed_search, *(seconds[part] for part in PARTS)]
                    if r == 0:
                        counts[label] = (counts[label][0] + nodes, counts[label][1] + choices)
    found = {}
    for label in labels:
        medians = np.median(totals[label], axis=1)
        before, search, timed_search, parts = medians[0], medians[1], medians[2], medians[3:]
        shares = dict(zip(PARTS, (parts / timed_search).tolist()))
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
    """Table 1: my solver on each set, from ``race`` with my solver alone,
    and its ``choice_points`` on each set; a set's spread is how far apart
    its rounds' mean times lay, as a share of their median."""
    rows = []
    for name, r in answers.items():
        spread = percent(float(np.ptp(r.round_means()) / r.mean_ms()))
        times = [significant(r.mean_ms()), spread, significant(r.puzzle_ms().max())]
        rows.append([name, len(r.right), r.right.sum(), significant(choices[name].mean(), 3), *times])
    slowest = max(r.puzzle_ms().max() for r in answers.values())
    rows.append(["all", sum(row[1] for row in rows), sum(row[2] for row in rows), "-", "-", "-", significant(slowest)])
    header = ["set", "puzzles", "right", "mean choice points", "mean ms", "rounds' spread", "slowest ms"]
    print_table("answers", "My solver on each set: answers, choice points and CPU time per puzzle", header, rows)


def print_ablation(ablated: dict[str, dict[str, Results]], choices: dict[str, dict[str, np.ndarray]]) -> None:
    """Tables 2 and 3: each variant of the ablation on each set, its mean
    time as a multiple of my solver's in the same race, and its mean choice
    points (``choice_points``); between them, how far the check, my solver's
    second copy, read from the first on any set."""
    variants = list(next(iter(ablated.values())))
    header = ["variant", *ablated]
    times = [
        [v, *(significant(ablated[n][v].mean_ms() / ablated[n][SOLVER].mean_ms()) for n in ablated)] for v in variants
    ]
    counts = [[v, *(significant(choices[n][v].mean(), 3) for n in ablated)] for v in variants]
    print_table(
        "ablation-time", "The ablation: mean CPU time per puzzle over my solver's in the same race", header, times
    )
    departure = max(abs(ablated[n][AGAIN].mean_ms() / ablated[n][SOLVER].mean_ms() - 1) for n in ablated)
    print()
    print_table(
        "check",
        "How far the check read from my solver",
        ["variant", "largest difference"],
        [[AGAIN, percent(departure)]],
    )
    print()
    print_table("ablation-choices", "The ablation: mean choice points per puzzle", header, counts)


def print_textbook(textbook: dict[str, dict[str, Results]]) -> None:
    """Table 4: my solver and the course's searches, a row for each method:
    its mean time on each set, then its slowest on the assignment's hard
    puzzles and on the hardest; "-" where it did not run.  Then how many
    puzzles each answered right, over every set it ran on (checked)."""
    methods = list(dict.fromkeys(m for races in textbook.values() for m in races))
    slowest = [name for name in ("hard", "hardest") if name in textbook]
    rows = []
    for method in methods:
        ran = {name: races[method] for name, races in textbook.items() if method in races}
        cells = [significant(ran[name].mean_ms()) if name in ran else "-" for name in textbook]
        cells += [significant(ran[name].puzzle_ms().max()) if name in ran else "-" for name in slowest]
        rows.append([method, *cells])
    header = ["method", *(f"mean ms: {name}" for name in textbook), *(f"slowest ms: {name}" for name in slowest)]
    print_table("textbook", "My solver and the course's searches: CPU time per puzzle", header, rows)
    checked = []
    for method in methods:
        raced = [races[method] for races in textbook.values() if method in races]
        checked.append([method, sum(len(r.right) for r in raced), sum(int(r.right.sum()) for r in raced)])
    print()
    print_table("textbook-answers", "The same runs: answers checked", ["method", "puzzles", "right"], checked)


def print_node_times(times: dict[str, NodeTimes]) -> None:
    """Table 5: each method's mean choice points and nodes per puzzle, its
    search's time per node, and the share of its search's time each part
    took; then its mean time per puzzle before its search and of it."""
    rows = []
    for method, t in times.items():
        counts = [significant(t.choices / t.puzzles, 3), significant(t.nodes / t.puzzles, 3)]
        shares = [percent(t.shares[part]) for part in PARTS]
        rows.append([method, *counts, significant(1e6 * t.search / t.nodes), *shares])
    header = ["method", "choice points", "nodes", "µs per node", *(f"{part} %" for part in PARTS)]
    print_table("node-costs", "What a search node costs, and where its time goes, on the hardest set", header, rows)
    split = [
        [
            method,
            significant(1000 * t.before / t.puzzles),
            significant(1000 * t.search / t.puzzles),
            percent(t.shares["rest"]),
        ]
        for method, t in times.items()
    ]
    print()
    header = ["method", "ms before the search", "ms of search", "rest of the search %"]
    print_table("node-split", "Each puzzle's time before the search and of it (wall clock)", header, split)


def print_fixed_order_budget(runs: list[tuple[bool, float]], budget: int = FIXED_ORDER_BUDGET) -> None:
    """How many puzzles backtracking in a fixed order finished within
    ``budget`` assignments (``fixed_order_budget``), and the median time it
    took to reach the budget on the others."""
    stopped = [seconds for finished, seconds in runs if not finished]
    at_budget = significant(1000 * float(np.median(stopped))) if stopped else "-"
    row = [FIXED_ORDER, len(runs), len(runs) - len(stopped), budget, at_budget]
    header = ["method", "puzzles", "finished", "budget (assignments)", "ms to reach it"]
    print_table("fixed-order", "Backtracking in a fixed order on the hardest set, within a budget", header, [row])
    print()


def print_matrix_build(builds: int = 5) -> None:
    """The 9 x 9 exact-cover matrix: its nodes, one for each 1, and the CPU
    time of building it (``matrix_build_ms``)."""
    nodes = sum(len(row) for row in exact_cover_rows(SUDOKU_BOX))
    print_table(
        "matrix",
        "Building the exact-cover matrix",
        ["matrix", "nodes", "build ms"],
        [["9 x 9", nodes, significant(matrix_build_ms(builds))]],
    )


def print_by_set(textbook: dict[str, dict[str, Results]]) -> None:
    """My solver against the textbook search from the residual problem, set
    by set (exploratory, outside the three comparisons): the share of puzzles
    on which my solver took less time, the ratio of the mean times, and
    Wilcoxon's p on that set alone."""
    rows = []
    for name in (n for n in HARD_SETS if n in textbook):
        solver, other = textbook[name][SOLVER], textbook[name][AFTER_PROPAGATION]
        d = solver.puzzle_ms() - other.puzzle_ms()
        ratio = significant(solver.mean_ms() / other.mean_ms())
        rows.append([name, len(d), percent(float(np.mean(d < 0))), ratio, p_value_text(wilcoxon_signed_rank(d))])
    header = ["set", "puzzles", "my solver faster", "mean time, mine over its", "Wilcoxon p"]
    print()
    print_table("by-set", f"My solver against {AFTER_PROPAGATION}, set by set (exploratory)", header, rows)


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


class CoverStep(NamedTuple):
    """A puzzle's exact-cover matrix (bool, candidates by constraints), what
    its givens leave, and one step of Algorithm X on that; masks are over the
    whole matrix, and ``column`` and ``row`` index it."""

    matrix: np.ndarray
    givens: list[int]  #: the rows of the givens
    open_rows: np.ndarray  #: rows the givens do not rule out
    open_columns: np.ndarray  #: columns the givens do not fill
    column: int  #: the first open column of least size
    row: int  #: its first open row, the one the step takes
    rows_after: np.ndarray  #: rows still open once it is taken
    columns_after: np.ndarray  #: columns still open once it is taken


def exact_cover_step(puzzle: Sequence[Sequence[int]]) -> CoverStep:
    """The exact-cover matrix of ``puzzle`` (N x N, 0 = blank), what its
    givens leave, and one step of Algorithm X on that: the first column of
    least size and its first row, and what taking the row leaves.  Worked
    out with numpy from ``helpers.exact_cover_rows``."""
    grid = np.asarray(puzzle)
    size = len(grid)
    rows = exact_cover_rows(math.isqrt(size))
    matrix = np.zeros((len(rows), 4 * size * size), dtype=bool)
    for row, columns in enumerate(rows):
        matrix[row, list(columns)] = True
    givens = [candidate_row(cell, digit, size) for cell, digit in enumerate(grid.ravel().tolist()) if digit]
    open_columns = np.asarray(~matrix[givens].any(axis=0))
    open_rows = np.asarray(~matrix[:, ~open_columns].any(axis=1))
    sizes = np.where(open_columns, matrix[open_rows].sum(axis=0), len(rows) + 1)
    column = int(np.argmin(sizes))  # the first of least size
    row = int(np.flatnonzero(open_rows & matrix[:, column])[0])
    rows_after = np.asarray(open_rows & ~matrix[:, matrix[row]].any(axis=1))
    return CoverStep(matrix, givens, open_rows, open_columns, column, row, rows_after, open_columns & ~matrix[row])


def draw_exact_cover(puzzle: Sequence[Sequence[int]] = FIGURE_PUZZLE) -> None:
    """Figure 1: ``puzzle`` and its exact-cover matrix, coloured by what the
    givens rule out and by what one step of Algorithm X chooses and rules
    out (``exact_cover_step``)."""
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    step = exact_cover_step(puzzle)
    matrix, open_rows, open_columns = step.matrix, step.open_rows, step.open_columns
    size = len(puzzle)
    colour = FIGURE_COLOURS
    image = np.ones(matrix.shape + (3,))
    image[~open_rows[:, None] | ~open_columns[None, :]] = colour["ruled out by the givens"]
    image[matrix & ~open_rows[:, None]] = (0.6, 0.6, 0.6)  # its 1s a shade darker
    image[np.isin(np.arange(len(matrix)), step.givens)[:, None] & matrix] = colour["1 in a given's row"]
    gone = open_rows & ~step.rows_after
    image[(gone[:, None] & open_columns) | ((open_columns & ~step.columns_after) & open_rows[:, None])] = colour[
        "ruled out by that row"
    ]
    image[matrix & gone[:, None]] = (0.90, 0.30, 0.25)  # its 1s a shade darker
    image[matrix & step.rows_after[:, None]] = colour["1 still open"]
    image[open_rows & ~matrix[:, step.column], step.column] = colour["column chosen, row taken"]
    image[step.row, open_columns & ~matrix[step.row]] = colour["column chosen, row taken"]
    image[step.row, matrix[step.row]] = colour["1 in the row taken"]

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
    cell, digit = divmod(step.row, size)
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
    handles = {label: handle for ax in axes[0] for handle, label in zip(*ax.get_legend_handles_labels())}
    figure.legend(handles.values(), handles.keys(), loc="lower center", ncol=3, frameon=False)
    figure.tight_layout(rect=(0, 0.14, 1, 1))
    plt.show()
