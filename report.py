"""The report's tables and figures: how ``experiment.ipynb`` prints what
``experiment.py`` measures, for the report (``readme.md``) to quote.

Each table prints as ``[key] title``, a blank line and a markdown table
(``listing.print_table``); the report finds a table by its key and a number
in it by the names of its row and column.  numpy and the standard library,
and matplotlib for the figures.
"""

from __future__ import annotations

import math
import platform
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

from experiment import (
    AFTER_PROPAGATION,
    AGAIN,
    FIXED_ORDER,
    FIXED_ORDER_BUDGET,
    HARD_SETS,
    HIDDEN_SINGLES,
    PARTS,
    SOLVER,
    WITHOUT,
    NodeTimes,
    Results,
    matrix_build_ms,
)
from helpers import SUDOKU_BOX, candidate_row, decode_row, exact_cover_rows
from listing import print_table

# ---------------------------------------------------------------------------
# Paired tests and an interval
# ---------------------------------------------------------------------------

#: the most differences whose Wilcoxon p-value is counted exactly; above, the normal approximation
WILCOXON_EXACT = 50


def average_ranks(values: np.ndarray) -> np.ndarray:
    """The ranks of ``values``, 1 for the least, ties given the mean of their ranks."""
    order = np.argsort(values, kind="stable")
    ranks = np.empty(len(values))
    ranks[order] = np.arange(1, len(values) + 1)
    for value in np.unique(values):
        tied = values == value
        ranks[tied] = ranks[tied].mean()
    return ranks


def wilcoxon_signed_rank(differences: Sequence[float] | np.ndarray) -> float:
    """The two-sided p-value of Wilcoxon's signed-rank test that paired
    ``differences`` are symmetric about 0: zero differences are dropped, the
    others ranked by size (ties take their mean rank), and W is the sum of the
    ranks of the positive ones.  For up to ``WILCOXON_EXACT`` differences the
    p-value is exact (every sign equally likely, counted over the ranks as
    they are); for more, W's normal approximation, corrected for ties and
    for continuity.  1.0 when every difference is 0."""
    d = np.asarray(differences, dtype=float)
    d = d[d != 0]
    n = len(d)
    if n == 0:
        return 1.0
    ranks = average_ranks(np.abs(d))
    w = float(ranks[d > 0].sum())
    mean = n * (n + 1) / 4
    if n <= WILCOXON_EXACT:
        # Doubled ranks are whole numbers: count the sign patterns by the sum of the ranks they make positive.
        doubled = np.rint(2 * ranks).astype(int)
        ways = np.zeros(int(doubled.sum()) + 1)
        ways[0] = 1
        for rank in doubled:
            ways[rank:] = ways[rank:] + ways[:-rank].copy()
        distance = abs(2 * w - 2 * mean)
        sums = np.arange(len(ways))
        tail = ways[np.abs(sums - 2 * mean) >= distance - 1e-9].sum()
        return float(min(1.0, tail / 2**n))
    _, tied = np.unique(np.abs(d), return_counts=True)
    variance = n * (n + 1) * (2 * n + 1) / 24 - float((tied**3 - tied).sum()) / 48
    z = (abs(w - mean) - 0.5) / math.sqrt(variance)
    return math.erfc(max(z, 0.0) / math.sqrt(2))


