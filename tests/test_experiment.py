"""The experiment the notebook runs (``experiment.py``): the puzzles, the
ablation's variants, the textbook searches, the race, where a node's time
goes, the paired tests, the tables and the figures.

Each variant of the ablation adds one idea to Algorithm X; none may change an
answer, and the last must be the solver itself.  The race must time every
method on every puzzle in every round, take turns and check answers.
Counting a search's choice points and timing its parts must not change what
it does.  Wilcoxon's test is held to scipy where the two compute the same thing, and
to a count of every sign pattern where they do not: with tied differences,
scipy's exact method ignores the ties, ours counts over the ranks as they are.
"""

from __future__ import annotations

import gc
import platform

import numpy as np
import pytest
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

import experiment
import helpers
import textbook
from conftest import DATA, EVEREST, EVEREST_SOLUTION, NO_SOLUTION, parse
from experiment import (
    AFTER_PROPAGATION,
    FIXED_ORDER,
    FORWARD_CHECKING,
    HIDDEN_SINGLES,
    MAC,
    NO_PROPAGATION,
    WILCOXON_EXACT,
    WITHOUT,
    Results,
    ablation,
    holm,
    markdown_table,
    race,
    significant,
    wilcoxon_signed_rank,
)
from helpers import Ideas, SudokuEngine
from tools.puzzles.make_data import pattern_grid

HARD = np.load(DATA / "hard_puzzle.npy")
HARD_STORED = np.load(DATA / "hard_solution.npy")
SEARCHED = HARD[[2, 3, 7, 8]]  #: hard puzzles that the solver's propagation leaves to its search
VERY_EASY = np.load(DATA / "very_easy_puzzle.npy")[0]  #: naked and hidden singles solve it
CLASH = np.zeros((9, 9), dtype=int)
CLASH[0, 0] = CLASH[0, 8] = 5  # two 5s in one row: no solution


def nothing(puzzle: np.ndarray) -> tuple[None, int]:
    """A method that answers "no solution" after no search."""
    return None, 0


# --- the ablation ----------------------------------------------------------------


def test_the_ablation_is_the_solver_twice_then_without_each_rule_then_without_all_three():
    engines = ablation()
    assert list(engines) == [experiment.SOLVER, experiment.AGAIN, *WITHOUT.values(), NO_PROPAGATION]
    removed = [[name for name in Ideas._fields if not getattr(e.ideas, name)] for e in engines.values()]
    assert removed == [[], [], *([name] for name in WITHOUT), list(WITHOUT)]
    assert len({id(engine) for engine in engines.values()}) == len(engines)


def test_algorithm_x_alone_takes_a_row_for_every_blank_of_a_puzzle_singles_solve():
    """No propagation: the S heuristic finds each single as a column of one row."""
    assert SudokuEngine(3).solve(helpers.read_grid(VERY_EASY)).rows_tried == 0  # singles solve it
    assert experiment.by_engine(ablation()[NO_PROPAGATION])(VERY_EASY)[1] == np.count_nonzero(VERY_EASY == 0)


def test_choice_points_leave_out_forced_moves():
    """Algorithm X alone solves the very easy puzzle by forced moves only: many rows, no choice."""
    counts = experiment.choice_points(ablation(), np.stack([VERY_EASY, parse(EVEREST)]))
    assert counts[NO_PROPAGATION][0] == 0 and counts[experiment.SOLVER][1] > 0


@pytest.mark.parametrize("reuse, same", [(False, False), (True, True)], ids=["a matrix per puzzle", "reused"])
def test_a_new_matrix_is_built_for_each_puzzle_unless_it_is_reused(reuse, same):
    engine = SudokuEngine(3, Ideas(reuse_matrix=reuse))
    everest = helpers.read_grid(parse(EVEREST))
    engine.solve(everest)
    first = engine.matrix
    engine.solve(everest)
    assert (engine.matrix is first) == same


