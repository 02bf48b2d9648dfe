"""What the solver accepts, answers and rejects: the rules of ``docs/input.md``,
each tested once.

The rules live in ``helpers.read_grid``; the notebook's ``sudoku_solver``
reads the grid with it, answers all -1 where it gives no cells, and else
solves the cells with the engine its cell holds.  So the forms a grid may
take are tested on ``read_grid``, and what a caller gets back on
``sudoku_solver``.  Answers to stored puzzles, unsolvable ones and untouched
input are tested in ``test_solver.py``.
"""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import DTypeLike

import helpers
from conftest import EVEREST, NO_SOLUTION, parse
from helpers import is_valid_solution

SIZE = 9  #: the side the notebook's solver accepts
BAD_ROW, BAD_COL = 4, 7  #: where the value tests put their bad value (a blank of Everest)
FILLER = 99  #: what surrounds a puzzle embedded in a bigger array
SMALL = "1200002000420403"  #: a 4 x 4 grid of numbers
LARGE = "1" + "0" * 255  #: a 16 x 16 one


def embedded(puzzle: np.ndarray, step: int) -> np.ndarray:
    """``puzzle`` as a non-contiguous view into a larger array full of FILLER."""
    big = np.full((SIZE * step + 3, SIZE * step + 3), FILLER, dtype=puzzle.dtype)
    big[2 : 2 + SIZE * step : step, 1 : 1 + SIZE * step : step] = puzzle
    return big[2 : 2 + SIZE * step : step, 1 : 1 + SIZE * step : step]


def read_only(puzzle: np.ndarray) -> np.ndarray:
    frozen = puzzle.copy()
    frozen.flags.writeable = False
    return frozen


def with_value(value: object, dtype: DTypeLike) -> np.ndarray:
    """Everest as ``dtype`` with ``value`` at its blank cell [BAD_ROW, BAD_COL]."""
    grid = parse(EVEREST).astype(dtype)
    grid[BAD_ROW, BAD_COL] = value
    return grid


# --- Accepted: any integer or float dtype, nested sequences, views ---------

ACCEPTED = {
    "int8": lambda p: p.astype(np.int8),
    "uint8": lambda p: p.astype(np.uint8),
    "int16": lambda p: p.astype(np.int16),
    "uint64": lambda p: p.astype(np.uint64),
    "big-endian-i4": lambda p: p.astype(">i4"),
    "float16": lambda p: p.astype(np.float16),
    "float32": lambda p: p.astype(np.float32),
    "float64": lambda p: p.astype(np.float64),
    "negative-zero-float": lambda p: np.where(p == 0, -0.0, p.astype(np.float64)),
    "nested-list": lambda p: p.tolist(),
    "nested-tuple": lambda p: tuple(tuple(row) for row in p.tolist()),
    "list-of-row-arrays": lambda p: list(p),
    "read-only": read_only,
    "fortran-order": np.asfortranarray,
    "transpose-of-transposed": lambda p: np.ascontiguousarray(p.T).T,
    "reversed-twice": lambda p: p[::-1, ::-1].copy()[::-1, ::-1],
    "step-2-slice-of-larger": lambda p: embedded(p, 2),
}


