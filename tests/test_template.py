"""The notebook keeps every cell the assignment provides (the autograder relies
on them), and the check that says so can say no."""

from __future__ import annotations

import copy
import hashlib
import json

import numpy as np
import pytest

from conftest import DATA, NOTEBOOK, sha256, stated_sha256
from tools.handin import template as check_template
from tools.handin.notebook import is_solution_cell
from tools.handin.template import TEMPLATE, problems, provided_cells, source

PROVIDED = provided_cells()
#: the three nbgrader cells of the template, as the unit's notes list them
GRADE_IDS = {
    "solution": "cell-f383ea85fd8814d3",
    "submission check": "cell-a63a4d748ed51f34",
    "test cell": "cell-fe8038dbd05ddef7",
}


@pytest.fixture
def notebook() -> dict:
    """A fresh parsed copy of the project's notebook, free to break."""
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))


def test_the_command_finds_the_notebooks_provided_cells_intact():
    assert check_template.main([]) == 0


def test_the_template_is_the_committed_copy_stated_in_its_readme():
    assert stated_sha256(TEMPLATE.parent / "README.md") == {TEMPLATE.name: sha256(TEMPLATE)}


def nbgrader_checksum(cell: dict) -> str:
    """The checksum nbgrader stores in an nbgrader cell's metadata: md5 of its
    text, type, grade/solution/locked flags, grade_id and (grade cells) points.
    It lets the locked cells be checked against the instructors' own record."""
    fields = cell["metadata"]["nbgrader"]
    grade, solution = bool(fields.get("grade")), bool(fields.get("solution"))
    locked = not solution and (grade or bool(fields.get("locked")))
    digest = hashlib.md5()
    for part in (source(cell), cell["cell_type"], str(grade), str(solution), str(locked), fields["grade_id"]):
        digest.update(part.encode("utf-8"))
    if grade:
        digest.update(str(float(fields["points"])).encode("utf-8"))
    return digest.hexdigest()


@pytest.mark.parametrize("grader_cell", sorted(GRADE_IDS))
def test_the_templates_cells_carry_nbgrader_checksums_of_their_own_text(grader_cell):
    """nbgrader stored a checksum of each cell's text when the unit released
    the template: the committed text reproduces it, so it is the handed-out text.
    (The notebook's locked cells then match the instructors' checksums too: the
    check holds their text and metadata, checksum included, to the template's.)"""
    cell = next(c for c in PROVIDED if check_template.grade_id(c) == GRADE_IDS[grader_cell])
    assert nbgrader_checksum(cell) == cell["metadata"]["nbgrader"]["checksum"]


def cell_index(cells: list, start: str) -> int:
    """The position of the first cell whose text starts with ``start``."""
    return next(i for i, cell in enumerate(cells) if check_template.source(cell).startswith(start))


def code_cell(text: str) -> dict:
    return {"cell_type": "code", "metadata": {}, "source": text}


@pytest.mark.parametrize(
    "edit, message",
    [
        (
            lambda cells: cells[cell_index(cells, "## Part One")].update(source="## Part One, edited"),
            "provided markdown cell 2 ('## Part One') is missing, changed or out of order",
        ),
        (lambda cells: cells.insert(len(cells) - 2, cells.pop()), "out of order"),
        (lambda cells: cells[-1]["metadata"]["nbgrader"].update(points=50), "has other metadata"),
        (
            lambda cells: cells.insert(0, copy.deepcopy(cells[-1])),
            f"the nbgrader cell {GRADE_IDS['test cell']} occurs 2 times",
        ),
        (
            lambda cells: next(c for c in cells if is_solution_cell(c)).update(
                source="def solve(sudoku):\n    return sudoku\n"
            ),
            "the solution cell, does not define sudoku_solver",
        ),
        (
            lambda cells: cells.insert(2, code_cell("SKIP_TESTS = False\n")),
            "sets SKIP_TESTS to something other than True",
        ),
        (
            lambda cells: cells.insert(cell_index(cells, check_template.CODE_ABOVE) + 1, code_cell("x = 1\n")),
            f"code cell 'x = 1' sits below {check_template.CODE_ABOVE!r}",
        ),
    ],
    ids=[
        "a changed provided cell",
        "provided cells out of order",
        "changed grader metadata",
        "a duplicated grader cell",
        "a solution cell without sudoku_solver",
        "SKIP_TESTS set false",
        "code below the code-above cell",
    ],
)
def test_each_broken_rule_is_reported_once(notebook, edit, message):
    edit(notebook["cells"])
    [problem] = problems(notebook, PROVIDED)
    assert message in problem


def test_solution_cell_works_on_its_own(notebook):
    """A grader that runs only the solution cell still gets a working solver."""
    from helpers import is_valid_solution

    solution = next(c for c in notebook["cells"] if is_solution_cell(c))
    namespace: dict = {}
    exec(check_template.source(solution), namespace)
    puzzle = np.load(DATA / "very_easy_puzzle.npy")[0]
    assert is_valid_solution(puzzle, namespace["sudoku_solver"](puzzle))
