"""Time the notebook's ``sudoku_solver`` on several puzzle collections and
compare it with other solvers.

``sudoku_solver`` is taken from ``sudoku.ipynb`` the way the autograder takes
it (``tools.handin.notebook.load_solver``).  Every call gets a fresh int8 copy
of its puzzle and is timed with ``time.process_time()``, after one untimed
warm-up call per solver.  Every answer is checked with the independent
``helpers.is_valid_solution``; where the collection stores solutions the answer
must also equal the stored one, and a puzzle stored as unsolvable (all -1)
must get all -1.  The 17-clue and top1465 collections store no solutions, but
every puzzle in them has exactly one.

Puzzle sets (select with ``--sets``, by group or by full name)
    assignment/<category>  the assignment's sample puzzles, ``data/``
    generated/<category>   the project's puzzles of the same kinds,
                           ``data/generated/`` (``tools/puzzles/make_data.py``)
    clashing               the solvable puzzles of ``data/``, each with a given
                           repeated in its row: all must get -1 at once
    17clue                 ``collections/17clue_royle_49151.txt``
    top1465                ``collections/magictour_top1465.txt``
    top1465-slow           the tenth of top1465 that plain dancing links finds
                           hardest (``slowest_tenth``): puzzles that need a
                           long search, picked by a solver that is not ours
    kaggle/<band>          ``collections/kaggle_rated_sample_7034.csv``,
                           split into bands of its difficulty rating
    hardest                ``collections/hardest.csv``: the puzzles of the
                           three collections on which plain dancing links
                           tries the most rows (``tools/puzzles/find_hardest.py``)
    generated-hard         ``data/generated/hard_<part>.txt``, made by
                           ``tools/puzzles/make_hard.py`` with one seed per part
with <category> one of very_easy, easy, medium, hard.  Sets missing on disk
are skipped with a note.

Parts (``--part``; ``docs/tuning.md`` says why): the *tuning* part of a
public collection (17clue, top1465, top1465-slow, kaggle, hardest) is its
puzzles at even 0-based positions in their source file, the *evaluation*
part those at odd positions; of the generated collections the part picks the file.  Either
way the set's name gets ``:tuning`` or ``:evaluation``.  The assignment's
and the project's categories (and clashing) are always whole.

Rows tried: for each puzzle the results also count the rows the search
tried, for our solver (``helpers.SudokuEngine.rows_tried``, 0 when the first
pass alone solved it) and for plain-dlx; for exact-cover they split its time
into the adapter's numpy set-up and the C call.  For the slowest puzzle of
each set our solver is run again, ``PHASE_REPEATS`` times, to say where its
time goes (``phase_times``).

Alternatives (``tools/measure/alternatives.py``: the baseline, which is third-party
code and not in the repository (``BASELINE_ENV`` names the file), and the PyPI
packages exact-cover and dlx of the ``bench`` dependency group; those not
available are skipped with a note) run after our solver has been timed
alone on every puzzle of the set (its own figures).  They run interleaved with
ours, puzzle by puzzle in a rotating order, so that a busy machine, and the
cache misses that interleaving causes, slow every solver alike; each is
reported as its mean time over ours in that same pass.  On a large set they run on an evenly spaced subsample of at most
``--alt-limit`` puzzles.  A wrong answer from an alternative is reported,
not fatal.

``--ablation`` instead measures each switch of ``tools.steps.Optimisations``:
the solver runs with all switches on and, interleaved, with each one off in
turn (an engine of ``tools.steps.step_engine``, made the shared one by
``tools.steps.using``), and the report gives the ratio of the means (off / on).

For every solver on every set the results give the mean, median, 95th
percentile and maximum time, and ``percentiles_ms``: the time at every whole
percentile 0..100 (to ``SIGNIFICANT_DIGITS`` digits), from which
``tools/report/figures.py`` draws the distributions.

Results are merged, keyed by set name, into ``docs/results/benchmark.json`` and
rewritten as tables in ``docs/results/benchmark.md``; the tables of this run go to
stdout, progress to stderr.  The exit status is 1 when our solver gave a
wrong answer.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import dataclasses
import datetime
import json
import math
import os
import platform
import shlex
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FunctionType, ModuleType
from typing import TextIO

import numpy as np

# The notebook imports ``helpers`` from the repo root too; importing it first
# puts this very module object in sys.modules, so the switches the ablation
# sets are the ones the notebook's solver reads (checked by ``check_helpers``).
import helpers
from helpers import EMPTY, NO_SOLUTION, is_valid_solution
from helpers import SUDOKU_SIZE as SIZE
from tools.measure.alternatives import ALTERNATIVE_NAMES, Alternative, Details, Solver, alternatives
from tools.paths import CATEGORIES, COLLECTIONS, DATA, GENERATED, RESULTS, ROOT
from tools.puzzles.make_hard import ISOMORPHS, effort, random_symmetry
from tools.handin.notebook import NOTEBOOK, load_solver
from tools.steps import SWITCHES, Optimisations, step_engine, using

GROUPS = (
    "assignment",
    "generated",
    "clashing",
    "17clue",
    "top1465",
    "top1465-slow",
    "kaggle",
    "hardest",
    "generated-hard",
)
PARTS = ("tuning", "evaluation")
#: groups whose sets are split by the parity of each puzzle's position in its file
SPLIT_GROUPS = ("17clue", "top1465", "top1465-slow", "kaggle", "hardest")
#: generated collections, one file a part: ``data/generated/<stem>_<part>.txt`` by group
PART_FILE_STEMS = {"generated-hard": "hard"}
SLOW_SHARE = 10  #: top1465-slow holds 1/SLOW_SHARE of top1465
SLOW_SEED = 1465  #: seeds the symmetries over which top1465-slow averages the effort
PHASE_REPEATS = 5  #: runs of the slowest puzzle of a set when timing its phases
LINE_FILES = {"17clue": "17clue_royle_49151.txt", "top1465": "magictour_top1465.txt"}  #: in collections/
KAGGLE_FILE = "kaggle_rated_sample_7034.csv"  #: in collections/
HARDEST_FILE = "hardest.csv"  #: in collections/, made by tools/puzzles/find_hardest.py
# Ratings run from 0 to 8.5, about 1000 puzzles per unit up to 7 and only
# 100 above it, so everything from 7 up forms one band.
KAGGLE_BAND_EDGES = (0, 1, 2, 3, 4, 5, 6, 7, 9)
DEFAULT_ALT_LIMIT = 2000
OURS = "ours"
ALL_ON = "all on"
MS_PER_S = 1000.0
MS_DECIMALS = 4  #: JSON keeps times to 0.1 microsecond
RATIO_DECIMALS = 3
PERCENTILE = 95
#: every whole percentile, 0 (the minimum) to 100 (the maximum), stored per
#: solver so that figures can draw the distribution of the times
PERCENTILES = tuple(range(101))
SIGNIFICANT_DIGITS = 4  #: of each stored percentile; the timer's noise is larger
WRONG_EXAMPLES = 5  #: how many indices of wrong answers a result keeps
LONGEST_SHARE = 0.1  #: the share of a set's puzzles, those of our longest searches, that longest_ratio is taken on
PROGRESS_TTY_INTERVAL_S = 0.2
PROGRESS_LOG_AFTER_S = 5.0  #: when stderr is not a terminal, stay quiet this long
PROGRESS_LOG_INTERVAL_S = 10.0
DEFAULT_OUT = RESULTS
JSON_NAME = "benchmark.json"
SCHEMA = 2  #: the layout of benchmark.json; results in another layout are not merged
MARKDOWN_NAME = "benchmark.md"
#: switches of older results by their present names (``tools.steps.Optimisations``)
LEGACY_SWITCHES = {"rows_of_four": "cheaper_rows"}


# ---------------------------------------------------------------------------
# Puzzle sets
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PuzzleSet:
    """Puzzles of one set, with their stored solutions when there are any.

    ``indices`` are the puzzles' positions in the source file (they differ
    from 0..n-1 after ``sample``); ``size`` is the number of puzzles the full
    set holds.
    """

    name: str
    source: str
    puzzles: np.ndarray  #: (n, 9, 9) int8, 0 = blank
    solutions: np.ndarray | None  #: (n, 9, 9) int64, all -1 for no solution
    indices: np.ndarray
    size: int

    def __len__(self) -> int:
        return len(self.puzzles)

    @property
    def unsolvable(self) -> int | None:
        """How many puzzles are stored as having no solution (None: unknown)."""
        if self.solutions is None:
            return None
        return int((self.solutions == NO_SOLUTION).all(axis=(1, 2)).sum())

    def sample(self, count: int | None) -> PuzzleSet:
        """At most ``count`` puzzles, evenly spaced over the set (all if None)."""
        if count is None or count >= len(self):
            return self
        keep = evenly_spaced(len(self), count)
        solutions = None if self.solutions is None else self.solutions[keep]
        return dataclasses.replace(self, puzzles=self.puzzles[keep], solutions=solutions, indices=self.indices[keep])


def evenly_spaced(total: int, count: int) -> np.ndarray:
    """``min(count, total)`` distinct indices spread evenly over ``range(total)``, first included."""
    count = min(count, total)
    return np.array([i * total // count for i in range(count)], dtype=np.int64)


def new_set(name: str, source: Path, puzzles: np.ndarray, solutions: np.ndarray | None) -> PuzzleSet:
    """A full set, with puzzles as int8 and solutions as int64 grids."""
    puzzles = np.asarray(puzzles).reshape(-1, SIZE, SIZE).astype(np.int8)
    if solutions is not None:
        solutions = np.asarray(solutions).reshape(-1, SIZE, SIZE).astype(np.int64)
    return PuzzleSet(name, display_path(source), puzzles, solutions, np.arange(len(puzzles)), len(puzzles))


def display_path(path: Path) -> str:
    """``path`` relative to the repo root when it lies in the repo, else as given."""
    path = Path(path).resolve()
    if not path.is_relative_to(ROOT):
        return str(path)
    return path.relative_to(ROOT).as_posix()


def grids_from_strings(lines: Iterable[str], source: Path) -> np.ndarray:
    """Parse 81-character puzzle lines (``0`` or ``.`` for a blank) into (n, 9, 9) int8."""
    grids = []
    for number, line in enumerate(lines, start=1):
        text = line.strip().replace(".", "0")
        if len(text) != SIZE * SIZE or not text.isdigit():
            raise ValueError(f"{source}:{number}: not an 81-digit puzzle: {line!r}")
        grids.append(np.frombuffer(text.encode("ascii"), dtype=np.uint8) - ord("0"))
    return np.array(grids, dtype=np.int8).reshape(-1, SIZE, SIZE)


Loaded = tuple[list[PuzzleSet], dict[str, str]]  #: the sets found, and why others are missing, by name


def category_sets(folder: Path, group: str) -> Loaded:
    """One set per category from ``<category>_puzzle.npy`` and ``_solution.npy`` in ``folder``."""
    sets, missing = [], {}
    for category in CATEGORIES:
        name = f"{group}/{category}"
        puzzles_file = folder / f"{category}_puzzle.npy"
        solutions_file = folder / f"{category}_solution.npy"
        if not puzzles_file.is_file():
            missing[name] = f"{display_path(puzzles_file)} not found"
            continue
        solutions = np.load(solutions_file) if solutions_file.is_file() else None
        sets.append(new_set(name, puzzles_file, np.load(puzzles_file), solutions))
    return sets, missing


def line_set(path: Path, name: str) -> Loaded:
    """The set of a file holding one puzzle per line."""
    if not path.is_file():
        return [], {name: f"{display_path(path)} not found"}
    lines = [line for line in path.read_text(encoding="ascii").splitlines() if line.strip()]
    return [new_set(name, path, grids_from_strings(lines, path), None)], {}


def band_name(low: float, high: float) -> str:
    """``kaggle/2-3`` for ratings from 2 up to (not including) 3."""
    return f"kaggle/{low:g}-{high:g}"


def kaggle_sets(path: Path) -> Loaded:
    """The rated CSV split into one set per band of ``KAGGLE_BAND_EDGES``."""
    if not path.is_file():
        return [], {"kaggle": f"{display_path(path)} not found"}
    with path.open(newline="", encoding="ascii") as handle:
        rows = list(csv.DictReader(handle))
    ratings = np.array([float(row["difficulty"]) for row in rows])
    puzzles = grids_from_strings((row["puzzle"] for row in rows), path)
    solutions = grids_from_strings((row["solution"] for row in rows), path)
    sets = []
    for low, high in zip(KAGGLE_BAND_EDGES, KAGGLE_BAND_EDGES[1:]):
        members = np.flatnonzero((ratings >= low) & (ratings < high))
        if len(members):
            band = new_set(band_name(low, high), path, puzzles[members], solutions[members])
            sets.append(dataclasses.replace(band, indices=members))
    return sets, {}


def hardest_sets(path: Path) -> Loaded:
    """The hardest puzzles of the collections, each keeping its position in its
    source file (which decides its part)."""
    if not path.is_file():
        return [], {"hardest": f"{display_path(path)} not found"}
    with path.open(newline="", encoding="ascii") as handle:
        rows = list(csv.DictReader(handle))
    found = new_set("hardest", path, grids_from_strings((row["puzzle"] for row in rows), path), None)
    return [dataclasses.replace(found, indices=np.array([int(row["position"]) for row in rows]))], {}


def clashing_sets(folder: Path) -> Loaded:
    """Puzzles that repeat a given: every solvable puzzle of ``folder``'s
    categories with its first given copied into the first blank of its row.
    Each must get all -1, found before any search."""
    found, missing = category_sets(folder, "assignment")
    grids = []
    for puzzle_set in found:
        for puzzle, solution in zip(puzzle_set.puzzles, puzzle_set.solutions):
            if (solution == NO_SOLUTION).all():
                continue
            row = next(r for r in range(SIZE) if (puzzle[r] == EMPTY).any() and (puzzle[r] != EMPTY).any())
            clash = puzzle.copy()
            clash[row, np.flatnonzero(puzzle[row] == EMPTY)[0]] = puzzle[row, np.flatnonzero(puzzle[row])[0]]
            grids.append(clash)
    if not grids:
        return [], {"clashing": "; ".join(missing.values()) or "no solvable puzzles"}
    puzzles = np.array(grids)
    return [new_set("clashing", folder / "*_puzzle.npy", puzzles, np.full(puzzles.shape, NO_SOLUTION))], {}


def slowest_tenth(path: Path) -> Loaded:
    """The tenth of the puzzles in ``path`` on which plain dancing links tries
    the most rows, in file order, keeping their positions in the file.

    The rows are averaged over ``ISOMORPHS`` symmetric copies of each puzzle
    (``tools.puzzles.make_hard.effort``, seeded with ``SLOW_SEED``), so that the
    choice says how hard a puzzle is rather than how plain dancing links
    happens to break ties on it, which would flatter every solver compared
    with it.  Ties go to the earlier puzzle.
    """
    found, missing = line_set(path, "top1465-slow")
    if not found:
        return [], missing
    full = found[0]
    rng = np.random.default_rng(SLOW_SEED)
    symmetries = [random_symmetry(rng) for _ in range(ISOMORPHS)]
    scores = np.array([effort(puzzle.ravel().tolist(), symmetries) for puzzle in full.puzzles])
    keep = np.sort(np.argsort(-scores, kind="stable")[: len(full) // SLOW_SHARE])
    tenth = dataclasses.replace(full, puzzles=full.puzzles[keep], indices=keep, size=len(keep))
    return [tenth], {}


def part_file_sets(folder: Path, group: str) -> Loaded:
    """``<group>:tuning`` and ``<group>:evaluation`` of a generated collection
    (``tools/puzzles/make_hard.py``), one file a part."""
    sets, missing = [], {}
    for part in PARTS:
        found, absent = line_set(folder / f"{PART_FILE_STEMS[group]}_{part}.txt", f"{group}:{part}")
        sets += found
        missing |= absent
    return sets, missing


def part_of(puzzle_set: PuzzleSet, part: str | None) -> PuzzleSet | None:
    """The ``part`` (tuning or evaluation) of a set, renamed; the set itself
    when ``part`` is None or the set is not split; None when it is the
    generated set of the other part."""
    if part is None:
        return puzzle_set
    group = group_of(puzzle_set.name)
    if group in PART_FILE_STEMS:
        return puzzle_set if puzzle_set.name == f"{group}:{part}" else None
    if group not in SPLIT_GROUPS:
        return puzzle_set
    keep = np.flatnonzero(puzzle_set.indices % 2 == PARTS.index(part))
    solutions = None if puzzle_set.solutions is None else puzzle_set.solutions[keep]
    return dataclasses.replace(
        puzzle_set,
        name=f"{puzzle_set.name}:{part}",
        puzzles=puzzle_set.puzzles[keep],
        solutions=solutions,
        indices=puzzle_set.indices[keep],
        size=len(keep),
    )


@dataclass(frozen=True)
class Folders:
    """Where the sets are read from (tests point them at a temporary folder)."""

    data: Path = DATA  #: the assignment's categories
    generated: Path = GENERATED  #: the project's categories and generated collections
    collections: Path = COLLECTIONS  #: the public collections


def load_group(group: str, folders: Folders = Folders()) -> Loaded:
    """The sets of one group, and what is missing from it."""
    if group == "assignment":
        return category_sets(folders.data, "assignment")
    if group == "generated":
        return category_sets(folders.generated, "generated")
    if group == "clashing":
        return clashing_sets(folders.data)
    if group in LINE_FILES:
        return line_set(folders.collections / LINE_FILES[group], group)
    if group == "top1465-slow":
        return slowest_tenth(folders.collections / LINE_FILES["top1465"])
    if group == "kaggle":
        return kaggle_sets(folders.collections / KAGGLE_FILE)
    if group == "hardest":
        return hardest_sets(folders.collections / HARDEST_FILE)
    if group in PART_FILE_STEMS:
        return part_file_sets(folders.generated, group)
    raise ValueError(f"unknown group {group!r}; choose from {', '.join(GROUPS)}")


def group_of(name: str) -> str:
    """``kaggle`` for ``kaggle/2-3`` (or ``kaggle/2-3:tuning``); a group's name is its own group."""
    return name.partition(":")[0].partition("/")[0]


