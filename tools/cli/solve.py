"""Solve files of sudokus: the project's command line (``docs/command-line.md``).

Usage: ``python -m tools.cli.solve FILE... [-o OUT] [--check [--solutions FILE]] [--count] [--jobs N]
[--time-limit SECONDS]`` (``--help`` lists every option, the exit statuses and examples).

The files are read and written by ``tools.puzzles.io`` (a ``Puzzle`` is one
grid read, with its place "file:line", or why it is malformed; a
``PuzzleFile`` also says why an .npy's shape spoils all its grids).  This module
parses the options, reports bad input, solves each well-formed puzzle with
``solve_puzzle`` (a ``helpers.SudokuEngine`` of each order, made by each
process for itself, counting with ``tools.puzzles.counting.count_solutions``)
in this process or in ``--jobs`` worker processes of a
``concurrent.futures.ProcessPoolExecutor``, compares each ``Outcome`` with its
stored solution and sums up.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import multiprocessing
import os
import signal
import statistics
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool, ProcessPoolExecutor
from pathlib import Path
from types import FrameType
from typing import NamedTuple

from tools import USAGE_ERROR, positive_int, require_tools_python

PROG = "solve.py"
# An older Python is told so here, before anything else is imported, rather
# than left to fail somewhere later (3.8 once ended in a TypeError).
require_tools_python(PROG)

EXIT_OK = 0
EXIT_MISMATCH = 1  #: --check found an answer that differs from the stored one
EXIT_USAGE = USAGE_ERROR  #: bad options, a missing or unreadable file, an output that cannot be written, an old Python
EXIT_DATAERR = 65  #: bad input: malformed puzzles, a wrong-shaped .npy, a file of no puzzles (sysexits' EX_DATAERR)
EXIT_SOFTWARE = 70  #: an unexpected exception, a bug: its traceback is on stderr (sysexits' EX_SOFTWARE)
EXIT_WORKER_LOST = 71  #: a worker process died (sysexits' EX_OSERR)
EXIT_OUT_OF_TIME = 124  #: a puzzle ran past --time-limit (as timeout(1) exits when its command runs out of time)
EXIT_INTERRUPTED = 130  #: 128 + SIGINT, the shell's convention for Ctrl-C
EXIT_BROKEN_PIPE = 141  #: 128 + SIGPIPE: stdout was closed before the summary was printed (``| true``)
EXIT_TERMINATED = 143  #: 128 + SIGTERM

import numpy as np  # noqa: E402

from helpers import SudokuEngine  # noqa: E402
from tools.puzzles.counting import count_solutions  # noqa: E402
from tools.puzzles.io import (  # noqa: E402
    FORMATS,
    NPY_DTYPE,
    PUZZLE_COLUMNS,
    SIDES,
    SOLUTION_COLUMNS,
    FileProblem,
    Puzzle,
    PuzzleFile,
    read_puzzle_file,
    reason,
    suffix_of,
    write_answers,
)

COUNT_LIMIT = 2  #: counting stops at 2: enough to tell unique from ambiguous
#: chunks per worker, at least: enough that the workers finish close together
#: and the progress bar moves, few enough that handing them out costs little
CHUNKS_PER_JOB = 8
CHUNK_LIMIT = 256  #: puzzles in a chunk, at most (a 9 x 9 takes well under a millisecond)
TIME_LIMIT_MAX = 1_000_000  #: seconds --time-limit takes at most (the interval timer overflows near 9e9)
PROGRESS_DELAY = 2.0  #: seconds before the progress bar appears
CPU_TIME = "CPU time per puzzle answered"  #: the summary's label for each answer's CPU time (time.process_time)
TIME_STATISTICS = (("mean", statistics.fmean), ("median", statistics.median), ("max", max))
LABEL_WIDTH = len(CPU_TIME) + 2  #: the summary's values start in one column

EPILOG = f"""\
examples:
  python -m tools.cli.solve puzzles.txt                   solve, print a summary
  python -m tools.cli.solve a.txt b.npy c.csv             several files, one summary
  python -m tools.cli.solve puzzles.txt -o answers.txt    write the answers too
  python -m tools.cli.solve quiz.csv --check              compare with the csv's solution column
  python -m tools.cli.solve hard_puzzle.npy --check --solutions hard_solution.npy
  python -m tools.cli.solve puzzles.txt --count           how many have 0, 1, 2+ solutions
  python -m tools.cli.solve puzzles.txt --jobs 1          solve in this process only
  python -m tools.cli.solve big.npy --time-limit 60       give up on a puzzle after a minute

