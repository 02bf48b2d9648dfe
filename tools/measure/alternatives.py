"""Other sudoku solvers for ``tools/measure/benchmark.py`` to measure ours against.

Each alternative is a ``Solver``: a function with the assignment's contract,
taking a 9 x 9 puzzle (0 = blank) and returning a 9 x 9 array, all -1 when
there is no solution.

``baseline``
    The dancing-links ``sudoku_solver`` of a public repository of this
    coursework (JSH4a/Sudoku-Solver), adapted as a module, imported from the
    path in the environment variable ``BASELINE_ENV``.  It is third-party code,
    so it is never committed; without it the baseline is skipped.  It
    rebuilds its matrix on every call, so on easy puzzles it measures mostly
    that set-up.
``plain-dlx``
    ``PlainDLX`` below: Knuth's dancing links with his S heuristic and
    nothing else, on a matrix built once.  Each call covers the givens' rows,
    searches, and restores every link, as a long-running program would.  It
    is the yardstick for the search itself: it tries the rows Knuth's
    algorithm tries, at a reasonable cost per row, and counts them.
``exact-cover``
    The PyPI package ``exact-cover`` (a C extension), behind an adapter that
    encodes the puzzle as a 0/1 matrix and decodes the cover it returns.
``dlx``
    The PyPI package ``dlx`` (pure Python), behind a similar adapter.

The two adapters share this module's own encoding of a sudoku as exact cover
(candidate "digit d in cell (r, c)" = matrix row ``81 r + 9 c + d - 1``), so
that no code here comes from ``helpers.py`` (only its named constants).  Givens are encoded by keeping
only their own candidate row in their cell, so clashing givens simply leave
no exact cover.  Both adapters do, per call, what a user of the package would
have to do, and the benchmark times the whole call.  ``plain-dlx`` shares the
encoding too, and covers a given's row instead.

Some solvers say more about their last call through ``Alternative.details``
(a function returning numbers by name): ``plain-dlx`` the rows it tried,
``exact-cover`` the CPU time of its adapter's numpy set-up and of the C call
itself, apart.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from helpers import NO_SOLUTION
from helpers import SUDOKU_BOX as BOX
from helpers import SUDOKU_CANDIDATES as CANDIDATES
from helpers import SUDOKU_CONSTRAINTS as CONSTRAINTS
from helpers import SUDOKU_SIZE as SIZE

Solver = Callable[[np.ndarray], np.ndarray]
Details = Callable[[], dict[str, float]]  #: numbers about a solver's last call, by name

CELLS = SIZE * SIZE  #: 81
ALTERNATIVE_NAMES = ("baseline", "plain-dlx", "exact-cover", "dlx")
#: the environment variable naming the baseline's file (third-party code, not committed)
BASELINE_ENV = "BASELINE_DLX"
#: why an optional solver is missing, and how to supply it
MISSING_BASELINE = (
    f"optional: the coursework baseline is third-party code, not in the repository; set {BASELINE_ENV} to the "
    "path of JSH4a/Sudoku-Solver's dancing-links solver saved as a module that defines sudoku_solver"
)


@dataclass(frozen=True)
class Alternative:
    """A solver to compare with ours, or the reason it is not available."""

    name: str
    description: str
    solver: Solver | None = None
    unavailable: str | None = None  #: why ``solver`` is None
    details: Details | None = None  #: what it says about its last call, if anything


# ---------------------------------------------------------------------------
# The encoding shared by the adapters
# ---------------------------------------------------------------------------


def candidate_columns(candidate: int) -> tuple[int, int, int, int]:
    """The four columns candidate row ``candidate`` (0..728) fills."""
    cell, digit0 = divmod(candidate, SIZE)
    row, column = divmod(cell, SIZE)
    box = (row // BOX) * BOX + column // BOX
    return (
        cell,
        CELLS + row * SIZE + digit0,
        2 * CELLS + column * SIZE + digit0,
        3 * CELLS + box * SIZE + digit0,
    )


def open_candidates(puzzle: np.ndarray) -> np.ndarray:
    """The candidate rows a cover of ``puzzle`` may use: all nine digits of a
    blank, only the given digit of a given."""
    cells = np.asarray(puzzle).astype(np.int64).ravel()
    given = cells != 0
    blanks = np.flatnonzero(~given)
    blank_rows = (blanks[:, None] * SIZE + np.arange(SIZE)).ravel()
    given_rows = np.flatnonzero(given) * SIZE + cells[given] - 1
    return np.sort(np.concatenate([blank_rows, given_rows]))


def decode(candidates: list[int] | np.ndarray) -> np.ndarray:
    """The 9 x 9 grid that a cover (a set of candidate rows) fills in."""
    grid = np.zeros(CELLS, dtype=np.int64)
    for candidate in candidates:
        cell, digit0 = divmod(int(candidate), SIZE)
        grid[cell] = digit0 + 1
    return grid.reshape(SIZE, SIZE)


def no_solution() -> np.ndarray:
    """The answer for a puzzle without a solution."""
    return np.full((SIZE, SIZE), NO_SOLUTION, dtype=np.int64)


def full_matrix() -> np.ndarray:
    """The whole 729 x 324 boolean exact-cover matrix of the 9 x 9 sudoku."""
    matrix = np.zeros((CANDIDATES, CONSTRAINTS), dtype=np.bool_)
    for candidate in range(CANDIDATES):
        matrix[candidate, list(candidate_columns(candidate))] = True
    return matrix


# ---------------------------------------------------------------------------
# Plain dancing links on a prebuilt matrix
# ---------------------------------------------------------------------------


class _Node:
    """One 1 of the matrix (Knuth's data object): four links, its column header."""

    __slots__ = ("left", "right", "up", "down", "header", "candidate")

    def __init__(self, header: _Header | None, candidate: int = -1) -> None:
        self.left = self.right = self.up = self.down = self
        self.header = header
        self.candidate = candidate


class _Header(_Node):
    """A column header (Knuth's column object), with S, the count of its 1s."""

    __slots__ = ("size",)

    def __init__(self) -> None:
        super().__init__(None)
        self.header = self
        self.size = 0


def _cover(c: _Header) -> None:
    """Knuth's cover: unlink column ``c`` and every row through it from the other columns."""
    c.right.left = c.left
    c.left.right = c.right
    i = c.down
    while i is not c:
        j = i.right
        while j is not i:
            j.down.up = j.up
            j.up.down = j.down
            j.header.size -= 1
            j = j.right
        i = i.down


def _uncover(c: _Header) -> None:
    """Knuth's uncover: the exact inverse of ``_cover``."""
    i = c.up
    while i is not c:
        j = i.left
        while j is not i:
            j.header.size += 1
            j.down.up = j
            j.up.down = j
            j = j.left
        i = i.up
    c.right.left = c
    c.left.right = c


class PlainDLX:
    """Knuth's Algorithm X on dancing links for the 9 x 9 sudoku, and nothing more.

    The 729 x 324 matrix is linked once.  A call covers the row of each given
    (a given whose column is already covered clashes: no solution), then runs
    Knuth's search with his S heuristic: branch on the first column of least
    size in the header list (columns in their natural order: cells,
    row-digit, column-digit, box-digit), looking no further once it meets a
    column of size 0 or 1.  Afterwards every link is restored, so each call
    starts from the same matrix.  ``rows_tried`` holds how many rows the last
    search took (each row put into the partial solution counts once; the
    givens' rows do not count).

    Written for this benchmark from Knuth's paper; it shares no code with
    ``helpers.py``.
    """

    def __init__(self) -> None:
        self.root = _Header()
        self.headers = [_Header() for _ in range(CONSTRAINTS)]
        last = self.root
        for header in self.headers:
            last.right, header.left = header, last
            last = header
        last.right, self.root.left = self.root, last
        self.rows: list[_Node] = []  #: the first node of each candidate row
        for candidate in range(CANDIDATES):
            nodes = [_Node(self.headers[j], candidate) for j in candidate_columns(candidate)]
            for a, b in zip(nodes, nodes[1:] + nodes[:1]):
                a.right, b.left = b, a
            for node in nodes:
                header = node.header
                node.up, node.down = header.up, header
                header.up.down = node
                header.up = node
                header.size += 1
            self.rows.append(nodes[0])
        self.rows_tried = 0

    def __call__(self, puzzle: np.ndarray) -> np.ndarray:
        cover = self.first_cover(puzzle)
        return no_solution() if cover is None else decode(cover)

    def details(self) -> dict[str, float]:
        """The rows the last search tried."""
        return {"rows": self.rows_tried}

    def first_cover(self, puzzle: np.ndarray) -> list[int] | None:
        """The candidates of the first solution of ``puzzle``, or None."""
        covers = self.covers(puzzle)
        try:
            return next(covers, None)
        finally:
            covers.close()

    def count(self, puzzle: np.ndarray, limit: int) -> int:
        """How many solutions ``puzzle`` has, counting no further than ``limit``."""
        found = 0
        covers = self.covers(puzzle)
        try:
            for _ in covers:
                found += 1
                if found == limit:
                    break
        finally:
            covers.close()
        return found

    def covers(self, puzzle: np.ndarray) -> Iterator[list[int]]:
        """Every solution of ``puzzle``, each as the candidates of its rows (the givens' first).

        The matrix is restored when the iterator ends or is closed.
        """
        cells = np.asarray(puzzle).astype(np.int64).ravel().tolist()
        givens: list[_Node] = []
        chosen: list[_Node] = []
        self.rows_tried = 0
        try:
            covered = set()
            for cell, value in enumerate(cells):
                if value:
                    first = self.rows[cell * SIZE + value - 1]
                    row = [first, first.right, first.right.right, first.left]
                    if any(id(node.header) in covered for node in row):
                        return  # a clash: this row was taken out by another given's
                    givens.append(first)
                    for node in row:
                        covered.add(id(node.header))
                        _cover(node.header)
            given_candidates = [node.candidate for node in givens]
            for cover in self._search(chosen):
                yield given_candidates + cover
        finally:
            _take_back(chosen)
            _take_back(givens)

    def _search(self, chosen: list[_Node]) -> Iterator[list[int]]:
        """Knuth's search as a loop; ``chosen`` is his O_k."""
        root = self.root
        while True:
            # The S heuristic.
            c = best = root.right
            if c is root:
                yield [node.candidate for node in chosen]
                node = None
            else:
                smallest = c.size
                while c is not root and smallest > 1:
                    if c.size < smallest:
                        best, smallest = c, c.size
                    c = c.right
                node = best.down if smallest else None
                if node is not None:
                    _cover(best)
            if node is None:  # backtrack to the next row of the newest choice
                while chosen:
                    node = chosen.pop()
                    j = node.left
                    while j is not node:
                        _uncover(j.header)
                        j = j.left
                    node = node.down
                    if node is not node.header:
                        break
                    _uncover(node.header)
                else:
                    return
            self.rows_tried += 1
            chosen.append(node)
            j = node.right
            while j is not node:
                _cover(j.header)
                j = j.right


def _take_back(chosen: list[_Node]) -> None:
    """Uncover the columns of every row in ``chosen``, newest first, and empty it."""
    while chosen:
        node = chosen.pop()
        j = node.left
        while j is not node:
            _uncover(j.header)
            j = j.left
        _uncover(node.header)


# ---------------------------------------------------------------------------
# The alternatives
# ---------------------------------------------------------------------------


def load_baseline(path: Path | None) -> Solver:
    """The ``sudoku_solver`` defined by the Python file at ``path``; raises
    ``FileNotFoundError`` when there is no such file (or no path)."""
    if path is None or not Path(path).is_file():
        raise FileNotFoundError(path)
    spec = importlib.util.spec_from_file_location("baseline_dlx", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.sudoku_solver


class ExactCoverSolver:
    """An adapter of ours around ``exact_cover.get_exact_cover``.

    The full matrix is built once; each call picks the puzzle's open rows out
    of it (numpy, the *set-up*), hands them to the C extension (the *search*,
    which includes the extension's own reading of the matrix) and maps the
    rows of the cover back.  ``setup_seconds`` and ``search_seconds`` hold
    the CPU time of the two parts of the last call.  Raises ``ImportError``
    when the package is not installed.
    """

    def __init__(self) -> None:
        self._exact_cover = importlib.import_module("exact_cover")
        self._no_cover = importlib.import_module("exact_cover.error").NoSolution
        self._matrix = full_matrix()
        self.setup_seconds = self.search_seconds = 0.0

    def __call__(self, puzzle: np.ndarray) -> np.ndarray:
        start = time.process_time()
        rows = open_candidates(puzzle)
        sub_matrix = self._matrix[rows]
        middle = time.process_time()
        try:
            cover = self._exact_cover.get_exact_cover(sub_matrix)
        except self._no_cover:
            cover = None
        self.setup_seconds = middle - start
        self.search_seconds = time.process_time() - middle
        return no_solution() if cover is None else decode(rows[cover])

    def details(self) -> dict[str, float]:
        """The last call's set-up and C search, in seconds of CPU time."""
        return {"setup_s": self.setup_seconds, "c_search_s": self.search_seconds}


def dlx_solver() -> Solver:
    """An adapter of ours around ``dlx.DLX``.

    ``DLX`` can only add rows and offers no way to reset a search stopped
    after its first solution, so each call builds a fresh matrix holding the
    puzzle's open rows, each named by its candidate.  Raises ``ImportError``
    when the package is not installed.
    """
    dlx = importlib.import_module("dlx")
    columns = [(column, dlx.DLX.PRIMARY) for column in range(CONSTRAINTS)]

    def solve(puzzle: np.ndarray) -> np.ndarray:
        candidates = open_candidates(puzzle).tolist()
        problem = dlx.DLX(columns)
        problem.appendRows([candidate_columns(c) for c in candidates], candidates)
        cover = next(problem.solve(), None)
        if cover is None:
            return no_solution()
        # A cover lists the first node of each chosen row; N maps a node to
        # the name of its row, here the candidate.
        return decode([problem.N[node] for node in cover])

    return solve


def baseline_path() -> Path | None:
    """The baseline's file as ``BASELINE_ENV`` names it, None when unset."""
    value = os.environ.get(BASELINE_ENV)
    return Path(value) if value else None


def alternatives(baseline: Path | None = None) -> list[Alternative]:
    """The alternatives of ``ALTERNATIVE_NAMES``, in that order, each with its
    solver or the reason it is not available.  ``baseline`` is the baseline's
    file (default: ``baseline_path()``)."""
    baseline = baseline or baseline_path()
    makers = {
        "baseline": ("dancing links, matrix rebuilt every call", lambda: load_baseline(baseline)),
        "plain-dlx": ("Knuth's dancing links, matrix built once", PlainDLX),
        "exact-cover": ("PyPI exact-cover, a C extension", ExactCoverSolver),
        "dlx": ("PyPI dlx, pure Python", dlx_solver),
    }
    found = []
    for name in ALTERNATIVE_NAMES:
        description, make = makers[name]
        try:
            solver = make()
            found.append(Alternative(name, description, solver, details=getattr(solver, "details", None)))
        except FileNotFoundError:
            reason = MISSING_BASELINE if baseline is None else f"optional: {baseline} not found"
            found.append(Alternative(name, description, unavailable=reason))
        except ImportError:
            reason = f"optional: the PyPI package {name} is not installed (pip install --group bench)"
            found.append(Alternative(name, description, unavailable=reason))
    return found
