"""The public collections in ``collections/``: unchanged, as many puzzles as
their README says, and every puzzle with exactly one solution."""

from __future__ import annotations

import csv

import numpy as np
import pytest

import helpers
from conftest import COLLECTIONS, parse, sha256, stated_sha256
from helpers import backtracking_count

README = COLLECTIONS / "README.md"
ROYLE_17 = COLLECTIONS / "17clue_royle_49151.txt"
TOP1465 = COLLECTIONS / "magictour_top1465.txt"
RATED = COLLECTIONS / "kaggle_rated_sample_7034.csv"
COUNTS = {ROYLE_17.name: 49151, TOP1465.name: 1465, RATED.name: 7034}
ROYLE_GIVENS = 17
#: the engine counts every puzzle of top1465, every 4th of the rated sample and
#: every 20th of the 17-clue list (all of them would take half a minute)
ENGINE_STEPS = {ROYLE_17.name: 20, TOP1465.name: 1, RATED.name: 4}
INDEPENDENT_SAMPLE = 10  #: puzzles of each file counted again by the independent solver


def lines(path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="ascii").splitlines() if line.strip()]


def rated_rows() -> list[dict]:
    with RATED.open(newline="", encoding="ascii") as handle:
        return list(csv.DictReader(handle))


PUZZLES = {
    ROYLE_17.name: lines(ROYLE_17),
    TOP1465.name: lines(TOP1465),
    RATED.name: [row["puzzle"] for row in rated_rows()],
}


def cells(text: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in text]


def every(sequence: list, step: int) -> list:
    return sequence[::step]


def evenly(sequence: list, count: int) -> list:
    return [sequence[i * len(sequence) // count] for i in range(count)]


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_the_file_is_the_one_the_readme_states(name):
    assert sha256(COLLECTIONS / name) == stated_sha256(README)[name]


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_the_file_holds_its_count_of_distinct_81_cell_puzzles(name):
    puzzles = PUZZLES[name]
    assert len(puzzles) == len(set(puzzles)) == COUNTS[name]
    assert all(len(text) == 81 and all(ch in ".0123456789" for ch in text) for text in puzzles)


def test_the_17_clue_puzzles_have_17_givens():
    assert {sum(1 for value in cells(text) if value) for text in PUZZLES[ROYLE_17.name]} == {ROYLE_GIVENS}


def test_the_rated_samples_clues_count_the_givens():
    assert all(int(row["clues"]) == sum(1 for v in cells(row["puzzle"]) if v) for row in rated_rows())


def test_the_rated_samples_solutions_solve_their_puzzles():
    wrong = [
        k
        for k, row in enumerate(rated_rows())
        if not helpers.is_valid_solution(parse(row["puzzle"]), parse(row["solution"]))
    ]
    assert wrong == []


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_the_puzzles_have_one_solution_by_the_engine(name):
    counts = [helpers.engine(3).count(cells(text), limit=2) for text in every(PUZZLES[name], ENGINE_STEPS[name])]
    assert set(counts) == {1}


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_a_sample_has_one_solution_by_the_independent_solver(name):
    sample = evenly(PUZZLES[name], INDEPENDENT_SAMPLE)
    assert [backtracking_count(np.array(cells(text)), limit=2) for text in sample] == [1] * INDEPENDENT_SAMPLE
