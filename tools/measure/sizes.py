"""Time the solver on larger grids: 16 x 16, 25 x 25 and 36 x 36.

The solver takes any size N = box**2 (``helpers.solve_sudoku(grid, N)``);
here it runs as ``solve_sudoku`` runs it, on the shared engine of each order
(``helpers.by_engine(helpers.engine(box))``, which also gives the rows tried),
in ``helpers.race``: CPU time per call, every answer checked with
``is_valid_solution``, the engine's matrix built before the race, as a
long-running program would have it.

The puzzles are seeded and random: a valid grid from the usual pattern,
shuffled (digits relabelled; rows permuted within bands and bands permuted;
the same for columns), with a fixed share of its cells kept as givens.

Writes ``docs/results/sizes`` through ``tools.report.results``.

Usage: ``python -m tools.measure.sizes [--puzzles K] [--seed S] [--out DIR]``
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from helpers import EMPTY, OpenPart, by_engine, engine, markdown_table, race, significant
from tools.paths import RESULTS
from tools.report.results import save

#: (box side, share of cells given): the sizes and fill levels measured
CASES = ((4, 0.40), (5, 0.50), (6, 0.70))
PUZZLES = 10  #: puzzles per size, by default
SEED = 2026
PERCENTILE = 95


def pattern_grid(box: int) -> np.ndarray:
    """A valid N x N sudoku (N = box**2): row r is 1..N shifted by box * (r % box) + r // box."""
    side = box * box
    r, c = np.indices((side, side))
    return (box * (r % box) + r // box + c) % side + 1


def shuffled_order(box: int, rng: np.random.Generator) -> np.ndarray:
    """A permutation of 0..N-1 that keeps lines in their bands: bands shuffled, lines within each too."""
    bands = rng.permutation(box)
    return np.concatenate([band * box + rng.permutation(box) for band in bands])


def random_puzzle(box: int, given_share: float, rng: np.random.Generator) -> np.ndarray:
    """A shuffled valid grid with ``given_share`` of its cells kept, the rest blank."""
    side = box * box
    digits = np.concatenate([[EMPTY], rng.permutation(side) + 1])
    grid = digits[pattern_grid(box)][np.ix_(shuffled_order(box, rng), shuffled_order(box, rng))]
    blanks = rng.permutation(side * side)[: side * side - round(given_share * side * side)]
    grid.flat[blanks] = EMPTY
    return grid


def measure(box: int, given_share: float, count: int, rng: np.random.Generator) -> dict[str, Any]:
    """``count`` random puzzles of order ``box`` raced: times, rows tried, answers right."""
    puzzles = [random_puzzle(box, given_share, rng) for _ in range(count)]
    # Relinking an empty part builds the shared engine's matrix now, before
    # the race (whose warm-up puzzle may need none), and links nothing.
    engine(box).relink(OpenPart([], []))
    [results] = race({"solver": by_engine(engine(box))}, puzzles).values()
    side = box * box
    return {
        "size": side,
        "given_share": given_share,
        "puzzles": count,
        "right": int(results.right.sum()),
        "mean_ms": float(results.ms.mean()),
        "p95_ms": float(np.percentile(results.ms, PERCENTILE)),
        "max_ms": float(results.ms.max()),
        "rows_mean": float(results.choices.mean()),
    }


def table(rows: list[dict[str, Any]]) -> str:
    """The sizes as a markdown table."""
    header = ["size", "givens", "right", "mean ms", "p95 ms", "max ms", "rows tried, mean"]
    return markdown_table(
        header,
        [
            [
                f"{r['size']} x {r['size']}",
                f"{round(100 * r['given_share'])}%",
                f"{r['right']}/{r['puzzles']}",
                *(significant(r[key]) for key in ("mean_ms", "p95_ms", "max_ms")),
                significant(r["rows_mean"], 3),
            ]
            for r in rows
        ],
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Measure every size of ``CASES``; 0 when every answer was right, else 1."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="python -m tools.measure.sizes", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--puzzles", type=int, default=PUZZLES, metavar="K", help="puzzles per size (default: %(default)s)"
    )
    parser.add_argument("--seed", type=int, default=SEED, help="random seed (default: %(default)s)")
    parser.add_argument(
        "--out", type=Path, default=RESULTS, metavar="DIR", help="folder for the results (default: docs/results)"
    )
    args = parser.parse_args(args_list)
    if args.puzzles < 1:
        parser.error("--puzzles must be at least 1")
    rng = np.random.default_rng(args.seed)
    rows = [measure(box, share, args.puzzles, rng) for box, share in CASES]
    markdown = (
        f"The solver on {args.puzzles} seeded random puzzles of each size (seed {args.seed}), "
        f"CPU time per call (`helpers.race`), every answer checked.\n\n{table(rows)}"
    )
    save(
        args.out / "sizes",
        "sizes",
        {"seed": args.seed, "sizes": rows},
        markdown,
        ["python", "-m", "tools.measure.sizes", *args_list],
    )
    print(markdown)
    return 0 if all(r["right"] == r["puzzles"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
