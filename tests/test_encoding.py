"""Structural facts of the sudoku encoding, in the spirit of Norvig's unit tests."""

from __future__ import annotations

from collections import Counter

import helpers
from helpers import SUDOKU_BOX, SUDOKU_CANDIDATES, SUDOKU_CONSTRAINTS, SUDOKU_SIZE


def test_the_9x9_matrix_has_729_rows_and_324_columns():
    engine = helpers.SudokuEngine(SUDOKU_BOX)
    assert engine.matrix is None  # built when a puzzle first needs it
    matrix = engine.matrix_for(helpers.OpenPart([], []))
    assert (len(matrix.row_links), len(matrix.columns)) == (SUDOKU_CANDIDATES, SUDOKU_CONSTRAINTS) == (729, 324)


def test_the_matrix_of_an_order_is_listed_once_and_kept():
    assert helpers.exact_cover_rows(SUDOKU_BOX) is helpers.exact_cover_rows(SUDOKU_BOX)


def test_every_candidate_fills_one_column_of_each_family():
    area = SUDOKU_SIZE * SUDOKU_SIZE
    for columns in helpers.exact_cover_rows(SUDOKU_BOX):
        assert [column // area for column in columns] == [0, 1, 2, 3]


def test_every_constraint_has_nine_candidates():
    counts = Counter(column for columns in helpers.exact_cover_rows(SUDOKU_BOX) for column in columns)
    assert sorted(counts) == list(range(SUDOKU_CONSTRAINTS)) and set(counts.values()) == {SUDOKU_SIZE}


def test_decode_row_inverts_candidate_row():
    for cell in range(SUDOKU_SIZE * SUDOKU_SIZE):
        for digit in range(1, SUDOKU_SIZE + 1):
            assert helpers.decode_row(helpers.candidate_row(cell, digit, SUDOKU_SIZE), SUDOKU_SIZE) == (cell, digit)


def test_seven_in_row_0_column_4_fills_box_1():
    cell, row_digit, column_digit, box_digit = helpers.constraint_columns(4, 7, SUDOKU_BOX)
    area = SUDOKU_SIZE * SUDOKU_SIZE
    assert cell == 4
    assert row_digit == area + 0 * SUDOKU_SIZE + 6
    assert column_digit == 2 * area + 4 * SUDOKU_SIZE + 6
    assert box_digit == 3 * area + 1 * SUDOKU_SIZE + 6