def bootstrap_ratio(
    numerator: np.ndarray, denominator: np.ndarray, resamples: int = 10_000, seed: int = 0
) -> tuple[float, float]:
    """A 95% percentile bootstrap interval for ``mean(numerator) /
    mean(denominator)``, two measurements of the same puzzles: the puzzles
    drawn again with replacement ``resamples`` times, each pair together."""
    picks = np.random.default_rng(seed).integers(0, len(numerator), size=(resamples, len(numerator)))
    ratios = numerator[picks].mean(axis=1) / denominator[picks].mean(axis=1)
    low, high = np.percentile(ratios, [2.5, 97.5])
    return float(low), float(high)


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Holm's step-down correction: which of the ``p_values`` are significant
    at family-wise level ``alpha``.  In increasing order, the i-th smallest
    (counting from 0) of m is significant while it is at most alpha / (m - i);
    the first that is not stops the rest."""
    m = len(p_values)
    rejected = [False] * m
    for i, k in enumerate(sorted(range(m), key=lambda k: p_values[k])):
        if p_values[k] > alpha / (m - i):
            break
        rejected[k] = True
    return rejected


def comparisons(
    choices: dict[str, dict[str, np.ndarray]], textbook: dict[str, dict[str, Results]]
) -> dict[str, np.ndarray]:
    """The three comparisons the report decides on, each as its differences
    puzzle by puzzle over the hard sets of ``HARD_SETS`` that were run
    (first minus second): my solver's choice points with and without locked
    candidates (``choice_points``), and its time against the textbook search
    with MAC and hidden singles, from the puzzle and after my propagation."""
    names = [name for name in HARD_SETS if name in choices and name in textbook]

    def pooled(method: str) -> np.ndarray:
        return np.concatenate([textbook[n][method].puzzle_ms() for n in names])

    without = WITHOUT["locked_candidates"]
    return {
        f"{SOLVER} minus {SOLVER} {without} (choice points)": np.concatenate(
            [choices[n][SOLVER] - choices[n][without] for n in names]
        ),
        f"{SOLVER} minus {HIDDEN_SINGLES} (ms)": pooled(SOLVER) - pooled(HIDDEN_SINGLES),
        f"{SOLVER} minus {AFTER_PROPAGATION} (ms)": pooled(SOLVER) - pooled(AFTER_PROPAGATION),
    }


# ---------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------


def processor(cpuinfo: str = "/proc/cpuinfo") -> str:
    """The processor's model, where the system says it (Linux: ``cpuinfo``),
    else what ``platform`` says, else "an unnamed processor"."""
    try:
        with open(cpuinfo, encoding="utf-8", errors="replace") as info:
            return next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.processor() or "an unnamed processor"


def machine() -> str:
    """Where this runs: Python, numpy, the system and the processor."""
    return f"Python {platform.python_version()} with numpy {np.__version__}, {platform.system()} on {platform.machine()}, {processor()}"


def significant(value: float, digits: int = 2) -> str:
    """``value`` rounded to ``digits`` significant figures, with thousands
    separators and no exponent: 0.27, 4.0, 83, 1,500."""
    if value == 0:
        return "0"
    rounded = round(value, digits - 1 - math.floor(math.log10(abs(value))))
    decimals = digits - 1 - math.floor(math.log10(abs(rounded)))  # 9.96 rounds up a decade, to 10
    return f"{rounded:,.{max(0, decimals)}f}"


def percent(share: float) -> str:
    """A share as a whole percentage: "42%"."""
    return f"{100 * share:.0f}%"


def p_value_text(p: float) -> str:
    """A p-value as the tables print it: two significant figures, or "< 0.0001"."""
    return "< 0.0001" if p < 1e-4 else significant(p)


def print_answers(answers: dict[str, Results], choices: dict[str, np.ndarray]) -> None:
    """Table 1: my solver on each set, from ``time_methods`` with my solver
    alone, and its ``choice_points`` on each set; a set's relative spread is
    the range of its rounds' mean times over their median, and its slowest
    time the slowest single call of any round."""
    rows = []
    for name, r in answers.items():
        spread = percent(float(np.ptp(r.round_means()) / np.median(r.round_means())))
        times = [significant(r.mean_ms()), spread, significant(r.ms.max())]
        rows.append([name, len(r.right), r.right.sum(), significant(choices[name].mean(), 3), *times])
    slowest = max(r.ms.max() for r in answers.values())
    rows.append(["all", sum(row[1] for row in rows), sum(row[2] for row in rows), "-", "-", "-", significant(slowest)])
    header = ["set", "puzzles", "right", "mean choice points", "mean ms", "relative spread", "slowest ms"]
    print_table("answers", "My solver on each set: answers, choice points and CPU time per puzzle", header, rows)


def print_restarts(raced: dict[str, Results], limit: int, answers: dict[str, Results]) -> None:
    """My solver with and without restarts on the sparse puzzles without a
    solution, timed in turn: answers right, mean and slowest time, median and
    most nodes (rows tried); then the most nodes of my solver on the sets of
    Table 1 (``answers``) against ``limit``, the nodes its first search may take."""
    rows = [
        [
            name,
            len(r.right),
            int(r.right.sum()),
            significant(r.mean_ms()),
            significant(r.puzzle_ms().max()),
            significant(float(np.median(r.nodes))),
            f"{int(r.nodes.max()):,}",
        ]
        for name, r in raced.items()
    ]
    header = ["variant", "puzzles", "right", "mean ms", "slowest ms", "median nodes", "most nodes"]
    print_table("restarts", "Restarts on the sparse puzzles without a solution", header, rows)
    most = max(int(r.nodes.max()) for r in answers.values())
    header = ["grid", "first limit", "most nodes on Table 1's sets"]
    print_table(
        "restart-limit",
        "The nodes a first search may take, and the most any took on Table 1's sets",
        header,
        [["9 x 9", f"{limit:,}", f"{most:,}"]],
    )


def print_ablation(ablated: dict[str, dict[str, Results]], choices: dict[str, dict[str, np.ndarray]]) -> None:
    """Tables 2 and 3: each variant of the ablation on each set, its mean
    time as a multiple of my solver's, timed in turn with it, and its mean
    choice points (``choice_points``), without the control, whose choices are
    my solver's by construction; between them, how far the control, my
    solver's second copy, read from the first on any set in time."""
    variants = list(next(iter(ablated.values())))
    header = ["variant", *ablated]
    times = [[v, *(f"{ablated[n][v].mean_ms() / ablated[n][SOLVER].mean_ms():.2f}" for n in ablated)] for v in variants]
    counts = [[v, *(significant(choices[n][v].mean(), 3) for n in ablated)] for v in variants if v != AGAIN]
    print_table(
        "ablation-time", "The ablation: mean CPU time per puzzle over my solver's, timed in turn with it", header, times
    )
    departure = max(abs(ablated[n][AGAIN].mean_ms() / ablated[n][SOLVER].mean_ms() - 1) for n in ablated)
    print_table(
        "control",
        "How far the control's times lay from my solver's",
        ["variant", "largest difference"],
        [[AGAIN, percent(departure)]],
    )
    print_table("ablation-choices", "The ablation: mean choice points per puzzle", header, counts)