formats (by the file's suffix):
  .npy  one N x N grid or a stack K x N x N, N = {SIDES}; 0 = blank
  .txt  a puzzle a line, N*N symbols: 0 or . = blank, 1-9, then A=10, B=11, ...
  .csv  a {" or ".join(PUZZLE_COLUMNS)} column, optionally a {" or ".join(SOLUTION_COLUMNS)} column
  -o writes the same format; a puzzle with no answer is all -1 (.npy) or a line of '-'.
  Bad input is reported on stderr as 'file:place: problem'; the rest is still solved.

exit status:
  {EXIT_OK}    every puzzle was read and answered, and with --check every answer agreed
  {EXIT_MISMATCH}    --check found an answer that differs from the stored solution
  {EXIT_USAGE}    usage error, a missing or unreadable file, OUT cannot be written, or a
       Python older than 3.10
  {EXIT_DATAERR}   bad input, reported as above; the rest was solved (and written with -o)
  {EXIT_SOFTWARE}   an unexpected exception, a bug: its traceback is on stderr
  {EXIT_WORKER_LOST}   a worker process died
  {EXIT_OUT_OF_TIME}  a puzzle ran past --time-limit; the rest was solved (and written with -o)
  {EXIT_INTERRUPTED}  interrupted (Ctrl-C)
  {EXIT_BROKEN_PIPE}  stdout was closed before the summary (as by '| true'): no traceback
  {EXIT_TERMINATED}  terminated (SIGTERM)
  When several apply, the most severe wins.

docs/command-line.md tells the rest: every kind of bad input, the time limit, the
workers, and what a run that stops early leaves.
"""


class UsageError(Exception):
    """A usage error, an unreadable file or an unwritable output: reported in one line, exit 2."""


class Terminated(BaseException):
    """SIGTERM, raised in the main process as Ctrl-C raises KeyboardInterrupt,
    so that the same clean-up runs: the workers are ended, and no temporary
    output file is left.  A BaseException, like KeyboardInterrupt, so that no
    ``except Exception`` takes it for an error to handle."""


class OutOfTime(BaseException):
    """Raised by SIGALRM in the process solving a puzzle that has run past
    ``--time-limit``.  A BaseException, so that nothing on the solver's path
    takes it for an error of its own."""


class Outcome(NamedTuple):
    """The answer to one well-formed puzzle, compact enough to send back from a worker."""

    solution: bytes | None  #: its cells row by row, a byte each; None when it has no solution or ran out of time
    found: int | None  #: solutions found, up to COUNT_LIMIT (only with --count)
    seconds: float  #: CPU time taken by the solve (and the count)
    late: bool = False  #: it ran past --time-limit, so it has no answer

    @property
    def grid(self) -> np.ndarray | None:
        """The solution as an N x N array, or None."""
        if self.solution is None:
            return None
        return np.frombuffer(self.solution, dtype=NPY_DTYPE).reshape(-1, math.isqrt(len(self.solution)))


# --- Reading and bad input -------------------------------------------------


def file_problems(puzzle_file: PuzzleFile, label: str = "", empty: str = "holds no puzzles") -> list[str]:
    """The bad input of one file, one line each, as ``file[:place]: problem``.

    For an .npy whose shape is wrong, one line: the shape spoils every grid
    alike, so its place is the range of grids, ``1-K`` (``1`` for one grid,
    none for an array that holds no grid).  For a file with no puzzle,
    ``file: `` and ``empty``.  Otherwise a line per malformed entry, at its
    place (``file:line``, or for .npy ``file:k``, the grid's 1-based place in
    the stack), its problem after ``label``.
    """
    path, entries = puzzle_file.path, puzzle_file.puzzles
    if puzzle_file.problem:
        place = "" if not entries else ":1" if len(entries) == 1 else f":1-{len(entries)}"
        return [f"{path}{place}: {label}{puzzle_file.problem}"]
    if not entries:
        return [f"{path}: {empty}"]
    return [f"{entry.where}: {label}{entry.problem}" for entry in entries if entry.problem]


def bad_input(files: Sequence[PuzzleFile], stored: PuzzleFile | None, check: bool) -> list[str]:
    """Every line of bad input to report, file by file: the input files', and
    with ``check`` their stored solutions' (a csv's solution column, or the
    ``--solutions`` file ``stored``).  Stored solutions matter only to
    ``--check``, so without it they are not looked at."""
    lines = []
    for puzzle_file in files:
        lines += file_problems(puzzle_file)
        if check and puzzle_file.kind == ".csv":
            lines += [f"{s.where}: stored solution: {s.problem}" for s in puzzle_file.solutions or [] if s.problem]
    if check and stored is not None:
        lines += file_problems(stored, "stored solution: ", "holds no solutions")
    return lines


# --- Solving, in this process or in workers --------------------------------


#: this process's engine of each order (box side), made by ``make_engines``
ENGINES: dict[int, SudokuEngine] = {}


def make_engines(boxes: Iterable[int]) -> None:
    """Make this process's engine of each order in ``boxes`` that it lacks,
    its matrix built (``SudokuEngine.build_matrix``), so that no puzzle's
    time includes it."""
    for box in set(boxes) - ENGINES.keys():
        ENGINES[box] = SudokuEngine(box)
        ENGINES[box].build_matrix()


def out_of_time(signum: int, frame: FrameType | None) -> None:
    """The handler of SIGALRM while puzzles are solved under a time limit."""
    raise OutOfTime


def terminated(signum: int, frame: FrameType | None) -> None:
    """The main process's handler of SIGTERM."""
    raise Terminated


