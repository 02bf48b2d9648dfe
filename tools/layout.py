"""Where the project keeps things: one home for the paths and names that the
tools and the tests share.

``../shared`` (next to the project folder) holds the assignment's material and
the benchmark collections; it is not committed, and whatever reads it says so
and carries on when it is absent.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  #: the project folder
NOTEBOOK = ROOT / "sudoku.ipynb"
DATA = ROOT / "data"  #: the project's puzzles, in the assignment's format
RESULTS = ROOT / "results"
SHARED = ROOT.parent / "shared"
ASSIGNMENT_DATA = SHARED / "assignment" / "data"  #: the assignment's 60 sample puzzles
BENCH = SHARED / "bench"  #: the benchmark collections
#: The assignment's difficulty categories, easiest first: ``data/<category>_puzzle.npy``.
CATEGORIES = ("very_easy", "easy", "medium", "hard")
