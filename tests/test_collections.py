"""The public collections in ``collections/``: unchanged, as many puzzles as
their README says, and every puzzle with exactly one solution."""

from __future__ import annotations

import csv

import numpy as np
import pytest

import helpers
from conftest import COLLECTIONS, parse, sha256, stated_sha256
from helpers import backtracking_count
from tools import find_hardest
from tools.cli.exact_cover import count_solutions
from tools.puzzles.make_hard import ISOMORPHS, effort, random_symmetry

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


def test_top1465_shares_exactly_its_69_puzzles_of_17_givens_with_royles_list():
    royle = set(PUZZLES[ROYLE_17.name])
    top = [text.replace(".", "0") for text in PUZZLES[TOP1465.name]]
    shared = [text for text in top if text in royle]
    assert len(shared) == 69 == sum(1 for text in top if sum(1 for v in cells(text) if v) == ROYLE_GIVENS)


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
    counts = [count_solutions(parse(text), limit=2) for text in every(PUZZLES[name], ENGINE_STEPS[name])]
    assert set(counts) == {1}


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_a_sample_has_one_solution_by_the_independent_solver(name):
    sample = evenly(PUZZLES[name], INDEPENDENT_SAMPLE)
    assert [backtracking_count(np.array(cells(text)), limit=2) for text in sample] == [1] * INDEPENDENT_SAMPLE


# ---------------------------------------------------------------------------
# collections/hardest.csv, chosen from the three by tools/puzzles/find_hardest.py
# ---------------------------------------------------------------------------

HARDEST = COLLECTIONS / "hardest.csv"
REMEASURED = 3  #: hardest puzzles whose effort is measured again (each takes a moment)


def hardest_rows() -> list[dict]:
    with HARDEST.open(newline="", encoding="ascii") as handle:
        return list(csv.DictReader(handle))


def test_each_hardest_puzzle_is_the_one_at_its_place_in_its_source():
    rows = hardest_rows()
    assert rows and {row["source"] for row in rows} <= set(find_hardest.SOURCES)
    for row in rows:
        assert PUZZLES[row["source"]][int(row["position"])].replace(".", "0") == row["puzzle"]


def test_the_hardest_are_distinct_and_above_the_threshold():
    rows = hardest_rows()
    assert len({row["puzzle"] for row in rows}) == len(rows)
    assert min(float(row["plain_rows"]) for row in rows) >= find_hardest.MIN_PLAIN_ROWS


def test_the_hardest_puzzles_effort_is_measured_again_alike():
    rng = np.random.default_rng(find_hardest.HARDEST_SEED)
    symmetries = [random_symmetry(rng) for _ in range(ISOMORPHS)]
    for row in evenly(hardest_rows(), REMEASURED):
        assert round(effort(cells(row["puzzle"]), symmetries), 1) == float(row["plain_rows"])
