"""Tests of ``tools/report/figures.py``.

A committed PNG is not compared with a fresh drawing byte for byte (that
breaks with every matplotlib release); what each figure is drawn from is
checked instead.  The ladder figure's numbers are the notebook's printed
table; the choices figure's boxes are drawn from the choices whose means and
maxima the notebook prints; the exact-cover figure's step is checked against
counts made from the rules of sudoku, without the matrix, and its puzzle's
one solution by the textbook search.  The drawings themselves are checked
for their pixel size, the size of their text as printed, and reproducible
bytes.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib.image
import matplotlib.text
import numpy as np
import pytest
from matplotlib.figure import Figure

import helpers
from conftest import peer_digits
from tools.handin.notebook import BOUND_SIGN, Table, notebook_budget, printed_number, printed_tables
from tools.puzzles.sets import load
from tools.report import figures

#: pixels (width, height) of each figure: 6.3 inches wide at 140 dpi
PIXELS = {"exact_cover": (882, 848), "ladder": (882, 784), "choices": (882, 588)}
MIN_PRINTED_POINTS = 9  #: no text of a figure is smaller on the page
COVER_POINTS = 11  #: nor, in the exact-cover figure, smaller than the report's body text
MEANS, MOST = "choices: mean", "most"  #: columns of the notebook's table of the three searches


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    return printed_tables()


@pytest.fixture(scope="module")
def found() -> dict[str, dict[str, helpers.Results]]:
    """The choices figure's data: the three searches raced on the notebook's sets."""
    return figures.search_choices(notebook_budget())


def searches_row(tables: dict[str, Table], set_name: str, search: str) -> list[str]:
    """The row of the notebook's table of the three searches for ``search`` on ``set_name``."""
    table = tables[figures.SEARCH_TABLE]
    return next(row for row in table.rows if row[:2] == [set_name, search])


def printed(value: float, bound: bool, digits: int) -> str:
    """``value`` as the notebook prints it: ``helpers.significant``, ``≥`` before a lower bound."""
    return (BOUND_SIGN if bound else "") + helpers.significant(value, digits)


# --- reading the notebook -------------------------------------------------------


def test_the_budget_is_where_the_notebooks_textbook_search_gave_up(tables):
    most = searches_row(tables, "hardest sample (26)", figures.SEARCHES[0])[
        tables[figures.SEARCH_TABLE].header.index(MOST)
    ]
    assert printed_number(most) == (notebook_budget(), True)


# --- Figure 2: the ladder ---------------------------------------------------------


def test_the_ladder_figure_shows_the_notebooks_table_every_rung_and_every_set(tables):
    table = tables[figures.LADDER_TABLE]
    times = figures.ladder_times(table)
    shown = [[printed(ms, bound, 2) for ms, bound in zip(*row)] for row in zip(times.ms, times.bound)]
    assert shown == [row[1:] for row in table.rows]
    assert (times.rungs, times.sets) == (list(helpers.ladder()), table.header[1:])


# --- Figure 3: the three searches' choices -------------------------------------------


@pytest.mark.slow
def test_the_boxes_means_and_most_choices_are_the_notebooks(found, tables):
    header = tables[figures.SEARCH_TABLE].header
    for set_name, results in found.items():
        for search, result in results.items():
            row = searches_row(tables, set_name, search)
            stats, bound = figures.choice_stats(result.choices), result.over_budget.any()
            assert printed(stats["mean"], bound, 3) == row[header.index(MEANS)]
            assert (max([stats["whishi"], *stats["fliers"]]), bound) == printed_number(row[header.index(MOST)])


@pytest.mark.slow
def test_a_search_that_gave_up_sits_on_the_budget(found):
    budget = notebook_budget()
    gave_up = [r.choices[r.over_budget] for results in found.values() for r in results.values()]
    assert np.concatenate(gave_up).size and (np.concatenate(gave_up) == budget).all()


# --- Figure 1: the exact-cover matrix -------------------------------------------------


def first_solvable_hard() -> np.ndarray:
    hard = load("assignment/hard")
    return hard.puzzles[np.flatnonzero(~hard.unsolvable())[0]]


#: the figure's 4 x 4 puzzle, and a 9 x 9 one: the counts hold at any size
COVER_PUZZLES = {"4x4": lambda: np.array(figures.COVER_PUZZLE), "9x9": first_solvable_hard}


def allowed_candidates(puzzle: np.ndarray) -> int:
    """How many digits the blanks of ``puzzle`` may take, counted from the rules."""
    return sum(len(puzzle) - len(peer_digits(puzzle, r, c)) for r, c in zip(*np.nonzero(puzzle == 0)))


def test_the_figures_puzzle_has_one_solution():
    assert helpers.backtracking_count(np.array(figures.COVER_PUZZLE)) == 1