def solve_puzzle(cells: bytes, counting: bool, time_limit: float | None) -> Outcome:
    """Solve one puzzle, its cells row by row a byte each, with this process's
    engine of its order, and with ``counting`` count its solutions too.  With
    ``time_limit``, the solve and the count are given up once they have run
    that many seconds of wall clock: SIGALRM raises ``OutOfTime`` mid-search,
    which harms nothing, since an engine's search links its matrix afresh."""
    side = math.isqrt(len(cells))
    engine = ENGINES[math.isqrt(side)]
    grid = np.frombuffer(cells, NPY_DTYPE).reshape(side, side)  # for count_solutions
    start = time.process_time()
    try:
        if time_limit is not None:
            signal.setitimer(signal.ITIMER_REAL, time_limit)
        try:
            solution = engine.solve(list(cells)).grid
            found = count_solutions(grid, COUNT_LIMIT, engine) if counting else None
        finally:
            if time_limit is not None:
                # Stopped whatever ends the solve, and within the outer try, so
                # that an alarm that comes as it stops is caught too.
                signal.setitimer(signal.ITIMER_REAL, 0)
    except OutOfTime:
        return Outcome(None, None, time.process_time() - start, late=True)
    return Outcome(None if solution is None else bytes(solution), found, time.process_time() - start)


