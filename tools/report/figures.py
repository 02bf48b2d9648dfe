"""Draw the report's Figure 1, the exact-cover matrix of a 4 x 4 sudoku, into ``images/exact_cover.png``.

Usage: ``python -m tools.report.figures [--out DIR]`` (``images/`` by default).

Figure 1 is a diagram: it measures nothing.  The report's data figure is the
one the notebook draws (``tools.report.readme`` copies it into ``images/``),
so that a marker can draw it again from the hand-in.  Figure 1 is drawn at
the width it is printed (``PAGE_WIDTH_INCHES``, a page's text width) so that
font sizes are the printed ones, at a fixed ``DPI``, on the Agg backend, with
no software or date in the PNG: it draws the same bytes every time.
``images/sudoku.png`` is not drawn here: it is the assignment's own picture,
handed out with the template.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # before pyplot: draw to files, never to a screen

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

import helpers  # noqa: E402
from helpers import (  # noqa: E402
    CONSTRAINT_FAMILIES,
    EMPTY,
)
from tools.paths import ROOT  # noqa: E402

IMAGES = ROOT / "images"  #: the figures the readme and the notebook show; handed in with them
PAGE_WIDTH_INCHES = 6.3  #: 16 cm, the text width of an A4 page: every figure is drawn this wide
DPI = 140  #: 882 px across: no wider than a rendered readme shows at full size
PNG_METADATA = {"Software": None}  #: keep matplotlib's version out of the file
#: the text of Figure 2, in points as printed (captions are the report's)
STYLE: dict[str, Any] = {"font.size": 10}  #: labels, ticks and legends take this size
GRID_COLOUR = "0.88"


def save(fig: Figure, path: Path) -> Path:
    """Write ``fig`` to ``path`` as a reproducible PNG at ``DPI``, close it, return ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI, metadata=PNG_METADATA)
    plt.close(fig)
    return path


# --- Figure 1: the exact-cover matrix -------------------------------------------

#: A 4 x 4 sudoku (box 2) with four givens and one solution.  Its matrix is
#: 64 x 64, so every entry shows at page size, where the 729 x 324 matrix of a
#: 9 x 9 puzzle is a blur.
COVER_PUZZLE = ((1, 0, 0, 4), (0, 0, 0, 0), (0, 3, 4, 0), (0, 0, 0, 0))
COVER_ENTRY_INCHES = 8 / DPI  #: one matrix entry, 8 x 8 px: 1.45 mm printed
COVER_TOP_INCHES = 1.3  #: above the matrix: its title and the families' names
COVER_BOTTOM_INCHES = 1.1  #: below the matrix: its axis label and the legend
COVER_GRID_LEFT_INCHES = 0.3  #: room for the puzzle's row numbers
COVER_GRID_INCHES = 1.2  #: the puzzle's side
COVER_MATRIX_LEFT_INCHES = 2.5  #: room for the puzzle and the cells' names
COVER_FONTSIZE = 11  #: every text of the figure is at least this large: the report's body text
COVER_TITLE_FONTSIZE = 12
#: how the puzzle's digits are written in their cells
COVER_DIGIT: dict[str, Any] = {"ha": "center", "va": "center_baseline", "fontsize": 16}
COVER_LABEL_PAD = 9  #: points between the matrix and its labels: room for the triangles
THIN_LINE, THICK_LINE = 0.8, 2.4  #: points: the puzzle's lines between cells, and between boxes
FILLED_COLOUR = "#d62728"  #: the puzzle's digit that is not a given: the step's choice
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
CELL_LINE: dict[str, Any] = {"color": "0.75", "linewidth": 0.5}  #: between the cells' groups of rows
FAMILY_LINE: dict[str, Any] = {"color": "0.2", "linewidth": 1.2}  #: between the four families of columns
POINTER: dict[str, Any] = {"color": "#b00000", "markersize": 8}  #: the triangles on the frame that point at the step
#: the legend of the matrix, each colour (face, edge) with its name (the
#: readme and the notebook name the colours in the caption as it does)
COVER_LEGEND = (
    ("1 in a given's row", GIVEN_ONE, None),
    ("ruled out by the givens", REMOVED_BACKGROUND, REMOVED_ONE),
    ("1 still open", OPEN_ONE, None),
    ("column picked, row chosen", HIGHLIGHT_BACKGROUND, None),
    ("1 in the row chosen", CHOSEN_ONE, None),
    ("ruled out by the choice", STEP_REMOVED_BACKGROUND, STEP_REMOVED_ONE),
)


