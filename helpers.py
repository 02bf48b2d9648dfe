"""Dancing links (Knuth's Algorithm X) and its use as a sudoku solver.

The code behind ``sudoku.ipynb``'s ``sudoku_solver``, in the order a puzzle
meets it: the exact-cover engine (``DancingNode``, ``ColumnObject``,
``AlgorithmX``), sudoku as exact cover, and the engine that places every
forced digit and then searches what is left (``SudokuEngine``, with
``read_grid`` and ``solve_sudoku``).  Three parts the solver does not use come
last: an independent checker (``is_valid_solution``), the course's search
that the report compares with (``backtracking_solve``), and the experiment
the notebook runs (``race``, ``ablation``, ``textbook_methods``,
``rows_on_copies``, ``wilcoxon_signed_rank``, ``holm``).  numpy and the
standard library only; no state is kept between calls but what a caller holds
(and pure caches of constant tables).

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

import gc
import math
import platform
import random
import time
import typing
from collections.abc import Generator, Iterable, Sequence
from functools import lru_cache
from typing import Callable, NamedTuple, Tuple, Union

import numpy as np

# ---------------------------------------------------------------------------
# Named constants
# ---------------------------------------------------------------------------

SUDOKU_BOX = 3  #: box side of the standard sudoku
SUDOKU_SIZE = SUDOKU_BOX * SUDOKU_BOX  #: 9 rows, 9 columns, 9 digits
SUDOKU_CELLS = SUDOKU_SIZE**2  #: 81 cells
SUDOKU_CANDIDATES = SUDOKU_SIZE**3  #: 729 rows of the exact-cover matrix
SUDOKU_CONSTRAINTS = 4 * SUDOKU_SIZE**2  #: 324 columns of the exact-cover matrix
CONSTRAINT_FAMILIES = ("cell", "row-digit", "column-digit", "box-digit")
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
    both, so that the search walks nodes of one class only: Python 3.11 and
    later speed up an attribute read for the one class it meets there, and a
    ring of two classes made the search 1.4 times as slow (measured while
    developing it, on CPython 3.11).
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
    indices.  Every column is to be covered.
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
        self.row_nodes: list[list[DancingNode]] = []  #: each row's nodes, left to right (for tests and inspection)
        for r, row in enumerate(row_lists):
            nodes = [DancingNode(self.columns[j], r) for j in row]
            # A row's ring never changes: cover and uncover leave left and right alone.
            for a, b in zip(nodes, nodes[1:] + nodes[:1]):
                a.right, b.left = b, a
            self.row_nodes.append(nodes)
        # Each row's nodes with the head of each one's column, for relink, which links them for every puzzle.
        self.row_links = [[(node, node.column.head) for node in nodes] for nodes in self.row_nodes]
        self.generation = 0  #: how many times the matrix was linked: a paused search checks it was not since
        self.needs_relink = False  #: a search left its rows taken (``restore=False``): only ``relink`` may follow
        self.paused = False  #: a search is paused at a solution, its rows still taken
        self.rows_tried = 0  #: rows taken by the last search to yield or end (each step forward counts one)
        self.link(range(n_columns), range(len(row_lists)))

    def relink(self, columns: Iterable[int], rows: Iterable[int]) -> None:
        """Link the matrix afresh to hold only ``columns``, to cover in this
        order, and ``rows``.  A column not listed keeps the rows given that
        have it, as Knuth's secondary columns do: taking one of them covers
        it, so no two rows taken share it, but the search never chooses it.
        ``ValueError`` for an index repeated or out of range."""
        columns, rows = list(columns), list(rows)
        for name, indices, count in (("column", columns, len(self.columns)), ("row", rows, len(self.row_links))):
            if len(set(indices)) != len(indices) or any(not 0 <= i < count for i in indices):
                raise ValueError(f"each {name} index once, from 0 to {count - 1}: got {indices}")
        for column in self.columns:
            head = column.head
            head.up = head.down = head.left = head.right = head
        self.link(columns, rows)

    def link(self, columns: Iterable[int], rows: Iterable[int]) -> None:
        """``relink`` for a caller that lists every column of ``rows`` (as
        ``SudokuEngine`` does): it resets the listed columns alone, so a
        column not listed would keep stale links.  The nodes exist already:
        this costs a few assignments per node."""
        last = self.root
        for j in columns:
            head = self.columns[j].head
            head.up = head.down = head
            last.right, head.left = head, last
            last = head
        last.right, self.root.left = self.root, last
        row_links = self.row_links
        for r in rows:
            for node, head in row_links[r]:
                bottom = head.up
                node.up, node.down = bottom, head
                bottom.down = head.up = node
        self.generation += 1
        self.needs_relink = self.paused = False

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

        It is ``cover(c)`` for each of them, written out in one pass: a call
        per column made the search 1.1 times as slow on top1465 (measured
        while developing it, on CPython 3.11).  The columns
        it returns spare ``choose_column`` a scan for an empty one.
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

        No sizes are stored.  Once no column is empty, a column holds one row
        when the node above its head is the node below it, so one scan looks
        for such a column, a second for one of two rows, and only then are
        sizes counted.  Knuth keeps every size up to date in cover and
        uncover and finds the least in one scan of the whole list: here, on
        top1465, keeping the sizes made a solve 1.1 times as slow, and his one
        scan 1.9 times, for the same rows tried (measured while developing
        it, on CPython 3.11).
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

    def search(self, restore: bool = True) -> Generator[list[int], None, None]:
        """Yield every exact cover of the linked matrix, each as sorted row
        indices.  Run to its end, or closed early with ``restore``, it leaves
        the links as it found them; closed early without, as they are, and
        then only ``relink`` may follow.  ``RuntimeError`` when it starts on
        such a matrix, or resumes after a relink.

        Knuth's search(k), as a loop: choose a column c and cover it; for each
        row r of c, take r (cover every other column of r), search on, and
        leave r (uncover those columns); then uncover c.  ``chosen`` holds the
        node of the row taken at each level (his O_k), and ``rows_tried``
        counts them.

        Only the first choice searches the list for an empty column; later
        ones look only at the columns that taking the last row emptied.  No
        other column can be empty: c, of least size s >= 1, is chosen when
        none is, so a column that cover(c) empties held only rows of c, at
        least s of them, hence all of them, and each row taken from c covers
        it.
        """
        if self.needs_relink:
            raise RuntimeError("a search left this matrix with rows taken: relink it first")
        if self.paused:
            raise RuntimeError("a search paused on this matrix still has its rows taken: close it or relink first")
        generation = self.generation
        choose_column, cover, uncover = self.choose_column, self.cover, self.uncover
        cover_other_columns, uncover_other_columns = self.cover_other_columns, self.uncover_other_columns
        chosen: list[DancingNode] = []
        emptied: list[ColumnObject] | None = None  # at first, any column may be empty
        tried = 0
        try:
            while True:
                column = choose_column(emptied)
                if column is None:  # every column is covered: the rows taken are a solution
                    self.rows_tried = tried
                    self.paused = True
                    yield sorted(node.row for node in chosen)
                    self.paused = False
                    if self.generation != generation:
                        raise RuntimeError("the matrix was relinked while this search was paused")
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
                tried += 1
                chosen.append(node)
                emptied = cover_other_columns(node)
        finally:
            if self.generation == generation:
                self.paused = False
            if chosen and self.generation == generation:
                if restore:
                    while chosen:
                        node = chosen.pop()
                        uncover_other_columns(node)
                        uncover(node.column)
                else:
                    self.needs_relink = True

    def first_solution(self, restore: bool = True) -> list[int] | None:
        """The first exact cover (sorted row indices), or ``None``; the links
        left as ``search`` leaves them, with or without ``restore``."""
        search = self.search(restore)
        try:
            return next(search, None)
        finally:
            search.close()


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
    """What stage 1 leaves: ``blanks``, the blank cells as a bit board (0
    when the grid is full), and ``places``, for each digit the board of cells
    where it may still go (masked by the blanks when stage 1 returns it;
    ``_read_givens`` leaves that to its caller)."""

    blanks: int
    places: list[int]


class OpenPart(NamedTuple):
    """What the search must still do: ``columns``, the constraints not yet met,
    in the tie order; ``rows``, the candidates still possible."""

    columns: list[int]
    rows: list[int]


class Answer(NamedTuple):
    """What ``SudokuEngine.solve`` found: ``grid``, the solution (``None`` when
    there is none), and ``rows_tried``, the rows its search took (0 when stage
    1 settled the puzzle)."""

    grid: list[int] | None
    rows_tried: int


# The S heuristic takes the first column of least size, so the order of the list of columns
# breaks its ties: the *tie order*.  An order lists every column of the matrix once, family
# after family (cells, then (row, digit), (column, digit) and (box, digit) pairs).

#: the seed of the solver's tie order, a random one.  The random order was chosen over the plain
#: one after seeing evaluation puzzles; the notebook's Section 8 checks it on the tuning puzzles.
ORDER_SEED = 0


def plain_order(box: int = SUDOKU_BOX) -> list[int]:
    """The plain tie order: every column in the order of its number."""
    return list(range(4 * box**4))


def shuffled(items: Iterable[int], rng: random.Random) -> list[int]:
    """``items`` in a random order drawn from ``rng``.  It draws with
    ``rng.random()`` alone, whose stream every Python keeps, so that a seed
    gives the same order on every Python."""
    return sorted(items, key=lambda _: rng.random())


def random_order(seed: int = ORDER_SEED, box: int = SUDOKU_BOX) -> list[int]:
    """A random tie order: the columns of each family ``shuffled`` by a
    generator seeded with ``seed``, the families in the plain order."""
    rng = random.Random(seed)
    area = box**4
    return [j for family in range(4) for j in shuffled(range(family * area, (family + 1) * area), rng)]


class Ideas(NamedTuple):
    """What the solver does beyond Knuth's Algorithm X on a matrix built for
    each puzzle.  The solver has them all; the experiment's ablation adds them
    one at a time (``SudokuEngine(box, ideas)``).  Each is read in one place:
    ``reuse_matrix`` in ``matrix_for``, ``naked_singles`` in
    ``place_forced_digits``, and ``hidden_singles`` and ``locked_candidates``
    in ``SudokuEngine.__init__``, which builds ``unit_rules`` and
    ``scans_units`` from them."""

    reuse_matrix: bool = True  #: build the matrix once and relink it for each puzzle
    naked_singles: bool = True  #: stage 1 fills each blank left with one digit ...
    hidden_singles: bool = True  #: ... and places each digit left with one place in a unit ...
    locked_candidates: bool = True  #: ... and rules a digit confined to a segment out of its line and box


class SudokuEngine:
    """Solve sudokus of one order ``box`` (side N = box**2), given as flat
    lists of N*N ints (0 for a blank), in two stages: ``place_forced_digits``
    places every digit the rules force, on one bit board per digit (an int
    whose bit i says "this digit may still go in cell i"); then dancing
    links search what is left, on one ``AlgorithmX`` over all N**3
    candidates, built when a puzzle first needs it and relinked for each
    puzzle (``matrix_for``).  Whoever holds the engine reuses that matrix.

    ``ideas`` says which of the solver's ideas it has: all, by default;
    ``order`` is the tie order, ``random_order()`` by default.
    ``ValueError`` for an order that does not list every column once,
    family after family.  Each ``solve`` relinks the matrix, so a search
    paused on it fails when it resumes.
    """

    def __init__(self, box: int, ideas: Ideas = Ideas(), order: Sequence[int] | None = None) -> None:
        self.box = box
        self.ideas = ideas
        self.size = size = box * box
        area = size * size
        self.order = random_order(ORDER_SEED, box) if order is None else list(order)
        families = [j // area for j in self.order]
        if sorted(self.order) != list(range(4 * area)) or families != sorted(families):
            raise ValueError(f"a tie order lists the {4 * area} columns once each, family after family")
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
        self.unit_rules: dict[int, int] = {1 << i: 0 for i in cells} if ideas.hidden_singles else {}
        self.scans_units = ideas.hidden_singles or ideas.locked_candidates  #: whether stage 1 scans units
        for line in rows + cols if ideas.locked_candidates else ():
            for b in boxes:
                segment = line & b
                pattern = segment  # then every other non-empty subset of its cells
                while pattern:
                    if pattern & (pattern - 1):
                        self.unit_rules[pattern] = (line | b) & ~segment
                    pattern = (pattern - 1) & segment
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
        matrix = self.matrix_for(self.open_part(grid, candidates.places))
        rows = matrix.first_solution(restore=False)  # the next solve relinks the matrix anyway
        if rows is None:
            return Answer(None, matrix.rows_tried)
        for row in rows:
            cell, digit = decode_row(row, self.size)
            grid[cell] = digit
        return Answer(grid, matrix.rows_tried)

    def place_forced_digits(self, grid: list[int]) -> Candidates | None:
        """Stage 1 on ``grid`` (changed in place): place every digit the rules
        force; ``None`` when the givens or the forced digits contradict.  Each
        round takes naked singles, then scans the units for hidden singles and
        locked candidates (those of ``ideas``), until a scan changes nothing."""
        given = self._read_givens(grid)
        if given is None:
            return None
        blanks, places = given
        # Per digit: the units its last scan found places in, and its board as that scan left it (-1: scan it).
        open_units = [self.unit_boards] * self.size
        seen = [-1] * self.size
        while blanks:
            if self.ideas.naked_singles:
                left = self._place_naked_singles(grid, blanks, places)
                if left is None:
                    return None
                blanks = left
            if not blanks or not self.scans_units:
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

    def _place_naked_singles(self, grid: list[int], blanks: int, places: list[int]) -> int | None:
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
        return any(len(open_units[d]) + 3 * grid.count(d + 1) != units for d in range(self.size))

    def open_part(self, grid: list[int], places: list[int]) -> OpenPart:
        """The columns still to cover, in the tie order (the blanks of
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
                bit = board & -board
                board ^= bit
                rows.append((bit.bit_length() - 1) * size + d)  # candidate_row(cell, d + 1), written out
        return OpenPart([j for j in self.order if j not in met], rows)

    def matrix_for(self, part: OpenPart) -> AlgorithmX:
        """The engine's matrix, relinked to hold ``part`` alone: the whole
        matrix of this order (N**3 candidates by 4 N**2 constraints) is built
        on first need, or for every puzzle without the idea ``reuse_matrix``.
        ``open_part`` lists every column of its rows, so the link is not
        checked (``AlgorithmX.link``)."""
        if self.matrix is None or not self.ideas.reuse_matrix:
            self.matrix = AlgorithmX(exact_cover_rows(self.box), 4 * self.size**2)
        self.matrix.link(part.columns, part.rows)
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


# ---------------------------------------------------------------------------
# The textbook method: backtracking search with MRV and forward checking or arc consistency
# ---------------------------------------------------------------------------
# The method the AI course teaches, kept to the textbook (Russell and Norvig,
# *Artificial Intelligence: A Modern Approach*, ch. 6), which the notebook's
# experiment compares with the solver.  It names nothing of this module but
# the constant EMPTY, and the solver above names nothing of it, so each can
# check the other; it works out each cell's peers itself, as the checker does.
#
#     variables    the N * N cells, numbered row by row.
#     domains      the digits a cell may still take, as a bit mask: bit d - 1
#                  stands for digit d.
#     constraints  all-different on every row, column and box, as binary
#                  inequalities between *peers* (two cells that share a unit).
#     select       minimum remaining values (MRV): the unassigned cell with
#                  the smallest domain, ties broken by the degree heuristic
#                  (most unassigned peers), then by row-major order; or,
#                  without MRV, the first unassigned cell in that order.
#     order        the digits of its domain in increasing order.
#     inference    *forward checking*: remove the digit from the domain of
#                  every unassigned peer, and fail at once if one is left with
#                  no digit; or *maintaining arc consistency* (MAC): AC-3 on
#                  the inequalities, which on a binary inequality means that
#                  a domain left with one digit removes it from its peers'
#                  domains in turn; and, as Norvig's solver does, *hidden
#                  singles*: a digit left with one place in a unit goes there.
#     backtrack    depth first, recursive, putting the domains back as they
#                  were before each assignment.
# The givens are assigned first and are not counted as assignments.


class SearchBudgetExceeded(Exception):
    """The backtracking search would try more assignments than its ``budget``."""

    def __init__(self, budget: int) -> None:
        super().__init__(f"more than {budget} assignments")
        self.budget = budget


@lru_cache(maxsize=None)
def _csp_units(box: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each cell of the grid of box side ``box``, its row, its column and
    its box, each as the cells it holds (worked out here again, on purpose)."""
    side = box * box
    units = [tuple(range(r * side, (r + 1) * side)) for r in range(side)]
    units += [tuple(range(c, side * side, side)) for c in range(side)]
    units += [
        tuple((top + r) * side + left + c for r in range(box) for c in range(box))
        for top in range(0, side, box)
        for left in range(0, side, box)
    ]
    return tuple(tuple(unit for unit in units if cell in unit) for cell in range(side * side))


@lru_cache(maxsize=None)
def _csp_peers(box: int) -> tuple[tuple[int, ...], ...]:
    """For each cell of the grid of box side ``box``, the other cells of its row,
    column and box, in increasing order.  (The box of a cell is worked out here
    again, on purpose: this part shares no code with the solver's.)"""
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
    """``sizes[mask]``: how many digits the domain ``mask`` holds, for N = ``side``.
    MRV asks it for every open cell at every step, so up to N = 16 it is a table
    of all 2**N answers, faster than counting bits."""
    if side > _DOMAIN_TABLE_MAX_DIGITS:
        return _CountedDomainSizes()
    sizes = [0]
    for _ in range(side):
        sizes += [size + 1 for size in sizes]  # the masks with the next bit set: one digit more
    return tuple(sizes)


class SudokuCSP:
    """One puzzle's variables and domains, and the backtracking search over them.

    ``domains[cell]`` is the cell's domain as a bit mask and ``values[cell]``
    its digit, 0 while unassigned.  After construction the givens are
    assigned, each blank's domain is narrowed to ``narrowed`` where given
    (the digits some other reasoning left each cell, as bit masks), and the
    inference has run (``assign_givens``); ``consistent`` is False when that
    already failed (a repeated given, or a blank with no digit left).  ``mrv`` chooses the variable by
    MRV, else in row-major order; ``mac`` makes the inference arc consistency,
    else forward checking; ``hidden_singles`` adds them to arc consistency.
    ``assignments`` counts the assignments the search has tried, ``budget``
    caps them (None: no cap).
    """

    def __init__(
        self,
        cells: Sequence[int],
        box: int,
        budget: int | None = None,
        narrowed: Sequence[int] | None = None,
        mrv: bool = True,
        mac: bool = False,
        hidden_singles: bool = False,
    ) -> None:
        self.side = box * box
        self.peers = _csp_peers(box)
        self.units = _csp_units(box)
        self.domain_sizes = _domain_sizes(self.side)
        self.mrv, self.mac, self.hidden_singles = mrv, mac or hidden_singles, hidden_singles
        self.values = [EMPTY] * len(cells)
        self.domains = [(1 << self.side) - 1] * len(cells)
        self.assignments = 0
        self.budget = budget
        self.consistent = self.assign_givens(cells, narrowed)

    def assign_givens(self, cells: Sequence[int], narrowed: Sequence[int] | None) -> bool:
        """Assign every given at once and take its digit from its peers'
        domains, narrow the blanks' domains to ``narrowed`` (if given), then
        make the rest of the inference once for all; False when it fails.
        The inference reaches the same domains in any order, so this is
        what assigning the givens one at a time reaches, in fewer steps."""
        values, domains, peers = self.values, self.domains, self.peers
        for cell, digit in enumerate(cells):
            if digit != EMPTY:
                values[cell], domains[cell] = digit, 1 << (digit - 1)
        blanks = [cell for cell, digit in enumerate(cells) if digit == EMPTY]
        for cell in blanks:
            for peer in peers[cell]:
                if values[peer] != EMPTY:
                    domains[cell] &= ~domains[peer]
            if narrowed is not None:
                domains[cell] &= narrowed[cell]
        if any(values[peer] == digit for cell, digit in enumerate(cells) if digit != EMPTY for peer in peers[cell]):
            return False  # a repeated given
        if not all(domains[cell] for cell in blanks):
            return False
        full = (1 << self.side) - 1
        # Each unit meets one cell of this diagonal-like pattern, so its cells' units are all the units,
        # and a digit lost there looks at every unit (see place_hidden_singles).
        box = math.isqrt(self.side)
        every_unit = [(i * self.side + (box * i + i // box) % self.side, full) for i in range(self.side)]
        settled = [cell for cell in blanks if not domains[cell] & (domains[cell] - 1)] if self.mac else []
        return self.propagate(settled, every_unit if self.hidden_singles else [])

    def assign(self, cell: int, bit: int) -> bool:
        """Give ``cell`` the digit of ``bit`` and make the inference; False
        when it leaves a domain empty, or a digit without a place in a unit.
        The caller puts the domains back (``search`` keeps a copy)."""
        self.values[cell] = bit.bit_length()
        lost = [(cell, self.domains[cell] & ~bit)]  # a cell and the digits it has just lost
        self.domains[cell] = bit
        return self.propagate([cell], lost)

    def propagate(self, settled: list[int], lost: list[tuple[int, int]]) -> bool:
        """The inference: each cell of ``settled`` has one digit, which its
        unassigned peers lose (forward checking); with MAC, a peer left with
        one digit is settled in turn (AC-3); with hidden singles, each
        ``(cell, digits)`` of ``lost`` has the units of ``cell`` looked at for
        those digits.  False when a domain is left empty or a digit without a
        place in a unit."""
        values, domains, peers = self.values, self.domains, self.peers
        while settled or (lost and self.hidden_singles):
            if not settled:
                if not self.place_hidden_singles(*lost.pop(), settled, lost):
                    return False
                continue
            source = settled.pop()
            digit = domains[source]
            for peer in peers[source]:
                if values[peer] == EMPTY and domains[peer] & digit:
                    left = domains[peer] ^ digit
                    domains[peer] = left
                    if not left:
                        return False
                    if self.mac and not left & (left - 1):  # one digit left: AC-3 revises its peers too
                        settled.append(peer)
                    lost.append((peer, digit))
        return True

    def place_hidden_singles(self, cell: int, digits: int, settled: list[int], lost: list[tuple[int, int]]) -> bool:
        """For each digit ``cell`` has just lost, in each unit of ``cell``: a
        digit left with no place fails, and one left with one place goes
        there, to be settled in turn.  False when a digit has no place."""
        domains = self.domains
        while digits:
            bit = digits & -digits
            digits ^= bit
            for unit in self.units[cell]:
                places = [other for other in unit if domains[other] & bit]
                if not places:
                    return False
                if len(places) == 1 and domains[places[0]] != bit:  # a hidden single
                    lost.append((places[0], domains[places[0]] ^ bit))
                    domains[places[0]] = bit
                    settled.append(places[0])
        return True

    def select_unassigned_variable(self, open_cells: Sequence[int]) -> int:
        """The position in ``open_cells`` (unassigned cells in row-major order)
        of the cell to assign next: with MRV, one with the smallest domain,
        ties broken by the *degree heuristic* (the most unassigned peers, then
        the first); else the first."""
        if not self.mrv:
            return 0
        sizes, domains = self.domain_sizes, self.domains
        smallest = min(sizes[domains[cell]] for cell in open_cells)
        ties = [k for k, cell in enumerate(open_cells) if sizes[domains[cell]] == smallest]
        if smallest == 1:  # a forced cell: the order of forced cells changes nothing
            return ties[0]
        values, peers = self.values, self.peers
        return max(ties, key=lambda k: sum(values[peer] == EMPTY for peer in peers[open_cells[k]]))

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
        before = list(self.domains)
        domain = before[cell]
        while domain:
            bit = domain & -domain  # the smallest digit left: digits go up
            domain ^= bit
            self.assignments += 1
            if self.budget is not None and self.assignments > self.budget:
                raise SearchBudgetExceeded(self.budget)
            if self.assign(cell, bit) and self.search(rest, found, limit):
                return True
            self.domains[:] = before  # undo the assignment's inference
            self.values[cell] = EMPTY
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


class Backtracked(NamedTuple):
    """What ``backtracking_solve`` found: the solution (``None`` when there is
    none) and the assignments tried."""

    solution: np.ndarray | None
    assignments: int


def backtracking_solve(
    grid: object,
    budget: int | None = None,
    narrowed: Sequence[int] | None = None,
    mrv: bool = True,
    mac: bool = False,
    hidden_singles: bool = False,
    search: bool = True,
) -> Backtracked:
    """The first solution of ``grid`` in search order as a new N x N int
    array (None when there is none) and how many assignments the search
    tried (``SudokuCSP``).  ``search=False`` stops before the search, after
    the domains are built and the inference has run once: ``(None, 0)``.

    ``grid`` is an N x N array-like, or a flat one of N * N values, with
    N = B * B for a box side B >= 1 and every value a whole number in 0..N
    (0 for a blank); it is not modified.  ``narrowed``, ``mrv``, ``mac`` and
    ``hidden_singles`` as for ``SudokuCSP``.  Raises ``ValueError`` when ``grid`` is not such a
    grid, and ``SearchBudgetExceeded`` when more than ``budget`` assignments
    would be needed (never when it is None).
    """
    cells, box = _csp_cells(grid)
    problem = SudokuCSP(cells, box, budget, narrowed, mrv, mac, hidden_singles)
    if not search:
        return Backtracked(None, 0)
    found = problem.run(limit=1)
    side = box * box
    solution = np.array(found[0], dtype=int).reshape(side, side) if found else None
    return Backtracked(solution, problem.assignments)


def backtracking_count(grid: object, limit: int | None = 2, budget: int | None = None) -> int:
    """How many solutions ``grid`` has, counting no further than ``limit``
    (all of them when None): with the default, 0, 1 or 2 for "two or more".

    ``grid`` and ``budget`` as for ``backtracking_solve``.
    """
    cells, box = _csp_cells(grid)
    return len(SudokuCSP(cells, box, budget).run(limit))


# ---------------------------------------------------------------------------
# The experiment
# ---------------------------------------------------------------------------
# What the notebook's Section 8 runs to answer the report's questions: what
# each idea of the solver buys (``ablation``: Algorithm X alone, then one idea
# of ``Ideas`` more at each step, up to the solver), and how it compares with
# the course's searches (``textbook_methods``).  ``race`` times them all on
# the same puzzles; ``rows_on_copies`` counts the rows two tie orders try on
# symmetric copies of each puzzle; ``wilcoxon_signed_rank`` and ``holm`` test
# the paired differences the report decides on.

#: a method of the race: a puzzle in, ``(solution or None, search nodes)`` out, the search nodes
#: being the rows Algorithm X took or the assignments a backtracking search tried; it may raise
#: ``SearchBudgetExceeded``
Method = Callable[[np.ndarray], Tuple[Union[np.ndarray, typing.Sequence[int], None], int]]

#: assignments a textbook search may try in the experiment before it gives up
BUDGET = 10_000

# How the tables name the methods.
SOLVER_LABEL = "the solver"
ALGORITHM_X_LABEL = "Algorithm X"
#: the ablation's variants after Algorithm X, each named for the idea it adds (the last is the solver)
ADDED_LABELS = tuple("+ " + idea.replace("_", " ") for idea in Ideas._fields)
FIXED_ORDER_LABEL = "fixed order, forward checking"
FORWARD_CHECKING_LABEL = "MRV, forward checking"
MAC_LABEL = "MRV, MAC"
HIDDEN_SINGLES_LABEL = "MRV, MAC, hidden singles"
AFTER_STAGE_1_LABEL = "stage 1, then MRV, MAC, hidden singles"


def by_engine(engine: SudokuEngine, search: bool = True) -> Method:
    """The method that solves as the notebook's ``sudoku_solver`` does, with
    ``engine``: the solution (a flat list) or None, and the rows tried.
    ``search=False`` stops before the search, once stage 1 has run and the
    matrix is linked to what it left: ``(None, 0)``."""

    def method(puzzle: np.ndarray) -> Answer:
        cells = read_grid(puzzle, engine.size)
        if cells is None:
            return Answer(None, 0)
        if search:
            return engine.solve(cells)
        forced = engine.place_forced_digits(cells)
        if forced is not None and forced.blanks:
            engine.matrix_for(engine.open_part(cells, forced.places))
        return Answer(None, 0)

    return method


def ablation() -> dict[str, Method]:
    """Algorithm X alone (the S heuristic on a matrix built for each puzzle,
    in the solver's tie order), then one idea of ``Ideas`` more at each step,
    up to the solver: label -> method."""
    count = len(Ideas._fields)
    engines = [SudokuEngine(SUDOKU_BOX, Ideas(*(k < ideas for k in range(count)))) for ideas in range(count + 1)]
    for engine in engines:  # the matrix an engine keeps is built now, so that no puzzle's time holds it
        engine.matrix_for(OpenPart([], []))
    return dict(zip((ALGORITHM_X_LABEL, *ADDED_LABELS), map(by_engine, engines)))


def after_stage_1(budget: int | None, search: bool = True) -> Method:
    """The textbook search with MAC and hidden singles on what the solver's
    stage 1 leaves of a puzzle: the digits it placed, and each blank's
    digits narrowed to the candidates it left (``Backtracked``).
    ``search=False`` stops before the search (``backtracking_solve``)."""
    stage_1 = SudokuEngine(SUDOKU_BOX)

    def method(puzzle: np.ndarray) -> Backtracked:
        grid = read_grid(puzzle)
        candidates = None if grid is None else stage_1.place_forced_digits(grid)
        if grid is None or candidates is None:
            return Backtracked(None, 0)
        narrowed = [
            sum(1 << d for d, board in enumerate(candidates.places) if board >> i & 1) for i in range(len(grid))
        ]
        return backtracking_solve(grid, budget, narrowed, hidden_singles=True, search=search)

    return method


def textbook_methods(budget: int | None = None) -> dict[str, Method]:
    """The course's searches, label -> method, each stopped after ``budget``
    assignments (never when None): backtracking in row-major order with
    forward checking; with MRV (ties broken by degree) and forward checking;
    maintaining arc consistency instead; with hidden singles too, at every
    node; and the last on what the solver's stage 1 leaves, so that it
    differs from the solver in its search alone."""
    return {
        FIXED_ORDER_LABEL: lambda puzzle: backtracking_solve(puzzle, budget, mrv=False),
        FORWARD_CHECKING_LABEL: lambda puzzle: backtracking_solve(puzzle, budget),
        MAC_LABEL: lambda puzzle: backtracking_solve(puzzle, budget, mac=True),
        HIDDEN_SINGLES_LABEL: lambda puzzle: backtracking_solve(puzzle, budget, hidden_singles=True),
        AFTER_STAGE_1_LABEL: after_stage_1(budget),
    }


SET_UP = ": set-up"  #: ends the label of a method's work before its search


def set_ups() -> dict[str, Method]:
    """What the solver and the two strongest textbook searches do before
    their search, label + ``SET_UP`` -> method (each answers None): the
    solver's stage 1 and linking its matrix; the textbook search's domains
    and its inference before the first assignment, after stage 1 for the
    second.  A method's time less its set-up's is its search's."""
    return {
        SOLVER_LABEL + SET_UP: by_engine(SudokuEngine(SUDOKU_BOX), search=False),
        HIDDEN_SINGLES_LABEL + SET_UP: lambda puzzle: backtracking_solve(puzzle, hidden_singles=True, search=False),
        AFTER_STAGE_1_LABEL + SET_UP: after_stage_1(None, search=False),
    }


def with_a_wrong_digit(puzzle: np.ndarray, solution: np.ndarray) -> np.ndarray:
    """``puzzle`` with one more given that clashes with no given but is not
    the solution's: the first blank, row by row, gets the smallest such
    digit.  A puzzle with one solution then has none."""
    grid = np.array(puzzle)
    side = len(grid)
    cells, peers = grid.ravel(), _csp_peers(math.isqrt(side))
    for cell in np.flatnonzero(cells == EMPTY).tolist():
        r, c = divmod(cell, side)
        seen = set(cells[list(peers[cell])].tolist())
        wrong = [d for d in range(1, side + 1) if d not in seen and d != solution[r, c]]
        if wrong:
            grid[r, c] = wrong[0]
            return grid
    raise ValueError("no blank can take a wrong digit that clashes with no given")


class Results(NamedTuple):
    """One method's race on a set of puzzles: ``ms``, its CPU time in each
    round (a row) on each puzzle (a column); and puzzle by puzzle, its
    ``nodes`` (search nodes), whether its answer was ``right`` in every round
    (checked), and whether it stopped ``over_budget`` (its time and nodes are
    then lower bounds, and its answer counts as not right)."""

    ms: np.ndarray
    nodes: np.ndarray
    right: np.ndarray
    over_budget: np.ndarray

    def round_means(self) -> np.ndarray:
        """The mean time per puzzle of each round."""
        return self.ms.mean(axis=1)

    def puzzle_ms(self) -> np.ndarray:
        """Each puzzle's time: the median of its rounds."""
        return np.median(self.ms, axis=0)


def is_right(puzzle: np.ndarray, solution: np.ndarray | Sequence[int] | None, stored: np.ndarray | None) -> bool:
    """Whether ``solution`` (``None``: no solution) answers ``puzzle``: a valid
    completion by ``is_valid_solution`` equal to ``stored``, or ``None`` where
    ``stored`` is all ``NO_SOLUTION``.  Without ``stored``, any valid completion."""
    if stored is not None and np.all(stored == NO_SOLUTION):
        return solution is None
    if solution is None:
        return False
    grid = np.reshape(solution, np.shape(puzzle))
    return is_valid_solution(puzzle, grid) and (stored is None or np.array_equal(grid, stored))


def race(
    methods: dict[str, Method],
    puzzles: Sequence[np.ndarray],
    stored: Sequence[np.ndarray] | None = None,
    rounds: int = 1,
) -> dict[str, Results]:
    """Every method on every puzzle, ``rounds`` times, taking turns: on puzzle
    k of round r, method k + r (counting round) goes first, so that a busy
    spell of the machine slows them alike and no method always follows the
    same one.  Each call gets a fresh copy of the puzzle and is timed as the
    autograder times it, with ``time.process_time()``; each answer is checked
    against ``stored`` solutions where given (``is_right``).  Each method first
    solves the first puzzle once, untimed, so that what it builds once (a
    matrix, a table) is not charged to one puzzle.

    Every object made before the race is frozen out of garbage collection
    (``gc.freeze``, undone by ``gc.unfreeze`` when the race ends), so that a
    collection during the race looks only at what the race made, and a method
    pays for the garbage it makes, as beside any other code: Algorithm X
    alone builds a matrix of cycles for each puzzle, which only a collection
    frees.  ``ValueError`` when there is no method or no puzzle.
    """
    if not methods or not len(puzzles) or rounds < 1:
        raise ValueError(f"a race needs methods, puzzles and rounds: got {len(methods)}, {len(puzzles)}, {rounds}")
    for method in methods.values():
        try:
            method(np.array(puzzles[0]))
        except SearchBudgetExceeded:
            pass
    names = list(methods)
    ms = {name: np.zeros((rounds, len(puzzles))) for name in names}
    nodes = {name: np.zeros(len(puzzles), dtype=np.int64) for name in names}
    right = {name: np.ones(len(puzzles), dtype=bool) for name in names}
    over_budget = {name: np.zeros(len(puzzles), dtype=bool) for name in names}
    gc.collect()
    gc.freeze()
    try:
        for r in range(rounds):
            for k, puzzle in enumerate(puzzles):
                turn = (k + r) % len(names)
                for name in names[turn:] + names[:turn]:
                    copy = np.array(puzzle)
                    start = time.process_time()
                    try:
                        solution, nodes[name][k] = methods[name](copy)
                    except SearchBudgetExceeded as stop:
                        solution, nodes[name][k], over_budget[name][k] = None, stop.budget, True
                    ms[name][r, k] = 1000 * (time.process_time() - start)
                    checked = is_right(puzzle, solution, None if stored is None else stored[k])
                    right[name][k] &= checked and not over_budget[name][k]
    finally:
        gc.unfreeze()
    return {name: Results(ms[name], nodes[name], right[name], over_budget[name]) for name in names}


# --- tie orders on symmetric copies ---------------------------------------------


class Symmetry(NamedTuple):
    """A symmetry of the sudoku grid, which keeps a puzzle's solutions (mapped
    alike) and its difficulty for a person, but not the ties a solver's
    search meets: the new grid's row i is the old row ``rows[i]``, its column
    j the old column ``columns[j]``, then it is transposed or not, and each
    digit d becomes ``digits[d]`` (``digits[0]`` is 0: blanks stay blank)."""

    rows: list[int]
    columns: list[int]
    digits: list[int]
    transpose: bool

    def apply(self, grid: np.ndarray) -> np.ndarray:
        """``grid`` (N x N, whole numbers) moved by this symmetry, as a new int array."""
        moved = np.asarray(grid).astype(np.int64)[np.ix_(self.rows, self.columns)]
        return np.asarray(self.digits)[moved.T if self.transpose else moved]


def random_symmetry(rng: random.Random, box: int = SUDOKU_BOX) -> Symmetry:
    """A random symmetry of the grid of order ``box``: the bands in a random
    order and the rows within each band, the same for stacks and columns, a
    random relabelling of the digits, and a fair coin for the transpose."""

    def lines() -> list[int]:
        return [band * box + line for band in shuffled(range(box), rng) for line in shuffled(range(box), rng)]

    rows, columns = lines(), lines()
    digits = [EMPTY, *(d + 1 for d in shuffled(range(box * box), rng))]
    return Symmetry(rows, columns, digits, rng.random() < 0.5)


def rows_on_copies(
    puzzles: Sequence[np.ndarray], engines: dict[str, SudokuEngine], copies: int, seed: int
) -> dict[str, np.ndarray]:
    """The rows each engine's search tries on the same ``copies`` random
    symmetric copies of each puzzle: label -> an array of puzzles (rows) by
    copies (columns).  A puzzle's copies are drawn from ``seed`` and the puzzle
    alone, so a set gets the same copies whatever else is run.  Rows tried are
    exact counts, so nothing is timed.  ``ValueError`` for a puzzle that is not
    a grid of digits."""
    counts = {name: np.zeros((len(puzzles), copies), dtype=np.int64) for name in engines}
    for p, puzzle in enumerate(puzzles):
        if read_grid(puzzle) is None:
            raise ValueError(f"puzzle {p} is not a sudoku of digits")
        rng = random.Random(f"{seed}:{''.join(map(str, np.ravel(puzzle)))}")
        for k in range(copies):
            cells = random_symmetry(rng).apply(puzzle).ravel().tolist()
            for name, engine in engines.items():
                counts[name][p, k] = engine.solve(cells).rows_tried
    return counts


# --- paired tests -----------------------------------------------------------------

#: the most differences whose Wilcoxon p-value is counted exactly; above, the normal approximation
WILCOXON_EXACT = 50


def average_ranks(values: np.ndarray) -> np.ndarray:
    """The ranks of ``values``, 1 for the least, ties given the mean of their ranks."""
    order = np.argsort(values, kind="stable")
    ranks = np.empty(len(values))
    ranks[order] = np.arange(1, len(values) + 1)
    for value in np.unique(values):
        tied = values == value
        ranks[tied] = ranks[tied].mean()
    return ranks


def wilcoxon_signed_rank(differences: Sequence[float] | np.ndarray) -> float:
    """The two-sided p-value of Wilcoxon's signed-rank test that paired
    ``differences`` are symmetric about 0: zero differences are dropped, the
    others ranked by size (ties take their mean rank), and W is the sum of the
    ranks of the positive ones.  For up to ``WILCOXON_EXACT`` differences the
    p-value is exact (every sign equally likely, counted over the ranks as
    they are); for more, W's normal approximation, corrected for ties and
    for continuity.  1.0 when every difference is 0."""
    d = np.asarray(differences, dtype=float)
    d = d[d != 0]
    n = len(d)
    if n == 0:
        return 1.0
    ranks = average_ranks(np.abs(d))
    w = float(ranks[d > 0].sum())
    mean = n * (n + 1) / 4
    if n <= WILCOXON_EXACT:
        # Doubled ranks are whole numbers: count the sign patterns by the sum of the ranks they make positive.
        doubled = np.rint(2 * ranks).astype(int)
        ways = np.zeros(int(doubled.sum()) + 1)
        ways[0] = 1
        for rank in doubled:
            ways[rank:] = ways[rank:] + ways[:-rank].copy()
        distance = abs(2 * w - 2 * mean)
        sums = np.arange(len(ways))
        tail = ways[np.abs(sums - 2 * mean) >= distance - 1e-9].sum()
        return float(min(1.0, tail / 2**n))
    _, tied = np.unique(np.abs(d), return_counts=True)
    variance = n * (n + 1) * (2 * n + 1) / 24 - float((tied**3 - tied).sum()) / 48
    z = (abs(w - mean) - 0.5) / math.sqrt(variance)
    return math.erfc(max(z, 0.0) / math.sqrt(2))


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Holm's step-down correction: which of the ``p_values`` are significant
    at family-wise level ``alpha``.  In increasing order, the i-th smallest
    (counting from 0) of m is significant while it is at most alpha / (m - i);
    the first that is not stops the rest."""
    m = len(p_values)
    rejected = [False] * m
    for i, k in enumerate(sorted(range(m), key=lambda k: p_values[k])):
        if p_values[k] > alpha / (m - i):
            break
        rejected[k] = True
    return rejected


# --- reading and printing ----------------------------------------------------------


def load_puzzles(path: str) -> np.ndarray:
    """The puzzles of a file as a K x 9 x 9 int array: a ``.npy`` file as numpy
    saved it, or text with one puzzle a line, its 81 digits row by row, 0 for
    a blank (``data/README.md``)."""
    if path.endswith(".npy"):
        return np.load(path).astype(np.int64)
    with open(path, encoding="ascii") as lines:
        cells = [[int(digit) for digit in line.strip()] for line in lines if line.strip()]
    return np.array(cells, dtype=np.int64).reshape(-1, SUDOKU_SIZE, SUDOKU_SIZE)


def ms_with_range(results: Results) -> str:
    """A method's time per puzzle as the tables print it: the median of the
    rounds' mean times in ms, and the range of those means, as "0.50 (0.48
    to 0.65)"; one round prints alone."""
    means = results.round_means()
    if len(means) == 1:
        return significant(means[0])
    return f"{significant(np.median(means))} ({significant(means.min())} to {significant(means.max())})"


LOWER_BOUND = "≥"  #: a printed number that starts with it is a lower bound: a search stopped at its budget


def processor(cpuinfo: str = "/proc/cpuinfo") -> str:
    """The processor's model, where the system says it (Linux: ``cpuinfo``),
    else what ``platform`` says, else "an unnamed processor"."""
    try:
        with open(cpuinfo, encoding="utf-8", errors="replace") as info:
            return next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.processor() or "an unnamed processor"


def machine() -> str:
    """Where this runs: Python, numpy, the system and the processor."""
    return f"Python {platform.python_version()} with numpy {np.__version__}, {platform.system()} on {platform.machine()}, {processor()}"


def significant(value: float, digits: int = 2) -> str:
    """``value`` rounded to ``digits`` significant figures, with thousands
    separators and no exponent: 0.27, 4.0, 83, 1,500."""
    if value == 0:
        return "0"
    rounded = round(value, digits - 1 - math.floor(math.log10(abs(value))))
    decimals = digits - 1 - math.floor(math.log10(abs(rounded)))  # 9.96 rounds up a decade, to 10
    return f"{rounded:,.{max(0, decimals)}f}"


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A markdown table whose columns also line up as plain text: columns of
    numbers flush right (a "-" for none among them), the others flush left."""
    cells = [[str(cell) for cell in header]] + [[str(cell) for cell in row] for row in rows]
    widths = [max(3, *(len(row[j]) for row in cells)) for j in range(len(header))]
    numeric = [
        all(row[j] == "-" or row[j].rstrip("%x")[-1:].isdigit() for row in cells[1:]) for j in range(len(header))
    ]

    def line(row: list[str]) -> str:
        return "| " + " | ".join(c.rjust(w) if n else c.ljust(w) for c, w, n in zip(row, widths, numeric)) + " |"

    rule = "| " + " | ".join("-" * (w - 1) + ":" if n else "-" * w for w, n in zip(widths, numeric)) + " |"
    return "\n".join([line(cells[0]), rule, *(line(row) for row in cells[1:])])


def print_table(key: str, title: str, header: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """Print a table as the report takes it: ``[key] title``, a blank line,
    then ``markdown_table(header, rows)``.  The report's tools find a table by
    its ``key`` and a number in it by the labels of its row and column."""
    print(f"[{key}] {title}\n\n{markdown_table(header, rows)}")


def p_value_text(p: float) -> str:
    """A p-value as the tables print it: two significant figures, or "< 0.0001"."""
    return "< 0.0001" if p < 1e-4 else significant(p)
