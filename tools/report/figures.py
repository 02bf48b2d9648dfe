"""Draw the report's figures from the project's own files.

Usage: ``python -m tools.report.figures [--out DIR] [--results PATH] [--ladder PATH] [NAME ...]``
draws every figure of ``FIGURES`` (or only those named).  Each goes to the
folder it is registered with: ``images/`` for the figures the readme or the
notebook shows (the folder is handed in with them), ``docs/images/`` for those
only ``docs/`` shows; ``--out DIR`` writes them all into ``DIR`` instead.
Each figure is one function that takes the output folder and the ``Inputs``
to read, and returns the path it wrote; adding a figure means writing such a
function and listing it, with its folder, in ``FIGURES``.

Figures, by folder
    images/
    exact_cover.png  the 64 x 64 exact-cover matrix of a 4 x 4 sudoku
                     (``COVER_PUZZLE``, four givens, one solution) in
                     helpers' own encoding, beside the puzzle: in one matrix,
                     what its givens choose and rule out, and one step of
                     Algorithm X on what they leave.  Drawn to be printed
                     about ``PRINTED_WIDTH_INCHES`` wide (full page width)
                     with text at body size.
    search.png       one panel per set that needs a search (``SEARCH_SETS``):
                     each puzzle's time against the rows its search tried
                     (log-log) for the textbook search (choices: its assignments),
                     plain dancing links and the solver
                     (``tools.ladder.PER_PUZZLE_RUNGS``); puzzles with 0 rows
                     tried cannot sit on a log axis and are counted in a
                     footnote instead.

    docs/images/
    ladder.png       the development ladder: each rung's mean time per puzzle,
                     rungs down, time across (log axis), one line per set of
                     ``tools.ladder.SET_LABELS`` in the results, the
                     assignment's easier categories pooled as in the readme's
                     Table 1: the CSP search of rung 0 against dancing links and
                     each later step.
    times.png        the distribution of our solver's time per puzzle on every
                     set of the benchmark results, as box plots drawn from the
                     stored percentiles (log time axis).
    comparison.png   our solver's mean time per puzzle against the other
                     solvers measured in the same run, set by set, and each
                     one's time relative to ours.

``images/sudoku.png`` is not drawn here: it is the assignment's own
picture, handed out with the template and kept unchanged (its SHA-256 is in
``data/README.md``).

Inputs: ``exact_cover.png`` reads nothing.
``times.png`` and ``comparison.png`` read ``docs/results/benchmark.json``
(``--results`` reads another file), written by ``tools/measure/benchmark.py``.
``ladder.png`` and ``search.png`` read ``docs/results/ladder.json``
(``--ladder`` reads another file), written by ``tools/ladder.py``; the search
figure needs the per-puzzle times and rows (``puzzle_ms``, ``puzzle_rows``)
that results older than them lack.  When an input is missing, or lacks a
field a figure needs, the figure is not drawn: a one-line message on stderr
says why, the other figures are still drawn, and the exit status is 1.  A set
missing from the results is left out of a figure, with a note on stderr.

Output is kept reproducible where matplotlib allows: the Agg backend (no
screen needed), a fixed size and resolution, the default style reset before
drawing, and no "Software" or date entry in the PNG's metadata.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # before pyplot: draw to files, never to a screen

import matplotlib.pyplot as plt  # noqa: E402
import matplotlib.ticker  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

import helpers  # noqa: E402
from helpers import CONSTRAINT_FAMILIES, EMPTY  # noqa: E402
from tools import ladder  # noqa: E402
from tools.measure.benchmark import JSON_NAME, OURS, PARTS, PERCENTILES, SCHEMA, group_of, set_order  # noqa: E402
from tools.paths import CATEGORIES, ROOT  # noqa: E402
from tools.paths import RESULTS as RESULTS_FOLDER  # noqa: E402

RESULTS = RESULTS_FOLDER / JSON_NAME
IMAGES = ROOT / "images"  #: the figures the readme or the notebook shows; handed in with them
DOCS_IMAGES = ROOT / "docs" / "images"  #: the figures only docs/ shows

DPI = 100
PNG_METADATA = {"Software": None}  #: keep matplotlib's version out of the file
THIN_LINE = 0.8  #: points, between cells
THICK_LINE = 2.4  #: points, between boxes and around the grid
DIGIT_FONTSIZE = 17
TITLE_FONTSIZE = 15
GIVEN_COLOUR = "black"
FILLED_COLOUR = "#d62728"  #: a digit that is not a given: the step's choice
LINE_COLOUR = "black"

# Charts of the benchmark results
LABEL_FONTSIZE = 12
TICK_FONTSIZE = 11
CHART_TITLE_FONTSIZE = 14
LEGEND_FONTSIZE = 11
ROW_INCHES = 0.36  #: height of one set's row in the charts
CHART_MARGIN_INCHES = 1.9  #: room above and below the rows: title, legend, axis label
GROUP_GAP = 0.6  #: extra space between groups of sets, in rows
#: one colour per group of sets (tab10), so a set's group shows at a glance
GROUP_COLOURS = {
    "generated": "#1f77b4",
    "assignment": "#ff7f0e",
    "17clue": "#2ca02c",
    "top1465": "#d62728",
    "kaggle": "#9467bd",
    "top1465-slow": "#8c564b",
    "generated-hard": "#e377c2",
    "hardest": "#bcbd22",
}
OTHER_GROUP_COLOUR = "#7f7f7f"
#: the sets the times figure expects; kaggle's bands are drawn when present
EXPECTED_SETS = [f"{group}/{c}" for group in ("generated", "assignment") for c in CATEGORIES]
EXPECTED_SETS += ["17clue:evaluation", "top1465:evaluation"]
#: of a collection measured in parts (docs/tuning.md), the charts show this one
SHOWN_PART = "evaluation"
MINOR_LABELS = (2, 5)  #: the minor ticks of a log axis that get a label
DECADE = 10.0
MIN_MS = 1e-4  #: times are clamped to this on log axes (0.1 microsecond, the JSON's resolution)

TIMES_FIGSIZE_WIDTH = 11.0
BOX_LOW, BOX_HIGH = 25, 75  #: percentiles at the box's edges
WHISKER_LOW, WHISKER_HIGH = 5, 95  #: percentiles at the whiskers' ends
MEDIAN = 50
BOX_HEIGHT = 0.62  #: of a row
CAP_HEIGHT = 0.3  #: of a row, the bars at the whiskers' ends
BOX_ALPHA = 0.75
WHISKER_WIDTH = 1.3  #: points
MEDIAN_WIDTH = 2.0  #: points
MEAN_MARKER = {"marker": "D", "markerfacecolor": "white", "markeredgecolor": "black", "markersize": 6}
SLOWEST_MARKER = {"marker": "o", "color": "black", "markersize": 4.5}

COMPARISON_FIGSIZE_WIDTH = 13.0
#: how each solver is drawn: label, colour, marker, marker size
SOLVER_STYLES = {
    OURS: ("ours (notebook)", "#d62728", "o", 10),
    "exact-cover": ("exact-cover (C)", "#1f77b4", "s", 7),
    "dlx": ("dlx (Python)", "#2ca02c", "^", 8),
    "baseline": ("baseline DLX", "#7f7f7f", "D", 6),
}
OTHER_SOLVER_STYLE = ("", "#8c564b", "v", 7)

# Charts of the development ladder (tools/ladder.py)
LADDER = ladder.OUT
#: how each set of the ladder is drawn, by its name in the ladder's results:
#: colour (as in the benchmark's charts where the group has one), marker
LADDER_SET_STYLES: dict[str, tuple[str, str]] = {
    "assignment": (GROUP_COLOURS["assignment"], "o"),  # the easier categories, pooled
    "assignment/hard": ("#8c564b", "s"),
    f"generated-hard:{ladder.PART}": (GROUP_COLOURS["generated-hard"], "^"),
    f"top1465:{ladder.PART}": (GROUP_COLOURS["top1465"], "D"),
    f"kaggle/7-9:{ladder.PART}": (GROUP_COLOURS["kaggle"], "v"),
    f"hardest:{ladder.PART}": (GROUP_COLOURS["hardest"], "P"),
}
OTHER_SET_STYLE = (OTHER_GROUP_COLOUR, "X")
LADDER_FIGSIZE_WIDTH = 8.8  #: inches: 880 px at DPI, the widest a rendered readme shows
RUNG_INCHES = 0.5  #: height of one rung's row; a label may take two lines
LADDER_MARGIN_INCHES = 1.7  #: room above and below the rungs: legend, axis label
LADDER_TOP_INCHES = 1.0  #: the legend's room above the axes
LADDER_LEFT = 0.3  #: of the figure's width: the rungs' labels
RUNG_LABEL_CHARS = 28  #: rung labels are wrapped to this width
LADDER_MARKER_SIZE = 8
LADDER_LINE_WIDTH = 1.6  #: points
LEGEND_COLUMNS = 3

#: the sets of the search figure, one panel each: those that need a search
SEARCH_SETS = tuple(f"{group}:{ladder.PART}" for group in ("generated-hard", "top1465", "hardest"))
#: how each rung of ``PER_PUZZLE_RUNGS`` is drawn: legend label, name in a sentence, colour, marker
SEARCH_STYLES: dict[str, tuple[str, str, str, str]] = {
    "csp": ("0. textbook search (choices: assignments)", "the textbook search", "#7f7f7f", "o"),
    "plain": ("1. plain dancing links", "plain dancing links", "#1f77b4", "s"),
    ladder.FINAL: (f"{ladder.step_number(ladder.FINAL)}. the solver", "the solver", "#d62728", "^"),
}
#: suffixes of large counts on an axis: 1k, 10k, 1M
COUNT_SUFFIXES = ((1e6, "M"), (1e3, "k"))
SEARCH_WIDTH_INCHES = 8.8
SEARCH_PANEL_INCHES = 2.9  #: the panels' height
SEARCH_TOP_INCHES = 0.75  #: the legend and the panels' titles
SEARCH_BOTTOM_INCHES = 0.65  #: the axis label, and below it the footnote's lines
SEARCH_LEFT = 0.09  #: of the figure's width: the time axis's label
FOOTNOTE_CHARS = 110  #: the footnote is wrapped to this width
FOOTNOTE_LINE_INCHES = 0.2
SEARCH_MARKER_AREA = 14  #: points squared
SEARCH_ALPHA = 0.55  #: thousands of points overlap
LEGEND_MARKER_SIZE = 8

# The exact-cover figure
#: A 4 x 4 sudoku (box 2) with four givens and one solution.  Its matrix is
#: 64 x 64, so every entry shows at page size, where the 729 x 324 matrix of a
#: 9 x 9 puzzle is a blur.
COVER_PUZZLE = ((1, 0, 0, 4), (0, 0, 0, 0), (0, 3, 4, 0), (0, 0, 0, 0))
#: The figure is drawn as wide as it is printed (16 cm, the full width of an
#: A4 page's text), so that its font sizes are the printed ones: body text, 11 pt.
PRINTED_WIDTH_INCHES = 6.3
COVER_DPI = 140  #: 882 px across: no wider than a rendered readme shows at full size
COVER_ENTRY_PIXELS = 8  #: one matrix entry, 8 x 8 px: 1.45 mm printed
COVER_ENTRY_INCHES = COVER_ENTRY_PIXELS / COVER_DPI
COVER_TOP_INCHES = 1.3  #: above the matrix: its title and the families' names
COVER_BOTTOM_INCHES = 1.1  #: below the matrix: its axis label and the legend
COVER_GRID_LEFT_INCHES = 0.3  #: room for the puzzle's row numbers
COVER_GRID_INCHES = 1.2  #: the puzzle's side
COVER_MATRIX_LEFT_INCHES = 2.5  #: room for the puzzle and the cells' names
COVER_FONTSIZE = 11  #: every text of the figure is at least this large, in points as printed
COVER_TITLE_FONTSIZE = 12
COVER_DIGIT_FONTSIZE = 16
COVER_LABEL_PAD = 9  #: points between the matrix and its labels: room for the triangles
#: colours (RGB, 0..1) of the matrix entries
WHITE = (1.0, 1.0, 1.0)
OPEN_ONE = (0.05, 0.10, 0.35)  #: dark blue: a 1 that is still in the matrix after the step
GIVEN_ONE = (0.90, 0.45, 0.0)  #: orange: a 1 in a given's row, the rows the givens choose
REMOVED_BACKGROUND = (0.88, 0.88, 0.88)  #: light grey: a 0 in a row or column the givens remove
REMOVED_ONE = (0.60, 0.60, 0.60)  #: grey: a 1 in a row the givens remove
STEP_REMOVED_BACKGROUND = (1.0, 0.80, 0.78)  #: pink: a 0 in a row or column the step removes
STEP_REMOVED_ONE = (0.90, 0.30, 0.25)  #: red: a 1 in a row the step removes
CHOSEN_ONE = (0.55, 0.0, 0.0)  #: dark red: a 1 in the row the step chooses
HIGHLIGHT_BACKGROUND = (1.0, 0.85, 0.30)  #: yellow: a 0 in the column picked or the row chosen
CELL_LINE_COLOUR = "0.75"  #: between the cells' groups of rows
CELL_LINE_WIDTH = 0.5  #: points
FAMILY_LINE_COLOUR = "0.2"  #: between the four families of columns
FAMILY_LINE_WIDTH = 1.2  #: points
MARKER_COLOUR = "#b00000"  #: the triangles on the frame that point at them
MARKER_SIZE = 8


class MissingInput(Exception):
    """A figure cannot be drawn: its input is missing or unusable.  The
    message says which file and what to do about it."""


@dataclass(frozen=True)
class Inputs:
    """The files the figures read."""

    results: Path = RESULTS  #: the benchmark's JSON
    ladder: Path = LADDER  #: the ladder's JSON


def note(figure: str, text: str) -> None:
    """Tell the user, on stderr, about something left out of ``figure``."""
    print(f"note: {figure}: {text}", file=sys.stderr)


# ---------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------


def draw_grid(
    ax: Axes, values: np.ndarray, givens: np.ndarray, title: str, digit_fontsize: float = DIGIT_FONTSIZE
) -> None:
    """Draw one N x N sudoku (N a square) on ``ax``: ``values`` (0 = blank)
    with the cells where ``givens`` is True in ``GIVEN_COLOUR`` and the rest
    in ``FILLED_COLOUR``."""
    size = len(values)
    box = math.isqrt(size)
    ax.set_xlim(0, size)
    ax.set_ylim(size, 0)  # row 0 at the top, as the array is printed
    ax.set_aspect("equal")
    ax.axis("off")
    for k in range(size + 1):
        width = THICK_LINE if k % box == 0 else THIN_LINE
        # Thick lines run past the grid's corners by half their width, so the
        # outer frame closes without notches.
        ax.plot([0, size], [k, k], color=LINE_COLOUR, linewidth=width, solid_capstyle="projecting")
        ax.plot([k, k], [0, size], color=LINE_COLOUR, linewidth=width, solid_capstyle="projecting")
    for r in range(size):
        for c in range(size):
            value = int(values[r, c])
            if value == EMPTY:
                continue
            colour = GIVEN_COLOUR if givens[r, c] else FILLED_COLOUR
            ax.text(
                c + 0.5, r + 0.5, str(value), ha="center", va="center_baseline", fontsize=digit_fontsize, color=colour
            )
    ax.set_title(title, fontsize=TITLE_FONTSIZE)


def save(fig: plt.Figure, path: Path, dpi: int = DPI) -> Path:
    """Write ``fig`` to ``path`` as a reproducible PNG, close it, return ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=dpi, metadata=PNG_METADATA)
    plt.close(fig)
    return path


