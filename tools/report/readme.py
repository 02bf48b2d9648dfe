"""Fill the report's tables, quoted numbers and data figures from the notebook's run.

The prose is ``readme.md``'s own; this tool only puts the run's values in it,
each found by a key that a comment beside it names (the hand-in's copy of the
readme leaves the comments out, ``tools.handin.make``):

- ``<!-- table KEY -->`` on the line above a markdown table: the table the
  notebook printed under ``[KEY] title`` (``listing.print_table``), whole;
- ``NUMBER<!-- KEY / ROW / COLUMN -->``: the number in that printed table's
  cell, the row named by its first cell and the column by its header;
- ```TEXT`<!-- machine -->``: where the notebook ran, as it printed it;
- ``images/KEY.png``: the figure the notebook drew in the cell that printed
  ``[figure KEY] title``.

A key, row, column or number that is not there is an error.  A figure the
readme shows is copied from the notebook where the notebook drew it; one it
did not draw is left as it is (a test holds the readme's two data figures to
the notebook's).  What a sentence
claims of the numbers (a sign, an order) is checked by ``tests/test_readme.py``
over the same keys.  ``--check`` only compares, exiting 1 on any difference.

Usage: ``python -m tools.report.readme [--check]``
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from listing import markdown_table
from tools.handin.notebook import Table, drawn_figures, machine, printed_tables
from tools.paths import ROOT

README = ROOT / "readme.md"
IMAGES = ROOT / "images"
NUMBER = re.compile(r"(?:[≥<]\s?)?[-+]?\d[\d,]*(?:\.\d+)?%?")  #: a number as the notebook prints it
TABLE = re.compile(r"^<!-- table (?P<key>[\w-]+) -->\n(?P<table>(?:\|.*\n)*)", re.MULTILINE)
QUOTE = re.compile(rf"(?P<number>{NUMBER.pattern})<!-- (?P<key>[^>]*?) -->")
MACHINE = re.compile(r"`(?P<text>[^`]*)`<!-- machine -->")
FIGURE = re.compile(r"\(images/(?P<key>[\w-]+)\.png\)")


class Missing(LookupError):
    """A key, row, column or number that the notebook's run does not hold."""


def value(tables: dict[str, Table], key: str) -> str:
    """The number a quote's ``KEY / ROW / COLUMN`` names."""
    parts = [part.strip() for part in key.split("/")]
    if len(parts) != 3 or parts[0] not in tables:
        raise Missing(f"no printed table for the quote key {key!r}")
    table, row_name, column = tables[parts[0]], parts[1], parts[2]
    rows = [row for row in table.rows if row[0] == row_name]
    columns = [j for j, name in enumerate(table.header) if name == column]
    if len(rows) != 1 or len(columns) != 1:
        raise Missing(f"{key!r}: table {parts[0]!r} has {len(rows)} such rows and {len(columns)} such columns")
    numbers = NUMBER.findall(rows[0][columns[0]])
    if len(numbers) != 1:
        raise Missing(f"{key!r}: the cell holds {len(numbers)} numbers, not one")
    return numbers[0]


def fill(text: str, tables: dict[str, Table], ran_on: str) -> str:
    """``text`` (the readme) with every keyed table, number and machine filled in; ``Missing`` for a bad key."""

    def table(match: re.Match[str]) -> str:
        if match["key"] not in tables:
            raise Missing(f"no printed table {match['key']!r}")
        found = tables[match["key"]]
        return f"<!-- table {match['key']} -->\n{markdown_table(found.header, found.rows)}\n"

    text = TABLE.sub(table, text)
    text = QUOTE.sub(lambda match: f"{value(tables, match['key'])}<!-- {match['key']} -->", text)
    return MACHINE.sub(f"`{ran_on}`<!-- machine -->", text)


def figures(text: str, drawn: dict[str, bytes], images: Path = IMAGES) -> dict[Path, bytes]:
    """The data figures ``text`` shows that the notebook drew, by the file each is shown from."""
    wanted = {match["key"] for match in FIGURE.finditer(text)} & set(drawn)
    return {images / f"{key}.png": drawn[key] for key in sorted(wanted)}


def main(argv: Sequence[str] | None = None) -> int:
    """Fill readme.md and write its data figures, or with ``--check`` say what differs."""
    parser = argparse.ArgumentParser(prog="python -m tools.report.readme", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 when anything differs")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    try:
        filled = fill(text, printed_tables(), machine())
    except (Missing, LookupError) as error:
        print(f"readme: {error}", file=sys.stderr)
        return 1
    outputs = {README: filled.encode("utf-8"), **figures(filled, drawn_figures())}
    stale = [path for path, data in outputs.items() if not path.exists() or path.read_bytes() != data]
    if args.check:
        for path in stale:
            print(f"readme: {path.relative_to(ROOT)} is not what the notebook's run gives", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.write_bytes(outputs[path])
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