def test_without_the_rules_of_propagation_the_givens_are_only_checked():
    grid = helpers.read_grid(VERY_EASY)
    nothing_more = Ideas(naked_singles=False, hidden_singles=False, locked_candidates=False)
    candidates = SudokuEngine(3, nothing_more).place_forced_digits(list(grid))
    assert bin(candidates.blanks).count("1") == grid.count(0)


def test_an_engine_as_a_method_answers_a_flat_grid_and_the_rows_it_tried():
    solution, rows = experiment.by_engine(SudokuEngine(3))(parse(EVEREST))
    assert solution == parse(EVEREST_SOLUTION).ravel().tolist() and rows > 0


def test_an_engine_as_a_method_answers_none_to_a_cell_no_sudoku_has():
    assert experiment.by_engine(SudokuEngine(3))(np.full((9, 9), 10)) == (None, 0)


# --- the textbook searches -----------------------------------------------------------


def test_the_textbook_searches_go_from_a_fixed_order_to_the_search_after_propagation():
    assert list(experiment.textbook_methods()) == [
        FIXED_ORDER,
        FORWARD_CHECKING,
        MAC,
        HIDDEN_SINGLES,
        AFTER_PROPAGATION,
    ]


def test_every_textbook_search_answers_right():
    results = race(experiment.textbook_methods(), HARD[:6], HARD_STORED[:6])
    assert all(r.right.all() for r in results.values())


def test_a_textbook_method_reads_the_grid_and_answers_a_flat_list_as_the_solvers_does():
    solution, assignments = experiment.by_csp(hidden_singles=True)(parse(EVEREST))
    assert solution == parse(EVEREST_SOLUTION).ravel().tolist() and assignments > 0
    assert experiment.by_csp()(CLASH) == (None, 0)


def test_backtracking_in_a_fixed_order_is_stopped_at_its_budget_or_finishes():
    (stopped, _), (finished, _) = experiment.fixed_order_budget([parse(EVEREST), VERY_EASY], budget=10)
    assert not stopped and finished


def test_the_matrix_table_gives_its_nodes_and_build_time(capsys):
    experiment.print_matrix_build(builds=1)
    assert cells_of(capsys.readouterr().out.strip().splitlines()[-1])[:2] == ["9 x 9", "2916"]


def test_the_textbook_search_after_propagation_makes_no_choice_where_propagation_solves():
    after = experiment.textbook_methods()[AFTER_PROPAGATION]
    assert after(VERY_EASY)[1] == 0


def test_the_textbook_search_after_propagation_answers_none_where_propagation_finds_a_contradiction():
    assert experiment.after_propagation()(CLASH) == (None, 0)


def test_the_domains_after_propagation_are_the_digits_each_cell_may_still_take():
    cells, candidates = experiment.propagated(SudokuEngine(3), parse(EVEREST))
    masks = experiment.digits_left(candidates)
    for i in range(81):
        may = {d + 1 for d in range(9) if candidates.places[d] >> i & 1}
        assert {d for d in range(1, 10) if masks[i] >> (d - 1) & 1} == may and (not may) == bool(cells[i])


# --- the race ---------------------------------------------------------------------


def test_the_race_times_and_checks_every_method_on_every_puzzle_in_every_round():
    """The methods are the ablation's variants: none changes an answer."""
    results = race({name: experiment.by_engine(e) for name, e in ablation().items()}, HARD, HARD_STORED, rounds=2)
    assert all(r.ms.shape == (2, len(HARD)) and r.right.all() and (r.ms > 0).all() for r in results.values())


def test_the_race_counts_the_search_nodes_a_method_reports():
    results = race({"solver": experiment.by_engine(SudokuEngine(3))}, SEARCHED)["solver"]
    assert results.nodes.tolist() == [SudokuEngine(3).solve(helpers.read_grid(p)).rows_tried for p in SEARCHED]


def test_a_wrong_answer_is_counted_wrong():
    results = race({"always none": nothing}, HARD, HARD_STORED)
    assert results["always none"].right.tolist() == np.all(HARD_STORED == NO_SOLUTION, axis=(1, 2)).tolist()


