"""The notebooks as the tools see them: their cells, the nbgrader solution
cell, and what their stored outputs show.

The experiment's notebook prints each table the report uses with
``listing.print_table``: a line ``[key] title``, a blank line and a markdown
table; a figure's cell prints ``[figure key] title`` before it draws.
``printed_tables`` and ``drawn_figures`` read them back from the outputs a
headless run stored.
"""

from __future__ import annotations

import base64
import itertools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.paths import NOTEBOOK, NOTEBOOKS

TITLE = re.compile(r"^\[(?P<key>[\w-]+)\] (?P<title>.+)$")  #: the line above a printed table
FIGURE = re.compile(r"^\[figure (?P<key>[\w-]+)\] (?P<title>.+)$")  #: a figure's cell prints it first
RULE = re.compile(r"^\|(\s*:?-+:?\s*\|)+$")  #: a markdown table's rule row
MACHINE = re.compile(r"^Run on (?P<machine>.+)$")  #: the line that says where the notebook ran


def cells(path: Path = NOTEBOOK) -> list[dict[str, Any]]:
    """The notebook's cells, each with its ``source`` as one string."""
    notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    return [{**cell, "source": "".join(cell["source"])} for cell in notebook["cells"]]


def cells_of(paths: Sequence[Path] = NOTEBOOKS) -> list[dict[str, Any]]:
    """The cells of each notebook of ``paths`` (``cells``), one notebook after another."""
    return [cell for path in paths for cell in cells(path)]


def is_solution_cell(cell: dict[str, Any]) -> bool:
    """Whether ``cell`` is nbgrader's solution cell, where ``sudoku_solver`` goes."""
    return bool(cell.get("metadata", {}).get("nbgrader", {}).get("solution"))


@dataclass(frozen=True)
class Table:
    """A printed table: its title, its header and its rows of cells, as text."""

    title: str
    header: list[str]
    rows: list[list[str]]


def split_row(line: str) -> list[str]:
    """The cells of one markdown table row."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def printed(cell: dict[str, Any]) -> list[str]:
    """The lines a cell's stored outputs printed, in order (its printing may be
    stored in several pieces, split anywhere), the tables that
    ``listing.print_table`` displayed among them."""
    texts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream" and output.get("name") == "stdout":
            texts.append("".join(output["text"]))
        elif output.get("output_type") == "display_data":
            shown = "".join(output.get("data", {}).get("text/plain", ""))
            if shown.startswith("["):  # a table that listing.print_table displayed: its text, as printed
                texts.append(shown + "\n")
    return "".join(texts).splitlines()


def printed_tables(paths: Sequence[Path] = NOTEBOOKS) -> dict[str, Table]:
    """Every table the notebooks' stored outputs print under a ``[key] title`` line, by key."""
    lines = [line for cell in cells_of(paths) for line in printed(cell)]
    found = {}
    for k, line in enumerate(lines):
        title = TITLE.match(line)
        if title and k + 3 < len(lines) and RULE.match(lines[k + 3].strip()):
            rows = [split_row(row) for row in itertools.takewhile(lambda row: row.startswith("|"), lines[k + 4 :])]
            found[title["key"]] = Table(title["title"], split_row(lines[k + 2]), rows)
    return found


def machine(paths: Sequence[Path] = NOTEBOOKS) -> str:
    """Where the experiment ran, as the notebooks' stored outputs say; ``LookupError`` when they do not."""
    for cell in cells_of(paths):
        for line in printed(cell):
            if match := MACHINE.match(line):
                return match["machine"]
    raise LookupError("no notebook prints a line 'Run on ...'")


def drawn_figures(paths: Sequence[Path] = NOTEBOOKS) -> dict[str, bytes]:
    """The PNG image of each cell of the notebooks that prints ``[figure key] title``, by key."""
    found = {}
    for cell in cells_of(paths):
        keys = [match["key"] for line in printed(cell) if (match := FIGURE.match(line))]
        images = [o["data"]["image/png"] for o in cell.get("outputs", []) if "image/png" in o.get("data", {})]
        if keys and images:
            found[keys[0]] = base64.b64decode("".join(images[0]))
    return found