# ---------------------------------------------------------------------------
# Reading the benchmark results
# ---------------------------------------------------------------------------


def load_results(path: Path) -> dict:
    """The report in ``path``, as written by ``tools/measure/benchmark.py``.

    Raises ``MissingInput`` when the file is missing, is not JSON or holds
    results in another layout than ``benchmark.SCHEMA``.
    """
    if not path.is_file():
        raise MissingInput(f"{path} not found; run tools/measure/benchmark.py first, or pass --results PATH")
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise MissingInput(f"{path} is not a JSON file ({error})") from error
    if not isinstance(report, dict) or report.get("schema") != SCHEMA:
        found = report.get("schema") if isinstance(report, dict) else None
        raise MissingInput(f"{path} holds results in layout {found!r}, not {SCHEMA}; run tools/measure/benchmark.py again")
    return report


def solver_results(entry: dict) -> dict[str, dict]:
    """The results of one set, by solver name."""
    return {result["solver"]: result for result in entry.get("solvers", [])}


def shown_sets(report: dict) -> dict:
    """The benchmark's sets the charts show: every set but the other parts of a
    collection measured in parts (``kaggle/6-7:tuning``, ``generated/tuning``)."""
    return {name: entry for name, entry in report.get("sets", {}).items() if part_of_name(name) in (None, SHOWN_PART)}


