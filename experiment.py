"""The experiment behind the report (``readme.md``): what ``experiment.ipynb``
measures, beside the solver in ``helpers.py``; ``report.py`` tests, prints
and draws the results.

In the order of ``experiment.ipynb``:

- the puzzles (``puzzle_sets``) and the methods compared: the ablation, my
  solver without each rule of its propagation in turn (``ablation``, of
  ``AblationEngine``, a subclass of the solver's engine), and the course's
  searches of ``textbook.py`` (``textbook_methods``);
- ``time_methods``, which times the methods in turn, puzzle by puzzle, each
  on the same isomorph of a puzzle in a round (``isomorph``), with
  ``time.process_time`` as the autograder does, and checks every answer;
- ``choice_points`` and ``node_times``: how much a search chooses, and where
  a puzzle's time goes, part by part.

numpy and the standard library.  The solver is used through the public
names of ``helpers.py`` alone.
"""

from __future__ import annotations

import gc
import math
import os
import random
import time
import typing
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import MappingProxyType
from typing import Callable, NamedTuple, Tuple, Union

import numpy as np

from helpers import (
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
    OpenPart,
    SudokuEngine,
    exact_cover_rows,
    is_valid_solution,
    read_grid,
)
from textbook import SearchBudgetExceeded, SudokuCSP, backtracking_solve

# ---------------------------------------------------------------------------
# The methods compared
# ---------------------------------------------------------------------------

#: a method timed by ``time_methods``: a puzzle in, ``(solution or None, search nodes)`` out, the search nodes
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
WITHOUT_RESTARTS = "without restarts"
AGAIN = "my solver again (control)"
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


class Ideas(NamedTuple):
    """What my solver does beyond Knuth's Algorithm X on a matrix built for
    each puzzle; an ``AblationEngine`` has those set True, all by default."""

    reuse_matrix: bool = True  #: build the matrix once and link it afresh for each puzzle
    naked_singles: bool = True  #: propagation fills each blank left with one digit ...
    hidden_singles: bool = True  #: ... and places each digit left with one place in a unit ...
    locked_candidates: bool = True  #: ... and rules a digit confined to a box-line intersection out of both
    restarts: bool = True  #: a search that tries too many rows starts again in another column order


class AblationEngine(SudokuEngine):
    """My solver's engine with only the ``ideas`` it is given, for the
    ablation.  An idea is taken away through the engine's public parts alone:
    hidden singles and locked candidates by leaving their entries out of
    ``unit_rules`` (a hidden single's says 0, a locked candidate's what it
    rules out), and propagation's scan of the units with both (it scans by
    ``unit_rules``, none left); restarts by ``restart_rows``; naked singles by
    ``place_naked_singles``, and the reused matrix by ``matrix_for``."""

    def __init__(self, box: int, ideas: Ideas = Ideas()) -> None:
        super().__init__(box)
        self.ideas = ideas
        # A hidden single's rule rules out nothing (0); a locked candidate's, the cells it rules out.
        self.unit_rules = {
            cells: ruled_out
            for cells, ruled_out in self.unit_rules.items()
            if (ideas.locked_candidates if ruled_out else ideas.hidden_singles)
        }
        if not ideas.restarts:
            self.restart_rows = None

    def place_naked_singles(self, grid: list[int], blanks: int, places: list[int]) -> int | None:
        """The solver's naked singles; without them, ``blanks`` as they are, so
        that propagation goes on as if it had not taken this step: nothing
        placed and no contradiction found."""
        return super().place_naked_singles(grid, blanks, places) if self.ideas.naked_singles else blanks

    def matrix_for(self, part: OpenPart) -> AlgorithmX:
        """The solver's matrix for ``part``; without ``reuse_matrix``, one
        built afresh for each puzzle."""
        if not self.ideas.reuse_matrix:
            self.build_matrix()
        return super().matrix_for(part)


