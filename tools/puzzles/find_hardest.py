"""Find the hardest puzzles of the public collections: ``collections/hardest.csv``.

Usage: ``python -m tools.puzzles.find_hardest [--out FILE]`` (about six minutes).

*Hard* is measured as for the generated collections (``tools/puzzles/make_hard.py``):
the rows tried by plain dancing links, Knuth's Algorithm X alone
(``tools.puzzles.algorithm_x``, with ``stop_at_one``, the rule this file was
made with), averaged over ``ISOMORPHS`` symmetric copies of the puzzle, the
same ``HARDEST_SEED``-seeded symmetries for every puzzle.  Every
puzzle of the three collections of ``SOURCES`` is measured, and those at
``MIN_PLAIN_ROWS`` or above are kept, in the order of ``SOURCES`` and of their
files; a puzzle found in two collections is kept once, from the first.

The CSV has a header and one row a puzzle: ``puzzle`` (81 digits row by row,
0 = blank), ``source`` (its file in ``collections/``), ``position`` (its
0-based position among that file's puzzles, which decides its part: even
tuning, odd evaluation) and ``plain_rows`` (the effort, to one decimal).
``tests/test_collections.py`` finds the hardest of a prefix of top1465 again
and compares.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from experiment import Isomorph
from tools.paths import COLLECTIONS
from tools.puzzles.algorithm_x import PlainAlgorithmX
from tools.puzzles.io import read_grids, to_text
from tools.puzzles.make_hard import ISOMORPHS, effort, random_symmetry

HARDEST_FILE = COLLECTIONS / "hardest.csv"
HARDEST_SEED = 1465  #: seeds the symmetries the effort is averaged over
MIN_PLAIN_ROWS = 1000  #: the effort a puzzle needs to be kept
#: the collections searched, in this order
SOURCES = ("17clue_royle_49151.txt", "magictour_top1465.txt", "kaggle_rated_sample_7034.csv")
FIELDS = ("puzzle", "source", "position", "plain_rows")


def symmetries() -> list[Isomorph]:
    """The ``ISOMORPHS`` symmetries every puzzle's effort is averaged over."""
    rng = np.random.default_rng(HARDEST_SEED)
    return [random_symmetry(rng) for _ in range(ISOMORPHS)]


def hardest(sources: dict[str, np.ndarray], min_rows: float = MIN_PLAIN_ROWS) -> list[dict[str, Any]]:
    """The rows of the CSV: every puzzle of ``sources`` (file name -> its
    puzzles, in order) whose effort is at least ``min_rows``."""
    copies = symmetries()
    plain = PlainAlgorithmX(stop_at_one=True)
    kept: list[dict[str, Any]] = []
    seen: set[str] = set()
    for source, grids in sources.items():
        for position, grid in enumerate(tqdm(grids, desc=source, unit="puzzle", disable=None, file=sys.stderr)):
            text = to_text(grid)
            if text in seen:
                continue
            rows = effort(grid.ravel().tolist(), copies, plain)
            if rows >= min_rows:
                seen.add(text)
                kept.append({"puzzle": text, "source": source, "position": position, "plain_rows": round(rows, 1)})
    return kept


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HARDEST_FILE, help="the CSV to write (default: %(default)s)")
    args = parser.parse_args(argv)
    rows = hardest({source: read_grids(COLLECTIONS / source) for source in SOURCES})
    with args.out.open("w", newline="", encoding="ascii") as handle:
        writer = csv.DictWriter(handle, fieldnames=FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(
        f"{args.out}: {len(rows)} puzzles with at least {MIN_PLAIN_ROWS} rows of plain dancing links", file=sys.stderr
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
