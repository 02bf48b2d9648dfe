"""Malformed, unusual and unsolvable input, tested where each rule lives.

The submitted contract (``helpers.read_grid``, ``helpers.solve_sudoku`` and
the notebook's ``sudoku_solver``, which calls ``solve_sudoku``): a ``size`` x
``size`` grid, 9 x 9 by default, of numbers (an array of any integer, float
or object dtype, or a nested list).  A cell that holds no digit 0..size (a
10, a -1 fed back, 2.5, NaN, None) means the puzzle has no solution:
``read_grid`` and ``solve_sudoku`` give ``None``, ``sudoku_solver`` all -1.
What is not such a grid (another shape, a ragged list, text, a bool array, a
masked array) raises ``ValueError``.  The input is never modified.

The development side (``tools.cli.engine``'s ``read_grid``, ``solve_sudoku`` and
``count_solutions``, which ``tools/cli/solve.py`` uses) adds: any side 4, 9, 16,
25, 36 found from the shape, ``TypeError`` naming the type of what is not a
grid of numbers, ``CellValueError`` naming a bad value and its cell, and one
``ValueError`` for a ragged list whatever the numpy version.
"""

from __future__ import annotations

import math
import re
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import helpers
from conftest import CONSISTENT_NO_SOLUTION, EVEREST, EVEREST_SOLUTION, NO_SOLUTION
from helpers import is_valid_solution
from tools import engine
from tools.cli.engine import CellValueError, count_solutions

SIZE = 9  #: the side the notebook's solver accepts
BAD_ROW, BAD_COL = 4, 7  #: where the value tests put their bad value
FILLER = 99  #: what surrounds a puzzle embedded in a bigger array

# A unique 4 x 4 and a unique 16 x 16 puzzle (1..9 then A..G for 10..16).
SMALL = "12....2...42.4.3"
SMALL_SOLUTION = "1234432131422413"
LARGE = (
    "B.9A2DC.34G..F1.E17.9.A826DCG.43.62C3G5471EF.A89G.3..E..98B.DC6.19A.C8.2....4.7F.7F..1B.C28D..3"
    "..35GF4E7..1B8D...2C.56.3F.4E..9A.CD..265EF3471.B7A.1D...G5.634F.2.G6E.4FB.71.8C.3...B.1.DC.826"
    "5GC.62453.1B..A9.8.E43...B8DA.C2G6AD8.6.2G4.53F7.1FB178A.D6GC25..4"
)
LARGE_SOLUTION = (
    "B89A2DC634G5EF17E17F9BA826DCG543D62C3G5471EFBA89G4357EF198BADC6219ABC8D2536G4E7F47FEA1B9C28D6G35"
    "635GF4E7A91B8D2C82CD56G3F74E1B9A9CD8G265EF3471AB7AB1D98CG52634FE25G6E34FBA7198CD3FE4B71ADC98265G"
    "CG62453E1BF7A9D85E431F7B8DA9C2G6AD896C2G4E53F7B1FB178A9D6GC253E4"
)


def parse(text: str) -> np.ndarray:
    """A square grid from one line of text: '.' or '0' blank, then 1-9, A-Z for 10.."""
    values = [0 if ch in ".0" else int(ch, 36) for ch in text]
    side = int(round(len(values) ** 0.5))
    return np.array(values, dtype=np.int64).reshape(side, side)


def cell_pattern(row: int, col: int) -> str:
    """A regex for a message naming cell (row, col): '[4, 7]', '(4, 7)' or 'row 4 ... column 7'."""
    return rf"[\[(]{row}, ?{col}[\])]|row {row}\D+col\w* {col}"


@pytest.fixture(params=["sudoku_solver", "helpers.solve_sudoku", "helpers.read_grid"])
def submitted(request):
    """Each way into the submitted solver, 9 x 9 as the notebook is."""
    if request.param == "helpers.solve_sudoku":
        return helpers.solve_sudoku
    if request.param == "helpers.read_grid":
        return helpers.read_grid
    return request.getfixturevalue("sudoku_solver")


