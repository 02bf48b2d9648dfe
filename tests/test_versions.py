"""``tools/versions.py``: two copies of helpers.py raced on the same puzzles."""

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


def test_rows_of_a_version_without_a_counter_come_from_its_column_choices():
    module = versions.load_version(ROOT / "helpers.py", "helpers_race_counted")
    # Versions without the counter call choose_column at every step, as this
    # one does when it does not look for dead ends first and keeps sizes.
    module.engine(versions.BOX).optimisations = module.Optimisations(dead_ends_first=False, rows_of_four=False)
    puzzle = np.array([int(ch) for ch in EVEREST]).reshape(9, 9)
    counted = versions.rows_tried(module, puzzle)
    module.engine(versions.BOX).__dict__.pop("rows_tried")  # as a version from before the counter
    assert versions.rows_tried(module, puzzle) == counted > 0
