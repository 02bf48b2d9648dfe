"""Dancing links (Knuth's Algorithm X) and its use as a sudoku solver.

This module holds everything ``sudoku.ipynb`` imports: a general exact-cover
engine and the encoding of an N x N sudoku as an exact-cover problem.  It
follows D. E. Knuth, "Dancing Links", Millennial Perspectives in Computer
Science (2000), arXiv:cs/0011047, and keeps his vocabulary throughout.

Glossary (Knuth's word -> this module)
    exact cover   choose a set of *rows* of a 0/1 matrix so that every primary
                  *column* holds exactly one 1 among them (and every secondary
                  column at most one).
    data object   ``DancingNode``: one 1 of the matrix, with links ``left``,
                  ``right`` (its row) and ``up``, ``down`` (its column), and
                  ``column``, the header of its column.  ``row`` is the index
                  of the matrix row it belongs to.
    column object ``ColumnObject``: a column header, the same class as a 1
                  (see ``DancingNode``) with ``size`` (Knuth's S, the
                  number of 1s still in the column) and ``name`` (N).
    root ``h``    ``AlgorithmX.root``: the header of the list of primary
                  columns that are not yet covered.
    cover         ``cover(c)``: take column c out of the header list and
                  take every row that has a 1 in it out of the other
                  columns; nothing is freed, only links change.
    uncover       ``uncover(c)``: the exact inverse of ``cover``.
    S heuristic   ``AlgorithmX.choose_column``: branch on a column with the
                  fewest 1s, so forced choices (size 1) come first.
    search        ``AlgorithmX.search``: the backtracking search of Algorithm X,
                  written as a loop with an explicit stack of chosen rows, so
                  that no problem size can hit Python's recursion limit.
    rows of four  (not Knuth's) ``AlgorithmX._search_rows_of_four``: the
                  same search, for a matrix whose rows all have four 1s (a
                  sudoku's), with cheaper steps: ``cover_row_of_four``,
                  ``uncover_row_of_four``, ``choose_column_by_links``.
    column order  (not Knuth's) ``SudokuEngine._link``: where the S heuristic
                  meets a tie, the first column in the header list wins, so
                  the order of the list decides which column a search
                  branches on: for 9 x 9, each constraint family begins
                  half-way.
    candidate     a sudoku placement "digit d in cell (r, c)": one matrix row.
    constraint    one of the four families of sudoku columns: each cell holds
                  one digit; each row, column and box holds each digit once.

A sudoku of order B has side N = B * B, N**3 candidates and 4 * N**2
constraints: 729 rows and 324 columns for the usual 9 x 9 grid.  The solver
first places the digits that are forced (naked and hidden singles, helped by
locked candidates, all on bit boards), and hands only what is left to dancing
links; see ``SudokuEngine``.  numpy and the standard library only; no I/O, no
printing.

Last comes rung 0 of the report's ladder, the textbook backtracking search with
MRV and forward checking (``backtracking_solve``): the project's independent
reference solver, which shares no code with the solver above.
"""

from __future__ import annotations

import math
import numbers
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

# ---------------------------------------------------------------------------
# Named constants
# ---------------------------------------------------------------------------

SUDOKU_BOX = 3  #: box side of the standard sudoku
SUDOKU_SIZE = SUDOKU_BOX * SUDOKU_BOX  #: 9 rows, 9 columns, 9 digits
SUDOKU_CANDIDATES = SUDOKU_SIZE**3  #: 729 rows of the exact-cover matrix
SUDOKU_CONSTRAINTS = 4 * SUDOKU_SIZE**2  #: 324 columns of the exact-cover matrix
CONSTRAINT_FAMILIES = ("cell", "row-digit", "column-digit", "box-digit")
EMPTY = 0  #: the value of a blank cell
NO_SOLUTION = -1  #: every cell of the answer to a puzzle with no solution
SUPPORTED_BOXES = (2, 3, 4, 5, 6)  #: box sides solve_sudoku accepts (N = 4 .. 36)


# ---------------------------------------------------------------------------
# Dancing links
# ---------------------------------------------------------------------------


class DancingNode:
    """An object of the matrix: one of its 1s (Knuth's data object) or the
    header of one of its columns (his column object, ``ColumnObject``).

    Every object has four links, ``left`` and ``right`` (along its row, or
    for a header along the list of headers) and ``up`` and ``down`` (along its
    column), and ``column``, the header of its column; a header's column is
    itself.  A 1 knows ``row``, the index of its matrix row.  A header knows
    ``size`` (Knuth's S, the 1s still in its column), ``name`` (his N) and
    ``emptied``, a list shared by the columns of one matrix where ``cover``
    notes each column it leaves without rows.

    1s and headers are one class, not a class and its subclass, for speed.
    CPython 3.11 and later speed up each attribute access in a function for
    the one type it keeps meeting there, and a header sits in its column's
    ring among the 1s: with two classes, the accesses of ``cover`` and
    ``uncover`` keep meeting both and lose that speed-up.  One class made
    long searches 1.2 to 1.3 times faster on Python 3.11.
    """

    __slots__ = ("left", "right", "up", "down", "column", "row", "size", "name", "emptied")

    def __init__(
        self,
        column: ColumnObject | None = None,
        row: int = -1,
        name: object = None,
        emptied: list[ColumnObject] | None = None,
    ) -> None:
        """A 1 of row ``row`` in the column headed by ``column``; without a
        ``column``, the header of a new, empty column called ``name``."""
        self.left = self.right = self.up = self.down = self
        self.column = self if column is None else column
        self.row = row
        self.size = 0
        self.name = name
        self.emptied = [] if emptied is None else emptied


#: Knuth's column object: a ``DancingNode`` that heads a column (its own ``column``).
ColumnObject = DancingNode


def cover(c: ColumnObject) -> None:
    """Remove column ``c`` from the header list and its rows from all other columns.

    A column this leaves with no rows is noted in ``c.emptied``: unless it is
    covered next, it is a dead end, which the search can then see at once
    instead of when the S heuristic reaches it.
    """
    c.right.left = c.left
    c.left.right = c.right
    emptied = c.emptied
    i = c.down
    while i is not c:
        j = i.right
        while j is not i:
            j.down.up = j.up
            j.up.down = j.down
            col = j.column
            col.size -= 1
            if not col.size:
                emptied.append(col)
            j = j.right
        i = i.down


