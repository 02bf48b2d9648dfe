"""Grade the hand-in with the real autograder, nbgrader, as the unit does.

``nbgrader autograde`` executes every cell of the submitted notebook in a
fresh kernel, with its default per-cell limit of 30 s of wall clock, after
putting the instructor's version of the test cell, which may hold hidden
tests, in place of the student's.  This module sets up a course in a
temporary folder as the unit would: the instructor's source is the template
as handed out, with the unit's puzzles and picture and ``HIDDEN_TESTS`` in its
test cell; the submission is the hand-in (``tools.handin.make``).  It runs
``nbgrader generate_assignment``, ``autograde`` and ``export`` with nbgrader's
default settings, checks for full marks and no cell that raised, timed out or
wrote to stderr, and prints each cell's wall-clock time.

Usage: ``python -m tools.handin.autograde``, with nbgrader
installed in this interpreter (the ``autograde`` dependency group); the kernel
is this interpreter's.  Exit status 0 when the hand-in passes, 1 when it does
not.  Standard library only besides nbgrader, Python 3.8+: CI runs it under
the oldest and the newest Python the hand-in supports.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any, Sequence

from tools.handin.make import make_handin
from tools.handin.template import TEMPLATE, grade_id, source
from tools.paths import ROOT

COURSE_ID = "sudoku"
ASSIGNMENT = "sudoku"
STUDENT = "student1"
TEST_CELL = "cell-fe8038dbd05ddef7"  #: the template's graded test cell, worth 100 points
#: what nbgrader copies from the instructor's source folder besides the notebook
SOURCE_FILES = ("data", "images")
#: the instructor's hidden tests, written into the source's test cell: every
#: puzzle of data/generated/, which the unit never saw, compared with the stored
#: answer (all -1: no solution) as the template's tests compare, each within its 20 s
HIDDEN_TESTS = """
### BEGIN HIDDEN TESTS
import time
for _category in ["very_easy", "easy", "medium", "hard"]:
    _puzzles = np.load(f"data/generated/{_category}_puzzle.npy")
    _solutions = np.load(f"data/generated/{_category}_solution.npy")
    for _k in range(len(_puzzles)):
        _start = time.process_time()
        _answer = sudoku_solver(_puzzles[_k].copy())
        assert time.process_time() - _start < 20, (_category, _k)
        assert np.array_equal(_answer, _solutions[_k]), (_category, _k)
### END HIDDEN TESTS
"""


def instructor_notebook(template: Path = TEMPLATE) -> dict[str, Any]:
    """The template with ``HIDDEN_TESTS`` appended to its graded test cell."""
    notebook: dict[str, Any] = json.loads(template.read_text(encoding="utf-8"))
    cell = next(cell for cell in notebook["cells"] if grade_id(cell) == TEST_CELL)
    cell["source"] = source(cell) + "\n" + HIDDEN_TESTS
    return notebook


def set_up_course(course: Path, handin: Path) -> None:
    """The course folder: config, the instructor's source and one submission."""
    source_folder = course / "source" / ASSIGNMENT
    source_folder.mkdir(parents=True)
    (source_folder / "sudoku.ipynb").write_text(json.dumps(instructor_notebook(), indent=1), encoding="utf-8")
    for name in SOURCE_FILES:
        shutil.copytree(ROOT / name, source_folder / name)
    shutil.copytree(handin, course / "submitted" / STUDENT / ASSIGNMENT)
    config = (
        f"c = get_config()\nc.CourseDirectory.root = {str(course)!r}\nc.CourseDirectory.course_id = {COURSE_ID!r}\n"
    )
    (course / "nbgrader_config.py").write_text(config, encoding="utf-8")


def nbgrader(course: Path, *args: str) -> None:
    """Run one nbgrader command in the course folder; ``RuntimeError`` with its output if it fails."""
    # nbgrader runs alembic and the kernel from PATH: this interpreter's own first
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args],
        cwd=course,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PATH": path},
    )
    if done.returncode != 0:
        raise RuntimeError(f"nbgrader {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")


def seconds(execution: dict[str, str]) -> float | None:
    """A cell's wall-clock time from the record nbclient keeps in its metadata."""
    try:
        start = datetime.fromisoformat(execution["iopub.execute_input"].replace("Z", "+00:00"))
        end = datetime.fromisoformat(execution["shell.execute_reply"].replace("Z", "+00:00"))
    except KeyError:
        return None
    return (end - start).total_seconds()


def cell_report(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """For each code cell of the autograded notebook: its number among the
    notebook's cells, its first line, its time, and its trouble (an error, a
    timeout, or text on stderr), if any."""
    cells = []
    for number, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        trouble = []
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                trouble.append(f"{output.get('ename')}: {output.get('evalue')}")
            elif output.get("name") == "stderr":
                trouble.append(f"stderr: {''.join(output.get('text', '')).strip()[:200]}")
        lines = source(cell).strip().splitlines()
        cells.append(
            {
                "cell": number,
                "first_line": lines[0] if lines else "",
                "seconds": seconds(cell.get("metadata", {}).get("execution", {})),
                "trouble": trouble,
            }
        )
    return cells


def autograde(work: Path) -> dict[str, Any]:
    """Grade the hand-in in a course set up under ``work``: the score, the
    maximum, and every code cell's time and trouble."""
    course = work / "course"
    handin = make_handin(work / "handin")
    set_up_course(course, handin)
    nbgrader(course, "db", "assignment", "add", ASSIGNMENT)
    nbgrader(course, "db", "student", "add", STUDENT)
    nbgrader(course, "generate_assignment", ASSIGNMENT, "--force")
    nbgrader(course, "autograde", ASSIGNMENT, "--force")
    nbgrader(course, "export", "--to", str(work / "grades.csv"))
    with open(work / "grades.csv", newline="", encoding="utf-8") as handle:
        grade = next(row for row in csv.DictReader(handle) if row["student_id"] == STUDENT)
    graded = course / "autograded" / STUDENT / ASSIGNMENT / "sudoku.ipynb"
    return {
        "python": platform.python_version(),
        "score": float(grade["raw_score"]),
        "max_score": float(grade["max_score"]),
        "cells": cell_report(json.loads(graded.read_text(encoding="utf-8"))),
    }


def problems(result: dict[str, Any]) -> list[str]:
    """Why the hand-in fails the autograder, one line each; empty when it passes."""
    found = [f"cell {cell['cell']} ({cell['first_line']}): {t}" for cell in result["cells"] for t in cell["trouble"]]
    if result["score"] != result["max_score"] or result["max_score"] == 0:
        found.append(f"score {result['score']:g} of {result['max_score']:g}")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        result = autograde(Path(work))
    timed = [cell for cell in result["cells"] if cell["seconds"] is not None]
    print(f"nbgrader autograde on Python {result['python']}: {result['score']:g} of {result['max_score']:g} points")
    for cell in timed:
        print(f"  {cell['seconds']:6.2f} s  cell {cell['cell']}: {cell['first_line'][:60]}")
    print(f"  {sum(cell['seconds'] for cell in timed):6.2f} s  all {len(timed)} code cells")
    found = problems(result)
    for problem in found:
        print(f"autograde: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
