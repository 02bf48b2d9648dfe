"""Make the hand-in's samples of the public collections: a sample of each part,
tuning and evaluation, of top1465 and of hardest, written to
``data/<collection>_<part>.txt`` (``tools.puzzles.sets.sample_file``), one
81-digit puzzle a line (``0`` = blank).

Usage: ``python -m tools.puzzles.make_samples [--out DIR]`` (default: ``data/``).

The marker gets the hand-in without ``collections/``; these files let the
notebook decide the solver's tie order on hard public puzzles (the tuning
samples) and race the solver on others (the evaluation samples).  Each is cut
from its part, read through ``tools.puzzles.sets``, by the rules
``data/README.md`` states, and judged by the puzzle itself
(``tools.puzzles.symmetry``), whatever file holds it:

- an evaluation sample leaves out every puzzle that is a copy of one in any
  tuning part (``TUNING_PARTS``), so it shares none with a tuning sample;
- top1465's samples leave out every puzzle that is a copy of one the hardest
  puzzles hold, so that they share none with hardest's samples.

Nothing else is left out and nothing is random; ``tests/test_data.py`` makes
the files again and compares, and checks that no two of them, nor the other
files the notebook races, share a puzzle.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from tools.paths import COLLECTIONS, DATA
from tools.puzzles.io import write_lines
from tools.puzzles.sets import PuzzleSet, load, sample_file
from tools.puzzles.symmetry import shared

HARDEST_STEP = 4  #: hardest's samples keep every HARDEST_STEP-th puzzle of their part, the first included
TOP1465_COUNT = 100  #: puzzles in each of top1465's samples, evenly spaced over what is left of their part
#: every part a choice of the solver was tuned on: no evaluation sample holds a copy of their puzzles
TUNING_PARTS = ("17clue:tuning", "top1465:tuning", "kaggle:tuning", "generated-hard:tuning")


def held_out(part: PuzzleSet, *others: np.ndarray) -> PuzzleSet:
    """The puzzles of ``part`` that are copies of none of ``others``, in order."""
    found = set(shared(part.puzzles, np.concatenate(others)))
    return part.subset(np.array([k for k in range(len(part)) if k not in found], dtype=np.int64))


def samples(collections: Path = COLLECTIONS) -> dict[str, np.ndarray]:
    """Each sample's puzzles (K x 9 x 9, in their part's order) by file name:

    - ``top1465_tuning.txt``: ``TOP1465_COUNT`` evenly spaced puzzles
      (``PuzzleSet.sample``) of top1465's tuning part without the hardest
      puzzles;
    - ``top1465_evaluation.txt``: the same of its evaluation part without the
      hardest puzzles and the copies of tuning-part puzzles;
    - ``hardest_tuning.txt``: every ``HARDEST_STEP``-th puzzle of hardest's
      tuning part;
    - ``hardest_evaluation.txt``: every ``HARDEST_STEP``-th puzzle of its
      evaluation part without the copies of tuning-part puzzles.
    """
    tuning = [load(name, collections=collections).puzzles for name in TUNING_PARTS]
    hardest = load("hardest", collections=collections)
    top1465 = load("top1465", collections=collections)
    return {
        sample_file("top1465", "tuning"): held_out(top1465.part("tuning"), hardest.puzzles)
        .sample(TOP1465_COUNT)
        .puzzles,
        sample_file("top1465", "evaluation"): held_out(top1465.part("evaluation"), *tuning, hardest.puzzles)
        .sample(TOP1465_COUNT)
        .puzzles,
        sample_file("hardest", "tuning"): hardest.part("tuning").puzzles[::HARDEST_STEP],
        sample_file("hardest", "evaluation"): held_out(hardest.part("evaluation"), *tuning).puzzles[::HARDEST_STEP],
    }


def write_samples(out: Path, collections: Path = COLLECTIONS) -> list[Path]:
    """Write the four samples into the folder ``out`` (made if need be),
    replacing files of the same names; return their paths."""
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