def picks(selector: str, name: str) -> bool:
    """Whether ``selector`` (a group or a set) picks the set ``name``."""
    return selector in (name, group_of(name))


def concerns(selector: str, missing: str) -> bool:
    """Whether a set or a whole group that is ``missing`` is one ``selector`` asks for."""
    return picks(selector, missing) or group_of(selector) == missing


def select_sets(selectors: Sequence[str], folders: Folders = Folders()) -> tuple[list[PuzzleSet], list[str]]:
    """The sets named by ``selectors`` (groups like ``kaggle`` or sets like
    ``kaggle/2-3``), in ``GROUPS`` order, and notes on what was skipped."""
    sets, missing = [], {}
    for group in GROUPS:
        if any(group_of(selector) == group for selector in selectors):
            found, absent = load_group(group, folders)
            sets += [s for s in found if any(picks(selector, s.name) for selector in selectors)]
            missing |= {name: why for name, why in absent.items() if any(concerns(s, name) for s in selectors)}
    notes = [f"skipped {name}: {why}" for name, why in missing.items()]
    for selector in selectors:
        if not any(picks(selector, s.name) for s in sets) and not any(concerns(selector, m) for m in missing):
            notes.append(f"no set named {selector!r}")
    return sets, notes


# ---------------------------------------------------------------------------
# Timing and checking
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Contestant:
    """A solver in an interleaved run, with the puzzles (positions) it runs on.

    ``prepare`` is called, untimed, before each of its calls: the ablation
    uses it to set the engine's switches.
    """

    name: str
    solve: Solver
    runs_on: np.ndarray  #: bool per puzzle of the set
    prepare: Callable[[], None] = lambda: None
    details: Details | None = None  #: read after each call: numbers about it, by name