def print_textbook(textbook: dict[str, dict[str, Results]]) -> None:
    """Table 4: my solver and the course's searches, a row for each method
    and its mean time on each set as a multiple of my solver's, timed in turn
    with it; then each course search's slowest puzzle among the assignment's
    hard puzzles and among the hardest, in ms (Table 5: my solver's slowest is
    Table 1's); "-" where it did not run.  Then how many puzzles each answered
    right, over every set it ran on (checked)."""
    methods = list(dict.fromkeys(m for runs in textbook.values() for m in runs))
    slowest = [name for name in ("hard", "hardest") if name in textbook]

    def row(method: str, names: Sequence[str], value: Callable[[dict[str, Results]], float]) -> list[str]:
        """``method`` and ``value`` of each set's runs in ``names``, "-" where it did not run."""
        return [method, *(significant(value(textbook[name])) if method in textbook[name] else "-" for name in names)]

    means = [row(m, list(textbook), lambda runs: runs[m].mean_ms() / runs[SOLVER].mean_ms()) for m in methods]
    title = "My solver and the course's searches: mean CPU time per puzzle over my solver's, timed in turn with it"
    print_table("textbook", title, ["method", *textbook], means)
    others = [row(m, slowest, lambda runs: float(runs[m].puzzle_ms().max())) for m in methods if m != SOLVER]
    print_table(
        "textbook-slowest",
        "The course's searches in the same runs: the slowest puzzle's CPU time (ms)",
        ["method", *slowest],
        others,
    )
    checked = []
    for method in methods:
        ran_on = [runs[method] for runs in textbook.values() if method in runs]
        checked.append([method, sum(len(r.right) for r in ran_on), sum(int(r.right.sum()) for r in ran_on)])
    print_table("textbook-answers", "The same runs: answers checked", ["method", "puzzles", "right"], checked)