def test_without_stored_answers_any_valid_completion_is_right():
    empty = np.zeros((1, 9, 9), dtype=int)
    results = race({"pattern": lambda puzzle: (pattern_grid(3), 0), "none": nothing}, empty)
    assert results["pattern"].right.tolist() == [True] and results["none"].right.tolist() == [False]


def test_the_methods_take_turns_in_the_order_drawn_for_each_puzzle_and_round():
    order = []

    def method(name):
        def solve(puzzle):
            order.append(name)
            return None, 0

        return solve

    race({name: method(name) for name in "abc"}, np.zeros((2, 9, 9), dtype=int), rounds=2)
    drawn = [experiment.in_turn("abc", k, r) for r in range(2) for k in range(2)]
    assert order[3:] == [name for turn in drawn for name in turn]  # after one untimed warm-up call each


def test_each_method_goes_first_and_follows_each_other_about_as_often():
    turns = [experiment.in_turn("abcd", k, r) for k in range(300) for r in range(3)]
    firsts = [turn[0] for turn in turns].count
    follows = [pair for turn in turns for pair in zip(turn, turn[1:])].count
    assert all(180 < firsts(name) < 270 for name in "abcd")
    assert all(180 < follows((a, b)) < 270 for a in "abcd" for b in "abcd" if a != b)


def test_a_method_gets_a_copy_it_may_change():
    puzzles = HARD.copy()

    def scribble(puzzle):
        puzzle[:] = 0
        return None, 0

    race({"scribble": scribble}, puzzles)
    assert np.array_equal(puzzles, HARD)


def test_during_a_race_and_only_then_garbage_is_collected_and_what_was_made_before_is_frozen():
    """Even a race that fails leaves garbage collection as it found it."""
    seen = []
    before = gc.get_freeze_count()

    def method(puzzle):
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        if len(seen) == 3:  # the second timed call, after the warm-up
            raise ZeroDivisionError
        return None, 0

    with pytest.raises(ZeroDivisionError):
        race({"m": method}, HARD[:2])
    assert len(seen) == 3 and all(enabled and frozen > 0 for enabled, frozen in seen[1:])
    assert gc.isenabled() and gc.get_freeze_count() == before


@pytest.mark.parametrize(
    "methods, puzzles, rounds",
    [
        ({}, HARD, 1),
        ({"x": nothing}, HARD[:0], 1),
        ({"x": nothing}, HARD, 0),
    ],
    ids=["no methods", "no puzzles", "no rounds"],
)
def test_a_race_without_methods_puzzles_or_rounds_is_refused(methods, puzzles, rounds):
    with pytest.raises(ValueError, match="a race needs"):
        race(methods, puzzles, rounds=rounds)


VALID = pattern_grid(3)
RELABELLED = np.where(VALID == 1, 2, np.where(VALID == 2, 1, VALID))  #: another solution of the empty grid
EMPTY_GRID = np.zeros((9, 9), dtype=int)
NONE_STORED = np.full((9, 9), NO_SOLUTION)


@pytest.mark.parametrize(
    "puzzle, solution, stored, right",
    [
        (HARD[2], HARD_STORED[2], HARD_STORED[2], True),
        (HARD[2], HARD_STORED[2].ravel().tolist(), HARD_STORED[2], True),
        (EMPTY_GRID, RELABELLED, VALID, False),
        (EMPTY_GRID, RELABELLED, None, True),
        (HARD[2], VALID, None, False),
        (CLASH, None, NONE_STORED, True),
        (CLASH, VALID, NONE_STORED, False),
        (HARD[2], None, HARD_STORED[2], False),
    ],
    ids=[
        "the stored solution",
        "it as a flat list",
        "another solution than the stored one",
        "any solution, none stored",
        "a grid that changes a given",
        "none where none is stored",
        "a grid where none is stored",
        "none where one is stored",
    ],
)
def test_is_right(puzzle, solution, stored, right):
    assert experiment.is_right(puzzle, solution, stored) is right


