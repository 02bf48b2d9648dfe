"""The notebook as the tools see it: its code, its ``sudoku_solver``, and the
tables its stored outputs print.

An nbgrader autograder runs the notebook's code cells in order, in the
notebook's folder, and then calls the functions they defined.
``load_notebook`` does the same without Jupyter, up to the nbgrader solution
cell that defines ``sudoku_solver`` (the evaluation after it is not needed to
get the function), and ``load_solver`` returns it.  No test or tool keeps a
copy of the function.

The notebook's experiment prints each of its tables as markdown under a
title line; ``printed_tables`` reads them back from the outputs a headless
run stored, for the report and the figures.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.paths import NOTEBOOK

#: a markdown table's rule row: cells of dashes, perhaps with colons
RULE = re.compile(r"^\|(\s*:?-+:?\s*\|)+$")


def cells(path: Path = NOTEBOOK) -> list[dict[str, Any]]:
    """The notebook's cells, each with its ``source`` as one string."""
    notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    return [{**cell, "source": "".join(cell["source"])} for cell in notebook["cells"]]


def code_cells(path: Path = NOTEBOOK) -> list[str]:
    """The source of every code cell, in order."""
    return [cell["source"] for cell in cells(path) if cell["cell_type"] == "code"]


def is_solution_cell(cell: dict[str, Any]) -> bool:
    """Whether ``cell`` is nbgrader's solution cell, where ``sudoku_solver`` goes."""
    return bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution"))


def load_notebook(path: Path = NOTEBOOK, through_solution_cell: bool = True) -> dict[str, Any]:
    """Run the notebook's code cells in one fresh namespace and return it: up
    to and including the solution cell, or all of them.

    The cells run in the notebook's folder with that folder first on
    ``sys.path`` (so ``from helpers import ...`` finds its module), their
    output swallowed.  Raises whatever a cell raises.
    """
    path = Path(path).resolve()
    folder = str(path.parent)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    previous = os.getcwd()
    sys.path.insert(0, folder)
    try:
        os.chdir(folder)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            for cell in cells(path):
                if cell["cell_type"] == "code":
                    exec(compile(cell["source"], str(path), "exec"), namespace)
                    if through_solution_cell and is_solution_cell(cell):
                        break
    finally:
        os.chdir(previous)
        sys.path.remove(folder)
    return namespace


def load_solver(path: Path = NOTEBOOK) -> Callable[[Any], Any]:
    """The notebook's ``sudoku_solver``, as the autograder would call it."""
    solver: Callable[[Any], Any] = load_notebook(path)["sudoku_solver"]
    return solver


@dataclass(frozen=True)
class Table:
    """A markdown table as printed: its header and rows of cells, as text."""

    header: list[str]
    rows: list[list[str]]

    def column(self, name: str) -> list[str]:
        """The cells of the column headed ``name``."""
        j = self.header.index(name)
        return [row[j] for row in self.rows]


BOUND_SIGN = "≥"  #: a printed number that starts with it is a lower bound: a search gave up at its budget


def printed_number(cell: str) -> tuple[float, bool]:
    """A number as the notebook prints it (``0.066``, ``2,260``, ``≥9.0``,
    ``+3%``) and whether it is a lower bound."""
    bound = cell.startswith(BOUND_SIGN)
    return float(cell[bound:].rstrip("%").replace(",", "")), bound  # BOUND_SIGN is one character


def split_row(line: str) -> list[str]:
    """The cells of one markdown table row."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def tables_in(text: str) -> dict[str, Table]:
    """Every markdown table in ``text`` that sits right under a title line, by title."""
    lines = text.splitlines()
    found = {}
    for k in range(1, len(lines) - 1):
        if lines[k].startswith("|") and RULE.match(lines[k + 1].strip()) and lines[k - 1].strip():
            end = k + 2
            while end < len(lines) and lines[end].startswith("|"):
                end += 1
            found[lines[k - 1].strip()] = Table(split_row(lines[k]), [split_row(line) for line in lines[k + 2 : end]])
    return found


def stdout_lines(path: Path = NOTEBOOK) -> list[str]:
    """Every line the notebook's stored outputs printed, in order."""
    lines = []
    for cell in cells(path):
        # one cell's printing may be stored in several pieces, split anywhere
        printed = (o for o in cell.get("outputs", []) if o.get("output_type") == "stream" and o.get("name") == "stdout")
        lines += "".join("".join(output["text"]) for output in printed).splitlines()
    return lines


def printed_tables(path: Path = NOTEBOOK) -> dict[str, Table]:
    """Every titled markdown table the notebook's stored outputs print, by title."""
    return tables_in("\n".join(stdout_lines(path)))