@dataclass
class Timings:
    """What one contestant did on one set: seconds and verdict per puzzle."""

    seconds: np.ndarray
    right: np.ndarray
    ran: np.ndarray
    details: dict[str, np.ndarray] = field(default_factory=dict)  #: per puzzle, by name

    @classmethod
    def empty(cls, n: int) -> Timings:
        return cls(np.zeros(n), np.zeros(n, dtype=bool), np.zeros(n, dtype=bool))

    def note(self, k: int, details: dict[str, float]) -> None:
        """Keep what a solver said about its call on puzzle ``k``."""
        for name, value in details.items():
            self.details.setdefault(name, np.zeros(len(self.seconds)))[k] = value


def is_right(puzzle: np.ndarray, answer: object, expected: np.ndarray | None) -> bool:
    """Whether ``answer`` is a right answer to ``puzzle``.

    ``expected`` is the stored solution (all -1: no solution) or None when
    none is stored, and then the answer must be a valid solution.  An answer
    of None (the solver raised) is wrong.
    """
    if answer is None:
        return False
    answer = np.asarray(answer)
    if answer.shape != (SIZE, SIZE):
        return False
    if expected is not None and (expected == NO_SOLUTION).all():
        return bool((answer == NO_SOLUTION).all())
    if not is_valid_solution(puzzle, answer):
        return False
    return expected is None or bool(np.array_equal(answer, expected))


