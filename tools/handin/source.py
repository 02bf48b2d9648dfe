"""What helpers.py's code uses and how long it is, read off its syntax tree.

The report compares the size of the solver with that of the textbook search,
and rests on the two sharing no code; both are read here from the names each
top-level definition uses, not from the file's comments or layout.
"""

from __future__ import annotations

import ast
import io
import tokenize
from functools import lru_cache

from tools.paths import ROOT

HELPERS = ROOT / "helpers.py"
#: what a call of the solver runs, as names of helpers.py's top level
SOLVER_ROOTS = frozenset({"solve_sudoku", "SudokuEngine", "AlgorithmX"})
#: what a call of the textbook search runs
TEXTBOOK_ROOTS = frozenset({"backtracking_solve", "backtracking_count", "SudokuCSP"})


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


@lru_cache(maxsize=8)  # the report's tool asks again at every fill
def code_lines(source: str, roots: frozenset[str]) -> int:
    """The lines of code (no blank lines, comments or docstrings) of the
    definitions that ``roots`` reach in ``source``."""
    nodes = definitions(source)
    wanted: set[int] = set()
    for name in reachable(module_uses(source), roots):
        node = nodes[name]
        wanted |= set(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    docstrings: set[int] = set()
    for inner in ast.walk(ast.parse(source)):
        body = getattr(inner, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings |= set(range(value.lineno, (value.end_lineno or value.lineno) + 1))
    code: set[int] = set()
    skipped = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in skipped:
            code |= set(range(token.start[0], token.end[0] + 1))
    return len((code - docstrings) & wanted)
