"""The generated hard collections: made again from their seeds, they are the
committed files; every puzzle is minimal with exactly one solution."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import GENERATED
from tools import make_hard
from tools.cli.engine import count_solutions

FILES = {part: GENERATED / name for part, (name, _) in make_hard.FILES.items()}


def lines(part: str) -> list[str]:
    return FILES[part].read_text(encoding="ascii").split()


def engine_count(cells: list[int]) -> int:
    """0, 1 or 2 (two or more) solutions of 81 cells, counted by the engine."""
    return count_solutions(np.array(cells).reshape(9, 9), limit=2)


@pytest.mark.parametrize("part", sorted(FILES))
def test_each_file_holds_its_count_of_distinct_puzzles(part):
    puzzles = lines(part)
    assert len(puzzles) == make_hard.PUZZLES == len(set(puzzles))
    assert all(len(line) == 81 and line.isdigit() for line in puzzles)


def test_the_two_parts_share_no_puzzle():
    assert not set(lines("tuning")) & set(lines("evaluation"))


@pytest.mark.parametrize("part", sorted(FILES))
def test_every_puzzle_has_exactly_one_solution(part):
    for line in lines(part):
        assert engine_count([int(ch) for ch in line]) == 1


@pytest.mark.parametrize("part", sorted(FILES))
def test_the_first_puzzle_is_minimal(part):
    cells = [int(ch) for ch in lines(part)[0]]
    for i, value in enumerate(cells):
        if value:
            fewer = cells[:i] + [0] + cells[i + 1 :]
            assert engine_count(fewer) == 2


@pytest.mark.parametrize("part", sorted(FILES))
def test_the_first_puzzle_is_made_again_from_its_seed(part):
    """Only the first: each puzzle takes seconds to make, and any prefix of a
    file can be made on its own (seeded with its position)."""
    seed = make_hard.FILES[part][1]
    puzzle, _ = make_hard.hard_puzzle(seed, 0)
    assert make_hard.puzzle_line(puzzle) == lines(part)[0]


def test_a_symmetry_gives_a_puzzle_with_one_solution_and_as_many_givens():
    rng = np.random.default_rng(0)
    cells = [int(ch) for ch in lines("tuning")[0]]
    moved = make_hard.apply_symmetry(cells, make_hard.random_symmetry(rng))
    assert moved != cells
    assert sum(1 for v in moved if v) == sum(1 for v in cells if v)
    assert engine_count(moved) == 1