def mask_stop_signals(block: bool) -> None:
    """Block (or unblock) Ctrl-C and SIGTERM in this thread, where the system
    can (Windows cannot).  A process started meanwhile inherits the mask."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK if block else signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


def start_worker(boxes: Iterable[int], time_limit: float | None) -> None:
    """Set up a worker process, which starts with Ctrl-C and SIGTERM blocked
    (``solve_all``), so that neither comes before this has set what it does.
    Ctrl-C is the main process's to handle: it ends the workers.  SIGTERM
    ends the worker (a forked one has the main process's handler).  Then
    the time limit's alarm, and the engines."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    mask_stop_signals(block=False)
    if time_limit is not None:
        signal.signal(signal.SIGALRM, out_of_time)
    make_engines(boxes)


@contextlib.contextmanager
def handling(handlers: dict[int, Callable[[int, FrameType | None], None]]) -> Iterator[None]:
    """Within the block each signal of ``handlers`` calls its handler;
    afterwards it does what it did before."""
    previous = {signum: signal.signal(signum, handler) for signum, handler in handlers.items()}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)


def shown(outcomes: Iterable[Outcome], total: int) -> Iterable[Outcome]:
    """``outcomes``, with a progress bar on stderr when it is a terminal and
    tqdm is installed (it is in the dev group, not in requirements.txt).  The
    bar appears once a run has taken PROGRESS_DELAY seconds."""
    try:
        from tqdm import tqdm
    except ImportError:
        return outcomes
    # disable=None: shown on a terminal only; delay: not at all on a quick run.
    return tqdm(outcomes, total=total, unit="puzzle", file=sys.stderr, disable=None, delay=PROGRESS_DELAY, leave=False)


def solve_chunk(puzzles: Sequence[bytes], counting: bool, time_limit: float | None) -> list[Outcome]:
    """``solve_puzzle`` on each of ``puzzles``: a worker's task."""
    return [solve_puzzle(cells, counting, time_limit) for cells in puzzles]


def solve_all(puzzles: Sequence[bytes], jobs: int, counting: bool, time_limit: float | None) -> list[Outcome]:
    """The ``Outcome`` of each puzzle (``solve_puzzle``), in order, solved in
    this process when ``jobs`` is 1, else in ``jobs`` worker processes, a
    chunk of puzzles at a time.  A worker that dies ends the run:
    ``BrokenProcessPool``.  On any exception, Ctrl-C included, the workers
    are ended at once, not left to finish puzzles that may take minutes."""
    boxes = {math.isqrt(math.isqrt(len(cells))) for cells in puzzles}
    if jobs == 1:
        make_engines(boxes)
        with handling({signal.SIGALRM: out_of_time} if time_limit is not None else {}):
            return list(shown((solve_puzzle(cells, counting, time_limit) for cells in puzzles), len(puzzles)))
    size = max(1, min(CHUNK_LIMIT, math.ceil(len(puzzles) / (jobs * CHUNKS_PER_JOB))))
    pool = ProcessPoolExecutor(jobs, initializer=start_worker, initargs=(boxes, time_limit))
    others = set(multiprocessing.active_children())  # a caller's own children, which are not ours to end
    try:
        mask_stop_signals(block=True)  # the workers start at the first submit: start_worker lifts the mask
        # Not pool.map, whose results, abandoned, cancel their futures, which a
        # pool that then breaks (the workers ended below) fails on before Python 3.12.
        chunks = [
            pool.submit(solve_chunk, puzzles[k : k + size], counting, time_limit) for k in range(0, len(puzzles), size)
        ]
        mask_stop_signals(block=False)
        outcomes = list(shown((outcome for chunk in chunks for outcome in chunk.result()), len(puzzles)))
    except BaseException:
        mask_stop_signals(block=False)
        # End the workers rather than wait for puzzles that may take minutes. The
        # pool has no public way to end them before Python 3.14; they are the
        # children this process started since. A worker killed while it sends a result leaves
        # the pool's thread waiting for the rest of it, so the pool is not waited
        # for: a run stopped here ends with os._exit (the script's last line).
        for worker in set(multiprocessing.active_children()) - others:
            worker.kill()
            worker.join()  # at once after SIGKILL: no worker outlives the run
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return outcomes


