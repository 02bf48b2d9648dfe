"""Shared test set-up: the project's layout, the assignment's contract as the
tests state it, puzzles several files use, and the notebook's ``sudoku_solver``
taken as the autograder takes it.

pytest puts the project folder on sys.path (``pythonpath`` in pyproject.toml),
so tests import ``helpers`` and ``tools.*`` as the notebook and tools do.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import io
import math
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import strategies as st

from experiment import CATEGORIES, Results
from helpers import AlgorithmX
from tools.handin.notebook import cells, cells_of, is_solution_cell
from tools.paths import COLLECTIONS, DATA, GENERATED, NOTEBOOK, NOTEBOOKS, ROOT  # noqa: F401 (for the tests)

#: Every cell of the answer to a puzzle without a solution.  The assignment
#: says so; the tests state it here rather than take it from the code under test.
NO_SOLUTION = -1

# Arto Inkala's "Everest" (2012), which reaches the search, and its unique solution.
EVEREST = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
EVEREST_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
# Every given consistent, every blank with a candidate, and no solution.
CONSISTENT_NO_SOLUTION = "400030000000600800000000007000050090080000600070200000000102700503000040900000000"
# A solved grid with a 2 x 2 rectangle of two digits blanked: both ways round fit.
TWO_SOLUTIONS = "042709863083604279769283514924871635815436927376592148658327491231948756497165382"

# Knuth's matrix (3) in "Dancing Links": columns A..G, six rows, one exact cover.
KNUTH_COLUMNS = "ABCDEFG"
KNUTH_ROWS = [[KNUTH_COLUMNS.index(name) for name in row] for row in ("CEF", "ADG", "BCF", "AD", "BG", "DEG")]
KNUTH_COVER = [0, 3, 4]  # A D, B G, C E F
#: rows of a 4-column matrix with several covers
SEVERAL_ROWS = [[0], [1], [2], [3], [0, 1], [2, 3], [1, 2], [0, 3], [0, 1, 2], [3], [1, 3]]
CLASH = np.zeros((9, 9), dtype=int)
CLASH[0, 0] = CLASH[0, 8] = 5  # two 5s in one row: no solution


# On CI (CI=true) a skipped test fails the run unless its reason starts with
# one of these: what the repository cannot hold (third-party code, optional
# solvers) or a Python too old for the check.  Anything else that skips means
# the repository has come to depend on something outside it.
ALLOWED_SKIPS = ("optional:", "needs Python")
_unexpected_skips: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason[len("Skipped: ") :] if reason.startswith("Skipped: ") else reason  # Python 3.8: no removeprefix
        if not reason.startswith(ALLOWED_SKIPS):
            _unexpected_skips.append(f"{report.nodeid}: {reason}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if os.environ.get("CI") == "true" and _unexpected_skips and exitstatus == 0:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter) -> None:
    if os.environ.get("CI") == "true" and _unexpected_skips:
        terminalreporter.section("skips not allowed on CI")
        for line in _unexpected_skips:
            terminalreporter.write_line(line)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The notebook's cells (nbval runs them top to bottom in one kernel) count as slow."""
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.slow)


def parse(text: str) -> np.ndarray:
    """A square grid from one line of text: '.' or '0' for a blank, then 1-9."""
    values = [0 if ch in ".0" else int(ch) for ch in text.strip()]
    side = int(round(len(values) ** 0.5))
    return np.array(values, dtype=np.int64).reshape(side, side)


def code_cells(paths: Sequence[Path] = NOTEBOOKS) -> list[str]:
    """The source of every code cell of the notebooks ``paths`` (both by default), in order."""
    return [cell["source"] for cell in cells_of(paths) if cell["cell_type"] == "code"]


def load_notebook() -> dict[str, Any]:
    """Run the notebook's code cells in one fresh namespace, as an nbgrader
    autograder does, up to the solution cell that defines ``sudoku_solver``
    (the evaluation after it is not needed), and return the namespace.  The
    cells run in the notebook's folder (the project folder, which pytest puts
    on ``sys.path``), their output swallowed; no test keeps a copy of the notebook's functions."""
    folder = str(NOTEBOOK.parent)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    previous = os.getcwd()
    try:
        os.chdir(folder)
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            for cell in (cell for cell in cells(NOTEBOOK) if cell["cell_type"] == "code"):
                exec(compile(cell["source"], str(NOTEBOOK), "exec"), namespace)
                if is_solution_cell(cell):
                    break
    finally:
        os.chdir(previous)
    return namespace


def nothing(puzzle: np.ndarray) -> tuple[None, int]:
    """A method that answers "no solution" after no search."""
    return None, 0


def results_of(ms: list[list[float]]) -> Results:
    """``Results`` with these times (rounds by puzzles), every answer right."""
    shape = np.shape(ms)
    return Results(np.array(ms), np.zeros(shape, int), np.ones(shape[1], bool))


@pytest.fixture(scope="session")
def sudoku_solver():
    """The notebook's ``sudoku_solver``, as the autograder would call it."""
    return load_notebook()["sudoku_solver"]


