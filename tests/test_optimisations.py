"""Each optimisation of the sudoku engine changes the time taken, never an answer."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import helpers
from checker import is_valid_solution
from conftest import ROOT

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


def test_every_switch_is_on_by_default():
    assert all(getattr(helpers.Optimisations(), name) is True for name in SWITCHES)


@pytest.mark.parametrize("engine_with", SWITCHES, indirect=True)
def test_answers_are_the_same_with_a_switch_off(engine_with):
    for puzzle, expected in zip(HARD, HARD_SOLUTIONS):
        answer = helpers.solve_sudoku(puzzle)
        if (expected == helpers.NO_SOLUTION).all():
            assert answer is None
        else:
            assert np.array_equal(answer, expected) and is_valid_solution(puzzle, answer)


@pytest.mark.parametrize("engine_with", SWITCHES, indirect=True)
def test_counts_are_the_same_with_a_switch_off(engine_with):
    for puzzle, expected in zip(HARD, HARD_SOLUTIONS):
        unique = not (expected == helpers.NO_SOLUTION).all()
        assert helpers.count_solutions(puzzle, limit=2) == int(unique)


def test_answers_are_the_same_when_every_search_restarts(monkeypatch):
    """Limits so small that each search restarts in every column order."""
    monkeypatch.setattr(helpers, "RESTART_LIMITS", (1, 2, 3, 4, 5, None))
    for puzzle, expected in zip(HARD, HARD_SOLUTIONS):
        answer = helpers.solve_sudoku(puzzle)
        if (expected == helpers.NO_SOLUTION).all():
            assert answer is None
        else:
            assert np.array_equal(answer, expected) and is_valid_solution(puzzle, answer)


@pytest.mark.parametrize("attempt", range(5))
def test_each_restart_order_holds_every_column_once(attempt):
    primary = list(range(10, 40))
    assert sorted(helpers.column_order(primary, attempt)) == primary


def test_restart_orders_differ():
    primary = list(range(30))
    orders = {tuple(helpers.column_order(primary, attempt)) for attempt in range(4)}
    assert len(orders) == 4