def part_of_name(name: str) -> str | None:
    """``tuning`` for ``top1465:tuning`` or ``generated/tuning``; None for a set not split."""
    last = name.replace(":", "/").rpartition("/")[2]
    return last if last in PARTS else None


def set_label(name: str) -> str:
    """How a set is named on a chart: ``assignment/very easy``, ``kaggle/rating 2-3``;
    the part a collection's set belongs to is said in the chart's title."""
    name = name.removesuffix(f":{SHOWN_PART}").removesuffix(f"/{SHOWN_PART}")
    group, _, part = name.partition("/")
    if group == "kaggle" and part:
        return f"kaggle/rating {part.replace('-', '–')}"
    return name.replace("_", " ")


def puzzles_label(n: int, size: int) -> str:
    """``15``, or ``20 of 49,151`` for a sample."""
    return f"{n:,}" if n == size else f"{n:,} of {size:,}"


def row_positions(names: Sequence[str]) -> np.ndarray:
    """The y position of each set's row, top to bottom, with a gap between groups."""
    positions, y = [], 0.0
    for k, name in enumerate(names):
        if k and group_of(name) != group_of(names[k - 1]):
            y += GROUP_GAP
        positions.append(y)
        y += 1.0
    return np.array(positions)


def label_rows(ax: Axes, names: Sequence[str], positions: np.ndarray) -> None:
    """Name the sets along the y axis, coloured by group, first at the top."""
    ax.set_yticks(positions, [set_label(name) for name in names], fontsize=TICK_FONTSIZE)
    for tick, name in zip(ax.get_yticklabels(), names):
        tick.set_color(GROUP_COLOURS.get(group_of(name), OTHER_GROUP_COLOUR))
    ax.set_ylim(positions[-1] + 0.7, positions[0] - 0.7)
    ax.tick_params(axis="y", length=0)


def chart_height(rows: int) -> float:
    """Inches for a chart of ``rows`` sets."""
    return CHART_MARGIN_INCHES + ROW_INCHES * rows


def log_axis(ax: Axes, label: str, unit: str = "", which: str = "x", minor_labels: bool = True) -> None:
    """A log axis, x or y by ``which``, with plain numbers as labels: 0.1, 1,
    10 and, smaller and unless ``minor_labels`` is False, the 2s and 5s
    between them; ``unit`` follows each number."""
    axis = ax.xaxis if which == "x" else ax.yaxis

    def major(x: float, _: object) -> str:
        return f"{x:g}{unit}"

    def minor(x: float, _: object) -> str:
        low, high = sorted(axis.get_view_interval())
        mantissa = x / 10 ** np.floor(np.log10(x))
        # An axis spanning less than a decade may hold no major tick: label every minor one.
        wanted = high / low < DECADE or (minor_labels and np.isclose(mantissa, MINOR_LABELS).any())
        return f"{float(f'{x:.2g}'):g}{unit}" if wanted else ""  # 1.1, 0.05, 500: no float noise

    (ax.set_xscale if which == "x" else ax.set_yscale)("log")
    axis.set_major_formatter(matplotlib.ticker.FuncFormatter(major))
    axis.set_minor_formatter(matplotlib.ticker.FuncFormatter(minor))
    axis.set_label_text(label, fontsize=LABEL_FONTSIZE)
    ax.tick_params(axis=which, which="major", labelsize=TICK_FONTSIZE)
    ax.tick_params(axis=which, which="minor", labelsize=TICK_FONTSIZE - 2, labelcolor="0.35")
    ax.grid(axis=which, which="major", color="0.85", linewidth=0.8)
    ax.grid(axis=which, which="minor", color="0.93", linewidth=0.5)
    ax.set_axisbelow(True)


def in_figure_inches(fig: plt.Figure, inches: float) -> float:
    """``inches`` as a fraction of the figure's height."""
    return inches / fig.get_figheight()


# ---------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------