def uncover(c: ColumnObject) -> None:
    """Undo ``cover(c)`` exactly.

    Rows go back bottom to top and, within a row, right to left: the mirror
    image of ``cover``.  Each link then points at a node that is already back
    in place, which is why the matrix is restored exactly.
    """
    i = c.up
    while i is not c:
        j = i.left
        while j is not i:
            j.column.size += 1
            j.down.up = j
            j.up.down = j
            j = j.left
        i = i.up
    c.right.left = c
    c.left.right = c


class AlgorithmX:
    """Knuth's Algorithm X on dancing links, for any exact-cover problem.

    Parameters
    ----------
    rows:
        The sparse 0/1 matrix: for each row, the indices of its columns that
        hold a 1.  Rows are numbered by their position in this sequence.
    n_columns:
        The number of columns; by default one more than the largest index used.
    secondary:
        Indices of *secondary* columns, which a cover may leave empty but must
        not fill twice (Knuth's queens example).  All others are primary.
    names:
        Optional column names (Knuth's N), for display; default the indices.

    As in Knuth's paper, the search only ever picks a row through one of its
    primary columns, so a row with secondary columns alone is never chosen.

    A search leaves the matrix as it found it, whether it ran to the end or
    was stopped early.  If a search is cut off in the middle of a link change
    (an exception such as ``KeyboardInterrupt``), the next search relinks the
    whole matrix before it starts.
    """

    #: whether ``search`` uses ``_search_rows_of_four`` where it may (a matrix
    #: may set its own; ``SudokuEngine`` does, from its ``Optimisations``)
    use_rows_of_four = True

    def __init__(
        self,
        rows: Sequence[Iterable[int]],
        n_columns: int | None = None,
        secondary: Iterable[int] = (),
        names: Sequence[object] | None = None,
    ) -> None:
        row_lists = [sorted(set(int(j) for j in row)) for row in rows]
        used = max((row[-1] for row in row_lists if row), default=-1) + 1
        if n_columns is None:
            n_columns = used
        if used > n_columns or any(row and row[0] < 0 for row in row_lists):
            raise ValueError(f"a row uses a column outside 0..{n_columns - 1}")
        secondary_set = set(int(j) for j in secondary)
        if any(not 0 <= j < n_columns for j in secondary_set):
            raise ValueError(f"a secondary column lies outside 0..{n_columns - 1}")
        if names is None:
            names = range(n_columns)
        elif len(names) != n_columns:
            raise ValueError(f"{len(names)} names given for {n_columns} columns")

        self.root = DancingNode(name="root")
        self.emptied: list[ColumnObject] = []  # filled by ``cover``, read by ``_search``
        self.columns = [DancingNode(name=name, emptied=self.emptied) for name in names]
        self.primary = [j for j in range(n_columns) if j not in secondary_set]
        self.secondary = sorted(secondary_set)
        self.row_nodes: list[list[DancingNode]] = []
        for r, row in enumerate(row_lists):
            nodes = [DancingNode(self.columns[j], r) for j in row]
            # Each row is a fixed ring: cover and uncover never change a
            # row's left/right links, so they are set once, here.
            for a, b in zip(nodes, nodes[1:] + nodes[:1]):
                a.right, b.left = b, a
            self.row_nodes.append(nodes)
        self._dirty = False
        self._epoch = 0  # counts relinkings, so a stale search can tell
        self.rows_tried = 0  #: rows the last search took (each step forward counts one)
        #: whether ``search`` looks for a dead end among the columns ``cover``
        #: emptied before it asks ``choose_column``
        self.watch_emptied = True
        #: whether every row has four 1s (a sudoku's do), so that ``search``
        #: may use ``_search_rows_of_four``
        self.rows_of_four = bool(row_lists) and all(len(row) == 4 for row in row_lists)
        self.activate(self.primary, range(len(row_lists)))

    @property
    def n_rows(self) -> int:
        """The number of rows the matrix was built with."""
        return len(self.row_nodes)

    def activate(self, primary: Iterable[int], rows: Iterable[int]) -> None:
        """Relink the matrix so that it holds only the given rows.

        ``primary`` lists the primary columns that must be covered (in the
        order ``choose_column`` meets them), ``rows`` the rows that may be
        used.  Every column a listed row touches must be listed or secondary.
        This rebuilds the up/down links from the nodes that already exist, so
        a fresh sub-problem costs a few assignments per node and no allocation.
        """
        root = self.root
        columns = self.columns
        for j in self.secondary:
            col = columns[j]
            col.up = col.down = col.left = col.right = col  # never in the header list
            col.size = 0
        last = root
        for j in primary:
            col = columns[j]
            col.up = col.down = col
            col.size = 0
            last.right, col.left = col, last
            last = col
        last.right, root.left = root, last
        row_nodes = self.row_nodes
        for r in rows:
            for node in row_nodes[r]:
                col = node.column
                bottom = col.up
                node.up, node.down = bottom, col
                bottom.down = col.up = node
                col.size += 1
        self.emptied.clear()
        self._dirty = False
        self._epoch += 1

    def choose_column(self) -> ColumnObject | None:
        """Knuth's S heuristic: an uncovered primary column of least size.

        Returns the first column of size 0 or 1 in the header list (a dead
        end or a forced move: looking further for a smaller one does not
        pay), or else the first column of least size; ``None`` when every
        primary column is covered.
        """
        root = self.root
        col = root.right
        if col is root:
            return None
        # Most calls find a forced column (size 0 or 1), so the first scan
        # looks for one and does nothing else.  It stops at the root at the
        # latest: the root is in no column, so its size is always 0.
        while col.size > 1:
            col = col.right
        if col is not root:
            return col
        # None is forced: the least size is found by a full scan, which can
        # stop at a column of size 2, the least left.
        best = col = root.right
        smallest = best.size
        while smallest > 2 and col is not root:
            if col.size < smallest:
                best, smallest = col, col.size
            col = col.right
        return best

    def search(self) -> Iterator[list[int]]:
        """Yield every exact cover, each as a sorted list of row indices.

        The search is Knuth's, written as a loop: ``chosen`` holds the row
        picked at each level (his O_k).  Closing the iterator early restores
        the matrix, so ``next(search())`` is a safe way to get one cover.
        """
        epoch = self._take_links()
        chosen: list[DancingNode] = []
        loop, unwind = self._search_loop()
        try:
            for found in loop(chosen):
                yield found
                if self._epoch != epoch:
                    raise RuntimeError("the matrix was relinked by another search while this one was paused")
        except GeneratorExit:
            # Closed while paused at a ``yield``: every link change is
            # complete, so undoing the choices restores the matrix exactly.
            if self._epoch == epoch:
                unwind(chosen)
                self._dirty = False
            raise
        self._dirty = False

    def _take_links(self) -> int:
        """Begin a search on links in a known state; return its epoch.

        While a search runs the links are in flux.  If an exception stops it
        half-way through a cover, ``_dirty`` stays set and the next search
        starts from freshly relinked columns instead of a damaged matrix.
        A later search or ``activate`` takes the links over (a new epoch);
        a paused search must then neither go on nor undo choices that are no
        longer in place.
        """
        if self._dirty:
            self.activate(self.primary, range(self.n_rows))
        self._dirty = True
        self._epoch += 1
        return self._epoch

    def _search_loop(self) -> tuple[Callable, Callable]:
        """The search loop to run, and the function that leaves the rows it
        has taken: ``_search`` and ``_unwind``, or, when every row has four
        1s and ``use_rows_of_four`` is set, ``_search_rows_of_four`` and
        ``_unwind_rows_of_four``."""
        if self.rows_of_four and self.use_rows_of_four:
            return self._search_rows_of_four, _unwind_rows_of_four
        return self._search, _unwind

    def _search(self, chosen: list[DancingNode]) -> Iterator[list[int]]:
        """The body of ``search``; on return ``chosen`` is empty again.

        ``rows_tried`` counts the rows it takes (each step forward counts one),
        up to the solution it yields or the end of the search.
        """
        choose_column = self.choose_column
        emptied = self.emptied
        emptied.clear()
        watch = self.watch_emptied
        tried = 0
        while True:
            col = None
            if emptied:  # a column the last covers emptied may be a dead end
                if watch:
                    col = _dead_end(emptied)
                emptied.clear()
            if col is None:
                col = choose_column()
            if col is not None and col.size:
                cover(col)
                node = col.down  # its first row
            else:
                if col is None:
                    self.rows_tried = tried
                    yield sorted(node.row for node in chosen)
                # Backtrack: leave the newest choice and take the next row of its
                # column, or, when the column is used up, go one level further up.
                while chosen:
                    node = chosen.pop()
                    j = node.left
                    while j is not node:
                        uncover(j.column)
                        j = j.left
                    node = node.down
                    if node is not node.column:
                        break
                    uncover(node.column)  # its column is used up
                else:
                    self.rows_tried = tried
                    return
            # Take row ``node``: cover every other column it has a 1 in.
            tried += 1
            chosen.append(node)
            j = node.right
            while j is not node:
                cover(j.column)
                j = j.right

    def _search_rows_of_four(self, chosen: list[DancingNode]) -> Iterator[list[int]]:
        """``_search`` for a matrix whose rows all have four 1s; the same contract.

        It searches the same tree in the same order, so it finds the same
        covers in the same order; only each row costs less.  A row is taken by
        ``cover_row_of_four``, which covers its four columns, the chosen one
        first, and left by ``uncover_row_of_four``, which undoes that: the
        stack of taken rows is the whole state of the search.  No column keeps
        a ``size``: the search reads what it needs from the links
        (``choose_column_by_links``), so each ``size`` keeps the value
        ``activate`` gave it.

        A branch column is covered again for each of its rows, which notes
        once more the columns it empties: a dead end can be seen a row
        sooner, never later, so the rows tried are the same or fewer.
        """
        choose_column = self.choose_column_by_links
        emptied = self.emptied
        emptied.clear()
        watch = self.watch_emptied
        tried = 0
        while True:
            col = None
            if emptied:
                if watch:
                    col = _dead_end(emptied)
                emptied.clear()
            if col is None:
                col = choose_column()
            if col is not None and col.down is not col:
                node = col.down  # its first row
            else:
                if col is None:
                    self.rows_tried = tried
                    yield sorted(node.row for node in chosen)
                # Backtrack: leave the newest row and take the next of its
                # column, or, when the column is used up, go one level up.
                while chosen:
                    node = chosen.pop()
                    uncover_row_of_four(node)
                    node = node.down
                    if node is not node.column:
                        break
                else:
                    self.rows_tried = tried
                    return
            tried += 1
            chosen.append(node)
            cover_row_of_four(node, emptied)

    def choose_column_by_links(self) -> ColumnObject | None:
        """``choose_column`` for a search that keeps no sizes: the same column,
        each size read from the links.

        A column holds at most one row when the node above its header is the
        node below it, and (when it holds two or more) exactly two when the
        second node down is the last.  Only when no column holds two or fewer
        are the rows counted.
        """
        root = self.root
        col = root.right
        if col is root:
            return None
        while col.up is not col.down:  # stops at the root at the latest
            col = col.right
        if col is not root:
            return col
        # None is forced: the first column of size 2, the least left ...
        col = root.right
        while col.down.down is not col.up:
            col = col.right
        if col is not root:
            return col
        # ... or, failing that, the first of least size.
        best = root.right
        smallest = _size_by_links(best)
        col = best.right
        while col is not root:
            size = _size_by_links(col)
            if size < smallest:
                best, smallest = col, size
            col = col.right
        return best

    def first_solution(self, restore: bool = True) -> list[int] | None:
        """The first exact cover found (sorted row indices), or ``None``.

        With ``restore=False`` the links are left as the search left them,
        which saves undoing every choice; the next ``search`` relinks the
        whole matrix first, and a caller that calls ``activate`` before each
        search (as ``SudokuEngine`` does) pays nothing for it.
        """
        self._take_links()
        chosen: list[DancingNode] = []
        loop, unwind = self._search_loop()
        # An exception here (an interrupt) may leave a cover half done: the
        # links stay marked ``_dirty`` and the next search relinks them all.
        found = next(loop(chosen), None)
        if restore:
            unwind(chosen)
            self._dirty = False
        return found

    def count_solutions(self, limit: int | None = None) -> int:
        """How many exact covers there are, counting no further than ``limit``."""
        count = 0
        for _ in self.search():
            count += 1
            if count == limit:
                break
        return count