@pytest.mark.parametrize("make", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_every_accepted_form_gives_the_same_cells(make):
    assert helpers.read_grid(make(parse(EVEREST))) == parse(EVEREST).ravel().tolist()


def test_the_views_really_are_non_contiguous():
    """Guards the view forms above: they must not be plain C-ordered arrays."""
    for name in ("transpose-of-transposed", "step-2-slice-of-larger", "reversed-twice"):
        assert not ACCEPTED[name](parse(EVEREST)).flags.c_contiguous, name


def test_a_masked_array_is_read_as_its_data_under_the_mask():
    grid = np.ma.masked_array(parse(EVEREST), mask=parse(EVEREST) == 0)
    grid.data[0, 1] = 5  # a masked cell holding 5
    assert helpers.read_grid(grid)[1] == 5


@pytest.mark.parametrize("text", [SMALL, LARGE], ids=["4x4", "16x16"])
def test_another_size_is_read_when_it_is_given_as_size(text):
    grid = parse(text)
    assert helpers.read_grid(grid, size=len(grid)) == grid.ravel().tolist()


# --- A cell no sudoku has: no cells, so no solution, so all -1 -------------

BAD_VALUES = [
    pytest.param(10, np.int64, id="10"),
    pytest.param(-1, np.int64, id="minus-1"),
    pytest.param(255, np.uint8, id="255-uint8"),
    pytest.param(-128, np.int8, id="minus-128-int8"),
    pytest.param(0.5, np.float64, id="half"),
    pytest.param(8.999, np.float32, id="almost-9-float32"),
    pytest.param(np.nan, np.float64, id="nan"),
    pytest.param(np.inf, np.float64, id="inf"),
    pytest.param(-np.inf, np.float64, id="minus-inf"),
]


@pytest.mark.parametrize("value, dtype", BAD_VALUES)
def test_a_cell_no_sudoku_has_gives_no_cells(value, dtype):
    assert helpers.read_grid(with_value(value, dtype)) is None


def test_the_notebook_answers_all_minus_one_to_its_own_no_solution_answer_fed_back(sudoku_solver):
    assert (sudoku_solver(np.full((SIZE, SIZE), NO_SOLUTION)) == NO_SOLUTION).all()


# --- Not a grid of numbers: ValueError -------------------------------------

WRONG_SHAPES = [
    pytest.param(None, (), id="None"),
    pytest.param(EVEREST, (), id="string"),
    pytest.param(8, (), id="int"),
    pytest.param(np.zeros((8, 8), dtype=int), (8, 8), id="8x8"),
    pytest.param(np.zeros(81, dtype=int), (81,), id="flat-81"),
    pytest.param(np.zeros((9, 9, 1), dtype=int), (9, 9, 1), id="9x9x1"),
    pytest.param(np.zeros((16, 16), dtype=int), (16, 16), id="16x16-without-size"),
    pytest.param([], (0,), id="empty-list"),
    pytest.param([[0] * SIZE] * (SIZE + 1), (10, 9), id="10-rows"),
]


NOT_NUMBERS = [
    pytest.param(parse(EVEREST).astype(bool), "bool", id="bool"),
    pytest.param(parse(EVEREST).astype(complex), "complex", id="complex"),
    pytest.param(parse(EVEREST).astype(str), "<U", id="text"),
    pytest.param(parse(EVEREST).astype(object), "object", id="object-array-of-ints"),
    pytest.param([[None] * SIZE] * SIZE, "object", id="None-cells"),
    pytest.param(with_value("5", object), "object", id="text-in-a-cell"),
    pytest.param([[2**70] * SIZE] * SIZE, "object", id="int-beyond-int64"),
]


RAGGED = [
    pytest.param([[0] * SIZE] * (SIZE - 1) + [[0] * (SIZE - 1)], id="short-last-row"),
    pytest.param([[0] * SIZE] * (SIZE - 1) + [[[1, 2]] + [0] * (SIZE - 1)], id="list-in-a-cell"),
]


#: each refusal with what its message must say: another shape named, cells that are not numbers
#: named by their dtype, and a ragged list with numpy's message, which says "inhomogeneous"
REFUSED = [
    *(pytest.param(case.values[0], re.escape(f"shape {case.values[1]}"), id=case.id) for case in WRONG_SHAPES),
    *(pytest.param(case.values[0], f"dtype {re.escape(case.values[1])}", id=case.id) for case in NOT_NUMBERS),
    *(pytest.param(*case.values, None, id=case.id) for case in RAGGED),
]


@pytest.mark.parametrize("given, message", REFUSED)
def test_the_notebook_refuses_what_is_no_grid_of_numbers_saying_why(sudoku_solver, given, message):
    with pytest.raises(ValueError, match=message):
        sudoku_solver(given)


# --- Any 9 x 9 grid of numbers gets an answer ------------------------------

# Any number a 9 x 9 grid of some numeric dtype may hold.
CELL_NUMBERS = st.one_of(
    st.integers(-(2**31), 2**31 - 1),
    st.integers(0, 9),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, 0.5, 9.0, 9.5, 10.0, -1.0, math.nan, math.inf]),
)
GRID_DTYPES = st.sampled_from([np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint64, np.float32, np.float64])


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.lists(CELL_NUMBERS, min_size=SIZE * SIZE, max_size=SIZE * SIZE), GRID_DTYPES, st.booleans())
def test_the_notebook_answers_every_9x9_grid_of_numbers(sudoku_solver, values, dtype, as_list):
    """Never an exception: a 9 x 9 integer answer, valid or all -1."""
    with np.errstate(invalid="ignore", over="ignore"):  # a cast may wrap or turn NaN into an int
        grid = np.array(values, dtype=np.float64).reshape(SIZE, SIZE).astype(dtype)
    answer = sudoku_solver(grid.tolist() if as_list else grid)
    assert isinstance(answer, np.ndarray) and answer.shape == (SIZE, SIZE)
    assert np.issubdtype(answer.dtype, np.integer)
    assert (answer == NO_SOLUTION).all() or is_valid_solution(grid, answer)
