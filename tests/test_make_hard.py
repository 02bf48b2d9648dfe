"""The generated hard collections (``tools/puzzles/make_hard.py``): the tuning
file, kept in ``collections/``, and the evaluation file, handed in under
``data/generated/``.  Each file's first puzzle made again from its seed is the
committed one, and the command line writes each file as committed; every
puzzle is distinct, minimal where checked, and has exactly one solution, as
counted by the textbook search, which shares no code with the solver."""

from __future__ import annotations

import numpy as np
import pytest

from textbook import backtracking_count
from tools.paths import GENERATED_HARD
from tools.puzzles import make_hard
from tools.puzzles.io import read_grids, to_text


def puzzles(part: str) -> list[str]:
    return [to_text(grid) for grid in read_grids(GENERATED_HARD[part])]


@pytest.mark.parametrize("part", sorted(GENERATED_HARD))
def test_each_file_holds_its_count_of_distinct_puzzles(part):
    assert len(puzzles(part)) == make_hard.PUZZLES == len(set(puzzles(part)))


@pytest.mark.slow
@pytest.mark.parametrize("part", sorted(GENERATED_HARD))
def test_every_puzzle_has_exactly_one_solution(part):
    assert [backtracking_count(grid) for grid in read_grids(GENERATED_HARD[part])] == [1] * make_hard.PUZZLES


@pytest.mark.parametrize("part", sorted(GENERATED_HARD))
def test_the_first_puzzle_is_minimal(part):
    cells = read_grids(GENERATED_HARD[part])[0].ravel()
    fewer = [np.where(np.arange(81) == i, 0, cells) for i in np.flatnonzero(cells)]
    assert [backtracking_count(grid) for grid in fewer] == [2] * len(fewer)


@pytest.mark.slow
@pytest.mark.parametrize("part", sorted(GENERATED_HARD))
def test_the_first_puzzle_is_made_again_from_the_parts_seed(part):
    """One puzzle (up to a minute): each file's puzzle k is seeded with (seed, k),
    so any prefix of a file is made alike, and the files differ only by seed."""
    puzzle, _ = make_hard.hard_puzzle(make_hard.FILES[part][1], 0)
    assert to_text(np.array(puzzle)) == puzzles(part)[0]


def test_the_command_line_writes_each_file_as_committed(tmp_path, monkeypatch):
    """The climb replaced by the committed puzzles, ``main --out`` writes both
    files, each under its own name, byte for byte."""
    made = {seed: read_grids(GENERATED_HARD[part]) for part, (_, seed) in make_hard.FILES.items()}
    monkeypatch.setattr(make_hard, "hard_puzzle", lambda seed, k: (made[seed][k].ravel().tolist(), 0.0))
    make_hard.main(["--out", str(tmp_path)])
    written = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    assert written == {path.name: path.read_bytes() for path in GENERATED_HARD.values()}


def test_a_symmetry_gives_a_puzzle_with_one_solution_and_as_many_givens():
    grid = read_grids(GENERATED_HARD["tuning"])[0]
    moved = make_hard.random_symmetry(np.random.default_rng(0)).apply(grid)
    assert not np.array_equal(moved, grid) and np.count_nonzero(moved) == np.count_nonzero(grid)
    assert backtracking_count(moved) == 1
