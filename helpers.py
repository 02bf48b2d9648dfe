"""Dancing links (Knuth's Algorithm X) and its use as a sudoku solver.

The code behind ``sudoku.ipynb``'s ``sudoku_solver``, in the order a puzzle
meets it: the exact-cover engine (``DancingNode``, ``ColumnObject``,
``cover``, ``uncover``, ``AlgorithmX``), sudoku as exact cover, the engine
that places every forced digit and then searches what is left
(``SudokuEngine``), and the entry point ``solve_sudoku``.  Two parts the
solver does not use come last: an independent checker
(``is_valid_solution``) and the textbook method the report compares with
(``backtracking_solve``).  numpy and the standard library only.

Knuth's words (D. E. Knuth, "Dancing Links", 2000, arXiv:cs/0011047):

    exact cover    rows of a 0/1 matrix with exactly one 1 in every column.
    data object    ``DancingNode``: a 1, linked along its row and its column.
    column object  ``ColumnObject``: a column; its ``head`` node tops the
                   column's ring and sits in the list of columns to cover.
    root h         ``AlgorithmX.root``: where that list starts and ends.
    cover          ``cover(node)``: take the row of ``node``: Knuth's cover(c)
                   of each of its columns, which removes the column and every
                   other row with a 1 in it.
    uncover        ``uncover(node)``: the exact inverse, in reverse order.
    S heuristic    ``AlgorithmX.choose_column``: a column with fewest 1s.
    search         ``AlgorithmX.search``: the backtracking search, as a loop.
    candidate      "digit d in cell (r, c)": a row of the sudoku matrix.
    constraint     a column: a cell holds one digit; a row, column or box
                   holds each digit once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

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
#: where each family of columns starts in a 9 x 9 search, as a share of its
#: length: the S heuristic's ties go to the first column (``SudokuEngine.column_order``)
FAMILY_START = 0.5


# ---------------------------------------------------------------------------
# Dancing links
# ---------------------------------------------------------------------------


class DancingNode:
    """One 1 of the matrix (Knuth's data object), in two circular lists: its
    row (``left``, ``right``) and its column (``up``, ``down``).

    ``column`` is the ``ColumnObject`` of its column and ``row`` the index of
    its matrix row.  A column's ``head`` is a node of this class too, with no
    row (``row`` -1): it tops the column's ring, and its ``left`` and
    ``right`` link it into the list of columns still to cover.
    """

    __slots__ = ("left", "right", "up", "down", "column", "row")

    def __init__(self, column: ColumnObject | None, row: int = -1) -> None:
        self.left = self.right = self.up = self.down = self
        self.column = column
        self.row = row


class ColumnObject:
    """A column of the matrix (Knuth's column object): its ``name`` (his N),
    its ``size`` (his S) and ``head``, the node through which the search
    reaches it.

    Knuth's column object is linked into its column's ring and into the list
    of columns still to cover; here ``head``, a node of the ring's own class,
    does both.  Every object the search walks is then a ``DancingNode``, which
    CPython 3.11+ rewards (1.05 times faster).  Sizes are read from the links.
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


def cover(node: DancingNode, emptied: list[ColumnObject]) -> None:
    """Take the row of ``node``: Knuth's cover(c) for each of its columns,
    ``node``'s own first, which takes column c out of the list of columns to
    cover and every other row with a 1 in c out of its other columns.  The
    taken row stays linked, as its columns have all left the list.  Each
    column left with no rows is noted in ``emptied``: a dead end, unless
    covered next."""
    j = node
    while True:
        head = j.column.head
        head.right.left = head.left
        head.left.right = head.right
        i = j.down
        while i is not j:
            if i is not head:
                k = i.right
                while k is not i:
                    up = k.up
                    down = k.down
                    down.up = up
                    up.down = down
                    if up is down:  # only its head is left: k's column is empty
                        emptied.append(k.column)
                    k = k.right
            i = i.down
        j = j.right
        if j is node:
            return


def uncover(node: DancingNode) -> None:
    """Undo ``cover(node)`` exactly: its columns in reverse order, in each the
    rows bottom to top, each row right to left, so that every node goes back
    between neighbours already back in place themselves."""
    j = node.left
    while True:
        head = j.column.head
        i = j.up
        while i is not j:
            if i is not head:
                k = i.left
                while k is not i:
                    k.down.up = k.up.down = k
                    k = k.left
            i = i.up
        head.right.left = head.left.right = head
        if j is node:
            return
        j = j.left


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
            n_columns = max((row[-1] for row in row_lists if row), default=-1) + 1
        self.root = DancingNode(None)  #: Knuth's root h: the list of columns to cover starts and ends here
        self.columns = [ColumnObject(name) for name in (names or range(n_columns))]
        self.row_nodes: list[list[DancingNode]] = []
        for r, row in enumerate(row_lists):
            nodes = [DancingNode(self.columns[j], r) for j in row]
            # A row's ring never changes: cover and uncover leave left and right alone.
            for a, b in zip(nodes, nodes[1:] + nodes[:1]):
                a.right, b.left = b, a
            self.row_nodes.append(nodes)
        self.rows_tried = 0  #: rows the last search took (each step forward counts one)
        self.relink(range(n_columns), range(len(row_lists)))

    def relink(self, columns: Iterable[int], rows: Iterable[int]) -> None:
        """Link the matrix afresh to hold only ``columns``, to cover in this
        order, and ``rows``, whose columns must all be among them.  The nodes
        exist already: this costs a few assignments per node."""
        last = self.root
        for j in columns:
            head = self.columns[j].head
            head.up = head.down = head
            last.right, head.left = head, last
            last = head
        last.right, self.root.left = self.root, last
        for r in rows:
            for node in self.row_nodes[r]:
                head = node.column.head
                bottom = head.up
                node.up, node.down = bottom, head
                bottom.down = head.up = node

    def choose_column(self) -> ColumnObject | None:
        """Knuth's S heuristic: the first column of least size in the list, or
        ``None`` when every column is covered.

        Most calls find a forced column (size 0 or 1: the node above its head
        is the node below it), so the first scan looks for one and does
        nothing else.
        """
        root = self.root
        head = root.right
        if head is root:
            return None
        while head.up is not head.down:  # stops at the root at the latest: its ring is empty
            head = head.right
        if head is not root:
            return head.column
        head = root.right  # none is forced: the first of size 2, the least left ...
        while head.down.down is not head.up:
            head = head.right
        if head is not root:
            return head.column
        columns = []  # ... or the first of least size
        while head.right is not root:
            head = head.right
            columns.append(head.column)
        return min(columns, key=lambda column: column.size)

    @staticmethod
    def dead_end(emptied: list[ColumnObject]) -> ColumnObject | None:
        """A column in ``emptied`` that is still to cover and has no rows, or None.

        A column is still in the list when its left neighbour points back at it
        (covers and uncovers nest, so a covered column's old neighbour never does).
        """
        for col in emptied:
            head = col.head
            if head.down is head and head.left.right is head:
                return col
        return None

    def search(self) -> Iterator[list[int]]:
        """Yield every exact cover of the linked matrix, each as sorted row indices.

        ``chosen`` holds the node of the row taken at each level (Knuth's
        O_k).  A search run to its end leaves the links as it found them;
        one stopped early leaves them as they are, for ``relink`` to reset.
        """
        chosen: list[DancingNode] = []
        emptied: list[ColumnObject] = []  # filled by ``cover``
        choose_column = self.choose_column
        dead_end = self.dead_end
        tried = 0
        while True:
            col = None
            if emptied:  # a column the last cover emptied is a dead end, unless it was covered
                col = dead_end(emptied)
                emptied.clear()
            if col is None:
                col = choose_column()
                if col is None:
                    self.rows_tried = tried
                    yield sorted(node.row for node in chosen)
            # The first row of ``col``; or, when it has none (or every column
            # is covered), back up to the newest row with a row below it.
            node = col.head.down if col is not None else None
            while node is None or node.row < 0:
                if not chosen:
                    self.rows_tried = tried
                    return
                node = chosen.pop()
                uncover(node)
                node = node.down
            tried += 1
            chosen.append(node)
            cover(node, emptied)

    def first_solution(self) -> list[int] | None:
        """The first exact cover (sorted row indices), or ``None``; the links
        are left as the search left them."""
        return next(self.search(), None)


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
    N**2 cell columns, then N**2 row-digit, N**2 column-digit and N**2
    box-digit columns, each family ordered by (unit, digit).
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


class SudokuEngine:
    """Solve sudokus of one order ``box`` (side N = box**2), given as flat
    lists of N*N ints (0 for a blank), in two stages: ``place_singles``
    places every digit the rules force, on one bit board per digit (an int
    whose bit i says "this digit may still go in cell i"); then dancing
    links search what is left, on one ``AlgorithmX`` over all N**3
    candidates, built once and relinked for each puzzle (``relink``).
    """

    def __init__(self, box: int) -> None:
        self.box = box
        self.size = size = box * box
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
        # box.  Placing a digit is then one AND, with no complement taken.
        self.outside_peers = [
            self.all_cells & ~(rows[self.cell_row[i]] | cols[self.cell_col[i]] | boxes[self.cell_box[i]]) for i in cells
        ]
        # What a digit's places in one unit (a bit board) say.  One cell: the
        # digit goes there (a hidden single), marked 0.  Two or more cells of
        # one segment, where a line crosses a box: the digit is confined to the
        # segment in both, so the other cells of the line and the box are ruled
        # out (locked candidates).  Any other pattern says nothing and is absent.
        self.unit_rules: dict[int, int] = {1 << i: 0 for i in cells}
        for line in rows + cols:
            for b in boxes:
                segment = line & b
                pattern = segment  # then every other non-empty subset of its cells
                while pattern:
                    if pattern & (pattern - 1):
                        self.unit_rules[pattern] = (line | b) & ~segment
                    pattern = (pattern - 1) & segment
        self.matrix: AlgorithmX | None = None  # built when a puzzle first needs it
        self.rows_tried = 0  #: rows the last ``solve`` tried in stage 2 (0 when stage 1 finished it)

    def solve(self, grid: list[int]) -> list[int] | None:
        """The first solution of ``grid`` (a new list), or ``None`` if it has none."""
        grid = list(grid)
        self.rows_tried = 0
        singles = self.place_singles(grid)
        if singles is None:
            return None
        if singles.blank:
            matrix = self.relink(self.open_part(grid, singles.places))
            rows = matrix.first_solution()
            self.rows_tried = matrix.rows_tried
            if rows is None:
                return None
            for row in rows:
                cell, digit = decode_row(row, self.size)
                grid[cell] = digit
        return grid

    def place_singles(self, grid: list[int]) -> Singles | None:
        """Stage 1 on ``grid`` (changed in place): place every digit the rules
        force; ``None`` when the givens or the forced digits contradict.  Each
        round takes naked singles, then scans the units for hidden singles and
        locked candidates, until a scan changes nothing."""
        singles = self._read_givens(grid)
        if singles is None:
            return None
        blank, places = singles
        # Per digit: the units still open for it (those its last scan found
        # places in), and its board as that scan left it (-1: scan it again).
        open_units = [self.unit_boards] * self.size
        seen = [-1] * self.size
        while blank:
            blank = self._place_naked_singles(grid, blank, places)
            if blank is None:
                return None
            if not blank:
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
        """The columns still to cover, family by family (the blanks of ``grid``,
        then the (row, digit), (column, digit) and (box, digit) pairs it still
        lacks), and the candidates still in ``places``."""
        size = self.size
        area = size * size
        used = [[0] * size for _ in range(3)]  # digits in each row, column and box, as bit masks
        blanks = []
        for i, value in enumerate(grid):
            if value:
                bit = 1 << (value - 1)
                used[0][self.cell_row[i]] |= bit
                used[1][self.cell_col[i]] |= bit
                used[2][self.cell_box[i]] |= bit
            else:
                blanks.append(i)
        columns = [blanks]
        full = (1 << size) - 1
        for family, masks in enumerate(used, start=1):
            missing = []
            for u, mask in enumerate(masks):
                free = full & ~mask
                while free:
                    bit = free & -free
                    free ^= bit
                    missing.append(family * area + u * size + bit.bit_length() - 1)
            columns.append(missing)
        rows = []
        for d, board in enumerate(places):
            while board:
                bit = board & -board
                board ^= bit
                rows.append(candidate_row(bit.bit_length() - 1, d + 1, size))
        return OpenPart(columns, rows)

    def column_order(self, families: list[list[int]]) -> list[int]:
        """The columns to cover, family after family, in the order the S
        heuristic meets them.

        It takes the first of the smallest columns, so this order breaks its
        ties.  For 9 x 9 each family starts half-way (``FAMILY_START``) and
        wraps round, which tries fewer rows; other sizes keep the plain order,
        having no collection to tune on.
        """
        start = FAMILY_START if self.box == SUDOKU_BOX else 0.0
        order = []
        for family in families:
            k = int(start * len(family))
            order += family[k:] + family[:k]
        return order

    def relink(self, part: OpenPart) -> AlgorithmX:
        """The engine's matrix (built on first need), relinked to hold ``part`` alone."""
        if self.matrix is None:
            self.matrix = AlgorithmX(exact_cover_rows(self.box), 4 * self.size**2)
        self.matrix.relink(self.column_order(part.columns), part.rows)
        return self.matrix


_ENGINES: dict[int, SudokuEngine] = {}


def engine(box: int) -> SudokuEngine:
    """The shared engine for sudokus of order ``box``, made on first use."""
    if box not in _ENGINES:
        _ENGINES[box] = SudokuEngine(box)
    return _ENGINES[box]


def read_grid(sudoku: object, size: int = SUDOKU_SIZE) -> list[int] | None:
    """The cells of a ``size`` x ``size`` grid, row by row, as ints; ``None``
    when a cell holds anything but a whole number from 0 to ``size``, since no
    sudoku with such a cell has a solution.

    Raises ``ValueError`` for what is not such a grid: another shape, text,
    booleans, a masked array, a list in a cell.  The input is not modified.
    """
    array = np.asarray(sudoku)
    if array.shape != (size, size) or array.dtype.kind not in "iufO" or isinstance(sudoku, np.ma.MaskedArray):
        raise ValueError(f"expected a {size} x {size} grid of numbers, got shape {array.shape}, dtype {array.dtype}")
    cells = array.ravel().tolist()
    try:
        if not set(cells) <= set(range(size + 1)):  # 2.0 passes; 2.5, 10, NaN and None do not
            return None
    except TypeError:  # a list in a cell, as old numpy reads a ragged list: not a grid
        raise ValueError(f"expected a {size} x {size} grid of numbers, got a cell that is not a number") from None
    return cells if array.dtype.kind in "iu" else [int(value) for value in cells]


def solve_sudoku(sudoku: object, size: int = SUDOKU_SIZE) -> np.ndarray | None:
    """The solution of a ``size`` x ``size`` sudoku (0 = blank) as a new int
    array, or ``None`` when it has none.  A puzzle with several solutions gets
    one of them, the same one on every call.  Input as ``read_grid`` says."""
    cells = read_grid(sudoku, size)
    solution = None if cells is None else engine(math.isqrt(size)).solve(cells)
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
# Rung 0 of the report's ladder: the method the AI unit recommends, kept to
# the textbook (Russell and Norvig, *Artificial Intelligence: A Modern
# Approach*, ch. 6), and the solver the notebook compares with.  It names
# nothing of this module but the constants EMPTY and NO_SOLUTION, and the
# solver above names nothing of it, so the project also uses it as an
# independent reference that labels its test puzzles.
#
#     variables    the N * N cells, numbered row by row.
#     domains      the digits a cell may still take, as a bit mask: bit d - 1
#                  stands for digit d.
#     constraints  all-different on every row, column and box, as binary
#                  inequalities between *peers* (two cells that share a unit).
#     assign       put a digit in a cell, then *forward check*: remove it from
#                  the domain of every unassigned peer, and fail at once if
#                  one of them has no digit left.
#     select       minimum remaining values (MRV): the unassigned cell with
#                  the smallest domain, the first in row-major order on a tie.
#     order        the digits of its domain in increasing order.
#     backtrack    depth first, recursive, undoing an assignment and its
#                  pruning on the way back.
# Nothing else prunes: no hidden singles, no arc consistency beyond forward
# checking.  The givens are assigned first and are not counted as choices.


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