@pytest.fixture(params=["engine.solve_sudoku", "engine.read_grid"])
def checked(request):
    """The development side's entry points, fixed to 9 x 9: they report what is wrong."""
    if request.param == "engine.solve_sudoku":
        return lambda grid: engine.solve_sudoku(grid, size=SIZE)
    return lambda grid: engine.read_grid(grid, size=SIZE)


@pytest.fixture(params=["sudoku_solver", "helpers.solve_sudoku", "engine.solve_sudoku"])
def solver(request):
    """Every solving entry point, 9 x 9 only."""
    if request.param == "helpers.solve_sudoku":
        return helpers.solve_sudoku
    if request.param == "engine.solve_sudoku":
        return lambda grid: engine.solve_sudoku(grid, size=SIZE)
    return request.getfixturevalue("sudoku_solver")


def with_value(value: object, dtype: object) -> np.ndarray:
    """Everest as ``dtype`` with ``value`` put at the blank cell [BAD_ROW, BAD_COL]."""
    grid = parse(EVEREST).astype(dtype)
    assert grid[BAD_ROW, BAD_COL] == 0
    grid[BAD_ROW, BAD_COL] = value
    return grid


def with_a_sequence_in_a_cell() -> np.ndarray:
    """What numpy before 1.24 makes of a nested list with a list in a cell:
    a 9 x 9 object array holding that list (numpy 1.24 and later raise)."""
    grid = parse(EVEREST).astype(object)
    grid[BAD_ROW, BAD_COL] = [1, 2]
    return grid


# ---------------------------------------------------------------------------
# Shapes and kinds that are not a grid of numbers
# ---------------------------------------------------------------------------

NOT_GRIDS = [
    pytest.param(None, "NoneType", id="None"),
    pytest.param(EVEREST, "str", id="string"),
    pytest.param({(0, 0): 8}, "dict", id="dict"),
    pytest.param(8, "int", id="int"),
]


@pytest.mark.parametrize("given, type_name", NOT_GRIDS)
def test_submitted_rejects_what_is_not_a_grid_with_value_error(submitted, given, type_name):
    with pytest.raises(ValueError, match=f"{SIZE} x {SIZE}"):
        submitted(given)


@pytest.mark.parametrize("given, type_name", NOT_GRIDS)
def test_engine_rejects_what_is_not_a_grid_naming_its_type(checked, given, type_name):
    with pytest.raises(TypeError, match=type_name):
        checked(given)


WRONG_SHAPES = [
    pytest.param(np.zeros((8, 8), dtype=int), (8, 8), id="8x8"),
    pytest.param(np.zeros(81, dtype=int), (81,), id="flat-81"),
    pytest.param(np.zeros((9, 9, 1), dtype=int), (9, 9, 1), id="9x9x1"),
    pytest.param(np.zeros((9, 8), dtype=int), (9, 8), id="9x8"),
    pytest.param(np.zeros((16, 16), dtype=int), (16, 16), id="16x16"),
    pytest.param(np.zeros((0, 0), dtype=int), (0, 0), id="empty-0x0"),
    pytest.param(np.array([], dtype=int), (0,), id="empty-array"),
    pytest.param([], (0,), id="empty-list"),
    pytest.param(np.array(0), (), id="0-d-array"),
    pytest.param([[0] * SIZE] * (SIZE + 1), (10, 9), id="10-rows-list"),
]


@pytest.mark.parametrize("grid, shape", WRONG_SHAPES)
def test_submitted_rejects_a_wrong_shape_naming_it(submitted, grid, shape):
    with pytest.raises(ValueError, match=re.escape(str(shape))):
        submitted(grid)


@pytest.mark.parametrize("grid, shape", WRONG_SHAPES)
def test_engine_rejects_a_wrong_shape_naming_it(checked, grid, shape):
    with pytest.raises(ValueError, match=re.escape(str(shape))):
        checked(grid)


RAGGED = [
    pytest.param([[0] * SIZE] * (SIZE - 1) + [[0] * (SIZE - 1)], id="short-last-row"),
    pytest.param([[0] * SIZE] * (SIZE - 1) + [[0] * (SIZE + 1)], id="long-last-row"),
    pytest.param([[0] * SIZE] * (SIZE - 1) + [[[1, 2]] + [0] * (SIZE - 1)], id="list-in-a-cell"),
]