def results_of(ms: list[list[float]]) -> Results:
    """``Results`` with these times (rounds by puzzles), every answer right."""
    puzzles = len(ms[0])
    return Results(np.array(ms), np.zeros(puzzles, int), np.ones(puzzles, bool))


def test_round_means_are_each_rounds_mean_time_per_puzzle():
    assert results_of([[1.0, 2.0, 3.0], [3.0, 4.0, 11.0]]).round_means().tolist() == [2.0, 6.0]


def test_a_puzzles_time_is_the_median_of_its_rounds():
    assert results_of([[1.0, 10.0], [2.0, 30.0], [9.0, 20.0]]).puzzle_ms().tolist() == [2.0, 20.0]


def test_a_time_per_puzzle_is_the_median_of_the_rounds_means():
    assert results_of([[1.0, 3.0], [8.0, 8.0], [3.0, 5.0]]).mean_ms() == 4.0


def test_race_each_races_the_sets_that_are_here_in_the_order_named():
    sets = {"hard": (HARD[:2], HARD_STORED[:2]), "more": (SEARCHED[:1], None)}
    raced = experiment.race_each({"none": nothing}, sets, ["more", "missing", "hard"])
    assert list(raced) == ["more", "hard"] and raced["hard"]["none"].ms.shape == (1, 2)


def test_a_wrong_digit_leaves_a_puzzle_with_one_solution_without_any():
    puzzle, solution = HARD[2], HARD_STORED[2].astype(int)
    wrong = experiment.with_a_wrong_digit(puzzle, solution)
    [(r, c)] = zip(*np.nonzero(wrong != puzzle))
    assert wrong[r, c] != solution[r, c] and textbook.backtracking_count(wrong) == 0


def test_the_wrong_digit_set_stores_no_solution_for_each_puzzle():
    puzzles, stored = experiment.wrong_digit_set(SEARCHED[:2])
    assert np.all(stored == NO_SOLUTION) and [textbook.backtracking_count(p) for p in puzzles] == [0, 0]


def test_a_full_grid_cannot_take_a_wrong_digit():
    with pytest.raises(ValueError, match="no blank"):
        experiment.with_a_wrong_digit(VALID, VALID)


# --- the puzzles -----------------------------------------------------------------


def test_the_sets_are_the_assignments_categories_with_their_answers_then_the_hard_sets():
    sets = experiment.puzzle_sets()
    assert list(sets) == ["very easy", "easy", "medium", "hard", *experiment.HARD_SETS]
    assert sets["hard"][1].shape == (15, 9, 9) and all(sets[name][1] is None for name in experiment.HARD_SETS)


def test_a_hard_set_whose_file_is_missing_is_left_out_with_a_line_saying_so(tmp_path, monkeypatch, capsys):
    (tmp_path / "data").mkdir()
    for path in DATA.glob("*.npy"):
        (tmp_path / "data" / path.name).write_bytes(path.read_bytes())
    monkeypatch.chdir(tmp_path)
    assert list(experiment.puzzle_sets()) == ["very easy", "easy", "medium", "hard"]
    assert capsys.readouterr().out.count("Left out:") == len(experiment.HARD_SETS)


# --- where a node's time goes ------------------------------------------------------


def test_an_instrumented_matrix_searches_as_the_matrix_does_and_times_each_part():
    rows = helpers.exact_cover_rows(2)
    plain, timed = helpers.AlgorithmX(rows), experiment.InstrumentedAlgorithmX(rows, timing=True)
    assert list(timed.search())[:5] == list(plain.search())[:5] and timed.rows_tried == plain.rows_tried
    assert all(timed.seconds[part] > 0 for part in experiment.PARTS)


