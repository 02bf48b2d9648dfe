"""Solve a batch of sudokus from files: the project's command line.

Usage: ``python tools/cli/solve.py FILE... [-o OUT] [--check [--solutions FILE]] [--count]``
(``--help`` lists every option with examples).

Glossary
    puzzle    one grid read from an input file: N x N with N = 4, 9, 16, 25
              (or 36 in .npy), 0 for a blank.  ``Puzzle`` keeps its place in
              the file ("file:line") and its cells, or why it is malformed.
    answer    what the solver made of a well-formed puzzle: ``Outcome``.
    expected  a stored solution to compare with (``--check``): ``Expected``.
    marker    how an output file says "no answer here": all -1 in .npy, a run
              of ``-`` as long as the puzzle's text in .txt and .csv.

The module reads (``read_*``), solves (``run``), compares (``compare``),
writes (``write_*``) and sums up (``summarise``); ``main`` ties them
together.  All reading of grids, solving and counting goes through
``tools.cli.engine``, the development side of ``helpers``, which takes any size.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TextIO

import numpy as np

if not __package__:
    # Run by its path, ``python tools/cli/solve.py`` (as the readme's examples
    # show), rather than as ``python -m tools.cli.solve``: Python then puts tools/
    # on sys.path, not the project folder that holds helpers.py and tools/.
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import helpers  # noqa: E402
from tools import engine as dev  # noqa: E402

# ---------------------------------------------------------------------------
# Named constants
# ---------------------------------------------------------------------------

PROG = "solve.py"
EXIT_OK = 0
EXIT_MISMATCH = 1  #: --check found an answer that differs from the stored one
EXIT_USAGE = 2  #: bad options, or a missing or unreadable file
EXIT_INTERRUPTED = 130  #: 128 + SIGINT, the shell's convention for Ctrl-C

FORMATS = (".npy", ".txt", ".csv")
BLANK_SYMBOLS = "0."
# Values 1..35 in text: 1-9, then A=10, B=11, ... Z=35.  Only up to P (25)
# can be valid, but knowing every letter gives "outside 0..N" messages.
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SYMBOL_VALUES = {symbol: value for value, symbol in enumerate(SYMBOLS, start=1)}
TEXT_BOXES = {box**4: box for box in (2, 3, 4, 5)}  #: text length -> box; 36x36 needs .npy
NO_ANSWER_SYMBOL = "-"  #: txt/csv marker: a run of these, as long as the puzzle's text
NO_ANSWER_VALUE = helpers.NO_SOLUTION  #: npy marker: every cell of the grid, as in the coursework files
NPY_DTYPE = np.int8  #: answers are -1..36, which int8 holds
PUZZLE_COLUMNS = ("puzzle", "quizzes")
SOLUTION_COLUMNS = ("solution", "solutions")
COMMENT = "#"
COUNT_LIMIT = 2  #: counting stops at 2: enough to tell unique from ambiguous

PROGRESS_DELAY = 2.0  #: seconds before a progress bar appears
PROGRESS_INTERVAL = 0.2  #: seconds between redraws
PROGRESS_WIDTH = 30  #: characters in the bar

EPILOG = f"""\
examples:
  python tools/cli/solve.py puzzles.txt                   solve, print a summary
  python tools/cli/solve.py a.txt b.npy c.csv             several files, one summary
  python tools/cli/solve.py puzzles.txt -o answers.txt    write the answers too
  python tools/cli/solve.py quiz.csv --check              compare with the csv's solution column
  python tools/cli/solve.py hard_puzzle.npy --check --solutions hard_solution.npy
  python tools/cli/solve.py puzzles.txt --count           how many have 0, 1, 2+ solutions