def print_node_times(times: dict[str, NodeTimes]) -> None:
    """The node-costs table: each method's mean choice points and nodes per puzzle, its
    search's CPU time per node, and the share of its search's time each part
    took; then its choice points over my solver's, with a bootstrap
    interval (``bootstrap_ratio``); then its mean CPU time per puzzle before
    its search and of it, and its search's time per choice point, the forced
    moves that follow each choice included."""
    rows = []
    for method, t in times.items():
        counts = [significant(t.choices.mean(), 3), significant(t.nodes, 3)]
        shares = [percent(t.shares[part]) for part in PARTS]
        rows.append([method, *counts, significant(1e6 * t.search / t.nodes), *shares])
    header = ["method", "choice points", "nodes", "µs per node", *(f"{part} %" for part in PARTS)]
    print_table("node-costs", "What a search node costs, and where its time goes, on the hardest set", header, rows)
    mine = times[SOLVER].choices
    ratios = [
        [
            method,
            significant(t.choices.mean() / mine.mean()),
            *(significant(end) for end in bootstrap_ratio(t.choices, mine)),
        ]
        for method, t in times.items()
        if method != SOLVER
    ]
    header = ["method", "choice points over my solver's", "95% interval from", "95% interval to"]
    print_table("node-choices", "Choice points on the hardest set, over my solver's", header, ratios)
    split = [
        [
            method,
            significant(1000 * t.before),
            significant(1000 * t.search),
            significant(1e6 * t.search / t.choices.mean()) if t.choices.any() else "-",
            percent(t.shares["rest"]),
        ]
        for method, t in times.items()
    ]
    header = ["method", "ms before the search", "ms of search", "µs of search per choice point", "rest of the search %"]
    print_table("node-split", "Each puzzle's CPU time before the search and of it", header, split)


def print_fixed_order_budget(runs: list[tuple[bool, float]], budget: int = FIXED_ORDER_BUDGET) -> None:
    """How many puzzles backtracking in a fixed order finished within
    ``budget`` assignments (``fixed_order_budget``), and the median time it
    took to reach the budget on the others."""
    stopped = [seconds for finished, seconds in runs if not finished]
    at_budget = significant(1000 * float(np.median(stopped))) if stopped else "-"
    row = [FIXED_ORDER, len(runs), len(runs) - len(stopped), budget, at_budget]
    header = ["method", "puzzles", "finished", "budget (assignments)", "ms to reach it"]
    print_table("fixed-order", "Backtracking in a fixed order on the hardest set, within a budget", header, [row])


def print_matrix_build(builds: int = 5) -> None:
    """The 9 x 9 exact-cover matrix: its nodes, one for each 1, and the CPU
    time of building it (``matrix_build_ms``)."""
    nodes = sum(len(row) for row in exact_cover_rows(SUDOKU_BOX))
    print_table(
        "matrix",
        "Building the exact-cover matrix",
        ["matrix", "nodes", "build ms"],
        [["9 x 9", nodes, significant(matrix_build_ms(builds))]],
    )


def print_by_set(textbook: dict[str, dict[str, Results]]) -> None:
    """My solver against the textbook search started from the residual
    problem, set by set: the share of puzzles on which my solver took less
    time and the ratio of the mean times.  It describes; no test is run on a
    set alone, outside the three comparisons."""
    rows = []
    for name in (n for n in HARD_SETS if n in textbook):
        solver, other = textbook[name][SOLVER], textbook[name][AFTER_PROPAGATION]
        d = solver.puzzle_ms() - other.puzzle_ms()
        ratio = significant(solver.mean_ms() / other.mean_ms())
        rows.append([name, len(d), percent(float(np.mean(d < 0))), ratio])
    header = ["set", "puzzles", "my solver faster", "mean time, mine over its"]
    print_table("by-set", f"My solver against {AFTER_PROPAGATION}, set by set", header, rows)


def print_comparisons(differences: dict[str, np.ndarray]) -> None:
    """The three comparisons: each one's differences, Wilcoxon's p and
    whether Holm's correction calls it significant."""
    p_values = [wilcoxon_signed_rank(d) for d in differences.values()]
    rows = []
    for (name, d), p, significant_ in zip(differences.items(), p_values, holm(p_values)):
        lower, higher = (percent(float(np.mean(side))) for side in (d < 0, d > 0))
        rows.append(
            [name, len(d), significant(np.median(d)), lower, higher, p_value_text(p), "yes" if significant_ else "no"]
        )
    header = ["comparison", "puzzles", "median difference", "my solver lower", "my solver higher", "Wilcoxon p"]
    print_table("tests", "Three comparisons, puzzle by puzzle on the hard sets", [*header, "significant (Holm)"], rows)


# ---------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------