def test_an_instrumented_textbook_search_assigns_as_the_search_does_and_counts_its_choices():
    cells = parse(EVEREST).ravel().tolist()
    plain, timed = (
        textbook.SudokuCSP(cells, 3, hidden_singles=True),
        experiment.InstrumentedCSP(cells, 3, hidden_singles=True, timing=True),
    )
    assert plain.run(1) == timed.run(1) and plain.assignments == timed.assignments
    assert 0 < timed.choices <= timed.assignments and all(seconds > 0 for seconds in timed.seconds.values())


def test_node_times_count_each_searchs_nodes_and_choices_and_share_out_its_time():
    times = experiment.node_times(SEARCHED, rounds=2)
    solver = SudokuEngine(3)
    assert times[experiment.SOLVER].nodes == sum(solver.solve(helpers.read_grid(p)).rows_tried for p in SEARCHED)
    assert times[experiment.SOLVER].choices == experiment.choice_points({"s": solver}, SEARCHED)["s"].sum()
    strongest = sum(textbook.backtracking_solve(p, hidden_singles=True).assignments for p in SEARCHED)
    assert times[HIDDEN_SINGLES].nodes == strongest
    for t in times.values():
        assert t.puzzles == len(SEARCHED) and t.before > 0 and t.search > 0 and t.choices <= t.nodes
        assert sum(t.shares.values()) == pytest.approx(1)


# --- the paired tests -------------------------------------------------------------


def scipy_normal_approximation(differences: list[int]) -> float:
    """scipy's two-sided p-value by the normal approximation, zeros dropped,
    corrected for ties and continuity ("approx" until scipy 1.15, "asymptotic" since)."""
    for method in ("asymptotic", "approx"):
        try:
            return float(scipy.stats.wilcoxon(differences, zero_method="wilcox", correction=True, method=method).pvalue)
        except ValueError:
            if method == "approx":
                raise
    raise AssertionError("unreachable")


def every_sign_pattern(differences: list[int]) -> float:
    """The exact two-sided p-value by brute force, over the ranks as they are,
    ties included: the share of the 2**n ways to sign the non-zero
    differences' ranks whose sum of positive ranks lies at least as far from
    its mean as the one observed."""
    d = np.array([x for x in differences if x], dtype=float)
    if not len(d):
        return 1.0
    ranks = scipy.stats.rankdata(np.abs(d))  # average ranks for ties
    mean = ranks.sum() / 2
    observed = abs(ranks[d > 0].sum() - mean)
    positive = (np.arange(2 ** len(d))[:, None] >> np.arange(len(d))) & 1
    return float(np.mean(np.abs(positive @ ranks - mean) >= observed - 1e-9))


@st.composite
def untied(draw, max_size: int) -> list[int]:
    """Non-zero differences of distinct sizes, each sign drawn."""
    sizes = draw(st.lists(st.integers(1, 1000), min_size=1, max_size=max_size, unique=True))
    return [size if draw(st.booleans()) else -size for size in sizes]


@st.composite
def many(draw) -> list[int]:
    """More than ``WILCOXON_EXACT`` non-zero differences, of sizes up to a drawn
    bound (a small one ties many), positive with a drawn chance, and up to ten
    zeros; drawn from one seed, as a list of that length drawn item by item
    makes each example slow."""
    n, largest, zeros = draw(st.integers(WILCOXON_EXACT + 1, 150)), draw(st.integers(1, 30)), draw(st.integers(0, 10))
    positive = draw(st.floats(0, 1))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    sizes = rng.integers(1, largest + 1, n)
    return [*np.where(rng.random(n) < positive, sizes, -sizes).tolist(), *[0] * zeros]


@settings(max_examples=60, deadline=None)
@given(many())
def test_above_wilcoxon_exact_differences_the_p_value_is_scipys_normal_approximation(differences):
    assert wilcoxon_signed_rank(differences) == pytest.approx(scipy_normal_approximation(differences), rel=1e-7)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-4, 4), max_size=12))