#: a matrix built only to take the gaps in memory that earlier work left, and kept (``ablation``)
SPARE_MATRIX: list[AlgorithmX] = []


def ablation() -> dict[str, AblationEngine]:
    """My solver's engine and a second one like it, as a control (the two
    differ only in when their matrices were built), then an engine without each rule of its
    propagation in turn, then one with no propagation and no restarts, which
    leaves Algorithm X (Knuth's S heuristic, in the solver's column order): label ->
    engine.  Every engine is an ``AblationEngine``, so that all pay alike for
    its switches, and reuses its one matrix.  A rule's effect is what
    removing it from the whole solver costs, interactions with the other
    rules included."""
    # The first matrix built after other work ran several per cent slower than identical ones
    # built after it, its nodes, I take it, scattered through the gaps that work left in memory
    # (the control showed it).  A spare matrix, built first and kept, takes those gaps instead;
    # one is enough for the process, as the notebook runs the ablation once.
    if not SPARE_MATRIX:
        SPARE_MATRIX.append(AlgorithmX(exact_cover_rows(SUDOKU_BOX)))
    variants = {
        SOLVER: Ideas(),
        AGAIN: Ideas(),
        **{WITHOUT[name]: Ideas()._replace(**{name: False}) for name in WITHOUT},
    }
    variants[NO_PROPAGATION] = Ideas()._replace(**dict.fromkeys([*WITHOUT, "restarts"], False))
    engines = {label: AblationEngine(SUDOKU_BOX, ideas) for label, ideas in variants.items()}
    for engine in engines.values():  # the matrix an engine keeps is built now, so that no puzzle's time holds it
        engine.build_matrix()
    return engines


def without_restarts() -> AblationEngine:
    """An engine like my solver's but without restarts, its matrix built."""
    engine = AblationEngine(SUDOKU_BOX, Ideas(restarts=False))
    engine.build_matrix()
    return engine


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
    cells = read_grid(puzzle, engine.size)
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
    """The textbook search with ``options`` as a method for ``time_methods``, reading
    the grid as ``by_engine`` does (``read_grid``) and answering, as it does,
    a flat list: the two pay the same for what is around the search."""

    def method(puzzle: np.ndarray) -> tuple[list[int] | None, int]:
        cells = read_grid(puzzle)
        return (None, 0) if cells is None else csp_answer(cells, None, **options)

    return method


def after_propagation() -> Method:
    """The textbook search with MAC and hidden singles started from the
    residual problem my solver's propagation leaves (``propagated``): the
    digits it placed, and each blank's domain narrowed to the digits it left."""
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
        puzzles = puzzles_if_here(name, path)
        if puzzles is not None:
            sets[name] = (puzzles, None)
    return sets


def puzzles_if_here(name: str, path: str) -> np.ndarray | None:
    """The puzzles of the set ``name`` (``load_puzzles``); None, and a line
    saying why, when its file ``path`` is not here."""
    if os.path.exists(path):
        return load_puzzles(path)
    print(f"Left out: the {name} set, as {path} is not in this folder")
    return None


#: the sparse puzzles without a solution (``data/README.md``), on which a search can run long
SPARSE = "sparse, no solution"
SPARSE_PATH = "data/generated/sparse_unsolvable.txt"


def sparse_set() -> dict[str, PuzzleSet]:
    """``SPARSE`` -> its puzzles, each stored as having no solution; empty,
    and a line says why, when its file is not here."""
    puzzles = puzzles_if_here(SPARSE, SPARSE_PATH)
    return {} if puzzles is None else {SPARSE: (puzzles, np.full(puzzles.shape, NO_SOLUTION))}


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
# Isomorphs
# ---------------------------------------------------------------------------