def run(
    files: Sequence[PuzzleFile], counting: bool, jobs: int, time_limit: float | None
) -> tuple[list[list[Outcome | None]], int]:
    """Solve every well-formed puzzle of ``files`` with up to ``jobs``
    processes (``solve_all``).  Returns, per file, one ``Outcome`` or None
    (malformed) per puzzle; and the number of processes that solved."""
    puzzles = [puzzle.grid.tobytes() for f in files for puzzle in f.puzzles if puzzle.grid is not None]
    jobs = max(1, min(jobs, len(puzzles)))
    outcomes = iter(solve_all(puzzles, jobs, counting, time_limit))
    return [[None if puzzle.grid is None else next(outcomes) for puzzle in f.puzzles] for f in files], jobs


# --- Comparing and summing up ----------------------------------------------


def compare(outcome: Outcome, stored: Puzzle) -> str | None:
    """Why an answer disagrees with the well-formed stored solution ``stored``,
    or None if it agrees.

    The answer must equal the stored solution exactly, so a puzzle with
    several solutions must get the stored one.
    """
    expected = None if stored.grid is None else stored.grid.tobytes()
    if outcome.solution == expected:
        return None
    if expected is None:
        return "the stored answer is 'no solution', but the solver found one"
    if outcome.solution is None:
        return "the solver found no solution, but one is stored"
    return "the solver's solution differs from the stored one"


def format_seconds(seconds: float) -> str:
    """A duration in ms below a second, else in s."""
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def format_summary(
    files: Sequence[PuzzleFile],
    results: Sequence[Sequence[Outcome | None]],
    args: argparse.Namespace,
    checked: tuple[int, int],
    wall: float,
    jobs: int,
) -> str:
    """The totals of a run, as the lines printed at its end: with ``--count``
    the solution counts, with ``--time-limit`` the puzzles out of time, with
    ``checked`` (compared, mismatches) what ``--check`` found, the CPU time of
    each puzzle answered (not of those out of time, which would only show the
    limit) and the ``wall`` clock of the solving on ``jobs`` processes."""
    outcomes = [outcome for per_file in results for outcome in per_file if outcome is not None]
    answered = [outcome for outcome in outcomes if not outcome.late]
    read, unsolvable = sum(len(f.puzzles) for f in files), sum(outcome.solution is None for outcome in answered)
    lines = [
        ("puzzles read", f"{read} (from {len(files)} file{'' if len(files) == 1 else 's'})"),
        ("solved", len(answered) - unsolvable),
        ("without solution", unsolvable),
        ("malformed", read - len(outcomes)),
    ]
    if args.time_limit is not None:
        lines.append(("out of time", len(outcomes) - len(answered)))
    if args.count:
        found = [outcome.found for outcome in answered]
        lines.append(
            ("solution counts", f"none {found.count(0)}, one {found.count(1)}, several {found.count(COUNT_LIMIT)}")
        )
    if args.check:
        lines.append(("checked", f"{checked[0]} compared, {checked[1]} mismatch{'' if checked[1] == 1 else 'es'}"))
    times = [outcome.seconds for outcome in answered]
    spread = [f"{name} {format_seconds(f(times))}" for name, f in TIME_STATISTICS] if times else ["(none)"]
    lines.append((CPU_TIME, ", ".join(spread)))
    if outcomes:
        processes = "1 process" if jobs == 1 else f"{jobs} processes"
        # Puzzles a second, to two significant figures: 0.33, 1 (a "puzzle"), 1.5, 12000.
        rate = float(f"{len(outcomes) / wall:.2g}") if wall > 0 else math.inf
        lines.append(
            ("wall clock", f"{format_seconds(wall)} on {processes}, {rate:.10g} puzzle{'' if rate == 1 else 's'}/s")
        )
    return "\n".join(f"{label + ':':<{LABEL_WIDTH}}{value}" for label, value in lines)


