"""Time the solver on larger grids: 16 x 16, 25 x 25, 36 x 36.

``helpers.solve_sudoku`` takes any size; it runs the shared engine of
``helpers`` (``helpers.engine(box)``), the one the hand-in's solver runs.

For each size the script makes seeded random puzzles: a valid grid from the
usual pattern, shuffled (digits relabelled; rows permuted within bands and
bands permuted; the same for columns), with a fixed share of its cells kept as
givens.  Each puzzle is solved once, timed with ``time.process_time()``, and
the answer is checked with ``helpers.is_valid_solution``.  The shared matrix
of each size is built before timing starts, as a long-running program would
have it.

Results go to ``docs/results/sizes.json`` (and a table to stdout), from which
``tools/report/readme.py`` fills the readme.

Usage: ``python -m tools.measure.sizes [--puzzles K] [--seed S] [--out DIR]``
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np

import helpers
from helpers import is_valid_solution, solve_sudoku
from tools.cli.solve import build_matrices
from tools.paths import RESULTS

#: (box side, share of cells given): the sizes and fill levels measured.
CASES = ((4, 0.40), (5, 0.50), (6, 0.70))
DEFAULT_PUZZLES = 10
DEFAULT_SEED = 2026
JSON_NAME = "sizes.json"


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
    """A shuffled valid grid with ``given_share`` of its cells kept, the rest 0."""
    side = box * box
    grid = pattern_grid(box)
    digits = np.concatenate([[0], rng.permutation(side) + 1])
    grid = digits[grid][np.ix_(shuffled_order(box, rng), shuffled_order(box, rng))]
    blanks = rng.permutation(side * side)[: side * side - round(given_share * side * side)]
    grid.flat[blanks] = helpers.EMPTY
    return grid


def measure(box: int, given_share: float, count: int, rng: np.random.Generator) -> dict:
    """Solve ``count`` puzzles of one size; their times and whether every answer was valid."""
    build_matrices([box])  # once, before timing, as in a long-running program
    seconds, valid = [], 0
    for _ in range(count):
        puzzle = random_puzzle(box, given_share, rng)
        start = time.process_time()
        answer = solve_sudoku(puzzle, len(puzzle))
        seconds.append(time.process_time() - start)
        valid += answer is not None and is_valid_solution(puzzle, answer)
    side = box * box
    return {
        "size": f"{side}x{side}",
        "givens": f"{round(100 * given_share)}%",
        "puzzles": count,
        "valid": valid,
        "mean_s": round(statistics.fmean(seconds), 4),
        "median_s": round(statistics.median(seconds), 4),
        "max_s": round(max(seconds), 4),
    }


def table(rows: list[dict]) -> str:
    """The results as a markdown table."""
    lines = [
        "| size | givens | puzzles | valid answers | mean s | median s | max s |",
        "| --- | --: | --: | --: | --: | --: | --: |",
    ]
    lines += [
        f"| {r['size']} | {r['givens']} | {r['puzzles']} | {r['valid']}/{r['puzzles']} | "
        f"{r['mean_s']:.3f} | {r['median_s']:.3f} | {r['max_s']:.3f} |"
        for r in rows
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Measure every size in ``CASES``, write sizes.json; 0 when every answer was valid, else 1."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--puzzles", type=int, default=DEFAULT_PUZZLES, help="puzzles per size (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed (default: %(default)s)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="folder for sizes.json (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.puzzles < 1:
        parser.error("--puzzles must be at least 1")
    rng = np.random.default_rng(args.seed)
    rows = []
    for box, share in CASES:
        print(f"solving {box * box}x{box * box} puzzles ...", file=sys.stderr)
        rows.append(measure(box, share, args.puzzles, rng))
    report = {
        "metadata": {
            "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "python": platform.python_version(),
            "command": " ".join(["python", "-m", "tools.measure.sizes", *(argv if argv is not None else sys.argv[1:])]),
            "seed": args.seed,
        },
        "sizes": rows,
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / JSON_NAME).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(table(rows))
    return 0 if all(r["valid"] == r["puzzles"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
