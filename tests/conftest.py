"""Shared test set-up: the repo root on sys.path, where the assignment's
material lives, and the notebook's ``sudoku_solver`` taken as the autograder
takes it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
ASSIGNMENT_DATA = SHARED / "assignment" / "data"
CATEGORIES = ("very_easy", "easy", "medium", "hard")

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session")
def sudoku_solver():
    """The notebook's ``sudoku_solver``, from running its code cells in order."""
    from tools.notebook_code import load_solver

    return load_solver()