@pytest.mark.parametrize("grid", RAGGED)
def test_submitted_rejects_a_ragged_nested_list(submitted, grid):
    # The message is numpy's from 1.24 on, helpers' own before: only the type is the contract.
    with pytest.raises(ValueError):
        submitted(grid)


def test_submitted_rejects_a_sequence_in_a_cell_as_old_numpy_reads_a_ragged_list(submitted):
    with pytest.raises(ValueError):
        submitted(with_a_sequence_in_a_cell())


@pytest.mark.parametrize("grid", RAGGED)
def test_engine_rejects_a_ragged_nested_list_saying_so(checked, grid):
    with pytest.raises(ValueError, match="ragged"):
        checked(grid)


@pytest.mark.parametrize("grid", RAGGED)
def test_engine_rejects_a_ragged_nested_list_as_old_numpy_reads_it(checked, grid, monkeypatch):
    """numpy before 1.24 only warns about a ragged list, and makes an object array of it."""
    make_array = np.array

    def old_numpy_array(obj, *args, **kwargs):
        warnings.warn("Creating an ndarray from ragged nested sequences", engine._RaggedWarning, stacklevel=2)
        return make_array(obj, dtype=object)

    monkeypatch.setattr(np, "array", old_numpy_array)
    with pytest.raises(ValueError, match="ragged"):
        checked(grid)


def test_engine_rejects_a_sequence_in_a_cell_naming_the_cell(checked):
    with pytest.raises(TypeError, match=cell_pattern(BAD_ROW, BAD_COL)):
        checked(with_a_sequence_in_a_cell())


NOT_NUMBERS = [
    pytest.param(parse(EVEREST).astype(bool), "bool", id="bool-array"),
    pytest.param(parse(EVEREST).astype(str), r"str|<U|dtype", id="string-array"),
    pytest.param(parse(EVEREST).astype(complex), r"complex|dtype", id="complex-array"),
]


@pytest.mark.parametrize("grid, type_pattern", NOT_NUMBERS)
def test_submitted_rejects_a_grid_of_non_numbers_naming_its_dtype(submitted, grid, type_pattern):
    with pytest.raises(ValueError, match=type_pattern):
        submitted(grid)


NONE_CELLS = [
    pytest.param(np.full((SIZE, SIZE), None), id="object-array-of-None"),
    pytest.param([[None] * SIZE] * SIZE, id="list-of-None"),
]


@pytest.mark.parametrize("grid, type_pattern", NOT_NUMBERS)
def test_engine_rejects_a_grid_of_non_numbers_naming_its_type(checked, grid, type_pattern):
    with pytest.raises(TypeError, match=type_pattern):
        checked(grid)


@pytest.mark.parametrize("grid", NONE_CELLS)
def test_engine_rejects_none_cells_naming_them(checked, grid):
    with pytest.raises(TypeError, match="None"):
        checked(grid)


def test_submitted_rejects_a_masked_array(submitted):
    """Which value a masked cell holds is not the solver's guess to make."""
    with pytest.raises(ValueError):
        submitted(np.ma.masked_equal(parse(EVEREST), 0))


def test_engine_rejects_a_masked_array_asking_for_its_masked_cells_to_be_filled(checked):
    with pytest.raises(TypeError, match="masked"):
        checked(np.ma.masked_equal(parse(EVEREST), 0))


# ---------------------------------------------------------------------------
# A cell no sudoku has: no solution (submitted), an error naming it (engine)
# ---------------------------------------------------------------------------