def times_figure(out: Path, inputs: Inputs = Inputs()) -> Path:
    """``times.png``: box plots of our solver's time per puzzle, one per set.

    Each box is drawn from the set's stored percentiles: the box spans the
    25th to 75th, the line inside is the median, the whiskers reach the 5th
    and 95th, a dot marks the slowest puzzle and a diamond the mean.
    """
    sets = shown_sets(load_results(inputs.results))
    for name in EXPECTED_SETS:
        if name not in sets:
            note("times", f"no results for {name} in {inputs.results}; left out")
    if not any(group_of(name) == "kaggle" for name in sets):
        note("times", f"no kaggle bands in {inputs.results}; left out")
    names, percentiles, stats = [], [], []
    for name in sorted(sets, key=set_order):
        ours = solver_results(sets[name]).get(OURS)
        if ours is None or len(ours.get("percentiles_ms", [])) != len(PERCENTILES):
            note("times", f"no percentiles of our solver for {name}; left out")
            continue
        names.append(name)
        percentiles.append(ours["percentiles_ms"])
        stats.append((ours["mean_ms"], ours["n"], sets[name]["size"]))
    if not names:
        raise MissingInput(f"{inputs.results} has no times of our solver for any set")
    p = np.maximum(np.array(percentiles), MIN_MS).T  # p[k]: the k-th percentile of every set
    means = np.maximum([mean for mean, _, _ in stats], MIN_MS)

    fig, ax = plt.subplots(figsize=(TIMES_FIGSIZE_WIDTH, chart_height(len(names))), dpi=DPI)
    positions = row_positions(names)
    colours = [GROUP_COLOURS.get(group_of(name), OTHER_GROUP_COLOUR) for name in names]
    line = {"color": "black", "linewidth": WHISKER_WIDTH}
    ax.hlines(positions, p[WHISKER_LOW], p[BOX_LOW], **line)
    ax.hlines(positions, p[BOX_HIGH], p[WHISKER_HIGH], **line)
    for end in (WHISKER_LOW, WHISKER_HIGH):
        ax.vlines(p[end], positions - CAP_HEIGHT / 2, positions + CAP_HEIGHT / 2, **line)
    ax.barh(
        positions,
        p[BOX_HIGH] - p[BOX_LOW],
        left=p[BOX_LOW],
        height=BOX_HEIGHT,
        color=colours,
        alpha=BOX_ALPHA,
        edgecolor="black",
        linewidth=1.0,
        zorder=2,
    )
    ax.vlines(
        p[MEDIAN],
        positions - BOX_HEIGHT / 2,
        positions + BOX_HEIGHT / 2,
        color="black",
        linewidth=MEDIAN_WIDTH,
        zorder=3,
    )
    ax.plot(means, positions, linestyle="none", zorder=4, **MEAN_MARKER)
    ax.plot(p[-1], positions, linestyle="none", zorder=4, **SLOWEST_MARKER)
    label_rows(ax, names, positions)
    log_axis(ax, "CPU time per puzzle (ms, log scale)")

    # The number of puzzles timed, on the right, so that small samples show.
    right = ax.twinx()
    right.set_ylim(ax.get_ylim())
    right.set_yticks(positions, [puzzles_label(n, size) for _, n, size in stats], fontsize=TICK_FONTSIZE - 1)
    right.tick_params(axis="y", length=0, colors="0.3")
    right.set_ylabel("puzzles timed", fontsize=LABEL_FONTSIZE, color="0.3")

    ax.set_title(
        f"Our solver: time per puzzle, by set (collections: their {SHOWN_PART} part)",
        fontsize=CHART_TITLE_FONTSIZE,
        pad=34,
    )
    legend = [
        Patch(facecolor="0.75", edgecolor="black", label=f"{BOX_LOW}th–{BOX_HIGH}th percentile"),
        Line2D([], [], color="black", linewidth=MEDIAN_WIDTH, label="median"),
        Line2D(
            [],
            [],
            color="black",
            linewidth=WHISKER_WIDTH,
            marker="|",
            markersize=10,
            label=f"whiskers: {WHISKER_LOW}th–{WHISKER_HIGH}th",
        ),
        Line2D([], [], linestyle="none", label="mean", **MEAN_MARKER),
        Line2D([], [], linestyle="none", label="slowest", **SLOWEST_MARKER),
    ]
    ax.legend(
        handles=legend,
        loc="lower center",
        bbox_to_anchor=(0.5, 1.0),
        ncol=len(legend),
        fontsize=LEGEND_FONTSIZE,
        frameon=False,
        handlelength=1.8,
        columnspacing=1.4,
    )
    fig.subplots_adjust(left=0.2, right=0.86, top=1 - in_figure_inches(fig, 0.85), bottom=in_figure_inches(fig, 0.65))
    return save(fig, out / "times.png")


def comparison_figure(out: Path, inputs: Inputs = Inputs()) -> Path:
    """``comparison.png``: mean time per puzzle of every solver on every set
    where others were measured (left), and each one's mean over ours (right).

    Ours is its mean on the same puzzles as the others (the alternatives may
    run on a subsample of a set), so both panels compare like with like.
    """
    sets = shown_sets(load_results(inputs.results))
    names = [name for name in sorted(sets, key=set_order) if len(sets[name].get("solvers", [])) > 1]
    for name in sets:
        if name not in names:
            note("comparison", f"no other solvers were measured on {name}; left out")
    if not names:
        raise MissingInput(
            f"{inputs.results} has no set measured with other solvers; run tools/measure/benchmark.py without --alternatives"
        )
    found = {r["solver"] for name in names for r in sets[name]["solvers"][1:]}
    others = [s for s in SOLVER_STYLES if s in found] + sorted(found - set(SOLVER_STYLES))
    for name in names:
        for result in sets[name]["solvers"][1:]:
            if result["wrong"]:
                note("comparison", f"{result['solver']} gave {result['wrong']} wrong answers on {name}")

    # means[solver][k] and ratios[solver][k]: NaN where the solver did not run on set k
    means = {solver: np.full(len(names), np.nan) for solver in [OURS, *others]}
    ratios = {solver: np.full(len(names), np.nan) for solver in [OURS, *others]}
    for k, name in enumerate(names):
        alternatives = sets[name]["solvers"][1:]
        means[OURS][k] = alternatives[0]["ours_mean_ms"]  # they share one subsample
        ratios[OURS][k] = 1.0
        for result in alternatives:
            means[result["solver"]][k] = result["mean_ms"]
            ratios[result["solver"]][k] = result["ratio"]

    fig, (left, right) = plt.subplots(
        1,
        2,
        figsize=(COMPARISON_FIGSIZE_WIDTH, chart_height(len(names))),
        dpi=DPI,
        sharey=True,
        gridspec_kw={"width_ratios": (1.2, 1.0), "wspace": 0.05},
    )
    positions = row_positions(names)
    for ax, values in ((left, means), (right, ratios)):
        table = np.maximum(np.array(list(values.values())), MIN_MS)
        # A grey line from the fastest to the slowest guides the eye along a row.
        ax.hlines(positions, np.nanmin(table, axis=0), np.nanmax(table, axis=0), color="0.82", linewidth=1.2, zorder=1)
        for solver, row in values.items():
            label, colour, marker, size = SOLVER_STYLES.get(solver, (solver, *OTHER_SOLVER_STYLE[1:]))
            ax.plot(
                np.maximum(row, MIN_MS),
                positions,
                linestyle="none",
                label=label,
                color=colour,
                marker=marker,
                markersize=size,
                markeredgecolor="black",
                markeredgewidth=0.6,
                zorder=3 if solver == OURS else 2,
            )
    right.axvline(1.0, color=SOLVER_STYLES[OURS][1], linewidth=1.5, zorder=1.5)

    label_rows(left, names, positions)
    log_axis(left, "mean CPU time per puzzle (ms, log scale)")
    log_axis(right, "mean time ÷ our mean time (log scale)", unit="×")
    right.tick_params(axis="y", length=0)
    left.set_title("Mean time per puzzle", fontsize=LABEL_FONTSIZE + 1)
    right.set_title(
        "Relative to ours on the same puzzles\n(right of the red line: slower than ours)", fontsize=LABEL_FONTSIZE + 1
    )
    fig.suptitle(
        f"Our solver against the other solvers, measured in the same run (collections: their {SHOWN_PART} part)",
        fontsize=CHART_TITLE_FONTSIZE,
        y=1 - in_figure_inches(fig, 0.12),
    )
    fig.legend(
        *left.get_legend_handles_labels(),
        loc="upper center",
        ncol=1 + len(others),
        bbox_to_anchor=(0.5, 1 - in_figure_inches(fig, 0.45)),
        fontsize=LEGEND_FONTSIZE,
        frameon=False,
        columnspacing=1.8,
    )
    fig.subplots_adjust(left=0.15, right=0.98, top=1 - in_figure_inches(fig, 1.35), bottom=in_figure_inches(fig, 0.7))
    return save(fig, out / "comparison.png")


