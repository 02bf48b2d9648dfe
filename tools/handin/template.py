"""Check that ``sudoku.ipynb`` keeps every cell the assignment's template provides.

The autograder relies on those cells: nbgrader finds the solution cell, the
locked submission check and the 100-point test cell by their ``grade_id``,
restores the hidden tests into the test cell, and may overwrite locked cells
it finds changed.  The template as handed out is committed beside this module
(``sudoku_template.ipynb``; its source in ``tools/handin/README.md``).

Rules, each reported on a line of its own:
  * every provided cell is present, in the template's order, with its cell
    type, its text and its metadata (``deletable``, ``editable`` and the
    nbgrader fields); the solution cell is found by its ``grade_id``, and
    only its text and checksum may change (the student's code goes there);
  * every nbgrader ``grade_id`` occurs once ("do not duplicate cells");
  * the solution cell defines ``sudoku_solver`` at its top level;
  * no code cell sets ``SKIP_TESTS`` to anything but True;
  * no code of the submission's own sits below the "All of your code must go
    above this cell" markdown cell.

Usage: ``python -m tools.handin.template`` checks the project's notebook,
prints the problems or that all cells are intact, and exits 1 when there is
a problem.

Standard library only.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from tools.handin.notebook import is_solution_cell
from tools.paths import NOTEBOOK

TEMPLATE = Path(__file__).resolve().parent / "sudoku_template.ipynb"  #: the template as handed out
#: the first words of the markdown cell below which no code of the submission's may sit
CODE_ABOVE = "All of your code must go above this cell"
#: metadata fields the autograder reads; anything else (tags, collapsed, ...) is free
GRADER_FIELDS = ("deletable", "editable", "nbgrader")
LABEL_LENGTH = 60  #: characters of a cell's first line that name it in a message


def source(cell: dict) -> str:
    """A cell's text (the notebook format may store it as a list of lines)."""
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def label(cell: dict) -> str:
    """A cell's first non-blank line, cut short: how messages name it."""
    lines = source(cell).strip().splitlines()
    return repr(lines[0][:LABEL_LENGTH]) if lines else "(an empty cell)"


def grade_id(cell: dict) -> str | None:
    return cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def grader_metadata(cell: dict, solution: bool = False) -> dict:
    """The metadata the autograder reads; for the solution cell without its
    checksum, which nbgrader computes from the student's code."""
    metadata = cell.get("metadata", {})
    kept = {name: metadata[name] for name in GRADER_FIELDS if name in metadata}
    if solution and "nbgrader" in kept:
        kept["nbgrader"] = {k: v for k, v in kept["nbgrader"].items() if k != "checksum"}
    return kept


def provided_cells(path: Path = TEMPLATE) -> list[dict]:
    """The template's cells: type, text and metadata of each."""
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def find(provided: dict, cells: Sequence[dict], start: int) -> int | None:
    """The position, from ``start`` on, of the cell that is ``provided``:
    the solution cell by its grade_id, any other by its type and text."""
    for index in range(start, len(cells)):
        cell = cells[index]
        if is_solution_cell(provided):
            if grade_id(cell) == grade_id(provided):
                return index
        elif cell.get("cell_type") == provided["cell_type"] and source(cell) == source(provided):
            return index
    return None


def defines_sudoku_solver(cell: dict) -> bool:
    try:
        tree = ast.parse(source(cell))
    except SyntaxError:
        return False
    return any(isinstance(node, ast.FunctionDef) and node.name == "sudoku_solver" for node in tree.body)


def sets_skip_tests_to_other_than_true(cell: dict) -> bool:
    try:
        tree = ast.parse(source(cell))
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            named = any(isinstance(t, ast.Name) and t.id == "SKIP_TESTS" for t in targets)
            true = isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and node.value.value is True
            if named and not true:
                return True
    return False


def problems(notebook: dict, provided: Sequence[dict]) -> list[str]:
    """Everything in ``notebook`` (a parsed .ipynb) that breaks a rule of the
    module docstring, one message each; empty when the notebook is fine."""
    cells = notebook.get("cells", [])
    found: list[str] = []
    position, code_above_at = 0, None
    for number, cell in enumerate(provided):
        name = f"provided {cell['cell_type']} cell {number} ({label(cell)})"
        index = find(cell, cells, position)
        if index is None:
            found.append(f"{name} is missing, changed or out of order")
            continue
        solution = is_solution_cell(cell)
        ours, theirs = grader_metadata(cells[index], solution), grader_metadata(cell, solution)
        if ours != theirs:
            found.append(f"{name} has other metadata: {ours} instead of {theirs}")
        if solution and not defines_sudoku_solver(cells[index]):
            found.append(f"{name}, the solution cell, does not define sudoku_solver")
        if source(cell).startswith(CODE_ABOVE):
            code_above_at = index
        position = index + 1
    for identifier, count in sorted(Counter(filter(None, map(grade_id, cells))).items()):
        if count > 1:
            found.append(f"the nbgrader cell {identifier} occurs {count} times; the autograder needs it once")
    for cell in cells:
        if cell.get("cell_type") == "code" and sets_skip_tests_to_other_than_true(cell):
            found.append(f"code cell {label(cell)} sets SKIP_TESTS to something other than True")
    if code_above_at is not None:
        texts = {source(cell) for cell in provided}
        for cell in cells[code_above_at + 1 :]:
            if cell.get("cell_type") == "code" and source(cell) not in texts:
                found.append(f"code cell {label(cell)} sits below {CODE_ABOVE!r}")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    provided = provided_cells()
    found = problems(json.loads(NOTEBOOK.read_text(encoding="utf-8")), provided)
    for problem in found:
        print(problem)
    if not found:
        print(f"{NOTEBOOK.name}: all {len(provided)} provided cells intact")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