input formats (chosen by the file's suffix):
  .npy  one N x N grid or a stack K x N x N; N = 4, 9, 16, 25 or 36; 0 = blank.
  .txt  one puzzle per line, N*N symbols (16, 81, 256 or 625): 0 or . for a
        blank, 1-9, then A=10, B=11, ... (either case).  Blank lines and lines
        starting with {COMMENT} are skipped.  36 x 36 grids need .npy.
  .csv  a header row naming the puzzle column ({" or ".join(PUZZLE_COLUMNS)}) and
        optionally a solution column ({" or ".join(SOLUTION_COLUMNS)}); text as in .txt.

output (-o OUT, one input file, OUT with the same suffix as it):
  .npy  same shape as the input, dtype int8; a puzzle with no answer
        (no solution, or malformed) is all -1.
  .txt  one line per puzzle, in order (comments and blank lines dropped); a
        puzzle with no answer is a line of '-', as long as its text.
  .csv  every input row and column, with the answer in the solution column
        (added as 'solution' if missing); no answer is written as in .txt.
  OUT is written to a temporary file beside it and then renamed, so it is
  never left half-written; an interrupted run leaves OUT as it was.

messages and exit status:
  Malformed puzzles are reported on stderr as 'file:line: problem' (for .npy,
  'line' is the puzzle's 1-based place in the stack); the others are solved.
  A summary goes to stdout.  On a terminal, a progress bar shows on stderr
  once a run has taken {PROGRESS_DELAY:g} s.
  0 every file was read; 1 --check found a mismatch; 2 usage error or
  missing/unreadable file; {EXIT_INTERRUPTED} interrupted (Ctrl-C).
"""


class InputError(Exception):
    """A usage error or an unreadable file: reported in one line, exit 2."""


# ---------------------------------------------------------------------------
# What flows through a run
# ---------------------------------------------------------------------------


@dataclass
class Puzzle:
    """One puzzle as read: its place in its file and its cells, or its problem."""

    where: str  #: "file:line", as messages name it
    cells: list[int] | None  #: row-major values, 0 = blank; None when malformed
    box: int = 0  #: order of the grid (N = box**2); 0 when malformed
    problem: str = ""  #: why the puzzle is malformed
    width: int = 0  #: characters of its text (txt/csv): the no-answer marker's length


@dataclass
class Expected:
    """A stored solution: its cells, None for "no solution", or its problem."""

    where: str
    cells: list[int] | None
    problem: str = ""


@dataclass
class InputFile:
    """Everything read from one input file, and what writing it back needs."""

    path: Path
    kind: str  #: the suffix: ".npy", ".txt" or ".csv"
    puzzles: list[Puzzle]
    expected: list[Expected] | None = None  #: stored solutions, when known
    shape: tuple[int, ...] = ()  #: npy: the shape of the stored array
    fieldnames: list[str] = field(default_factory=list)  #: csv header
    records: list[dict[str, str]] = field(default_factory=list)  #: csv rows
    solution_column: str = SOLUTION_COLUMNS[0]  #: csv: where answers go


@dataclass
class Outcome:
    """The answer to one well-formed puzzle."""

    solution: list[int] | None  #: None when the puzzle has no solution
    count: int | None  #: solutions found up to COUNT_LIMIT (only with --count)
    seconds: float  #: time taken by the solve (and the count)


# ---------------------------------------------------------------------------
# Readers
# ---------------------------------------------------------------------------


def parse_text(text: str) -> tuple[int, list[int]]:
    """The ``(box, cells)`` of a puzzle written as text; ``ValueError`` if malformed."""
    box = TEXT_BOXES.get(len(text))
    if box is None:
        lengths = ", ".join(str(length) for length in TEXT_BOXES)
        raise ValueError(f"{len(text)} symbols; a puzzle has {lengths}")
    values = []
    for position, symbol in enumerate(text, start=1):
        if symbol in BLANK_SYMBOLS:
            values.append(helpers.EMPTY)
        elif symbol.upper() in SYMBOL_VALUES:
            values.append(SYMBOL_VALUES[symbol.upper()])
        else:
            raise ValueError(f"unexpected character {symbol!r} at position {position}")
    side = box * box
    return dev.read_grid(np.array(values).reshape(side, side))


def puzzle_from_text(where: str, text: str) -> Puzzle:
    """A ``Puzzle`` from its text, malformed or not."""
    try:
        box, cells = parse_text(text)
    except ValueError as error:
        return Puzzle(where, None, problem=str(error), width=max(1, len(text)))
    return Puzzle(where, cells, box, width=len(text))


def expected_from_text(where: str, text: str) -> Expected:
    """A stored solution from its text; a run of '-' means "no solution"."""
    if text and set(text) == {NO_ANSWER_SYMBOL}:
        return Expected(where, None)
    try:
        _, cells = parse_text(text)
    except ValueError as error:
        return Expected(where, None, problem=str(error))
    return Expected(where, cells)


def puzzle_from_grid(where: str, grid: np.ndarray) -> Puzzle:
    """A ``Puzzle`` from one grid of an .npy file, malformed or not."""
    try:
        box, cells = dev.read_grid(grid)
    except (TypeError, ValueError) as error:
        return Puzzle(where, None, problem=str(error))
    return Puzzle(where, cells, box)


def expected_from_grid(where: str, grid: np.ndarray) -> Expected:
    """A stored solution from one grid of an .npy file; all -1 means "no solution"."""
    if grid.size and np.all(grid == NO_ANSWER_VALUE):
        return Expected(where, None)
    try:
        _, cells = dev.read_grid(grid)
    except (TypeError, ValueError) as error:
        return Expected(where, None, problem=str(error))
    return Expected(where, cells)


def text_lines(path: Path) -> list[tuple[int, str]]:
    """``(line number, text)`` of every line of a .txt file that holds a puzzle."""
    with open(path, encoding="utf-8-sig") as handle:  # universal newlines: CRLF is fine
        numbered = [(number, line.strip()) for number, line in enumerate(handle, start=1)]
    return [(number, text) for number, text in numbered if text and not text.startswith(COMMENT)]


def npy_grids(path: Path) -> tuple[tuple[int, ...], list[np.ndarray]]:
    """The shape of the array in an .npy file and its grids (one, or one per layer)."""
    array = np.load(path, allow_pickle=False)
    if array.ndim == 2:
        return array.shape, [array]
    if array.ndim == 3:
        return array.shape, list(array)
    raise ValueError(f"holds an array of shape {array.shape}, not N x N or K x N x N")


def find_column(fieldnames: Sequence[str], wanted: Sequence[str]) -> str | None:
    """The header name among ``fieldnames`` that matches one of ``wanted`` (any case)."""
    for name in wanted:
        for fieldname in fieldnames:
            if fieldname.strip().lower() == name:
                return fieldname
    return None


def read_npy(path: Path) -> InputFile:
    """Read an .npy file of puzzles."""
    shape, grids = npy_grids(path)
    puzzles = [puzzle_from_grid(f"{path}:{k}", grid) for k, grid in enumerate(grids, start=1)]
    return InputFile(path, ".npy", puzzles, shape=shape)


def read_txt(path: Path) -> InputFile:
    """Read a .txt file of puzzles, one a line."""
    puzzles = [puzzle_from_text(f"{path}:{number}", text) for number, text in text_lines(path)]
    return InputFile(path, ".txt", puzzles)


def read_csv(path: Path) -> InputFile:
    """Read a .csv file with a puzzle column and perhaps a solution column."""
    with open(path, encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle)
        fieldnames = list(reader.fieldnames or [])
        puzzle_column = find_column(fieldnames, PUZZLE_COLUMNS)
        if puzzle_column is None:
            names = " or ".join(repr(name) for name in PUZZLE_COLUMNS)
            raise ValueError(f"the header has no {names} column")
        solution_column = find_column(fieldnames, SOLUTION_COLUMNS)
        puzzles, expected, records = [], [], []
        for record in reader:
            where = f"{path}:{reader.line_num}"
            records.append(record)
            puzzles.append(puzzle_from_text(where, (record.get(puzzle_column) or "").strip()))
            if solution_column is not None:
                expected.append(expected_from_text(where, (record.get(solution_column) or "").strip()))
    return InputFile(
        path,
        ".csv",
        puzzles,
        expected=expected if solution_column is not None else None,
        fieldnames=fieldnames if solution_column is not None else fieldnames + [SOLUTION_COLUMNS[0]],
        records=records,
        solution_column=solution_column or SOLUTION_COLUMNS[0],
    )


READERS: dict[str, Callable[[Path], InputFile]] = {".npy": read_npy, ".txt": read_txt, ".csv": read_csv}


def suffix_of(path: Path) -> str:
    """The format of ``path`` by its suffix; ``InputError`` for an unknown one."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise InputError(f"{path}: unknown format {path.suffix!r}; use {', '.join(FORMATS)}")
    return suffix


def reason(error: Exception) -> str:
    """What went wrong, for a one-line message."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)


def read_input(path: Path) -> InputFile:
    """Read one input file; ``InputError`` if it is missing or unreadable."""
    reader = READERS[suffix_of(path)]
    try:
        return reader(path)
    except (OSError, ValueError, EOFError, csv.Error) as error:  # UnicodeDecodeError is a ValueError
        raise InputError(f"cannot read {path}: {reason(error)}") from None


def read_npy_solutions(path: Path) -> list[Expected]:
    """Stored solutions from an .npy file: one grid or a stack, all -1 for "none"."""
    _, grids = npy_grids(path)
    return [expected_from_grid(f"{path}:{k}", grid) for k, grid in enumerate(grids, start=1)]


def read_txt_solutions(path: Path) -> list[Expected]:
    """Stored solutions from a .txt file: one a line, a run of '-' for "none"."""
    return [expected_from_text(f"{path}:{number}", text) for number, text in text_lines(path)]


SOLUTION_READERS: dict[str, Callable[[Path], list[Expected]]] = {
    ".npy": read_npy_solutions,
    ".txt": read_txt_solutions,
}


def read_solutions(path: Path) -> list[Expected]:
    """Stored solutions from a ``--solutions`` file; ``InputError`` if unreadable."""
    reader = SOLUTION_READERS.get(suffix_of(path))
    if reader is None:
        raise InputError(f"--solutions takes a .npy or .txt file, not {path}")
    try:
        return reader(path)
    except (OSError, ValueError, EOFError) as error:
        raise InputError(f"cannot read {path}: {reason(error)}") from None


# ---------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------


class Progress:
    """A one-line progress bar, redrawn with carriage returns.

    It appears only when ``stream`` is a terminal and only once the run has
    taken ``PROGRESS_DELAY`` seconds, so quick runs and redirected output
    stay clean.  ``close`` wipes it, so what follows starts on a clean line.
    """

    def __init__(self, total: int, stream: TextIO | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.start = clock()
        self.enabled = self.stream.isatty()
        self.last_draw = -PROGRESS_INTERVAL
        self.drawn = ""  # the text on screen, "" when nothing is shown

    def update(self, done: int) -> None:
        """Note that ``done`` puzzles are finished; redraw if it is time to."""
        now = self.clock() - self.start
        if not self.enabled or now < PROGRESS_DELAY or now - self.last_draw < PROGRESS_INTERVAL:
            return
        filled = PROGRESS_WIDTH * done // max(1, self.total)
        bar = "#" * filled + "." * (PROGRESS_WIDTH - filled)
        text = f"[{bar}] {done}/{self.total} puzzles, {now:.0f} s"
        self.stream.write("\r" + text.ljust(len(self.drawn)))
        self.stream.flush()
        self.drawn = text
        self.last_draw = now

    def close(self) -> None:
        """Wipe the bar, if it was shown."""
        if self.drawn:
            self.stream.write("\r" + " " * len(self.drawn) + "\r")
            self.stream.flush()
            self.drawn = ""


def build_matrix(box: int) -> None:
    """Build the shared engine's matrix for order ``box``, if not built yet.

    Relinking an empty part builds it (``SudokuEngine.relink``) and leaves
    nothing linked, which the next solve relinks anyway.
    """
    solver = helpers.engine(box)
    if solver.matrix is None:
        solver.relink(helpers.OpenPart([], []))


def solve_puzzle(puzzle: Puzzle, count: bool) -> Outcome:
    """Solve one well-formed puzzle (and count its solutions when asked)."""
    side = puzzle.box * puzzle.box
    grid = np.array(puzzle.cells).reshape(side, side)
    start = time.perf_counter()
    solution = dev.solve_sudoku(grid)
    found = dev.count_solutions(grid, COUNT_LIMIT) if count else None
    seconds = time.perf_counter() - start
    return Outcome(None if solution is None else solution.ravel().tolist(), found, seconds)


def run(files: Sequence[InputFile], count: bool, progress: Progress | None = None) -> list[list[Outcome | None]]:
    """Solve every well-formed puzzle; per file, one ``Outcome`` or None (malformed) per puzzle."""
    # Build each engine's matrix before the clock starts, so the first
    # puzzle of each size is not charged for it.
    for box in sorted({p.box for f in files for p in f.puzzles if p.cells is not None}):
        build_matrix(box)
    done = 0
    results: list[list[Outcome | None]] = []
    try:
        for input_file in files:
            outcomes: list[Outcome | None] = []
            for puzzle in input_file.puzzles:
                if puzzle.cells is None:
                    outcomes.append(None)
                    continue
                outcomes.append(solve_puzzle(puzzle, count))
                done += 1
                if progress is not None:
                    progress.update(done)
            results.append(outcomes)
    finally:
        if progress is not None:
            progress.close()
    return results


def compare(outcome: Outcome, expected: Expected) -> str | None:
    """Why an answer disagrees with the stored solution, or None if it agrees.

    The answer must equal the stored solution exactly, so a puzzle with
    several solutions must get the stored one.
    """
    if expected.problem:
        return f"cannot compare: the stored solution {expected.where} is malformed: {expected.problem}"
    if expected.cells is None:
        return None if outcome.solution is None else "the stored answer is 'no solution', but the solver found one"
    if outcome.solution is None:
        return "the solver found no solution, but one is stored"
    if outcome.solution != expected.cells:
        return "the solver's solution differs from the stored one"
    return None


# ---------------------------------------------------------------------------
# Writers
# ---------------------------------------------------------------------------


def answer_text(puzzle: Puzzle, outcome: Outcome | None) -> str:
    """An answer as text: the solution's symbols, or the no-answer marker."""
    if outcome is None or outcome.solution is None:
        return NO_ANSWER_SYMBOL * max(1, puzzle.width)
    return "".join(SYMBOLS[value - 1] for value in outcome.solution)


def answer_array(input_file: InputFile, outcomes: Sequence[Outcome | None]) -> np.ndarray:
    """The answers to an .npy file, shaped like it, with -1 for no answer."""
    answers = np.full(input_file.shape, NO_ANSWER_VALUE, dtype=NPY_DTYPE)
    layers = answers.reshape((-1,) + input_file.shape[-2:])  # a view: one layer per puzzle
    for layer, outcome in zip(layers, outcomes):
        if outcome is not None and outcome.solution is not None:
            layer[...] = np.array(outcome.solution).reshape(layer.shape)
    return answers


def write_npy(handle: IO, input_file: InputFile, outcomes: Sequence[Outcome | None]) -> None:
    """Write the answers as an .npy array (``handle`` is binary)."""
    np.save(handle, answer_array(input_file, outcomes))


def write_txt(handle: IO, input_file: InputFile, outcomes: Sequence[Outcome | None]) -> None:
    """Write one answer a line (``handle`` is text)."""
    for puzzle, outcome in zip(input_file.puzzles, outcomes):
        handle.write(answer_text(puzzle, outcome) + "\n")


def write_csv(handle: IO, input_file: InputFile, outcomes: Sequence[Outcome | None]) -> None:
    """Write every input record back, with its answer in the solution column (``handle`` is text)."""
    writer = csv.DictWriter(handle, input_file.fieldnames, restval="", extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for record, puzzle, outcome in zip(input_file.records, input_file.puzzles, outcomes):
        writer.writerow({**record, input_file.solution_column: answer_text(puzzle, outcome)})


WRITERS: dict[str, Callable[[IO, InputFile, Sequence[Outcome | None]], None]] = {
    ".npy": write_npy,
    ".txt": write_txt,
    ".csv": write_csv,
}


def write_atomically(path: Path, write: Callable[[IO], None], binary: bool = False) -> None:
    """Write ``path`` through a temporary file beside it, then rename it.

    ``write`` gets the open file: binary, or UTF-8 text with "\\n" newlines.
    The rename is atomic, so ``path`` is either as it was or complete.  Any
    exception, ``KeyboardInterrupt`` included, removes the temporary file.
    """
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    # os.open with mode 0o666 lets the umask decide the permissions, as for
    # any new file (tempfile would make it private to the owner).
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        mode = {"mode": "wb"} if binary else {"mode": "w", "encoding": "utf-8", "newline": ""}
        with open(descriptor, **mode) as handle:
            write(handle)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_output(path: Path, input_file: InputFile, outcomes: Sequence[Outcome | None]) -> None:
    """Write the answers to ``input_file`` to ``path``, in its format."""
    writer = WRITERS[input_file.kind]
    try:
        write_atomically(path, lambda handle: writer(handle, input_file, outcomes), binary=input_file.kind == ".npy")
    except OSError as error:
        raise InputError(f"cannot write {path}: {reason(error)}") from None


# ---------------------------------------------------------------------------
# The summary
# ---------------------------------------------------------------------------


@dataclass
class Summary:
    """The totals of a run."""

    files: int = 0
    read: int = 0
    solved: int = 0
    unsolvable: int = 0
    malformed: int = 0
    seconds: list[float] = field(default_factory=list)
    counts: dict[str, int] | None = None  #: "none", "one", "several" (with --count)
    compared: int | None = None  #: puzzles compared (with --check)
    mismatches: int = 0
    output: Path | None = None


def summarise(files: Sequence[InputFile], results: Sequence[Sequence[Outcome | None]], count: bool) -> Summary:
    """Add up the outcomes of a run (``compared`` and ``output`` are filled in later)."""
    summary = Summary(files=len(files))
    if count:
        summary.counts = {"none": 0, "one": 0, "several": 0}
    for input_file, outcomes in zip(files, results):
        summary.read += len(input_file.puzzles)
        for outcome in outcomes:
            if outcome is None:
                summary.malformed += 1
                continue
            summary.seconds.append(outcome.seconds)
            if outcome.solution is None:
                summary.unsolvable += 1
            else:
                summary.solved += 1
            if summary.counts is not None and outcome.count is not None:
                summary.counts[("none", "one", "several")[min(outcome.count, COUNT_LIMIT)]] += 1
    return summary


def format_seconds(seconds: float) -> str:
    """A duration in ms below a second, else in s."""
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def format_summary(summary: Summary) -> str:
    """The summary as the lines printed at the end of a run."""
    plural = "" if summary.files == 1 else "s"
    lines = [
        f"puzzles read:      {summary.read} (from {summary.files} file{plural})",
        f"solved:            {summary.solved}",
        f"without solution:  {summary.unsolvable}",
        f"malformed:         {summary.malformed}",
    ]
    if summary.counts is not None:
        c = summary.counts
        lines.append(f"solution counts:   none {c['none']}, one {c['one']}, several {c['several']}")
    if summary.compared is not None:
        lines.append(f"checked:           {summary.compared} compared, {summary.mismatches} mismatches")
    if summary.seconds:
        times = summary.seconds
        lines.append(
            f"time per puzzle:   mean {format_seconds(statistics.fmean(times))}, "
            f"median {format_seconds(statistics.median(times))}, max {format_seconds(max(times))}"
        )
    else:
        lines.append("time per puzzle:   (nothing solved)")
    if summary.output is not None:
        lines.append(f"answers written to {summary.output}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (and exit 2)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> Parser:
    """The command-line options."""
    parser = Parser(
        prog=PROG,
        description="Solve the sudokus in .npy, .txt or .csv files and summarise the run.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="input files: .npy, .txt or .csv")
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        type=Path,
        help="write the answers to OUT, in the input's format (needs exactly one input file; "
        "OUT must have its suffix), e.g. -o answers.txt",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="compare each answer with the stored solution (csv: its solution column; "
        "npy/txt: --solutions); exit 1 on a mismatch",
    )
    parser.add_argument(
        "--solutions",
        metavar="FILE",
        type=Path,
        help="with --check and one .npy or .txt input: the stored solutions, same format, "
        "all -1 / a line of '-' for 'no solution', e.g. --solutions hard_solution.npy",
    )
    parser.add_argument(
        "--count",
        action="store_true",
        help=f"also count solutions (up to {COUNT_LIMIT}) and report how many puzzles have none, one or several",
    )
    return parser


def check_usage(args: argparse.Namespace) -> None:
    """Reject option combinations that make no sense, with ``InputError``."""
    paths = [Path(name) for name in args.files]
    kinds = [suffix_of(path) for path in paths]
    if args.output is not None:
        if len(paths) != 1:
            raise InputError(f"-o needs exactly one input file, got {len(paths)}")
        if args.output.suffix.lower() != kinds[0]:
            raise InputError(f"-o {args.output}: the output must be a {kinds[0]} file, like the input")
        if not args.output.parent.is_dir():
            raise InputError(f"cannot write {args.output}: no folder {args.output.parent}")
    if args.solutions is not None:
        if not args.check:
            raise InputError("--solutions is only used with --check")
        if len(paths) != 1 or kinds[0] == ".csv":
            raise InputError("--solutions needs exactly one .npy or .txt input file")
        if args.solutions.suffix.lower() != kinds[0]:
            raise InputError(f"--solutions {args.solutions}: must be a {kinds[0]} file, like the input")
    elif args.check:
        for path, kind in zip(paths, kinds):
            if kind != ".csv":
                raise InputError(f"--check on {path} needs --solutions FILE{kind}")


def attach_solutions(input_file: InputFile, path: Path) -> None:
    """Read ``--solutions`` for ``input_file``; ``InputError`` if the counts differ."""
    expected = read_solutions(path)
    if len(expected) != len(input_file.puzzles):
        raise InputError(f"{path} holds {len(expected)} solutions for {len(input_file.puzzles)} puzzles")
    input_file.expected = expected


def require_solutions(files: Sequence[InputFile]) -> None:
    """``InputError`` unless every file has stored solutions to check against."""
    for input_file in files:
        if input_file.expected is None:
            names = " or ".join(repr(name) for name in SOLUTION_COLUMNS)
            raise InputError(f"--check: {input_file.path} has no {names} column")


def check_answers(files: Sequence[InputFile], results: Sequence[Sequence[Outcome | None]]) -> tuple[int, int]:
    """Compare every answer with its stored solution and report mismatches on stderr.

    Malformed puzzles are skipped: they were reported when read.  Returns
    ``(compared, mismatches)``.
    """
    compared = mismatches = 0
    for input_file, outcomes in zip(files, results):
        for puzzle, outcome, expected in zip(input_file.puzzles, outcomes, input_file.expected):
            if outcome is None:
                continue
            compared += 1
            problem = compare(outcome, expected)
            if problem is not None:
                mismatches += 1
                print(f"{puzzle.where}: {problem}", file=sys.stderr)
    return compared, mismatches


def report_malformed(files: Sequence[InputFile]) -> None:
    """One stderr line per malformed puzzle: ``file:line: problem``."""
    for input_file in files:
        for puzzle in input_file.puzzles:
            if puzzle.cells is None:
                print(f"{puzzle.where}: {puzzle.problem}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, or a usage error already reported
        return int(stop.code or EXIT_OK)
    try:
        check_usage(args)
        files = [read_input(Path(name)) for name in args.files]
        if args.solutions is not None:
            attach_solutions(files[0], args.solutions)
        if args.check:
            require_solutions(files)
        report_malformed(files)
        well_formed = sum(p.cells is not None for f in files for p in f.puzzles)
        results = run(files, args.count, Progress(well_formed))
        summary = summarise(files, results, args.count)
        if args.check:
            summary.compared, summary.mismatches = check_answers(files, results)
        if args.output is not None:
            write_output(args.output, files[0], results[0])
            summary.output = args.output
    except InputError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; no output written", file=sys.stderr)
        return EXIT_INTERRUPTED
    print(format_summary(summary))
    return EXIT_MISMATCH if summary.mismatches else EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
