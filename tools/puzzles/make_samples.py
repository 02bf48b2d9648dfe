"""Make the hand-in's samples of the public collections: ``data/hardest_sample.txt``
and ``data/top1465_sample.txt``, one 81-digit puzzle a line (``0`` = blank).

Usage: ``python -m tools.puzzles.make_samples [--out DIR]`` (default: ``data/``).

The marker gets the hand-in without ``collections/``; these files let the
notebook race the solver on hard public puzzles.  Both are cut from
evaluation parts read through ``tools.puzzles.sets``, by the rules
``data/README.md`` states, and judged by the puzzle itself: a puzzle that is a
copy (``tools.puzzles.symmetry``) of one in any tuning part, whatever file
holds it, is left out, and so is a puzzle of top1465 that the hardest
puzzles hold, so that the two samples share none.  Nothing is random;
``tests/test_data.py`` makes them again and compares.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from tools.paths import COLLECTIONS, DATA
from tools.puzzles.io import write_lines
from tools.puzzles.sets import PuzzleSet, load
from tools.puzzles.symmetry import shared

HARDEST_STEP = 4  #: hardest_sample.txt keeps every HARDEST_STEP-th puzzle of its part
TOP1465_COUNT = 100  #: puzzles in top1465_sample.txt
#: every part a choice of the solver was tuned on: no sample holds a copy of their puzzles
TUNING_PARTS = ("17clue:tuning", "top1465:tuning", "kaggle:tuning", "generated-hard:tuning")


def held_out(part: PuzzleSet, *others: np.ndarray) -> PuzzleSet:
    """The puzzles of ``part`` that are copies of none of ``others``, in order."""
    found = set(shared(part.puzzles, np.concatenate(others)))
    return part.subset(np.array([k for k in range(len(part)) if k not in found], dtype=np.int64))


def samples(collections: Path = COLLECTIONS) -> dict[str, np.ndarray]:
    """Each sample's puzzles by file name: every ``HARDEST_STEP``-th puzzle of
    hardest's evaluation part, and ``TOP1465_COUNT`` evenly spaced ones of
    top1465's, each without the puzzles ``held_out`` leaves out."""
    tuning = [load(name, collections=collections).puzzles for name in TUNING_PARTS]
    hardest = load("hardest", collections=collections).puzzles
    return {
        "hardest_sample.txt": held_out(load("hardest:evaluation", collections=collections), *tuning).puzzles[
            ::HARDEST_STEP
        ],
        "top1465_sample.txt": held_out(load("top1465:evaluation", collections=collections), *tuning, hardest)
        .sample(TOP1465_COUNT)
        .puzzles,
    }


def write_samples(out: Path, collections: Path = COLLECTIONS) -> list[Path]:
    """Write both samples into the folder ``out``; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, puzzles in samples(collections).items():
        write_lines(out / name, puzzles)
        written.append(out / name)
    return written


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
