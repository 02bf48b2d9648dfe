"""Solve files of sudokus: the project's command line (``docs/command-line.md``).

Usage: ``python tools/cli/solve.py FILE... [-o OUT] [--check [--solutions FILE]] [--count] [--jobs N]``
(``--help`` lists every option with examples).

The files are read and written by ``tools.puzzles.io`` (a ``Puzzle`` is one
grid read, with its place "file:line", or why it is malformed).  This module
parses the options, solves (a ``helpers.SudokuEngine`` of each order, made by
each process for itself, counting with ``tools.cli.exact_cover.count_solutions``)
in this process or in ``--jobs`` worker processes, a ``Chunk`` of puzzles at a
time, compares each ``Outcome`` with its stored solution and sums up.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import signal
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.pool import Pool
from pathlib import Path
from typing import NamedTuple

import numpy as np

if not __package__:
    # Run by its path, ``python tools/cli/solve.py`` (as the readme's examples
    # show), rather than as ``python -m tools.cli.solve``: Python then puts
    # tools/cli/ on sys.path, not the project folder that holds helpers.py and tools/.
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tqdm import tqdm  # noqa: E402

from helpers import NO_SOLUTION, SudokuEngine  # noqa: E402
from tools import positive_int  # noqa: E402
from tools.cli.exact_cover import count_solutions  # noqa: E402
from tools.puzzles.io import (  # noqa: E402
    FORMATS,
    NPY_DTYPE,
    PUZZLE_COLUMNS,
    SOLUTION_COLUMNS,
    FileProblem,
    Puzzle,
    PuzzleFile,
    read_puzzle_file,
    reason,
    suffix_of,
    write_answers,
)

PROG = "solve.py"
EXIT_OK = 0
EXIT_MISMATCH = 1  #: --check found an answer that differs from the stored one
EXIT_USAGE = 2  #: bad options, or a missing or unreadable file
EXIT_INTERRUPTED = 130  #: 128 + SIGINT, the shell's convention for Ctrl-C
COUNT_LIMIT = 2  #: counting stops at 2: enough to tell unique from ambiguous
#: chunks per worker, at least: enough that the workers finish close together
#: and the progress bar moves, few enough that handing them out costs little
CHUNKS_PER_JOB = 8
CHUNK_LIMIT = 256  #: puzzles in a chunk, at most (a 9 x 9 takes well under a millisecond)
PROGRESS_DELAY = 2.0  #: seconds before the progress bar appears
CPU_TIME = "CPU time per puzzle"  #: the summary's label for each solve's CPU time (time.process_time)
TIME_STATISTICS = (("mean", statistics.fmean), ("median", statistics.median), ("max", max))
LABEL_WIDTH = len(CPU_TIME) + 2  #: the summary's values start in one column

EPILOG = f"""\
examples:
  python tools/cli/solve.py puzzles.txt                   solve, print a summary
  python tools/cli/solve.py a.txt b.npy c.csv             several files, one summary
  python tools/cli/solve.py puzzles.txt -o answers.txt    write the answers too
  python tools/cli/solve.py quiz.csv --check              compare with the csv's solution column
  python tools/cli/solve.py hard_puzzle.npy --check --solutions hard_solution.npy
  python tools/cli/solve.py puzzles.txt --count           how many have 0, 1, 2+ solutions
  python tools/cli/solve.py puzzles.txt --jobs 1          solve in this process only

