"""Tests of ``tools/report/figures.py``, which draws Figure 1.

A committed PNG is not compared with a fresh drawing byte for byte (that
breaks with every matplotlib release); what the figure is drawn from is
checked instead: its step against counts made from the rules of sudoku,
without the matrix, and its puzzle's one solution by the textbook search.
The drawing itself is checked for its width, the size of its text as
printed, and reproducible bytes.  (Figure 2 is the notebook's own drawing,
``tests/test_report.py``.)
"""

from __future__ import annotations

import matplotlib.image
import matplotlib.text
import numpy as np
import pytest
from matplotlib.figure import Figure

import helpers
from conftest import peer_digits
from tools.report import figures

COVER_POINTS = 11  #: no text of the figure is smaller on the page than the report's body text


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
def drawing() -> Figure:
    """Figure 1, its layout done."""
    fig = figures.draw_exact_cover()
    fig.canvas.draw()  # lays out the tick labels, which exist only once drawn
    return fig


def shown_texts(fig: Figure) -> list[matplotlib.text.Text]:
    """The texts of ``fig`` a reader sees: not empty, not hidden, and not the
    tick labels of axes drawn without their axis (the puzzle's)."""
    hidden = {id(t) for ax in fig.axes if not ax.axison for axis in (ax.xaxis, ax.yaxis) for t in axis.findobj()}
    texts = fig.findobj(matplotlib.text.Text)
    return [t for t in texts if t.get_visible() and t.get_text().strip() and id(t) not in hidden]


@pytest.mark.slow
def test_no_text_is_smaller_than_the_body_text_when_printed(drawing):
    scale = figures.PAGE_WIDTH_INCHES / drawing.get_figwidth()  # 1: drawn at the printed width
    sizes = {t.get_text(): round(t.get_fontsize() * scale, 1) for t in shown_texts(drawing)}
    assert sizes and {text: size for text, size in sizes.items() if size < COVER_POINTS} == {}


@pytest.mark.slow
def test_the_figure_is_page_wide_and_drawn_twice_writes_the_same_bytes_with_no_software_named(tmp_path):
    first = figures.save(figures.draw_exact_cover(), tmp_path / "first.png")
    second = figures.save(figures.draw_exact_cover(), tmp_path / "second.png").read_bytes()
    assert first.read_bytes() == second and b"matplotlib" not in second
    assert matplotlib.image.imread(first).shape[1] == round(figures.PAGE_WIDTH_INCHES * figures.DPI)


@pytest.mark.slow
def test_the_command_line_draws_figure_1_into_out(tmp_path):
    assert figures.main(["--out", str(tmp_path)]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["exact_cover.png"]