def timed_call(solve: Solver, puzzle: np.ndarray) -> tuple[float, object]:
    """CPU seconds of one call on a fresh int8 copy of ``puzzle``, and its
    answer, None if the call raised."""
    fresh = puzzle.astype(np.int8)
    start = time.process_time()
    try:
        answer = solve(fresh)
    except Exception:  # a crash is a wrong answer, not the end of the run
        answer = None
    return time.process_time() - start, answer


def rotated(items: Sequence[Contestant], step: int) -> list[Contestant]:
    """``items`` rotated left by ``step``, so each gets its turn at going first."""
    k = step % len(items)
    return list(items[k:]) + list(items[:k])


def run_interleaved(puzzle_set: PuzzleSet, contestants: Sequence[Contestant], progress: Progress) -> dict[str, Timings]:
    """Run every contestant on every puzzle it runs on, puzzle by puzzle."""
    n = len(puzzle_set)
    timings = {c.name: Timings.empty(n) for c in contestants}
    for contestant in contestants:  # warm-up: first-call costs are not what we measure
        contestant.prepare()
        timed_call(contestant.solve, puzzle_set.puzzles[0])
    for k in range(n):
        puzzle = puzzle_set.puzzles[k]
        expected = None if puzzle_set.solutions is None else puzzle_set.solutions[k]
        for contestant in rotated(contestants, k):
            if not contestant.runs_on[k]:
                continue
            contestant.prepare()
            seconds, answer = timed_call(contestant.solve, puzzle)
            record = timings[contestant.name]
            record.seconds[k] = seconds
            record.right[k] = is_right(puzzle, answer, expected)
            record.ran[k] = True
            if contestant.details is not None:
                record.note(k, contestant.details())
        progress.update(k + 1)
    progress.close()
    return timings


# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------


@dataclass
class SolverResult:
    """One solver on one set.  ``solved`` counts right answers, a right "no
    solution" included.  For an alternative, ``ours_mean_ms`` is our mean
    time on the same puzzles and ``ratio`` = ``mean_ms / ours_mean_ms``; both
    are None for ours."""

    solver: str
    n: int
    solved: int
    wrong: int
    mean_ms: float
    median_ms: float
    p95_ms: float
    max_ms: float
    percentiles_ms: list[float]  #: the times at each of ``PERCENTILES``
    ours_mean_ms: float | None = None
    ratio: float | None = None
    wrong_examples: list[int] = field(default_factory=list)  #: source indices of wrong answers
    #: what the solver said about its calls (``details_summary``): mean, p95, max by name
    details: dict[str, dict[str, float]] = field(default_factory=dict)
    ours_rows_mean: float | None = None  #: our rows tried on the same puzzles, beside an alternative
    #: beside an alternative: the share of puzzles it solved faster than ours
    faster_share: float | None = None
    #: beside an alternative: its time over ours on the puzzles where our search
    #: tried the most rows (the top ``LONGEST_SHARE`` of them), where ours is weakest
    longest_ratio: float | None = None
    slowest: dict | None = None  #: ours only: the slowest puzzle and where its time went (``phase_times``)


@dataclass
class SetResult:
    """Every solver on one set; ``size`` puzzles in the set, ``n`` measured."""

    name: str
    source: str
    size: int
    n: int
    unsolvable: int | None
    date: str
    solvers: list[SolverResult]


@dataclass
class SwitchResult:
    """One switch of ``tools.steps.Optimisations`` turned off, on one set."""

    switch: str
    mean_on_ms: float
    mean_off_ms: float
    ratio: float  #: mean_off_ms / mean_on_ms
    wrong: int  #: wrong answers with the switch off
    max_on_ms: float  #: the slowest puzzle with all switches on
    max_off_ms: float  #: the slowest puzzle with this switch off
    rows_on: float | None = None  #: mean rows tried with all switches on
    rows_off: float | None = None  #: mean rows tried with this switch off


@dataclass
class AblationResult:
    """The ablation on one set: all switches on against each one off."""

    name: str
    size: int
    n: int
    date: str
    wrong_all_on: int
    switches: list[SwitchResult]


def in_ms(seconds: float) -> float:
    """Seconds as milliseconds, rounded to a tenth of a microsecond."""
    return round(float(seconds) * MS_PER_S, MS_DECIMALS)


def significant(value: float, digits: int = SIGNIFICANT_DIGITS) -> float:
    """``value`` rounded to ``digits`` significant digits: 0.012346 for 0.0123456."""
    return float(f"{float(value):.{digits}g}")


def details_summary(timings: Timings) -> dict[str, dict[str, float]]:
    """Mean, 95th percentile and maximum of each detail over the puzzles run;
    a detail in seconds (name ending ``_s``) is given in ms (``_ms``)."""
    summary = {}
    for name, values in timings.details.items():
        values = values[timings.ran]
        if name.endswith("_s"):
            name, values = name[:-2] + "_ms", values * MS_PER_S
        summary[name] = {
            "mean": round(float(np.mean(values)), MS_DECIMALS),
            "p95": round(float(np.percentile(values, PERCENTILE)), MS_DECIMALS),
            "max": round(float(np.max(values)), MS_DECIMALS),
        }
    return summary