def _dead_end(emptied: list[ColumnObject]) -> ColumnObject | None:
    """A primary column among ``emptied`` that is uncovered and has no rows, or None.

    ``cover`` and ``cover_row_of_four`` note every column they empty: also
    secondary columns, which may stay empty, and (``cover``) the columns of
    the row being taken, which are covered next.  A column has no rows when
    its header is its own ``down``, which holds whether or not the search
    keeps sizes.  A column is in the header list when its left neighbour
    points back at it (covers and uncovers nest, so a covered column's old
    neighbour never does); a secondary column is linked to itself alone.
    """
    for col in emptied:
        if col.down is col and col.left.right is col and col.left is not col:
            return col
    return None


def cover_row_of_four(node: DancingNode, emptied: list[ColumnObject]) -> None:
    """Take the row of ``node``, a row of four 1s: cover its four columns,
    ``node``'s own first, noting in ``emptied`` each column left without rows.

    Each cover is ``cover`` with three things left out.  The
    taken row itself stays linked in its own columns: they all leave the
    header list, so no later search can reach it, and only the other rows
    are unlinked.  The walk along a row is written out: every row has four
    1s, so the three to unlink are named.  And no ``size`` is kept: a column
    is left empty when the node just unlinked had the header both above and
    below it (``up is down``).
    """
    for j in (node, node.right, node.right.right, node.left):
        col = j.column
        col.right.left = col.left
        col.left.right = col.right
        i = j.down
        while i is not j:
            if i is not col:
                a = i.right
                b = a.right
                c = i.left
                up = a.up
                down = a.down
                down.up = up
                up.down = down
                if up is down:
                    emptied.append(up)
                up = b.up
                down = b.down
                down.up = up
                up.down = down
                if up is down:
                    emptied.append(up)
                up = c.up
                down = c.down
                down.up = up
                up.down = down
                if up is down:
                    emptied.append(up)
            i = i.down