class Isomorph(NamedTuple):
    """A symmetry of the N x N sudoku: the rows taken in the order ``rows``
    and the columns in the order ``columns``, each the bands (stacks) in some
    order and the lines within each band in some order; then the grid
    transposed if ``transpose``; then each digit d written ``digits[d]``.
    It maps a puzzle to an *isomorph* of it, which has as many solutions, and
    a solution of the puzzle to the isomorph's."""

    rows: np.ndarray
    columns: np.ndarray
    transpose: bool
    digits: np.ndarray  #: ``digits[0] == 0``: a blank stays blank

    def apply(self, grid: np.ndarray) -> np.ndarray:
        """``grid``, a puzzle or an answer, mapped by the symmetry: a new
        array (an answer of all ``NO_SOLUTION`` stays one)."""
        moved = np.asarray(grid)[self.rows][:, self.columns]
        moved = moved.T if self.transpose else moved
        return np.where(moved > 0, np.asarray(self.digits)[np.clip(moved, 0, len(self.rows)).astype(np.int64)], moved)


def isomorph(k: int, r: int, side: int = SUDOKU_SIZE) -> Isomorph:
    """The symmetry that round ``r`` applies to puzzle ``k`` of side
    ``side``, drawn from a generator seeded with both, so that every method
    timed in a round and every count of choice points meets the same
    isomorph of a puzzle."""
    rng = random.Random(f"isomorph {k}:{r}")
    box = math.isqrt(side)

    def lines() -> np.ndarray:
        bands = rng.sample(range(box), box)
        return np.array([box * b + i for b in bands for i in rng.sample(range(box), box)])

    digits = np.array([EMPTY, *rng.sample(range(1, side + 1), side)])
    return Isomorph(lines(), lines(), rng.random() < 0.5, digits)


# ---------------------------------------------------------------------------
# Timing the methods
# ---------------------------------------------------------------------------


class Results(NamedTuple):
    """One method's timed runs on a set of puzzles: ``ms``, its CPU time in
    each round (a row) on each puzzle (a column); ``nodes``, its search nodes,
    laid out alike; and puzzle by puzzle, whether its answer was ``right`` in
    every round (checked)."""

    ms: np.ndarray
    nodes: np.ndarray
    right: np.ndarray

    def round_means(self) -> np.ndarray:
        """The mean time per puzzle of each round."""
        return self.ms.mean(axis=1)

    def puzzle_ms(self) -> np.ndarray:
        """Each puzzle's time: the median of its rounds."""
        return np.median(self.ms, axis=0)

    def mean_ms(self) -> float:
        """The time per puzzle: the mean of the puzzles' times (``puzzle_ms``)."""
        return float(self.puzzle_ms().mean())


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


def time_methods(
    methods: dict[str, Method],
    puzzles: Sequence[np.ndarray] | np.ndarray,
    stored: Sequence[np.ndarray] | np.ndarray | None = None,
    rounds: int = 1,
) -> dict[str, Results]:
    """Every method on every puzzle, ``rounds`` times.  In round r each
    method solves the same isomorph of puzzle k (``isomorph(k, r)``), so that
    no result rests on one labelling of a puzzle, where the ties of a
    heuristic happen to fall one way.  The methods take turns on each puzzle
    in an order drawn for it (``in_turn``), so that a change in the machine's
    load slows them alike.  Each call gets a fresh copy of the puzzle and is
    timed as the autograder times it, with ``time.process_time()``; each
    answer is checked against the ``stored`` solution, mapped alike, where
    given (``is_right``).  Each method first solves the first puzzle once,
    untimed, so that what it builds once (a matrix, a table) is not charged
    to one puzzle.

    The heap is frozen while it runs (``frozen_heap``).  ``ValueError`` when
    there is no method or no puzzle.
    """
    if not methods or not len(puzzles) or rounds < 1:
        raise ValueError(f"timing needs methods, puzzles and rounds: got {len(methods)}, {len(puzzles)}, {rounds}")
    for method in methods.values():
        method(np.array(puzzles[0]))
    names = list(methods)
    ms = {name: np.zeros((rounds, len(puzzles))) for name in names}
    nodes = {name: np.zeros((rounds, len(puzzles)), dtype=np.int64) for name in names}
    right = {name: np.ones(len(puzzles), dtype=bool) for name in names}
    with frozen_heap():
        for r in range(rounds):
            for k, puzzle in enumerate(puzzles):
                symmetry = isomorph(k, r, len(puzzle))
                grid = symmetry.apply(puzzle)
                answer = None if stored is None else symmetry.apply(stored[k])
                for name in in_turn(names, k, r):
                    copy = np.array(grid)
                    start = time.process_time()
                    solution, nodes[name][r, k] = methods[name](copy)
                    ms[name][r, k] = 1000 * (time.process_time() - start)
                    right[name][k] &= is_right(grid, solution, answer)
    return {name: Results(ms[name], nodes[name], right[name]) for name in names}