#: Figure 1's puzzle: a 4 x 4 sudoku (box 2) with four givens and one solution, whose open part
#: (28 candidates by 48 constraints) shows every entry, where a 9 x 9 puzzle's is a blur
FIGURE_PUZZLE = ((1, 0, 0, 4), (0, 0, 0, 0), (0, 3, 4, 0), (0, 0, 0, 0))
#: Figure 1's colours, by what each shows (a 1 that the step removes is a darker grey)
FIGURE_COLOURS = {"a 1": "#1b2a5e", "column chosen": "#ffd24d", "row taken": "#d62728", "removed": "0.87"}
#: Figure 1's headings of the four families of columns, each column labelled by its unit and digit
FIGURE_FAMILIES = ("cell r,c holds a digit", "row r holds d", "column c holds d", "box b holds d")


class CoverStep(NamedTuple):
    """A puzzle's exact-cover matrix (bool, candidates by constraints), what
    its givens leave, and one step of Algorithm X on that; masks are over the
    whole matrix, and ``column`` and ``row`` index it."""

    matrix: np.ndarray
    open_rows: np.ndarray  #: rows the givens do not rule out
    open_columns: np.ndarray  #: columns the givens do not fill
    column: int  #: the first open column of least size
    row: int  #: its first open row, the one the step takes
    rows_after: np.ndarray  #: rows still open once it is taken
    columns_after: np.ndarray  #: columns still open once it is taken


def exact_cover_step(puzzle: Sequence[Sequence[int]]) -> CoverStep:
    """The exact-cover matrix of ``puzzle`` (N x N, 0 = blank), what its
    givens leave, and one step of Algorithm X on that: the first column of
    least size and its first row, and what taking the row leaves.  Worked
    out with numpy from ``helpers.exact_cover_rows``."""
    grid = np.asarray(puzzle)
    size = len(grid)
    rows = exact_cover_rows(math.isqrt(size))
    matrix = np.zeros((len(rows), 4 * size * size), dtype=bool)
    for row, columns in enumerate(rows):
        matrix[row, list(columns)] = True
    givens = [candidate_row(cell, digit, size) for cell, digit in enumerate(grid.ravel().tolist()) if digit]
    open_columns = np.asarray(~matrix[givens].any(axis=0))
    open_rows = np.asarray(~matrix[:, ~open_columns].any(axis=1))
    sizes = np.where(open_columns, matrix[open_rows].sum(axis=0), len(rows) + 1)
    column = int(np.argmin(sizes))  # the first of least size
    row = int(np.flatnonzero(open_rows & matrix[:, column])[0])
    rows_after = np.asarray(open_rows & ~matrix[:, matrix[row]].any(axis=1))
    return CoverStep(matrix, open_rows, open_columns, column, row, rows_after, open_columns & ~matrix[row])


