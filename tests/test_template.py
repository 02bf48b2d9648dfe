"""The notebook keeps every cell the assignment provides (the autograder relies on them)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT, SHARED

CHECK_TEMPLATE = SHARED / "tools" / "check_template.py"
NOTEBOOK = ROOT / "sudoku.ipynb"


@pytest.mark.skipif(not CHECK_TEMPLATE.exists(), reason="../shared/tools/check_template.py is absent")
def test_notebook_keeps_every_provided_cell():
    result = subprocess.run(
        [sys.executable, str(CHECK_TEMPLATE), str(NOTEBOOK)], capture_output=True, text=True, cwd=ROOT
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_solution_cell_works_on_its_own():
    """A grader that runs only the solution cell still gets a working solver."""
    import numpy as np

    from helpers import is_valid_solution

    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    solution = next(c for c in cells if c["metadata"].get("nbgrader", {}).get("solution"))
    namespace: dict = {}
    exec("".join(solution["source"]), namespace)
    puzzle = np.load(ROOT / "data" / "very_easy_puzzle.npy")[0]
    assert is_valid_solution(puzzle, namespace["sudoku_solver"](puzzle))
