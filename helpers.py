"""Dancing links (Knuth's Algorithm X) and its use as a sudoku solver: the
code behind ``sudoku.ipynb``'s ``sudoku_solver``.

In the order a puzzle meets it: the exact-cover engine (``DancingNode``,
``ColumnObject``, ``AlgorithmX``), sudoku as exact cover, and the engine that
places every forced digit and then searches what is left (``SudokuEngine``,
with ``read_grid`` and ``solve_sudoku``).  Last comes a checker the solver
does not use, ``is_valid_solution``, written from the rules alone.  numpy and
the standard library only; nothing is kept between calls but what a caller
holds (and pure caches of constant tables).  The experiment that
``experiment.ipynb`` runs is in ``experiment.py``.

Knuth's words (D. E. Knuth, "Dancing Links", 2000, arXiv:cs/0011047):

    exact cover    rows of a 0/1 matrix with exactly one 1 in every column.
    data object    ``DancingNode``: a 1, linked along its row and its column.
    column object  ``ColumnObject``: a column; its ``head`` node tops the
                   column's ring and sits in the list of columns to cover.
    root h         ``AlgorithmX.root``: where that list starts and ends.
    cover(c)       ``AlgorithmX.cover``: take column c out of the list, and
                   every row with a 1 in c out of its other columns.
    uncover(c)     ``AlgorithmX.uncover``: the exact inverse, in reverse order.
    "cover every other column of r"
                   ``AlgorithmX.cover_other_columns``: cover(c) for each other
                   column of row r, in one pass; ``uncover_other_columns``
                   undoes it.
    S heuristic    ``AlgorithmX.choose_column``: the first column of least size.
    search(k)      ``AlgorithmX.search``: the backtracking search, as a loop.
    candidate      "digit d in cell (r, c)": a row of the sudoku matrix.
    constraint     a column: a cell holds one digit; a row, column or box
                   holds each digit once.
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator, Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np

# ---------------------------------------------------------------------------
# Named constants
# ---------------------------------------------------------------------------

SUDOKU_BOX = 3  #: box side of the standard sudoku
SUDOKU_SIZE = SUDOKU_BOX * SUDOKU_BOX  #: 9 rows, 9 columns, 9 digits
SUDOKU_CELLS = SUDOKU_SIZE**2  #: 81 cells
SUDOKU_CANDIDATES = SUDOKU_SIZE**3  #: 729 rows of the exact-cover matrix
#: the four kinds of constraint, each a family of columns: a cell holds one digit; a row, a column, a box holds each digit once
CONSTRAINT_FAMILIES = ("cell", "row-digit", "column-digit", "box-digit")
SUDOKU_CONSTRAINTS = len(CONSTRAINT_FAMILIES) * SUDOKU_SIZE**2  #: 324 columns of the exact-cover matrix
EMPTY = 0  #: the value of a blank cell
NO_SOLUTION = -1  #: every cell of the answer to a puzzle with no solution


# ---------------------------------------------------------------------------
# Dancing links
# ---------------------------------------------------------------------------


class DancingNode:
    """One 1 of the matrix (Knuth's data object), in two circular lists: its
    row (``left``, ``right``) and its column (``up``, ``down``); ``column`` is
    its ``ColumnObject`` and ``row`` its matrix row (-1 for a column's head)."""

    __slots__ = ("left", "right", "up", "down", "column", "row")

    def __init__(self, column: ColumnObject, row: int = -1) -> None:
        self.left = self.right = self.up = self.down = self
        self.column = column
        self.row = row


class ColumnObject:
    """A column of the matrix (Knuth's column object): its ``name`` (his N),
    its ``size`` (his S) and ``head``, the node through which the search
    reaches it.

    Knuth links the column object itself into its column's ring and into the
    list of columns still to cover.  Here ``head``, a ``DancingNode``, does
    both, so that the search walks nodes of one class only: CPython 3.11 and
    later speed up an attribute read for the one class it meets there.
    """

    __slots__ = ("head", "name")

    def __init__(self, name: object) -> None:
        self.head = DancingNode(self)
        self.name = name

    @property
    def size(self) -> int:
        """Knuth's S: the rows linked in this column, counted along its ring."""
        size = 0
        node = self.head.down
        while node is not self.head:
            size += 1
            node = node.down
        return size


class AlgorithmX:
    """Knuth's Algorithm X on dancing links, for any exact-cover problem.

    ``rows`` is the sparse 0/1 matrix: for each row, the indices of its
    columns that hold a 1 (rows are numbered by their position);
    ``n_columns`` the number of columns, by default one more than the
    largest index used; ``names`` Knuth's column names, by default the
    indices.  Every column is to be covered.  A new matrix is linked whole;
    ``restrict`` makes later searches solve a part of it.
    """

    def __init__(
        self, rows: Sequence[Iterable[int]], n_columns: int | None = None, names: Sequence[object] = ()
    ) -> None:
        row_lists = [sorted(set(row)) for row in rows]
        if n_columns is None:
            n_columns = len(names) if names else max((row[-1] for row in row_lists if row), default=-1) + 1
        if names and len(names) != n_columns:
            raise ValueError(f"{len(names)} column names for {n_columns} columns")
        if any(row and (row[0] < 0 or row[-1] >= n_columns) for row in row_lists):
            raise ValueError(f"a row has a column outside 0 to {n_columns - 1}")
        self.root = ColumnObject("root").head  #: Knuth's root h: the list of columns to cover starts and ends here
        self.columns = [ColumnObject(name) for name in (names or range(n_columns))]
        #: each row's nodes, left to right, each with the head of its column: what ``link`` links
        self.row_links: list[list[tuple[DancingNode, DancingNode]]] = []
        for r, row in enumerate(row_lists):
            nodes = [DancingNode(self.columns[j], r) for j in row]
            # A row's ring never changes: cover and uncover leave left and right alone.
            for a, b in zip(nodes, nodes[1:] + nodes[:1]):
                a.right, b.left = b, a
            self.row_links.append([(node, node.column.head) for node in nodes])
        self.rows_tried = 0  #: rows taken by the last search to yield or end (each step forward counts one)
        self.cut_off = False  #: whether the last search stopped at its ``row_limit``, part of its tree unsearched
        self.restrict(range(n_columns), range(len(row_lists)))
        self.link()

    def restrict(self, columns: Iterable[int], rows: Iterable[int]) -> None:
        """Make every later search solve only ``columns`` (to cover, in this
        order) with only ``rows``.  Each column of those rows must be listed
        (as ``SudokuEngine.open_part`` makes sure): a column left out would
        keep the links of an earlier search."""
        self.open_columns, self.open_rows = list(columns), list(rows)

    def link(self) -> None:
        """Link the matrix afresh to hold the part ``restrict`` last gave: empty
        its columns, string their heads into the list in order, and append each
        of its rows' nodes to their columns.  The nodes exist already, so this
        costs a few assignments per node, whatever an earlier search left."""
        last = self.root
        for j in self.open_columns:
            head = self.columns[j].head
            head.up = head.down = head
            last.right, head.left = head, last
            last = head
        last.right, self.root.left = self.root, last
        row_links = self.row_links
        for r in self.open_rows:
            for node, head in row_links[r]:
                bottom = head.up
                node.up, node.down = bottom, head
                bottom.down = head.up = node

    def cover(self, column: ColumnObject) -> None:
        """Knuth's cover(c): take ``column`` out of the list of columns to
        cover, and every row with a 1 in it out of the other columns it fills.
        The rows stay linked in ``column`` itself, for ``uncover``."""
        head = column.head
        head.right.left = head.left
        head.left.right = head.right
        i = head.down
        while i is not head:
            j = i.right
            while j is not i:
                j.down.up = j.up
                j.up.down = j.down
                j = j.right
            i = i.down

    def uncover(self, column: ColumnObject) -> None:
        """Knuth's uncover(c), the exact inverse of ``cover(column)``: it
        undoes cover's steps in the reverse order, the rows bottom to top and
        each right to left, as Knuth does."""
        head = column.head
        i = head.up
        while i is not head:
            j = i.left
            while j is not i:
                j.down.up = j.up.down = j
                j = j.left
            i = i.up
        head.right.left = head.left.right = head

    def cover_other_columns(self, node: DancingNode) -> list[ColumnObject]:
        """Cover every other column of ``node``'s row (Knuth's words), left to
        right, and return the columns these covers leave with no rows.

        It is ``cover(c)`` for each of them, written out in one pass to save a
        call per column.  The columns it returns spare ``choose_column`` a
        scan for an empty one.
        """
        emptied = []
        j = node.right
        while j is not node:
            head = j.column.head
            head.right.left = head.left
            head.left.right = head.right
            i = head.down
            while i is not head:
                k = i.right
                while k is not i:
                    up, down = k.up, k.down
                    down.up, up.down = up, down
                    if up is down:  # only its head is left
                        emptied.append(k.column)
                    k = k.right
                i = i.down
            j = j.right
        return emptied

    def uncover_other_columns(self, node: DancingNode) -> None:
        """Uncover every other column of ``node``'s row, right to left: the
        exact inverse of ``cover_other_columns(node)``, ``uncover(c)`` for each."""
        j = node.left
        while j is not node:
            head = j.column.head
            i = head.up
            while i is not head:
                k = i.left
                while k is not i:
                    k.down.up = k.up.down = k
                    k = k.left
                i = i.up
            head.right.left = head.left.right = head
            j = j.left

    def choose_column(self, emptied: Iterable[ColumnObject] | None = None) -> ColumnObject | None:
        """Knuth's S heuristic: the first column of least size in the list of
        columns to cover, or ``None`` when the list is empty.

        ``emptied``, when given, must hold every empty column of the list,
        and may hold other columns too.  The first column in ``emptied``
        that is still in the list and empty is returned: when several are
        empty it may not be the first in the list, but any empty column ends
        the branch the same way.  Without ``emptied`` the list itself is
        searched for an empty column.

        No sizes are stored, unlike Knuth's program, which keeps each up to
        date in cover and uncover and scans the whole list once.  Once no
        column is empty, a column holds one row when the node above its head
        is the node below it, so one scan looks for such a column, a second
        for one of two rows, and only then are sizes counted.
        """
        root = self.root
        if emptied is None:
            head = root.right
            while head is not root and head.down is not head:
                head = head.right
            if head is not root:
                return head.column
        else:
            for column in emptied:
                head = column.head
                left = head.left
                if head.down is head and left.right is head and left is not head:  # no rows, and in the list
                    return column
        head = root.right
        while head.up is not head.down:  # one row; stops at the root at the latest
            head = head.right
        if head is not root:
            return head.column
        head = root.right
        while head.down.down is not head.up:  # two rows
            head = head.right
        if head is not root:
            return head.column
        columns = []
        while head.right is not root:
            head = head.right
            columns.append(head.column)
        return min(columns, key=lambda column: column.size) if columns else None

    def search(self, row_limit: int | None = None) -> Generator[list[int], None, None]:
        """Yield every exact cover of the part ``restrict`` gave (the whole
        matrix by default), each as sorted row indices.  With ``row_limit``,
        it stops before taking a row beyond that many, and sets ``cut_off``.

        Knuth's search(k), as a loop: choose a column c and cover it; for each
        row r of c, take r (cover every other column of r), search on, and
        leave r (uncover those columns); then uncover c.  ``chosen`` holds the
        node of the row taken at each level (his O_k), and ``rows_tried``
        counts them.

        It links the matrix first (``link``), so it never depends on how an
        earlier search ended: a search abandoned at a cover leaves its rows
        taken, and the next search starts afresh, so a solve need not spend
        time leaving them one by one.  Run to its end, it leaves the links as
        it found them, as Knuth's does.  Two searches of one matrix must not
        run interleaved: they share its links.

        Only the first choice searches the list for an empty column; later
        ones look only at the columns that taking the last row emptied.  No
        other column can be empty: c, of least size s >= 1, is chosen when
        none is, so a column that cover(c) empties held only rows of c, at
        least s of them, hence all of them, and each row taken from c covers
        it.
        """
        self.link()
        self.cut_off = False
        limit = -1 if row_limit is None else row_limit  # -1: tried, counting up from 0, never meets it
        choose_column, cover, uncover = self.choose_column, self.cover, self.uncover
        cover_other_columns, uncover_other_columns = self.cover_other_columns, self.uncover_other_columns
        chosen: list[DancingNode] = []
        emptied: list[ColumnObject] | None = None  # at first, any column may be empty
        tried = 0
        while True:
            column = choose_column(emptied)
            if column is None:  # every column is covered: the rows taken are a solution
                self.rows_tried = tried
                yield sorted(node.row for node in chosen)
                node = None
            else:
                cover(column)
                node = column.head.down
            # No row left to try in this column: leave the row taken a level above, and try its next.
            while node is None or node.row < 0:
                if node is not None:
                    uncover(node.column)
                if not chosen:
                    self.rows_tried = tried
                    return
                node = chosen.pop()
                uncover_other_columns(node)
                node = node.down
            if tried == limit:
                self.rows_tried, self.cut_off = tried, True
                return
            tried += 1
            chosen.append(node)
            emptied = cover_other_columns(node)

    def first_solution(self, row_limit: int | None = None) -> list[int] | None:
        """The first exact cover ``search(row_limit)`` yields (sorted row
        indices), or ``None``; the search is then abandoned."""
        return next(self.search(row_limit), None)


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


def box_of(cell: int, box: int) -> int:
    """The box (numbered row by row) that holds ``cell`` in a grid of order ``box``."""
    row, col = divmod(cell, box * box)
    return (row // box) * box + col // box


def constraint_columns(cell: int, digit: int, box: int) -> tuple[int, int, int, int]:
    """The four columns a candidate fills, one per constraint family.

    For a grid of side N = box**2 the columns are numbered family by family:
    N**2 cell columns, then N**2 row-digit, N**2 column-digit and N**2
    box-digit columns, each family ordered by (unit, digit).
    """
    size = box * box
    r, c = divmod(cell, size)
    d = digit - 1
    area = size * size
    return (cell, area + r * size + d, 2 * area + c * size + d, 3 * area + box_of(cell, box) * size + d)


@lru_cache(maxsize=None)
def exact_cover_rows(box: int) -> tuple[tuple[int, int, int, int], ...]:
    """The whole sudoku matrix of order ``box``: row ``candidate_row(cell, digit)``
    lists the columns of that candidate."""
    size = box * box
    return tuple(constraint_columns(cell, digit, box) for cell in range(size * size) for digit in range(1, size + 1))


class Candidates(NamedTuple):
    """What propagation leaves: ``blanks``, the blank cells as a bit board (0
    when the grid is full), and ``places``, for each digit the board of cells
    where it may still go (masked by the blanks when propagation returns it;
    ``_read_givens`` leaves that to its caller)."""

    blanks: int
    places: list[int]


class OpenPart(NamedTuple):
    """What the search must still do: ``columns``, the constraints not yet met,
    in the engine's column order; ``rows``, the candidates still possible."""

    columns: list[int]
    rows: list[int]


class Answer(NamedTuple):
    """What ``SudokuEngine.solve`` found: ``grid``, the solution (``None`` when
    there is none), and ``rows_tried``, the rows its searches took (0 when
    propagation settled the puzzle)."""

    grid: list[int] | None
    rows_tried: int


# The S heuristic takes the first column of least size, so the order of the list of columns
# breaks its ties.  An order lists every column of the matrix once, family after family
# (cells, then (row, digit), (column, digit) and (box, digit) pairs).

#: a puzzle's first search may try this many rows per row of the whole matrix (11,664 for 9 x 9) before
#: it starts again (``SudokuEngine.first_cover``): more than any 9 x 9 puzzle of the tuning halves needed;
#: larger grids get as many rows per candidate, a scaling not measured
RESTART_ROWS_PER_CANDIDATE = 16

#: the seed of the solver's column order: each family's columns shuffled, chosen over the
#: columns in the order of their numbers while the solver was developed
ORDER_SEED = 0


def shuffled(items: Iterable[int], rng: random.Random) -> list[int]:
    """``items`` in a random order drawn from ``rng``.  It draws with
    ``rng.random()`` alone, whose stream every Python keeps, so that a seed
    gives the same order on every Python."""
    return sorted(items, key=lambda _: rng.random())


def random_order(seed: int = ORDER_SEED, box: int = SUDOKU_BOX) -> list[int]:
    """A column order: the columns of each family ``shuffled`` by a generator
    seeded with ``seed``, the families one after another."""
    rng = random.Random(seed)
    area = box**4
    return [
        j
        for family in range(len(CONSTRAINT_FAMILIES))
        for j in shuffled(range(family * area, (family + 1) * area), rng)
    ]


class SudokuEngine:
    """Solve sudokus of one order ``box`` (side N = box**2), given as flat
    lists of N*N ints (0 for a blank), in two steps: ``place_forced_digits``
    places every digit the rules force, on one bit board per digit (an int
    whose bit i says "this digit may still go in cell i"); then dancing
    links search what is left, on one ``AlgorithmX`` over all N**3
    candidates, built when a puzzle first needs it and linked afresh for
    each puzzle (``matrix_for``), and started again in another order when
    it runs long (``first_cover``).  Whoever holds the engine reuses that
    matrix.  The experiment's engine (``experiment.py``) subclasses it to
    take its ideas away one at a time.

    ``order``, the order of the list of columns, which breaks the S
    heuristic's ties, is ``random_order(ORDER_SEED, box)``.
    """

    def __init__(self, box: int) -> None:
        self.box = box
        self.size = size = box * box
        area = size * size
        self.order = random_order(ORDER_SEED, box)
        cells = range(area)
        self.all_cells = (1 << area) - 1
        # A unit (row, column or box) as a bit board of its cells.
        places = [(i // size, i % size, box_of(i, box)) for i in cells]
        self.unit_boards = [sum(1 << i for i in cells if places[i][k] == u) for k in range(3) for u in range(size)]
        rows, cols, boxes = (self.unit_boards[k * size : (k + 1) * size] for k in range(3))
        # The cells a digit in cell i leaves open: placing it is then one AND.
        self.outside_peers = [self.all_cells & ~(rows[r] | cols[c] | boxes[b]) for r, c, b in places]
        # What a digit's places in a unit say: one cell is a hidden single (0); cells of one segment,
        # where a line crosses a box, rule out the other cells of both (locked candidates).
        self.unit_rules: dict[int, int] = {1 << i: 0 for i in cells}
        for line in rows + cols:
            for b in boxes:
                segment = line & b
                pattern = segment  # then every other non-empty subset of its cells
                while pattern:
                    if pattern & (pattern - 1):  # two cells or more (clearing the lowest bit leaves some)
                        self.unit_rules[pattern] = (line | b) & ~segment
                    pattern = (pattern - 1) & segment  # the next smaller subset of the segment's bits
        #: the rows the first search of a puzzle may try (``first_cover``); None: no limit
        self.restart_rows: int | None = RESTART_ROWS_PER_CANDIDATE * size**3
        self.values = set(range(size + 1))  #: what a cell may hold (0: blank)
        self.matrix: AlgorithmX | None = None  # built when a puzzle first needs it

    def solve(self, grid: list[int]) -> Answer:
        """The first solution of ``grid`` (a new list) and the rows tried to
        find it.  ``grid`` holds N*N ints; one outside 0 to N has no solution.
        ``ValueError`` for a grid of another length, or a cell that is not an
        int (``read_grid`` makes such a list from an array)."""
        grid = list(grid)
        if len(grid) != self.size * self.size:
            raise ValueError(f"expected {self.size * self.size} cells, got {len(grid)}")
        if {type(value) for value in grid} != {int}:
            raise ValueError("a grid's cells are ints")
        if not set(grid) <= self.values:
            return Answer(None, 0)
        candidates = self.place_forced_digits(grid)
        if candidates is None:
            return Answer(None, 0)
        if not candidates.blanks:
            return Answer(grid, 0)
        part = self.open_part(grid, candidates.places)
        rows, tried = self.first_cover(self.matrix_for(part), part)
        if rows is None:
            return Answer(None, tried)
        for row in rows:
            cell, digit = decode_row(row, self.size)
            grid[cell] = digit
        return Answer(grid, tried)

    def first_cover(self, matrix: AlgorithmX, part: OpenPart) -> tuple[list[int] | None, int]:
        """The first exact cover of ``part`` (sorted rows, or ``None`` when it
        has none) and the rows tried in all, searched on ``matrix``, which
        ``restrict`` has given ``part``.

        A search that reaches ``restart_rows`` rows starts again, with twice
        the limit, its columns ``shuffled`` by the next seed (the families
        mixed), until one ends: the S heuristic's ties make a search's length vary
        widely with the order, and long searches are rare in most orders
        (Gomes, Selman and Kautz, "Boosting combinatorial search through
        randomization", 1998).  The limits grow, so some search is not cut
        off, and a search not cut off has found a solution or searched its
        whole tree: no solution is lost.
        ``matrix`` is left restricted to the order of the last search.
        """
        limit = self.restart_rows
        rows = matrix.first_solution(limit)
        tried, seed = matrix.rows_tried, ORDER_SEED
        while matrix.cut_off:
            seed, limit = seed + 1, 2 * (limit or 1)  # a limit of 0 still grows
            matrix.restrict(shuffled(part.columns, random.Random(seed)), part.rows)
            rows = matrix.first_solution(limit)
            tried += matrix.rows_tried
        return rows, tried

    def place_forced_digits(self, grid: list[int]) -> Candidates | None:
        """Propagation on ``grid`` (changed in place): place every digit the rules
        force; ``None`` when the givens or the forced digits contradict.  Each
        round takes naked singles, then scans the units for hidden singles and
        locked candidates (those of ``unit_rules``), until a scan changes nothing."""
        given = self._read_givens(grid)
        if given is None:
            return None
        blanks, places = given
        # Per digit: the units its last scan found places in, and its board as that scan left it (-1: scan it).
        open_units = [self.unit_boards] * self.size
        seen = [-1] * self.size
        while blanks:
            left = self.place_naked_singles(grid, blanks, places)
            if left is None:
                return None
            blanks = left
            if not blanks or not self.unit_rules:  # nothing left to place, or no rule to scan by
                break
            blanks, changed = self._scan_units(grid, blanks, places, open_units, seen)
            if not changed:
                if self._digit_without_a_place(grid, open_units):
                    return None
                break
        return Candidates(blanks, [board & blanks for board in places])

    def _read_givens(self, grid: list[int]) -> Candidates | None:
        """The blanks of ``grid`` and where each digit may go beside the givens;
        ``None`` for a repeated given.

        A board may still hold cells filled since it was written: every read
        masks it with the blanks, cheaper than clearing every board at each
        placement.
        """
        outside_peers = self.outside_peers
        places = [self.all_cells] * self.size  # places[d]: where digit d + 1 may go
        blanks = 0
        for i, value in enumerate(grid):
            if value:
                d = value - 1
                if not places[d] >> i & 1:
                    return None  # a given its row, column or box already holds
                places[d] &= outside_peers[i]
            else:
                blanks |= 1 << i
        return Candidates(blanks, places)

    def place_naked_singles(self, grid: list[int], blanks: int, places: list[int]) -> int | None:
        """Fill the blanks that one board alone holds until there are none; the
        blanks left, or ``None`` when a blank has no digit left.

        ``once`` marks the cells held by at least one board, ``twice`` by two
        or more, so ``once & ~twice`` are the naked singles of the whole grid.
        """
        outside_peers = self.outside_peers
        digits = range(self.size)
        while blanks:
            once = twice = 0
            for board in places:
                twice |= once & board
                once |= board
            if blanks & ~once:
                return None  # a blank with no candidate
            naked = once & ~twice & blanks
            if not naked:
                break
            while naked:
                bit = naked & -naked  # the lowest set bit: one cell
                naked ^= bit
                for d in digits:
                    if places[d] & bit:
                        break
                else:
                    return None  # its one candidate went to a neighbour placed just now
                i = bit.bit_length() - 1
                grid[i] = d + 1
                places[d] &= outside_peers[i]
                blanks ^= bit
        return blanks

    def _scan_units(
        self, grid: list[int], blanks: int, places: list[int], open_units: list[list[int]], seen: list[int]
    ) -> tuple[int, bool]:
        """One scan of each digit's places in each unit still open for it, by
        ``unit_rules``: place hidden singles, rule out locked candidates.
        Returns the blanks left and whether any board changed."""
        rules = self.unit_rules
        outside_peers = self.outside_peers
        changed = False
        for d in range(self.size):
            board = places[d] & blanks
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
                    blanks ^= cell
            open_units[d] = still_open
            places[d] = board
            if board == before:
                seen[d] = board
            else:
                seen[d] = -1  # what it changed may open a single in a unit already passed
                changed = True
        return blanks, changed

    def _digit_without_a_place(self, grid: list[int], open_units: list[list[int]]) -> bool:
        """Whether some digit has neither a place nor a copy in some unit.

        A placed digit fills three units (its row, column and box), and the
        scan keeps open exactly the units where the digit still has a place.
        """
        units = len(self.unit_boards)
        # Each unit is open for d or holds d; a unit that is neither counts in neither term.
        return any(len(open_units[d]) + 3 * grid.count(d + 1) != units for d in range(self.size))

    def open_part(self, grid: list[int], places: list[int]) -> OpenPart:
        """The columns still to cover, in the engine's order (the blanks of
        ``grid``, and the (row, digit), (column, digit) and (box, digit)
        pairs it still lacks), and the candidates still in ``places``."""
        size = self.size
        columns_of = exact_cover_rows(self.box)
        met: set[int] = set()
        for i, value in enumerate(grid):
            if value:
                met.update(columns_of[i * size + value - 1])  # candidate_row(i, value), written out
        rows = []
        for d, board in enumerate(places):
            while board:
                bit = board & -board  # the lowest set bit: one cell
                board ^= bit
                rows.append((bit.bit_length() - 1) * size + d)  # candidate_row(cell, d + 1), written out
        return OpenPart([j for j in self.order if j not in met], rows)

    def matrix_for(self, part: OpenPart) -> AlgorithmX:
        """The engine's matrix, restricted to ``part``, which its next search
        links: the whole matrix of this order is built on first need
        (``build_matrix``)."""
        matrix = self.matrix if self.matrix is not None else self.build_matrix()
        matrix.restrict(part.columns, part.rows)
        return matrix

    def build_matrix(self) -> AlgorithmX:
        """Build the whole matrix of this order now (N**3 candidates by 4 N**2
        constraints), in place of any before, so that no puzzle's time need include it."""
        self.matrix = AlgorithmX(exact_cover_rows(self.box), len(CONSTRAINT_FAMILIES) * self.size**2)
        return self.matrix


def read_grid(sudoku: object, size: int = SUDOKU_SIZE) -> list[int] | None:
    """The cells of a ``size`` x ``size`` grid, row by row, as ints; ``None``
    when a cell holds anything but a whole number from 0 to ``size``, since no
    sudoku with such a cell has a solution.

    Raises ``ValueError`` for what is not a grid of numbers: another shape,
    text, booleans, or cells that are not numbers.  The input is not modified.
    """
    array = np.asarray(sudoku)
    if array.shape != (size, size) or array.dtype.kind not in "iuf":
        raise ValueError(f"expected a {size} x {size} grid of numbers, got shape {array.shape}, dtype {array.dtype}")
    cells = array.ravel().tolist()
    if not set(cells) <= set(range(size + 1)):  # 2.0 passes; 2.5, 10 and NaN do not
        return None
    return cells if array.dtype.kind in "iu" else [int(value) for value in cells]


def solve_sudoku(sudoku: object, size: int = SUDOKU_SIZE) -> np.ndarray | None:
    """The solution of a ``size`` x ``size`` sudoku (0 = blank) as a new int
    array, or ``None`` when it has none.  A puzzle with several solutions gets
    one of them, the same one on every call.  Input as ``read_grid`` says;
    ``ValueError`` too when ``size`` is not the square of a box side.

    Each call makes an engine of its own; to solve many puzzles, hold one
    ``SudokuEngine`` and call its ``solve``, as the notebook's
    ``sudoku_solver`` does, so that its matrix is built once.
    """
    box = math.isqrt(size) if size > 0 else 0
    if box * box != size or box == 0:
        raise ValueError(f"a sudoku's side is the square of its box side (4, 9, 16, ...), not {size}")
    cells = read_grid(sudoku, size)
    solution = None if cells is None else SudokuEngine(box).solve(cells).grid
    return None if solution is None else np.array(solution, dtype=np.int64).reshape(size, size)


# ---------------------------------------------------------------------------
# An independent checker
# ---------------------------------------------------------------------------
# Written from the rules alone, with nothing above this line but numpy, so that a
# fault in the solver cannot hide behind the same fault in its checker.


def is_valid_solution(puzzle: object, grid: object) -> bool:
    """True when ``grid`` is a complete, valid sudoku that keeps every given of ``puzzle``.

    Both are square N x N arrays (or nested lists) with N a perfect square;
    ``puzzle`` uses 0 for a blank.  Every row, column and box of ``grid`` must
    hold each of 1..N exactly once.
    """
    puzzle, grid = np.asarray(puzzle), np.asarray(grid)
    side = grid.shape[0] if grid.ndim == 2 else 0
    box = math.isqrt(side)
    if side == 0 or grid.shape != (side, side) or puzzle.shape != grid.shape or box * box != side:
        return False
    boxes = [grid[top : top + box, left : left + box] for top in range(0, side, box) for left in range(0, side, box)]
    digits = list(range(1, side + 1))
    rules_kept = all(sorted(unit.ravel().tolist()) == digits for unit in [*grid, *grid.T, *boxes])
    return rules_kept and bool(np.all((puzzle == 0) | (grid == puzzle)))
