"""Solve files of sudokus: the project's command line (``docs/command-line.md``).

Usage: ``python tools/cli/solve.py FILE... [-o OUT] [--check [--solutions FILE]] [--count] [--jobs N]``
(``--help`` lists every option, the exit statuses and examples).

The files are read and written by ``tools.puzzles.io`` (a ``Puzzle`` is one
grid read, with its place "file:line", or why it is malformed).  This module
parses the options, reports bad input, solves (a ``helpers.SudokuEngine`` of
each order, made by each process for itself, counting with
``tools.cli.exact_cover.count_solutions``) in this process or in ``--jobs``
worker processes, a ``Chunk`` of puzzles at a time, compares each ``Outcome``
with its stored solution and sums up.
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
import threading
import time
import traceback
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from multiprocessing.context import DefaultContext
from pathlib import Path
from types import FrameType
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
    SUPPORTED_BOXES,
    FileProblem,
    Puzzle,
    PuzzleFile,
    read_puzzle_file,
    reason,
    suffix_of,
    write_answers,
    write_atomically,
)

PROG = "solve.py"
EXIT_OK = 0
EXIT_MISMATCH = 1  #: --check found an answer that differs from the stored one
EXIT_USAGE = 2  #: bad options, a missing or unreadable file, or an output that cannot be written
EXIT_DATAERR = 65  #: bad input: malformed puzzles, a wrong-shaped .npy, a file of no puzzles (sysexits' EX_DATAERR)
EXIT_WORKER_LOST = 71  #: a worker process died twice on the same puzzles (sysexits' EX_OSERR)
EXIT_INTERRUPTED = 130  #: 128 + SIGINT, the shell's convention for Ctrl-C
EXIT_TERMINATED = 143  #: 128 + SIGTERM
#: When several statuses apply, the first of these wins.  The four that stop a
#: run come first (only one of them can happen, since it ends the run): they say
#: why nothing was written.  A run that finished says bad input before a
#: --check mismatch: with bad input the check was not made on every puzzle, so
#: neither 0 nor 1 would be its whole verdict.
PRECEDENCE = (
    EXIT_USAGE,
    EXIT_INTERRUPTED,
    EXIT_TERMINATED,
    EXIT_WORKER_LOST,
    EXIT_DATAERR,
    EXIT_MISMATCH,
    EXIT_OK,
)
RETRIES = 1  #: times the puzzles a dead worker held are solved again, in a new worker, before the run stops
COUNT_LIMIT = 2  #: counting stops at 2: enough to tell unique from ambiguous
#: chunks per worker, at least: enough that the workers finish close together
#: and the progress bar moves, few enough that handing them out costs little
CHUNKS_PER_JOB = 8
CHUNK_LIMIT = 256  #: puzzles in a chunk, at most (a 9 x 9 takes well under a millisecond)
PROGRESS_DELAY = 2.0  #: seconds before the progress bar appears
JOIN_TIMEOUT = 5.0  #: seconds a worker is given to end before it is killed
CPU_TIME = "CPU time per puzzle"  #: the summary's label for each solve's CPU time (time.process_time)
TIME_STATISTICS = (("mean", statistics.fmean), ("median", statistics.median), ("max", max))
LABEL_WIDTH = len(CPU_TIME) + 2  #: the summary's values start in one column
SIDES = ", ".join(str(box * box) for box in SUPPORTED_BOXES)  #: the sides a sudoku may have, as text

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
  .npy  one N x N grid or a stack K x N x N; N = {SIDES}; 0 = blank.
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
  never left half-written; a run that stops early leaves OUT as it was.

messages:
  Bad input is reported on stderr, one line each, as 'file:place: problem';
  the other puzzles are still solved (and written with -o, the bad ones as
  no answer).  Bad input is
    - a malformed puzzle, or with --check a malformed stored solution
      ('stored solution: ...'), at its line; in an .npy the place is the
      grid's 1-based place in the stack;
    - an .npy whose grids are not square, or of a side no sudoku has: one
      line, at the range of grids it spoils, '1-K'; an .npy that is no grid
      or stack of grids: one line, with no place;
    - a file that holds no puzzles (empty, only comments, a .csv with only
      a header, an .npy of 0 grids): 'file: holds no puzzles'.
  A summary goes to stdout.  On a terminal, a progress bar shows on stderr
  once a run has taken {PROGRESS_DELAY:g} s.  A worker process that dies (the
  system ran out of memory, say) is reported on stderr, and the puzzles it
  held are solved again in a new worker, once.

exit status:
  {EXIT_OK}    done: every puzzle was read, and with --check every answer agreed
  {EXIT_MISMATCH}    --check found an answer that differs from the stored solution
  {EXIT_USAGE}    usage error, a missing or unreadable file, or OUT cannot be written
       (e.g. 'cannot write OUT: No space left on device')
  {EXIT_DATAERR}   bad input, reported as above (sysexits' EX_DATAERR); the rest was
       solved, and written with -o
  {EXIT_WORKER_LOST}   a worker process died on puzzles that a new one then died on too
       (sysexits' EX_OSERR)
  {EXIT_INTERRUPTED}  interrupted (Ctrl-C)
  {EXIT_TERMINATED}  terminated (SIGTERM)
  When several apply, the first of {", ".join(map(str, PRECEDENCE[:-1]))} wins.  A run
  that ends with {EXIT_USAGE}, {EXIT_INTERRUPTED}, {EXIT_TERMINATED} or {EXIT_WORKER_LOST} stopped early and wrote no output.
"""