def joined(parts: Sequence[dict[str, Results]]) -> dict[str, Results]:
    """The ``time_methods`` results of one set's parts, timed in separate
    calls (so that no notebook cell runs long), as one: the puzzles side by side."""
    return {
        name: Results(
            *(np.concatenate([getattr(part[name], field) for part in parts], axis=-1) for field in Results._fields)
        )
        for name in parts[0]
    }


def time_methods_on_sets(
    methods: dict[str, Method], sets: dict[str, PuzzleSet], names: Sequence[str], rounds: int = 1
) -> dict[str, dict[str, Results]]:
    """``time_methods`` on each set of ``names`` that ``sets`` holds, by name
    (``present``)."""
    return {name: time_methods(methods, *sets[name], rounds) for name in present(sets, names)}


def present(sets: dict[str, PuzzleSet], names: Sequence[str]) -> list[str]:
    """The ``names`` that ``sets`` holds; a line says which are not here, and are passed over."""
    for name in names:
        if name not in sets:
            print(f"Skipped: the {name} set, which is not here")
    return [name for name in names if name in sets]


# ---------------------------------------------------------------------------
# Where a search's time goes
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
    counted, and with ``timing`` set, each part's seconds in ``seconds``
    (``timed``)."""

    def __init__(self, timing: bool) -> None:
        self.choices, self.timing, self.seconds = 0, timing, no_seconds()

    def part(self, name: str, method: Callable[..., typing.Any], *args: typing.Any) -> typing.Any:
        """``method(*args)``, timed as part ``name`` when timing."""
        return timed(self.seconds, name, method, *args) if self.timing else method(*args)


class CountingAlgorithmX(AlgorithmX):
    """Algorithm X counting its ``choices``, its choice points: the columns
    it branches on that hold two rows or more."""

    choices = 0

    def choose_column(self, emptied: Iterable[ColumnObject] | None = None) -> ColumnObject | None:
        column = super().choose_column(emptied)
        if column is not None and column.head.down.down is not column.head:  # two rows or more
            self.choices += 1
        return column


class InstrumentedAlgorithmX(Instrumented, CountingAlgorithmX):
    """Algorithm X counting its choice points and timing, when asked,
    choosing a column, covering (propagating a choice) and uncovering
    (undoing it)."""

    def __init__(self, rows: Sequence[Iterable[int]], timing: bool = False) -> None:
        Instrumented.__init__(self, timing)
        CountingAlgorithmX.__init__(self, rows)

    def choose_column(self, emptied: Iterable[ColumnObject] | None = None) -> ColumnObject | None:
        return self.part("choosing", super().choose_column, emptied)

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


def choice_points(
    engines: dict[str, SudokuEngine], puzzles: Sequence[np.ndarray] | np.ndarray, rounds: int = 1
) -> dict[str, np.ndarray]:
    """For each engine, label -> the choice points its search makes on each
    puzzle, the mean over the isomorphs that ``rounds`` rounds of
    ``time_methods`` solve: the columns it branches on that hold two rows or
    more (0 where propagation settles the puzzle).  Unlike the rows tried,
    this leaves out the forced moves, a column of one row, which propagation
    may or may not have made first.  Counted on a ``CountingAlgorithmX``, on
    the part the engine's propagation leaves, searched as the engine
    searches it (``first_cover``)."""
    matrices: dict[int, CountingAlgorithmX] = {}
    found = {label: np.zeros((rounds, len(puzzles))) for label in engines}
    for label, engine in engines.items():
        if engine.box not in matrices:
            matrices[engine.box] = CountingAlgorithmX(exact_cover_rows(engine.box))
        matrix = matrices[engine.box]
        for r in range(rounds):
            for k, puzzle in enumerate(puzzles):
                left = propagated(engine, isomorph(k, r, engine.size).apply(puzzle))
                if left is not None and left[1].blanks:
                    part = engine.open_part(left[0], left[1].places)
                    matrix.restrict(*part)
                    matrix.choices = 0
                    engine.first_cover(matrix, part)
                    found[label][r, k] = matrix.choices
    return {label: counts.mean(axis=0) for label, counts in found.items()}


def choice_points_on_sets(
    engines: dict[str, SudokuEngine], sets: dict[str, PuzzleSet], names: Sequence[str], rounds: int = 1
) -> dict[str, dict[str, np.ndarray]]:
    """``choice_points`` on each set of ``names`` that ``sets`` holds, by name (``present``)."""
    return {name: choice_points(engines, sets[name][0], rounds) for name in present(sets, names)}


class Split(NamedTuple):
    """One run of a method on one puzzle: the seconds before its search and
    of its search, its nodes, and when instrumented, its choice points and
    each part's seconds."""

    before: float
    search: float
    nodes: int
    choices: int = 0
    seconds: Mapping[str, float] = MappingProxyType({})  # read-only: one default for every run


