"""Make the generated hard collections, one 81-character puzzle a line
(``0`` = blank), each puzzle minimal and with exactly one solution, one seed
for tuning and another for evaluation (``docs/tuning.md``): the tuning file
``collections/generated_hard_tuning.txt``, kept in the repository, and the
evaluation file ``data/generated/hard_evaluation.txt``, handed in
(``tools.paths.GENERATED_HARD``).

Usage: ``python -m tools.puzzles.make_hard [--puzzles N] [--out DIR]``
(default: ``PUZZLES`` puzzles a file, each file to its place above; with
``--out``, both into ``DIR`` under their own names).  Progress goes to stderr.

How each puzzle is made (a hill climb, seeded with ``(seed, k)`` for the k-th
puzzle, so that any prefix of a file can be made again on its own):

1. a random complete grid (``make_data.random_solution``) and a random minimal
   puzzle of it (``make_data.minimal_puzzle``);
2. ``CLIMB_STEPS`` times: a neighbour (one given taken out, cells of the
   solution added back in a random order until the puzzle is unique again,
   then made minimal), kept when it is at least as hard.

*Hard* is measured by Knuth's Algorithm X alone, not by our solver: the rows
that ``tools.puzzles.algorithm_x.PlainAlgorithmX`` (with ``stop_at_one``, the
rule these files were made with) tries before its first solution, averaged over
``ISOMORPHS`` copies of the puzzle made with random symmetries of the grid
(``experiment.Isomorph``), so that the climb does not favour puzzles on which
Algorithm X alone is merely unlucky in how it breaks ties.  Uniqueness and
minimality are counted by the textbook search ``textbook.backtracking_count``.
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

from experiment import Isomorph
from helpers import EMPTY, SUDOKU_CELLS, SUDOKU_SIZE
from textbook import backtracking_count
from tools import positive_int
from tools.paths import GENERATED_HARD
from tools.puzzles.algorithm_x import PlainAlgorithmX
from tools.puzzles.io import to_text
from tools.puzzles.make_data import Grid, line_order, minimal_puzzle, random_solution

PUZZLES = 60  #: puzzles per file
CLIMB_STEPS = 300  #: neighbours tried per puzzle
ISOMORPHS = 4  #: isomorphs the effort is averaged over
TUNING_SEED = 1401
EVALUATION_SEED = 1402
#: each part's file and seed
FILES = {
    "tuning": (GENERATED_HARD["tuning"], TUNING_SEED),
    "evaluation": (GENERATED_HARD["evaluation"], EVALUATION_SEED),
}


def random_symmetry(rng: np.random.Generator) -> Isomorph:
    """A random symmetry of the sudoku grid, drawn from ``rng`` in the order
    these files were made with: rows, columns, digits, transpose, from
    numpy's generator, as when the committed files were made, so that they
    are made again alike."""
    rows = line_order(rng)
    columns = line_order(rng)
    digits = [EMPTY] + (rng.permutation(SUDOKU_SIZE) + 1).tolist()
    return Isomorph(np.asarray(rows), np.asarray(columns), bool(rng.integers(2)), np.asarray(digits))


def effort(cells: Grid, symmetries: Sequence[Isomorph], plain: PlainAlgorithmX) -> float:
    """The rows ``plain`` tries before its first solution, averaged over the
    copies of ``cells`` that ``symmetries`` make."""
    grid = np.reshape(cells, (SUDOKU_SIZE, SUDOKU_SIZE))
    return sum(plain(symmetry.apply(grid))[1] for symmetry in symmetries) / len(symmetries)


def neighbour(puzzle: Grid, solution: Grid, rng: np.random.Generator) -> Grid:
    """A minimal puzzle near ``puzzle``: one given out, solution cells back in until unique, then minimal."""
    changed = list(puzzle)
    givens = [i for i in range(SUDOKU_CELLS) if changed[i] != EMPTY]
    changed[givens[int(rng.integers(len(givens)))]] = EMPTY
    for i in rng.permutation(SUDOKU_CELLS).tolist():
        if changed[i] == EMPTY:
            changed[i] = solution[i]
            if backtracking_count(changed) == 1:
                break
    return minimal_puzzle(changed, rng)


def hard_puzzle(seed: int, k: int) -> tuple[Grid, float]:
    """The ``k``-th puzzle of the file made with ``seed``, and its effort."""
    rng = np.random.default_rng([seed, k])
    symmetries = [random_symmetry(rng) for _ in range(ISOMORPHS)]
    plain = PlainAlgorithmX(stop_at_one=True)
    solution = random_solution(rng)
    puzzle = minimal_puzzle(solution, rng)
    best = effort(puzzle, symmetries, plain)
    for _ in range(CLIMB_STEPS):
        candidate = neighbour(puzzle, solution, rng)
        score = effort(candidate, symmetries, plain)
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
        "--puzzles", type=positive_int, default=PUZZLES, metavar="N", help="puzzles per file (default: %(default)s)"
    )
    parser.add_argument(
        "--out", type=Path, metavar="DIR", help="folder to write both to (default: each file to its own place)"
    )
    args = parser.parse_args(argv)
    for path, seed in FILES.values():
        target = path if args.out is None else args.out / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("\n".join(make_file(seed, args.puzzles)) + "\n", encoding="ascii")
    return 0


if __name__ == "__main__":
    sys.exit(main())