class UsageError(Exception):
    """A usage error, an unreadable file or an unwritable output: reported in one line, exit 2."""


class Terminated(BaseException):
    """SIGTERM, raised in the main process as Ctrl-C raises KeyboardInterrupt,
    so that the same clean-up runs: the workers are ended and waited for, and
    no temporary output file is left.  A BaseException, like KeyboardInterrupt,
    so that no ``except Exception`` takes it for an error to handle."""


class WorkerLost(Exception):
    """A worker process died while solving a chunk that a worker had died on
    before: the run stops (exit 71).  The message says where and how."""


class WorkerFailed(Exception):
    """A worker process raised an exception (a bug): raised again in the main
    process, with the worker's traceback as its message."""


class Outcome(NamedTuple):
    """The answer to one well-formed puzzle."""

    solution: np.ndarray | None  #: None when the puzzle has no solution
    found: int | None  #: solutions found, up to COUNT_LIMIT (only with --count)
    seconds: float  #: CPU time taken by the solve (and the count)


# --- Reading and bad input -------------------------------------------------


def npy_shape_problem(shape: tuple[int, ...]) -> str | None:
    """What is wrong with an .npy array of ``shape`` as puzzles, or None when
    it is one grid or a stack of grids of a size a sudoku has."""
    if len(shape) not in (2, 3):
        return f"holds an array of shape {shape}, not one grid N x N or a stack K x N x N"
    rows, columns = shape[-2:]
    grids = "its grids are" if len(shape) == 3 else "its grid is"
    if rows != columns:
        return f"{grids} {rows} x {columns}, not square"
    if math.isqrt(rows) ** 2 != rows or math.isqrt(rows) not in SUPPORTED_BOXES:
        return f"{grids} {rows} x {columns}; a sudoku is N x N with N one of {SIDES}"
    return None


def grids_in(shape: tuple[int, ...]) -> int:
    """How many grids an .npy array of ``shape`` holds: K of a stack, 1 of a
    grid, 0 of an array that is neither."""
    return shape[0] if len(shape) == 3 else int(len(shape) == 2)


def read_bad_input(path: Path) -> PuzzleFile | None:
    """The file at ``path``, which ``read_puzzle_file`` refused, read after
    all when what is wrong with it is bad input, not unreadability: an .npy
    that numpy loads but that is no stack of sudoku grids (each grid it has
    malformed), or a .csv with nothing in it, not even a header (no puzzles).
    None for anything else, which stays unreadable."""
    kind = suffix_of(path)
    try:
        if kind == ".npy":
            # Memory-mapped: only the header is read, which holds the shape.
            shape = tuple(np.load(path, mmap_mode="r", allow_pickle=False).shape)
            problem = npy_shape_problem(shape)
            if problem is None:
                return None
            puzzles = [Puzzle(f"{path}:{k}", None, problem) for k in range(1, grids_in(shape) + 1)]
            return PuzzleFile(path, kind, puzzles, shape=shape)
        if kind == ".csv" and not path.read_text(encoding="utf-8-sig").strip():
            # An empty csv has no header either; its answers get the header a header-only csv would.
            return PuzzleFile(path, kind, [], [], fieldnames=[PUZZLE_COLUMNS[0], SOLUTION_COLUMNS[0]])
    except (OSError, ValueError, EOFError):  # UnicodeDecodeError is a ValueError
        return None
    return None