class SearchSplitter:
    """Runs my solver, or the textbook search with MAC and hidden singles
    from the puzzle or from the residual problem my propagation leaves, on
    one puzzle, timing what it does before its search apart from its search
    (``run``).

    *Before the search* is all a method does before its first choice: my
    propagation, then restricting and linking the matrix, for my solver;
    building the domains and the inference from the givens for the textbook
    search, after my propagation for the second.  The search is the rest:
    my solver's search links the matrix again first, and that second link
    is taken out."""

    def __init__(self) -> None:
        self.engine = SudokuEngine(SUDOKU_BOX)
        rows = exact_cover_rows(SUDOKU_BOX)
        self.plain, self.instrumented = AlgorithmX(rows), InstrumentedAlgorithmX(rows, timing=True)

    def run(self, label: str, puzzle: np.ndarray, instrumented: bool) -> Split:
        """Method ``label`` on ``puzzle``: as it is, timed by CPU time
        (``time.process_time``), or instrumented, its parts timed by the wall
        clock (``time.perf_counter``), as they take microseconds."""
        clock = time.perf_counter if instrumented else time.process_time
        begun = clock()
        cells = read_grid(puzzle)
        if cells is None:
            raise ValueError("node_times needs puzzles of digits 0 to 9")
        if label == HIDDEN_SINGLES:
            return self.textbook(cells, None, instrumented, clock, begun)
        left = propagated(self.engine, puzzle)
        if left is None:  # propagation finds no solution: no search
            return Split(clock() - begun, 0.0, 0)
        cells, candidates = left
        if label == SOLVER:
            return self.dancing_links(cells, candidates, instrumented, clock, begun)
        return self.textbook(cells, digits_left(candidates), instrumented, clock, begun)

    def dancing_links(
        self, cells: list[int], candidates: Candidates, instrumented: bool, clock: Callable[[], float], begun: float
    ) -> Split:
        """My solver's search of what its propagation left (``run``)."""
        matrix = self.instrumented if instrumented else self.plain
        part = self.engine.open_part(cells, candidates.places)
        matrix.restrict(*part)
        matrix.link()
        linked = clock()
        matrix.link()  # again, as the search's own link will find it
        searching = clock()
        self.instrumented.choices, self.instrumented.seconds = 0, no_seconds()
        tried = self.engine.first_cover(matrix, part)[1]  # searched as the engine searches
        done = clock() - (searching - linked)  # less the search's own link
        counted = (self.instrumented.choices, self.instrumented.seconds) if instrumented else ()
        return Split(linked - begun, done - searching, tried, *counted)  # one link before, none in the search

    def textbook(
        self, cells: list[int], narrowed: list[int] | None, instrumented: bool, clock: Callable[[], float], begun: float
    ) -> Split:
        """The textbook search with MAC and hidden singles on ``cells``, each
        domain narrowed to ``narrowed`` where given (``run``)."""
        if instrumented:
            csp: SudokuCSP = InstrumentedCSP(cells, SUDOKU_BOX, None, narrowed, hidden_singles=True, timing=True)
        else:
            csp = SudokuCSP(cells, SUDOKU_BOX, None, narrowed, hidden_singles=True)
        searching = clock()
        csp.run(1)
        done = clock()
        counted = (csp.choices, csp.seconds) if isinstance(csp, InstrumentedCSP) else ()
        return Split(searching - begun, done - searching, csp.assignments, *counted)


