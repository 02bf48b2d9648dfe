"""Each optimisation of the sudoku engine changes the time taken, never an answer."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import helpers
from conftest import ROOT
from helpers import is_valid_solution

SWITCHES = [field.name for field in dataclasses.fields(helpers.Optimisations)]
HARD = np.load(ROOT / "data" / "hard_puzzle.npy")
HARD_SOLUTIONS = np.load(ROOT / "data" / "hard_solution.npy")


@pytest.fixture
def engine_with(request):
    """The shared 9x9 engine with one switch off; every switch back on afterwards."""
    engine = helpers.engine(helpers.SUDOKU_BOX)
    engine.optimisations = helpers.Optimisations(**{request.param: False})
    yield engine
    engine.optimisations = helpers.Optimisations()


def assert_hard_puzzles_get_their_stored_answers() -> None:
    for puzzle, expected in zip(HARD, HARD_SOLUTIONS):
        answer = helpers.solve_sudoku(puzzle)
        if (expected == helpers.NO_SOLUTION).all():
            assert answer is None
        else:
            assert np.array_equal(answer, expected) and is_valid_solution(puzzle, answer)


@pytest.mark.parametrize("engine_with", SWITCHES, indirect=True)
def test_answers_are_the_same_with_a_switch_off(engine_with):
    assert_hard_puzzles_get_their_stored_answers()


@pytest.mark.parametrize("engine_with", SWITCHES, indirect=True)
def test_counts_are_the_same_with_a_switch_off(engine_with):
    for puzzle, expected in zip(HARD, HARD_SOLUTIONS):
        unique = not (expected == helpers.NO_SOLUTION).all()
        assert helpers.count_solutions(puzzle, limit=2) == int(unique)


FAMILIES = [list(range(0, 7)), list(range(81, 90)), list(range(162, 166)), list(range(243, 256))]


@pytest.mark.parametrize("start", [0.0, helpers.FAMILY_START])
def test_each_search_order_holds_every_column_once_family_by_family(start):
    order = helpers.column_order(FAMILIES, start)
    bounds = np.cumsum([0] + [len(family) for family in FAMILIES])
    for family, low, high in zip(FAMILIES, bounds, bounds[1:]):
        assert sorted(order[low:high]) == family


def test_start_zero_keeps_the_columns_as_given():
    assert helpers.column_order(FAMILIES, 0.0) == sum(FAMILIES, [])


def test_a_start_half_way_begins_each_family_in_its_middle():
    order = helpers.column_order(FAMILIES, 0.5)
    assert order[0] == 3 and order[7] == 85
