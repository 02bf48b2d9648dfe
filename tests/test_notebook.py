"""``sudoku.ipynb`` walks the path of a call: every function a call of
``sudoku_solver`` runs is shown; the code either notebook shows is the code of
the modules as they are; and no cell reaches into the solver's private parts."""

from __future__ import annotations

import ast
import inspect
import json
import sys
import types

import pytest

import experiment
import helpers
import listing
import report
import textbook
from conftest import EVEREST, NOTEBOOK, code_cells, load_notebook, parse
from tools.handin.notebook import cells_of


def every_code_cell() -> list[dict]:
    """The code cells of both notebooks."""
    return [cell for cell in cells_of() if cell["cell_type"] == "code"]


#: the names a ``show(...)`` argument may use: the hand-in's modules and what the notebook imports from them
SHOWABLE = {**vars(helpers), **vars(textbook), **vars(experiment), "experiment": experiment, "report": report}


def show_calls(source: str) -> list[list[object]]:
    """The objects each ``show(...)`` of a cell's ``source`` prints, call by call, in order."""
    calls = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "show"]
    return [[eval(ast.unparse(argument), SHOWABLE) for argument in call.args] for call in calls]


def shown_objects(sources: list[str]) -> list[object]:
    """What the cells print with ``show(...)``, in order."""
    return [obj for source in sources for call in show_calls(source) for obj in call]


def nested(code: types.CodeType) -> list[types.CodeType]:
    """``code`` and the code of every comprehension, lambda or function inside it."""
    inner = [const for const in code.co_consts if isinstance(const, types.CodeType)]
    return [code, *(c for const in inner for c in nested(const))]


def code_objects(obj: object) -> list[types.CodeType]:
    """The code a shown function runs, or every method of a shown class."""
    if inspect.isclass(obj):
        members = [getattr(m, "fget", m) for m in vars(obj).values()]
        functions = [m for m in members if inspect.isfunction(m)]
    else:
        functions = [inspect.unwrap(obj)]  # type: ignore[arg-type]
    return [code for function in functions for code in nested(function.__code__)]


@pytest.fixture(scope="module")
def calls() -> list[tuple[types.CodeType, types.CodeType]]:
    """Every (caller, callee) of helpers.py that the notebook's ``sudoku_solver``
    makes on a puzzle that needs a search, and what making its engine and
    that engine's first search add (the solution cell makes the engine)."""
    sudoku_solver = load_notebook()["sudoku_solver"]
    found = []

    def profile(frame, event, arg):
        caller = frame.f_back
        if event == "call" and frame.f_code.co_filename == helpers.__file__ and caller:
            if frame.f_code not in nested(caller.f_code):  # a comprehension runs inside its function
                found.append((caller.f_code, frame.f_code))

    sys.setprofile(profile)
    try:
        sudoku_solver(parse(EVEREST))
        helpers.SudokuEngine(helpers.SUDOKU_BOX).solve(helpers.read_grid(parse(EVEREST)))
    finally:
        sys.setprofile(None)
    return found


def test_every_function_a_call_runs_is_printed(calls):
    printed = {code for obj in shown_objects(code_cells([NOTEBOOK])) for code in code_objects(obj)}
    missing = sorted({callee.co_name for _, callee in calls if callee not in printed})
    assert missing == []


@pytest.mark.slow
def test_the_code_the_notebook_shows_is_the_modules_code_as_it_is():
    """Each ``show(...)`` output stored in the notebook is what ``show`` would
    print now: a change to a module shown fails here until the notebook is run
    again.  Slow, to stay out of the quick loop: the notebook is run again
    before a commit that hands it in, not after every edit."""
    for cell in every_code_cell():
        shown = (
            "".join(o["data"]["text/markdown"]) for o in cell.get("outputs", []) if "text/markdown" in o.get("data", {})
        )
        stored = [text for text in shown if text.startswith("```python")]  # the tables aside
        assert stored == [f"```python\n{listing.source_of(*objects)}\n```" for objects in show_calls(cell["source"])]


def test_the_checker_the_verification_rests_on_is_printed():
    assert helpers.is_valid_solution in shown_objects(code_cells([NOTEBOOK]))


def private_names(source: str) -> list[str]:
    """Single-underscore names a cell uses, outside the arguments of ``show(...)``."""
    tree = ast.parse(source)
    shown = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "show"
        for argument in node.args
        for inner in ast.walk(argument)
    }
    names = []
    for node in ast.walk(tree):
        name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
        if id(node) not in shown and name.startswith("_") and not name.startswith("__") and name != "_":
            names.append(name)
    return names


def test_no_cell_uses_a_private_name_of_helpers():
    assert [name for source in code_cells() for name in private_names(source)] == []


def test_sudoku_solver_calls_the_engine_its_cell_makes():
    namespace = load_notebook()
    engine = namespace["ENGINE"]
    matrix = engine.matrix
    assert matrix is not None  # built in the cell, so that no call's time holds it
    answer = namespace["sudoku_solver"](parse(EVEREST))
    assert engine.matrix is matrix and matrix.rows_tried > 0 and (answer > 0).all()
    assert "SETS" not in namespace  # the tests get sudoku_solver without running the evaluation


def test_no_cell_keeps_the_timestamps_of_a_run():
    stored = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    assert [i for i, cell in enumerate(stored) if "execution" in cell.get("metadata", {})] == []
