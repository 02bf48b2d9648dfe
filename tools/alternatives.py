"""Other sudoku solvers for ``tools/benchmark.py`` to measure ours against.

Each alternative is a ``Solver``: a function with the assignment's contract,
taking a 9 x 9 puzzle (0 = blank) and returning a 9 x 9 array, all -1 when
there is no solution.

``baseline``
    ``../shared/bench/baseline_dlx.py``, a straightforward dancing-links
    ``sudoku_solver``, imported from its path.
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
have to do, and the benchmark times the whole call.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from helpers import NO_SOLUTION
from helpers import SUDOKU_BOX as BOX
from helpers import SUDOKU_CANDIDATES as CANDIDATES
from helpers import SUDOKU_CONSTRAINTS as CONSTRAINTS
from helpers import SUDOKU_SIZE as SIZE

Solver = Callable[[np.ndarray], np.ndarray]

CELLS = SIZE * SIZE  #: 81
ALTERNATIVE_NAMES = ("baseline", "exact-cover", "dlx")


@dataclass(frozen=True)
class Alternative:
    """A solver to compare with ours, or the reason it is not available."""

    name: str
    description: str
    solver: Solver | None = None
    unavailable: str | None = None  #: why ``solver`` is None


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
# The alternatives
# ---------------------------------------------------------------------------


def load_baseline(path: Path) -> Solver:
    """The ``sudoku_solver`` defined by the Python file at ``path``."""
    spec = importlib.util.spec_from_file_location("baseline_dlx", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.sudoku_solver


def exact_cover_solver() -> Solver:
    """An adapter of ours around ``exact_cover.get_exact_cover``.

    The full matrix is built once; each call picks the puzzle's open rows out
    of it, hands them to the C search and maps the rows of the cover back.
    Raises ``ImportError`` when the package is not installed.
    """
    exact_cover = importlib.import_module("exact_cover")
    no_cover = importlib.import_module("exact_cover.error").NoSolution
    matrix = full_matrix()

    def solve(puzzle: np.ndarray) -> np.ndarray:
        rows = open_candidates(puzzle)
        try:
            cover = exact_cover.get_exact_cover(matrix[rows])
        except no_cover:
            return no_solution()
        return decode(rows[cover])

    return solve


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


def alternatives(baseline_path: Path) -> list[Alternative]:
    """The alternatives of ``ALTERNATIVE_NAMES``, in that order, each with its
    solver or the reason it is not available."""
    makers = {
        "baseline": ("dancing links, matrix rebuilt every call", lambda: load_baseline(baseline_path)),
        "exact-cover": ("PyPI exact-cover, a C extension", exact_cover_solver),
        "dlx": ("PyPI dlx, pure Python", dlx_solver),
    }
    found = []
    for name in ALTERNATIVE_NAMES:
        description, make = makers[name]
        try:
            found.append(Alternative(name, description, make()))
        except FileNotFoundError:
            found.append(Alternative(name, description, unavailable=f"{baseline_path} not found"))
        except ImportError:
            reason = "not installed (pip install -r requirements-bench.txt)"
            found.append(Alternative(name, description, unavailable=reason))
    return found