def draw_exact_cover(puzzle: Sequence[Sequence[int]] = FIGURE_PUZZLE) -> None:
    """Figure 1: the part of ``puzzle``'s exact-cover matrix that its givens
    leave open, (a) with the column Algorithm X chooses and (b) with what
    taking that column's row removes (``exact_cover_step``), each beside
    the grid."""
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgb

    step = exact_cover_step(puzzle)
    size = len(puzzle)
    box, area = math.isqrt(size), size * size
    rows, columns = np.flatnonzero(step.open_rows), np.flatnonzero(step.open_columns)
    ones = step.matrix[np.ix_(rows, columns)]
    gone = ~step.rows_after[rows, None] | ~step.columns_after[None, columns]
    colour = {name: to_rgb(value) for name, value in FIGURE_COLOURS.items()}
    before, after = np.ones(ones.shape + (3,)), np.ones(ones.shape + (3,))
    before[:, columns == step.column] = colour["column chosen"]
    after[gone] = colour["removed"]
    before[ones] = after[ones] = colour["a 1"]
    after[ones & gone] = 0.55
    after[(rows == step.row)[:, None] & ones] = colour["row taken"]

    def candidate(row: int) -> str:
        cell, digit = decode_row(row, size)
        return f"({cell // size},{cell % size})={digit}"

    cell, digit = decode_row(step.row, size)
    titles = (
        f"(a) Open after the givens: {len(rows)} rows x {len(columns)} columns."
        f" Chosen (yellow): the first column with fewest 1s",
        f"(b) Taking its row {candidate(step.row)} (red) removes the grey rows and columns:"
        f" {step.rows_after.sum()} x {step.columns_after.sum()} left",
    )

    print("[figure exact_cover] A 4 x 4 puzzle as exact cover, and one step of Algorithm X")
    _, axes = plt.subplots(2, 2, figsize=(9, 10.5), layout="constrained", gridspec_kw={"width_ratios": [1, 6]})
    for panel, ((grid, ax), image, title) in enumerate(zip(axes, (before, after), titles)):
        cells = np.ones((size, size, 3))
        if step.column < area:  # a cell's column: that cell
            cells[divmod(step.column, size)] = colour["column chosen"]
        grid.imshow(cells)
        for k in range(size + 1):
            width = 2 if k % box == 0 else 0.6
            grid.axhline(k - 0.5, color="black", linewidth=width, clip_on=False)
            grid.axvline(k - 0.5, color="black", linewidth=width, clip_on=False)
        for (r, c), given in np.ndenumerate(np.asarray(puzzle)):
            if given:
                grid.text(c, r, str(given), ha="center", va="center", fontsize=14)
        if panel:
            grid.text(cell % size, cell // size, str(digit), ha="center", va="center", fontsize=14, color="red")
        grid.axis("off")

        ax.imshow(image, interpolation="nearest")
        ax.set_xticks(np.arange(len(columns) + 1) - 0.5, minor=True)
        ax.set_yticks(np.arange(len(rows) + 1) - 0.5, minor=True)
        ax.grid(which="minor", color="0.8", linewidth=0.5)
        units = [divmod(j % area, size) for j in columns]  # a cell's (r, c), the others' (unit, digit - 1)
        ax.set_xticks(range(len(columns)), [f"{u},{d + (j >= area)}" for j, (u, d) in zip(columns, units)], rotation=90)
        ax.set_yticks(range(len(rows)), [candidate(r) for r in rows.tolist()])
        ax.tick_params(which="both", length=0, labelsize=8, top=True, bottom=False, labeltop=True, labelbottom=False)
        ax.set_ylabel("candidate (r,c)=d: digit d in cell r,c")
        starts = (
            np.searchsorted(columns, np.arange(len(FIGURE_FAMILIES) + 1) * area) - 0.5
        )  # where each family begins, and the end
        for start, end, heading in zip(starts, starts[1:], FIGURE_FAMILIES):
            ax.axvline(start, color="black", linewidth=1.2)
            centre = ((start + end) / 2, 1)
            ax.annotate(heading, centre, (0, 24), ("data", "axes fraction"), "offset points", ha="center", fontsize=9)
        if not panel:  # each column's size: how many rows may still fill it
            sizes = ax.secondary_xaxis("bottom")
            sizes.set_xticks(range(len(columns)), ones.sum(axis=0).tolist())
            sizes.tick_params(length=0, labelsize=8)
            sizes.set_xlabel("1s in each column (its size)", fontsize=9)
        ax.set_title(title, fontsize=10, pad=44)
    plt.show()


def plot_times(textbook: dict[str, dict[str, Results]], names: Sequence[str]) -> None:
    """Figure 2: for each set of ``names``, each method's time per puzzle as
    the share of puzzles solved within a time (log scale)."""
    import matplotlib.pyplot as plt

    if not names:
        print("Skipped: neither the top1465 nor the hardest set is here")
        return
    print("[figure times] Share of puzzles solved within a CPU time")
    figure, axes = plt.subplots(1, len(names), figsize=(10, 4.4), sharey=True, squeeze=False)
    for ax, name in zip(axes[0], names):
        for method, r in textbook[name].items():
            ms = np.sort(r.puzzle_ms())
            ax.step(np.concatenate([ms[:1], ms]), np.arange(len(ms) + 1) / len(r.ms[0]), where="post", label=method)
        ax.set_xscale("log")
        ax.set_title(f"{name} ({len(r.ms[0])} puzzles)")
        ax.set_xlabel("CPU time per puzzle, ms (log scale)")
        ax.grid(True, alpha=0.3)
    axes[0][0].set_ylabel("share of puzzles solved")
    handles = {label: handle for ax in axes[0] for handle, label in zip(*ax.get_legend_handles_labels())}
    figure.legend(handles.values(), handles.keys(), loc="lower center", ncol=3, frameon=False)
    figure.tight_layout(rect=(0, 0.14, 1, 1))
    plt.show()
