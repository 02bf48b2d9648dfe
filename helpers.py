"""Dancing links (Knuth's Algorithm X) and its use as a sudoku solver.

The code behind ``sudoku.ipynb``'s ``sudoku_solver``, in the order a puzzle
meets it: the exact-cover engine (``DancingNode``, ``ColumnObject``,
``AlgorithmX``), sudoku as exact cover, the engine that places every forced
digit and then searches what is left (``SudokuEngine``), and the entry point
``solve_sudoku``.  Three parts the solver does not use come last: an
independent checker (``is_valid_solution``), the textbook method the report
compares with (``backtracking_solve``), and the experiment the notebook runs
(``ablation``, ``race``, ``on_copies``).  numpy and the standard library only.

Knuth's words (D. E. Knuth, "Dancing Links", 2000, arXiv:cs/0011047):

    exact cover    rows of a 0/1 matrix with exactly one 1 in every column.
    data object    ``DancingNode``: a 1, linked along its row and its column.
    column object  ``ColumnObject``: a column; its ``head`` node tops the
                   column's ring and sits in the list of columns to cover.
    root h         ``AlgorithmX.root``: where that list starts and ends.
    cover(c)       ``AlgorithmX.cover``: take column c out of the list, and
                   every row with a 1 in c out of its other columns.
    uncover(c)     ``AlgorithmX.uncover``: the exact inverse, in reverse order.
    S heuristic    ``AlgorithmX.choose_column``: the first column of least size.
    search(k)      ``AlgorithmX.search``: the backtracking search, as a loop;
                   taking a row r covers every other column of r.
    candidate      "digit d in cell (r, c)": a row of the sudoku matrix.
    constraint     a column: a cell holds one digit; a row, column or box
                   holds each digit once.
"""

from __future__ import annotations

