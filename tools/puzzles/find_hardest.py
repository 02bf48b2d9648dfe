"""Find the hardest puzzles of the public collections: ``collections/hardest.csv``.

Usage: ``python -m tools.puzzles.find_hardest [--out FILE]`` (about six minutes;
progress on stderr).

*Hard* is measured as for the generated collections (``tools/puzzles/make_hard.py``),
by a solver that is not ours: the rows plain dancing links
(``tools.measure.alternatives.PlainDLX``, Knuth's S heuristic and nothing else)
tries before its first solution, averaged over ``ISOMORPHS`` symmetric
copies of the puzzle, the same ``HARDEST_SEED``-seeded symmetries for every
puzzle.  Averaging keeps a puzzle out that plain dancing links merely breaks
ties badly on.  Every puzzle of the three collections of ``collections/``
is measured, and those at ``MIN_PLAIN_ROWS`` or above are kept, in the
order of ``SOURCES`` and of their files; a puzzle found in two collections
(some of top1465's are 17-clue puzzles) is kept once, from the first.

Because the puzzles are chosen by plain dancing links' effort, a comparison
with plain dancing links on them flatters every other solver; the readme
says so where it shows one.

The CSV has a header and one row a puzzle: ``puzzle`` (81 digits row by row,
0 = blank), ``source`` (the file of ``collections/`` it comes from),
``position`` (its 0-based position among that file's puzzles, which decides
its part: even tuning, odd evaluation, as for the collection itself) and
``plain_rows`` (the effort, to one decimal).
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

from tools.paths import COLLECTIONS
from tools.puzzles.make_hard import ISOMORPHS, effort, random_symmetry

HARDEST_FILE = COLLECTIONS / "hardest.csv"
HARDEST_SEED = 1465  #: seeds the symmetries the effort is averaged over (as for top1465-slow)
MIN_PLAIN_ROWS = 1000  #: the effort a puzzle needs to be kept
#: the collections searched, one puzzle a line or a CSV with a ``puzzle`` column
SOURCES = ("17clue_royle_49151.txt", "magictour_top1465.txt", "kaggle_rated_sample_7034.csv")
FIELDS = ("puzzle", "source", "position", "plain_rows")
PROGRESS_EVERY = 5000


def puzzles(path: Path) -> Iterator[str]:
    """The puzzles of a collection file in order, as 81 digits with 0 for a blank."""
    with path.open(newline="", encoding="ascii") as handle:
        if path.suffix == ".csv":
            yield from (row["puzzle"] for row in csv.DictReader(handle))
        else:
            yield from (line.strip().replace(".", "0") for line in handle if line.strip())


def hardest(folder: Path = COLLECTIONS, min_rows: float = MIN_PLAIN_ROWS) -> list[dict]:
    """The rows of the CSV: every puzzle of ``SOURCES`` in ``folder`` whose effort is at least ``min_rows``."""
    rng = np.random.default_rng(HARDEST_SEED)
    symmetries = [random_symmetry(rng) for _ in range(ISOMORPHS)]
    kept, seen = [], set()
    for source in SOURCES:
        for position, text in enumerate(puzzles(folder / source)):
            if text in seen:
                continue
            rows = effort([int(ch) for ch in text], symmetries)
            if rows >= min_rows:
                seen.add(text)
                kept.append({"puzzle": text, "source": source, "position": position, "plain_rows": round(rows, 1)})
            if position % PROGRESS_EVERY == 0:
                print(f"  {source}: {position} measured, {len(kept)} kept so far", file=sys.stderr)
    return kept


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HARDEST_FILE, help="the CSV to write (default: %(default)s)")
    args = parser.parse_args(argv)
    rows = hardest()
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