# --- the development ladder ---------------------------------------------------


def load_ladder(path: Path) -> dict:
    """The ladder's results in ``path``, as written by ``tools/ladder.py``, read
    by ``tools.ladder.read_ladder`` (rungs of older results under their name now).

    Raises ``MissingInput`` when the file is missing, is not JSON or holds no sets.
    """
    if not path.is_file():
        raise MissingInput(f"{path} not found; run tools/ladder.py first, or pass --ladder PATH")
    try:
        measured = ladder.read_ladder(path)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise MissingInput(f"{path} is not a JSON file ({error})") from error
    if not isinstance(measured, dict) or not isinstance(measured.get("sets"), dict) or not measured["sets"]:
        raise MissingInput(f"{path} holds no ladder results (no sets); run tools/ladder.py again")
    return measured


def rung_field(measured: dict, name: str, rung: str, field: str, path: Path) -> object:
    """``field`` of ``rung`` on the set ``name``; raises ``MissingInput`` when
    it is not there, as in results written before ``tools/ladder.py`` kept it."""
    try:
        return measured["sets"][name]["rungs"][rung][field]
    except (KeyError, TypeError):
        raise MissingInput(
            f"{path} has no {field} of rung {rung} on {name}, an older layout; run tools/ladder.py again"
        ) from None


def set_size(measured: dict, name: str, path: Path) -> int:
    """The number of puzzles of the set ``name``; raises ``MissingInput`` when it is not there."""
    entry = measured["sets"].get(name)
    if not isinstance(entry, dict) or not isinstance(entry.get("n"), int):
        raise MissingInput(f"{path} has no puzzle count (n) of {name}; run tools/ladder.py again")
    return entry["n"]


def ladder_sets(measured: dict, path: Path) -> dict[str, dict]:
    """The sets the ladder figure shows, by their name in ``SET_LABELS``, in
    its order: ``tools.ladder.shown_sets``, with the easier categories pooled
    as ``assignment``.  A set of ``SET_LABELS`` that is missing gets a note.

    Every rung but ``csp_after_singles`` must be there: results written
    before that rung was added are drawn without it, as the tables show them.
    """
    for name in measured["sets"]:
        if name in ladder.SET_LABELS or name in ladder.EASY_CATEGORIES:
            set_size(measured, name, path)
            for rung in ladder.RUNGS:
                if rung != "csp_after_singles" or rung in measured["sets"][name].get("rungs", {}):
                    rung_field(measured, name, rung, "mean_ms", path)
    try:
        shown = ladder.shown_sets(measured)
    except (KeyError, TypeError, ZeroDivisionError) as error:  # what pooling reads besides the means
        raise MissingInput(
            f"{path} holds ladder results in another layout ({error!r}); run tools/ladder.py again"
        ) from error
    names = {label: name for name, label in ladder.SET_LABELS.items()}
    for label in ladder.SET_LABELS.values():
        if label not in shown:
            note("ladder", f"no results for “{label}” in {path}; left out")
    if not shown:
        raise MissingInput(f"{path} holds none of the sets of tools.ladder.SET_LABELS")
    return {names[label]: entry for label, entry in shown.items()}


def rung_label(rung: str) -> str:
    """``3. + no unwinding``: a rung's number and short label, wrapped for the axis."""
    number = ladder.step_number(rung)
    return textwrap.fill(f"{number}. {ladder.RUNG_LABELS[rung]}", RUNG_LABEL_CHARS, subsequent_indent="    ")


def ladder_figure(out: Path, inputs: Inputs = Inputs()) -> Path:
    """``ladder.png``: the ladder's rungs down, each set's mean time per
    puzzle across (log), one line per set, so that the step from the CSP
    search (rung 0) to dancing links and each later step show per set."""
    sets = ladder_sets(load_ladder(inputs.ladder), inputs.ladder)
    rungs = ladder.measured_rungs(sets.values())
    positions = np.arange(len(rungs))
    fig, ax = plt.subplots(figsize=(LADDER_FIGSIZE_WIDTH, LADDER_MARGIN_INCHES + RUNG_INCHES * len(rungs)), dpi=DPI)
    for name, entry in sets.items():
        colour, marker = LADDER_SET_STYLES.get(name, OTHER_SET_STYLE)
        means = np.maximum([entry["rungs"][rung]["mean_ms"] for rung in rungs], MIN_MS)
        ax.plot(
            means,
            positions,
            color=colour,
            marker=marker,
            markersize=LADDER_MARKER_SIZE,
            markeredgecolor="black",
            markeredgewidth=0.6,
            linewidth=LADDER_LINE_WIDTH,
            label=f"{ladder.SET_LABELS[name]} ({entry['n']:,})",
        )
    # The textbook rungs are another method than the rest: a line sets them apart.
    textbook = sum(rung in ladder.TEXTBOOK_RUNGS for rung in rungs)
    ax.axhline(textbook - 0.5, color="0.45", linewidth=1.0, linestyle="--")
    ax.set_yticks(positions, [rung_label(rung) for rung in rungs], fontsize=TICK_FONTSIZE)
    ax.set_ylim(positions[-1] + 0.5, positions[0] - 0.5)
    ax.tick_params(axis="y", length=0)
    ax.grid(axis="y", color="0.93", linewidth=0.8)
    log_axis(ax, "mean time per puzzle (ms, log scale)")
    ax.tick_params(axis="x", which="minor", labelsize=TICK_FONTSIZE)  # shown on a page: no smaller type
    # Over the whole figure's width: the sets' names are long.
    fig.legend(
        *ax.get_legend_handles_labels(),
        loc="upper center",
        bbox_to_anchor=(0.5, 1.0),
        ncol=LEGEND_COLUMNS,
        fontsize=LEGEND_FONTSIZE,
        frameon=False,
        title="set (puzzles)",
        title_fontsize=LEGEND_FONTSIZE,
        columnspacing=1.2,
        handletextpad=0.5,
    )
    fig.subplots_adjust(
        left=LADDER_LEFT,
        right=0.97,
        top=1 - in_figure_inches(fig, LADDER_TOP_INCHES),
        bottom=in_figure_inches(fig, 0.6),
    )
    return save(fig, out / "ladder.png")


