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
    exact_cover_rows,
)
from tools.puzzles.algorithm_x import PlainAlgorithmX, filled

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


class ExactCoverSolver:
    """An adapter of ours around ``exact_cover.get_exact_cover``.

    The whole matrix is built when the adapter is made; each call finds the
    part of it that the puzzle's givens leave open, as plain dancing links do
    (``PlainAlgorithmX.open_part``), and picks it out with numpy (together the
    *set-up*), hands that part to the C extension (the *C call*, which
    includes the extension's own reading of the matrix) and decodes the
    cover.  ``split_ms`` says how its time split between the two.  Raises
    ``ImportError`` when the package is not installed.
    """

    def __init__(self) -> None:
        self.package = importlib.import_module("exact_cover")
        self.no_cover = importlib.import_module("exact_cover.error").NoSolution
        self.plain = PlainAlgorithmX()  #: for its ``open_part``; its own matrix is not searched
        self.matrix = np.zeros((SUDOKU_CANDIDATES, SUDOKU_CONSTRAINTS), dtype=np.bool_)
        for candidate, columns in enumerate(exact_cover_rows(SUDOKU_BOX)):
            self.matrix[candidate, list(columns)] = True
        self.parts: list[tuple[float, float]] = []  #: (set-up, C call) in seconds, a pair per call, in order

    def __call__(self, puzzle: np.ndarray) -> tuple[list[int] | None, int]:
        start = time.process_time()
        opened = self.plain.open_part(puzzle)
        if opened is None or not opened[1].columns:  # the givens clash, or fill the grid: nothing to cover
            self.parts.append((time.process_time() - start, 0.0))
            return (None if opened is None else opened[0]), 0
        cells, part = opened
        sub_matrix = self.matrix[np.ix_(np.array(part.rows), np.array(part.columns))]
        middle = time.process_time()
        try:
            cover = self.package.get_exact_cover(sub_matrix)
        except self.no_cover:
            cover = None
        self.parts.append((middle - start, time.process_time() - middle))
        return (None if cover is None else filled(cells, [part.rows[i] for i in cover])), 0  # it counts no nodes

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
