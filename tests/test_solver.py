"""The notebook's ``sudoku_solver`` on every stored puzzle, as the autograder runs it."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import DATA, GENERATED, stored_cases
from helpers import is_valid_solution

ASSIGNMENT_CASES = stored_cases(DATA, "assignment")
PROJECT_CASES = stored_cases(GENERATED, "generated")
STORED_CASES = ASSIGNMENT_CASES + PROJECT_CASES


@pytest.mark.parametrize("puzzle, expected", STORED_CASES)
def test_stored_puzzle_gets_stored_answer(sudoku_solver, puzzle, expected):
    """Solved on a fresh copy, as the template's tests do, and compared like the autograder."""
    answer = sudoku_solver(puzzle.copy())
    assert isinstance(answer, np.ndarray) and answer.shape == (9, 9)
    assert np.issubdtype(answer.dtype, np.integer)
    assert np.array_equal(answer, expected)
    if not (expected == -1).all():
        assert is_valid_solution(puzzle, answer)


@pytest.mark.parametrize("puzzle, expected", STORED_CASES[::7])
def test_input_is_not_modified(sudoku_solver, puzzle, expected):
    before = puzzle.copy()
    sudoku_solver(puzzle)
    assert np.array_equal(puzzle, before) and puzzle.dtype == before.dtype


def test_answer_is_a_new_array(sudoku_solver):
    puzzle = np.zeros((9, 9), dtype=np.int64)
    answer = sudoku_solver(puzzle)
    assert answer is not puzzle and not np.shares_memory(answer, puzzle)


def test_several_solutions_give_the_same_valid_one_each_time(sudoku_solver):
    empty = np.zeros((9, 9), dtype=np.int8)
    first = sudoku_solver(empty)
    assert is_valid_solution(empty, first)
    assert np.array_equal(sudoku_solver(empty), first)
