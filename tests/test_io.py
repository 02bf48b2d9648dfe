"""Reading and writing puzzles: ``tools.puzzles.io``, the one module that
knows the file formats (.npy, .txt, .csv, sides 4 to 36).

Puzzles here are cut from a full grid built from the usual pattern
(``tools.puzzles.make_data.pattern_grid``, checked by ``helpers.is_valid_solution``);
nothing is solved.  What the command line checks end to end is tested through
it, in ``test_cli.py``, and not again here: how it reports a malformed line of
text or a malformed grid of an .npy stack (at its place), a file it cannot
read (missing, of an unknown format, a .csv without a puzzle column), how it
reads stored solutions (the no-answer markers of .txt and .npy, the float
grids of the assignment's solution files), writes answers to .txt and
survives an interrupted write.  ``read_grids`` reading a .csv's solution
column is tested on the rated sample, in ``test_collections.py``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from conftest import write
from helpers import NO_SOLUTION
from tools.puzzles import io
from tools.puzzles.make_data import pattern_grid

#: the text of each side's symbols, 1.. N
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def puzzle(side: int = 9, blank_every: int = 3) -> np.ndarray:
    """The pattern grid of side N with every ``blank_every``-th cell blank."""
    grid = pattern_grid(math.isqrt(side))
    grid.flat[::blank_every] = 0
    return grid


def text(grid: np.ndarray) -> str:
    """A grid as text, written here rather than by the module under test."""
    return "".join(SYMBOLS[v - 1] if v else "0" for v in grid.ravel().tolist())


# --- One puzzle: text and grids --------------------------------------------


@pytest.mark.parametrize("side", [4, 9, 16, 25])
def test_each_size_is_read_from_text_and_written_back_as_it_was(side):
    assert np.array_equal(io.parse_text(text(puzzle(side))), puzzle(side))
    assert io.to_text(puzzle(side)) == text(puzzle(side))


@pytest.mark.parametrize("side, written", [(9, str), (9, lambda t: t.replace("0", ".")), (16, str.lower)])
def test_a_blank_may_be_zero_or_dot_and_a_letter_of_either_case(side, written):
    assert np.array_equal(io.parse_text(written(text(puzzle(side)))), puzzle(side))


@pytest.mark.parametrize(
    "line, message",
    [
        ("12345", "5 symbols"),
        ("0" * 1296, "1296 symbols"),
        ("*" + "0" * 80, r"'\*' at position 1"),
        ("0" * 80 + "é", "'é' at position 81"),
        ("0" * 80 + "X", "'X' at position 81: a 9 x 9 puzzle holds 1-9, and 0 or . for a blank"),
        ("0" * 15 + "h", "'h' at position 16: a 4 x 4 puzzle holds 1-4"),
        ("0" * 255 + "H", "'H' at position 256: a 16 x 16 puzzle holds 1-9 and A-G"),
    ],
    ids=["short", "36x36-needs-npy", "unknown-symbol", "not-ascii", "letter-in-9x9", "letter-in-4x4", "H-in-16x16"],
)
def test_parse_text_says_why_a_line_is_no_puzzle(line, message):
    with pytest.raises(ValueError, match=message):
        io.parse_text(line)


@pytest.mark.parametrize("side", [4, 9, 16, 25, 36])
def test_grid_cells_gives_the_order_and_the_cells(side):
    assert io.grid_cells(puzzle(side)) == (int(side**0.5), puzzle(side).ravel().tolist())


@pytest.mark.parametrize(
    "grid, message",
    [
        *((np.zeros(shape, dtype=int), rf"shape \({shape[0]},") for shape in [(8, 8), (9, 8), (81,), (49, 49), (1, 1)]),
        (puzzle().astype(bool), "bool"),  # what is not numbers, refused as helpers.read_grid refuses it
    ],
    ids=["8x8", "9x8", "81", "49x49", "1x1", "bool"],
)
def test_grid_cells_refuses_a_shape_naming_it_and_what_is_not_numbers(grid, message):
    with pytest.raises(ValueError, match=message):
        io.grid_cells(grid)


@pytest.mark.parametrize("value, shown", [(10, "10"), (-1, "-1"), (2.5, "2.5"), (np.nan, "nan")])
def test_grid_cells_names_a_cell_no_sudoku_has_and_its_value(value, shown):
    grid = puzzle().astype(float)
    grid[4, 7] = value
    with pytest.raises(ValueError, match=rf"row 5, column 8 \(counting from 1\) holds {shown}"):
        io.grid_cells(grid)


# --- Reading a whole collection, strictly ----------------------------------


def test_text_lines_skip_comments_and_blank_lines_and_number_the_rest(tmp_path):
    path = write(tmp_path / "in.txt", "# two", "", "abc", "   ", "def", newline="\r\n")
    assert list(io.text_lines(path)) == [(3, "abc"), (5, "def")]


@pytest.mark.parametrize("suffix", [".txt", ".csv", ".npy"])
def test_read_grids_reads_every_puzzle_of_each_format(tmp_path, suffix):
    grids = np.stack([puzzle(9, 2), puzzle(9, 3)])
    path = tmp_path / f"in{suffix}"
    if suffix == ".npy":
        np.save(path, grids)
    else:
        write(
            path,
            *(["quizzes,rating"] if suffix == ".csv" else []),
            *(text(g) + (",1" if suffix == ".csv" else "") for g in grids),
        )
    assert np.array_equal(io.read_grids(path), grids)


def test_read_grids_stops_at_the_first_malformed_line_naming_it(tmp_path):
    path = write(tmp_path / "in.txt", text(puzzle()), "# note", "123")
    with pytest.raises(ValueError, match=f"{path}:3: 3 symbols"):
        io.read_grids(path)


# --- Reading files people bring, puzzle by puzzle --------------------------


def test_a_csv_file_gives_its_rows_lines_and_stored_solutions(tmp_path):
    path = write(
        tmp_path / "in.csv",
        "id,puzzle,solution",
        f"7,{text(puzzle())},{text(pattern_grid(3))}",
        f"8,{text(puzzle())},{'-' * 81}",
    )
    read = io.read_puzzle_file(path)
    assert [p.where for p in read.puzzles] == [f"{path}:2", f"{path}:3"]
    assert [record["id"] for record in read.records] == ["7", "8"]
    assert np.array_equal(read.solutions[0].grid, pattern_grid(3))
    assert read.solutions[1].grid is None and read.solutions[1].problem == ""  # "no solution"


def test_the_no_answer_marker_is_no_puzzle(tmp_path):
    (read,) = io.read_puzzle_file(write(tmp_path / "in.txt", "-" * 81)).puzzles
    assert read.grid is None and "'-'" in read.problem


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("text.npy", ("0" * 81 + "\n").encode(), r"cannot read .*text.npy: not a \.npy file"),
        ("latin.txt", b"\xff\xfe\xfa" * 30, "cannot read"),
    ],
    ids=["text-named-npy", "not-utf8"],
)
def test_a_file_that_cannot_be_read_is_one_file_problem(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(io.FileProblem, match=message):
        io.read_puzzle_file(path)


@pytest.mark.parametrize("shape, grids", [((81,), 0), ((9, 8), 1), ((3, 0, 0), 3)], ids=str)
def test_an_npy_of_the_wrong_shape_is_read_as_bad_input_as_a_whole(tmp_path, shape, grids):
    np.save(tmp_path / "in.npy", np.zeros(shape, dtype=np.int8))
    read = io.read_puzzle_file(tmp_path / "in.npy")
    assert read.problem and [(p.grid, p.problem) for p in read.puzzles] == [(None, read.problem)] * grids


# --- Writing answers -------------------------------------------------------


def test_npy_answers_keep_the_input_shape_as_int8_with_all_minus_one_for_none(tmp_path):
    np.save(tmp_path / "in.npy", np.stack([puzzle(), puzzle()]))
    io.write_answers(tmp_path / "out.npy", io.read_puzzle_file(tmp_path / "in.npy"), [None, pattern_grid(3)])
    answers = np.load(tmp_path / "out.npy")
    assert answers.shape == (2, 9, 9) and answers.dtype == np.int8
    assert (answers[0] == NO_SOLUTION).all() and np.array_equal(answers[1], pattern_grid(3))


def test_csv_answers_keep_every_column_and_fill_the_solution(tmp_path):
    read = io.read_puzzle_file(write(tmp_path / "in.csv", "id,quizzes,rating", f"7,{text(puzzle())},2.5"))
    io.write_answers(tmp_path / "out.csv", read, [pattern_grid(3)])
    assert (tmp_path / "out.csv").read_text().splitlines() == [
        "id,quizzes,rating,solution",
        f"7,{text(puzzle())},2.5,{text(pattern_grid(3))}",
    ]
