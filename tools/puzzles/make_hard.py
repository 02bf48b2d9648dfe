"""Make the generated hard collections: ``data/generated/hard_tuning.txt`` and
``data/generated/hard_evaluation.txt``, one 81-character puzzle a line
(``0`` = blank), each puzzle minimal and with exactly one solution, made after
the solver was tuned, one seed for tuning and another for evaluation
(``docs/tuning.md``).

Usage: ``python -m tools.puzzles.make_hard [--puzzles N] [--out DIR]`` (default:
``PUZZLES`` puzzles a file, into the repo's ``data/generated/``).  Progress goes to
stderr.

How each puzzle is made (a hill climb, seeded with ``(seed, k)`` for the k-th
puzzle, so that any prefix of a file can be made again on its own):

1. a random complete grid (``make_data.random_solution``) and a random minimal
   puzzle of it (``make_data.minimal_puzzle``);
2. ``CLIMB_STEPS`` times: a neighbour (one given taken out, cells of the
   solution added back in a random order until the puzzle is unique again,
   then made minimal), kept when it is at least as hard.

*Hard* is measured by a solver that is not ours: the rows that plain dancing
links (``tools.measure.alternatives.PlainDLX``) tries before its first
solution, averaged over ``ISOMORPHS`` copies of the puzzle made with random
symmetries of the grid, so that the climb does not favour puzzles on which
plain dancing links is merely unlucky in how it breaks ties.  Uniqueness and
minimality are counted by the textbook search ``helpers.backtracking_count``.
All draws come from ``numpy.random.default_rng([seed, k])`` in a fixed order;
``tests/test_make_hard.py`` makes a puzzle again and compares.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from tqdm import tqdm

from helpers import SUDOKU_SIZE as SIZE
from tools.measure.alternatives import PlainDLX
from tools.paths import GENERATED
from tools.puzzles.io import to_text
from tools.puzzles.make_data import CELLS, EMPTY, Grid, count_solutions, line_order, minimal_puzzle, random_solution

PUZZLES = 60  #: puzzles per file
CLIMB_STEPS = 300  #: neighbours tried per puzzle
ISOMORPHS = 4  #: symmetric copies the effort is averaged over
TUNING_SEED = 1401
EVALUATION_SEED = 1402
FILES = {
    "tuning": ("hard_tuning.txt", TUNING_SEED),
    "evaluation": ("hard_evaluation.txt", EVALUATION_SEED),
}
DEFAULT_OUT = GENERATED

_PLAIN = PlainDLX()


def random_symmetry(rng: np.random.Generator) -> tuple[list[int], list[int], list[int], bool]:
    """A random symmetry of the sudoku grid: row order, column order, digit map, transpose or not."""
    rows = line_order(rng)
    cols = line_order(rng)
    digits = [0] + (rng.permutation(SIZE) + 1).tolist()  # digits[0] keeps blanks blank
    transpose = bool(rng.integers(2))
    return rows, cols, digits, transpose


def apply_symmetry(cells: Grid, symmetry: tuple[list[int], list[int], list[int], bool]) -> Grid:
    """``cells`` moved by ``symmetry``: the result is an equally hard puzzle with as many solutions."""
    rows, cols, digits, transpose = symmetry
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            rr, cc = (c, r) if transpose else (r, c)
            out.append(digits[cells[rows[rr] * SIZE + cols[cc]]])
    return out


def plain_rows(cells: Grid) -> int:
    """The rows plain dancing links tries before its first solution of ``cells``."""
    _PLAIN.first_cover(np.array(cells))
    return _PLAIN.rows_tried


def effort(cells: Grid, symmetries: Sequence[tuple[list[int], list[int], list[int], bool]]) -> float:
    """Plain dancing links' rows tried, averaged over the copies of ``cells`` that ``symmetries`` make."""
    return sum(plain_rows(apply_symmetry(cells, s)) for s in symmetries) / len(symmetries)


def neighbour(puzzle: Grid, solution: Grid, rng: np.random.Generator) -> Grid:
    """A minimal puzzle near ``puzzle``: one given out, solution cells back in until unique, then minimal."""
    changed = list(puzzle)
    givens = [i for i in range(CELLS) if changed[i] != EMPTY]
    changed[givens[int(rng.integers(len(givens)))]] = EMPTY
    for i in rng.permutation(CELLS).tolist():
        if changed[i] == EMPTY:
            changed[i] = solution[i]
            if count_solutions(changed) == 1:
                break
    return minimal_puzzle(changed, rng)


def hard_puzzle(seed: int, k: int) -> tuple[Grid, float]:
    """The ``k``-th puzzle of the file made with ``seed``, and its effort."""
    rng = np.random.default_rng([seed, k])
    symmetries = [random_symmetry(rng) for _ in range(ISOMORPHS)]
    solution = random_solution(rng)
    puzzle = minimal_puzzle(solution, rng)
    best = effort(puzzle, symmetries)
    for _ in range(CLIMB_STEPS):
        candidate = neighbour(puzzle, solution, rng)
        score = effort(candidate, symmetries)
        if score >= best:
            puzzle, best = candidate, score
    return puzzle, best


def make_file(seed: int, count: int) -> list[str]:
    """The first ``count`` lines of the file made with ``seed``."""
    made = (hard_puzzle(seed, k)[0] for k in range(count))
    return [to_text(np.array(puzzle)) for puzzle in tqdm(made, desc=f"seed {seed}", total=count, disable=None)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tools/puzzles/make_hard.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--puzzles", type=int, default=PUZZLES, metavar="N", help="puzzles per file (default: %(default)s)"
    )
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, metavar="DIR", help="folder to write to (default: data/generated/)"
    )
    parser.add_argument(
        "--parts", nargs="+", choices=list(FILES), default=list(FILES), help="which files to make (default: both)"
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for part in args.parts:
        name, seed = FILES[part]
        lines = make_file(seed, args.puzzles)
        (args.out / name).write_text("\n".join(lines) + "\n", encoding="ascii")
    return 0


if __name__ == "__main__":
    sys.exit(main())
