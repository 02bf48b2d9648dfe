"""Take ``sudoku_solver`` from the notebook the way an autograder does.

An nbgrader autograder runs the notebook's code cells in order, in the
notebook's folder, and then calls the functions they defined.  ``load_notebook``
does the same without Jupyter: it executes every code cell of ``sudoku.ipynb``
in one fresh namespace (printed output is discarded) and returns that
namespace.  No test or tool keeps a copy of the function.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from pathlib import Path

from tools.layout import NOTEBOOK


def code_cells(path: Path = NOTEBOOK) -> list[str]:
    """The source of every code cell of the notebook at ``path``, in order."""
    notebook = json.loads(Path(path).read_text(encoding="utf-8"))
    return [
        "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
    ]


def load_notebook(path: Path = NOTEBOOK) -> dict:
    """Run all code cells of the notebook at ``path`` and return their globals.

    The cells run in the notebook's folder with that folder first on
    ``sys.path`` (so ``from helpers import ...`` finds the project's module),
    and their output is swallowed.  Raises whatever a cell raises.
    """
    path = Path(path).resolve()
    folder = str(path.parent)
    namespace: dict = {"__name__": "__main__"}
    previous = os.getcwd()
    sys.path.insert(0, folder)
    try:
        os.chdir(folder)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            for source in code_cells(path):
                exec(compile(source, str(path), "exec"), namespace)
    finally:
        os.chdir(previous)
        sys.path.remove(folder)
    return namespace


def load_solver(path: Path = NOTEBOOK):
    """The notebook's ``sudoku_solver``, as the autograder would call it."""
    return load_notebook(path)["sudoku_solver"]