import gc
import math
import platform
import random
import threading
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
    list of columns still to cover; here ``head``, a node of the ring's own
    class, does both, so the search walks nodes of one class only.
    """

    __slots__ = ("head", "name")

    def __init__(self, name: object) -> None:
        self.head = DancingNode(self)
        self.name = name

    @property
    def size(self) -> int:
        """The rows still linked in this column, counted along its ring."""
        size = 0
        node = self.head.down
        while node is not self.head:
            size += 1
            node = node.down
        return size


def is_choice(column: ColumnObject) -> bool:
    """Whether ``column`` holds two rows or more, so that taking one is a choice."""
    head = column.head
    return head.down.down is not head


class AlgorithmX:
    """Knuth's Algorithm X on dancing links, for any exact-cover problem.

    ``rows`` is the sparse 0/1 matrix: for each row, the indices of its
    columns that hold a 1 (rows are numbered by their position);
    ``n_columns`` the number of columns, by default one more than the
    largest index used; ``names`` Knuth's column names, by default the
    indices.  Every column is to be covered.

    ``emptied`` holds every column still to cover that has no rows (and
    perhaps others): ``relink`` notes every column it links, ``cover`` each
    it empties, ``uncover`` the one it puts back if it has no rows.
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
        self.row_nodes: list[list[DancingNode]] = []
        for r, row in enumerate(row_lists):
            nodes = [DancingNode(self.columns[j], r) for j in row]
            # A row's ring never changes: cover and uncover leave left and right alone.
            for a, b in zip(nodes, nodes[1:] + nodes[:1]):
                a.right, b.left = b, a
            self.row_nodes.append(nodes)
        self.emptied: list[ColumnObject] = []
        self.links = 0  #: how many times the matrix was relinked: a paused search checks it was not
        self.busy = False  #: a search left columns covered (paused, or stopped without restore): none other till relink
        self.rows_tried = 0  #: rows the last search took (each step forward counts one)
        self.wrong_choices = 0  #: of those, rows taken from a column of two rows or more that led to no solution
        self.relink(range(n_columns), range(len(row_lists)))

    def relink(self, columns: Iterable[int], rows: Iterable[int]) -> None:
        """Link the matrix afresh to hold only ``columns``, to cover in this
        order, and ``rows``, whose columns must all be among them.  The nodes
        exist already: this costs a few assignments per node."""
        last = self.root
        linked = []
        for j in columns:
            column = self.columns[j]
            head = column.head
            head.up = head.down = head
            last.right, head.left = head, last
            last = head
            linked.append(column)
        last.right, self.root.left = self.root, last
        for r in rows:
            for node in self.row_nodes[r]:
                head = node.column.head
                bottom = head.up
                node.up, node.down = bottom, head
                bottom.down = head.up = node
        self.emptied = linked  # any of them may have no rows
        self.links += 1
        self.busy = False

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
                up, down = j.up, j.down
                down.up, up.down = up, down
                if up is down:  # only its head is left: j's column is empty now
                    self.emptied.append(j.column)
                j = j.right
            i = i.down

    def uncover(self, column: ColumnObject) -> None:
        """Knuth's uncover(c), the exact inverse of ``cover(column)``: the rows
        bottom to top, each right to left, so that every node goes back
        between neighbours already back in place themselves."""
        head = column.head
        i = head.up
        while i is not head:
            j = i.left
            while j is not i:
                j.down.up = j.up.down = j
                j = j.left
            i = i.up
        head.right.left = head.left.right = head
        if head.down is head:  # back in the list with no rows
            self.emptied.append(column)

    def choose_column(self) -> ColumnObject | None:
        """Knuth's S heuristic: the first column of least size in the list of
        columns to cover, or ``None`` when the list is empty.

        An empty column is least of all, and every one is in ``emptied``.
        When several are empty the first there is taken, which need not be the
        first in the list but tries the same rows: none, as its branch ends at
        once.  No sizes are stored: a column holds at most one row when the
        node above its head is the node below it, so once no column is empty a
        first scan looks for such a column, and only then for one of two rows.
        """
        emptied = self.emptied
        if emptied:
            for k, column in enumerate(emptied):
                head = column.head
                if head.down is head and head.left.right is head:  # no rows, and still in the list
                    del emptied[:k]  # those before it are not: a later cover or uncover notes them again
                    return column
            emptied.clear()
        root = self.root
        head = root.right
        while head.up is not head.down:  # the first of one row; stops at the root at the latest
            head = head.right
        if head is not root:
            return head.column
        head = root.right  # ... or the first of two ...
        while head.down.down is not head.up:
            head = head.right
        if head is not root:
            return head.column
        columns = []  # ... or the first of least size
        while head.right is not root:
            head = head.right
            columns.append(head.column)
        return min(columns, key=lambda column: column.size) if columns else None

    def search(self, restore: bool = False) -> Generator[list[int], None, None]:
        """Yield every exact cover of the linked matrix, each as sorted row indices.

        Knuth's search(k) as a loop: choose a column c, cover it, and for
        each row r of c take r (cover every other column of r), search on,
        and leave r (uncover those columns, in reverse order); then uncover c.
        ``chosen`` holds the row taken at each level (his O_k).  ``rows_tried``
        counts the rows taken, and ``wrong_choices`` those taken from a column
        of two rows or more (a choice) that led to no solution.  Run to its
        end, a search leaves the links as it found them; stopped early, as
        they are, for ``relink`` to reset, or with ``restore`` uncovered.
        ``RuntimeError`` if another left columns covered, or after a relink.
        """
        if self.busy:
            raise RuntimeError("another search has covered columns it has not uncovered: relink the matrix first")
        self.busy, links = True, self.links  # busy until the links are as this search found them
        cover, uncover, choose_column = self.cover, self.uncover, self.choose_column
        chosen: list[DancingNode] = []
        tried = choices = 0
        try:
            while True:
                column = choose_column()
                if column is None:  # every column is covered: the rows taken are a solution
                    self.rows_tried = tried
                    self.wrong_choices = choices - sum(is_choice(node.column) for node in chosen)
                    yield sorted(node.row for node in chosen)
                    if self.links != links:
                        raise RuntimeError("the matrix was relinked while this search was paused")
                    row = None
                else:
                    cover(column)
                    row = column.head.down
                # No row left in this column (or a solution found): back up to the next row of a level above.
                while row is None or row.row < 0:
                    if row is not None:
                        uncover(row.column)
                    if not chosen:
                        self.rows_tried, self.wrong_choices = tried, choices
                        return
                    row = chosen.pop()
                    j = row.left
                    while j is not row:
                        uncover(j.column)
                        j = j.left
                    row = row.down
                tried += 1
                head = row.column.head
                choices += head.down.down is not head  # is_choice(row.column), inline: this loop is the hot path
                chosen.append(row)
                j = row.right
                while j is not row:
                    cover(j.column)
                    j = j.right
        finally:
            if self.links == links:  # else relink has reset the links, and they are not this search's to touch
                while restore and chosen:
                    row = chosen.pop()
                    j = row.left
                    while j is not row:
                        uncover(j.column)
                        j = j.left
                    uncover(row.column)
                self.busy = bool(chosen)

    def first_solution(self, restore: bool = False) -> list[int] | None:
        """The first exact cover (sorted row indices), or ``None``.  The links
        are left as the search left them, or, with ``restore``, as it found them."""
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


def exact_cover_rows(box: int) -> list[tuple[int, int, int, int]]:
    """The whole sudoku matrix of order ``box``: row ``candidate_row(cell, digit)``
    lists the columns of that candidate."""
    size = box * box
    return [constraint_columns(cell, digit, box) for cell in range(size * size) for digit in range(1, size + 1)]


class Singles(NamedTuple):
    """What the first stage leaves: ``blank``, the blanks as a bit board (0 when
    the grid is full), and ``places``, for each digit the board of blanks where
    it may still go."""

    blank: int
    places: list[int]


