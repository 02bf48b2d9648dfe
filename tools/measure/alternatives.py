"""Other sudoku solvers, as methods of ``helpers.race``: a puzzle in,
``(solution or None, rows tried)`` out (0 rows where a solver does not say).
They are plain dancing links (``PlainDLX``), the PyPI package ``exact-cover``
(a C extension) behind an adapter of ours (``ExactCoverSolver``), and the
coursework baseline (``baseline``): the dancing-links ``sudoku_solver`` of
JSH4a/Sudoku-Solver, third-party code never committed, read from the path the
environment variable ``BASELINE_ENV`` names.

Plain dancing links is independent of the solver by design: it shares no code
with ``helpers.py`` but its named constants, so that it can be the benchmark's
reference and the judge of hardness for ``tools/puzzles/make_hard.py`` and
``find_hardest.py`` without favouring the solver it is compared with.  All
share this module's encoding of a sudoku as exact cover: candidate "digit d in
cell (r, c)" is row ``81 r + 9 c + d - 1`` of the matrix.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from helpers import NO_SOLUTION, SUDOKU_BOX, SUDOKU_CANDIDATES, SUDOKU_CONSTRAINTS, SUDOKU_SIZE, Method

CELLS = SUDOKU_SIZE * SUDOKU_SIZE  #: 81
PLAIN = "plain dancing links"
EXACT_COVER = "exact-cover"
BASELINE = "baseline"
#: the environment variable naming the baseline's file (third-party code, not committed)
BASELINE_ENV = "BASELINE_DLX"


@dataclass(frozen=True)
class Alternative:
    """A solver to race against ours: its ``method``, or why it is not available."""

    name: str
    method: Method | None = None
    unavailable: str = ""  #: starts with "optional:" (the tests' rule for a skip)


# ---------------------------------------------------------------------------
# The encoding
# ---------------------------------------------------------------------------


def candidate_columns(candidate: int) -> tuple[int, int, int, int]:
    """The four columns candidate row ``candidate`` (0..728) fills: its cell,
    then its (row, digit), (column, digit) and (box, digit)."""
    cell, digit0 = divmod(candidate, SUDOKU_SIZE)
    row, column = divmod(cell, SUDOKU_SIZE)
    box = (row // SUDOKU_BOX) * SUDOKU_BOX + column // SUDOKU_BOX
    return (
        cell,
        CELLS + row * SUDOKU_SIZE + digit0,
        2 * CELLS + column * SUDOKU_SIZE + digit0,
        3 * CELLS + box * SUDOKU_SIZE + digit0,
    )


def open_candidates(puzzle: np.ndarray) -> np.ndarray:
    """The candidate rows a cover of ``puzzle`` may use, in order: all nine
    digits of a blank, only the given digit of a given."""
    cells = np.asarray(puzzle).astype(np.int64).ravel()
    given = cells != 0
    blank_rows = (np.flatnonzero(~given)[:, None] * SUDOKU_SIZE + np.arange(SUDOKU_SIZE)).ravel()
    given_rows = np.flatnonzero(given) * SUDOKU_SIZE + cells[given] - 1
    return np.sort(np.concatenate([blank_rows, given_rows]))


def decode(candidates: Iterable[int]) -> list[int]:
    """The cells of the grid that a cover (its candidate rows) fills in, row by row."""
    grid = [0] * CELLS
    for candidate in candidates:
        cell, digit0 = divmod(int(candidate), SUDOKU_SIZE)
        grid[cell] = digit0 + 1
    return grid


# ---------------------------------------------------------------------------
# Plain dancing links, independent of the solver by design
# ---------------------------------------------------------------------------


class _Node:
    """One 1 of the matrix (Knuth's data object): four links, its column's header."""

    __slots__ = ("left", "right", "up", "down", "header", "candidate")

    def __init__(self, header: _Header | None, candidate: int = -1) -> None:
        self.left = self.right = self.up = self.down = self
        self.header: Any = header
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


def _leave(node: _Node) -> None:
    """Uncover the columns of ``node``'s row but its own, right to left."""
    j = node.left
    while j is not node:
        _uncover(j.header)
        j = j.left


def _take_back(taken: list[_Node]) -> None:
    """Uncover the columns of every row in ``taken``, newest first, and empty it."""
    while taken:
        node = taken.pop()
        _leave(node)
        _uncover(node.header)


class PlainDLX:
    """Knuth's Algorithm X on dancing links for the 9 x 9 sudoku, and nothing more.

    The 729 x 324 matrix is linked once.  ``first_cover`` covers the row of
    each given (a given whose column is covered already clashes: no
    solution), then runs Knuth's search with his S heuristic: branch on the
    first column of least size in the header list (cells, row-digit,
    column-digit, box-digit, each in its natural order), looking no further
    once it meets a column of size 0 or 1.  Afterwards every link is
    restored, so each call starts from the same matrix.  ``rows_tried`` holds
    how many rows the last search took (the givens' rows do not count).
    """

    def __init__(self) -> None:
        self.root = _Header()
        self.headers = [_Header() for _ in range(SUDOKU_CONSTRAINTS)]
        last = self.root
        for header in self.headers:
            last.right, header.left = header, last
            last = header
        last.right, self.root.left = self.root, last
        self.rows: list[_Node] = []  #: the first node of each candidate row
        for candidate in range(SUDOKU_CANDIDATES):
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

    def first_cover(self, puzzle: np.ndarray) -> list[int] | None:
        """The candidate rows of the first solution of ``puzzle``, the givens'
        first, or None when it has none."""
        givens: list[_Node] = []
        taken: list[_Node] = []
        self.rows_tried = 0
        try:
            covered: set[int] = set()
            for cell, value in enumerate(np.asarray(puzzle).ravel().tolist()):
                if value:
                    first = self.rows[cell * SUDOKU_SIZE + int(value) - 1]
                    row = [first, first.right, first.right.right, first.left]
                    if any(id(node.header) in covered for node in row):
                        return None  # a clash: another given's row took this one out
                    givens.append(first)
                    for node in row:
                        covered.add(id(node.header))
                        _cover(node.header)
            cover = next(self._search(taken), None)
            return None if cover is None else [node.candidate for node in givens] + cover
        finally:
            _take_back(taken)
            _take_back(givens)

    def _search(self, taken: list[_Node]) -> Iterator[list[int]]:
        """Knuth's search as a loop; ``taken`` is his O_k."""
        root = self.root
        while True:
            c: Any = root.right  # the header list holds headers only
            best = c
            node: Any  # a row's node, or None to go back
            if c is root:
                yield [row.candidate for row in taken]
                node = None
            else:
                smallest = c.size  # the S heuristic, stopping at a size of 0 or 1
                while c is not root and smallest > 1:
                    if c.size < smallest:
                        best, smallest = c, c.size
                    c = c.right
                node = best.down if smallest else None
                if node is not None:
                    _cover(best)
            if node is None:  # back to the next row of the newest choice
                while taken:
                    node = taken.pop()
                    _leave(node)
                    node = node.down
                    if node is not node.header:
                        break
                    _uncover(node.header)
                else:
                    return
            self.rows_tried += 1
            taken.append(node)
            j = node.right
            while j is not node:
                _cover(j.header)
                j = j.right

    def __call__(self, puzzle: np.ndarray) -> tuple[list[int] | None, int]:
        cover = self.first_cover(puzzle)
        return None if cover is None else decode(cover), self.rows_tried


# ---------------------------------------------------------------------------
# The packages and the baseline
# ---------------------------------------------------------------------------


class ExactCoverSolver:
    """An adapter of ours around ``exact_cover.get_exact_cover``.

    The whole matrix is built once; each call picks the puzzle's open rows
    out of it (numpy: the *set-up*), hands them to the C extension (the *C
    call*, which includes the extension's own reading of the matrix) and
    decodes the cover.  ``parts`` gets the CPU seconds of the two for every
    call, in order.  Raises ``ImportError`` when the package is not installed.
    """

    def __init__(self) -> None:
        self.package = importlib.import_module("exact_cover")
        self.no_cover = importlib.import_module("exact_cover.error").NoSolution
        self.matrix = np.zeros((SUDOKU_CANDIDATES, SUDOKU_CONSTRAINTS), dtype=np.bool_)
        for candidate in range(SUDOKU_CANDIDATES):
            self.matrix[candidate, list(candidate_columns(candidate))] = True
        self.parts: list[tuple[float, float]] = []  #: (set-up, C call) in seconds, a pair per call

    def __call__(self, puzzle: np.ndarray) -> tuple[list[int] | None, int]:
        start = time.process_time()
        rows = open_candidates(puzzle)
        sub_matrix = self.matrix[rows]
        middle = time.process_time()
        try:
            cover = self.package.get_exact_cover(sub_matrix)
        except self.no_cover:
            cover = None
        self.parts.append((middle - start, time.process_time() - middle))
        return None if cover is None else decode(rows[cover]), 0


def module_from_file(name: str, path: Path) -> ModuleType:
    """The Python file ``path`` imported as a module called ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and typing look a module up while it loads
    spec.loader.exec_module(module)
    return module


def baseline(path: Path) -> Method:
    """The baseline's ``sudoku_solver`` in the file ``path``, as a method."""
    solver = module_from_file("baseline_dlx", path).sudoku_solver

    def method(puzzle: np.ndarray) -> tuple[list[int] | None, int]:
        answer = np.asarray(solver(puzzle))
        return None if np.all(answer == NO_SOLUTION) else answer.ravel().tolist(), 0

    return method


def alternatives() -> list[Alternative]:
    """Plain dancing links, exact-cover and the baseline, each with its method
    or the reason it is not available."""
    found = [Alternative(PLAIN, PlainDLX())]
    try:
        found.append(Alternative(EXACT_COVER, ExactCoverSolver()))
    except ImportError:
        found.append(Alternative(EXACT_COVER, unavailable="optional: exact-cover is not installed (the bench group)"))
    path = os.environ.get(BASELINE_ENV)
    if path and Path(path).is_file():
        found.append(Alternative(BASELINE, baseline(Path(path))))
    else:
        reason = f"{path} not found" if path else f"{BASELINE_ENV} is not set"
        found.append(
            Alternative(BASELINE, unavailable=f"optional: the coursework baseline is third-party code; {reason}")
        )
    return found
