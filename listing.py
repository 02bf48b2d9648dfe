"""How the notebooks show code and tables: ``show`` displays functions,
methods or classes as their file has them, docstrings included, and
``print_table`` a table under ``[key] title``, each rendered from its Markdown
in a notebook and printed elsewhere.

The standard library only: beside ``helpers.py``, this is the one module
``sudoku.ipynb`` needs.  ``report.py`` prints the experiment's tables with
``print_table``.
"""

from __future__ import annotations

import builtins
import inspect
import os
from collections.abc import Iterable, Sequence


def source_of(*objects: object) -> str:
    """The source of functions, methods or classes as their file has it, as one
    block of Python.  A method (or a class inside a class)
    is dedented and headed by a comment naming its class and file, so that it
    reads as a member of a class defined elsewhere rather than as a new class."""
    blocks = []
    for obj in objects:
        text = inspect.getsource(obj).rstrip()  # type: ignore[arg-type]
        qualname = obj.__qualname__  # type: ignore[attr-defined]
        if "." in qualname:
            indent = text[: len(text) - len(text.lstrip())]
            lines = (line[len(indent) :] if line.startswith(indent) else line for line in text.splitlines())
            file = os.path.basename(inspect.getsourcefile(obj) or "?")  # type: ignore[arg-type]
            text = f"# {qualname}, in {file}\n" + "\n".join(lines)
        blocks.append(text)
    return "\n\n".join(blocks)


class Code:
    """Code as a notebook shows it: highlighted, from its Markdown, where the
    front end renders Markdown, and as its text wherever else."""

    def __init__(self, markdown: str) -> None:
        self.markdown = markdown

    def __repr__(self) -> str:
        return self.markdown

    def _repr_markdown_(self) -> str:
        return self.markdown


def display_or_print(shown: Code | Table) -> None:
    """``shown`` through IPython's ``display`` in a notebook (IPython puts it
    among the builtins), which renders its Markdown; elsewhere printed as its text."""
    display = getattr(builtins, "display", None)
    if display is None:
        print(shown, end="\n\n")  # a blank line after each, as a notebook spaces them
    else:
        display(shown)


def show(*objects: object) -> None:
    """Show functions, methods or classes (``source_of``), highlighted as Python
    in a notebook, printed elsewhere (``display_or_print``)."""
    display_or_print(Code(f"```python\n{source_of(*objects)}\n```"))


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A markdown table whose columns also line up as plain text: columns of
    numbers flush right (a "-" for none among them), the others flush left."""
    cells = [[str(cell) for cell in header]] + [[str(cell) for cell in row] for row in rows]
    widths = [max(3, *(len(row[j]) for row in cells)) for j in range(len(header))]
    numeric = [
        all(row[j] == "-" or row[j].rstrip("%x")[-1:].isdigit() for row in cells[1:]) for j in range(len(header))
    ]

    def line(row: list[str]) -> str:
        return "| " + " | ".join(c.rjust(w) if n else c.ljust(w) for c, w, n in zip(row, widths, numeric)) + " |"

    rule = "| " + " | ".join("-" * (w - 1) + ":" if n else "-" * w for w, n in zip(widths, numeric)) + " |"
    return "\n".join([line(cells[0]), rule, *(line(row) for row in cells[1:])])


class Table:
    """A printed table as a notebook shows it: rendered from its Markdown
    where the front end renders Markdown (Jupyter, nbconvert's HTML), and as
    its text (``repr``) wherever else it is stored or read."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        title, _, table = self.text.partition("\n\n")
        return f"**{title}**\n\n{table}"


def print_table(key: str, title: str, header: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """Print a table as the report takes it: ``[key] title``, a blank line,
    then ``markdown_table(header, rows)``; in a notebook it shows as a
    ``Table`` (``display_or_print``).  The report finds a table by its ``key``
    and a number in it by the names of its row and column."""
    display_or_print(Table(f"[{key}] {title}\n\n{markdown_table(header, rows)}"))