class OpenPart(NamedTuple):
    """What the search must still do: ``columns``, the constraints not yet met,
    one list per family; ``rows``, the candidates still possible."""

    columns: list[list[int]]
    rows: list[int]


class Answer(NamedTuple):
    """What ``SudokuEngine.solve`` found: ``grid``, the solution (``None`` when
    there is none), ``rows_tried``, the rows its search took, and
    ``wrong_choices``, those of them chosen among others that led to no solution."""

    grid: list[int] | None
    rows_tried: int
    wrong_choices: int = 0


# The S heuristic takes the first column of least size, so the order of the list of columns
# breaks its ties: the *tie order*.  An order lists every column of the matrix once, family
# after family (cells, then (row, digit), (column, digit) and (box, digit) pairs), and says
# how the columns of each family follow one another.

#: the seed of the solver's tie order, a random one (``random_order``); fixed before any result,
#: as the seed of the control it first was, and never compared with other seeds to pick it
ORDER_SEED = 0


def shuffled(items: Iterable[int], rng: random.Random) -> list[int]:
    """``items`` in a random order drawn from ``rng``.  It draws with
    ``rng.random()`` alone, whose stream every Python keeps, so that a seed
    gives the same order on every Python."""
    return sorted(items, key=lambda _: rng.random())


def random_order(seed: int, box: int = SUDOKU_BOX) -> list[int]:
    """A tie order drawn from ``seed``: the columns of each family in a random
    order, the families in the plain order.  No one tuned it."""
    rng = random.Random(seed)
    area = box**4
    return [j for family in range(4) for j in shuffled(range(family * area, (family + 1) * area), rng)]


class Ideas(NamedTuple):
    """What the solver does beyond Knuth's Algorithm X on a matrix built for
    each puzzle.  The solver has them all; the experiment's ablation turns them
    off one by one (``SudokuEngine(box, ideas)``)."""

    reuse_matrix: bool = True  #: build the matrix once and relink it for each puzzle
    no_restore: bool = True  #: stop at the first solution without uncovering what the search covered
    naked_singles: bool = True  #: stage 1 fills each blank left with one digit ...
    hidden_singles: bool = True  #: ... and places each digit left with one place in a unit ...
    locked_candidates: bool = True  #: ... and rules a digit confined to a segment out of its line and box


