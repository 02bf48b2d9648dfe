"""Read and write puzzles: the one module that knows the project's file formats,
.npy, .txt and .csv, chosen by a file's suffix (``docs/command-line.md``
describes them; the constants below define them).

``read_puzzle_file`` reads forgivingly, puzzle by puzzle, for files people
bring to the command line: each ``Puzzle`` keeps its place ("file:line") and
its grid, or says why it is malformed, and a file that is bad input as a
whole (an .npy of the wrong shape, an empty .csv) is read as such; only a
file that cannot be read as puzzles at all is a ``FileProblem``.
``read_grids`` reads the project's own collections, which must be sound, on
top of it: every puzzle into one array, stopping at the first malformed one.
Text is parsed by ``parse_text``; a grid is checked by ``grid_cells``, built
on ``helpers.read_grid``.  ``write_answers`` writes answers back in the
input's format, never half-written.
"""

from __future__ import annotations

import contextlib
import csv
import math
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, NamedTuple

import numpy as np

from helpers import EMPTY, NO_SOLUTION, read_grid

BLANK_SYMBOLS = "0."
#: values 1..35 as text: 1-9, then A=10 ... Z=35 (only up to P, 25, can be valid)
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SYMBOL_VALUES = {symbol: value for value, symbol in enumerate(SYMBOLS, start=1)}
#: every symbol a puzzle's text may hold, in either case, and its value
TEXT_VALUES = {
    **{blank: EMPTY for blank in BLANK_SYMBOLS},
    **SYMBOL_VALUES,
    **{symbol.lower(): value for symbol, value in SYMBOL_VALUES.items()},
}
UNKNOWN = b"\xff"  #: what TEXT_TABLE makes of a character no puzzle holds
#: ``bytes.translate`` table of TEXT_VALUES: the value of each ASCII symbol, UNKNOWN for any other
TEXT_TABLE = bytes(TEXT_VALUES.get(chr(code), UNKNOWN[0]) for code in range(256))
TEXT_BOXES = {box**4: box for box in (2, 3, 4, 5)}  #: text length -> box; 36 x 36 needs .npy
SUPPORTED_BOXES = (2, 3, 4, 5, 6)  #: the orders a puzzle may have: sides 4 to 36
SIDES = ", ".join(str(box * box) for box in SUPPORTED_BOXES)  #: the sides a sudoku may have, as text
COMMENT = "#"
PUZZLE_COLUMNS = ("puzzle", "quizzes")
SOLUTION_COLUMNS = ("solution", "solutions")
FORMATS = (".npy", ".txt", ".csv")
NO_ANSWER_SYMBOL = "-"  #: txt/csv: a run of these, as long as the puzzle's text, says "no answer"
NPY_DTYPE = np.int8  #: answers written to .npy: -1..36 fit
NPY_MAGIC = b"\x93NUMPY"  #: how every .npy file starts


# --- One puzzle: text and grids --------------------------------------------


def parse_text(text: str) -> np.ndarray:
    """The N x N grid a puzzle's text writes; ``ValueError`` saying why when it
    is not one: a length that is no N*N, or a character that is no symbol of
    an N x N puzzle, named as it is written."""
    box = TEXT_BOXES.get(len(text))
    if box is None:
        raise ValueError(f"{len(text)} symbol{'s' * (len(text) != 1)}; a puzzle has {', '.join(map(str, TEXT_BOXES))}")
    side = box * box
    # "replace": one '?' a character, so positions stay; UNKNOWN is above every side
    values = np.frombuffer(text.encode("ascii", "replace").translate(TEXT_TABLE), dtype=np.uint8)
    wrong = np.flatnonzero(values > side)
    if len(wrong):
        position = int(wrong[0])
        allowed = f"1-{SYMBOLS[side - 1]}" if side < 10 else f"1-9 and A-{SYMBOLS[side - 1]}"
        raise ValueError(
            f"unexpected character {text[position]!r} at position {position + 1}: "
            f"a {side} x {side} puzzle holds {allowed}, and 0 or . for a blank"
        )
    return values.astype(np.int8).reshape(side, side)


def to_text(grid: np.ndarray) -> str:
    """A grid as one line of text, 0 for an empty cell."""
    return "".join("0" if value == EMPTY else SYMBOLS[value - 1] for value in np.ravel(grid).tolist())


