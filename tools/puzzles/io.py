"""Read and write puzzles: the one module that knows the project's file formats.

Formats, chosen by a file's suffix
    .npy  one N x N grid or a stack K x N x N; 0 = blank (the assignment's
          format; its solution files store every cell of an unsolvable
          puzzle as -1).
    .txt  one puzzle a line, N*N symbols: ``0`` or ``.`` for a blank, 1-9,
          then A=10, B=11, ... in either case; blank lines and lines starting
          with ``#`` are skipped.  N = 4, 9, 16 or 25.
    .csv  a header naming the puzzle column (``puzzle`` or ``quizzes``) and
          perhaps a solution column (``solution`` or ``solutions``); each
          cell's text as in .txt.

``read_grids`` reads every puzzle of a file into one array and stops at the
first malformed one; the command line reads more forgivingly, puzzle by
puzzle, with the same ``parse_text``.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from helpers import EMPTY

BLANK_SYMBOLS = "0."
#: values 1..35 as text: 1-9, then A=10 ... Z=35 (only up to P, 25, can be valid)
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SYMBOL_VALUES = {symbol: value for value, symbol in enumerate(SYMBOLS, start=1)}
TEXT_BOXES = {box**4: box for box in (2, 3, 4, 5)}  #: text length -> box; 36 x 36 needs .npy
COMMENT = "#"
PUZZLE_COLUMNS = ("puzzle", "quizzes")
SOLUTION_COLUMNS = ("solution", "solutions")
FORMATS = (".npy", ".txt", ".csv")


def parse_text(text: str) -> np.ndarray:
    """The N x N grid a puzzle's text writes; ``ValueError`` saying why when it
    is not one (a length that is no N*N, or an unknown symbol)."""
    box = TEXT_BOXES.get(len(text))
    if box is None:
        raise ValueError(f"{len(text)} symbols; a puzzle has {', '.join(map(str, TEXT_BOXES))}")
    values = []
    for position, symbol in enumerate(text, start=1):
        if symbol in BLANK_SYMBOLS:
            values.append(EMPTY)
        elif symbol.upper() in SYMBOL_VALUES:
            values.append(SYMBOL_VALUES[symbol.upper()])
        else:
            raise ValueError(f"unexpected character {symbol!r} at position {position}")
    side = box * box
    return np.array(values, dtype=np.int8).reshape(side, side)


def to_text(grid: np.ndarray, blank: str = "0") -> str:
    """A grid as one line of text, ``blank`` for an empty cell."""
    return "".join(blank if value == EMPTY else SYMBOLS[int(value) - 1] for value in np.ravel(grid))


def text_lines(path: Path) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` of each line of a .txt file that holds a puzzle."""
    with open(path, encoding="utf-8-sig") as handle:  # universal newlines: CRLF is fine
        for number, line in enumerate(handle, start=1):
            text = line.strip()
            if text and not text.startswith(COMMENT):
                yield number, text


def find_column(fieldnames: list[str], wanted: tuple[str, ...]) -> str | None:
    """The header name among ``fieldnames`` that is one of ``wanted`` (in any case)."""
    for name in wanted:
        for fieldname in fieldnames:
            if fieldname.strip().lower() == name:
                return fieldname
    return None


def csv_rows(path: Path) -> tuple[list[str], list[dict[str, str]], int]:
    """A .csv file's header, its records, and the line number of each record's end."""
    with open(path, encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle)
        records, lines = [], []
        for record in reader:
            records.append(record)
            lines.append(reader.line_num)
        return list(reader.fieldnames or []), records, lines  # type: ignore[return-value]


def read_grids(path: Path, column: str = "puzzle") -> np.ndarray:
    """Every puzzle of ``path`` (any format above) as a K x N x N int array;
    for .csv the column ``column`` (``puzzle`` or ``solution``, found by
    either of its names).  ``ValueError`` naming the file and line of the
    first malformed puzzle, or an unknown format or column."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".npy":
        array = np.load(path, allow_pickle=False)
        if array.ndim not in (2, 3) or array.shape[-1] != array.shape[-2]:
            raise ValueError(f"{path}: holds an array of shape {array.shape}, not N x N or K x N x N")
        return array.reshape(-1, *array.shape[-2:])
    if suffix == ".txt":
        texts = list(text_lines(path))
    elif suffix == ".csv":
        fieldnames, records, lines = csv_rows(path)
        name = find_column(fieldnames, PUZZLE_COLUMNS if column == "puzzle" else SOLUTION_COLUMNS)
        if name is None:
            raise ValueError(f"{path}: the header has no {column} column")
        texts = [(line, (record.get(name) or "").strip()) for line, record in zip(lines, records)]
    else:
        raise ValueError(f"{path}: unknown format {path.suffix!r}; use {', '.join(FORMATS)}")
    grids = []
    for number, text in texts:
        try:
            grids.append(parse_text(text))
        except ValueError as error:
            raise ValueError(f"{path}:{number}: {error}") from None
    return np.array(grids, dtype=np.int8)


def write_lines(path: Path, grids: np.ndarray, blank: str = "0") -> None:
    """Write ``grids`` to a .txt file, one puzzle a line."""
    Path(path).write_text("".join(to_text(grid, blank) + "\n" for grid in grids), encoding="ascii")