@dataclass(frozen=True)
class CoverStep:
    """One puzzle's exact-cover matrix, what its givens leave, and one step
    of Algorithm X on that.  Masks are over the full matrix; ``column`` and
    ``row`` index it too."""

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
    """The exact-cover matrix of the sudoku of order ``box``, as bool: row
    ``helpers.candidate_row(cell, digit)`` has its 1s in the four columns
    ``helpers.exact_cover_rows`` gives it."""
    rows = helpers.exact_cover_rows(box)
    matrix = np.zeros((len(rows), 4 * box**4), dtype=bool)
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
    matrix = sudoku_matrix(int(round(size**0.5)))
    cells = puzzle.ravel()
    given_rows = np.array(
        [helpers.candidate_row(int(cell), int(cells[cell]), size) for cell in np.flatnonzero(cells != EMPTY)],
        dtype=np.int64,
    )
    columns_left = np.asarray(~matrix[given_rows].any(axis=0))
    rows_left = np.asarray(~matrix[:, ~columns_left].any(axis=1))
    sizes = np.where(columns_left, matrix[rows_left].sum(axis=0), np.iinfo(np.int64).max)
    column = int(np.argmin(sizes))
    column_rows = np.flatnonzero(rows_left & matrix[:, column])
    row = int(column_rows[0])
    columns_after = columns_left & ~matrix[row]
    rows_after = np.asarray(rows_left & ~matrix[:, matrix[row]].any(axis=1))
    return CoverStep(matrix, given_rows, rows_left, columns_left, column, column_rows, row, rows_after, columns_after)


def cell_name(cell: int, size: int) -> str:
    """``(1, 2)``: a cell as the notebook names it, (row, column), both from 0."""
    return str(divmod(cell, size))


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


def add_axes_in_inches(fig: Figure, left: float, bottom: float, width: float, height: float) -> Axes:
    """Axes placed in inches from the figure's lower left corner, so that a
    matrix entry spans a whole number of pixels."""
    w, h = fig.get_size_inches()
    return fig.add_axes((left / w, bottom / h, width / w, height / h))


def draw_cover_matrix(ax: Axes, step: CoverStep, size: int) -> None:
    """Show the step's matrix, one entry per image cell: thin lines between
    the cells' groups of rows, each group named by its cell on the left, and
    thick ones between the families of columns, named along the top;
    triangles on the frame point at the row chosen and the column picked."""
    n_rows, n_columns = step.matrix.shape
    area = size * size
    ax.imshow(cover_colours(step), aspect="auto", interpolation="nearest")
    # Only horizontal thin lines: vertical ones would cut a highlighted row into dashes.
    for y in range(size, n_rows, size):
        ax.axhline(y - 0.5, **CELL_LINE)
    for x in range(area, n_columns, area):
        ax.axvline(x - 0.5, **FAMILY_LINE)
    centres = np.arange(area) * size + (size - 1) / 2
    ax.set_yticks(centres, [cell_name(cell, size) for cell in range(area)], fontsize=COVER_FONTSIZE)
    ax.set_ylabel(f"{n_rows} rows: digits 1–{size} of each cell", fontsize=COVER_FONTSIZE)
    # the families' names along the top, "row-digit" over two lines to fit its 16 columns
    family_centres = np.arange(len(CONSTRAINT_FAMILIES)) * area + (area - 1) / 2
    ax.set_xticks(family_centres, [name.replace("-", "-\n") for name in CONSTRAINT_FAMILIES], fontsize=COVER_FONTSIZE)
    ax.xaxis.tick_top()
    ax.tick_params(length=0, pad=COVER_LABEL_PAD)
    families = f"{len(CONSTRAINT_FAMILIES)} families of {area} constraints"
    ax.set_xlabel(f"{n_columns} columns: {families}", fontsize=COVER_FONTSIZE)
    for at_x, at_y, marker in ((-0.5, step.row, ">"), (step.column, -0.5, "v")):  # one entry is a few pixels wide
        ax.plot(at_x, at_y, marker=marker, clip_on=False, zorder=5, **POINTER)


