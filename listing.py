"""How the notebooks show code: ``show`` displays functions, methods or
classes as their file has them, without their docstrings, highlighted as
Python in a notebook and printed elsewhere.

The standard library only: beside ``helpers.py``, this is the one module
``sudoku.ipynb`` needs.  ``report.py`` displays its tables through
``display_or_print`` too.
"""

from __future__ import annotations

import builtins
import inspect
import re


def source_of(*objects: object) -> str:
    """The source of functions, methods or classes as their file has it, without
    docstrings, as one block of Python; methods under the name of their class."""
    blocks, owner = [], None
    for obj in objects:
        text = re.sub(r'\n\s*"""[\s\S]*?"""', "", inspect.getsource(obj)).rstrip()  # type: ignore[arg-type]
        cls = obj.__qualname__.rpartition(".")[0]  # type: ignore[attr-defined]
        if cls and cls != owner:
            text = f"class {cls}:\n{text}"
        owner = cls
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


def display_or_print(shown: object) -> None:
    """``shown`` (a ``Code``, or a table of ``report.py``) through IPython's
    ``display`` in a notebook (IPython puts it among the builtins), which
    renders its Markdown; elsewhere printed as its text."""
    display = getattr(builtins, "display", None)
    if display is None:
        print(shown, end="\n\n")  # a blank line after each, as a notebook spaces them
    else:
        display(shown)


def show(*objects: object) -> None:
    """Show functions, methods or classes (``source_of``), highlighted as Python
    in a notebook, printed elsewhere (``display_or_print``)."""
    display_or_print(Code(f"```python\n{source_of(*objects)}\n```"))
