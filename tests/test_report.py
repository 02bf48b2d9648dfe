"""The report's side of the experiment (``report.py``): the paired tests,
the bootstrap interval, the tables and the figures.

Wilcoxon's test is held to scipy where the two compute the same thing, and
to a count of every sign pattern where they do not: with tied differences,
scipy's exact method ignores the ties, ours counts over the ranks as they are.
"""

from __future__ import annotations

import platform

import numpy as np
import pytest
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

import helpers
import report
from conftest import DATA, nothing, results_of
from experiment import AFTER_PROPAGATION, HIDDEN_SINGLES, SOLVER, WITHOUT, time_methods
from report import WILCOXON_EXACT, holm, significant, wilcoxon_signed_rank
from tools.handin.notebook import split_row

HARD = np.load(DATA / "hard_puzzle.npy")
HARD_STORED = np.load(DATA / "hard_solution.npy")


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
    assert report.average_ranks(np.array([3.0, 1.0, 3.0, 2.0, 3.0])).tolist() == [4.0, 1.0, 4.0, 2.0, 4.0]


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


# --- the bootstrap interval ---------------------------------------------------------


def test_the_bootstrap_interval_holds_the_ratio_of_means():
    rng = np.random.default_rng(1)
    denominator = rng.uniform(1, 10, 40)
    numerator = 2 * denominator + rng.normal(0, 0.5, 40)
    low, high = report.bootstrap_ratio(numerator, denominator)
    assert low < numerator.mean() / denominator.mean() < high and high - low < 0.2


def test_the_bootstrap_interval_of_a_constant_ratio_is_that_ratio():
    denominator = np.arange(1.0, 11.0)
    assert report.bootstrap_ratio(3 * denominator, denominator) == pytest.approx((3.0, 3.0))


# --- printing ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, text",
    [(0, "0"), (0.2712, "0.27"), (4.04, "4.0"), (9.96, "10"), (1523, "1,500"), (-43.9, "-44"), (0.00995, "0.010")],
)
def test_significant_keeps_two_figures_and_separates_thousands(value, text):
    assert significant(value) == text


@pytest.mark.parametrize("p, text", [(0.0312, "0.031"), (1e-4, "0.00010"), (9.9e-5, "< 0.0001")])
def test_a_p_value_prints_with_two_figures_down_to_0_0001(p, text):
    assert report.p_value_text(p) == text


def test_the_answers_table_adds_up_every_set_and_gives_the_slowest_single_call(capsys):
    # three rounds: puzzle b's median is 5.0, its slowest call 8.0
    answers = {"a": results_of([[1.0, 2.0]] * 3), "b": results_of([[5.0], [8.0], [4.0]])}
    report.print_answers(answers, {"a": np.array([1, 3]), "b": np.array([0])})
    table = capsys.readouterr().out.strip().splitlines()
    assert split_row(table[-3]) == ["a", "2", "2", "2.00", "1.5", "0%", "2.0"]
    assert split_row(table[-1]) == ["all", "3", "3", "-", "-", "-", "8.0"]


def test_the_restarts_table_gives_each_variants_rows_tried_and_the_limit_beside_table_1s_most(capsys):
    with_restarts, without = results_of([[1.0, 3.0]]), results_of([[2.0, 40.0]])
    with_restarts.nodes[:] = [[10, 12_000]]
    without.nodes[:] = [[10, 90_000]]
    answers = {"hard": results_of([[1.0]])._replace(nodes=np.array([[700]]))}
    report.print_restarts({"my solver": with_restarts, "without restarts": without}, 11_664, answers)
    lines = capsys.readouterr().out.strip().splitlines()
    assert split_row(lines[5]) == ["without restarts", "2", "2", "21", "40", "45,000", "90,000"]
    assert split_row(lines[-1]) == ["9 x 9", "11,664", "700"]


def test_the_textbook_table_gives_times_over_my_solvers_and_marks_a_set_a_method_did_not_run_on(capsys):
    report.print_textbook(
        {"hard": {SOLVER: results_of([[1.0, 2.0]]), "b": results_of([[6.0]])}, "hardest": {SOLVER: results_of([[7.0]])}}
    )
    means, slowest = capsys.readouterr().out.split("[textbook-answers]")[0].split("[textbook-slowest]")
    rows = [
        [split_row(line) for line in table.splitlines() if line.startswith(("| my solver ", "| b "))]
        for table in (means, slowest)
    ]
    assert rows == [[[SOLVER, "1.0", "1.0"], ["b", "4.0", "-"]], [["b", "6.0", "-"]]]


def test_the_comparisons_pair_the_solver_with_each_method_puzzle_by_puzzle():
    choices = {"top1465": {SOLVER: np.array([3]), WITHOUT["locked_candidates"]: np.array([5])}}
    textbook = {
        "top1465": {m: results_of([[ms]]) for m, ms in [(SOLVER, 1.0), (HIDDEN_SINGLES, 4.0), (AFTER_PROPAGATION, 2.0)]}
    }
    differences = report.comparisons(choices, textbook)
    assert [d.tolist() for d in differences.values()] == [[-2], [-3.0], [-1.0]]


def test_figure_1_takes_the_first_column_of_least_size_and_removes_what_algorithm_x_covers():
    step = report.exact_cover_step(report.FIGURE_PUZZLE)
    matrix = helpers.AlgorithmX(helpers.exact_cover_rows(2))
    open_rows = np.flatnonzero(step.open_rows).tolist()
    matrix.restrict(np.flatnonzero(step.open_columns).tolist(), open_rows)  # in the order of their numbers
    matrix.link()
    column = matrix.choose_column()
    assert column is not None and column.name == step.column
    matrix.cover(column)
    node = column.head.down  # its first row, the one panel (b) takes
    assert node.row == step.row
    matrix.cover_other_columns(node)
    heads = []
    head = matrix.root.right
    while head is not matrix.root:
        heads.append(head)
        head = head.right
    rows = set()
    for head in heads:
        below = head.down
        while below is not head:
            rows.add(below.row)
            below = below.down
    assert [head.column.name for head in heads] == np.flatnonzero(step.columns_after).tolist()
    assert sorted(rows) == np.flatnonzero(step.rows_after).tolist()


def test_the_figures_draw_and_print_their_keys(capsys, monkeypatch):
    pyplot = pytest.importorskip("matplotlib.pyplot")
    monkeypatch.setattr(pyplot, "show", lambda: pyplot.close("all"))
    report.draw_exact_cover()
    report.plot_times({"hard": time_methods({"none": nothing}, HARD[:2], HARD_STORED[:2])}, ["hard"])
    printed = capsys.readouterr().out
    assert "[figure exact_cover]" in printed and "[figure times]" in printed


def test_the_machine_names_python_numpy_and_the_processor():
    machine = report.machine()
    assert all(part in machine for part in (platform.python_version(), np.__version__, report.processor()))


def test_the_matrix_table_gives_its_nodes_and_build_time(capsys):
    report.print_matrix_build(builds=1)
    assert split_row(capsys.readouterr().out.strip().splitlines()[-1])[:2] == ["9 x 9", "2916"]
