"""The notebook as the tools see it: its cells, its nbgrader solution cell,
and the tables its stored outputs print.

The notebook's experiment prints each of its tables as markdown under a
title line; ``printed_tables`` reads them back from the outputs a headless
run stored, for the report and the figures.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from helpers import BOUND_SIGN
from tools.paths import NOTEBOOK

#: a markdown table's rule row: cells of dashes, perhaps with colons
RULE = re.compile(r"^\|(\s*:?-+:?\s*\|)+$")


def cells(path: Path = NOTEBOOK) -> list[dict[str, Any]]:
    """The notebook's cells, each with its ``source`` as one string."""
    notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    return [{**cell, "source": "".join(cell["source"])} for cell in notebook["cells"]]


def is_solution_cell(cell: dict[str, Any]) -> bool:
    """Whether ``cell`` is nbgrader's solution cell, where ``sudoku_solver`` goes."""
    return bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution"))


@dataclass(frozen=True)
class Table:
    """A markdown table as printed: its header and rows of cells, as text."""

    header: list[str]
    rows: list[list[str]]


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
