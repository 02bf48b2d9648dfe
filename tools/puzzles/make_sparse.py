"""Make the sparse puzzles without a solution, one 81-character puzzle a line
(``0`` = blank): ``data/generated/sparse_unsolvable.txt``, handed in
(``tools.paths.SPARSE_UNSOLVABLE``).

Usage: ``python -m tools.puzzles.make_sparse [--puzzles N] [--out DIR]``
(default: ``PUZZLES`` puzzles, to the file above; with ``--out``, into
``DIR`` under the same name).

Each puzzle holds ``CORE``, the nine givens of Peter Norvig's "impossible"
puzzle (norvig.com/sudoku.html) that already leave it without a solution, in a
random isomorph (``make_hard.random_symmetry``), and more givens, drawn at
random, until it holds ``GIVENS``.  ``CORE`` leaves the digits 1, 5 and 6
only two cells of column 5, which needs all three: no solution.
A drawn given repeats no digit of its row, column or box, leaves every blank
a candidate and gets past the solver's propagation
(``SudokuEngine.place_forced_digits``) without a contradiction, so that only
a search finds that there is no solution.  The textbook search
``textbook.backtracking_count`` confirms that each puzzle has none.  The k-th
puzzle is drawn from ``numpy.random.default_rng([SEED, k])``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from helpers import SUDOKU_BOX, SUDOKU_CELLS, SUDOKU_SIZE, SudokuEngine
from textbook import backtracking_count
from tools import positive_int
from tools.paths import SPARSE_UNSOLVABLE
from tools.puzzles.io import to_text
from tools.puzzles.make_data import Grid, candidates, dead_blanks, givens
from tools.puzzles.make_hard import random_symmetry

CORE = "000005000000601000000000000000500000000106000000000000500000061000000000000000000"
GIVENS = 18  #: givens per puzzle, the core's nine included
PUZZLES = 60  #: puzzles in the file
SEED = 1403


def sparse_unsolvable(k: int, engine: SudokuEngine) -> Grid:
    """The ``k``-th puzzle of the file; ``engine`` is the solver's, whose
    propagation each drawn given must get past."""
    rng = np.random.default_rng([SEED, k])
    core = np.array([int(digit) for digit in CORE]).reshape(SUDOKU_SIZE, SUDOKU_SIZE)
    cells: Grid = random_symmetry(rng).apply(core).ravel().tolist()
    while givens(cells) < GIVENS:
        i = int(rng.integers(SUDOKU_CELLS))
        digits = candidates(cells, i)
        if cells[i] or not digits:
            continue
        drawn = list(cells)
        drawn[i] = digits[int(rng.integers(len(digits)))]
        if not dead_blanks(drawn) and engine.place_forced_digits(list(drawn)) is not None:
            cells = drawn
    if backtracking_count(cells) != 0:
        raise RuntimeError(f"puzzle {k} has a solution: the core is not in it")
    return cells


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tools/puzzles/make_sparse.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--puzzles", type=positive_int, default=PUZZLES, metavar="N", help="puzzles in the file (default: %(default)s)"
    )
    parser.add_argument("--out", type=Path, metavar="DIR", help="folder to write to (default: data/generated/)")
    args = parser.parse_args(argv)
    engine = SudokuEngine(SUDOKU_BOX)
    target = SPARSE_UNSOLVABLE if args.out is None else args.out / SPARSE_UNSOLVABLE.name
    target.parent.mkdir(parents=True, exist_ok=True)
    lines = [to_text(np.array(sparse_unsolvable(k, engine))) for k in range(args.puzzles)]
    target.write_text("\n".join(lines) + "\n", encoding="ascii")
    return 0


if __name__ == "__main__":
    sys.exit(main())
