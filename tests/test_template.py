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


def test_solution_cell_holds_the_solver_and_no_stub():
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    solution = [c for c in cells if c["metadata"].get("nbgrader", {}).get("solution")]
    assert len(solution) == 1
    source = "".join(solution[0]["source"])
    assert "def sudoku_solver(sudoku):" in source
    assert "NotImplementedError" not in source


def test_outputs_were_saved_from_a_top_to_bottom_run():
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    counts = [c["execution_count"] for c in cells if c["cell_type"] == "code"]
    assert counts == list(range(1, len(counts) + 1))


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