BAD_VALUES = [
    pytest.param(10, np.int64, "10", id="10"),
    pytest.param(-1, np.int64, "-1", id="minus-1"),
    pytest.param(255, np.uint8, "255", id="255-uint8"),
    pytest.param(-128, np.int8, "-128", id="minus-128-int8"),
    pytest.param(0.5, np.float64, r"0\.5", id="half"),
    pytest.param(8.999, np.float32, r"8\.99", id="almost-9-float32"),
    pytest.param(np.nan, np.float64, "(?i)nan", id="nan"),
    pytest.param(np.inf, np.float64, "(?i)inf", id="inf"),
    pytest.param(-np.inf, np.float64, "(?i)-inf", id="minus-inf"),
    pytest.param("5", object, "'5'", id="text-in-an-object-array"),
]
NUMBER_VALUES = [value for value in BAD_VALUES if value.id != "text-in-an-object-array"]


@pytest.mark.parametrize("value, dtype, value_pattern", BAD_VALUES)
def test_submitted_read_grid_gives_none_for_a_cell_no_sudoku_has(value, dtype, value_pattern):
    assert helpers.read_grid(with_value(value, dtype)) is None


@pytest.mark.parametrize("value, dtype, value_pattern", BAD_VALUES)
def test_submitted_solve_sudoku_gives_none_for_a_cell_no_sudoku_has(value, dtype, value_pattern):
    assert helpers.solve_sudoku(with_value(value, dtype)) is None


@pytest.mark.parametrize("value, dtype, value_pattern", BAD_VALUES)
def test_notebook_answers_all_minus_one_for_a_cell_no_sudoku_has(sudoku_solver, value, dtype, value_pattern):
    answer = sudoku_solver(with_value(value, dtype))
    assert answer.shape == (SIZE, SIZE) and np.issubdtype(answer.dtype, np.integer)
    assert (answer == NO_SOLUTION).all()


@pytest.mark.parametrize("grid", NONE_CELLS)
def test_submitted_read_grid_gives_none_for_none_cells(grid):
    assert helpers.read_grid(grid) is None


@pytest.mark.parametrize("grid", NONE_CELLS)
def test_notebook_answers_all_minus_one_for_none_cells(sudoku_solver, grid):
    assert (sudoku_solver(grid) == NO_SOLUTION).all()


def test_notebook_answers_all_minus_one_for_a_10_in_a_nested_list(sudoku_solver):
    grid = parse(EVEREST).tolist()
    grid[BAD_ROW][BAD_COL] = 10
    assert (sudoku_solver(grid) == NO_SOLUTION).all()


def test_notebook_answers_all_minus_one_for_its_own_no_solution_answer_fed_back(sudoku_solver):
    no_answer = sudoku_solver(UNSOLVABLE["repeat-in-row"])
    assert (sudoku_solver(no_answer) == NO_SOLUTION).all()


@pytest.mark.parametrize("value, dtype, value_pattern", NUMBER_VALUES)
def test_engine_reports_a_bad_value_naming_the_value(checked, value, dtype, value_pattern):
    with pytest.raises(CellValueError, match=value_pattern):
        checked(with_value(value, dtype))


@pytest.mark.parametrize("value, dtype, value_pattern", NUMBER_VALUES)
def test_engine_reports_a_bad_value_naming_the_cell(checked, value, dtype, value_pattern):
    with pytest.raises(CellValueError, match=cell_pattern(BAD_ROW, BAD_COL)):
        checked(with_value(value, dtype))


def test_engine_reports_text_in_an_object_array_naming_it_and_its_cell(checked):
    with pytest.raises(TypeError, match=cell_pattern(BAD_ROW, BAD_COL)) as raised:
        checked(with_value("5", object))
    assert "'5'" in str(raised.value)


def test_engine_reports_a_bad_value_in_a_nested_list_naming_the_cell(checked):
    grid = parse(EVEREST).tolist()
    grid[BAD_ROW][BAD_COL] = 10
    with pytest.raises(CellValueError, match=cell_pattern(BAD_ROW, BAD_COL)):
        checked(grid)


def test_cell_value_error_is_a_value_error():
    """So that code catching ValueError for bad input catches it too."""
    assert issubclass(CellValueError, ValueError)


# Any number a 9 x 9 grid of some numeric dtype may hold.
CELL_NUMBERS = st.one_of(
    st.integers(-(2**31), 2**31 - 1),
    st.integers(0, 9),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, -0.0, 0.5, 9.0, 9.5, 10.0, -1.0, math.nan, math.inf]),
)
GRID_DTYPES = st.sampled_from([np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint64, np.float32, np.float64])