# --- Command line ----------------------------------------------------------


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
    parser.add_argument("files", nargs="+", metavar="FILE", help=f"input files: {', '.join(FORMATS)}")
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
    parser.add_argument(
        "--jobs",
        metavar="N",
        type=positive_int,
        default=os.cpu_count() or 1,
        help="solve in N worker processes (default: one per core, here %(default)s); 1 solves in this process",
    )
    parser.add_argument(
        "--time-limit",
        metavar="SECONDS",
        type=float,
        help="give up on a puzzle (and its count) after SECONDS of wall clock, at most "
        f"{TIME_LIMIT_MAX:,}: it is reported, counted as out of time, written as no answer, and the run "
        f"exits {EXIT_OUT_OF_TIME}; the rest go on",
    )
    return parser


def check_usage(args: argparse.Namespace) -> None:
    """Reject option combinations that make no sense, with ``UsageError``."""
    paths = [Path(name) for name in args.files]
    try:
        kinds = [suffix_of(path) for path in paths]
    except FileProblem as problem:
        raise UsageError(problem) from None
    if args.time_limit is not None and not 0 < args.time_limit <= TIME_LIMIT_MAX:
        raise UsageError(
            f"--time-limit: expected seconds above 0 and at most {TIME_LIMIT_MAX:,}, got {args.time_limit}"
        )
    if args.time_limit is not None and not hasattr(signal, "setitimer"):
        raise UsageError("--time-limit needs signal.setitimer, which this system lacks")
    if args.output is not None:
        if len(paths) != 1:
            raise UsageError(f"-o needs exactly one input file, got {len(paths)}")
        if args.output.suffix.lower() != kinds[0]:
            raise UsageError(f"-o {args.output}: the output must be a {kinds[0]} file, like the input")
        if not args.output.parent.is_dir():
            raise UsageError(f"cannot write {args.output}: no folder {args.output.parent}")
    if args.solutions is not None:
        if not args.check:
            raise UsageError("--solutions is only used with --check")
        if len(paths) != 1 or kinds[0] == ".csv":
            raise UsageError("--solutions needs exactly one .npy or .txt input file")
        if args.solutions.suffix.lower() != kinds[0]:
            raise UsageError(f"--solutions {args.solutions}: must be a {kinds[0]} file, like the input")
    elif args.check:
        for path, kind in zip(paths, kinds):
            if kind != ".csv":
                raise UsageError(f"--check on {path} needs --solutions FILE{kind}")


def read_files(args: argparse.Namespace) -> tuple[list[PuzzleFile], PuzzleFile | None]:
    """Read every input file, and the ``--solutions`` file (returned too, for
    its bad input); ``UsageError`` for one that cannot be read, or for stored
    solutions that ``--check`` lacks."""
    try:
        files = [read_puzzle_file(Path(name)) for name in args.files]
        stored = None
        if args.solutions is not None:
            stored = read_puzzle_file(args.solutions, marker=True)
            if len(stored.puzzles) != len(files[0].puzzles):
                raise UsageError(
                    f"{args.solutions} holds {len(stored.puzzles)} solutions for {len(files[0].puzzles)} puzzles"
                )
            files[0].solutions = stored.puzzles
    except FileProblem as problem:
        raise UsageError(problem) from None
    if args.check:
        for puzzle_file in files:
            if puzzle_file.solutions is None:
                names = " or ".join(repr(name) for name in SOLUTION_COLUMNS)
                raise UsageError(f"--check: {puzzle_file.path} has no {names} column")
    return files, stored