def summarise(name: str, timings: Timings, puzzle_set: PuzzleSet, ours: Timings | None) -> SolverResult:
    """The statistics of one contestant; ``ours`` gives the ratio's denominator."""
    ran = timings.ran
    seconds = timings.seconds[ran]
    wrong = ran & ~timings.right
    result = SolverResult(
        solver=name,
        n=int(ran.sum()),
        solved=int(timings.right[ran].sum()),
        wrong=int(wrong.sum()),
        mean_ms=in_ms(np.mean(seconds)),
        median_ms=in_ms(np.median(seconds)),
        p95_ms=in_ms(np.percentile(seconds, PERCENTILE)),
        max_ms=in_ms(np.max(seconds)),
        percentiles_ms=[significant(t * MS_PER_S) for t in np.percentile(seconds, PERCENTILES)],
        wrong_examples=[int(i) for i in puzzle_set.indices[wrong][:WRONG_EXAMPLES]],
        details=details_summary(timings),
    )
    if ours is not None:
        ours_seconds = ours.seconds[ran]
        result.ours_mean_ms = in_ms(np.mean(ours_seconds))
        result.ratio = round(float(np.mean(seconds) / np.mean(ours_seconds)), RATIO_DECIMALS)
        result.faster_share = round(float(np.mean(seconds < ours_seconds)), RATIO_DECIMALS)
        if ROWS in ours.details:
            rows = ours.details[ROWS][ran]
            result.ours_rows_mean = round(float(np.mean(rows)), MS_DECIMALS)
            longest = rows >= np.quantile(rows, 1 - LONGEST_SHARE)
            if rows.max() > 0:
                ratio = np.mean(seconds[longest]) / np.mean(ours_seconds[longest])
                result.longest_ratio = round(float(ratio), RATIO_DECIMALS)
    return result


def now() -> str:
    return datetime.datetime.now().astimezone().isoformat(timespec="seconds")


def compare(puzzle_set: PuzzleSet, ours: Solver, others: Sequence[Alternative], alt_limit: int) -> SetResult:
    """Ours alone on every puzzle of the set; then, when there are others,
    ours and the others interleaved on at most ``alt_limit`` of its puzzles.

    The first pass gives our own figures, as a caller solving one puzzle after
    another sees them.  Interleaving evicts each solver's data from the CPU
    caches between its calls, which slows every solver, so the ratios compare
    the others with our times from the second pass.
    """
    n = len(puzzle_set)
    everywhere = np.ones(n, dtype=bool)
    alone = run_interleaved(
        puzzle_set, [Contestant(OURS, ours, everywhere, details=our_details)], Progress(puzzle_set.name, n)
    )
    solvers = [summarise(OURS, alone[OURS], puzzle_set, None)]
    slowest = int(np.argmax(alone[OURS].seconds))
    solvers[0].slowest = {
        "index": int(puzzle_set.indices[slowest]),
        "ms": in_ms(alone[OURS].seconds[slowest]),
        **phase_times(puzzle_set.puzzles[slowest]),
    }
    if alt_limit > 0 and others:
        runs_on = np.zeros(n, dtype=bool)
        runs_on[evenly_spaced(n, alt_limit)] = True
        contestants = [Contestant(OURS, ours, runs_on, details=our_details)]
        contestants += [Contestant(alt.name, alt.solver, runs_on, details=alt.details) for alt in others]
        timings = run_interleaved(puzzle_set, contestants, Progress(f"{puzzle_set.name}, with others", n))
        beside = timings.pop(OURS)
        solvers += [summarise(name, record, puzzle_set, beside) for name, record in timings.items()]
    return SetResult(puzzle_set.name, puzzle_set.source, puzzle_set.size, n, puzzle_set.unsolvable, now(), solvers)


ROWS = "rows"  #: the detail that counts rows tried
DETAIL_LABELS = {"setup_ms": "numpy set-up", "c_search_ms": "C search"}  #: exact-cover's, in the report


def our_details() -> dict[str, float]:
    """The rows our solver's last call tried (0 when the first pass solved it)."""
    return {ROWS: helpers.engine(helpers.SUDOKU_BOX).rows_tried}


def phase_times(puzzle: np.ndarray, repeats: int = PHASE_REPEATS) -> dict[str, float]:
    """Where ``helpers.solve_sudoku``'s time goes on ``puzzle``: the median ms,
    over ``repeats`` runs, of reading the grid (``read_grid``), stage 1
    (``place_singles``), listing what is left to search (``open_part``, stored
    as ``load_ms``), relinking the matrix (``relink``, as ``link_ms``) and the
    search (``first_solution``), and the rows the search tried.  Each step is
    the shared engine's own, called in the order ``SudokuEngine.solve`` calls them."""
    engine = helpers.engine(helpers.SUDOKU_BOX)
    clock = time.process_time
    runs = []
    for _ in range(repeats):
        rows = 0
        start = clock()
        grid = helpers.read_grid(puzzle.astype(np.int8))
        read = clock()
        singles = None if grid is None else engine.place_singles(grid)
        first = loaded = linked = searched = clock()
        if singles is not None and singles.blank:
            part = engine.open_part(grid, singles.places)
            loaded = clock()
            matrix = engine.relink(part)
            linked = clock()
            matrix.first_solution()
            searched = clock()
            rows = matrix.rows_tried
        runs.append([read - start, first - read, loaded - first, linked - loaded, searched - linked, rows])
    median = np.median(np.array(runs), axis=0)
    names = ("read_ms", "first_pass_ms", "load_ms", "link_ms", "search_ms")
    return {**{name: in_ms(value) for name, value in zip(names, median)}, ROWS: int(runs[0][-1])}


class SharedEngine(contextlib.ExitStack):
    """Makes one engine at a time the shared engine of ``helpers`` (the one
    the notebook's ``sudoku_solver`` calls), through ``tools.steps.using``;
    the submitted one is back when the ``with`` block ends."""

    def install(self, engine: helpers.SudokuEngine | None) -> Callable[[], None]:
        """A contestant's ``prepare``: make ``engine`` the shared one (the
        submitted solver's own when None)."""

        def prepare() -> None:
            self.close()  # the engine installed last goes first, so ``using`` saves the submitted one
            if engine is not None:
                self.enter_context(using(engine))

        return prepare


def switch_names() -> list[str]:
    """The names of the switches of ``tools.steps.Optimisations``, in declaration order."""
    return list(SWITCHES)


def ablate(puzzle_set: PuzzleSet, ours: Solver) -> AblationResult:
    """Ours with all switches on, interleaved with ours with each switch off."""
    n = len(puzzle_set)
    everywhere = np.ones(n, dtype=bool)
    with SharedEngine() as shared:
        contestants = [Contestant(ALL_ON, ours, everywhere, shared.install(None), our_details)]  # the submitted engine
        contestants += [
            Contestant(name, ours, everywhere, shared.install(step_engine(Optimisations(**{name: False}))), our_details)
            for name in switch_names()
        ]
        timings = run_interleaved(puzzle_set, contestants, Progress(f"ablation {puzzle_set.name}", n))
    on = timings.pop(ALL_ON)
    switches = [
        SwitchResult(
            switch=name,
            mean_on_ms=in_ms(np.mean(on.seconds)),
            mean_off_ms=in_ms(np.mean(off.seconds)),
            ratio=round(float(np.mean(off.seconds) / np.mean(on.seconds)), RATIO_DECIMALS),
            wrong=int((~off.right).sum()),
            max_on_ms=in_ms(np.max(on.seconds)),
            max_off_ms=in_ms(np.max(off.seconds)),
            rows_on=round(float(np.mean(on.details[ROWS])), MS_DECIMALS),
            rows_off=round(float(np.mean(off.details[ROWS])), MS_DECIMALS),
        )
        for name, off in timings.items()
    ]
    return AblationResult(puzzle_set.name, puzzle_set.size, n, now(), int((~on.right).sum()), switches)