@settings(max_examples=200, deadline=None)
@given(
    values=st.lists(CELL_NUMBERS, min_size=SIZE * SIZE, max_size=SIZE * SIZE), dtype=GRID_DTYPES, as_list=st.booleans()
)
def test_notebook_answers_every_9x9_grid_of_numbers(sudoku_solver, values, dtype, as_list):
    """Never an exception: a 9 x 9 integer answer, valid or all -1."""
    with np.errstate(invalid="ignore", over="ignore"):  # a cast may wrap or turn NaN into an int
        grid = np.array(values, dtype=np.float64).reshape(SIZE, SIZE).astype(dtype)
    puzzle = grid.tolist() if as_list else grid
    answer = sudoku_solver(puzzle)
    assert isinstance(answer, np.ndarray) and answer.shape == (SIZE, SIZE)
    assert np.issubdtype(answer.dtype, np.integer)
    assert (answer == NO_SOLUTION).all() or is_valid_solution(grid, answer)


# ---------------------------------------------------------------------------
# Accepted input, solved as usual
# ---------------------------------------------------------------------------


def embedded(puzzle: np.ndarray, step: int) -> np.ndarray:
    """``puzzle`` as a non-contiguous view into a larger array full of FILLER."""
    big = np.full((SIZE * step + 3, SIZE * step + 3), FILLER, dtype=puzzle.dtype)
    big[2 : 2 + SIZE * step : step, 1 : 1 + SIZE * step : step] = puzzle
    return big[2 : 2 + SIZE * step : step, 1 : 1 + SIZE * step : step]


def read_only(puzzle: np.ndarray) -> np.ndarray:
    frozen = puzzle.copy()
    frozen.flags.writeable = False
    return frozen


VARIANTS = {
    "int8": lambda p: p.astype(np.int8),
    "uint8": lambda p: p.astype(np.uint8),
    "int16": lambda p: p.astype(np.int16),
    "uint16": lambda p: p.astype(np.uint16),
    "int32": lambda p: p.astype(np.int32),
    "int64": lambda p: p.astype(np.int64),
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
    "slice-of-larger": lambda p: embedded(p, 1),
    "step-2-slice-of-larger": lambda p: embedded(p, 2),
}


@pytest.mark.parametrize("make", VARIANTS.values(), ids=VARIANTS.keys())
def test_accepted_form_gets_the_right_solution(solver, make):
    answer = solver(make(parse(EVEREST)))
    assert np.array_equal(answer, parse(EVEREST_SOLUTION))


@pytest.mark.parametrize("make", VARIANTS.values(), ids=VARIANTS.keys())
def test_submitted_read_grid_gives_the_same_cells_for_every_accepted_form(make):
    assert helpers.read_grid(make(parse(EVEREST))) == parse(EVEREST).ravel().tolist()


@pytest.mark.parametrize("make", VARIANTS.values(), ids=VARIANTS.keys())
def test_engine_read_grid_gives_the_same_cells_for_every_accepted_form(make):
    assert engine.read_grid(make(parse(EVEREST)), size=SIZE) == (3, parse(EVEREST).ravel().tolist())


def test_views_really_are_non_contiguous():
    """Guards the view variants above: they must not be plain C-ordered arrays."""
    puzzle = parse(EVEREST)
    for name in ("transpose-of-transposed", "slice-of-larger", "step-2-slice-of-larger", "reversed-twice"):
        assert not VARIANTS[name](puzzle).flags.c_contiguous, name


def test_stored_solutions_are_valid():
    """Guards the literals of this file against a typo."""
    assert is_valid_solution(parse(EVEREST), parse(EVEREST_SOLUTION))
    assert is_valid_solution(parse(SMALL), parse(SMALL_SOLUTION))
    assert is_valid_solution(parse(LARGE), parse(LARGE_SOLUTION))


# ---------------------------------------------------------------------------
# Input untouched, output new
# ---------------------------------------------------------------------------