class SudokuEngine:
    """Solve sudokus of one order ``box`` (side N = box**2), given as flat
    lists of N*N ints (0 for a blank), in two stages: ``place_singles``
    places every digit the rules force, on one bit board per digit (an int
    whose bit i says "this digit may still go in cell i"); then dancing
    links search what is left, on one ``AlgorithmX`` over all N**3
    candidates, built once and relinked for each puzzle (``relink``).
    ``ideas`` says which of the solver's ideas it has: all, by default;
    ``order`` is the tie order, a random one by default
    (``random_order(ORDER_SEED, box)``).  ``ValueError`` for an order that
    does not list every column once, family after family.  Each ``solve``
    relinks the one matrix, so a search paused on it fails when it resumes.
    """

    def __init__(self, box: int, ideas: Ideas = Ideas(), order: Sequence[int] | None = None) -> None:
        self.box = box
        self.ideas = ideas
        self.size = size = box * box
        area = size * size
        order = random_order(ORDER_SEED, box) if order is None else list(order)
        families = [j // area for j in order]  # each column's family
        if sorted(order) != list(range(4 * area)) or families != sorted(families):
            raise ValueError(f"a tie order lists the {4 * area} columns once each, family after family")
        self.family_orders = [order[f * area : (f + 1) * area] for f in range(4)]  # the tie order, family by family
        cells = range(area)
        self.cell_row = [i // size for i in cells]
        self.cell_col = [i % size for i in cells]
        self.cell_box = [box_of(i, box) for i in cells]
        self.all_cells = (1 << size * size) - 1
        # A unit (row, column or box) as a bit board of its cells.
        self.unit_boards = [
            sum(1 << i for i in cells if where[i] == u)
            for where in (self.cell_row, self.cell_col, self.cell_box)
            for u in range(size)
        ]
        rows, cols, boxes = (self.unit_boards[k * size : (k + 1) * size] for k in range(3))
        # The cells a digit in cell i leaves open: placing it is then one AND.
        self.outside_peers = [
            self.all_cells & ~(rows[self.cell_row[i]] | cols[self.cell_col[i]] | boxes[self.cell_box[i]]) for i in cells
        ]
        # What a digit's places in a unit say: one cell is a hidden single (0); cells of one segment,
        # where a line crosses a box, rule out the other cells of both (locked candidates).
        self.unit_rules: dict[int, int] = {1 << i: 0 for i in cells} if ideas.hidden_singles else {}
        for line in rows + cols if ideas.locked_candidates else ():
            for b in boxes:
                segment = line & b
                pattern = segment  # then every other non-empty subset of its cells
                while pattern:
                    if pattern & (pattern - 1):
                        self.unit_rules[pattern] = (line | b) & ~segment
                    pattern = (pattern - 1) & segment
        self.matrix: AlgorithmX | None = None  # built when a puzzle first needs it

    def solve(self, grid: list[int]) -> Answer:
        """The first solution of ``grid`` (a new list) and the rows tried to find it."""
        grid = list(grid)
        singles = self.place_singles(grid)
        if singles is None:
            return Answer(None, 0)
        if not singles.blank:
            return Answer(grid, 0)
        matrix = self.relink(self.open_part(grid, singles.places))
        rows = matrix.first_solution(restore=not self.ideas.no_restore)
        if rows is None:
            return Answer(None, matrix.rows_tried, matrix.wrong_choices)
        for row in rows:
            cell, digit = decode_row(row, self.size)
            grid[cell] = digit
        return Answer(grid, matrix.rows_tried, matrix.wrong_choices)

    def place_singles(self, grid: list[int]) -> Singles | None:
        """Stage 1 on ``grid`` (changed in place): place every digit the rules
        force; ``None`` when the givens or the forced digits contradict.  Each
        round takes naked singles, then scans the units for hidden singles and
        locked candidates (those of ``ideas``), until a scan changes nothing."""
        singles = self._read_givens(grid)
        if singles is None:
            return None
        blank, places = singles
        # Per digit: the units its last scan found places in, and its board as that scan left it (-1: scan it).
        open_units = [self.unit_boards] * self.size
        seen = [-1] * self.size
        while blank:
            if self.ideas.naked_singles:
                left = self._place_naked_singles(grid, blank, places)
                if left is None:
                    return None
                blank = left
            if not blank or not self.unit_rules:
                break
            blank, changed = self._scan_units(grid, blank, places, open_units, seen)
            if not changed:
                if self._digit_without_a_place(grid, open_units):
                    return None
                break
        return Singles(blank, [board & blank for board in places])

    def _read_givens(self, grid: list[int]) -> Singles | None:
        """The blanks of ``grid`` and where each digit may go beside the givens;
        ``None`` for a repeated given.

        A board may still hold cells filled since it was written: every read
        masks it with the blanks, cheaper than clearing every board at each
        placement.
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
        return Singles(blank, places)

    def _place_naked_singles(self, grid: list[int], blank: int, places: list[int]) -> int | None:
        """Fill the blanks that one board alone holds until there are none; the
        blanks left, or ``None`` when a blank has no digit left.

        ``once`` marks the cells held by at least one board, ``twice`` by two
        or more, so ``once & ~twice`` are the naked singles of the whole grid.
        """
        outside_peers = self.outside_peers
        digits = range(self.size)
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
        """One scan of each digit's places in each unit still open for it, by
        ``unit_rules``: place hidden singles, rule out locked candidates.
        Returns the blanks left and whether any board changed."""
        rules = self.unit_rules
        outside_peers = self.outside_peers
        changed = False
        for d in range(self.size):
            board = places[d] & blank
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
        """Whether some digit has neither a place nor a copy in some unit.

        A placed digit fills three units (its row, column and box), and the
        scan keeps open exactly the units where the digit still has a place.
        """
        units = len(self.unit_boards)
        return any(len(open_units[d]) + 3 * grid.count(d + 1) != units for d in range(self.size))

    def open_part(self, grid: list[int], places: list[int]) -> OpenPart:
        """The columns still to cover, family by family in the tie order (the
        blanks of ``grid``, then the (row, digit), (column, digit) and (box,
        digit) pairs it still lacks), and the candidates still in ``places``."""
        size = self.size
        area = size * size
        columns = [[i for i in self.family_orders[0] if not grid[i]]]  # a cell's column is its number
        for family, unit_of in enumerate((self.cell_row, self.cell_col, self.cell_box), start=1):
            held = {family * area + unit_of[i] * size + value - 1 for i, value in enumerate(grid) if value}
            columns.append([j for j in self.family_orders[family] if j not in held])
        rows = []
        for d, board in enumerate(places):
            while board:
                bit = board & -board
                board ^= bit
                rows.append(candidate_row(bit.bit_length() - 1, d + 1, size))
        return OpenPart(columns, rows)

    def build_matrix(self) -> AlgorithmX:
        """Build the engine's matrix, the whole of this order (N**3 candidates
        by 4 N**2 constraints), and return it."""
        self.matrix = AlgorithmX(exact_cover_rows(self.box), 4 * self.size**2)
        return self.matrix

    def relink(self, part: OpenPart) -> AlgorithmX:
        """The engine's matrix, relinked to hold ``part`` alone: built on first
        need, or for every puzzle without the idea ``reuse_matrix``."""
        matrix = self.matrix if self.matrix is not None and self.ideas.reuse_matrix else self.build_matrix()
        matrix.relink([j for family in part.columns for j in family], part.rows)
        return matrix


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


#: ``solve_sudoku``'s engine for each box side, made by its first call of that size
_ENGINES: dict[int, SudokuEngine] = {}
#: held while one of them solves: an engine's matrix serves one search at a time
_ENGINES_LOCK = threading.Lock()


def solve_sudoku(sudoku: object, size: int = SUDOKU_SIZE) -> np.ndarray | None:
    """The solution of a ``size`` x ``size`` sudoku (0 = blank) as a new int
    array, or ``None`` when it has none.  A puzzle with several solutions gets
    one of them, the same one on every call.  Input as ``read_grid`` says;
    ``ValueError`` too when ``size`` is not the square of a box side.  Calls
    of one size share an engine, made by the first; each relinks its matrix
    afresh, so none depends on another; threads take turns.
    """
    box = math.isqrt(size) if size > 0 else 0
    if box * box != size or box == 0:
        raise ValueError(f"a sudoku's side is the square of its box side (4, 9, 16, ...), not {size}")
    cells = read_grid(sudoku, size)
    if cells is None:
        return None
    with _ENGINES_LOCK:
        engine = _ENGINES.get(box) or _ENGINES.setdefault(box, SudokuEngine(box))
        solution = engine.solve(cells).grid
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
    """The backtracking search would try more assignments than its ``budget``;
    ``wrong_choices`` says how many of those it tried were wrong choices."""

    def __init__(self, budget: int, wrong_choices: int = 0) -> None:
        super().__init__(f"more than {budget} assignments")
        self.budget = budget
        self.wrong_choices = wrong_choices


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
    caps them (None: no cap); ``wrong_choices`` counts those made among two
    digits or more that led to no solution (for a search stopped at its first).
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
        self.assignments = self.wrong_choices = 0
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
        choice = domain & (domain - 1) != 0  # two digits or more: each try is a choice
        while domain:
            bit = domain & -domain  # the smallest digit left: digits go up
            domain ^= bit
            self.assignments += 1
            self.wrong_choices += choice  # until it leads to a solution
            if self.budget is not None and self.assignments > self.budget:
                raise SearchBudgetExceeded(self.budget, self.wrong_choices)
            if self.assign(cell, bit) and self.search(rest, found, limit):
                self.wrong_choices -= choice
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
    none), the assignments tried, and the wrong choices among them."""

    solution: np.ndarray | None
    assignments: int
    wrong_choices: int


def backtracking_solve(
    grid: object,
    budget: int | None = None,
    narrowed: Sequence[int] | None = None,
    mrv: bool = True,
    mac: bool = False,
    hidden_singles: bool = False,
) -> Backtracked:
    """The first solution of ``grid`` in search order as a new N x N int
    array (None when there is none), how many assignments the search tried,
    and how many of those were wrong choices (``SudokuCSP``).

    ``grid`` is an N x N array-like, or a flat one of N * N values, with
    N = B * B for a box side B >= 1 and every value a whole number in 0..N
    (0 for a blank); it is not modified.  ``narrowed``, ``mrv``, ``mac`` and
    ``hidden_singles`` as for ``SudokuCSP``.  Raises ``ValueError`` when ``grid`` is not such a
    grid, and ``SearchBudgetExceeded`` when more than ``budget`` assignments
    would be needed (never when it is None).
    """
    cells, box = _csp_cells(grid)
    problem = SudokuCSP(cells, box, budget, narrowed, mrv, mac, hidden_singles)
    found = problem.run(limit=1)
    side = box * box
    solution = np.array(found[0], dtype=int).reshape(side, side) if found else None
    return Backtracked(solution, problem.assignments, problem.wrong_choices)


def backtracking_count(grid: object, limit: int | None = 2, budget: int | None = None) -> int:
    """How many solutions ``grid`` has, counting no further than ``limit``
    (all of them when None): with the default, 0, 1 or 2 for "two or more".

    ``grid`` and ``budget`` as for ``backtracking_solve``.
    """
    cells, box = _csp_cells(grid)
    return len(SudokuCSP(cells, box, budget).run(limit))


# ---------------------------------------------------------------------------
# The experiment: an ablation of the solver, the textbook search, and a race
# ---------------------------------------------------------------------------
# The notebook's Section 8 measures what each idea of the solver buys.  Its
# ablation starts from Knuth's Algorithm X alone and adds the ideas of
# ``Ideas`` one at a time, each variant an engine with the ideas so far, so
# the last is the solver; beside it run the textbook searches.  ``race`` times
# them all, and the tie orders are judged apart, on symmetric copies of
# every puzzle (``random_symmetry``, ``on_copies``), by search nodes alone.

#: a method of the race: a puzzle in, ``(solution or None, search nodes, wrong choices)`` out,
#: where the search nodes are the assignments or rows a search tried, and the wrong choices
#: those of them made among two options or more that led to no solution; it may raise
#: ``SearchBudgetExceeded``
Method = Callable[[np.ndarray], Tuple[Union[np.ndarray, typing.Sequence[int], None], int, int]]

#: assignments a textbook search may try in the experiment before it gives up
BUDGET = 10_000
FIXED_ORDER = "backtracking, fixed order"
TEXTBOOK = "textbook search"
MAC = "textbook search with MAC"
SINGLES = "textbook search with MAC and hidden singles"
AFTER_STAGE_1 = "MAC and hidden singles after stage 1"  #: the textbook search so, after stage 1
ALGORITHM_X = "Algorithm X"
#: the ablation's variants after Algorithm X, one per idea, named after it (the last is the solver)
ADDED = tuple("+ " + idea.replace("_", " ") for idea in Ideas._fields)
SOLVER = ADDED[-1]
THE_SOLVER = "the solver"  #: how the tables name the solver beside other methods
BOUND_SIGN = "≥"  #: a printed number that starts with it is a lower bound: a search stopped at its budget
# The names the tables give the sets beyond the assignment's categories, and the orders judged.
EASIER = "very easy to medium"  #: the assignment's three easier categories as one
GENERATED_HARD, TOP1465_SAMPLE, HARDEST_SAMPLE = "generated hard", "top1465 sample", "hardest sample"
PLAIN_ORDER, TUNED_ORDER = "plain order", "half-way order (tuned)"
SOLVER_ORDER, OTHER_ORDERS = "random order, seed 0 (the solver's)", "random orders, seeds 1 to 4"
#: the columns of ``NODE_SPREAD``: percentiles of the nodes per puzzle, the mean, and the puzzles over budget
SPREAD_COLUMNS = ("p5", "p25", "median", "p75", "p95", "mean", "over budget")

# The titles of the tables the notebook prints: the report's tools find each table by its title.
KNUTH_CHECKED = "The search against Algorithm X on sets, on random matrices"
CHECKED = "Every category, checked against the stored answers"
SOLVER_ANSWERS = "The solver on each set: answers and search nodes"
SOLVER_TIMES = "The solver on each set: CPU time per puzzle, ms"
ABLATION_NODES = "The ablation: mean search nodes per puzzle"
ABLATION_TIMES = "The ablation: mean CPU time per puzzle, ms"
ORDERS = "Tie orders on symmetric copies: change in rows tried per puzzle, order less the one against"
COPY_TAILS = "The solver on symmetric copies of each puzzle: rows tried and CPU time per copy"
COPIES_COMPARED = "The solver against the strongest textbook searches on symmetric copies: wrong choices and tails"
LEAVE_ONE_OUT = "The solver without one of its rules: mean search nodes per puzzle"
UNSOLVABLE = "One wrong digit in each hardest puzzle: answers and search nodes"
TEXTBOOK_ANSWERS = "The textbook searches: answers and search nodes"
TEXTBOOK_TIMES = "The textbook searches: CPU time per puzzle, ms"
TIMES_COMPARED = "The solver's time less each search's with hidden singles, puzzle by puzzle, ms"
NODE_SPREAD = "Search nodes per puzzle: percentiles and mean"
LONGER_BUDGET = "The textbook search with ten times the budget, on the puzzles it stopped on"
WITHOUT_MRV = "Backtracking in a fixed order, with no budget: answers and search nodes"
FIXED_RATE = "Backtracking in a fixed order: its rate on this machine"


def by_engine(solver: SudokuEngine) -> Method:
    """The method that solves as ``solve_sudoku`` does, with ``solver``:
    ``Answer``: the solution or None, the rows tried and the wrong choices."""

    def method(puzzle: np.ndarray) -> Answer:
        cells = read_grid(puzzle, solver.size)
        return Answer(None, 0) if cells is None else solver.solve(cells)

    return method


def after_stage_1(budget: int | None) -> Method:
    """The textbook search with MAC and hidden singles on what the solver's
    stage 1 leaves of a puzzle, the digits it placed and the candidates it
    ruled out (by locked candidates too) alike: ``Backtracked``."""
    stage_1 = SudokuEngine(SUDOKU_BOX)

    def method(puzzle: np.ndarray) -> Backtracked:
        grid = read_grid(puzzle)
        singles = None if grid is None else stage_1.place_singles(grid)
        if grid is None or singles is None:
            return Backtracked(None, 0, 0)
        # each cell's digits, as bits, from each digit's board of cells
        narrowed = [sum(1 << d for d, board in enumerate(singles.places) if board >> i & 1) for i in range(len(grid))]
        return backtracking_solve(grid, budget, narrowed, hidden_singles=True)

    return method


def textbook_methods(budget: int | None = None) -> dict[str, Method]:
    """The textbook searches, name -> method, each stopped after ``budget``
    assignments (never when None): backtracking in row-major order with
    forward checking; the textbook search (MRV, forward checking); the same
    maintaining arc consistency, and with hidden singles too, at every node;
    and the last again on what stage 1 leaves, so that it differs from the
    solver in its search alone."""
    return {
        FIXED_ORDER: lambda puzzle: backtracking_solve(puzzle, budget, mrv=False),
        TEXTBOOK: lambda puzzle: backtracking_solve(puzzle, budget),
        MAC: lambda puzzle: backtracking_solve(puzzle, budget, mac=True),
        SINGLES: lambda puzzle: backtracking_solve(puzzle, budget, hidden_singles=True),
        AFTER_STAGE_1: after_stage_1(budget),
    }


def ablation() -> dict[str, Method]:
    """Algorithm X alone, then one idea of ``Ideas`` more at each step, up
    to the solver: name -> method."""
    count = len(Ideas._fields)
    engines = [SudokuEngine(SUDOKU_BOX, Ideas(*(k < ideas for k in range(count)))) for ideas in range(count + 1)]
    return dict(zip((ALGORITHM_X, *ADDED), map(by_engine, engines)))


def leave_one_out(*ideas: str) -> dict[str, Method]:
    """The solver without each of ``ideas`` (names of ``Ideas``' fields):
    ``"- naked singles"`` -> method."""
    return {
        f"- {idea.replace('_', ' ')}": by_engine(SudokuEngine(SUDOKU_BOX, Ideas(**{idea: False}))) for idea in ideas
    }


def with_a_wrong_digit(puzzle: np.ndarray, solution: np.ndarray) -> np.ndarray:
    """``puzzle`` with one more given that clashes with no given but is not
    the solution's: the first blank, row by row, gets the smallest such
    digit.  A puzzle with one solution then has none."""
    grid = np.array(puzzle)
    side = len(grid)
    box = math.isqrt(side)
    cells, peers = grid.ravel(), _csp_peers(box)
    for cell in np.flatnonzero(cells == EMPTY).tolist():
        r, c = divmod(cell, side)
        seen = set(cells[list(peers[cell])].tolist())
        wrong = [d for d in range(1, side + 1) if d not in seen and d != solution[r, c]]
        if wrong:
            grid[r, c] = wrong[0]
            return grid
    raise ValueError("no blank can take a wrong digit that clashes with no given")


class Results(NamedTuple):
    """One method's race on a set of puzzles: ``ms``, the CPU time of each
    round (a row) on each puzzle (a column); and puzzle by puzzle its
    ``nodes`` (search nodes); ``right``, whether the answer was checked right
    in every round; ``over_budget``, whether the method stopped at its budget
    (its time and nodes are then lower bounds, and its answer is neither
    right nor wrong); and ``wrong_choices``, the search nodes among them
    that chose among two options or more and led to no solution: a measure
    that counts alike for backtracking, which makes a node for every blank,
    forced or not, and Algorithm X, which takes forced rows one by one."""

    ms: np.ndarray
    nodes: np.ndarray
    right: np.ndarray
    over_budget: np.ndarray
    wrong_choices: np.ndarray

    def round_means(self) -> np.ndarray:
        """The mean time per puzzle of each round."""
        return self.ms.mean(axis=1)


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

    Garbage collection waits until the race ends, as ``timeit`` makes it wait:
    the race keeps every method's matrices alive at once, so a collection would
    take far longer here than beside one solver, and land on whichever call
    happened to start it.  ``ValueError`` when there is no method or no puzzle.
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
    wrong = {name: np.zeros(len(puzzles), dtype=np.int64) for name in names}
    gc.collect()
    gc.disable()
    try:
        for r in range(rounds):
            for k, puzzle in enumerate(puzzles):
                turn = (k + r) % len(names)
                for name in names[turn:] + names[:turn]:
                    copy = np.array(puzzle)
                    start = time.process_time()
                    try:
                        solution, tried, chose = methods[name](copy)
                    except SearchBudgetExceeded as stop:
                        solution, tried, chose, over_budget[name][k] = None, stop.budget, stop.wrong_choices, True
                    ms[name][r, k] = 1000 * (time.process_time() - start)
                    nodes[name][k], wrong[name][k] = tried, chose
                    checked = is_right(puzzle, solution, None if stored is None else stored[k])
                    right[name][k] &= checked and not over_budget[name][k]
    finally:
        gc.enable()
    return {name: Results(ms[name], nodes[name], right[name], over_budget[name], wrong[name]) for name in names}


# --- symmetric copies ----------------------------------------------------------


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


class CopyRuns(NamedTuple):
    """One order's runs on symmetric copies, puzzle by puzzle (a row) and copy
    by copy (a column): ``rows``, the rows its search tried (exact), and
    ``ms``, its CPU time (one run each)."""

    rows: np.ndarray
    ms: np.ndarray


def on_copies(
    puzzles: Sequence[np.ndarray], engines: dict[str, Sequence[SudokuEngine]], copies: int, seed: int
) -> dict[str, CopyRuns]:
    """Every entry of ``engines`` on the same ``copies`` random symmetric
    copies of each puzzle (``random_symmetry``), taking turns as in ``race``.
    A puzzle's copies are drawn from ``seed`` and the puzzle alone, so a set
    run in parts gets the copies it gets whole.  An entry of several engines
    solves copy k with its engine k (counting round), so that its copies are
    shared among them.  Garbage collection waits, as in ``race``.
    ``ValueError`` when there is no entry, an entry has no engine, or there
    is no puzzle or copy."""
    if not engines or not all(engines.values()) or not len(puzzles) or copies < 1:
        raise ValueError(f"on_copies needs engines, puzzles and copies: got {len(engines)}, {len(puzzles)}, {copies}")
    names = list(engines)
    rows = {name: np.zeros((len(puzzles), copies), dtype=np.int64) for name in names}
    ms = {name: np.zeros((len(puzzles), copies)) for name in names}
    gc.collect()
    gc.disable()
    try:
        for p, puzzle in enumerate(puzzles):
            rng = random.Random(f"{seed}:{''.join(map(str, np.ravel(puzzle)))}")
            for k in range(copies):
                cells = read_grid(random_symmetry(rng).apply(puzzle))
                if cells is None:
                    raise ValueError(f"puzzle {p} is not a sudoku of digits")
                turn = (p + k) % len(names)
                for name in names[turn:] + names[:turn]:
                    engine = engines[name][k % len(engines[name])]
                    start = time.process_time()
                    rows[name][p, k] = engine.solve(cells).rows_tried
                    ms[name][p, k] = 1000 * (time.process_time() - start)
    finally:
        gc.enable()
    return {name: CopyRuns(rows[name], ms[name]) for name in names}


def family_order(box: int) -> list[int]:
    """The plain tie order: every column in the order of its number, family after family."""
    return list(range(4 * box**4))


#: where each family of columns started in the order once tuned, as a share of its length
HALF_WAY = 0.5


def half_way_order(box: int = SUDOKU_BOX) -> list[int]:
    """The tie order once tuned on the public collections: each family from
    its middle column (``HALF_WAY``), wrapping round."""
    area = box**4
    start = int(HALF_WAY * area)
    return [family * area + (start + j) % area for family in range(4) for j in range(area)]


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (0.5 <= p < 1) of Student's t with ``df`` degrees of
    freedom, from its density integrated by the trapezium rule."""
    scale = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    step, t, cdf = 1e-4, 0.0, 0.5
    density = scale
    while cdf < p:
        t += step
        following = scale * (1 + t * t / df) ** (-(df + 1) / 2)
        cdf += step * (density + following) / 2
        density = following
    return t


def mean_interval(values: np.ndarray, confidence: float = 0.95) -> tuple[float, float, float]:
    """The mean of ``values`` and its ``confidence`` interval, by Student's t:
    ``(mean, low, high)``.  ``values`` are independent: here, one a puzzle.
    ``ValueError`` for fewer than two."""
    n = len(values)
    if n < 2:
        raise ValueError(f"an interval needs two values or more, not {n}")
    mean = float(np.mean(values))
    half = t_quantile((1 + confidence) / 2, n - 1) * float(np.std(values, ddof=1)) / math.sqrt(n)
    return mean, mean - half, mean + half


# --- printing --------------------------------------------------------------------


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


def mean_with_interval(values: np.ndarray) -> str:
    """The mean of ``values`` (one a puzzle) and its 95% interval
    (``mean_interval``), as the tables print them: ``mean (low to high)``."""
    mean, low, high = mean_interval(values)
    return f"{significant(mean)} ({significant(low)} to {significant(high)})"


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A markdown table whose columns also line up as plain text: columns of
    numbers flush right, the others flush left."""
    cells = [[str(cell) for cell in header]] + [[str(cell) for cell in row] for row in rows]
    widths = [max(3, *(len(row[j]) for row in cells)) for j in range(len(header))]
    numeric = [all(row[j].rstrip("%x")[-1:].isdigit() for row in cells[1:]) for j in range(len(header))]

    def line(row: list[str]) -> str:
        return "| " + " | ".join(c.rjust(w) if n else c.ljust(w) for c, w, n in zip(row, widths, numeric)) + " |"

    rule = "| " + " | ".join("-" * (w - 1) + ":" if n else "-" * w for w, n in zip(widths, numeric)) + " |"
    return "\n".join([line(cells[0]), rule, *(line(row) for row in cells[1:])])