def draw_puzzle(ax: Axes, puzzle: np.ndarray, step: CoverStep) -> None:
    """The puzzle with its rows and columns numbered from 0, givens in black,
    and the step's choice in red in its cell."""
    size = len(puzzle)
    box = int(round(size**0.5))
    ax.set_xlim(0, size)
    ax.set_ylim(size, 0)  # row 0 at the top, as the array is printed
    ax.set_aspect("equal")
    ax.axis("off")
    for k in range(size + 1):
        width = THICK_LINE if k % box == 0 else THIN_LINE
        # Thick lines run past the corners by half their width: the frame closes without notches.
        ax.plot([0, size], [k, k], color="black", linewidth=width, solid_capstyle="projecting")
        ax.plot([k, k], [0, size], color="black", linewidth=width, solid_capstyle="projecting")
    cell, digit = helpers.decode_row(step.row, size)
    shown = puzzle.copy()
    shown.flat[cell] = digit
    for (r, c), value in np.ndenumerate(shown):
        if value != EMPTY:
            colour = "black" if puzzle[r, c] != EMPTY else FILLED_COLOUR
            ax.text(c + 0.5, r + 0.5, str(value), color=colour, **COVER_DIGIT)
    ax.set_title("Puzzle", fontsize=COVER_TITLE_FONTSIZE, pad=COVER_FONTSIZE + 6)
    for k in range(size):  # the numbers the cells' names use
        ax.text(k + 0.5, -0.15, str(k), ha="center", va="bottom", fontsize=COVER_FONTSIZE, color="0.35")
        ax.text(-0.15, k + 0.5, str(k), ha="right", va="center", fontsize=COVER_FONTSIZE, color="0.35")
    key = "black: givens\nred: the step's\nchoice"
    ax.text(0.5, -0.08, key, transform=ax.transAxes, ha="center", va="top", fontsize=COVER_FONTSIZE, linespacing=1.3)


def cover_title(step: CoverStep, size: int) -> str:
    """What the givens leave and what the step does, in three lines."""
    return (
        f"{len(step.given_rows)} givens leave "
        f"{int(step.rows_left.sum())} rows × {int(step.columns_left.sum())} columns.\n"
        f"Fewest 1s: column “{column_name(step.column, size)}”, with {len(step.column_rows)}.\n"
        f"Choosing “{row_name(step.row, size)}” leaves "
        f"{int(step.rows_after.sum())} × {int(step.columns_after.sum())}."
    )


def draw_exact_cover() -> Figure:
    """Figure 1: the 4 x 4 ``COVER_PUZZLE`` (left) and its exact-cover matrix
    (right), coloured by ``cover_colours``, with a legend of the colours."""
    puzzle = np.array(COVER_PUZZLE)
    size = len(puzzle)
    step = cover_step(puzzle)
    n_rows, n_columns = step.matrix.shape
    width, height = n_columns * COVER_ENTRY_INCHES, n_rows * COVER_ENTRY_INCHES
    top = COVER_BOTTOM_INCHES + height
    fig = plt.figure(figsize=(PAGE_WIDTH_INCHES, top + COVER_TOP_INCHES))
    grid_bottom = top - COVER_GRID_INCHES
    draw_puzzle(
        add_axes_in_inches(fig, COVER_GRID_LEFT_INCHES, grid_bottom, COVER_GRID_INCHES, COVER_GRID_INCHES), puzzle, step
    )
    matrix_ax = add_axes_in_inches(fig, COVER_MATRIX_LEFT_INCHES, COVER_BOTTOM_INCHES, width, height)
    draw_cover_matrix(matrix_ax, step, size)
    matrix_ax.set_title(cover_title(step, size), fontsize=COVER_TITLE_FONTSIZE, linespacing=1.3)
    # in two columns, filled column by column: the givens and what is open, then the step
    legend = [Patch(facecolor=face, edgecolor=edge or face, label=label) for label, face, edge in COVER_LEGEND]
    fig.legend(handles=legend, loc="lower center", ncol=2, fontsize=COVER_FONTSIZE, frameon=False)
    return fig


# --- Figure 2: search nodes per puzzle ------------------------------------------------

#: ``Axes.bxp``'s statistics, each from its column of ``helpers.NODE_SPREAD``


def main(argv: Sequence[str] | None = None) -> int:
    """Draw Figure 1 into ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=IMAGES, metavar="DIR", help="where to write it (default: images/)")
    args = parser.parse_args(argv)
    print(f"wrote {save(draw_exact_cover(), args.out / 'exact_cover.png')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