def report_answers(
    files: Sequence[PuzzleFile], results: Sequence[Sequence[Outcome | None]], args: argparse.Namespace
) -> tuple[int, int, int]:
    """Report on stderr, each at its place, every puzzle that ran out of time
    and, with ``--check``, every answer that disagrees with its stored
    solution (``compare``).  Malformed puzzles and malformed stored solutions
    are not compared, having been reported as bad input; nor are puzzles out
    of time, which have no answer.  Returns how many puzzles ran out of time,
    how many were compared and how many of those disagreed."""
    late = compared = mismatches = 0
    for puzzle_file, outcomes in zip(files, results):
        stored = puzzle_file.solutions if args.check else None
        for k, (puzzle, outcome) in enumerate(zip(puzzle_file.puzzles, outcomes)):
            if outcome is not None and outcome.late:
                late += 1
                print(f"{puzzle.where}: not solved within the time limit, {args.time_limit:g} s", file=sys.stderr)
            elif outcome is not None and stored and not stored[k].problem:
                compared += 1
                problem = compare(outcome, stored[k])
                if problem is not None:
                    mismatches += 1
                    print(f"{puzzle.where}: {problem}", file=sys.stderr)
    return late, compared, mismatches


def solve_files(args: argparse.Namespace) -> int:
    """The run, once the options are parsed: read, report bad input, solve,
    check, write and sum up.  Returns the exit status of a run that finished,
    the highest that applies; ``UsageError``, ``BrokenProcessPool``,
    ``KeyboardInterrupt`` or ``Terminated`` for one that stops early."""
    check_usage(args)
    files, stored = read_files(args)
    problems = bad_input(files, stored, args.check)
    for line in problems:
        print(line, file=sys.stderr)  # file[:place]: problem
    start = time.perf_counter()
    results, jobs = run(files, args.count, args.jobs, args.time_limit)
    wall = time.perf_counter() - start
    late, compared, mismatches = report_answers(files, results, args)
    if args.output is not None:
        try:
            write_answers(args.output, files[0], [None if outcome is None else outcome.grid for outcome in results[0]])
        except OSError as error:
            raise UsageError(f"cannot write {args.output}: {reason(error)}") from None
    # Flushed here, so that a closed stdout is told here (main), not as Python exits.
    print(format_summary(files, results, args, (compared, mismatches), wall, jobs), flush=True)
    if args.output is not None:
        print(f"answers written to {args.output}", flush=True)
    applies = [(EXIT_OUT_OF_TIME, late), (EXIT_DATAERR, problems), (EXIT_MISMATCH, mismatches)]
    return max((status for status, found in applies if found), default=EXIT_OK)  # the highest is the most severe


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return
    the exit status (``--help`` lists them).  A run that stops early exits
    with why it stopped, having written nothing; one that finishes with the
    highest status that applies (``solve_files``)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:  # --help, or a usage error already reported
        return int(stop.code or EXIT_OK)
    with handling({signal.SIGTERM: terminated}):
        try:
            return solve_files(args)
        except UsageError as error:
            print(f"{PROG}: error: {error}", file=sys.stderr)
            return EXIT_USAGE
        except BrokenProcessPool:
            print(
                f"{PROG}: error: a worker process died unexpectedly (the system may have run out of memory); "
                "stopped, no output written",
                file=sys.stderr,
            )
            return EXIT_WORKER_LOST
        except KeyboardInterrupt:
            print(f"{PROG}: interrupted; no output written", file=sys.stderr)
            return EXIT_INTERRUPTED
        except Terminated:
            print(f"{PROG}: terminated; no output written", file=sys.stderr)
            return EXIT_TERMINATED
        except BrokenPipeError:
            # stdout was closed early (``| true``): stop quietly, as a program ended
            # by SIGPIPE would.  What stdout still holds goes to /dev/null, so that
            # Python's flush as it exits does not fail again.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return EXIT_BROKEN_PIPE
        except Exception:  # a bug, here or in a worker (whose traceback is included)
            traceback.print_exc()
            return EXIT_SOFTWARE


if __name__ == "__main__":
    status = main()
    # Not sys.exit: a run stopped with its workers killed must not wait for the
    # pool's thread as Python exits (solve_all). Nothing else is left to do.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)
