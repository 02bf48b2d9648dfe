"""The experiment the notebook runs: the ablation's variants, the race, the
symmetric copies and their intervals, and the tables it prints.

Each variant takes ideas out of the solver; none may change an answer, and
the last must be the solver itself.  The race must time every method on
every puzzle in every round, take turns, check answers, and count a search
that gives up at its budget as neither right nor wrong.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import helpers
from conftest import DATA, EVEREST, NO_SOLUTION, parse
from helpers import ADDED, ALGORITHM_X, Ideas, SudokuEngine, ablation, markdown_table, race, significant
from tools.puzzles.symmetry import same_puzzle

HARD = np.load(DATA / "hard_puzzle.npy")
HARD_STORED = np.load(DATA / "hard_solution.npy")


def test_the_ablation_adds_each_idea_once_in_order_after_algorithm_x():
    assert list(ablation()) == [ALGORITHM_X, *(f"+ {idea.replace('_', ' ')}" for idea in Ideas._fields)]
    assert list(ablation())[-1] == helpers.SOLVER


@pytest.mark.parametrize("variant", [ALGORITHM_X, *ADDED])
def test_every_variant_answers_every_hard_puzzle_as_stored(variant):
    method = ablation()[variant]
    for puzzle, stored in zip(HARD, HARD_STORED):
        solution = method(puzzle)[0]
        assert np.all(stored == NO_SOLUTION) if solution is None else solution == stored.ravel().tolist()


def test_the_last_variant_tries_the_rows_the_solver_tries():
    variant, solver = ablation()[helpers.SOLVER], SudokuEngine(3)
    assert [variant(p)[1] for p in HARD] == [solver.solve(helpers.read_grid(p)).rows_tried for p in HARD]


@pytest.mark.parametrize("reuse, same", [(False, False), (True, True)], ids=["a matrix per puzzle", "reused"])
def test_a_new_matrix_is_built_for_each_puzzle_unless_it_is_reused(reuse, same):
    engine = SudokuEngine(3, Ideas(reuse_matrix=reuse))
    everest = helpers.read_grid(parse(EVEREST))
    engine.solve(everest)
    first = engine.matrix
    engine.solve(everest)
    assert (engine.matrix is first) == same


def test_without_the_rules_of_stage_1_the_givens_are_only_checked():
    grid = helpers.read_grid(np.load(DATA / "very_easy_puzzle.npy")[0])
    nothing = Ideas(naked_singles=False, hidden_singles=False, locked_candidates=False)
    singles = SudokuEngine(3, nothing).place_singles(list(grid))
    assert bin(singles.blank).count("1") == grid.count(0)


def test_the_textbook_search_after_stage_1_makes_no_choice_where_stage_1_solves():
    after = helpers.textbook_methods()[helpers.AFTER_STAGE_1]
    assert after(np.load(DATA / "very_easy_puzzle.npy")[0])[1] == 0


# --- the race ---------------------------------------------------------------------


def test_the_race_times_and_checks_every_method_on_every_puzzle_in_every_round():
    results = race(ablation(), HARD, HARD_STORED, rounds=2)
    assert all(r.ms.shape == (2, len(HARD)) and r.right.all() and (r.ms > 0).all() for r in results.values())


def test_a_wrong_answer_is_counted_wrong():
    results = race({"always -1": lambda puzzle: (None, 0, 0)}, HARD, HARD_STORED)
    assert results["always -1"].right.tolist() == np.all(HARD_STORED == NO_SOLUTION, axis=(1, 2)).tolist()


def test_a_search_over_its_budget_is_neither_right_nor_wrong_and_counts_its_budget():
    textbook = helpers.textbook_methods(budget=10)[helpers.TEXTBOOK]
    results = race({"textbook": textbook}, parse(EVEREST)[None])["textbook"]
    assert results.over_budget.tolist() == [True] and results.right.tolist() == [False]
    assert results.nodes.tolist() == [10]


def test_the_first_method_moves_on_by_one_from_puzzle_to_puzzle_and_from_round_to_round():
    order = []

    def method(name):
        def solve(puzzle):
            order.append(name)
            return None, 0, 0

        return solve

    race({name: method(name) for name in "abc"}, np.zeros((2, 9, 9), dtype=int), rounds=2)
    assert order[3:] == list("abcbca" + "bcacab")  # after one untimed warm-up call each


def test_a_method_gets_a_copy_it_may_change():
    puzzles = HARD.copy()

    def scribble(puzzle):
        puzzle[:] = 0
        return None, 0, 0

    race({"scribble": scribble}, puzzles)
    assert np.array_equal(puzzles, HARD)


@pytest.mark.parametrize(
    "methods, puzzles, rounds",
    [({}, HARD, 1), ({"x": lambda p: (None, 0, 0)}, HARD[:0], 1), ({"x": lambda p: (None, 0, 0)}, HARD, 0)],
    ids=["no methods", "no puzzles", "no rounds"],
)
def test_a_race_without_methods_puzzles_or_rounds_is_refused(methods, puzzles, rounds):
    with pytest.raises(ValueError, match="a race needs"):
        race(methods, puzzles, rounds=rounds)


# --- symmetric copies and intervals --------------------------------------------------


@pytest.mark.parametrize("engines, copies", [({}, 2), ({"a": []}, 2), ({"a": [SudokuEngine(3)]}, 0)])
def test_copies_without_entries_engines_or_copies_are_refused(engines, copies):
    with pytest.raises(ValueError, match="on_copies needs"):
        helpers.on_copies(HARD[:1], engines, copies, seed=1)


def test_a_symmetric_copy_keeps_the_puzzle_and_maps_its_solution_alike():
    symmetry = helpers.random_symmetry(random.Random(7))
    puzzle, solution = HARD[2], HARD_STORED[2]
    copy = symmetry.apply(puzzle)
    assert same_puzzle(puzzle, copy) and np.array_equal(helpers.solve_sudoku(copy), symmetry.apply(solution))


def test_the_same_seed_draws_the_same_copies():
    draw = [helpers.random_symmetry(random.Random(3)).apply(HARD[2]) for _ in range(2)]
    assert np.array_equal(*draw) and not np.array_equal(draw[0], HARD[2])


def test_orders_on_the_same_copies_try_the_same_rows_when_they_are_the_same_order():
    runs = helpers.on_copies(HARD[:4], {"a": [SudokuEngine(3)], "b": [SudokuEngine(3)]}, copies=3, seed=1)
    assert runs["a"].rows.shape == runs["a"].ms.shape == (4, 3)
    assert np.array_equal(runs["a"].rows, runs["b"].rows) and runs["a"].rows.any()


def test_an_entry_of_several_engines_shares_its_copies_among_them():
    one, other = SudokuEngine(3, order=helpers.family_order(3)), SudokuEngine(3, order=helpers.half_way_order())
    runs = helpers.on_copies(HARD[:6], {"one": [one], "other": [other], "both": [one, other]}, copies=4, seed=1)
    assert np.array_equal(runs["both"].rows[:, 0::2], runs["one"].rows[:, 0::2])
    assert np.array_equal(runs["both"].rows[:, 1::2], runs["other"].rows[:, 1::2])


def test_the_half_way_order_starts_each_family_at_its_middle_and_a_random_order_keeps_the_families():
    assert helpers.half_way_order(2)[:16] == [8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7]
    assert helpers.half_way_order(2)[16:24] == list(range(24, 32))
    drawn = helpers.random_order(5)
    assert [sorted(drawn[81 * f : 81 * (f + 1)]) for f in range(4)] == [
        list(range(81 * f, 81 * (f + 1))) for f in range(4)
    ]
    assert drawn == helpers.random_order(5) != helpers.random_order(6)


def test_the_solver_without_a_rule_tries_more_rows_than_with_it():
    solver = SudokuEngine(3)
    everest = helpers.read_grid(parse(EVEREST))
    without = helpers.leave_one_out("locked_candidates")["- locked candidates"]
    assert without(parse(EVEREST))[1] >= solver.solve(everest).rows_tried


def test_a_wrong_digit_leaves_a_puzzle_with_one_solution_without_any():
    puzzle, solution = HARD[2], HARD_STORED[2].astype(int)
    wrong = helpers.with_a_wrong_digit(puzzle, solution)
    [(r, c)] = zip(*np.nonzero(wrong != puzzle))
    assert wrong[r, c] != solution[r, c] and helpers.backtracking_count(wrong) == 0


# --- wrong choices --------------------------------------------------------------


def test_a_textbook_search_that_never_backs_up_makes_no_wrong_choice():
    easy = np.load(DATA / "easy_puzzle.npy")
    easy = easy[np.load(DATA / "easy_solution.npy")[:, 0, 0] != NO_SOLUTION][:3]  # propagation solves them
    results = race({"singles": helpers.textbook_methods()[helpers.SINGLES]}, easy)["singles"]
    assert results.nodes.tolist() == [int((p == 0).sum()) for p in easy] and not results.wrong_choices.any()


def test_the_wrong_choices_of_a_search_stopped_at_its_budget_are_kept():
    textbook = helpers.textbook_methods(budget=50)[helpers.TEXTBOOK]
    results = race({"textbook": textbook}, parse(EVEREST)[None])["textbook"]
    assert results.over_budget[0] and 0 < results.wrong_choices[0] <= 50


@pytest.mark.parametrize("df, quantile", [(1, 12.706), (9, 2.262), (59, 2.001)])
def test_the_t_quantile_is_students(df, quantile):
    assert helpers.t_quantile(0.975, df) == pytest.approx(quantile, abs=1e-3)


def test_the_interval_is_the_mean_plus_or_minus_t_standard_errors():
    mean, low, high = helpers.mean_interval(np.array([1.0, 2.0, 3.0, 4.0]))
    assert (mean, high - mean) == pytest.approx((2.5, helpers.t_quantile(0.975, 3) * np.std([1, 2, 3, 4], ddof=1) / 2))
    assert mean - low == pytest.approx(high - mean)


def test_an_interval_needs_two_values():
    with pytest.raises(ValueError, match="two values"):
        helpers.mean_interval(np.array([1.0]))


# --- the tables ---------------------------------------------------------------


@pytest.mark.parametrize(
    "value, text",
    [(0, "0"), (0.2712, "0.27"), (4.04, "4.0"), (9.96, "10"), (1523, "1,500"), (-43.9, "-44"), (0.00995, "0.010")],
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
