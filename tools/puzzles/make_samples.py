"""Make the hand-in's samples of the public collections: a sample of the
evaluation part of top1465 and of hardest, written to
``data/<collection>_evaluation.txt`` (``tools.puzzles.sets.sample_file``), one
81-digit puzzle a line (``0`` = blank).

Usage: ``python -m tools.puzzles.make_samples [--out DIR]`` (default: ``data/``).

The marker gets the hand-in without ``collections/``; these files let the
notebook measure the solver on hard public puzzles.  Each is cut from its
part, read through ``tools.puzzles.sets``, by the rules ``data/README.md``
states, and judged by the puzzle itself (``tools.puzzles.symmetry``), whatever
file holds it:

- a sample leaves out every puzzle that is a copy of one in any tuning part
  (``TUNING_PARTS``), the generated hard tuning file included;
- top1465's sample leaves out every puzzle that is a copy of one the hardest
  puzzles hold, so that it shares none with hardest's sample.

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

from tools.paths import DATA
from tools.puzzles.io import write_lines
from tools.puzzles.sets import NamedSet, load, sample_file
from tools.puzzles.symmetry import shared

HARDEST_STEP = 4  #: hardest's sample keeps every HARDEST_STEP-th puzzle of what is left of its part, the first included
TOP1465_COUNT = 100  #: puzzles in top1465's sample, evenly spaced over what is left of its part
#: every part a choice of the solver was tuned on: no sample holds a copy of their puzzles
TUNING_PARTS = ("17clue:tuning", "top1465:tuning", "kaggle:tuning", "generated-hard:tuning")


def held_out(part: NamedSet, *others: np.ndarray) -> NamedSet:
    """The puzzles of ``part`` that are copies of none of ``others``, in order."""
    found = set(shared(part.puzzles, np.concatenate(others)))
    return part.subset(np.array([k for k in range(len(part)) if k not in found], dtype=np.int64))


def samples() -> dict[str, np.ndarray]:
    """Each sample's puzzles (K x 9 x 9, in their part's order) by file name:

    - ``top1465_evaluation.txt``: ``TOP1465_COUNT`` evenly spaced puzzles
      (``NamedSet.sample``) of top1465's evaluation part without the hardest
      puzzles and the copies of tuning-part puzzles;
    - ``hardest_evaluation.txt``: every ``HARDEST_STEP``-th puzzle of hardest's
      evaluation part without the copies of tuning-part puzzles.
    """
    tuning = [load(name).puzzles for name in TUNING_PARTS]
    hardest = load("hardest")
    top1465 = held_out(load("top1465:evaluation"), *tuning, hardest.puzzles)
    return {
        sample_file("top1465"): top1465.sample(TOP1465_COUNT).puzzles,
        sample_file("hardest"): held_out(hardest.part("evaluation"), *tuning).puzzles[::HARDEST_STEP],
    }


def write_samples(out: Path) -> list[Path]:
    """Write the samples into the folder ``out`` (made if need be),
    replacing files of the same names; return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    made = samples()
    for name, puzzles in made.items():
        write_lines(out / name, puzzles)
    return [out / name for name in made]


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