def two_fives(first: tuple[int, int], second: tuple[int, int]) -> np.ndarray:
    """An empty grid with a 5 at each of two cells."""
    grid = np.zeros((SIZE, SIZE), dtype=np.int64)
    grid[first] = grid[second] = 5
    return grid


def blank_without_candidate() -> np.ndarray:
    """Row 0 holds 1..8 and column 8 holds a 9, so [0, 8] can take nothing."""
    grid = np.zeros((SIZE, SIZE), dtype=np.int64)
    grid[0, : SIZE - 1] = np.arange(1, SIZE)
    grid[5, SIZE - 1] = SIZE
    return grid


UNSOLVABLE = {
    "repeat-in-row": two_fives((0, 0), (0, 8)),
    "repeat-in-column": two_fives((0, 0), (8, 0)),
    "repeat-in-box": two_fives((0, 0), (1, 1)),
    "blank-without-candidate": blank_without_candidate(),
    "consistent-no-solution": parse(CONSISTENT_NO_SOLUTION),
}
SOLVABLE = {
    "everest": parse(EVEREST),
    "already-solved": parse(EVEREST_SOLUTION),
    "empty": np.zeros((SIZE, SIZE), dtype=np.int64),
    "float-everest": parse(EVEREST).astype(np.float64),
    "uint8-everest": parse(EVEREST).astype(np.uint8),
}
ALL_PUZZLES = {**SOLVABLE, **UNSOLVABLE}


@pytest.mark.parametrize("puzzle", ALL_PUZZLES.values(), ids=ALL_PUZZLES.keys())
def test_input_array_is_unchanged(solver, puzzle):
    grid = puzzle.copy()
    solver(grid)
    assert np.array_equal(grid, puzzle) and grid.dtype == puzzle.dtype


@pytest.mark.parametrize("puzzle", ALL_PUZZLES.values(), ids=ALL_PUZZLES.keys())
def test_input_list_is_unchanged(solver, puzzle):
    grid = puzzle.tolist()
    solver(grid)
    assert grid == puzzle.tolist()


def test_larger_array_around_a_view_is_unchanged(solver):
    view = embedded(parse(EVEREST), 2)
    whole = view.base.copy()
    solver(view)
    assert np.array_equal(view.base, whole)


@pytest.mark.parametrize("puzzle", ALL_PUZZLES.values(), ids=ALL_PUZZLES.keys())
def test_notebook_answer_is_a_new_9x9_integer_array(sudoku_solver, puzzle):
    grid = puzzle.copy()
    answer = sudoku_solver(grid)
    assert isinstance(answer, np.ndarray)
    assert answer.shape == (SIZE, SIZE)
    assert np.issubdtype(answer.dtype, np.integer)
    assert answer is not grid and not np.shares_memory(answer, grid)


@pytest.mark.parametrize("puzzle", SOLVABLE.values(), ids=SOLVABLE.keys())
def test_answer_is_a_new_integer_array(solver, puzzle):
    grid = puzzle.copy()
    answer = solver(grid)
    assert answer.shape == (SIZE, SIZE) and np.issubdtype(answer.dtype, np.integer)
    assert answer is not grid and not np.shares_memory(answer, grid)


def test_changing_the_answer_does_not_change_the_next_answer(solver):
    first = solver(parse(EVEREST))
    first[:] = 0
    assert np.array_equal(solver(parse(EVEREST)), parse(EVEREST_SOLUTION))


# ---------------------------------------------------------------------------
# Well-formed but unsolvable
# ---------------------------------------------------------------------------


def repeats(grid: np.ndarray) -> bool:
    """True when some row, column or box holds a digit twice (written from the rules)."""
    side = len(grid)
    box = int(round(side**0.5))
    units = [grid[r, :] for r in range(side)] + [grid[:, c] for c in range(side)]
    units += [grid[r : r + box, c : c + box].ravel() for r in range(0, side, box) for c in range(0, side, box)]
    for unit in units:
        digits = unit[unit != 0]
        if len(set(digits.tolist())) != len(digits):
            return True
    return False