class NodeTimes(NamedTuple):
    """One method's work on a set of puzzles: the mean seconds a puzzle
    before its search and of its search, and its mean ``nodes``; each
    puzzle's ``choices``; and from the instrumented runs, the ``shares`` of
    its search's time that each of ``PARTS`` and the rest took."""

    before: float
    search: float
    nodes: float
    choices: np.ndarray
    shares: dict[str, float]


def node_times(puzzles: Sequence[np.ndarray], rounds: int = 3) -> dict[str, NodeTimes]:
    """Where the time of my solver and of the two strongest textbook searches
    goes on ``puzzles``, label -> ``NodeTimes``.  In each of ``rounds`` rounds
    every method runs on the isomorph of every puzzle that ``time_methods``
    would give it, in turn as there, first as it is, for its times and
    nodes, then instrumented, for its choice points and the time of each
    part (``SearchSplitter``).  ``before``, ``search`` and ``nodes`` are the
    medians of the rounds' means; a part's share is the median over the
    rounds of its total over the instrumented search's, and the rest, the
    search loop's own share, includes what the instruments themselves cost.
    The heap is frozen as in ``time_methods``."""
    splitter = SearchSplitter()
    labels = (SOLVER, HIDDEN_SINGLES, AFTER_PROPAGATION)
    fields = ("before", "search", "nodes", "choices", "timed search", *PARTS)
    runs = {label: {field: np.zeros((rounds, len(puzzles))) for field in fields} for label in labels}
    with frozen_heap():
        for r in range(rounds):
            for k, puzzle in enumerate(puzzles):
                grid = isomorph(k, r).apply(puzzle)
                for label in in_turn(labels, k, r):
                    plain, timed_ = splitter.run(label, grid, False), splitter.run(label, grid, True)
                    found = [plain.before, plain.search, plain.nodes, timed_.choices, timed_.search]
                    for field, value in zip(fields, [*found, *(timed_.seconds[part] for part in PARTS)]):
                        runs[label][field][r, k] = value
    results = {}
    for label, run in runs.items():
        shares = {part: float(np.median(run[part].sum(axis=1) / run["timed search"].sum(axis=1))) for part in PARTS}
        shares["rest"] = 1 - sum(shares.values())
        before, search, nodes = (float(np.median(run[field].mean(axis=1))) for field in ("before", "search", "nodes"))
        results[label] = NodeTimes(before, search, nodes, run["choices"].mean(axis=0), shares)
    return results