# ---------------------------------------------------------------------------
# Our solver, taken from the notebook
# ---------------------------------------------------------------------------


def load_ours(notebook: Path = NOTEBOOK) -> Solver:
    """The notebook's ``sudoku_solver``; exits with a clear message when it cannot be had."""
    if not notebook.is_file():
        raise SystemExit(f"error: {display_path(notebook)} not found")
    try:
        return load_solver(notebook)
    except Exception as error:
        raise SystemExit(
            f"error: running the code cells of {display_path(notebook)} failed "
            f"({type(error).__name__}: {error}); the notebook must run top to bottom from its folder"
        ) from error


def check_helpers(solver: Solver, module: ModuleType = helpers) -> None:
    """Make sure ``solver`` uses ``module`` itself, not another copy of helpers.

    Every module, function and class in the solver's globals that comes
    from a module called ``helpers`` must come from ``module`` itself;
    raises ``RuntimeError`` if one does not, or if there is none at all.
    """
    taken = []
    for value in getattr(solver, "__globals__", {}).values():
        if isinstance(value, ModuleType) and value.__name__ == module.__name__:
            taken.append(value is module)
        elif isinstance(value, FunctionType) and value.__module__ == module.__name__:
            taken.append(value.__globals__ is vars(module))
        elif isinstance(value, type) and value.__module__ == module.__name__:
            taken.append(getattr(module, value.__name__, None) is value)
    if not taken:
        raise RuntimeError("the notebook's sudoku_solver takes nothing from helpers; the ablation cannot reach it")
    if not all(taken):
        raise RuntimeError(f"the notebook's sudoku_solver uses another copy of helpers than {module.__file__}")


# ---------------------------------------------------------------------------
# Progress
# ---------------------------------------------------------------------------