def blanks_without_candidate(grid: np.ndarray) -> list[tuple[int, int]]:
    """The blank cells whose row, column and box already use every digit."""
    found = []
    for r, c in zip(*np.nonzero(grid == 0)):
        box = grid[r - r % 3 : r - r % 3 + 3, c - c % 3 : c - c % 3 + 3]
        used = set(grid[r, :].tolist()) | set(grid[:, c].tolist()) | set(box.ravel().tolist())
        if used >= set(range(1, SIZE + 1)):
            found.append((int(r), int(c)))
    return found


def test_consistent_puzzle_has_no_repeat_and_a_candidate_everywhere():
    """Guards the 'consistent-no-solution' case: nothing simple gives it away."""
    puzzle = parse(CONSISTENT_NO_SOLUTION)
    assert not repeats(puzzle)
    assert blanks_without_candidate(puzzle) == []


def test_blank_without_candidate_case_is_what_it_says():
    puzzle = blank_without_candidate()
    assert not repeats(puzzle)
    assert blanks_without_candidate(puzzle) == [(0, SIZE - 1)]


@pytest.mark.parametrize("puzzle", UNSOLVABLE.values(), ids=UNSOLVABLE.keys())
def test_notebook_answers_all_minus_one_without_a_solution(sudoku_solver, puzzle):
    answer = sudoku_solver(puzzle.copy())
    assert answer.shape == (SIZE, SIZE) and np.issubdtype(answer.dtype, np.integer)
    assert (answer == NO_SOLUTION).all()


@pytest.mark.parametrize("puzzle", UNSOLVABLE.values(), ids=UNSOLVABLE.keys())
def test_submitted_solve_sudoku_answers_none_without_a_solution(puzzle):
    assert helpers.solve_sudoku(puzzle.copy()) is None


@pytest.mark.parametrize("puzzle", UNSOLVABLE.values(), ids=UNSOLVABLE.keys())
def test_engine_solve_sudoku_answers_none_without_a_solution(puzzle):
    assert engine.solve_sudoku(puzzle.copy()) is None


@pytest.mark.parametrize("puzzle", UNSOLVABLE.values(), ids=UNSOLVABLE.keys())
def test_count_is_zero_without_a_solution(puzzle):
    assert count_solutions(puzzle.copy()) == 0


# ---------------------------------------------------------------------------
# Other sizes: the engine finds the side from the shape, the submitted
# functions take it as ``size``
# ---------------------------------------------------------------------------

OTHER_SIZES_SOLVED = [
    pytest.param(SMALL, SMALL_SOLUTION, id="4x4"),
    pytest.param(LARGE, LARGE_SOLUTION, id="16x16"),
]


@pytest.mark.parametrize("puzzle, solution", OTHER_SIZES_SOLVED)
def test_engine_solves_another_size_found_from_the_shape(puzzle, solution):
    assert np.array_equal(engine.solve_sudoku(parse(puzzle)), parse(solution))


@pytest.mark.parametrize("puzzle, solution", OTHER_SIZES_SOLVED)
def test_submitted_solves_another_size_given_as_size(puzzle, solution):
    grid = parse(puzzle)
    assert np.array_equal(helpers.solve_sudoku(grid, size=len(grid)), parse(solution))


@pytest.mark.parametrize("puzzle, solution", OTHER_SIZES_SOLVED)
def test_engine_solves_another_size_as_a_float_list(puzzle, solution):
    assert np.array_equal(engine.solve_sudoku(parse(puzzle).astype(float).tolist()), parse(solution))


@pytest.mark.parametrize("puzzle, solution", OTHER_SIZES_SOLVED)
def test_engine_leaves_another_size_unchanged(puzzle, solution):
    grid = parse(puzzle)
    engine.solve_sudoku(grid)
    assert np.array_equal(grid, parse(puzzle))


def repeated(puzzle: str) -> np.ndarray:
    """``puzzle`` with its largest digit given twice in row 0."""
    grid = parse(puzzle)
    grid[0, 1] = grid[0, 0] = len(grid)
    return grid


