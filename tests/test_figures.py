"""Tests of ``tools/report/figures.py``.

A committed PNG is not compared with a fresh drawing byte for byte (that
breaks with every matplotlib release); what each figure is drawn from is
checked instead.  Figure 2 must show the numbers the notebook's stored
outputs print, each in its place; the exact-cover figure's step is
checked against counts made from the rules of sudoku, without the matrix,
and its puzzle's one solution by the textbook search.  The drawings
themselves are checked for their width, the size of their text as printed,
and reproducible bytes.
"""

from __future__ import annotations

import matplotlib.image
import matplotlib.text
import numpy as np
import pytest
from matplotlib.figure import Figure

import helpers
from conftest import column, peer_digits
from helpers import BOUND_SIGN
from tools.handin.notebook import Table, printed_number, printed_tables
from tools.report import figures

MIN_PRINTED_POINTS = 9  #: no text of a figure is smaller on the page
COVER_POINTS = 11  #: nor, in the exact-cover figure, smaller than the report's body text
#: where a box plot shows each column of the notebook's table of search nodes
BOX_PLOT = {"whislo": "p5", "q1": "p25", "med": "median", "q3": "p75", "whishi": "p95", "mean": "mean"}


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    return printed_tables()


# --- Figure 2: search nodes per puzzle -------------------------------------------------


def test_figure_2_boxes_are_the_notebooks_percentiles_and_means_for_every_set_and_method(tables):
    table = tables[helpers.NODE_SPREAD]
    boxes = figures.spread_boxes(table)
    drawn = [(set_name, method, box) for set_name, by_method in boxes.items() for method, box in by_method.items()]
    assert [[set_name, method] for set_name, method, _ in drawn] == [row[:2] for row in table.rows]
    for (_, _, box), row in zip(drawn, table.rows):
        cells = dict(zip(table.header, row))
        assert box.stats == {key: printed_number(cells[column])[0] for key, column in BOX_PLOT.items()}
        assert box.bounds == {key for key, column in BOX_PLOT.items() if cells[column].startswith(BOUND_SIGN)}
        # a percentile is a lower bound only where a search stopped at the budget
        assert all(box.stats[key] == helpers.BUDGET for key in box.bounds - {"mean"})


def test_figure_2_marks_lower_bounds_and_writes_each_over_budget_count_at_the_budget(tables):
    table = tables[helpers.NODE_SPREAD]
    ax = figures.draw_node_spread(figures.spread_boxes(table), helpers.BUDGET).axes[0]
    counts = [count for count in column(table, "over budget") if count != "0"]
    assert [(text.get_text(), text.xy[1]) for text in ax.texts] == [(count, helpers.BUDGET) for count in counts]
    assert any(line.get_ydata()[0] == helpers.BUDGET and line.get_linestyle() == "--" for line in ax.lines)
    bound_q3 = sum(cell.startswith(BOUND_SIGN) for cell in column(table, "p75"))
    bound_means = sum(cell.startswith(BOUND_SIGN) for cell in column(table, "mean"))
    assert sum(bool(patch.get_hatch()) for patch in ax.patches) == bound_q3
    assert sum(line.get_marker() == "D" and line.get_markerfacecolor() == "white" for line in ax.lines) == bound_means


# --- Figure 1: the exact-cover matrix -------------------------------------------------


def allowed_candidates(puzzle: np.ndarray) -> int:
    """How many digits the blanks of ``puzzle`` may take, counted from the rules."""
    return sum(len(puzzle) - len(peer_digits(puzzle, r, c)) for r, c in zip(*np.nonzero(puzzle == 0)))


def test_the_figures_puzzle_has_one_solution():
    assert helpers.backtracking_count(np.array(figures.COVER_PUZZLE)) == 1


def test_the_givens_leave_the_candidates_that_no_given_rules_out():
    puzzle = np.array(figures.COVER_PUZZLE)
    step = figures.cover_step(puzzle)
    assert step.rows_left.sum() == allowed_candidates(puzzle)
    assert step.columns_left.sum() == 4 * puzzle.size - 4 * np.count_nonzero(puzzle)