def count_label(x: float) -> str:
    """``1``, ``100``, ``10k``, ``1M``: a count short enough for a crowded axis."""
    for size, suffix in COUNT_SUFFIXES:
        if x >= size:
            return f"{x / size:g}{suffix}"
    return f"{x:g}"


def search_points(measured: dict, name: str, path: Path) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Each rung of ``PER_PUZZLE_RUNGS`` on the set ``name``: its rows tried and
    its time, puzzle by puzzle.  Raises ``MissingInput`` when they are not kept."""
    n = set_size(measured, name, path)
    points = {}
    for rung in ladder.PER_PUZZLE_RUNGS:
        rows = np.asarray(rung_field(measured, name, rung, "puzzle_rows", path), dtype=float)
        times = np.asarray(rung_field(measured, name, rung, "puzzle_ms", path), dtype=float)
        if rows.shape != times.shape or rows.ndim != 1 or len(rows) != n:
            raise MissingInput(
                f"{path}: puzzle_rows and puzzle_ms of rung {rung} on {name} do not match its {n} puzzles"
            )
        points[rung] = (rows, times)
    return points


def unsearched_footnote(points: dict[str, dict[str, tuple[np.ndarray, np.ndarray]]]) -> str:
    """Which puzzles the search figure leaves out, by rung and set: those
    with 0 rows tried; empty if there are none."""
    parts = []
    for rung in ladder.PER_PUZZLE_RUNGS:
        counts = [
            f"{int((by_rung[rung][0] == 0).sum()):,} of {ladder.SET_LABELS.get(name, name)}"
            for name, by_rung in points.items()
            if (by_rung[rung][0] == 0).any()
        ]
        if counts:
            parts.append(f"by {SEARCH_STYLES[rung][1]}: {', '.join(counts)}")
    if not parts:
        return ""
    return "Not shown: the puzzles solved before any search (0 rows tried) " + "; ".join(parts) + "."


def search_figure(out: Path, inputs: Inputs = Inputs()) -> Path:
    """``search.png``: on each set of ``SEARCH_SETS``, one panel: every
    puzzle's time against the rows its search tried (log-log), for the CSP
    search (rows: its assignments), plain dancing links and the final solver.

    A puzzle with 0 rows tried, solved before any search, cannot sit on a log
    axis: it is left out, and a footnote under the panels says how many were.
    """
    measured = load_ladder(inputs.ladder)
    names = [name for name in SEARCH_SETS if name in measured["sets"]]
    for name in SEARCH_SETS:
        if name not in names:
            note("search", f"no results for {name} in {inputs.ladder}; left out")
    if not names:
        raise MissingInput(f"{inputs.ladder} holds none of the sets {', '.join(SEARCH_SETS)}")
    points = {name: search_points(measured, name, inputs.ladder) for name in names}
    footnote = textwrap.wrap(unsearched_footnote(points), FOOTNOTE_CHARS)
    bottom = SEARCH_BOTTOM_INCHES + FOOTNOTE_LINE_INCHES * len(footnote)

    fig, axes = plt.subplots(
        1,
        len(names),
        figsize=(SEARCH_WIDTH_INCHES, SEARCH_TOP_INCHES + SEARCH_PANEL_INCHES + bottom),
        dpi=DPI,
        sharex=True,
        sharey=True,
        squeeze=False,
    )
    for ax, name in zip(axes[0], names):
        for rung in ladder.PER_PUZZLE_RUNGS:
            _, _, colour, marker = SEARCH_STYLES[rung]
            rows, times = points[name][rung]
            searched = rows > 0
            ax.scatter(
                rows[searched],
                np.maximum(times[searched], MIN_MS),
                s=SEARCH_MARKER_AREA,
                color=colour,
                marker=marker,
                alpha=SEARCH_ALPHA,
                linewidths=0,
            )
        n = set_size(measured, name, inputs.ladder)
        ax.set_title(f"{ladder.SET_LABELS.get(name, name)} ({n:,} puzzles)", fontsize=LABEL_FONTSIZE)
        # Several decades on each axis: the minor ticks' labels would run into each other.
        log_axis(ax, "choices (log scale)", minor_labels=False)
        ax.xaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda x, _: count_label(x)))
        log_axis(ax, "time per puzzle (ms, log scale)" if ax is axes[0, 0] else "", which="y", minor_labels=False)

    legend = [  # opaque and larger than the points, to be read
        Line2D([], [], linestyle="none", marker=marker, color=colour, markersize=LEGEND_MARKER_SIZE, label=label)
        for label, _, colour, marker in (SEARCH_STYLES[rung] for rung in ladder.PER_PUZZLE_RUNGS)
    ]
    fig.legend(
        handles=legend,
        loc="upper center",
        ncol=len(legend),
        fontsize=LEGEND_FONTSIZE,
        frameon=False,
        handletextpad=0.2,
        columnspacing=1.5,
    )
    if footnote:
        note("search", " ".join(footnote))
        fig.text(
            0.5, in_figure_inches(fig, 0.08), "\n".join(footnote), ha="center", va="bottom", fontsize=TICK_FONTSIZE
        )
    fig.subplots_adjust(
        left=SEARCH_LEFT,
        right=0.98,
        top=1 - in_figure_inches(fig, SEARCH_TOP_INCHES),
        bottom=in_figure_inches(fig, bottom),
        wspace=0.08,
    )
    return save(fig, out / "search.png")


# --- the exact-cover matrix -------------------------------------------------


@dataclass(frozen=True)
class CoverStep:
    """One puzzle's exact-cover matrix, what its givens leave, and one step
    of Algorithm X on that.

    Masks are over the full matrix; ``column`` and ``row`` index it too.
    """

    matrix: np.ndarray  #: (N**3, 4 N**2) bool, for a grid of side N
    given_rows: np.ndarray  #: the candidate rows of the givens
    rows_left: np.ndarray  #: bool per row: not removed by the givens
    columns_left: np.ndarray  #: bool per column: not covered by the givens
    column: int  #: the first column with the fewest 1s among those left (the S heuristic)
    column_rows: np.ndarray  #: the rows left with a 1 in ``column``
    row: int  #: the row chosen: the first of ``column_rows``
    rows_after: np.ndarray  #: bool per row: still there after choosing ``row``
    columns_after: np.ndarray  #: bool per column: still there after choosing ``row``


def sudoku_matrix(box: int) -> np.ndarray:
    """The exact-cover matrix of the sudoku of order ``box``, as bool, built
    from ``helpers.exact_cover_rows``: row ``helpers.candidate_row(cell, digit)``
    has its 1s in the four columns of ``helpers.constraint_columns``."""
    rows = helpers.exact_cover_rows(box)
    size = box * box
    matrix = np.zeros((len(rows), 4 * size * size), dtype=bool)
    for row, columns in enumerate(rows):
        matrix[row, list(columns)] = True
    return matrix


def cover_step(puzzle: np.ndarray) -> CoverStep:
    """The givens of ``puzzle`` (N x N, 0 = blank) chosen, then one step of Algorithm X.

    Choosing a row covers its columns, and covering a column removes every
    row with a 1 in it.  The step takes the first column with the fewest 1s
    among those left and chooses its first row, as Algorithm X tries them.
    """
    puzzle = np.asarray(puzzle)
    size = len(puzzle)
    matrix = sudoku_matrix(math.isqrt(size))
    cells = puzzle.ravel()
    given_rows = np.array(
        [helpers.candidate_row(int(cell), int(cells[cell]), size) for cell in np.flatnonzero(cells != EMPTY)],
        dtype=np.int64,
    )
    columns_left = ~matrix[given_rows].any(axis=0)
    rows_left = ~matrix[:, ~columns_left].any(axis=1)
    sizes = np.where(columns_left, matrix[rows_left].sum(axis=0), np.iinfo(np.int64).max)
    column = int(np.argmin(sizes))
    column_rows = np.flatnonzero(rows_left & matrix[:, column])
    if not len(column_rows):
        raise ValueError("the givens leave a column with no 1s: the puzzle has no solution")
    row = int(column_rows[0])
    columns_after = columns_left & ~matrix[row]
    rows_after = rows_left & ~matrix[:, matrix[row]].any(axis=1)
    return CoverStep(matrix, given_rows, rows_left, columns_left, column, column_rows, row, rows_after, columns_after)


def cell_name(cell: int, size: int) -> str:
    """``(1, 2)``: a cell as the notebook names it, (row, column), both from 0."""
    r, c = divmod(cell, size)
    return f"({r}, {c})"


def row_name(row: int, size: int) -> str:
    """``3 in (1, 2)``: the candidate a matrix row stands for."""
    cell, digit = helpers.decode_row(row, size)
    return f"{digit} in {cell_name(cell, size)}"


def column_name(column: int, size: int) -> str:
    """``cell (1, 2)`` or ``box 3, digit 2``: the constraint a matrix column
    stands for, numbered as ``helpers.constraint_columns`` numbers them (rows,
    columns and boxes from 0, digits from 1)."""
    family, within = divmod(column, size * size)
    if family == 0:
        return f"cell {cell_name(within, size)}"
    unit, digit0 = divmod(within, size)
    unit_kind = CONSTRAINT_FAMILIES[family].partition("-")[0]  # row-digit -> row
    return f"{unit_kind} {unit}, digit {digit0 + 1}"


def cover_colours(step: CoverStep) -> np.ndarray:
    """The matrix as (rows, columns, RGB): what the givens choose and rule
    out, and on what they leave, what one step of Algorithm X chooses and
    rules out."""
    matrix = step.matrix
    # The givens: their rows chosen, every row that shares a column with one
    # of them ruled out (their own rows included), their columns covered.
    ruled_out = ~step.rows_left[:, None]
    covered = ~step.columns_left[None, :]
    colours = np.where((ruled_out | covered)[..., None], REMOVED_BACKGROUND, WHITE)
    colours[matrix & ruled_out] = REMOVED_ONE
    for row in step.given_rows:
        colours[row, matrix[row]] = GIVEN_ONE
    # The step, on what is left: the rows that share a column with the chosen
    # row (they compete with it), and the columns the chosen row fills.
    step_ruled_out = (step.rows_left & ~step.rows_after)[:, None]
    step_covered = (step.columns_left & ~step.columns_after)[None, :]
    step_gone = (step_ruled_out & step.columns_left[None, :]) | (step_covered & step.rows_left[:, None])
    colours[step_gone] = STEP_REMOVED_BACKGROUND
    colours[matrix & step_ruled_out] = STEP_REMOVED_ONE
    colours[matrix & step.rows_after[:, None]] = OPEN_ONE
    colours[step.rows_left & ~matrix[:, step.column], step.column] = HIGHLIGHT_BACKGROUND
    colours[step.row, step.columns_left & ~matrix[step.row]] = HIGHLIGHT_BACKGROUND
    colours[step.row, matrix[step.row]] = CHOSEN_ONE
    return colours


#: the legend of the matrix, each colour with its name (the readme and the
#: notebook name the colours in the figure's caption as this legend does)
COVER_LEGEND = (
    ("1 in a given's row", GIVEN_ONE, None),
    ("ruled out by the givens", REMOVED_BACKGROUND, REMOVED_ONE),
    ("1 still open", OPEN_ONE, None),
    ("column picked, row chosen", HIGHLIGHT_BACKGROUND, None),
    ("1 in the row chosen", CHOSEN_ONE, None),
    ("ruled out by the choice", STEP_REMOVED_BACKGROUND, STEP_REMOVED_ONE),
)


def add_axes_in_inches(fig: plt.Figure, left: float, bottom: float, width: float, height: float) -> Axes:
    """Axes placed in inches from the figure's lower left corner, so that a
    matrix entry spans a whole number of pixels."""
    w, h = fig.get_size_inches()
    return fig.add_axes((left / w, bottom / h, width / w, height / h))


def draw_cover_matrix(ax: Axes, colours: np.ndarray, size: int) -> None:
    """Show the (N**3, 4 N**2, 3) ``colours``, one matrix entry per image
    cell: thin lines between the cells' groups of rows, each group named by
    its cell on the left, and thick ones between the families of columns,
    which are named along the top."""
    n_rows, n_columns = colours.shape[:2]
    area = size * size
    ax.imshow(colours, aspect="auto", interpolation="nearest")
    # Only horizontal thin lines: vertical ones would cut a highlighted row into dashes.
    for y in range(size, n_rows, size):
        ax.axhline(y - 0.5, color=CELL_LINE_COLOUR, linewidth=CELL_LINE_WIDTH)
    for x in range(area, n_columns, area):
        ax.axvline(x - 0.5, color=FAMILY_LINE_COLOUR, linewidth=FAMILY_LINE_WIDTH)
    centres = np.arange(area) * size + (size - 1) / 2
    ax.set_yticks(centres, [cell_name(cell, size) for cell in range(area)], fontsize=COVER_FONTSIZE)
    ax.set_ylabel(f"{n_rows} rows: digits 1–{size} of each cell", fontsize=COVER_FONTSIZE)
    # the families' names along the top, "row-digit" over two lines to fit its 16 columns
    family_centres = np.arange(len(CONSTRAINT_FAMILIES)) * area + (area - 1) / 2
    ax.set_xticks(family_centres, [name.replace("-", "-\n") for name in CONSTRAINT_FAMILIES], fontsize=COVER_FONTSIZE)
    ax.xaxis.tick_top()
    ax.tick_params(length=0, pad=COVER_LABEL_PAD)
    ax.set_xlabel(
        f"{n_columns} columns: {len(CONSTRAINT_FAMILIES)} families of {area} constraints", fontsize=COVER_FONTSIZE
    )


def point_at(ax: Axes, row: int, column: int) -> None:
    """Triangles outside the frame, on the left and at the top, that point at
    ``row`` and ``column``: one entry is only a few pixels wide."""
    for x, y, marker in ((-0.5, row, ">"), (column, -0.5, "v")):
        ax.plot(x, y, marker=marker, color=MARKER_COLOUR, markersize=MARKER_SIZE, clip_on=False, zorder=5)


def draw_puzzle(ax: Axes, puzzle: np.ndarray, step: CoverStep) -> None:
    """The puzzle with its rows and columns numbered from 0, givens in black,
    and the step's choice in red in its cell."""
    size = len(puzzle)
    shown = puzzle.copy()
    cell, digit = helpers.decode_row(step.row, size)
    shown.flat[cell] = digit
    draw_grid(ax, shown, puzzle != EMPTY, "Puzzle", digit_fontsize=COVER_DIGIT_FONTSIZE)
    ax.set_title("Puzzle", fontsize=COVER_TITLE_FONTSIZE, pad=COVER_FONTSIZE + 6)
    for k in range(size):  # the numbers the cells' names use
        ax.text(k + 0.5, -0.15, str(k), ha="center", va="bottom", fontsize=COVER_FONTSIZE, color="0.35")
        ax.text(-0.15, k + 0.5, str(k), ha="right", va="center", fontsize=COVER_FONTSIZE, color="0.35")
    ax.text(
        0.5,
        -0.08,
        "black: givens\nred: the step's\nchoice",
        transform=ax.transAxes,
        ha="center",
        va="top",
        fontsize=COVER_FONTSIZE,
        linespacing=1.3,
    )