class Progress:
    """A ``label: done/total`` counter on one line of stderr, redrawn with ``\\r``.

    On a terminal it shows at once; otherwise (a log file, a test) only once
    the run has lasted ``PROGRESS_LOG_AFTER_S``, and seldom.
    """

    def __init__(self, label: str, total: int, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.tty = self.stream.isatty()
        self.start = self.last = time.monotonic()
        self.shown = False

    def update(self, done: int) -> None:
        clock = time.monotonic()
        if self.tty:
            due = clock - self.last >= PROGRESS_TTY_INTERVAL_S
        else:
            due = clock - self.start >= PROGRESS_LOG_AFTER_S and clock - self.last >= PROGRESS_LOG_INTERVAL_S
        if due or (self.shown and done == self.total):
            self.stream.write(f"\r{self.label}: {done}/{self.total}")
            self.stream.flush()
            self.last = clock
            self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


# ---------------------------------------------------------------------------
# Report: JSON and markdown
# ---------------------------------------------------------------------------


def processor(cpuinfo: Path = Path("/proc/cpuinfo")) -> str:
    """The processor's model, as tables name it: the first "model name" of
    ``cpuinfo`` (Linux), else ``platform.processor()``; "" when neither says."""
    try:
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name" and value.strip():
                return value.strip()
    except OSError:
        pass  # not Linux, or not readable: ask the platform module
    return platform.processor()


def metadata(args: argparse.Namespace, argv: Sequence[str], notes: list[str]) -> dict:
    """Where, when and how this run was made."""
    return {
        "date": now(),
        "python": platform.python_version(),
        "processor": processor(),
        "numpy": np.__version__,
        "platform": platform.platform(),
        "cpu_count": os.cpu_count(),
        "timer": "time.process_time, per call, fresh int8 copy of the puzzle",
        "sample": args.sample,
        "part": args.part,
        "alt_limit": args.alt_limit,
        "command": shlex.join(["python", "-m", "tools.measure.benchmark", *argv]),
        "notes": notes,
    }


def merged(previous: dict, run: dict) -> dict:
    """``previous`` results with this run's sets and ablations put in (replaced
    when measured again), in the usual set order."""
    report = {"schema": SCHEMA, "metadata": run["metadata"]}
    for key in ("sets", "ablation"):
        entries = {**previous.get(key, {}), **run.get(key, {})}
        report[key] = {name: entries[name] for name in sorted(entries, key=set_order)}
    return report


def set_order(name: str) -> tuple:
    """Sort key: by group, then category or band, as the report lists them."""
    group, _, part = name.partition(":")[0].partition("/")
    rank = GROUPS.index(group) if group in GROUPS else len(GROUPS)
    if part in CATEGORIES:
        return (rank, CATEGORIES.index(part), name)
    low = part.split("-")[0]
    return (rank, float(low) if low.replace(".", "").isdigit() else 0.0, name)


def read_report(path: Path, notes: list[str]) -> dict:
    """The results stored at ``path``, or an empty report if there are none
    or they are in another format (with a note)."""
    if not path.is_file():
        return {}
    report = json.loads(path.read_text(encoding="utf-8"))
    if report.get("schema") != SCHEMA:
        notes.append(f"{display_path(path)} held results in another format; they were replaced")
        return {}
    for entry in report.get("ablation", {}).values():
        for said in entry["switches"]:
            said["switch"] = LEGACY_SWITCHES.get(said["switch"], said["switch"])
    return report


def ms(value: float) -> str:
    """A time in ms with about three significant digits."""
    if value < 1:
        return f"{value:.3f}"
    if value < 10:
        return f"{value:.2f}"
    return f"{value:.1f}"


def figure(value: float) -> str:
    """A measurement to two significant figures, what repeat runs support:
    0.063, 0.23, 1.0, 14, 6,200."""
    if value <= 0:
        return "0"
    rounded = float(f"{value:.2g}")
    decimals = max(0, 1 - math.floor(math.log10(rounded)))
    return f"{rounded:,.{decimals}f}"


def table(header: Sequence[str], rows: Iterable[Sequence[object]], text_columns: int = 1) -> str:
    """A markdown table: the first ``text_columns`` columns left-aligned, the others (numbers) right."""
    align = ["---"] * text_columns + ["--:"] * (len(header) - text_columns)
    lines = [header, align, *rows]
    return "\n".join("| " + " | ".join(str(cell) for cell in line) + " |" for line in lines)


def puzzles_cell(n: int, size: int) -> str:
    """``15``, or ``50 of 49151`` for a sample."""
    return str(n) if n == size else f"{n} of {size}"


def times(ratio: float) -> str:
    """A time ratio: ``1.35x``, ``21x``."""
    return f"{ratio:.2f}x" if ratio < 10 else f"{ratio:.0f}x"


def ours_table(sets: dict) -> str:
    """Our solver, one row per set; with the rows its search tried where they were counted."""
    counted = any(ROWS in entry["solvers"][0].get("details", {}) for entry in sets.values())
    rows = []
    for entry in sets.values():
        ours = entry["solvers"][0]
        row = [
            entry["name"],
            puzzles_cell(entry["n"], entry["size"]),
            f"{ours['solved']}/{ours['n']}",
            ours["wrong"],
            *(ms(ours[key]) for key in ("mean_ms", "median_ms", "p95_ms", "max_ms")),
        ]
        if counted:
            tried = ours.get("details", {}).get(ROWS)
            row += [count(tried[key]) for key in ("mean", "p95", "max")] if tried else ["", "", ""]
        rows.append(row)
    header = ["set", "puzzles", "solved", "wrong", "mean ms", "median ms", "p95 ms", "max ms"]
    if counted:
        header += ["rows mean", "rows p95", "rows max"]
    return table(header, rows)


def count(value: float) -> str:
    """A count or a mean of counts: ``1738``, ``227.5``."""
    return f"{value:.0f}" if value >= 1000 else f"{value:.1f}".removesuffix(".0")


def slowest_table(sets: dict) -> str:
    """One row per set: our slowest puzzle, run again, and where its time went."""
    rows = []
    phases = ("read_ms", "first_pass_ms", "load_ms", "link_ms", "search_ms")
    for entry in sets.values():
        slowest = entry["solvers"][0].get("slowest")
        if slowest:
            rows.append(
                [entry["name"], slowest["index"], ms(slowest["ms"]), *(ms(slowest[p]) for p in phases), slowest[ROWS]]
            )
    if not rows:
        return ""
    header = ["set", "position", "ms", "read", "first pass", "open part", "relink", "search", "rows"]
    return table(header, rows)


def details_cell(result: dict) -> str:
    """What an alternative said about its calls, as means: ``rows 1738``, ``set-up 0.25 ms, C 2.10 ms``."""
    parts = []
    for name, summary in result.get("details", {}).items():
        if name == ROWS:
            parts.append(f"rows {count(summary['mean'])}")
        else:
            parts.append(f"{DETAIL_LABELS.get(name, name)} {ms(summary['mean'])} ms")
    return ", ".join(parts)


def ratio_table(sets: dict) -> str:
    """Mean times of every solver, one row per set, each with its ratio to ours."""
    names = list(dict.fromkeys(r["solver"] for entry in sets.values() for r in entry["solvers"][1:]))
    rows = []
    for entry in sets.values():
        others = {r["solver"]: r for r in entry["solvers"][1:]}
        if not others:
            continue
        first = next(iter(others.values()))  # the alternatives of a set share its subsample
        cells = []
        for name in names:
            result = others.get(name)
            cell = "" if result is None else f"{ms(result['mean_ms'])} ({times(result['ratio'])})"
            if result is not None and result["wrong"]:
                cell += f", {result['wrong']} wrong"
            cells.append(cell)
        rows.append([entry["name"], puzzles_cell(first["n"], entry["size"]), ms(first["ours_mean_ms"]), *cells])
    if not rows:
        return ""
    return table(["set", "puzzles", "ours ms", *(f"{name} ms" for name in names)], rows)


def alternatives_table(sets: dict) -> str:
    """Every alternative in detail, one row per set and solver."""
    rows = []
    for entry in sets.values():
        for result in entry["solvers"][1:]:
            rows.append(
                [
                    entry["name"],
                    result["solver"],
                    puzzles_cell(result["n"], entry["size"]),
                    f"{result['solved']}/{result['n']}",
                    result["wrong"],
                    *(ms(result[key]) for key in ("mean_ms", "median_ms", "p95_ms", "max_ms")),
                    times(result["ratio"]),
                    "" if result.get("ours_rows_mean") is None else count(result["ours_rows_mean"]),
                    details_cell(result),
                ]
            )
    header = ["set", "solver", "puzzles", "solved", "wrong", "mean ms", "median ms", "p95 ms", "max ms", "time / ours"]
    header += ["our rows", "its details (means)"]
    return table(header, rows, text_columns=2)


def ablation_switches(ablation: dict) -> list[str]:
    """Every switch the ablation results measured, in the order first met."""
    return list(dict.fromkeys(s["switch"] for entry in ablation.values() for s in entry["switches"]))


def ablation_table(ablation: dict) -> str:
    """One row per set: the mean with all switches on, then with each one off."""
    switches = ablation_switches(ablation)
    rows = []
    for entry in ablation.values():
        by_switch = {s["switch"]: s for s in entry["switches"]}
        cells = [
            f"{ms(by_switch[name]['mean_off_ms'])} ({times(by_switch[name]['ratio'])})" if name in by_switch else ""
            for name in switches
        ]
        wrong = entry["wrong_all_on"] + sum(s["wrong"] for s in entry["switches"])
        all_on = entry["switches"][0]["mean_on_ms"]
        rows.append([entry["name"], puzzles_cell(entry["n"], entry["size"]), ms(all_on), *cells, wrong])
    header = ["set", "puzzles", "all on, ms", *(f"{name} off, ms" for name in switches), "wrong"]
    return table(header, rows)


def ablation_rows_table(ablation: dict) -> str:
    """One row per set: the mean rows tried with all switches on, then with each one off."""
    switches = ablation_switches(ablation)
    rows = []
    for entry in ablation.values():
        by_switch = {s["switch"]: s for s in entry["switches"] if s.get("rows_on") is not None}
        if not by_switch:
            continue  # measured before rows were recorded
        cells = [count(by_switch[name]["rows_off"]) if name in by_switch else "" for name in switches]
        all_on = next(iter(by_switch.values()))["rows_on"]
        rows.append([entry["name"], puzzles_cell(entry["n"], entry["size"]), count(all_on), *cells])
    if not rows:
        return ""
    return table(["set", "puzzles", "all on", *(f"{name} off" for name in switches)], rows)


def ablation_max_table(ablation: dict) -> str:
    """One row per set: the slowest puzzle with all switches on, then with each one off."""
    switches = ablation_switches(ablation)
    rows = []
    for entry in ablation.values():
        by_switch = {s["switch"]: s for s in entry["switches"] if "max_off_ms" in s}
        if not by_switch:
            continue  # measured before the maxima were recorded
        cells = [ms(by_switch[name]["max_off_ms"]) if name in by_switch else "" for name in switches]
        all_on = next(iter(by_switch.values()))["max_on_ms"]
        rows.append([entry["name"], puzzles_cell(entry["n"], entry["size"]), ms(all_on), *cells])
    header = ["set", "puzzles", "all on, ms", *(f"{name} off, ms" for name in switches)]
    return table(header, rows)


def markdown(report: dict) -> str:
    """The report's tables, with a line on how they were measured."""
    meta = report["metadata"]
    parts = [
        f"Last run: `{meta['command']}` on {meta['date'][:10]}, Python {meta['python']}, "
        f"{meta.get('processor') or 'processor not recorded'}, "
        f"{meta['platform']}, {meta['cpu_count']} CPUs.  Each row comes from the latest run "
        "that measured its set (dates in `benchmark.json`).  Times are CPU time per call "
        "(`time.process_time`); every answer is checked with `helpers.is_valid_solution`."
    ]
    if report.get("sets"):
        parts += ["### Our solver", ours_table(report["sets"])]
        slowest = slowest_table(report["sets"])
        if slowest:
            parts += [
                "The slowest puzzle of each set (its 0-based position in the source file), run again "
                f"{PHASE_REPEATS} times: median ms of each step of `solve_sudoku`, and the rows its search tried.",
                slowest,
            ]
        ratios = ratio_table(report["sets"])
        if ratios:
            parts += [
                "### Other solvers",
                "Interleaved with ours, puzzle by puzzle, after our solver was timed alone.  Mean ms per "
                "call, and in brackets the solver's mean over ours in the same pass (the *ours* column, "
                "slower than our figures above because interleaving spoils the caches; alternatives run "
                "on at most `--alt-limit` puzzles of a set).",
                ratios,
                "In detail:",
                alternatives_table(report["sets"]),
            ]
    if report.get("ablation"):
        parts += [
            "### Ablation",
            "Each switch of `tools.steps.Optimisations` turned off alone, interleaved with all on; "
            "in brackets the mean time with the switch off over the mean with all on.",
            ablation_table(report["ablation"]),
            "The slowest puzzle of each set in the same runs, ms:",
            ablation_max_table(report["ablation"]),
        ]
        rows_table = ablation_rows_table(report["ablation"])
        if rows_table:
            parts += ["Mean rows tried by the search in the same runs:", rows_table]
    if meta.get("notes"):
        parts += ["Notes:\n" + "\n".join(f"- {note}" for note in meta["notes"])]
    return "\n\n".join(parts) + "\n"


def write_report(report: dict, out: Path) -> None:
    """Write ``report`` as JSON and as markdown into the folder ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    (out / JSON_NAME).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    (out / MARKDOWN_NAME).write_text(markdown(report), encoding="utf-8")


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

EXAMPLES = """\
examples:
  python -m tools.measure.benchmark --sample 50
      a quick look: 50 puzzles of every set, with the alternatives
  python -m tools.measure.benchmark --sets assignment data
      every puzzle of the assignment's and the project's sets
  python -m tools.measure.benchmark --sets 17clue --sample 2000 --alt-limit 500
      2000 of the 49,151 17-clue puzzles, alternatives on 500 of them
  python -m tools.measure.benchmark --sets kaggle/6-7 top1465 --alternatives exact-cover
      two sets, compared with exact-cover only
  python -m tools.measure.benchmark --part evaluation --sets top1465-slow kaggle/6-7 kaggle/7-9 generated
      the puzzles that need a search, evaluation part only (docs/tuning.md)
  python -m tools.measure.benchmark --sets kaggle --alternatives
      our solver alone on the rated collection
  python -m tools.measure.benchmark --ablation --sets assignment --sample 10
      what each switch of tools.steps.Optimisations buys
  python -m tools.measure.benchmark --list
      the sets found on disk
"""


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m tools.measure.benchmark",
        description=__doc__,
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--sets",
        nargs="+",
        default=list(GROUPS),
        metavar="SET",
        help=f"groups ({', '.join(GROUPS)}) or single sets such as assignment/hard or kaggle/2-3 (default: all)",
    )
    parser.add_argument(
        "--part",
        choices=PARTS,
        help="only this part of each collection (see docs/tuning.md): even or odd positions, or that generated file",
    )
    parser.add_argument(
        "--sample", type=positive, metavar="N", help="take N evenly spaced puzzles per set (default: all)"
    )
    parser.add_argument(
        "--alt-limit",
        type=non_negative,
        default=DEFAULT_ALT_LIMIT,
        metavar="N",
        help="run the alternatives on at most N evenly spaced puzzles per set; 0: not at all (default: %(default)s)",
    )
    parser.add_argument(
        "--alternatives",
        nargs="*",
        choices=ALTERNATIVE_NAMES,
        default=list(ALTERNATIVE_NAMES),
        metavar="NAME",
        help=f"which of {', '.join(ALTERNATIVE_NAMES)} to compare with; none when given without names (default: all)",
    )
    parser.add_argument(
        "--ablation", action="store_true", help="measure each switch of tools.steps.Optimisations instead"
    )
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, metavar="DIR", help="results folder (default: results/)"
    )
    parser.add_argument("--list", action="store_true", help="list the sets found, with their sizes, and exit")
    return parser.parse_args(argv)


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def non_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def chosen_alternatives(names: Sequence[str], notes: list[str]) -> list[Alternative]:
    """The requested alternatives that are available; a note for each that is not."""
    found = []
    for alternative in alternatives():
        if alternative.name not in names:
            continue
        if alternative.solver is None:
            notes.append(f"alternative {alternative.name} skipped: {alternative.unavailable}")
        else:
            found.append(alternative)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; the exit status is 1 when our solver gave a wrong answer."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(argv)
    sets, notes = select_sets(args.sets)
    sets = [part for part in (part_of(s, args.part) for s in sets) if part is not None]
    if args.list or not sets:
        if sets:
            print(table(["set", "source", "puzzles"], [[s.name, s.source, len(s)] for s in sets], text_columns=2))
        print("\n".join(f"note: {note}" for note in notes or ["no puzzle sets found"]))
        return 0
    ours = load_ours()
    run: dict = {"sets": {}, "ablation": {}}
    if args.ablation:
        check_helpers(ours)
        for puzzle_set in sets:
            result = ablate(puzzle_set.sample(args.sample), ours)
            run["ablation"][result.name] = dataclasses.asdict(result)
        our_wrong = sum(entry["wrong_all_on"] for entry in run["ablation"].values())
    else:
        others = chosen_alternatives(args.alternatives, notes)
        for puzzle_set in sets:
            result = compare(puzzle_set.sample(args.sample), ours, others, args.alt_limit)
            run["sets"][result.name] = dataclasses.asdict(result)
        our_wrong = sum(entry["solvers"][0]["wrong"] for entry in run["sets"].values())
    previous = read_report(args.out / JSON_NAME, notes)
    run["metadata"] = metadata(args, argv, notes)
    write_report(merged(previous, run), args.out)
    print(markdown(run), end="")
    return 1 if our_wrong else 0


if __name__ == "__main__":
    sys.exit(main())
