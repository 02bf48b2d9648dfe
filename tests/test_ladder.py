"""The experiment the notebook runs: the ladder's rungs, the race, and the tables it prints.

Each rung takes ideas out of the solver; none may change an answer, and the
last must be the solver itself.  The race must time every method on every
puzzle, take turns, check answers, and count a search that gives up at its
budget as neither right nor wrong.
"""

from __future__ import annotations

import numpy as np
import pytest

import helpers
from conftest import EVEREST, NO_SOLUTION, parse
from helpers import IDEAS, Rung, ladder, markdown_table, race, significant
from tools.puzzles import sets

HARD = sets.load("assignment/hard")
GENERATED_HARD = sets.load("generated-hard:evaluation").sample(12)


def rows_tried(engine: helpers.SudokuEngine, puzzles: np.ndarray) -> list[int]:
    return [engine.solve(helpers.read_grid(puzzle)).rows_tried for puzzle in puzzles]


def test_the_rungs_add_every_idea_once_in_order_after_the_two_textbook_rungs():
    names = list(ladder())
    assert names[:3] == [
        "0. textbook search",
        "0b. textbook search after stage 1",
        "1. dancing links, a matrix per puzzle",
    ]
    assert [name.split(". + ")[1] for name in names[3:]] == list(IDEAS)


def test_the_last_rung_is_the_solver_itself():
    assert rows_tried(Rung(len(IDEAS)), GENERATED_HARD.puzzles) == rows_tried(helpers.engine(3), GENERATED_HARD.puzzles)


@pytest.mark.parametrize("ideas", range(len(IDEAS) + 1))
def test_every_rung_answers_every_hard_puzzle_as_stored(ideas):
    engine = Rung(ideas)
    for puzzle, stored in zip(HARD.puzzles, HARD.solutions):
        grid = engine.solve(helpers.read_grid(puzzle)).grid
        expected = None if np.all(stored == NO_SOLUTION) else stored.ravel().tolist()
        assert grid == expected


def test_rows_tried_change_only_where_an_idea_prunes_the_search():
    tried = [sum(rows_tried(Rung(ideas), GENERATED_HARD.puzzles)) for ideas in range(len(IDEAS) + 1)]
    # one matrix and no unwinding try the same rows as plain dancing links
    assert tried[0] == tried[1] == tried[2]
    # locked candidates and the two tuned choices prune it
    assert tried[4] > tried[5] > tried[7]


@pytest.mark.parametrize("ideas, same", [(0, False), (1, True)], ids=["before one matrix", "with one matrix"])
def test_each_puzzle_gets_a_new_matrix_until_one_matrix_is_relinked(ideas, same):
    engine = Rung(ideas)
    everest = helpers.read_grid(parse(EVEREST))
    engine.solve(everest)
    first = engine.matrix
    engine.solve(everest)
    assert (engine.matrix is first) == same


def test_before_naked_singles_stage_1_only_checks_the_givens():
    grid = helpers.read_grid(np.load("data/very_easy_puzzle.npy")[0])
    singles = Rung(IDEAS.index("naked singles")).place_singles(list(grid))
    assert bin(singles.blank).count("1") == grid.count(0)


def test_the_textbook_search_after_stage_1_makes_no_choice_where_stage_1_solves():
    assert helpers.textbook_after_stage_1(np.load("data/very_easy_puzzle.npy")[0])[1] == 0


def test_the_textbook_search_after_stage_1_finds_no_solution_for_clashing_givens():
    clash = np.zeros((9, 9), dtype=int)
    clash[0, :2] = 5
    assert helpers.textbook_after_stage_1(clash) == (None, 0)


# --- the race ---------------------------------------------------------------------


def test_the_race_times_and_checks_every_method_on_every_puzzle():
    results = race(ladder(), HARD.puzzles, HARD.solutions)
    assert all(len(r.ms) == len(HARD) and r.right.all() and (r.ms > 0).all() for r in results.values())


def test_a_wrong_answer_is_counted_wrong():
    results = race({"always -1": lambda puzzle: (None, 0)}, HARD.puzzles, HARD.solutions)
    assert results["always -1"].right.tolist() == HARD.unsolvable().tolist()


def test_a_search_over_its_budget_is_neither_right_nor_wrong_and_counts_its_budget():
    results = race({"textbook": ladder(budget=10)["0. textbook search"]}, parse(EVEREST)[None])
    assert results["textbook"].over_budget.tolist() == [True]
    assert results["textbook"].right.tolist() == [False] and results["textbook"].choices.tolist() == [10]


def test_the_methods_take_turns_going_first():
    order = []

    def method(name):
        def solve(puzzle):
            order.append(name)
            return None, 0

        return solve

    race({name: method(name) for name in "abc"}, np.zeros((3, 9, 9), dtype=int))
    assert order[3:] == list("abcbcacab")  # after one untimed warm-up call each


def test_a_method_gets_a_copy_it_may_change():
    puzzles = HARD.puzzles.copy()

    def scribble(puzzle):
        puzzle[:] = 0
        return None, 0

    race({"scribble": scribble}, puzzles)
    assert np.array_equal(puzzles, HARD.puzzles)


# --- the tables ---------------------------------------------------------------


@pytest.mark.parametrize(
    "value, text",
    [(0, "0"), (0.2712, "0.27"), (4.04, "4.0"), (9.96, "10"), (1523, "1,500"), (51234, "51,000"), (0.00995, "0.010")],
)
def test_significant_keeps_two_figures_and_separates_thousands(value, text):
    assert significant(value) == text


def test_a_markdown_table_aligns_numbers_right_and_words_left():
    table = markdown_table(["set", "mean ms"], [["hard (15)", "0.27"], ["top1465 sample (200)", "≥1,500"]])
    assert table.splitlines() == [
        "| set                  | mean ms |",
        "| -------------------- | ------: |",
        "| hard (15)            |    0.27 |",
        "| top1465 sample (200) |  ≥1,500 |",
    ]