def cover_title(step: CoverStep, size: int) -> str:
    """What the givens leave and what the step does, in three lines."""
    return (
        f"{len(step.given_rows)} givens leave "
        f"{int(step.rows_left.sum())} rows × {int(step.columns_left.sum())} columns.\n"
        f"Fewest 1s: column “{column_name(step.column, size)}”, with {len(step.column_rows)}.\n"
        f"Choosing “{row_name(step.row, size)}” leaves "
        f"{int(step.rows_after.sum())} × {int(step.columns_after.sum())}."
    )


def exact_cover_drawing() -> plt.Figure:
    """The exact-cover figure, drawn at its printed size: the 4 x 4
    ``COVER_PUZZLE`` (left) and its exact-cover matrix (right), coloured by
    ``cover_colours``."""
    puzzle = np.array(COVER_PUZZLE)
    size = len(puzzle)
    step = cover_step(puzzle)
    n_rows, n_columns = step.matrix.shape
    width, height = n_columns * COVER_ENTRY_INCHES, n_rows * COVER_ENTRY_INCHES
    fig = plt.figure(figsize=(PRINTED_WIDTH_INCHES, COVER_BOTTOM_INCHES + height + COVER_TOP_INCHES), dpi=COVER_DPI)
    top = COVER_BOTTOM_INCHES + height
    grid_ax = add_axes_in_inches(
        fig, COVER_GRID_LEFT_INCHES, top - COVER_GRID_INCHES, COVER_GRID_INCHES, COVER_GRID_INCHES
    )
    draw_puzzle(grid_ax, puzzle, step)
    matrix_ax = add_axes_in_inches(fig, COVER_MATRIX_LEFT_INCHES, COVER_BOTTOM_INCHES, width, height)
    draw_cover_matrix(matrix_ax, cover_colours(step), size)
    point_at(matrix_ax, step.row, step.column)
    matrix_ax.set_title(cover_title(step, size), fontsize=COVER_TITLE_FONTSIZE, linespacing=1.3)
    # in two columns, filled column by column: the givens and what is open, then the step
    legend = [Patch(facecolor=face, edgecolor=edge or face, label=label) for label, face, edge in COVER_LEGEND]
    fig.legend(handles=legend, loc="lower center", ncol=2, fontsize=COVER_FONTSIZE, frameon=False)
    return fig


