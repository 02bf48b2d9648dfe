"""Other sudoku solvers, as methods of ``experiment.time_methods``: a puzzle in,
``(solution or None, rows tried)`` out (0 rows where a solver does not say).
They are plain dancing links (``tools.puzzles.algorithm_x.PlainAlgorithmX``:
Knuth's Algorithm X alone, with his S heuristic exactly, on the solver's
dancing links without its propagation and restarts), the PyPI package
``exact-cover`` (a C extension) behind an adapter of ours
(``ExactCoverSolver``, on the solver's encoding of the matrix), and the coursework
baseline (``baseline``): the dancing-links ``sudoku_solver`` of
JSH4a/Sudoku-Solver, third-party code never committed, read from the path the
environment variable ``BASELINE_ENV`` names.
"""

from __future__ import annotations

import importlib
import os
import runpy
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from experiment import Method
from helpers import (
    NO_SOLUTION,
    SUDOKU_BOX,
    SUDOKU_CANDIDATES,
    SUDOKU_CONSTRAINTS,
    SUDOKU_SIZE,
    decode_row,
    exact_cover_rows,
)
from tools.puzzles.algorithm_x import PlainAlgorithmX

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
# The packages and the baseline
# ---------------------------------------------------------------------------


def open_candidates(puzzle: np.ndarray) -> np.ndarray:
    """The candidate rows a cover of ``puzzle`` may use, in order: all nine
    digits of a blank, only the given digit of a given."""
    cells = np.asarray(puzzle).astype(np.int64).ravel()
    given = cells != 0
    blank_rows = (np.flatnonzero(~given)[:, None] * SUDOKU_SIZE + np.arange(SUDOKU_SIZE)).ravel()
    given_rows = np.flatnonzero(given) * SUDOKU_SIZE + cells[given] - 1
    return np.sort(np.concatenate([blank_rows, given_rows]))


class ExactCoverSolver:
    """An adapter of ours around ``exact_cover.get_exact_cover``.

    The whole matrix is built when the adapter is made; each call picks the
    puzzle's open rows out of it (numpy: the *set-up*), hands them to the C
    extension (the *C call*, which includes the extension's own reading of
    the matrix) and decodes the cover.  ``split_ms`` says how its time split
    between the two.  Raises ``ImportError`` when the package is not installed.
    """

    def __init__(self) -> None:
        self.package = importlib.import_module("exact_cover")
        self.no_cover = importlib.import_module("exact_cover.error").NoSolution
        self.matrix = np.zeros((SUDOKU_CANDIDATES, SUDOKU_CONSTRAINTS), dtype=np.bool_)
        for candidate, columns in enumerate(exact_cover_rows(SUDOKU_BOX)):
            self.matrix[candidate, list(columns)] = True
        self.parts: list[tuple[float, float]] = []  #: (set-up, C call) in seconds, a pair per call, in order

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
        if cover is None:
            return None, 0  # it counts no nodes
        return [decode_row(int(row), SUDOKU_SIZE)[1] for row in np.sort(rows[cover])], 0  # a row a cell, in order

    def split_ms(self, calls: int) -> dict[str, float]:
        """The mean CPU ms of its last ``calls`` calls spent in the set-up and in the C call."""
        setup, c_call = np.array(self.parts[-calls:]).mean(axis=0) * 1000
        return {"setup_ms": float(setup), "c_call_ms": float(c_call)}


def baseline(path: Path) -> Method:
    """The baseline's ``sudoku_solver`` in the file ``path``, as a method."""
    solver = runpy.run_path(str(path))["sudoku_solver"]

    def method(puzzle: np.ndarray) -> tuple[list[int] | None, int]:
        answer = np.asarray(solver(puzzle))
        return None if np.all(answer == NO_SOLUTION) else answer.ravel().tolist(), 0  # it counts no nodes

    return method


def alternatives() -> list[Alternative]:
    """Plain dancing links, exact-cover and the baseline, each with its method
    or the reason it is not available."""
    plain = PlainAlgorithmX()
    found = [Alternative(PLAIN, plain)]
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
