"""Exact cover beyond sudoku, and counting, on the solver's own dancing links.

``helpers.AlgorithmX`` covers every column of its matrix and stops at the
first solution the hand-in needs; the command line and the tests also need
secondary columns (``ExactCover``), a count of a sudoku's solutions at any
size (``count_solutions``) and one cover counter for both (``count_covers``).
Each is built on ``helpers``' public interface; nothing here searches itself.
A search that is paused keeps its links as they are: give a search that must
run beside another its own matrix.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from helpers import AlgorithmX, ColumnObject, engine
from tools.puzzles.io import grid_cells


def count_covers(search: Iterator[list[int]], limit: int | None = None) -> int:
    """How many covers ``search`` yields, taking no more once it has ``limit``
    (``None``: all of them).  The search is closed when counting stops, so a
    search that unwinds (``AlgorithmX.search(unwind=True)``) puts its links back."""
    count = 0
    try:
        for _ in search:
            count += 1
            if count == limit:
                break
    finally:
        close = getattr(search, "close", None)  # a generator's; a plain iterator has none
        if close is not None:
            close()
    return count


class ExactCover(AlgorithmX):
    """``AlgorithmX`` with secondary columns, checked input and counting.

    ``rows`` lists each row's columns (0-based), ``n_columns`` the width (by
    default one more than the largest column used), ``secondary`` the
    columns a cover need not fill, ``names`` the columns' names.  As in
    Knuth's paper, a secondary column never enters the list of columns to
    cover, so the search takes a row only to fill a primary column, and
    ``cover`` still takes out every other row that shares a secondary
    column with a chosen one.  ``ValueError`` for a row or secondary column
    outside ``0..n_columns - 1`` or a wrong number of names.
    """

    def __init__(
        self,
        rows: Sequence[Iterable[int]],
        n_columns: int | None = None,
        secondary: Iterable[int] = (),
        names: Sequence[object] = (),
    ) -> None:
        row_lists = [sorted({int(j) for j in row}) for row in rows]
        used = max((row[-1] for row in row_lists if row), default=-1) + 1
        if n_columns is None:
            n_columns = used
        if used > n_columns or any(row and row[0] < 0 for row in row_lists):
            raise ValueError(f"a row uses a column outside 0..{n_columns - 1}")
        self.secondary = sorted({int(j) for j in secondary})
        if any(not 0 <= j < n_columns for j in self.secondary):
            raise ValueError(f"a secondary column lies outside 0..{n_columns - 1}")
        if names and len(names) != n_columns:
            raise ValueError(f"{len(names)} names given for {n_columns} columns")
        secondary_set = set(self.secondary)
        self.primary = [j for j in range(n_columns) if j not in secondary_set]
        super().__init__(row_lists, n_columns, names)  # which links the whole matrix through ``relink``

    def relink(self, columns: Iterable[int], rows: Iterable[int]) -> None:
        """``AlgorithmX.relink``, each secondary column emptied first and kept
        out of the list of columns to cover whatever ``columns`` says."""
        secondary = set(self.secondary)
        for j in secondary:
            head = self.columns[j].head
            head.up = head.down = head.left = head.right = head
        super().relink([j for j in columns if j not in secondary], rows)

    @staticmethod
    def dead_end(emptied: list[ColumnObject]) -> ColumnObject | None:
        """``AlgorithmX.dead_end`` over the primary columns only: a secondary
        column, linked to itself alone, may stay empty."""
        return AlgorithmX.dead_end([col for col in emptied if col.head.left is not col.head])

    def count_solutions(self, limit: int | None = None) -> int:
        """How many exact covers the linked matrix has, counting no further
        than ``limit``; the links are left as they were."""
        return count_covers(self.search(unwind=True), limit)


def count_solutions(sudoku: object, limit: int | None = 2) -> int:
    """How many solutions an N x N sudoku has (N = 4 .. 36, from its shape),
    counting no further than ``limit`` (``None``: all); 2 tells unique from
    ambiguous.  ``ValueError`` for what ``tools.puzzles.io.grid_cells`` rejects,
    or a ``limit`` below 1.

    Stage 1 of the shared engine places only digits every solution has, so
    the count is that of the exact covers of what it leaves open.
    """
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1 or None, got {limit}")
    box, cells = grid_cells(sudoku)
    solver = engine(box)
    singles = solver.place_singles(cells)
    if singles is None:
        return 0
    if not singles.blank:
        return 1
    return count_covers(solver.relink(solver.open_part(cells, singles.places)).search(), limit)