input formats (chosen by the file's suffix):
  .npy  one N x N grid or a stack K x N x N; N = 4, 9, 16, 25 or 36; 0 = blank.
  .txt  one puzzle per line, N*N symbols (16, 81, 256 or 625): 0 or . for a
        blank, 1-9, then A=10, B=11, ... (either case).  Blank lines and lines
        starting with # are skipped.  36 x 36 grids need .npy.
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


class UsageError(Exception):
    """A usage error or an unreadable file: reported in one line, exit 2."""


class Outcome(NamedTuple):
    """The answer to one well-formed puzzle."""

    solution: np.ndarray | None  #: None when the puzzle has no solution
    found: int | None  #: solutions found, up to COUNT_LIMIT (only with --count)
    seconds: float  #: CPU time taken by the solve (and the count)


# --- Solving, in this process or in workers --------------------------------


Engines = dict[int, SudokuEngine]  #: a process's engine of each order (box side)
#: a worker process's engines, made by ``start_worker`` before its first chunk (empty in the main process)
WORKER_ENGINES: Engines = {}


def make_engines(boxes: Sequence[int]) -> Engines:
    """An engine of each order in ``boxes``, its matrix built, so that no puzzle's time includes it."""
    engines = {box: SudokuEngine(box) for box in boxes}
    for engine in engines.values():
        engine.build_matrix()
    return engines


class Chunk(NamedTuple):
    """A worker's task: consecutive well-formed puzzles of one size."""

    number: int  #: its place among the chunks
    grids: np.ndarray  #: K x N x N, stacked so that it is cheap to send
    counting: bool  #: count solutions too (--count)


class Solved(NamedTuple):
    """A worker's answer to a ``Chunk``, as compact as the chunk."""

    number: int
    solutions: np.ndarray  #: K x N x N int8; all -1 where there is no solution, as in .npy
    found: list[int] | None  #: solutions counted, up to COUNT_LIMIT (with --count)
    seconds: list[float]  #: the CPU time each solve (and count) took


def solve_chunk(chunk: Chunk, engines: Engines) -> Solved:
    """Solve (and perhaps count) every puzzle of a chunk with the engine of its order."""
    engine = engines[math.isqrt(chunk.grids.shape[-1])]
    solutions = np.full(chunk.grids.shape, NO_SOLUTION, dtype=NPY_DTYPE)
    found, seconds = [], []
    for grid, layer in zip(chunk.grids, solutions):
        start = time.process_time()
        solution = engine.solve(grid.ravel().tolist()).grid
        if chunk.counting:
            found.append(count_solutions(grid, COUNT_LIMIT, engine))
        seconds.append(time.process_time() - start)
        if solution is not None:
            layer.flat[:] = solution
    return Solved(chunk.number, solutions, found if chunk.counting else None, seconds)


def start_worker(boxes: Sequence[int]) -> None:
    """Set up a worker: Ctrl-C is the main process's to handle (it ends the
    workers), and its engines are made before any puzzle is timed."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    WORKER_ENGINES.update(make_engines(boxes))


def solve_in_worker(chunk: Chunk) -> Solved:
    """``solve_chunk`` with the engines of the worker process it runs in."""
    return solve_chunk(chunk, WORKER_ENGINES)


def chunk_bounds(grids: Sequence[np.ndarray], jobs: int) -> list[tuple[int, int]]:
    """Where each chunk of ``grids`` starts and ends: runs of one size, each
    of at most CHUNK_LIMIT puzzles and short enough for CHUNKS_PER_JOB a job."""
    size = max(1, min(CHUNK_LIMIT, math.ceil(len(grids) / (jobs * CHUNKS_PER_JOB))))
    starts = [k for k in range(len(grids)) if k == 0 or k % size == 0 or grids[k].shape != grids[k - 1].shape]
    return list(zip(starts, [*starts[1:], len(grids)]))


@contextmanager
def workers(jobs: int, boxes: Sequence[int]) -> Iterator[Pool | Engines]:
    """``jobs`` worker processes for the orders ``boxes``, or, for one job,
    this process's engines of those orders.

    The workers end with the block: after the last chunk, or on any
    exception (Ctrl-C included), when they are terminated; either way they
    are waited for, so that none is left running.
    """
    if jobs == 1:
        yield make_engines(boxes)
        return
    sys.stdout.flush()  # a forked worker must not inherit text still to be written
    sys.stderr.flush()
    pool = multiprocessing.get_context().Pool(jobs, initializer=start_worker, initargs=(boxes,))
    try:
        yield pool
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def run(files: Sequence[PuzzleFile], count: bool, jobs: int) -> tuple[list[list[Outcome | None]], int]:
    """Solve every well-formed puzzle of ``files`` in chunks, with up to
    ``jobs`` processes.  Returns, per file, one ``Outcome`` or None
    (malformed) per puzzle, in input order whatever order the chunks finish
    in; and the number of processes that solved."""
    places: list[tuple[int, int]] = []  # (file, puzzle) of each grid to solve
    grids: list[np.ndarray] = []
    for f, in_file in enumerate(files):
        for p, puzzle in enumerate(in_file.puzzles):
            if puzzle.grid is not None:
                places.append((f, p))
                grids.append(puzzle.grid)
    bounds = chunk_bounds(grids, jobs)
    chunks = [Chunk(number, np.stack(grids[a:b]), count) for number, (a, b) in enumerate(bounds)]
    jobs = max(1, min(jobs, len(chunks)))
    boxes = sorted({math.isqrt(len(grid)) for grid in grids})
    results: list[list[Outcome | None]] = [[None] * len(in_file.puzzles) for in_file in files]
    # The workers start before the progress bar, whose monitor thread a fork should not copy.
    # disable=None: shown on a terminal only; delay: not at all on a quick run.
    with workers(jobs, boxes) as pool, tqdm(
        total=len(grids), unit="puzzle", file=sys.stderr, disable=None, delay=PROGRESS_DELAY, leave=False
    ) as bar:
        answers: Iterator[Solved]
        if isinstance(pool, Pool):
            answers = pool.imap_unordered(solve_in_worker, chunks)
        else:
            answers = (solve_chunk(chunk, pool) for chunk in chunks)
        for solved in answers:
            start, end = bounds[solved.number]
            for k, (f, p) in enumerate(places[start:end]):
                solution = solved.solutions[k]
                found = None if solved.found is None else solved.found[k]
                results[f][p] = Outcome(None if solution.flat[0] == NO_SOLUTION else solution, found, solved.seconds[k])
            bar.update(end - start)
    return results, jobs


# --- Comparing and summing up ----------------------------------------------


def compare(outcome: Outcome, stored: Puzzle) -> str | None:
    """Why an answer disagrees with the stored solution, or None if it agrees.

    The answer must equal the stored solution exactly, so a puzzle with
    several solutions must get the stored one.
    """
    if stored.problem:
        return f"cannot compare: the stored solution {stored.where} is malformed: {stored.problem}"
    if stored.grid is None:
        return None if outcome.solution is None else "the stored answer is 'no solution', but the solver found one"
    if outcome.solution is None:
        return "the solver found no solution, but one is stored"
    if not np.array_equal(outcome.solution, stored.grid):
        return "the solver's solution differs from the stored one"
    return None


def format_seconds(seconds: float) -> str:
    """A duration in ms below a second, else in s."""
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def format_summary(
    files: Sequence[PuzzleFile],
    results: Sequence[Sequence[Outcome | None]],
    count: bool,
    checked: tuple[int, int] | None,
    wall: float,
    jobs: int,
) -> str:
    """The totals of a run, as the lines printed at its end: with ``count``
    the solution counts, with ``checked`` (compared, mismatches) what
    ``--check`` found, and each solve's CPU time and the ``wall`` clock of
    the solving on ``jobs`` processes."""
    outcomes = [outcome for per_file in results for outcome in per_file if outcome is not None]
    read, unsolvable = sum(len(f.puzzles) for f in files), sum(outcome.solution is None for outcome in outcomes)
    lines = [
        ("puzzles read", f"{read} (from {len(files)} file{'' if len(files) == 1 else 's'})"),
        ("solved", len(outcomes) - unsolvable),
        ("without solution", unsolvable),
        ("malformed", read - len(outcomes)),
    ]
    if count:
        found = [min(outcome.found or 0, COUNT_LIMIT) for outcome in outcomes]
        lines.append(("solution counts", f"none {found.count(0)}, one {found.count(1)}, several {found.count(2)}"))
    if checked is not None:
        lines.append(("checked", f"{checked[0]} compared, {checked[1]} mismatches"))
    if outcomes:
        times = [outcome.seconds for outcome in outcomes]
        spread = [f"{name} {format_seconds(f(times))}" for name, f in TIME_STATISTICS]
        lines.append((CPU_TIME, ", ".join(spread)))
        processes = "1 process" if jobs == 1 else f"{jobs} processes"
        rate = len(times) / wall if wall > 0 else math.inf
        lines.append(("wall clock", f"{format_seconds(wall)} on {processes}, {rate:.0f} puzzles/s"))
    else:
        lines.append((CPU_TIME, "(nothing solved)"))
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
    return parser


def check_usage(args: argparse.Namespace) -> None:
    """Reject option combinations that make no sense, with ``UsageError``."""
    paths = [Path(name) for name in args.files]
    try:
        kinds = [suffix_of(path) for path in paths]
    except FileProblem as problem:
        raise UsageError(problem) from None
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


def read_files(args: argparse.Namespace) -> list[PuzzleFile]:
    """Read every input file (and ``--solutions``); ``UsageError`` for one
    that cannot be read, or for stored solutions that ``--check`` lacks."""
    try:
        files = [read_puzzle_file(Path(name)) for name in args.files]
        if args.solutions is not None:
            stored = read_puzzle_file(args.solutions, marker=True).puzzles
            if len(stored) != len(files[0].puzzles):
                raise UsageError(f"{args.solutions} holds {len(stored)} solutions for {len(files[0].puzzles)} puzzles")
            files[0].solutions = stored
    except FileProblem as problem:
        raise UsageError(problem) from None
    if args.check:
        for puzzle_file in files:
            if puzzle_file.solutions is None:
                names = " or ".join(repr(name) for name in SOLUTION_COLUMNS)
                raise UsageError(f"--check: {puzzle_file.path} has no {names} column")
    return files


def check_answers(files: Sequence[PuzzleFile], results: Sequence[Sequence[Outcome | None]]) -> tuple[int, int]:
    """Compare every answer with its stored solution and report mismatches on stderr.

    Malformed puzzles are skipped: they were reported when read.  Returns
    ``(compared, mismatches)``.
    """
    compared = mismatches = 0
    for puzzle_file, outcomes in zip(files, results):
        for puzzle, outcome, stored in zip(puzzle_file.puzzles, outcomes, puzzle_file.solutions or []):
            if outcome is None:
                continue
            compared += 1
            problem = compare(outcome, stored)
            if problem is not None:
                mismatches += 1
                print(f"{puzzle.where}: {problem}", file=sys.stderr)
    return compared, mismatches


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, or a usage error already reported
        return int(stop.code or EXIT_OK)
    try:
        check_usage(args)
        files = read_files(args)
        for puzzle in (puzzle for puzzle_file in files for puzzle in puzzle_file.puzzles if puzzle.grid is None):
            print(f"{puzzle.where}: {puzzle.problem}", file=sys.stderr)  # file:line: problem
        start = time.perf_counter()
        results, jobs = run(files, args.count, args.jobs)
        wall = time.perf_counter() - start
        checked = check_answers(files, results) if args.check else None
        if args.output is not None:
            answers = [None if outcome is None else outcome.solution for outcome in results[0]]
            try:
                write_answers(args.output, files[0], answers)
            except OSError as error:
                raise UsageError(f"cannot write {args.output}: {reason(error)}") from None
    except UsageError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; no output written", file=sys.stderr)
        return EXIT_INTERRUPTED
    print(format_summary(files, results, args.count, checked, wall, jobs))
    if args.output is not None:
        print(f"answers written to {args.output}")
    return EXIT_MISMATCH if checked and checked[1] else EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
