"""Shared test set-up: the project's layout, the assignment's contract as the
tests state it, puzzles several files use, and the notebook's ``sudoku_solver``
taken as the autograder takes it.

pytest puts the project folder on sys.path (``pythonpath`` in pyproject.toml),
so tests import ``helpers`` and ``tools.*`` as the notebook and tools do.
"""

from __future__ import annotations

import numpy as np
import pytest

from tools.layout import ASSIGNMENT_DATA, BENCH, CATEGORIES, DATA, NOTEBOOK, ROOT, SHARED  # noqa: F401 (for the tests)

#: Every cell of the answer to a puzzle without a solution.  The assignment
#: says so; the tests state it here rather than take it from the code under test.
NO_SOLUTION = -1

# Arto Inkala's "Everest" (2012), which reaches the search, and its unique solution.
EVEREST = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
EVEREST_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
# Every given consistent, every blank with a candidate, and no solution.
CONSISTENT_NO_SOLUTION = "400030000000600800000000007000050090080000600070200000000102700503000040900000000"


def parse(text: str) -> np.ndarray:
    """A square grid from one line of text: '.' or '0' for a blank, then 1-9."""
    values = [0 if ch in ".0" else int(ch) for ch in text.strip()]
    side = int(round(len(values) ** 0.5))
    return np.array(values, dtype=np.int64).reshape(side, side)


@pytest.fixture(scope="session")
def sudoku_solver():
    """The notebook's ``sudoku_solver``, from running its code cells in order."""
    from tools.notebook_code import load_solver

    return load_solver()
