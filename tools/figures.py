"""Draw the figures in ``images/`` from the project's own files.

Usage: ``python tools/figures.py [--out DIR] [NAME ...]`` draws every figure
of ``FIGURES`` (or only those named) into ``DIR`` (default: the repo's
``images/``).  Each figure is one function that takes the output folder and
returns the path it wrote; adding a figure means writing such a function and
listing it in ``FIGURES``.

Figures
    sudoku.png  the first very_easy puzzle of ``data/`` beside its solution:
                givens in black, the digits the solver fills in in colour.

Output is kept reproducible where matplotlib allows: the Agg backend (no
screen needed), a fixed size and resolution, the default style reset before
drawing, and no "Software" or date entry in the PNG's metadata.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # before pyplot: draw to files, never to a screen

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
DEFAULT_OUT = ROOT / "images"

SIZE = 9  #: cells on a side
BOX = 3  #: cells on a side of a box
EMPTY = 0

DPI = 100
PNG_METADATA = {"Software": None}  #: keep matplotlib's version out of the file
SUDOKU_FIGSIZE = (8.0, 3.6)  #: inches; 800 x 360 px at DPI, like the assignment's picture
THIN_LINE = 0.8  #: points, between cells
THICK_LINE = 2.4  #: points, between boxes and around the grid
DIGIT_FONTSIZE = 17
TITLE_FONTSIZE = 15
GIVEN_COLOUR = "black"
FILLED_COLOUR = "#d62728"  #: the digits the solution adds
LINE_COLOUR = "black"


# ---------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------


def draw_grid(ax: Axes, values: np.ndarray, givens: np.ndarray, title: str) -> None:
    """Draw one 9 x 9 sudoku on ``ax``: ``values`` (0 = blank) with the cells
    where ``givens`` is True in ``GIVEN_COLOUR`` and the rest in ``FILLED_COLOUR``."""
    ax.set_xlim(0, SIZE)
    ax.set_ylim(SIZE, 0)  # row 0 at the top, as the array is printed
    ax.set_aspect("equal")
    ax.axis("off")
    for k in range(SIZE + 1):
        width = THICK_LINE if k % BOX == 0 else THIN_LINE
        # Thick lines run past the grid's corners by half their width, so the
        # outer frame closes without notches.
        ax.plot([0, SIZE], [k, k], color=LINE_COLOUR, linewidth=width, solid_capstyle="projecting")
        ax.plot([k, k], [0, SIZE], color=LINE_COLOUR, linewidth=width, solid_capstyle="projecting")
    for r in range(SIZE):
        for c in range(SIZE):
            value = int(values[r, c])
            if value == EMPTY:
                continue
            colour = GIVEN_COLOUR if givens[r, c] else FILLED_COLOUR
            ax.text(c + 0.5, r + 0.5, str(value), ha="center", va="center_baseline",
                    fontsize=DIGIT_FONTSIZE, color=colour)
    ax.set_title(title, fontsize=TITLE_FONTSIZE)


def save(fig: plt.Figure, path: Path) -> Path:
    """Write ``fig`` to ``path`` as a reproducible PNG, close it, return ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI, metadata=PNG_METADATA)
    plt.close(fig)
    return path


# ---------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------


def sudoku_figure(out: Path, data: Path = DATA) -> Path:
    """``sudoku.png``: the first very_easy puzzle of ``data`` and its solution, side by side."""
    puzzle = np.load(data / "very_easy_puzzle.npy")[0]
    solution = np.load(data / "very_easy_solution.npy")[0]
    givens = puzzle != EMPTY
    fig, (left, right) = plt.subplots(1, 2, figsize=SUDOKU_FIGSIZE, dpi=DPI)
    draw_grid(left, puzzle, givens, "Puzzle")
    draw_grid(right, solution, givens, "Solution")
    fig.subplots_adjust(left=0.02, right=0.98, bottom=0.03, top=0.9, wspace=0.08)
    return save(fig, out / "sudoku.png")


FIGURES: dict[str, Callable[[Path], Path]] = {
    "sudoku": sudoku_figure,
}


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: draw the chosen figures (all by default) into ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"figures to draw (default: all): {', '.join(FIGURES)}")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT,
                        help="folder to write to (default: the repo's images/)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in FIGURES]
    if unknown:
        parser.error(f"no figure named {', '.join(unknown)}; choose from {', '.join(FIGURES)}")
    plt.style.use("default")
    for name in args.names or list(FIGURES):
        path = FIGURES[name](args.out)
        print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