@pytest.mark.parametrize("puzzle", [SMALL, LARGE], ids=["4x4", "16x16"])
def test_engine_finds_no_solution_for_another_size_with_a_repeat(puzzle):
    assert engine.solve_sudoku(repeated(puzzle)) is None


@pytest.mark.parametrize("puzzle", [SMALL, LARGE], ids=["4x4", "16x16"])
def test_submitted_finds_no_solution_for_another_size_with_a_repeat(puzzle):
    grid = repeated(puzzle)
    assert helpers.solve_sudoku(grid, size=len(grid)) is None


OTHER_SIZES_BAD_VALUES = [
    pytest.param(SMALL, 5, "5", id="4x4-5"),
    pytest.param(SMALL, -1, "-1", id="4x4-minus-1"),
    pytest.param(SMALL, 9, "9", id="4x4-9"),
    pytest.param(LARGE, 17, "17", id="16x16-17"),
    pytest.param(LARGE, -1, "-1", id="16x16-minus-1"),
    pytest.param(LARGE, 2.5, r"2\.5", id="16x16-2.5"),
]


def with_other_value(puzzle: str, value: float) -> np.ndarray:
    """``puzzle`` as floats with ``value`` at cell [1, 2]."""
    grid = parse(puzzle).astype(float)
    grid[1, 2] = value
    return grid


@pytest.mark.parametrize("puzzle, value, value_pattern", OTHER_SIZES_BAD_VALUES)
def test_engine_names_a_bad_value_of_another_size_with_its_cell(puzzle, value, value_pattern):
    with pytest.raises(CellValueError, match=value_pattern) as raised:
        engine.solve_sudoku(with_other_value(puzzle, value))
    assert re.search(cell_pattern(1, 2), str(raised.value))


@pytest.mark.parametrize("puzzle, value, value_pattern", OTHER_SIZES_BAD_VALUES)
def test_submitted_reads_a_bad_value_of_another_size_as_no_solution(puzzle, value, value_pattern):
    grid = with_other_value(puzzle, value)
    assert helpers.read_grid(grid, size=len(grid)) is None


OTHER_SIZES_BAD_SHAPES = [
    pytest.param(np.zeros((5, 5), dtype=int), (5, 5), id="5x5"),
    pytest.param(np.zeros((10, 10), dtype=int), (10, 10), id="10x10"),
    pytest.param(np.zeros((1, 1), dtype=int), (1, 1), id="1x1"),
    pytest.param(np.zeros((49, 49), dtype=int), (49, 49), id="49x49"),
    pytest.param(np.zeros((4, 5), dtype=int), (4, 5), id="4x5"),
    pytest.param(np.zeros((16, 15), dtype=int), (16, 15), id="16x15"),
    pytest.param(np.zeros((4, 4, 1), dtype=int), (4, 4, 1), id="4x4x1"),
    pytest.param(np.zeros(16, dtype=int), (16,), id="flat-16"),
    pytest.param(np.zeros(256, dtype=int), (256,), id="flat-256"),
]


@pytest.mark.parametrize("grid, shape", OTHER_SIZES_BAD_SHAPES)
def test_engine_rejects_an_unsupported_shape_naming_it(grid, shape):
    with pytest.raises(ValueError, match=re.escape(str(shape))):
        engine.solve_sudoku(grid)


@pytest.mark.parametrize("puzzle", [SMALL, LARGE], ids=["4x4", "16x16"])
def test_engine_rejects_another_size_when_9x9_is_asked_for(puzzle):
    with pytest.raises(ValueError, match=re.escape(str(parse(puzzle).shape))):
        engine.solve_sudoku(parse(puzzle), size=SIZE)


@pytest.mark.parametrize("puzzle", [SMALL, LARGE], ids=["4x4", "16x16"])
def test_submitted_rejects_another_size_by_default(submitted, puzzle):
    with pytest.raises(ValueError, match=re.escape(str(parse(puzzle).shape))):
        submitted(parse(puzzle))


@pytest.mark.parametrize("given", [None, SMALL, 4], ids=["None", "string", "int"])
def test_engine_rejects_non_grids_of_any_size_with_type_error(given):
    with pytest.raises(TypeError):
        engine.solve_sudoku(given)