def grid_cells(sudoku: object) -> tuple[int, list[int]]:
    """The order (box) of an N x N puzzle and its cells, row by row.

    The side comes from the shape and must be the square of one of
    ``SUPPORTED_BOXES``; the cells are read by ``helpers.read_grid``.  Where it
    gives no cells, because one is not a whole number 0..N, the
    ``ValueError`` names the first such cell, by its row and column counted
    from 1, and its value.  Anything else that is not a grid of numbers
    raises ``ValueError`` as ``read_grid`` does.
    """
    array = np.asarray(sudoku)  # as read_grid takes it: a ragged list is numpy's ValueError
    shape = array.shape
    side = shape[0] if len(shape) == 2 and shape[0] == shape[1] else 0
    box = math.isqrt(side)
    if box * box != side or box not in SUPPORTED_BOXES:
        raise ValueError(f"an array of shape {shape}; a puzzle is N x N with N one of {SIDES}")
    cells = read_grid(array, side)
    if cells is None:
        values = array.ravel().tolist()
        # ``in range`` holds what read_grid holds: 2.0 is in it; 2.5, 10 and NaN are not.
        index = next(k for k, value in enumerate(values) if value not in range(side + 1))
        row, column = divmod(index, side)
        # Counted from 1, as the places of files (line, grid of a stack) and of text (position) are.
        raise ValueError(
            f"row {row + 1}, column {column + 1} (counting from 1) holds {values[index]!r}, not a whole number 0..{side}"
        )
    return box, cells


# --- Lines and records of files --------------------------------------------


