"""The autograder's course is set up as the unit would set it up, and its
verdict is read strictly: full marks, and no cell that raised, timed out or
wrote to stderr.  CI runs the real nbgrader (``python -m
tools.handin.autograde``) under the oldest and the newest Python."""

from __future__ import annotations

import json

import numpy as np
import pytest

from conftest import GENERATED
from tools.handin import autograde
from tools.handin.template import grade_id, source

PASSING = {"score": 100.0, "max_score": 100.0, "cells": [{"cell": 5, "first_line": "x = 1", "trouble": []}]}


def test_the_hidden_tests_go_into_the_graded_test_cell_only():
    notebook = autograde.instructor_notebook()
    holding = [grade_id(cell) for cell in notebook["cells"] if "BEGIN HIDDEN TESTS" in source(cell)]
    assert holding == [autograde.TEST_CELL]


def test_the_hidden_tests_pass_on_the_stored_answers():
    """Run with a 'solver' that looks the answers up, the hidden tests pass: they
    read the files the hand-in ships and compare as the template's tests compare."""
    answers = {}
    for puzzles, solutions in (
        (p, p.with_name(p.name.replace("puzzle", "solution"))) for p in GENERATED.glob("*_puzzle.npy")
    ):
        answers.update({p.tobytes(): s for p, s in zip(np.load(puzzles), np.load(solutions))})
    namespace = {"np": np, "sudoku_solver": lambda sudoku: answers[sudoku.tobytes()]}
    exec(autograde.HIDDEN_TESTS, namespace)


def test_the_course_holds_the_source_and_one_submission(tmp_path):
    handin = tmp_path / "handin"
    handin.mkdir()
    (handin / "sudoku.ipynb").write_text("{}", encoding="utf-8")
    autograde.set_up_course(tmp_path / "course", handin)
    source_folder = tmp_path / "course" / "source" / autograde.ASSIGNMENT
    assert json.loads((source_folder / "sudoku.ipynb").read_text(encoding="utf-8")) == autograde.instructor_notebook()
    assert (tmp_path / "course" / "submitted" / autograde.STUDENT / autograde.ASSIGNMENT / "sudoku.ipynb").is_file()
    assert all((source_folder / name).is_dir() for name in autograde.SOURCE_FILES)


@pytest.mark.parametrize("score, found", [(100.0, []), (99.0, ["score 99 of 100"])], ids=["full-marks", "less"])
def test_full_marks_with_quiet_cells_pass_and_less_fails(score, found):
    assert autograde.problems({**PASSING, "score": score}) == found


def test_an_error_a_timeout_or_stderr_in_a_cell_fails():
    outputs = [
        {"output_type": "error", "ename": "CellTimeoutError", "evalue": "No reply from kernel before timeout"},
        {"output_type": "stream", "name": "stderr", "text": ["warning\n"]},
        {"output_type": "stream", "name": "stdout", "text": ["fine\n"]},
    ]
    notebook = {"cells": [{"cell_type": "code", "source": "run()\n", "metadata": {}, "outputs": outputs}]}
    cells = autograde.cell_report(notebook)
    assert cells[0]["trouble"] == ["CellTimeoutError: No reply from kernel before timeout", "stderr: warning"]
    assert len(autograde.problems({**PASSING, "cells": cells})) == 2


def test_a_cells_time_is_read_from_its_execution_record():
    record = {"iopub.execute_input": "2026-11-25T10:00:00.250Z", "shell.execute_reply": "2026-11-25T10:00:02.000Z"}
    assert autograde.seconds(record) == 1.75 and autograde.seconds({}) is None