def read_input(path: Path, marker: bool = False) -> PuzzleFile:
    """``read_puzzle_file(path, marker)``, but a file that is bad input as a
    whole (``read_bad_input``) is read as one with no well-formed puzzle, so
    that it is reported as bad input, not refused; ``FileProblem`` for a file
    that cannot be read at all."""
    try:
        return read_puzzle_file(path, marker)
    except FileProblem:
        salvaged = read_bad_input(path)
        if salvaged is None:
            raise
        return salvaged


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
    if puzzle_file.kind == ".npy":
        problem = npy_shape_problem(puzzle_file.shape)
        if problem is not None:
            place = "" if not entries else ":1" if len(entries) == 1 else f":1-{len(entries)}"
            return [f"{path}{place}: {label}{problem}"]
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


Engines = dict[int, SudokuEngine]  #: a process's engine of each order (box side)


def make_engines(boxes: Iterable[int]) -> Engines:
    """An engine of each order in ``boxes``, its matrix built, so that no puzzle's time includes it."""
    engines = {}
    for box in boxes:
        engine = SudokuEngine(box)
        # An engine builds its matrix when a puzzle first needs it, in matrix_for:
        # the open part of a blank grid, relinked, needs it now.
        blank = [0] * box**4
        forced = engine.place_forced_digits(blank)
        if forced is not None:  # always, for a blank grid
            engine.matrix_for(engine.open_part(blank, forced.places))
        engines[box] = engine
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


class Crash(NamedTuple):
    """What a worker sends instead of a ``Solved`` when it raised an exception."""

    traceback: str


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


def chunk_bounds(grids: Sequence[np.ndarray], jobs: int) -> list[tuple[int, int]]:
    """Where each chunk of ``grids`` starts and ends: runs of one size, each
    of at most CHUNK_LIMIT puzzles and short enough for CHUNKS_PER_JOB a job."""
    size = max(1, min(CHUNK_LIMIT, math.ceil(len(grids) / (jobs * CHUNKS_PER_JOB))))
    starts = [k for k in range(len(grids)) if k == 0 or k % size == 0 or grids[k].shape != grids[k - 1].shape]
    return list(zip(starts, [*starts[1:], len(grids)]))