def write(path: Path, *lines: str, newline: str = "\n") -> Path:
    """Write ``lines`` to ``path`` as UTF-8, each ended by ``newline``; return ``path``."""
    path.write_bytes("".join(line + newline for line in lines).encode("utf-8"))
    return path


def stored_cases(folder: Path, label: str) -> list:
    """One pytest case per puzzle stored in the assignment's format in ``folder``:
    (puzzle, stored answer), with an id such as ``data-hard-3``."""
    cases = []
    for category in CATEGORIES:
        puzzles = np.load(folder / f"{category}_puzzle.npy")
        answers = np.load(folder / f"{category}_solution.npy")
        cases += [pytest.param(p, a, id=f"{label}-{category}-{k}") for k, (p, a) in enumerate(zip(puzzles, answers))]
    return cases


@st.composite
def exact_cover_problems(draw, max_columns: int = 6, max_rows: int = 10, max_ones: int = 3):
    """A random 0/1 matrix as (rows, number of columns): up to ``max_rows``
    rows of 1 to ``max_ones`` ones, some columns perhaps with none."""
    n_columns = draw(st.integers(1, max_columns))
    column = st.integers(0, n_columns - 1)
    rows = draw(st.lists(st.lists(column, min_size=1, max_size=max_ones, unique=True), max_size=max_rows))
    return rows, n_columns


def snapshot(matrix: AlgorithmX) -> tuple[list[tuple[int, int, int, int]], list[int]]:
    """Every node's four links (as node numbers) and every column's size.

    The nodes are the root, each column's head and every row's nodes; the
    sizes are counted along the links (``ColumnObject.size``), as none are
    stored.  Written here, apart from the engine, so that a restore can be
    checked without trusting the code that does it.
    """
    nodes = [
        matrix.root,
        *(column.head for column in matrix.columns),
        *(node for row in matrix.row_links for node, _ in row),
    ]
    number = {id(node): k for k, node in enumerate(nodes)}
    links = [(number[id(n.left)], number[id(n.right)], number[id(n.up)], number[id(n.down)]) for n in nodes]
    return links, [column.size for column in matrix.columns]


def columns_to_cover(matrix: AlgorithmX) -> list:
    """The columns still to cover (``ColumnObject``), in the order of the list
    from the root."""
    columns, head = [], matrix.root.right
    while head is not matrix.root:
        columns.append(head.column)
        head = head.right
    return columns


def peer_digits(grid: np.ndarray, r: int, c: int) -> set[int]:
    """The digits in the other cells of the row, the column and the box of
    cell (r, c) of an N x N grid: the rules of sudoku, written here apart from
    the code under test (so the box of a cell is worked out here again, on purpose)."""
    box = math.isqrt(len(grid))
    others = grid.copy()
    others[r, c] = 0
    block = others[r - r % box : r - r % box + box, c - c % box : c - c % box + box]
    return (set(others[r].tolist()) | set(others[:, c].tolist()) | set(block.ravel().tolist())) - {0}


def has_repeated_given(puzzle: np.ndarray) -> bool:
    """True when a digit is given twice in one row, column or box."""
    return any(puzzle[r, c] in peer_digits(puzzle, r, c) for r, c in zip(*np.nonzero(puzzle)))


def has_dead_blank(puzzle: np.ndarray) -> bool:
    """True when some blank sees every digit in its row, column and box."""
    return any(len(peer_digits(puzzle, r, c)) == len(puzzle) for r, c in zip(*np.nonzero(puzzle == 0)))


def imported_names(source: str) -> set[str]:
    """What ``source`` imports: each ``module`` of an import, each
    ``module.name`` of a ``from module import name`` (relative imports aside)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


#: what a call of the solver runs, as top-level names of helpers.py
SOLVER_ROOTS = frozenset({"solve_sudoku", "SudokuEngine", "AlgorithmX"})


def definitions(source: str) -> dict[str, ast.stmt]:
    """Each name the top level of ``source`` defines (a function, a class, a
    constant; imports aside), with the statement that defines it."""
    found: dict[str, ast.stmt] = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            found[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.update((target.id, node) for target in targets if isinstance(target, ast.Name))
    return found


def module_uses(source: str) -> dict[str, set[str]]:
    """For each name the top level of ``source`` defines, the names its definition reads."""
    return {
        name: {used.id for used in ast.walk(node) if isinstance(used, ast.Name)} - {name}
        for name, node in definitions(source).items()
    }


def reachable(uses: dict[str, set[str]], roots: frozenset[str] | set[str]) -> set[str]:
    """The top-level names that ``roots`` use, directly or through each other, roots included."""
    found: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in uses and name not in found:
            found.add(name)
            todo += uses[name]
    return found


def stated_sha256(readme: Path) -> dict[str, str]:
    """The SHA-256 a README states for each file, from its table rows of the
    form ``| `name` | `64 hex digits` |``."""
    rows = re.findall(r"^\| `([^`]+)` \| `([0-9a-f]{64})` \|$", readme.read_text(encoding="utf-8"), flags=re.M)
    return dict(rows)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
