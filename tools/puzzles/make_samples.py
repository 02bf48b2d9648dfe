"""Make the hand-in's samples of the public collections: ``data/hardest_sample.txt``
and ``data/top1465_sample.txt``, one 81-character puzzle a line (``0`` = blank).

Usage: ``python -m tools.puzzles.make_samples [--out DIR]`` (default: the repo's ``data/``).

Why: the marker gets the hand-in only, without ``collections/``; these files
let the report's comparisons on hard public puzzles be run again from it.
Both come from the *evaluation* part of a collection, exactly as
``tools/measure/benchmark.py`` defines it (``part_of``: the puzzles at odd 0-based
positions in their source file), the part never used to tune the solver
(``docs/tuning.md``).  The puzzles are read with the benchmark's own loaders,
so a sample cannot drift from the sets the benchmark measures.

The samples
    hardest_sample.txt   every ``HARDEST_STEP``-th puzzle (the 0th, 4th, 8th, ...)
                         of the evaluation part of ``collections/hardest.csv``,
                         in file order.
    top1465_sample.txt   ``TOP1465_COUNT`` evenly spaced puzzles of the evaluation
                         part of ``collections/magictour_top1465.txt``: the k-th is
                         that part's puzzle number ``(k * n) // TOP1465_COUNT``,
                         n the part's size (``benchmark.evenly_spaced``).

Nothing is random: the same collections give the same bytes, which
``tests/test_data.py`` checks against the committed files.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from tools.measure.benchmark import Folders, PuzzleSet, load_group, part_of
from tools.paths import DATA

PART = "evaluation"  #: the part of each collection the samples are drawn from
HARDEST_STEP = 4  #: hardest_sample.txt keeps every HARDEST_STEP-th puzzle of its part
TOP1465_COUNT = 200  #: puzzles in top1465_sample.txt
HARDEST_FILE = "hardest_sample.txt"
TOP1465_FILE = "top1465_sample.txt"


def evaluation_part(group: str, folders: Folders = Folders()) -> PuzzleSet:
    """The evaluation part of the benchmark's one set of ``group`` (``hardest`` or ``top1465``).

    Raises FileNotFoundError when the collection is not on disk.
    """
    found, missing = load_group(group, folders)
    if not found:
        raise FileNotFoundError("; ".join(missing.values()))
    [whole] = found
    return part_of(whole, PART)


def hardest_sample(folders: Folders = Folders()) -> np.ndarray:
    """Every ``HARDEST_STEP``-th puzzle of hardest's evaluation part, as (n, 9, 9) int8."""
    return evaluation_part("hardest", folders).puzzles[::HARDEST_STEP]


def top1465_sample(folders: Folders = Folders()) -> np.ndarray:
    """``TOP1465_COUNT`` evenly spaced puzzles of top1465's evaluation part, as (n, 9, 9) int8."""
    return evaluation_part("top1465", folders).sample(TOP1465_COUNT).puzzles


def as_text(puzzles: np.ndarray) -> str:
    """One line of 81 digits per puzzle, row by row, ``0`` for a blank; a newline after each."""
    return "".join("".join(str(int(d)) for d in puzzle.ravel()) + "\n" for puzzle in puzzles)


SAMPLES = {HARDEST_FILE: hardest_sample, TOP1465_FILE: top1465_sample}  #: file name -> how it is drawn


def write_samples(out: Path, folders: Folders = Folders()) -> list[Path]:
    """Write both samples into the folder ``out``; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, draw in SAMPLES.items():
        path = out / name
        path.write_text(as_text(draw(folders)), encoding="ascii", newline="\n")
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: write the samples into ``--out`` (default ``data/``)."""
    parser = argparse.ArgumentParser(prog="python -m tools.puzzles.make_samples", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DATA, metavar="DIR", help="folder to write to (default: data/)")
    args = parser.parse_args(argv)
    for path in write_samples(args.out):
        print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