def worker_main(connection: Connection, main_end: Connection, boxes: Sequence[int]) -> None:
    """A worker process: make the engines of the orders ``boxes``, then answer
    each ``Chunk`` received on ``connection`` with its ``Solved`` (or, on an
    exception, a ``Crash``), until it receives None or the main process is gone.

    It starts with SIGINT and SIGTERM blocked (``Worker``).  Ctrl-C is the
    main process's to handle: it ends the workers.  SIGTERM is how it ends
    them, so it gets its default action back (a forked worker inherits the
    main process's handler, ``sigterm_raises``).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    # A forked worker has the main process's end too; closed, a main process
    # that dies without ending the workers (SIGKILL) leaves them an end of file.
    main_end.close()
    try:
        engines = make_engines(boxes)
        while (chunk := connection.recv()) is not None:
            connection.send(solve_chunk(chunk, engines))
    except (EOFError, OSError):
        pass  # the main process is gone: nobody is waiting for an answer
    except Exception:
        with contextlib.suppress(OSError):
            connection.send(Crash(traceback.format_exc()))


def how_it_ended(exitcode: int | None) -> str:
    """A process's end, from ``multiprocessing``'s exit code, for a message:
    "killed by SIGKILL", "exit status 1"."""
    if exitcode is None or exitcode >= 0:
        return f"exit status {exitcode}"
    try:
        return f"killed by {signal.Signals(-exitcode).name}"
    except ValueError:
        return f"killed by signal {-exitcode}"


class Worker:
    """One worker process, the main process's end of the pipe to it, and the
    chunk it was given and has not answered yet."""

    def __init__(self, context: DefaultContext, boxes: Sequence[int]) -> None:
        """The worker, not started yet (``start``)."""
        self.connection, self.far_end = context.Pipe()
        self.process = context.Process(target=worker_main, args=(self.far_end, self.connection, boxes), daemon=True)
        self.chunk: Chunk | None = None

    def start(self) -> None:
        """Start the worker process."""
        sys.stdout.flush()  # a forked worker must not inherit text still to be written
        sys.stderr.flush()
        # Ctrl-C or SIGTERM must not reach the worker before worker_main has
        # set what they do there (it unblocks them): a forked worker has the
        # main process's handlers until then.  The mask is inherited.
        blocked = {signal.SIGINT, signal.SIGTERM}
        masked = hasattr(signal, "pthread_sigmask")
        if masked:
            signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
        try:
            self.process.start()
        finally:
            if masked:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, blocked)
        self.far_end.close()

    def give(self, chunk: Chunk | None) -> None:
        """Send the worker ``chunk`` to solve, or None to say it is done."""
        self.chunk = chunk
        try:
            self.connection.send(chunk)
        except OSError:
            pass  # it has died: its sentinel says so, and the chunk is given to another


class WorkerPool:
    """``jobs`` worker processes for the orders ``boxes``, each solving one
    chunk at a time; a worker that dies is replaced, and its chunk solved again.

    Why not ``multiprocessing.Pool``: it replaces a dead worker but never
    learns that the task the worker held is lost, so the run waits for it
    forever (issue 42).  ``concurrent.futures.ProcessPoolExecutor`` notices,
    but then breaks as a whole: every pending future fails with
    ``BrokenProcessPool``, which says neither which task was running in the
    dead worker nor how it died, so a retry would have to start a new pool
    and resubmit everything unfinished.  Here each worker has its own pipe
    and is given one chunk at a time, so the main process knows exactly which
    chunk a dead worker held and, from its exit code, by which signal it died.

    Why retry rather than stop: the OOM killer, or anyone with ``kill``, may
    end a worker for reasons that have nothing to do with its puzzles, and a
    batch of thousands of puzzles should not be lost to that; solving one
    chunk again costs at most CHUNK_LIMIT puzzles' time, and the answers are
    those of ``--jobs 1`` (solving is deterministic).  A chunk whose worker
    dies RETRIES + 1 times is likely the cause (a puzzle too big for the
    memory, say), so the run then stops with ``WorkerLost`` rather than go on
    killing workers.
    """

    def __init__(self, jobs: int, boxes: Sequence[int]) -> None:
        self.jobs = jobs
        self.boxes = boxes
        self.context = multiprocessing.get_context()
        self.workers: list[Worker] = []

    def solve(self, chunks: Sequence[Chunk], places: Sequence[str]) -> Iterator[Solved]:
        """Each chunk's ``Solved``, in the order they are done.  ``places``
        names each chunk's puzzles, for the messages.  ``WorkerLost`` when
        workers die on one chunk more than RETRIES times; ``WorkerFailed``
        when a worker raises an exception."""
        queue = deque(chunks)
        deaths: Counter[int] = Counter()
        while len(self.workers) < self.jobs and queue:
            self.start(queue.popleft())
        while busy := [worker for worker in self.workers if worker.chunk is not None]:
            # A worker's connection is ready when it has answered (or died:
            # end of file), its sentinel when it has ended.
            ready = set(wait([w.connection for w in busy] + [w.process.sentinel for w in busy]))
            for worker in busy:
                if not {worker.connection, worker.process.sentinel} & ready:
                    continue
                answer: object = None
                with contextlib.suppress(EOFError, OSError):
                    # An answer sent just before dying is still a good answer.
                    answer = worker.connection.recv() if worker.connection.poll() else None
                if isinstance(answer, Crash):
                    raise WorkerFailed(f"a worker process raised an exception:\n{answer.traceback}")
                if isinstance(answer, Solved):
                    # The next chunk first: the worker is idle until it has one.
                    worker.give(queue.popleft() if queue else None)
                    yield answer
                    continue
                lost = worker.chunk
                self.bury(worker)
                if lost is None:
                    continue
                deaths[lost.number] += 1
                how = how_it_ended(worker.process.exitcode)
                if deaths[lost.number] > RETRIES:
                    tries = "1 retry" if RETRIES == 1 else f"{RETRIES} retries"
                    raise WorkerLost(
                        f"a worker process died ({how}) solving {places[lost.number]} again, after {tries}"
                    )
                tqdm.write(  # tqdm.write: a progress bar, if shown, is drawn again below the line
                    f"{PROG}: a worker process died ({how}) solving {places[lost.number]}; "
                    "solving those puzzles again in a new worker",
                    file=sys.stderr,
                )
                self.start(lost)

    def start(self, chunk: Chunk) -> None:
        """Start a new worker and give it ``chunk``."""
        worker = Worker(self.context, self.boxes)
        # Listed before it starts, so that an interrupt as soon as it has
        # started (a signal blocked meanwhile, ``Worker.start``) still ends it.
        self.workers.append(worker)
        worker.start()
        worker.give(chunk)

    def bury(self, worker: Worker) -> None:
        """Wait for a dead worker (for its exit code) and forget it.  One that
        closed its pipe but still runs, which a worker never does, is killed."""
        worker.process.join(JOIN_TIMEOUT)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()
        worker.connection.close()
        self.workers.remove(worker)

    def close(self, abort: bool) -> None:
        """End every worker and wait for it: after the last chunk, when each
        has been told it is done; or, with ``abort``, at once (SIGTERM).  A
        worker still running after JOIN_TIMEOUT is killed."""
        started = [worker for worker in self.workers if worker.process.pid is not None]
        for worker in started:
            if abort:
                worker.process.terminate()
            elif worker.chunk is not None:
                worker.give(None)
        for worker in started:
            worker.process.join(JOIN_TIMEOUT)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
        for worker in self.workers:
            worker.connection.close()
            worker.far_end.close()
        self.workers.clear()


@contextmanager
def workers(jobs: int, boxes: Sequence[int]) -> Iterator[WorkerPool | Engines]:
    """``jobs`` worker processes for the orders ``boxes``, or, for one job,
    this process's engines of those orders.

    The workers end with the block: after the last chunk, or on any
    exception (Ctrl-C included), when they are terminated; either way they
    are waited for, so that none is left running.
    """
    if jobs == 1:
        yield make_engines(boxes)
        return
    pool = WorkerPool(jobs, boxes)
    try:
        yield pool
    except BaseException:
        pool.close(abort=True)
        raise
    pool.close(abort=False)


def place_range(first: str, last: str) -> str:
    """The places ``first`` to ``last`` ("file:line") as one: "a.txt:3-9"."""
    first_file, _, first_line = first.rpartition(":")
    last_file, _, last_line = last.rpartition(":")
    if first_file != last_file:
        return f"{first} to {last}"
    return first if first_line == last_line else f"{first}-{last_line}"


def run(files: Sequence[PuzzleFile], count: bool, jobs: int) -> tuple[list[list[Outcome | None]], int]:
    """Solve every well-formed puzzle of ``files`` in chunks, with up to
    ``jobs`` processes.  Returns, per file, one ``Outcome`` or None
    (malformed) per puzzle, in input order whatever order the chunks finish
    in; and the number of processes that solved.  ``WorkerLost`` or
    ``WorkerFailed`` as ``WorkerPool.solve`` says."""
    places: list[tuple[int, int]] = []  # (file, puzzle) of each grid to solve
    grids: list[np.ndarray] = []
    for f, in_file in enumerate(files):
        for p, puzzle in enumerate(in_file.puzzles):
            if puzzle.grid is not None:
                places.append((f, p))
                grids.append(puzzle.grid)
    bounds = chunk_bounds(grids, jobs)
    chunks = [Chunk(number, np.stack(grids[a:b]), count) for number, (a, b) in enumerate(bounds)]
    where = [files[f].puzzles[p].where for f, p in places]
    chunk_places = [place_range(where[a], where[b - 1]) for a, b in bounds]
    jobs = max(1, min(jobs, len(chunks)))
    boxes = sorted({math.isqrt(len(grid)) for grid in grids})
    results: list[list[Outcome | None]] = [[None] * len(in_file.puzzles) for in_file in files]
    # The workers start before the progress bar, whose monitor thread a fork
    # should not copy (a worker that replaces a dead one is forked later, but
    # it touches nothing of tqdm's).
    # disable=None: shown on a terminal only; delay: not at all on a quick run.
    with workers(jobs, boxes) as pool, tqdm(
        total=len(grids), unit="puzzle", file=sys.stderr, disable=None, delay=PROGRESS_DELAY, leave=False
    ) as bar:
        answers: Iterator[Solved]
        if isinstance(pool, WorkerPool):
            answers = pool.solve(chunks, chunk_places)
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
    """Why an answer disagrees with the well-formed stored solution ``stored``,
    or None if it agrees.

    The answer must equal the stored solution exactly, so a puzzle with
    several solutions must get the stored one.
    """
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


def read_files(args: argparse.Namespace) -> tuple[list[PuzzleFile], PuzzleFile | None]:
    """Read every input file, and the ``--solutions`` file (returned too, for
    its bad input); ``UsageError`` for one that cannot be read, or for stored
    solutions that ``--check`` lacks."""
    try:
        files = [read_input(Path(name)) for name in args.files]
        stored = None
        if args.solutions is not None:
            stored = read_input(args.solutions, marker=True)
            if len(stored.puzzles) != len(files[0].puzzles):
                count, puzzles = len(stored.puzzles), len(files[0].puzzles)
                raise UsageError(f"{args.solutions} holds {count} solutions for {puzzles} puzzles")
            files[0].solutions = stored.puzzles
    except FileProblem as problem:
        raise UsageError(problem) from None
    if args.check:
        for puzzle_file in files:
            if puzzle_file.solutions is None:
                names = " or ".join(repr(name) for name in SOLUTION_COLUMNS)
                raise UsageError(f"--check: {puzzle_file.path} has no {names} column")
    return files, stored


def check_answers(files: Sequence[PuzzleFile], results: Sequence[Sequence[Outcome | None]]) -> tuple[int, int]:
    """Compare every answer with its stored solution and report mismatches on stderr.

    Malformed puzzles and malformed stored solutions are skipped: they were
    reported as bad input.  Returns ``(compared, mismatches)``.
    """
    compared = mismatches = 0
    for puzzle_file, outcomes in zip(files, results):
        for puzzle, outcome, stored in zip(puzzle_file.puzzles, outcomes, puzzle_file.solutions or []):
            if outcome is None or stored.problem:
                continue
            compared += 1
            problem = compare(outcome, stored)
            if problem is not None:
                mismatches += 1
                print(f"{puzzle.where}: {problem}", file=sys.stderr)
    return compared, mismatches


def write_output(path: Path, puzzle_file: PuzzleFile, answers: Sequence[np.ndarray | None]) -> None:
    """Write ``answers`` to ``path`` as ``write_answers`` does (``OSError``
    when it cannot).  A wrong-shaped .npy has no answer at all: its output is
    all -1 in its shape, written here because ``write_answers`` cannot lay out
    an array whose grids hold no cell (3 x 0 x 0, say)."""
    if puzzle_file.kind == ".npy" and npy_shape_problem(puzzle_file.shape) is not None:
        array = np.full(puzzle_file.shape, NO_SOLUTION, dtype=NPY_DTYPE)
        write_atomically(path, lambda handle: np.save(handle, array), binary=True)
    else:
        write_answers(path, puzzle_file, answers)


def exit_status(statuses: Iterable[int]) -> int:
    """The one exit status of a run to which all of ``statuses`` apply: the
    first of them in PRECEDENCE (EXIT_OK when there is none)."""
    found = set(statuses)
    return next((status for status in PRECEDENCE if status in found), EXIT_OK)


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """Within the block SIGTERM raises ``Terminated`` in this process (as
    SIGINT raises KeyboardInterrupt); afterwards it does what it did before.
    Only the main thread can set a handler: elsewhere SIGTERM keeps its action."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        raise Terminated

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return
    the exit status (``--help`` lists them; ``exit_status`` picks one)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, or a usage error already reported
        return int(stop.code or EXIT_OK)
    statuses: set[int] = set()
    with sigterm_raises():
        try:
            check_usage(args)
            files, stored = read_files(args)
            problems = bad_input(files, stored, args.check)
            for line in problems:
                print(line, file=sys.stderr)  # file[:place]: problem
            if problems:
                statuses.add(EXIT_DATAERR)
            start = time.perf_counter()
            results, jobs = run(files, args.count, args.jobs)
            wall = time.perf_counter() - start
            checked = check_answers(files, results) if args.check else None
            if checked and checked[1]:
                statuses.add(EXIT_MISMATCH)
            if args.output is not None:
                answers = [None if outcome is None else outcome.solution for outcome in results[0]]
                try:
                    write_output(args.output, files[0], answers)
                except OSError as error:
                    raise UsageError(f"cannot write {args.output}: {reason(error)}") from None
        except UsageError as error:
            print(f"{PROG}: error: {error}", file=sys.stderr)
            return exit_status(statuses | {EXIT_USAGE})
        except WorkerLost as error:
            print(f"{PROG}: error: {error}; stopped, no output written", file=sys.stderr)
            return exit_status(statuses | {EXIT_WORKER_LOST})
        except KeyboardInterrupt:
            print(f"{PROG}: interrupted; no output written", file=sys.stderr)
            return exit_status(statuses | {EXIT_INTERRUPTED})
        except Terminated:
            print(f"{PROG}: terminated; no output written", file=sys.stderr)
            return exit_status(statuses | {EXIT_TERMINATED})
    print(format_summary(files, results, args.count, checked, wall, jobs))
    if args.output is not None:
        print(f"answers written to {args.output}")
    return exit_status(statuses)


if __name__ == "__main__":
    sys.exit(main())