def uncover_row_of_four(node: DancingNode) -> None:
    """Undo ``cover_row_of_four(node)`` exactly: its four columns in reverse,
    each as ``uncover`` does, its rows' nodes right to left."""
    for j in (node.left, node.right.right, node.right, node):
        col = j.column
        i = j.up
        while i is not j:
            if i is not col:
                c = i.left
                a = i.right
                b = a.right
                c.down.up = c.up.down = c
                b.down.up = b.up.down = b
                a.down.up = a.up.down = a
            i = i.up
        col.right.left = col
        col.left.right = col


def _unwind_rows_of_four(chosen: list[DancingNode]) -> None:
    """``_unwind`` for ``_search_rows_of_four``: leave every taken row, newest first."""
    while chosen:
        uncover_row_of_four(chosen.pop())


def _size_by_links(col: ColumnObject) -> int:
    """The rows of ``col`` still linked, counted along its links."""
    size = 0
    node = col.down
    while node is not col:
        size += 1
        node = node.down
    return size


def _unwind(chosen: list[DancingNode]) -> None:
    """Uncover every choice on the stack, newest first, and empty it.

    Each step leaves a row as ``_search``'s backtrack does; the search keeps
    its copy inline, since it runs once for nearly every row tried.
    """
    while chosen:
        node = chosen.pop()
        j = node.left
        while j is not node:
            uncover(j.column)
            j = j.left
        uncover(node.column)


# ---------------------------------------------------------------------------
# Sudoku as exact cover
# ---------------------------------------------------------------------------


def candidate_row(cell: int, digit: int, size: int) -> int:
    """The matrix row of "``digit`` (1..size) in ``cell`` (0..size**2 - 1)"."""
    return cell * size + digit - 1


def decode_row(row: int, size: int) -> tuple[int, int]:
    """The inverse of ``candidate_row``: ``(cell, digit)``."""
    cell, digit0 = divmod(row, size)
    return cell, digit0 + 1


