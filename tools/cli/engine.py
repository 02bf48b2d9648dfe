"""The development side of ``helpers.py``: what the hand-in's solver never calls.

``helpers.py`` holds the solver that the notebook explains and nothing else.
What the project's tools, tests and command line also need is built on it here,
never copied from it:

- ``ExactCover``: ``helpers.AlgorithmX`` for any exact-cover problem, with
  secondary columns (Knuth's queens), counting, and searches that may be paused,
  closed or interrupted without spoiling the next one.
- ``read_grid``, ``CellValueError``: the full input rules of ``docs/input.md``
  for grids of side 4, 9, 16, 25 or 36, with errors that name the bad cell.
- ``solve_sudoku``, ``count_solutions``: any supported size, safe to call from
  several threads.
"""

from __future__ import annotations

import numbers
import threading
import warnings
from collections.abc import Iterable, Iterator, Sequence

import numpy as np

from helpers import EMPTY, AlgorithmX, ColumnObject, engine

SUPPORTED_BOXES = (2, 3, 4, 5, 6)  #: box sides solve_sudoku accepts (N = 4 .. 36)

# ---------------------------------------------------------------------------
# Any exact-cover problem
# ---------------------------------------------------------------------------


class ExactCover(AlgorithmX):
    """``AlgorithmX`` with *secondary* columns, which a cover may leave empty
    but must not fill twice (Knuth's queens), and searches that always leave
    the matrix as they found it.

    ``secondary`` lists the secondary columns; the others are primary.  As
    in Knuth's paper, the search picks a row through a primary column only.
    A search that ends, is closed while paused, or is cut off by an
    exception (even in the middle of a cover) relinks the whole matrix; a
    search paused while another has begun since must neither go on nor
    undo anything (``RuntimeError`` if it goes on).
    """

    def __init__(
        self,
        rows: Sequence[Iterable[int]],
        n_columns: int | None = None,
        secondary: Iterable[int] = (),
        names: Sequence[object] = (),
    ) -> None:
        row_lists = [sorted(set(int(j) for j in row)) for row in rows]
        used = max((row[-1] for row in row_lists if row), default=-1) + 1
        if n_columns is None:
            n_columns = used
        if used > n_columns or any(row and row[0] < 0 for row in row_lists):
            raise ValueError(f"a row uses a column outside 0..{n_columns - 1}")
        self.secondary = sorted(set(int(j) for j in secondary))
        if any(not 0 <= j < n_columns for j in self.secondary):
            raise ValueError(f"a secondary column lies outside 0..{n_columns - 1}")
        if names and len(names) != n_columns:
            raise ValueError(f"{len(names)} names given for {n_columns} columns")
        self.primary = [j for j in range(n_columns) if j not in set(self.secondary)]
        self._epoch = 0  # counts the searches begun and the relinkings, so a stale search can tell
        self._dirty = False  # a search began and its relinking has not finished: the links may be anyone's
        super().__init__(row_lists, n_columns, names)

    @property
    def n_rows(self) -> int:
        """The number of rows the matrix was built with."""
        return len(self.row_nodes)

    def relink(self, columns: Iterable[int], rows: Iterable[int]) -> None:
        """``AlgorithmX.relink``, the secondary columns linked too: each is
        emptied and left out of the list of columns to cover."""
        secondary = set(self.secondary)
        for j in secondary:
            head = self.columns[j].head
            head.up = head.down = head.left = head.right = head
        super().relink([j for j in columns if j not in secondary], rows)
        self._epoch += 1
        self._dirty = False  # only a relinking that ran to its end leaves sound links

    def reset(self) -> None:
        """Relink every primary column and every row, as built."""
        self.relink(self.primary, range(self.n_rows))

    @staticmethod
    def dead_end(emptied: list[ColumnObject]) -> ColumnObject | None:
        """``AlgorithmX.dead_end`` without the secondary columns, which may stay
        empty (linked to themselves alone)."""
        return AlgorithmX.dead_end([col for col in emptied if col.head.left is not col.head])

    def search(self) -> Iterator[list[int]]:
        """``AlgorithmX.search``, which relinks the whole matrix however it ends,
        and starts from the whole matrix if another search left it otherwise
        (paused, or stopped while relinking)."""
        if self._dirty:
            self.reset()
        self._dirty = True
        self._epoch += 1
        epoch = self._epoch
        try:
            for found in super().search():
                yield found
                if self._epoch != epoch:
                    raise RuntimeError("the matrix was relinked by another search while this one was paused")
        finally:
            if self._epoch == epoch:
                self.reset()

    def first_solution(self) -> list[int] | None:
        """The first exact cover (sorted row indices), or ``None``; the links are restored."""
        search = self.search()
        try:
            return next(search, None)
        finally:
            search.close()

    def count_solutions(self, limit: int | None = None) -> int:
        """How many exact covers there are, counting no further than ``limit``."""
        return count_covers(self.search(), limit)


def count_covers(covers: Iterator[list[int]], limit: int | None = None) -> int:
    """How many covers a search yields, taking no more once it has ``limit``."""
    count = 0
    for _ in covers:
        count += 1
        if count == limit:
            break
    return count


# ---------------------------------------------------------------------------
# Grids of any supported size, with errors that name the bad cell
# ---------------------------------------------------------------------------

