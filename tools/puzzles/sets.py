"""The named sets of puzzles that the tools and the tests measure and check.

=============================  =============================================
name                           puzzles
=============================  =============================================
``assignment/<category>``      the assignment's samples, ``data/`` (with solutions)
``generated/<category>``       the project's own of the same kinds, ``data/generated/``
``generated-hard:<part>``      the generated hard puzzles (``make_hard``), a
                               file a part (``tools.paths.GENERATED_HARD``)
``17clue``                     Royle's 49,151 puzzles with 17 givens
``top1465``                    Magictour's hard collection
``kaggle``                     a rated sample of Radcliffe's collection (with solutions)
``hardest``                    the puzzles of those three on which Algorithm X
                               alone tries the most rows (``find_hardest``)
``<collection>:<part>``        the tuning or evaluation part of one of the four above
``top1465-sample:evaluation``  the hand-in's sample of top1465's evaluation
                               part, ``data/top1465_evaluation.txt`` (``make_samples``)
``hardest-sample:evaluation``  the same of hardest, ``data/hardest_evaluation.txt``
=============================  =============================================

with ``<category>`` one of ``experiment.CATEGORIES`` and ``<part>`` one of
``PARTS``.  A public collection's *tuning* part is its puzzles at even 0-based
positions in their source file, its *evaluation* part those at odd positions
(``docs/tuning.md``): a choice is tuned on the one and judged on the other.
The hand-in carries samples of the evaluation parts alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from experiment import CATEGORIES, HARD_SETS
from tools.paths import COLLECTIONS, DATA, GENERATED, GENERATED_HARD, ROOT
from tools.puzzles.io import SOLUTION_COLUMNS, csv_rows, find_column, read_grids, read_puzzle_file

PARTS = ("tuning", "evaluation")
COLLECTION_FILES = {
    "17clue": "17clue_royle_49151.txt",
    "top1465": "magictour_top1465.txt",
    "kaggle": "kaggle_rated_sample_7034.csv",
    "hardest": "hardest.csv",
}
SAMPLED = ("top1465", "hardest")  #: the collections of whose evaluation part the hand-in ships a sample


@dataclass(frozen=True)
class NamedSet:
    """The puzzles of one named set, with their stored solutions where there
    are any (all ``NO_SOLUTION`` for a puzzle without one), and each puzzle's
    ``position`` in the file it comes from.  (``experiment.PuzzleSet`` is the
    pair of puzzles and answers that the experiment times.)"""

    name: str
    source: str  #: the file, relative to the project folder
    puzzles: np.ndarray  #: K x N x N, 0 = blank
    solutions: np.ndarray | None
    positions: np.ndarray

    def __len__(self) -> int:
        return len(self.puzzles)

    def subset(self, keep: np.ndarray, name: str | None = None) -> NamedSet:
        """The puzzles at the indices ``keep``, in that order."""
        solutions = None if self.solutions is None else self.solutions[keep]
        return dataclasses.replace(
            self,
            name=name or self.name,
            puzzles=self.puzzles[keep],
            solutions=solutions,
            positions=self.positions[keep],
        )

    def sample(self, count: int | None) -> NamedSet:
        """At most ``count`` puzzles, evenly spaced and the first included (all when None)."""
        if count is None or count >= len(self):
            return self
        return self.subset(np.array([i * len(self) // count for i in range(count)], dtype=np.int64))

    def part(self, part: str) -> NamedSet:
        """The tuning or the evaluation part: the puzzles at even or odd positions."""
        return self.subset(np.flatnonzero(self.positions % 2 == PARTS.index(part)), f"{self.name}:{part}")


def sample_file(collection: str) -> str:
    """The name, in ``data/``, of the hand-in's sample of ``collection``'s
    evaluation part (``collection`` one of ``SAMPLED``): the file of the hard
    set of that name in ``experiment.HARD_SETS``."""
    return Path(HARD_SETS[collection]).name


def from_file(name: str, path: Path, solutions: Path | None = None) -> NamedSet:
    """A whole set read from ``path``, its solutions from ``solutions`` (.npy)
    or, for a .csv with a solution column, from ``path`` itself."""
    puzzles = read_grids(path)
    stored = None
    if solutions is not None:
        stored = np.load(solutions).astype(np.int64).reshape(puzzles.shape)
    elif path.suffix == ".csv" and find_column(csv_rows(path)[0], SOLUTION_COLUMNS):
        stored = read_grids(path, "solution").astype(np.int64)
    source = path.resolve().relative_to(ROOT).as_posix() if path.resolve().is_relative_to(ROOT) else str(path)
    return NamedSet(name, source, puzzles, stored, np.arange(len(puzzles)))


def hardest(path: Path) -> NamedSet:
    """``hardest.csv``, each puzzle keeping its position in its own source file."""
    positions = np.array([int(record["position"]) for record in read_puzzle_file(path).records])
    return dataclasses.replace(from_file("hardest", path), positions=positions)


def loaders() -> dict[str, Callable[[], NamedSet]]:
    """Every whole set by name, as a function that reads it."""
    found: dict[str, Callable[[], NamedSet]] = {}
    for group, folder in (("assignment", DATA), ("generated", GENERATED)):
        for category in CATEGORIES:
            name = f"{group}/{category}"
            found[name] = partial(
                from_file, name, folder / f"{category}_puzzle.npy", folder / f"{category}_solution.npy"
            )
    for part, path in GENERATED_HARD.items():
        found[f"generated-hard:{part}"] = partial(from_file, f"generated-hard:{part}", path)
    for name, file in COLLECTION_FILES.items():
        found[name] = (
            partial(hardest, COLLECTIONS / file) if name == "hardest" else partial(from_file, name, COLLECTIONS / file)
        )
    for collection in SAMPLED:
        name = f"{collection}-sample:evaluation"
        found[name] = partial(from_file, name, DATA / sample_file(collection))
    return found


def load(name: str) -> NamedSet:
    """The set called ``name`` (see the module's table); ``KeyError`` for an unknown name."""
    whole, _, part = name.partition(":")
    found = loaders()
    if part and whole in COLLECTION_FILES and part in PARTS:
        return found[whole]().part(part)
    if name not in found:
        every = [*found, *(f"{collection}:{each}" for collection in COLLECTION_FILES for each in PARTS)]
        raise KeyError(f"no set named {name!r}; the sets are {', '.join(every)}")
    return found[name]()
