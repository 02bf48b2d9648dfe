"""``tools/measure/versions.py``: two copies of helpers.py raced on the same puzzles."""

from __future__ import annotations

import numpy as np

from conftest import ROOT
from tools import benchmark, versions

EVEREST = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


def test_a_version_raced_against_itself_tries_the_same_rows_and_answers_right():
    first = versions.load_version(ROOT / "helpers.py", "helpers_race_first")
    second = versions.load_version(ROOT / "helpers.py", "helpers_race_second")
    puzzle = np.array([int(ch) for ch in EVEREST]).reshape(1, 9, 9)
    seconds, rows, wrong = versions.race(
        benchmark.new_set("everest", ROOT / "everest", puzzle, None), [first, second], 2
    )
    assert wrong == 0 and seconds.shape == (2, 2) and (seconds > 0).all()
    assert rows[0, 0] == rows[1, 0] > 0


def old_version(tmp_path, choices: int):
    """A stand-in for a helpers.py from before the counter: an engine without
    ``rows_tried`` and a ``solve_sudoku`` that calls ``AlgorithmX.choose_column``
    ``choices`` times."""
    path = tmp_path / "helpers_old.py"
    path.write_text(
        "class AlgorithmX:\n"
        "    def choose_column(self):\n"
        "        return None\n\n\n"
        "class SudokuEngine:\n"
        "    pass\n\n\n"
        "def engine(box):\n"
        "    return SudokuEngine()\n\n\n"
        "def solve_sudoku(sudoku):\n"
        f"    for _ in range({choices}):\n"
        "        AlgorithmX().choose_column()\n"
    )
    return versions.load_version(path, "helpers_race_old")


def test_rows_of_a_version_without_a_counter_are_its_column_choices_less_the_last(tmp_path):
    module = old_version(tmp_path, choices=8)
    puzzle = np.array([int(ch) for ch in EVEREST]).reshape(9, 9)
    assert versions.rows_tried(module, puzzle) == 7


def test_counting_the_column_choices_of_an_old_version_leaves_its_method_as_it_was(tmp_path):
    module = old_version(tmp_path, choices=3)
    original = module.AlgorithmX.choose_column
    versions.rows_tried(module, np.zeros((9, 9), dtype=int))
    assert module.AlgorithmX.choose_column is original