def exact_cover_figure(out: Path, inputs: Inputs = Inputs()) -> Path:
    """``exact_cover.png``: ``exact_cover_drawing``.  It reads no input."""
    return save(exact_cover_drawing(), out / "exact_cover.png", dpi=COVER_DPI)


@dataclass(frozen=True)
class Figure:
    """A figure: the function that draws it and the folder it belongs in,
    ``IMAGES`` if the readme or the notebook shows it, else ``DOCS_IMAGES``."""

    draw: Callable[[Path, Inputs], Path]
    folder: Path


FIGURES: dict[str, Figure] = {
    "times": Figure(times_figure, DOCS_IMAGES),
    "comparison": Figure(comparison_figure, DOCS_IMAGES),
    "exact_cover": Figure(exact_cover_figure, IMAGES),
    "ladder": Figure(ladder_figure, DOCS_IMAGES),
    "search": Figure(search_figure, IMAGES),
}


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: draw the chosen figures (all by default), each into
    its own folder or all into ``--out``.

    The exit status is 1 when a figure could not be drawn for want of its input.
    """
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "names", nargs="*", metavar="NAME", help=f"figures to draw (default: all): {', '.join(FIGURES)}"
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="write every figure into DIR (default: each into its own folder, images/ or docs/images/)",
    )
    parser.add_argument(
        "--results",
        type=Path,
        default=RESULTS,
        metavar="PATH",
        help="the benchmark's results (default: the repo's docs/results/benchmark.json)",
    )
    parser.add_argument(
        "--ladder",
        type=Path,
        default=LADDER,
        metavar="PATH",
        help="the ladder's results (default: the repo's docs/results/ladder.json)",
    )
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in FIGURES]
    if unknown:
        parser.error(f"no figure named {', '.join(unknown)}; choose from {', '.join(FIGURES)}")
    inputs = Inputs(results=args.results, ladder=args.ladder)
    status = 0
    for name in args.names or list(FIGURES):
        plt.style.use("default")  # each figure starts from the same style
        try:
            figure = FIGURES[name]
            path = figure.draw(args.out or figure.folder, inputs)
        except MissingInput as error:
            print(f"error: {name} not drawn: {error}", file=sys.stderr)
            status = 1
            continue
        print(f"wrote {path}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