def text_lines(path: Path) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` of each line of a .txt file that holds a puzzle."""
    with open(path, encoding="utf-8-sig") as handle:  # universal newlines: CRLF is fine
        for number, line in enumerate(handle, start=1):
            text = line.strip()
            if text and not text.startswith(COMMENT):
                yield number, text


def find_column(fieldnames: Sequence[str], wanted: tuple[str, ...]) -> str | None:
    """The header name among ``fieldnames`` that is one of ``wanted`` (in any case), the first of ``wanted`` first."""
    return next((field for name in wanted for field in fieldnames if field.strip().lower() == name), None)


def csv_rows(path: Path) -> tuple[list[str], list[dict[str, str]], list[int]]:
    """A .csv file's header, its records, and the line number of each record's end."""
    with open(path, encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle)
        records, lines = [], []
        for record in reader:
            records.append(record)
            lines.append(reader.line_num)
        return list(reader.fieldnames or []), records, lines


def column_texts(records: list[dict[str, str]], lines: list[int], name: str) -> list[tuple[int, str]]:
    """``(line number, text)`` of the column ``name`` in each record."""
    return [(line, (record.get(name) or "").strip()) for line, record in zip(lines, records)]


def npy_shape_problem(shape: tuple[int, ...]) -> str | None:
    """What is wrong with an .npy array of ``shape`` as puzzles, or None when
    it is one grid or a stack of grids of a size a sudoku has."""
    if len(shape) not in (2, 3):
        return f"holds an array of shape {shape}, not one grid N x N or a stack K x N x N"
    rows, columns = shape[-2:]
    grids = "its grids are" if len(shape) == 3 else "its grid is"
    if rows != columns:
        return f"{grids} {rows} x {columns}, not square"
    if math.isqrt(rows) ** 2 != rows or math.isqrt(rows) not in SUPPORTED_BOXES:
        return f"{grids} {rows} x {columns}; a sudoku is N x N with N one of {SIDES}"
    return None


# --- Reading files people bring, puzzle by puzzle --------------------------


class FileProblem(ValueError):
    """A file that cannot be read as puzzles at all: missing, unreadable, of an
    unknown format, not an .npy file though named so, or a .csv without a
    puzzle column.  The message is one line."""


class Puzzle(NamedTuple):
    """One puzzle (or stored solution) as read: where it is, and its grid or
    what is wrong with it.  A stored solution that says "no solution" (all -1,
    or a run of ``-``) has neither a grid nor a problem."""

    where: str  #: "file:line"; for .npy the line is the grid's 1-based place in the stack
    grid: np.ndarray | None  #: N x N int8, 0 = blank; None when malformed or "no solution"
    problem: str = ""  #: why it is malformed; "" when it is not
    width: int = 0  #: characters of its text (txt, csv): the no-answer marker's length


@dataclass
class PuzzleFile:
    """Everything read from one input file, and what writing answers to it needs."""

    path: Path
    kind: str  #: the suffix: ".npy", ".txt" or ".csv"
    puzzles: list[Puzzle]
    solutions: list[Puzzle] | None = None  #: stored solutions, one a puzzle, when known
    shape: tuple[int, ...] = ()  #: npy: the shape of the stored array
    problem: str = ""  #: npy: why its shape is no stack of sudoku grids (``npy_shape_problem``); "" when it is
    fieldnames: list[str] = field(default_factory=list)  #: csv: the header the answers are written with
    records: list[dict[str, str]] = field(default_factory=list)  #: csv: the rows
    solution_column: str = SOLUTION_COLUMNS[0]  #: csv: where the answers go


def puzzle_from_grid(where: str, grid: np.ndarray, marker: bool = False) -> Puzzle:
    """A ``Puzzle`` from a grid; with ``marker``, all -1 means "no solution"."""
    if marker and grid.size and np.all(grid == NO_SOLUTION):
        return Puzzle(where, None)
    try:
        box, cells = grid_cells(grid)
    except ValueError as error:
        return Puzzle(where, None, str(error))
    side = box * box
    return Puzzle(where, np.array(cells, dtype=np.int8).reshape(side, side))


def puzzle_from_text(where: str, text: str, marker: bool = False) -> Puzzle:
    """A ``Puzzle`` from its text; with ``marker``, a run of ``-`` means "no solution"."""
    width = max(1, len(text))
    if marker and text and text == NO_ANSWER_SYMBOL * len(text):
        return Puzzle(where, None, width=width)
    try:
        grid = parse_text(text)
    except ValueError as error:
        return Puzzle(where, None, str(error), width)
    return Puzzle(where, grid, width=width)


def read_csv(path: Path, marker: bool = False) -> PuzzleFile:
    """A .csv file with a puzzle column and perhaps a solution column, whose
    stored solutions may say "no solution" whatever ``marker`` says."""
    fieldnames, records, lines = csv_rows(path)
    puzzle_column = find_column(fieldnames, PUZZLE_COLUMNS)
    if puzzle_column is None and not path.read_text(encoding="utf-8-sig").strip():
        # Empty, with no header either: no puzzles, answered under the header a header-only csv would get.
        return PuzzleFile(path, ".csv", [], [], fieldnames=[PUZZLE_COLUMNS[0], SOLUTION_COLUMNS[0]])
    if puzzle_column is None:
        raise ValueError(f"the header has no {' or '.join(map(repr, PUZZLE_COLUMNS))} column")
    puzzles = [puzzle_from_text(f"{path}:{n}", text, marker) for n, text in column_texts(records, lines, puzzle_column)]
    solution_column = find_column(fieldnames, SOLUTION_COLUMNS)
    if solution_column is None:
        return PuzzleFile(path, ".csv", puzzles, fieldnames=[*fieldnames, SOLUTION_COLUMNS[0]], records=records)
    texts = column_texts(records, lines, solution_column)
    solutions = [puzzle_from_text(f"{path}:{number}", text, marker=True) for number, text in texts]
    return PuzzleFile(
        path, ".csv", puzzles, solutions, fieldnames=fieldnames, records=records, solution_column=solution_column
    )


def read_npy(path: Path, marker: bool = False) -> PuzzleFile:
    """An .npy file of one grid or a stack of grids.  An array of another shape
    (``npy_shape_problem``) is bad input as a whole: each grid it has, if any,
    is malformed for that reason, and so is the file."""
    with open(path, "rb") as handle:
        if handle.read(len(NPY_MAGIC)) != NPY_MAGIC:
            raise ValueError("not a .npy file: it does not start as numpy's .npy files do")
    array = np.load(path, allow_pickle=False)
    problem = npy_shape_problem(array.shape)
    if problem is not None:
        grids = array.shape[0] if array.ndim == 3 else int(array.ndim == 2)  # none in an array that is no grid
        puzzles = [Puzzle(f"{path}:{k}", None, problem) for k in range(1, grids + 1)]
        return PuzzleFile(path, ".npy", puzzles, shape=array.shape, problem=problem)
    stack = array.reshape(-1, *array.shape[-2:])
    puzzles = [puzzle_from_grid(f"{path}:{k}", grid, marker) for k, grid in enumerate(stack, start=1)]
    return PuzzleFile(path, ".npy", puzzles, shape=array.shape)


def suffix_of(path: Path) -> str:
    """The format of ``path`` by its suffix; ``FileProblem`` for an unknown one,
    or for a directory, which has none."""
    if path.is_dir():
        raise FileProblem(f"{path}: is a directory, not a file of puzzles ({', '.join(FORMATS)})")
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise FileProblem(f"{path}: unknown format {path.suffix!r}; use {', '.join(FORMATS)}")
    return suffix


def reason(error: Exception) -> str:
    """What went wrong, for a one-line message."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)


def read_puzzle_file(path: Path, marker: bool = False) -> PuzzleFile:
    """Every puzzle of ``path``, each well-formed or not (a csv's stored
    solutions too); with ``marker``, the no-answer markers are read as "no
    solution" (for files of stored solutions).  ``FileProblem`` when the
    file cannot be read at all."""
    suffix = suffix_of(path)
    try:
        if suffix == ".csv":
            return read_csv(path, marker)
        if suffix == ".txt":
            texts = text_lines(path)
            return PuzzleFile(path, suffix, [puzzle_from_text(f"{path}:{n}", text, marker) for n, text in texts])
        return read_npy(path, marker)
    except (OSError, ValueError, EOFError, csv.Error) as error:  # UnicodeDecodeError is a ValueError
        raise FileProblem(f"cannot read {path}: {reason(error)}") from None


# --- Reading a whole collection, strictly ----------------------------------


def read_grids(path: Path, column: str = "puzzle") -> np.ndarray:
    """Every puzzle of ``path`` (any format above) as a K x N x N int8 array;
    for .csv the column ``column`` (``puzzle`` or ``solution``, found by
    either of its names).  ``ValueError`` naming the file and line of the
    first malformed puzzle, or an unknown format or column, or an .npy of
    the wrong shape."""
    read = read_puzzle_file(Path(path))
    if read.problem:
        raise ValueError(f"{path}: {read.problem}")
    entries = read.puzzles if column == "puzzle" else read.solutions
    if entries is None:
        raise ValueError(f"{path}: the header has no {column} column")
    for entry in entries:
        if entry.grid is None:
            raise ValueError(f"{entry.where}: {entry.problem or 'no solution'}")
    return np.array([entry.grid for entry in entries], dtype=np.int8)


def write_lines(path: Path, grids: np.ndarray) -> None:
    """Write ``grids`` to a .txt file, one puzzle a line."""
    Path(path).write_text("".join(to_text(grid) + "\n" for grid in grids), encoding="ascii")


# --- Writing answers -------------------------------------------------------


def answer_text(puzzle: Puzzle, answer: np.ndarray | None) -> str:
    """An answer as text: the solution's symbols, or the no-answer marker."""
    if answer is None:
        return NO_ANSWER_SYMBOL * max(1, puzzle.width)
    return to_text(answer)


def write_npy(handle: IO, puzzle_file: PuzzleFile, answers: Sequence[np.ndarray | None]) -> None:
    """The answers as one .npy array shaped like the input's, all -1 where
    there is none (``handle`` is binary)."""
    array = np.full(puzzle_file.shape, NO_SOLUTION, dtype=NPY_DTYPE)
    if not puzzle_file.problem:  # a wrong-shaped array has no answer, and perhaps no grid to lay one out in
        for layer, answer in zip(array.reshape(-1, *puzzle_file.shape[-2:]), answers):  # views: one layer a puzzle
            if answer is not None:
                layer[...] = answer
    np.save(handle, array)


def write_txt(handle: IO, puzzle_file: PuzzleFile, answers: Sequence[np.ndarray | None]) -> None:
    """One answer a line (``handle`` is text)."""
    for puzzle, answer in zip(puzzle_file.puzzles, answers):
        handle.write(answer_text(puzzle, answer) + "\n")


def write_csv(handle: IO, puzzle_file: PuzzleFile, answers: Sequence[np.ndarray | None]) -> None:
    """Every input record again, its answer in the solution column (``handle`` is text)."""
    writer = csv.DictWriter(handle, puzzle_file.fieldnames, restval="", extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for record, puzzle, answer in zip(puzzle_file.records, puzzle_file.puzzles, answers):
        writer.writerow({**record, puzzle_file.solution_column: answer_text(puzzle, answer)})


def write_atomically(path: Path, write: Callable[[IO], None], binary: bool = False) -> None:
    """Write ``path`` through a temporary file beside it, then rename it.

    ``write`` gets the open file: binary, or UTF-8 text with "\\n" newlines.
    The rename is atomic, so ``path`` is either as it was or complete.  Any
    exception, ``KeyboardInterrupt`` included, removes the temporary file.
    """
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    # os.open with mode 0o666 lets the umask decide the permissions, as for
    # any new file (tempfile would make it private to the owner).
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with open(descriptor, "wb") if binary else open(descriptor, "w", encoding="utf-8", newline="") as handle:
            write(handle)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_answers(path: Path, puzzle_file: PuzzleFile, answers: Sequence[np.ndarray | None]) -> None:
    """Write one answer per puzzle of ``puzzle_file`` (None: no answer) to
    ``path``, in its format, atomically (``write_atomically``)."""
    writer = {".npy": write_npy, ".txt": write_txt, ".csv": write_csv}[puzzle_file.kind]
    write_atomically(path, lambda handle: writer(handle, puzzle_file, answers), binary=puzzle_file.kind == ".npy")