def test_up_to_wilcoxon_exact_differences_with_ties_the_p_value_counts_every_sign_pattern(differences):
    assert wilcoxon_signed_rank(differences) == pytest.approx(every_sign_pattern(differences), abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(untied(WILCOXON_EXACT))
def test_up_to_wilcoxon_exact_differences_without_ties_the_p_value_is_scipys_exact_one(differences):
    exact = scipy.stats.wilcoxon(differences, method="exact").pvalue
    assert wilcoxon_signed_rank(differences) == pytest.approx(exact, rel=1e-9)


@pytest.mark.parametrize("n", [WILCOXON_EXACT, WILCOXON_EXACT + 1], ids=["exact", "approximate"])
def test_zeros_do_not_count_towards_wilcoxon_exact(n):
    """The same 35-to-15 signs of the sizes 1 to n (or 51), ten zeros beside them."""
    differences = [k if k % 10 < 7 else -k for k in range(1, n + 1)]
    if n <= WILCOXON_EXACT:
        expected = scipy.stats.wilcoxon(differences, method="exact").pvalue
    else:
        expected = scipy_normal_approximation(differences)
    assert wilcoxon_signed_rank([*differences, *[0] * 10]) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("differences", [[], [0, 0, 0]], ids=["none", "only zeros"])
def test_no_difference_but_zeros_gives_a_p_value_of_1(differences):
    assert wilcoxon_signed_rank(differences) == 1.0


def test_average_ranks_give_ties_the_mean_of_their_ranks():
    assert experiment.average_ranks(np.array([3.0, 1.0, 3.0, 2.0, 3.0])).tolist() == [4.0, 1.0, 4.0, 2.0, 4.0]


@pytest.mark.parametrize(
    "p_values, alpha, significant",
    [
        # m = 4: 0.005 <= 0.05/4 and 0.015 <= 0.05/3 are significant (Bonferroni's 0.05/4
        # would refuse 0.015); 0.03 > 0.05/2 stops the rest, so 0.04, though under 0.05/1, is not.
        ([0.015, 0.04, 0.03, 0.005], 0.05, [True, False, False, True]),
        ([0.02, 0.004], 0.01, [False, True]),
        ([], 0.05, []),
    ],
    ids=["steps down until the first over its threshold", "at the level it is given", "no p-values"],
)
def test_holm(p_values, alpha, significant):
    assert holm(p_values, alpha=alpha) == significant


# --- reading and printing ----------------------------------------------------------


def test_puzzles_are_read_from_a_text_file_one_a_line(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(f"{EVEREST}\n\n{'0' * 81}\n", encoding="ascii")
    assert np.array_equal(experiment.load_puzzles(str(path)), np.stack([parse(EVEREST), np.zeros((9, 9), int)]))


def test_puzzles_are_read_from_a_numpy_file():
    assert np.array_equal(experiment.load_puzzles(str(DATA / "hard_puzzle.npy")), HARD)


@pytest.mark.parametrize(
    "value, text",
    [(0, "0"), (0.2712, "0.27"), (4.04, "4.0"), (9.96, "10"), (1523, "1,500"), (-43.9, "-44"), (0.00995, "0.010")],
)
def test_significant_keeps_two_figures_and_separates_thousands(value, text):
    assert significant(value) == text


@pytest.mark.parametrize("p, text", [(0.0312, "0.031"), (1e-4, "0.00010"), (9.9e-5, "< 0.0001")])
def test_a_p_value_prints_with_two_figures_down_to_0_0001(p, text):
    assert experiment.p_value_text(p) == text


@pytest.mark.parametrize(
    "header, rows, lines",
    [
        (
            ["set", "mean ms"],
            [["hard (15)", "0.27"], ["top1465 sample (200)", "≥1,500"]],
            [
                "| set                  | mean ms |",
                "| -------------------- | ------: |",
                "| hard (15)            |    0.27 |",
                "| top1465 sample (200) |  ≥1,500 |",
            ],
        ),
        (
            ["method", "nodes"],
            [["the solver", "85"], ["exact-cover", "-"]],
            [
                "| method      | nodes |",
                "| ----------- | ----: |",
                "| the solver  |    85 |",
                "| exact-cover |     - |",
            ],
        ),
    ],
    ids=["numbers right and words left", "a dash for no number keeps a column of numbers"],
)
def test_a_markdown_table_aligns_numbers_right_and_words_left(header, rows, lines):
    assert markdown_table(header, rows).splitlines() == lines


def test_a_table_prints_under_its_key_and_title(capsys):
    experiment.print_table("times", "CPU time per puzzle", ["set", "ms"], [["hard", "0.27"]])
    assert (
        capsys.readouterr().out
        == f"[times] CPU time per puzzle\n\n{markdown_table(['set', 'ms'], [['hard', '0.27']])}\n"
    )


def cells_of(line: str) -> list[str]:
    """The cells of a printed markdown table's row."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def test_the_answers_table_adds_up_every_set_and_gives_the_slowest_puzzle(capsys):
    answers = {"a": results_of([[1.0, 2.0]]), "b": results_of([[5.0]])}
    experiment.print_answers(answers, {"a": np.array([1, 3]), "b": np.array([0])})
    table = capsys.readouterr().out.strip().splitlines()
    assert cells_of(table[-3]) == ["a", "2", "2", "2.00", "1.5", "0%", "2.0"]
    assert cells_of(table[-1]) == ["all", "3", "3", "-", "-", "-", "5.0"]


def test_the_textbook_table_marks_a_set_a_method_did_not_run_on(capsys):
    experiment.print_textbook(
        {"hard": {"a": results_of([[1.0, 2.0]]), "b": results_of([[4.0]])}, "hardest": {"a": results_of([[7.0, 9.0]])}}
    )
    first_table = capsys.readouterr().out.split("[textbook-answers]")[0]
    a, b = (line for line in first_table.splitlines() if line.startswith(("| a ", "| b ")))
    assert cells_of(a) == ["a", "1.5", "8.0", "2.0", "9.0"] and cells_of(b) == ["b", "4.0", "-", "4.0", "-"]


def test_the_comparisons_pair_the_solver_with_each_method_puzzle_by_puzzle():
    choices = {"top1465": {experiment.SOLVER: np.array([3]), WITHOUT["locked_candidates"]: np.array([5])}}
    textbook = {
        "top1465": {
            m: results_of([[ms]])
            for m, ms in [(experiment.SOLVER, 1.0), (HIDDEN_SINGLES, 4.0), (AFTER_PROPAGATION, 2.0)]
        }
    }
    differences = experiment.comparisons(choices, textbook)
    assert [d.tolist() for d in differences.values()] == [[-2], [-3.0], [-1.0]]


def test_figure_1_takes_the_first_column_of_least_size_as_algorithm_x_does():
    step = experiment.exact_cover_step(experiment.FIGURE_PUZZLE)
    matrix = helpers.AlgorithmX(helpers.exact_cover_rows(2))
    open_rows = np.flatnonzero(step.open_rows).tolist()
    matrix.restrict(np.flatnonzero(step.open_columns).tolist(), open_rows)  # in the order of their numbers
    matrix.link()
    assert matrix.choose_column().name == step.column


def test_the_figures_draw_and_print_their_keys(capsys, monkeypatch):
    pyplot = pytest.importorskip("matplotlib.pyplot")
    monkeypatch.setattr(pyplot, "show", lambda: pyplot.close("all"))
    experiment.draw_exact_cover()
    experiment.plot_times({"hard": race({"none": nothing}, HARD[:2], HARD_STORED[:2])}, ["hard"])
    printed = capsys.readouterr().out
    assert "[figure exact_cover]" in printed and "[figure times]" in printed


def test_the_machine_names_python_numpy_and_the_processor():
    machine = experiment.machine()
    assert all(part in machine for part in (platform.python_version(), np.__version__, experiment.processor()))
