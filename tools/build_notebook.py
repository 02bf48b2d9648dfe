"""Assemble ``sudoku.ipynb`` from the assignment's template and our own cells.

The assignment's nine cells are copied verbatim, metadata and all, from
``../shared/assignment/sudoku_template.ipynb``; only the source of the nbgrader
solution cell is replaced by our ``sudoku_solver``.  Our cells go between the
template's cells, all above "All of your code must go above this cell".  The
cells' text lives in ``tools/notebook_cells.py``.

Usage: ``python tools/build_notebook.py [--template PATH] [--out PATH]``, then
save the outputs from a headless run::

    jupyter nbconvert --to notebook --execute --inplace \\
        --ExecutePreprocessor.record_timing=False sudoku.ipynb
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.notebook_cells import AFTER_PART_ONE, AFTER_SOLVER, SOLUTION_CELL  # noqa: E402

TEMPLATE = ROOT.parent / "shared" / "assignment" / "sudoku_template.ipynb"
SOLUTION_GRADE_ID = "cell-f383ea85fd8814d3"
PART_ONE_HEADING = "## Part One"


def lines(text: str) -> list[str]:
    """Notebook JSON stores source as a list of lines, each but the last with its newline."""
    return text.strip("\n").splitlines(keepends=True)


def new_cell(kind: str, text: str) -> dict:
    """A fresh markdown or code cell holding ``text``."""
    cell = {"cell_type": kind, "metadata": {}, "source": lines(text)}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def cells_of(pairs: list[tuple[str, str]]) -> list[dict]:
    """Cells from ``(kind, text)`` pairs."""
    return [new_cell(kind, text) for kind, text in pairs]


def text_of(cell: dict) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else source


def build(template: dict) -> dict:
    """The submission notebook: the template's cells with ours woven in."""
    notebook = copy.deepcopy(template)
    cells = []
    for cell in notebook["cells"]:
        grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
        if grade_id == SOLUTION_GRADE_ID:
            cell["source"] = lines(SOLUTION_CELL)
            cells.append(cell)
            cells.extend(cells_of(AFTER_SOLVER))
            continue
        cells.append(cell)
        if cell["cell_type"] == "markdown" and text_of(cell).startswith(PART_ONE_HEADING):
            cells.extend(cells_of(AFTER_PART_ONE))
    notebook["cells"] = cells
    return notebook


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--template", type=Path, default=TEMPLATE, help="the assignment's notebook (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=ROOT / "sudoku.ipynb", help="where to write (default: %(default)s)")
    args = parser.parse_args(argv)
    if not args.template.is_file():
        parser.error(f"template not found: {args.template}")
    template = json.loads(args.template.read_text(encoding="utf-8"))
    notebook = build(template)
    args.out.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
