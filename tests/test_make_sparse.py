"""The sparse puzzles without a solution (``tools/puzzles/make_sparse.py``),
handed in as ``data/generated/sparse_unsolvable.txt``.  Each puzzle's lack of
a solution is shown here by a pigeonhole, written without the generator's
code: some digits of a unit have fewer cells of it left than there are
digits.  The solver's propagation gets past each, its search finds no
solution, and the generator makes the file's first puzzle again."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from conftest import has_dead_blank, has_repeated_given, peer_digits
from helpers import SudokuEngine, read_grid
from tools.paths import GENERATED_HARD, SPARSE_UNSOLVABLE
from tools.puzzles import make_sparse
from tools.puzzles.io import read_grids, to_text

PUZZLES = read_grids(SPARSE_UNSOLVABLE)


def units() -> list[list[tuple[int, int]]]:
    """The 27 rows, columns and boxes of the 9 x 9 grid, as cells."""
    lines = [[(r, c) for c in range(9)] for r in range(9)]
    boxes = [
        [(r, c) for r in range(top, top + 3) for c in range(left, left + 3)] for top in (0, 3, 6) for left in (0, 3, 6)
    ]
    return lines + [list(column) for column in zip(*lines)] + boxes


def has_pigeonhole(puzzle: np.ndarray, most: int = 3) -> bool:
    """Whether up to ``most`` digits that a unit lacks have, together, fewer
    blanks of the unit where no peer holds them than there are digits."""
    for unit in units():
        lacking = set(range(1, 10)) - {int(puzzle[cell]) for cell in unit}
        places = {
            d: {cell for cell in unit if puzzle[cell] == 0 and d not in peer_digits(puzzle, *cell)} for d in lacking
        }
        for k in range(1, most + 1):
            for digits in itertools.combinations(sorted(lacking), k):
                if len(set().union(*(places[d] for d in digits))) < k:
                    return True
    return False


def test_the_file_holds_its_count_of_distinct_puzzles_of_its_givens():
    assert len({to_text(p) for p in PUZZLES}) == len(PUZZLES) == make_sparse.PUZZLES
    assert {int(np.count_nonzero(p)) for p in PUZZLES} == {make_sparse.GIVENS}


@pytest.mark.parametrize("k", range(make_sparse.PUZZLES))
def test_a_pigeonhole_leaves_the_puzzle_without_a_solution(k):
    assert has_pigeonhole(PUZZLES[k])


def test_the_pigeonhole_finds_none_in_a_puzzle_with_a_solution():
    assert not any(has_pigeonhole(p) for p in read_grids(GENERATED_HARD["evaluation"])[:5])


def test_no_given_repeats_and_every_blank_keeps_a_digit():
    assert not any(has_repeated_given(p) or has_dead_blank(p) for p in PUZZLES)


def test_propagation_gets_past_every_puzzle_and_the_search_finds_no_solution():
    engine = SudokuEngine(3)
    assert all(engine.place_forced_digits(read_grid(p)) is not None for p in PUZZLES)
    assert [engine.solve(read_grid(p)).grid for p in PUZZLES] == [None] * len(PUZZLES)


def test_the_first_puzzle_is_made_again_from_the_seed():
    assert to_text(np.array(make_sparse.sparse_unsolvable(0, SudokuEngine(3)))) == to_text(PUZZLES[0])


def test_the_command_line_writes_the_file_as_committed(tmp_path, monkeypatch):
    """The drawing replaced by the committed puzzles, ``main --out`` writes the file byte for byte."""
    monkeypatch.setattr(make_sparse, "sparse_unsolvable", lambda k, engine: PUZZLES[k].ravel().tolist())
    make_sparse.main(["--out", str(tmp_path)])
    assert (tmp_path / SPARSE_UNSOLVABLE.name).read_bytes() == SPARSE_UNSOLVABLE.read_bytes()