def test_the_step_chooses_a_row_of_the_first_column_with_fewest_ones():
    step = figures.cover_step(np.array(figures.COVER_PUZZLE))
    sizes = step.matrix[step.rows_left].sum(axis=0)
    left = np.flatnonzero(step.columns_left)
    assert (len(step.column_rows), step.column) == (sizes[left].min(), left[np.argmin(sizes[left])])
    assert step.matrix[step.row, step.column] and step.rows_left[step.row]


def test_the_step_removes_every_row_sharing_a_column_with_the_chosen_row():
    step = figures.cover_step(np.array(figures.COVER_PUZZLE))
    left = np.flatnonzero(step.rows_left)
    shares = (step.matrix[left] & step.matrix[step.row]).any(axis=1)
    assert (step.rows_after[left] == ~shares).all()
    assert step.columns_after.sum() == step.columns_left.sum() - 4


@pytest.mark.parametrize("box", [2, 3])
def test_rows_and_columns_are_named_as_the_helpers_number_them(box):
    size = box * box
    for cell in range(size * size):
        r, c = divmod(cell, size)
        b = helpers.box_of(cell, box)
        for digit in range(1, size + 1):
            assert figures.row_name(helpers.candidate_row(cell, digit, size), size) == f"{digit} in ({r}, {c})"
            names = [figures.column_name(column, size) for column in helpers.constraint_columns(cell, digit, box)]
            expected = f"cell ({r}, {c})|row {r}, digit {digit}|column {c}, digit {digit}|box {b}, digit {digit}"
            assert names == expected.split("|")


def test_the_exact_cover_legend_names_every_colour_of_the_matrix():
    colours = figures.cover_colours(figures.cover_step(np.array(figures.COVER_PUZZLE)))
    used = {tuple(rgb) for rgb in colours.reshape(-1, 3)} - {figures.WHITE}
    named = {colour for _, face, edge in figures.COVER_LEGEND for colour in (face, edge) if colour is not None}
    assert used == named


# --- the drawings ------------------------------------------------------------------------


@pytest.fixture
def drawing(request) -> Figure:
    """The figure named by the test's parameter, drawn from the project's
    files (the notebook's stored outputs), its layout done."""
    fig = figures.FIGURES[request.param]()
    fig.canvas.draw()  # lays out the tick labels, which exist only once drawn
    return fig


def shown_texts(fig: Figure) -> list[matplotlib.text.Text]:
    """The texts of ``fig`` a reader sees: not empty, not hidden, and not the
    tick labels of axes drawn without their axis (the puzzle's)."""
    hidden = {id(t) for ax in fig.axes if not ax.axison for axis in (ax.xaxis, ax.yaxis) for t in axis.findobj()}
    texts = fig.findobj(matplotlib.text.Text)
    return [t for t in texts if t.get_visible() and t.get_text().strip() and id(t) not in hidden]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("drawing", "points"), [("exact_cover", COVER_POINTS), ("choices", MIN_PRINTED_POINTS)], indirect=["drawing"]
)
def test_no_text_is_too_small_when_printed(drawing, points):
    scale = figures.PAGE_WIDTH_INCHES / drawing.get_figwidth()  # 1: drawn at the printed width
    sizes = {t.get_text(): round(t.get_fontsize() * scale, 1) for t in shown_texts(drawing)}
    assert sizes and {text: size for text, size in sizes.items() if size < points} == {}


@pytest.mark.slow
@pytest.mark.parametrize("name", figures.FIGURES)
def test_a_figure_is_page_wide_and_the_same_inputs_write_the_same_bytes_with_no_software_named(name, tmp_path):
    first = figures.save(figures.FIGURES[name](), tmp_path / "first.png")
    second = figures.save(figures.FIGURES[name](), tmp_path / "second.png").read_bytes()
    assert first.read_bytes() == second and b"matplotlib" not in second
    assert matplotlib.image.imread(first).shape[1] == round(figures.PAGE_WIDTH_INCHES * figures.DPI)


def test_the_command_line_draws_the_figures_named_into_out(tmp_path):
    assert figures.main(["exact_cover", "--out", str(tmp_path)]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["exact_cover.png"]