@pytest.mark.parametrize("which", COVER_PUZZLES)
def test_the_givens_leave_the_candidates_that_no_given_rules_out(which):
    puzzle = COVER_PUZZLES[which]()
    step = figures.cover_step(puzzle)
    assert step.rows_left.sum() == allowed_candidates(puzzle)
    assert step.columns_left.sum() == 4 * puzzle.size - 4 * np.count_nonzero(puzzle)


@pytest.mark.parametrize("which", COVER_PUZZLES)
def test_the_step_chooses_a_row_of_the_first_column_with_fewest_ones(which):
    step = figures.cover_step(COVER_PUZZLES[which]())
    sizes = step.matrix[step.rows_left].sum(axis=0)
    left = np.flatnonzero(step.columns_left)
    assert (len(step.column_rows), step.column) == (sizes[left].min(), left[np.argmin(sizes[left])])
    assert step.matrix[step.row, step.column] and step.rows_left[step.row]


@pytest.mark.parametrize("which", COVER_PUZZLES)
def test_the_step_removes_every_row_sharing_a_column_with_the_chosen_row(which):
    step = figures.cover_step(COVER_PUZZLES[which]())
    left = np.flatnonzero(step.rows_left)
    shares = (step.matrix[left] & step.matrix[step.row]).any(axis=1)
    assert (step.rows_after[left] == ~shares).all()
    assert step.columns_after.sum() == step.columns_left.sum() - 4


@pytest.mark.parametrize("box", [2, 3])
def test_rows_and_columns_are_named_as_the_helpers_number_them(box):
    size = box * box
    for cell in range(size * size):
        r, c = divmod(cell, size)
        b = (r // box) * box + c // box
        for digit in range(1, size + 1):
            assert figures.row_name(helpers.candidate_row(cell, digit, size), size) == f"{digit} in ({r}, {c})"
            names = [figures.column_name(column, size) for column in helpers.constraint_columns(cell, digit, box)]
            expected = [
                f"cell ({r}, {c})",
                f"row {r}, digit {digit}",
                f"column {c}, digit {digit}",
                f"box {b}, digit {digit}",
            ]
            assert names == expected


def test_the_exact_cover_legend_names_every_colour_of_the_matrix():
    colours = figures.cover_colours(figures.cover_step(np.array(figures.COVER_PUZZLE)))
    used = {tuple(rgb) for rgb in colours.reshape(-1, 3)} - {figures.WHITE}
    named = {colour for _, face, edge in figures.COVER_LEGEND for colour in (face, edge) if colour is not None}
    assert used == named


# --- the drawings ------------------------------------------------------------------------


@pytest.fixture
def drawing(request, tables) -> Figure:
    """The figure named by the test's parameter, drawn from the notebook's
    tables (the choices from the module's race), its layout done."""
    name = request.param
    if name == "choices":
        fig = figures.draw_choices(request.getfixturevalue("found"), notebook_budget())
    elif name == "ladder":
        fig = figures.draw_ladder(figures.ladder_times(tables[figures.LADDER_TABLE]))
    else:
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
@pytest.mark.parametrize(("drawing", "pixels"), PIXELS.items(), indirect=["drawing"])
def test_a_figure_is_written_as_a_png_of_its_size(drawing, pixels, tmp_path):
    height, width = matplotlib.image.imread(figures.save(drawing, tmp_path / "figure.png")).shape[:2]
    assert (width, height) == pixels


@pytest.mark.slow
@pytest.mark.parametrize(
    ("drawing", "points"),
    [("exact_cover", COVER_POINTS), ("ladder", MIN_PRINTED_POINTS), ("choices", MIN_PRINTED_POINTS)],
    indirect=["drawing"],
)
def test_no_text_is_too_small_when_printed(drawing, points):
    scale = figures.PAGE_WIDTH_INCHES / drawing.get_figwidth()  # 1: drawn at the printed width
    sizes = {t.get_text(): round(t.get_fontsize() * scale, 1) for t in shown_texts(drawing)}
    assert sizes and {text: size for text, size in sizes.items() if size < points} == {}


@pytest.mark.slow
def test_the_same_drawing_writes_the_same_bytes_with_no_software_named(tmp_path):
    first = figures.save(figures.draw_exact_cover(), tmp_path / "first.png").read_bytes()
    second = figures.save(figures.draw_exact_cover(), tmp_path / "second.png").read_bytes()
    assert first == second and b"matplotlib" not in first


def test_the_command_line_draws_the_figures_named_into_out(tmp_path):
    assert figures.main(["exact_cover", "--out", str(tmp_path)]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["exact_cover.png"]


def test_the_command_line_refuses_an_unknown_figure(tmp_path):
    with pytest.raises(SystemExit):
        figures.main(["search", "--out", str(tmp_path)])
    assert not list(Path(tmp_path).iterdir())
