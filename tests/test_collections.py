"""The public collections in ``collections/``: unchanged, as many puzzles as
their README says, a sample of each with exactly one solution as the
textbook search counts them; ``collections/hardest.csv``, whose puzzles
``tools/puzzles/find_hardest.py`` finds again; and the generated hard tuning
file, unchanged (``test_make_hard.py`` checks its puzzles)."""

from __future__ import annotations

import csv
from functools import lru_cache

import numpy as np
import pytest

import helpers
import textbook
from conftest import sha256, stated_sha256
from tools.paths import COLLECTIONS
from tools.puzzles import find_hardest
from tools.puzzles.io import read_grids, to_text

README = COLLECTIONS / "README.md"
ROYLE_17 = "17clue_royle_49151.txt"
TOP1465 = "magictour_top1465.txt"
RATED = "kaggle_rated_sample_7034.csv"
COUNTS = {ROYLE_17: 49151, TOP1465: 1465, RATED: 7034}
GENERATED_HARD_TUNING = "generated_hard_tuning.txt"
ROYLE_GIVENS = 17
TOP1465_FROM_ROYLE = 69  #: top1465's puzzles with 17 givens, every one of them in Royle's list
INDEPENDENT_SAMPLE = 10  #: evenly spaced puzzles of each file whose solutions are counted
PREFIX = 8  #: top1465's first puzzles, whose hardest are found again


@lru_cache(maxsize=None)
def grids(name: str) -> np.ndarray:
    """The puzzles of a collection, read once for all the tests."""
    return read_grids(COLLECTIONS / name)


def distinct(name: str) -> set[bytes]:
    return {grid.tobytes() for grid in grids(name)}


def givens(puzzles: np.ndarray) -> np.ndarray:
    return np.count_nonzero(puzzles.reshape(len(puzzles), -1), axis=1)


def hardest_rows() -> list[dict[str, str]]:
    with open(COLLECTIONS / "hardest.csv", newline="", encoding="ascii") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("name", [*sorted(COUNTS), GENERATED_HARD_TUNING])
def test_the_file_is_the_one_the_readme_states(name):
    assert sha256(COLLECTIONS / name) == stated_sha256(README)[name]


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_the_file_holds_its_count_of_distinct_puzzles(name):
    assert len(grids(name)) == len(distinct(name)) == COUNTS[name]


def test_the_17_clue_puzzles_have_17_givens():
    assert set(givens(grids(ROYLE_17)).tolist()) == {ROYLE_GIVENS}


def test_top1465_shares_exactly_its_puzzles_of_17_givens_with_royles_list():
    top = grids(TOP1465)
    shared = distinct(TOP1465) & distinct(ROYLE_17)
    assert len(shared) == TOP1465_FROM_ROYLE == np.sum(givens(top) == ROYLE_GIVENS)


def test_the_rated_samples_clues_count_the_givens():
    with open(COLLECTIONS / RATED, newline="", encoding="ascii") as handle:
        clues = [int(row["clues"]) for row in csv.DictReader(handle)]
    assert clues == givens(grids(RATED)).tolist()


def test_the_rated_samples_solutions_solve_their_puzzles():
    solutions = read_grids(COLLECTIONS / RATED, "solution")
    wrong = [k for k, pair in enumerate(zip(grids(RATED), solutions)) if not helpers.is_valid_solution(*pair)]
    assert wrong == []


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COUNTS))
def test_a_sample_has_one_solution_by_the_textbook_search(name):
    puzzles = grids(name)
    sample = puzzles[np.arange(INDEPENDENT_SAMPLE) * len(puzzles) // INDEPENDENT_SAMPLE]
    assert [textbook.backtracking_count(grid) for grid in sample] == [1] * INDEPENDENT_SAMPLE


def test_each_hardest_puzzle_is_the_one_at_its_place_in_its_source():
    rows = hardest_rows()
    assert rows and all(to_text(grids(row["source"])[int(row["position"])]) == row["puzzle"] for row in rows)


def test_the_hardest_are_distinct_and_above_the_threshold():
    rows = hardest_rows()
    assert len({row["puzzle"] for row in rows}) == len(rows)
    assert min(float(row["plain_rows"]) for row in rows) >= find_hardest.MIN_PLAIN_ROWS


def test_the_hardest_of_a_prefix_of_top1465_are_found_again():
    found = find_hardest.hardest({TOP1465: grids(TOP1465)[:PREFIX]})
    stored = [row for row in hardest_rows() if row["source"] == TOP1465 and int(row["position"]) < PREFIX]
    assert [{key: str(value) for key, value in row.items()} for row in found] == stored