def constraint_columns(cell: int, digit: int, box: int) -> tuple[int, int, int, int]:
    """The four columns a candidate fills, one per constraint family.

    For a grid of side N = box**2 the columns are numbered family by family:
    cell ``cell``, then N**2 row-digit, N**2 column-digit and N**2 box-digit
    columns, each family ordered by (unit, digit).
    """
    size = box * box
    r, c = divmod(cell, size)
    b = (r // box) * box + c // box
    d = digit - 1
    area = size * size
    return (cell, area + r * size + d, 2 * area + c * size + d, 3 * area + b * size + d)


def exact_cover_rows(box: int) -> list[tuple[int, int, int, int]]:
    """The whole sudoku matrix of order ``box``: row ``candidate_row(cell, digit)``
    lists the columns of that candidate."""
    size = box * box
    return [constraint_columns(cell, digit, box) for cell in range(size * size) for digit in range(1, size + 1)]


#: Where each family of columns starts in a 9 x 9 search, as a share of its
#: length (``column_order``).
FAMILY_START = 0.5


@dataclass
class Optimisations:
    """Switches for what the sudoku engine adds to plain dancing links.

    All are on by default; the report's measurements turn each off in turn
    to see what it buys.  Turning any off never changes an answer, only the
    time taken.
    """

    singles: bool = True  #: place forced digits on bit boards before the search
    hidden_singles: bool = True  #: ... hidden singles as well as naked ones (needs ``singles``)
    locked_candidates: bool = True  #: ... and rule out locked candidates in the same scan (needs ``hidden_singles``)
    reuse_links: bool = True  #: relink one prebuilt matrix instead of building one per call
    skip_unwinding: bool = True  #: leave the links after the first solution; the next call relinks
    half_way_start: bool = True  #: 9 x 9: each family of columns starts half-way (``FAMILY_START``)
    dead_ends_first: bool = True  #: look first at the columns the last covers emptied: a dead end is seen at once
    rows_of_four: bool = True  #: search with ``AlgorithmX._search_rows_of_four``, written for rows of four 1s


class SudokuEngine:
    """Solve and count sudokus of one order ``box`` (side N = box**2).

    Grids are flat lists of N*N ints, 0 for a blank.  A solve has two stages:

    1. *Singles*: every digit forced by the rules is placed.  The state is one
       bit board per digit: an int whose bit i says "this digit may still go in
       cell i".  A blank that only one board still holds (a naked single) and a
       unit in which a board holds one cell (a hidden single) are placed, and
       locked candidates ruled out, until none is left.  A repeated given, a
       blank that no board holds or a unit left with no place for some digit
       ends the solve at once.
    2. *Dancing links* on what is left: the engine keeps one ``AlgorithmX``
       over all N**3 candidates and, for each puzzle, relinks only the
       candidates still open (``AlgorithmX.activate``).  Nothing is allocated
       and nothing depends on how the previous call ended.  The order of
       the columns decides the S heuristic's ties (``_link``).  A lock keeps
       two threads from dancing on the same matrix at once.

    Stage 1 only places digits that every solution must have, so it changes
    neither the solution nor the count of solutions.
    """

    def __init__(self, box: int) -> None:
        self.box = box
        self.size = size = box * box
        self.full = (1 << size) - 1  # all digits, as a bit mask
        self.digits = range(size)  # digit d + 1 as its index d, the index of its board
        cells = range(size * size)
        self.cell_row = [i // size for i in cells]
        self.cell_col = [i % size for i in cells]
        self.cell_box = [(i // size // box) * box + i % size // box for i in cells]
        self.all_cells = (1 << size * size) - 1
        # A unit (row, column or box) as a bit board of its cells.
        self.unit_boards = [
            sum(1 << i for i in cells if where[i] == u)
            for where in (self.cell_row, self.cell_col, self.cell_box)
            for u in range(size)
        ]
        rows, cols, boxes = (self.unit_boards[k * size : (k + 1) * size] for k in range(3))
        # The cells a digit in cell i leaves open: all but its row, column and
        # box (i too).  A mask that keeps a board positive, so placing a digit
        # is one AND with no complement made on the way.
        self.outside_peers = [
            self.all_cells & ~(rows[self.cell_row[i]] | cols[self.cell_col[i]] | boxes[self.cell_box[i]]) for i in cells
        ]
        # What a digit's places inside one unit say, looked up by those places
        # (a bit board).  A segment is where a line (row or column) crosses a
        # box.  One cell: the digit goes there (a hidden single), marked 0.
        # Two or more cells of one segment: the digit is confined to that
        # segment in both its line and its box, so every other cell of the two
        # is ruled out (locked candidates, "pointing" and "claiming" at once).
        # Any other pattern says nothing and is absent.
        self.unit_rules: dict[int, int] = {1 << i: 0 for i in cells}
        self.single_rules = dict(self.unit_rules)  # when locked candidates are off
        for line in rows + cols:
            for b in boxes:
                segment = line & b
                pattern = segment  # then every other non-empty subset of its cells
                while pattern:
                    if pattern & (pattern - 1):
                        self.unit_rules[pattern] = (line | b) & ~segment
                    pattern = (pattern - 1) & segment
        self.optimisations = Optimisations()
        self._matrix: AlgorithmX | None = None  # built on first need
        self._identity = range(size**3)  # matrix row -> candidate row, for the shared matrix
        self._lock = threading.Lock()
        self.rows_tried = 0  #: rows the last ``solve`` tried in stage 2 (0 when stage 1 finished it)

    @property
    def matrix(self) -> AlgorithmX:
        """The engine's dancing-links matrix: all N**3 rows, 4 * N**2 columns."""
        if self._matrix is None:
            self._matrix = AlgorithmX(exact_cover_rows(self.box), 4 * self.size**2)
        return self._matrix

    def place_singles(self, grid: list[int], forced: bool = True) -> tuple[int, list[int]] | None:
        """Stage 1 on ``grid`` (changed in place): place every digit the rules force.

        Returns ``(blank, places)``: the blanks left, as a bit board (0 when
        the grid is full), and for each digit the board of blanks where it may
        still go; or ``None`` when the givens or the forced digits contradict.
        With ``forced=False`` only the givens are checked for repeats.

        Each round takes the cheap step first, naked singles until there are
        none, then one scan of the units for hidden singles and locked
        candidates.  When a scan changes nothing, the pass checks that every
        digit still has a place in every unit, and ends.
        """
        state = self._read_givens(grid)
        if state is None:
            return None
        blank, places = state
        # Per digit: the units its last scan found places in (a unit without
        # one holds the digit already and is not scanned again), and its board
        # as that scan left it (-1: changed since, so scan it again).
        open_units = [self.unit_boards] * self.size
        seen = [-1] * self.size
        while forced and blank:
            blank = self._place_naked_singles(grid, blank, places)
            if blank is None:
                return None
            if not blank or not self.optimisations.hidden_singles:
                break
            blank, changed = self._scan_units(grid, blank, places, open_units, seen)
            if not changed:
                if self._digit_without_a_place(grid, open_units):
                    return None
                break
        return blank, [board & blank for board in places]

    def _read_givens(self, grid: list[int]) -> tuple[int, list[int]] | None:
        """The blanks of ``grid`` as a bit board, and for each digit the board of
        cells where the givens leave it free to go; ``None`` for a repeated given.

        A board here, and through stage 1, may still hold cells filled since it
        was written: every read masks it with the blanks, which is cheaper than
        clearing all the boards after each placement.
        """
        outside_peers = self.outside_peers
        places = [self.all_cells] * self.size  # places[d]: where digit d + 1 may go
        blank = 0
        for i, value in enumerate(grid):
            if value:
                d = value - 1
                if not places[d] >> i & 1:
                    return None  # a given its row, column or box already holds
                places[d] &= outside_peers[i]
            else:
                blank |= 1 << i
        return blank, places

    def _place_naked_singles(self, grid: list[int], blank: int, places: list[int]) -> int | None:
        """Fill blanks that only one digit's board holds (naked singles) until
        none is left; return the blanks left, or ``None`` if some blank has no
        digit left.  ``grid`` and ``places`` are changed in place.

        Each pass finds the naked singles of the whole grid at once: ``once``
        marks the cells held by at least one board, ``twice`` by at least two.
        """
        outside_peers = self.outside_peers
        digits = self.digits
        while blank:
            once = twice = 0
            for board in places:
                twice |= once & board
                once |= board
            if blank & ~once:
                return None  # a blank with no candidate
            naked = once & ~twice & blank
            if not naked:
                break
            while naked:
                bit = naked & -naked
                naked ^= bit
                for d in digits:
                    if places[d] & bit:
                        break
                else:
                    return None  # its one candidate went to a neighbour placed just now
                i = bit.bit_length() - 1
                grid[i] = d + 1
                places[d] &= outside_peers[i]
                blank ^= bit
        return blank

    def _scan_units(
        self, grid: list[int], blank: int, places: list[int], open_units: list[list[int]], seen: list[int]
    ) -> tuple[int, bool]:
        """One scan of each digit's places in each unit still open for it:
        place hidden singles and, if switched on, rule out locked candidates.
        Returns the blanks left and whether any board changed.

        A digit's places in a unit (a bit board) are looked up in
        ``unit_rules``: one cell is a hidden single, two or more in one
        segment rule out the rest of that segment's line and box.  ``grid``,
        ``places``, ``open_units`` and ``seen`` (see ``place_singles``) are
        changed in place.
        """
        rules = self.unit_rules if self.optimisations.locked_candidates else self.single_rules
        outside_peers = self.outside_peers
        changed = False
        for d in self.digits:
            board = places[d] & blank  # without the filled cells it may still hold
            if board == seen[d]:
                continue  # unchanged since a scan that found nothing
            before = board
            still_open = []
            for unit in open_units[d]:
                cell = board & unit
                if not cell:
                    continue  # placed here already, or a contradiction (``_digit_without_a_place``)
                ruled_out = rules.get(cell)
                if ruled_out is None:
                    still_open.append(unit)
                elif ruled_out:
                    board &= ~ruled_out
                    still_open.append(unit)
                else:  # a hidden single; the unit is done
                    i = cell.bit_length() - 1
                    grid[i] = d + 1
                    board &= outside_peers[i]
                    blank ^= cell
            open_units[d] = still_open
            places[d] = board
            if board == before:
                seen[d] = board
            else:
                seen[d] = -1  # what it changed may open a single in a unit already passed
                changed = True
        return blank, changed

    def _digit_without_a_place(self, grid: list[int], open_units: list[list[int]]) -> bool:
        """Whether some digit has no place in some unit, after a scan that changed nothing.

        Each digit is placed once in every unit or still has a place in it; a
        unit where it has neither is a contradiction no search can mend.  A
        placed digit fills three units (its row, column and box), and the
        scan keeps open exactly the units where the digit still has a place.
        """
        units_each = len(self.unit_boards)
        for d in self.digits:
            if len(open_units[d]) + 3 * grid.count(d + 1) != units_each:
                return True
        return False

    def _used_digits(self, grid: list[int]) -> tuple[list[int], list[int], list[int], list[int]]:
        """The blanks of ``grid`` and the digits used by each row, column and box, as bit masks."""
        size = self.size
        rows = [0] * size
        cols = [0] * size
        boxes = [0] * size
        blanks = []
        cell_row, cell_col, cell_box = self.cell_row, self.cell_col, self.cell_box
        for i, value in enumerate(grid):
            if value:
                bit = 1 << (value - 1)
                rows[cell_row[i]] |= bit
                cols[cell_col[i]] |= bit
                boxes[cell_box[i]] |= bit
            else:
                blanks.append(i)
        return blanks, rows, cols, boxes

    def _load(self, grid: list[int], places: list[int]) -> tuple[AlgorithmX, list[list[int]], Sequence[int], list[int]]:
        """Stage 2 set-up: what is still open, and a matrix to dance on.

        Returns the matrix; its primary columns still to cover, as four
        lists, one per constraint family (the blanks of ``grid``, then the
        (row, digit), (column, digit) and (box, digit) pairs it still lacks);
        its rows still open (the candidates left in ``places``), which
        ``activate`` links; and the candidate row each matrix row stands for.
        """
        blanks, rows, cols, boxes = self._used_digits(grid)
        size = self.size
        area = size * size
        full = self.full
        primary = [blanks]  # one list per constraint family
        for offset, used in ((area, rows), (2 * area, cols), (3 * area, boxes)):
            family = []
            for u, mask in enumerate(used):
                free = full & ~mask
                while free:
                    bit = free & -free
                    free ^= bit
                    family.append(offset + u * size + bit.bit_length() - 1)
            primary.append(family)
        open_rows = []
        for d, board in enumerate(places):
            while board:
                bit = board & -board
                board ^= bit
                open_rows.append((bit.bit_length() - 1) * size + d)  # candidate_row, inlined
        if self.optimisations.reuse_links:
            return self.matrix, primary, open_rows, self._identity
        # Without reuse: a new matrix of the open candidates only.
        box = self.box
        matrix = AlgorithmX([constraint_columns(*decode_row(r, size), box) for r in open_rows], 4 * area)
        return matrix, primary, range(len(open_rows)), open_rows

    def _dance(self, grid: list[int], places: list[int]) -> list[int] | None:
        """Stage 2: the first exact cover of what is left, as candidate rows."""
        matrix, primary, open_rows, row_of = self._load(grid, places)
        self._link(matrix, primary, open_rows)
        cover = matrix.first_solution(restore=not self.optimisations.skip_unwinding)
        self.rows_tried = matrix.rows_tried
        return None if cover is None else [row_of[row] for row in cover]

    def _link(self, matrix: AlgorithmX, primary: list[list[int]], open_rows: Sequence[int]) -> None:
        """Relink ``matrix`` for a search of what ``_load`` returned.

        The S heuristic takes the first of the smallest columns, so the
        order of the header list breaks its ties.  For 9 x 9 each family
        starts half-way (``FAMILY_START``), near the middle of the grid:
        that tries fewer rows than the plain order, on the puzzles it was
        tuned on and on others (readme.md, Section 7).  Larger grids keep
        the plain order: there is no collection of them to tune on.
        """
        switches = self.optimisations
        start = FAMILY_START if switches.half_way_start and self.box == SUDOKU_BOX else 0.0
        matrix.activate(column_order(primary, start), open_rows)
        matrix.watch_emptied = switches.dead_ends_first
        matrix.use_rows_of_four = switches.rows_of_four

    def solve(self, grid: list[int]) -> list[int] | None:
        """The first solution of ``grid`` (a new list), or ``None`` if it has none."""
        grid = list(grid)
        self.rows_tried = 0
        state = self.place_singles(grid, forced=self.optimisations.singles)
        if state is None:
            return None
        if state[0]:
            with self._lock:  # the shared matrix serves one search at a time
                cover = self._dance(grid, state[1])
            if cover is None:
                return None
            size = self.size
            for row in cover:
                cell, digit = decode_row(row, size)
                grid[cell] = digit
        return grid

    def count(self, grid: list[int], limit: int | None = None) -> int:
        """How many solutions ``grid`` has, counting no further than ``limit``."""
        grid = list(grid)
        state = self.place_singles(grid, forced=self.optimisations.singles)
        if state is None:
            return 0
        if not state[0]:
            return 1
        with self._lock:
            matrix, primary, open_rows, _ = self._load(grid, state[1])
            self._link(matrix, primary, open_rows)
            return matrix.count_solutions(limit)


def column_order(families: list[list[int]], start: float) -> list[int]:
    """The primary columns, family after family, each family begun at the
    share ``start`` of its length and wrapped round (0.0: as given)."""
    order = []
    for family in families:
        k = int(start * len(family))
        order += family[k:] + family[:k]
    return order


_ENGINES: dict[int, SudokuEngine] = {}


def engine(box: int) -> SudokuEngine:
    """The shared engine for sudokus of order ``box``, made on first use."""
    if box not in _ENGINES:
        _ENGINES[box] = SudokuEngine(box)
    return _ENGINES[box]


# ---------------------------------------------------------------------------
# Public entry points: checked input, any supported size
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


def solve_sudoku(grid: object, size: int | None = None) -> np.ndarray | None:
    """Solve an N x N sudoku (N = 4, 9, 16, 25 or 36; 0 = blank).

    Returns the solution as a new ``int64`` array, or ``None`` when there is
    none.  A puzzle with several solutions gets one of them, the same one on
    every call.  ``size``, when given, is the only side accepted.  Malformed
    input raises as ``read_grid`` says.
    """
    box, cells = read_grid(grid, size)
    solution = engine(box).solve(cells)
    if solution is None:
        return None
    side = box * box
    return np.array(solution, dtype=np.int64).reshape(side, side)


def count_solutions(grid: object, limit: int | None = 2) -> int:
    """How many solutions an N x N sudoku has, counting no further than ``limit``
    (``None`` counts them all).  ``limit=2`` tells unique from ambiguous."""
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1 or None, got {limit}")
    box, cells = read_grid(grid)
    return engine(box).count(cells, limit)


# ---------------------------------------------------------------------------
# An independent checker
# ---------------------------------------------------------------------------
# Written from the rules alone: it uses nothing above this line but numpy, so
# a fault in the solver cannot hide behind the same fault in its checker
# (the project's tests check that it names nothing else of this module).


def is_valid_solution(puzzle: object, grid: object) -> bool:
    """True when ``grid`` is a complete, valid sudoku that keeps every given of ``puzzle``.

    Both are square N x N arrays (or nested lists) with N a perfect square;
    ``puzzle`` uses 0 for a blank.  Every row, column and box of ``grid`` must
    hold each of 1..N exactly once.
    """
    puzzle = np.asarray(puzzle)
    grid = np.asarray(grid)
    side = grid.shape[0] if grid.ndim == 2 else 0
    box = math.isqrt(side)
    if side == 0 or grid.shape != (side, side) or puzzle.shape != grid.shape or box * box != side:
        return False
    digits = set(range(1, side + 1))
    rows = [list(grid[r, :]) for r in range(side)]
    columns = [list(grid[:, c]) for c in range(side)]
    boxes = [
        list(grid[top : top + box, left : left + box].ravel())
        for top in range(0, side, box)
        for left in range(0, side, box)
    ]
    for unit in rows + columns + boxes:
        if len(unit) != side or set(int(v) for v in unit) != digits:
            return False
    givens = puzzle != 0
    return bool(np.all(grid[givens] == puzzle[givens]))


# ---------------------------------------------------------------------------
# The textbook method: backtracking search with minimum remaining values and forward checking
# ---------------------------------------------------------------------------
# Rung 0 of the report's development ladder: the method the AI unit
# recommends, kept to the textbook (Russell and Norvig, *Artificial
# Intelligence: A Modern Approach*, ch. 6).  It is also the project's
# independent reference solver, which labels the project's data and judges
# the property tests, so it uses nothing of the solver above it except the
# named constants EMPTY and NO_SOLUTION: numpy and the standard library
# otherwise (the project's tests check that it names nothing else of this
# module, and that the solver names nothing of it).  It comes last so that
# the rule reads simply, nothing above it but two constants, while the
# checker keeps its place right after the entry points it checks.
#
# The problem, for an N x N sudoku with B x B boxes (N = B * B: 4, 9, 16, ...)
#     variables    the N * N cells, numbered row by row.
#     domains      the digits a cell may still take, as a bit mask: bit d - 1
#                  stands for digit d.
#     constraints  all-different on every row, column and box, written as
#                  binary inequalities between *peers* (two cells that share
#                  a unit).
#
# The search (SudokuCSP)
#     assign       put a digit in a cell, then *forward check*: remove that
#                  digit from the domain of every unassigned peer, and fail at
#                  once if one of them has no digit left.
#     select       minimum remaining values (MRV): the unassigned cell with
#                  the smallest domain, the first in row-major order on a tie.
#     order        the digits of its domain in increasing order.
#     backtrack    depth first, undoing an assignment and its pruning on the
#                  way back.  Recursive, one level per blank: fine up to
#                  25 x 25 (625 cells), but a 36 x 36 puzzle with most cells
#                  blank would pass Python's default recursion limit of 1000.
# Nothing else prunes: no hidden singles, no arc consistency beyond forward
# checking.  The givens are assigned first, with the same forward checking,
# and are not counted as search assignments.


class SearchBudgetExceeded(Exception):
    """The backtracking search tried more assignments than its budget allowed."""


@lru_cache(maxsize=None)
def _csp_peers(box: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of the grid of box side ``box``, the other cells of its row,
    column and box, in increasing order."""
    side = box * box

    def place(cell: int) -> tuple[int, int, int]:
        row, col = divmod(cell, side)
        return row, col, (row // box) * box + col // box

    places = [place(cell) for cell in range(side * side)]
    return tuple(
        tuple(
            other
            for other in range(side * side)
            if other != cell and any(mine == theirs for mine, theirs in zip(places[cell], places[other]))
        )
        for cell in range(side * side)
    )


#: the most digits for which the domain sizes come from a table: 2**16
#: entries; a 25 x 25 board's table would hold 2**25
_DOMAIN_TABLE_MAX_DIGITS = 16


class _CountedDomainSizes:
    """Stands in for the table of domain sizes where it would be too big:
    ``_CountedDomainSizes()[mask]`` counts the bits set in ``mask``."""

    def __getitem__(self, mask: int) -> int:
        return bin(mask).count("1")


@lru_cache(maxsize=None)
def _domain_sizes(side: int) -> tuple[int, ...] | _CountedDomainSizes:
    """``sizes[mask]``: how many digits the domain ``mask`` of an N x N board
    (N = ``side``) holds.

    MRV asks it for every open cell at every step.  ``int.bit_count`` is newer
    than Python 3.8, and a lookup is faster than counting anyway, so for
    N <= 16 this is a table of all 2**N answers, made once per size.
    """
    if side > _DOMAIN_TABLE_MAX_DIGITS:
        return _CountedDomainSizes()
    sizes = [0]
    for _ in range(side):
        sizes += [size + 1 for size in sizes]  # the masks with the next bit set: one digit more
    return tuple(sizes)


class SudokuCSP:
    """One puzzle's variables and domains, and the backtracking search over them.

    ``domains[cell]`` is the cell's domain as a bit mask and ``values[cell]``
    its digit, 0 while unassigned.  After construction the givens are assigned
    and forward checked; ``consistent`` is False when that already failed (a
    repeated given, or a blank with no digit left).  ``assignments`` counts
    the assignments the search has tried, ``budget`` caps them (None: no cap).
    """

    def __init__(self, cells: Sequence[int], box: int, budget: int | None = None) -> None:
        self.side = box * box
        self.peers = _csp_peers(box)
        self.domain_sizes = _domain_sizes(self.side)
        self.values = [EMPTY] * len(cells)
        self.domains = [(1 << self.side) - 1] * len(cells)
        self.assignments = 0
        self.budget = budget
        self.consistent = all(
            self.assign(cell, 1 << (digit - 1)) is not None for cell, digit in enumerate(cells) if digit != EMPTY
        )

    def assign(self, cell: int, bit: int) -> list[int] | None:
        """Give ``cell`` the digit of ``bit`` and forward check.

        Returns the peers whose domains lost the digit, to hand to
        ``unassign`` later; or None, with nothing changed, when the digit is
        not in the cell's domain or a peer's domain becomes empty.
        """
        if not self.domains[cell] & bit:
            return None
        self.values[cell] = bit.bit_length()
        pruned = []
        for peer in self.peers[cell]:
            if self.values[peer] == EMPTY and self.domains[peer] & bit:
                self.domains[peer] ^= bit
                pruned.append(peer)
                if not self.domains[peer]:
                    self.unassign(cell, bit, pruned)
                    return None
        return pruned

    def unassign(self, cell: int, bit: int, pruned: list[int]) -> None:
        """Undo ``assign(cell, bit)``, which pruned the peers ``pruned``."""
        for peer in pruned:
            self.domains[peer] |= bit
        self.values[cell] = EMPTY

    def select_unassigned_variable(self, open_cells: Sequence[int]) -> int:
        """MRV: the position in ``open_cells`` (unassigned cells in row-major
        order) of the first cell with the smallest domain."""
        best, best_size = 0, self.side + 1
        sizes = self.domain_sizes
        for k, cell in enumerate(open_cells):
            size = sizes[self.domains[cell]]
            if size < best_size:
                best, best_size = k, size
                # Forward checking leaves no empty domain, so 1 cannot be beaten.
                if size == 1:
                    break
        return best

    def search(self, open_cells: list[int], found: list[list[int]], limit: int | None) -> bool:
        """Depth-first search over the unassigned ``open_cells``; appends each
        complete assignment to ``found`` and returns True once ``found`` holds
        ``limit`` of them (never when ``limit`` is None).

        Raises ``SearchBudgetExceeded`` on the assignment after the budget.
        """
        if not open_cells:
            found.append(list(self.values))
            return len(found) == limit
        k = self.select_unassigned_variable(open_cells)
        cell = open_cells[k]
        rest = open_cells[:k] + open_cells[k + 1 :]
        domain = self.domains[cell]
        while domain:
            bit = domain & -domain  # the smallest digit left: digits go up
            domain ^= bit
            self.assignments += 1
            if self.budget is not None and self.assignments > self.budget:
                raise SearchBudgetExceeded(f"more than {self.budget} assignments")
            pruned = self.assign(cell, bit)
            if pruned is not None:
                done = self.search(rest, found, limit)
                self.unassign(cell, bit, pruned)
                if done:
                    return True
        return False

    def run(self, limit: int | None) -> list[list[int]]:
        """Up to ``limit`` solutions (all when None), each a flat list of digits."""
        found: list[list[int]] = []
        if self.consistent and limit != 0:
            self.search([cell for cell, value in enumerate(self.values) if value == EMPTY], found, limit)
        return found


def _csp_cells(grid: object) -> tuple[list[int], int]:
    """``(cells, box)``: the digits of ``grid`` row by row and its box side,
    checked as ``backtracking_solve`` says."""
    array = np.asarray(grid)
    if array.ndim == 1 and math.isqrt(array.size) ** 2 == array.size:
        array = array.reshape(math.isqrt(array.size), -1)
    side = array.shape[0] if array.ndim == 2 else 0
    box = math.isqrt(side)
    if side == 0 or array.shape != (side, side) or box * box != side:
        raise ValueError(f"expected an N x N grid with N a square number, got shape {array.shape}")
    if not np.issubdtype(array.dtype, np.number) or not np.all((array >= 0) & (array <= side) & (array % 1 == 0)):
        raise ValueError(f"every value must be a whole number from 0 to {side}")
    return [int(value) for value in array.ravel().tolist()], box


def backtracking_solve(grid: object, budget: int | None = None) -> tuple[np.ndarray | None, int]:
    """``(solution, assignments)``: the first solution of ``grid`` in search
    order as a new N x N int array (None when there is none), and how many
    assignments the search tried.

    ``grid`` is an N x N array-like, or a flat one of N * N values, with
    N = B * B for a box side B >= 1 and every value a whole number in 0..N
    (0 for a blank); it is not modified.  Raises ``ValueError`` when it is not
    such a grid, and ``SearchBudgetExceeded`` when more than ``budget``
    assignments would be needed (never when it is None).
    """
    cells, box = _csp_cells(grid)
    problem = SudokuCSP(cells, box, budget)
    found = problem.run(limit=1)
    side = box * box
    solution = np.array(found[0], dtype=int).reshape(side, side) if found else None
    return solution, problem.assignments


def backtracking_count(grid: object, limit: int | None = 2, budget: int | None = None) -> int:
    """How many solutions ``grid`` has, counting no further than ``limit``
    (all of them when None): with the default, 0, 1 or 2 for "two or more".

    ``grid`` and ``budget`` as for ``backtracking_solve``.
    """
    cells, box = _csp_cells(grid)
    return len(SudokuCSP(cells, box, budget).run(limit))


def backtracking_solver(sudoku: np.ndarray) -> np.ndarray:
    """The assignment's contract, met by the textbook method: for an N x N
    puzzle (0 = blank), a new N x N int array holding its solution, or every
    cell -1 when it has none (repeated givens included).  ``sudoku`` is not
    modified.

    Raises ``ValueError`` when ``sudoku`` is not such a grid.
    """
    solution, _ = backtracking_solve(sudoku)
    if solution is None:
        side = math.isqrt(np.size(sudoku))
        return np.full((side, side), NO_SOLUTION, dtype=int)
    return solution