#: what numpy before 1.24 says instead of raising when a nested list is ragged
#: (numpy 2 keeps the class in ``np.exceptions`` only)
_RaggedWarning = getattr(np, "exceptions", np).VisibleDeprecationWarning


class CellValueError(ValueError):
    """A grid of the right shape holds a number no sudoku cell can hold: not a
    whole number in 0..N (a 10, a -1, 2.5, NaN, infinity).

    ``solve_sudoku`` reports it, naming the value and its cell; the notebook's
    ``sudoku_solver`` answers it with all -1, because no sudoku with such a
    cell has a solution.
    """


def read_grid(sudoku: object, size: int | None = None) -> tuple[int, list[int]]:
    """Check a sudoku grid and return ``(box, cells)``, its order and its values
    as a flat list of ints in row-major order.  The input is never modified.

    Accepted: a square numpy array or nested list whose side N is one of
    4, 9, 16, 25, 36 (or equals ``size`` when given), of any integer dtype or
    of floats holding whole numbers, with values 0 (blank) to N.

    Raises ``TypeError`` for something that is not an array or list of
    numbers (``None``, a string, a dict, a bool, string or masked array),
    ``ValueError`` for a wrong shape, and ``CellValueError`` (a ``ValueError``)
    for a number that is not a whole number in 0..N (naming it and its cell).
    """
    if isinstance(sudoku, np.ma.MaskedArray):
        raise TypeError("sudoku must be a plain numpy array, not a masked array: fill masked cells with 0 first")
    if isinstance(sudoku, np.ndarray):
        array = sudoku
    elif isinstance(sudoku, (list, tuple)):
        try:
            with warnings.catch_warnings():
                # numpy before 1.24 only warns, and makes an object array
                warnings.simplefilter("error", _RaggedWarning)
                array = np.array(sudoku)
        except (ValueError, _RaggedWarning):
            raise ValueError(
                "sudoku must be a square grid of single numbers; the nested list is ragged "
                "(rows of different lengths, or a cell holding a sequence)"
            ) from None
    else:
        raise TypeError(f"sudoku must be a numpy array or a nested list, not {type(sudoku).__name__}")
    shape = array.shape
    if len(shape) != 2 or shape[0] != shape[1] or (size is not None and shape[0] != size):
        wanted = f"{size}x{size}" if size is not None else "square, N x N"
        raise ValueError(f"sudoku must be a {wanted} grid, got an array of shape {shape}")
    side = shape[0]
    box = int(round(side**0.5))
    if box not in SUPPORTED_BOXES or box * box != side:
        raise ValueError(f"sudoku side must be one of 4, 9, 16, 25, 36, got shape {shape}")
    kind = array.dtype.kind
    if kind in "iu":
        cells = array.ravel().tolist()
    elif kind in "fO":
        cells = [_whole_number(value, index, side) for index, value in enumerate(array.ravel().tolist())]
    elif kind == "b":
        raise TypeError(f"sudoku must hold numbers 0..{side}, not booleans")
    else:
        raise TypeError(f"sudoku must hold numbers 0..{side}, not values of dtype {array.dtype}")
    if min(cells) < EMPTY or max(cells) > side:
        index = next(i for i, value in enumerate(cells) if not EMPTY <= value <= side)
        raise CellValueError(f"sudoku{_cell(index, side)} is {cells[index]}, outside 0..{side}")
    return box, cells


def _whole_number(value: object, index: int, side: int) -> int:
    """``value`` (a float, or anything in an object array) as an int in 0..side, or an error naming it."""
    where = f"sudoku{_cell(index, side)}"
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{where} is {value!r}, not a number")
    if not isinstance(value, numbers.Integral) and not float(value).is_integer():
        raise CellValueError(f"{where} is {value!r}, not a whole number")
    if not EMPTY <= value <= side:
        raise CellValueError(f"{where} is {value!r}, outside 0..{side}")
    return int(value)


def _cell(index: int, side: int) -> str:
    """``[r, c]``: how an error message names the cell at flat ``index``."""
    return f"[{index // side}, {index % side}]"


_LOCK = threading.Lock()  # one engine per size, so one search at a time


def solve_sudoku(grid: object, size: int | None = None) -> np.ndarray | None:
    """Solve an N x N sudoku (N = 4, 9, 16, 25 or 36; 0 = blank).

    Returns the solution as a new ``int64`` array, or ``None`` when there is
    none.  A puzzle with several solutions gets one of them, the same one on
    every call.  ``size``, when given, is the only side accepted.  Malformed
    input raises as ``read_grid`` says.
    """
    box, cells = read_grid(grid, size)
    with _LOCK:
        solution = engine(box).solve(cells)
    if solution is None:
        return None
    side = box * box
    return np.array(solution, dtype=np.int64).reshape(side, side)


def count_solutions(grid: object, limit: int | None = 2) -> int:
    """How many solutions an N x N sudoku has, counting no further than ``limit``
    (``None`` counts them all).  ``limit=2`` tells unique from ambiguous.

    The engine's first stage places only digits every solution has, so the
    count is that of the exact covers of what it leaves.
    """
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1 or None, got {limit}")
    box, cells = read_grid(grid)
    solver = engine(box)
    grid = list(cells)
    with _LOCK:
        singles = solver.place_singles(grid)
        if singles is None:
            return 0
        if not singles.blank:
            return 1
        return count_covers(solver.relink(solver.open_part(grid, singles.places)).search(), limit)
