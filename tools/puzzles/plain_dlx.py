"""Plain dancing links: Knuth's Algorithm X for the 9 x 9 sudoku, and nothing more.

It is independent of the solver by design: it shares no code with
``helpers.py`` but its named constants, so that it can judge how hard a
puzzle is (``make_hard``, ``find_hardest``) and be the benchmark's reference
(``tools.measure.alternatives``) without favouring the solver it is compared
with.  Its encoding of a sudoku as exact cover is its own too: candidate
"digit d in cell (r, c)" is row ``81 r + 9 c + d - 1`` of the matrix, and the
324 columns are the cells, then the (row, digit), (column, digit) and
(box, digit) pairs, each in its natural order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np

from helpers import SUDOKU_BOX, SUDOKU_CANDIDATES, SUDOKU_CELLS, SUDOKU_CONSTRAINTS, SUDOKU_SIZE


def candidate_columns(candidate: int) -> tuple[int, int, int, int]:
    """The four columns candidate row ``candidate`` (0..728) fills: its cell,
    then its (row, digit), (column, digit) and (box, digit)."""
    cell, digit0 = divmod(candidate, SUDOKU_SIZE)
    row, column = divmod(cell, SUDOKU_SIZE)
    # A deliberate copy of helpers.box_of: this module shares no code with the solver.
    box = (row // SUDOKU_BOX) * SUDOKU_BOX + column // SUDOKU_BOX
    return (
        cell,
        SUDOKU_CELLS + row * SUDOKU_SIZE + digit0,
        2 * SUDOKU_CELLS + column * SUDOKU_SIZE + digit0,
        3 * SUDOKU_CELLS + box * SUDOKU_SIZE + digit0,
    )


def decode(candidates: Iterable[int]) -> list[int]:
    """The cells of the grid that a cover (its candidate rows) fills in, row by row."""
    grid = [0] * SUDOKU_CELLS
    for candidate in candidates:
        cell, digit0 = divmod(int(candidate), SUDOKU_SIZE)
        grid[cell] = digit0 + 1
    return grid


class _Node:
    """One 1 of the matrix (Knuth's data object): four links, its column's header."""

    __slots__ = ("left", "right", "up", "down", "header", "candidate")

    def __init__(self, header: _Header | None, candidate: int = -1) -> None:
        self.left = self.right = self.up = self.down = self
        self.header: Any = header
        self.candidate = candidate


class _Header(_Node):
    """A column header (Knuth's column object), with S, the count of its 1s."""

    __slots__ = ("size",)

    def __init__(self) -> None:
        super().__init__(None)
        self.header = self
        self.size = 0


def _cover(c: _Header) -> None:
    """Knuth's cover: unlink column ``c`` and every row through it from the other columns."""
    c.right.left = c.left
    c.left.right = c.right
    i = c.down
    while i is not c:
        j = i.right
        while j is not i:
            j.down.up = j.up
            j.up.down = j.down
            j.header.size -= 1
            j = j.right
        i = i.down


def _uncover(c: _Header) -> None:
    """Knuth's uncover: the exact inverse of ``_cover``."""
    i = c.up
    while i is not c:
        j = i.left
        while j is not i:
            j.header.size += 1
            j.down.up = j
            j.up.down = j
            j = j.left
        i = i.up
    c.right.left = c
    c.left.right = c


def _leave(node: _Node) -> None:
    """Uncover the columns of ``node``'s row but its own, right to left."""
    j = node.left
    while j is not node:
        _uncover(j.header)
        j = j.left


def _take_back(taken: list[_Node]) -> None:
    """Uncover the columns of every row in ``taken``, newest first, and empty it."""
    while taken:
        node = taken.pop()
        _leave(node)
        _uncover(node.header)


class PlainDLX:
    """Knuth's Algorithm X on dancing links for the 9 x 9 sudoku.

    The 729 x 324 matrix is linked when the object is made.  ``first_cover``
    covers the row of each given (a given whose column is covered already
    clashes: no solution), then runs Knuth's search with his S heuristic:
    branch on the first column of least size in the header list, looking no
    further once it meets an empty column.  Afterwards every link is
    restored, so each call starts from the same matrix.  ``rows_tried`` holds
    how many rows the last search took (the givens' rows do not count).

    ``stop_at_one`` keeps the rule the committed hard puzzles were judged by
    (``tools.paths.GENERATED_HARD``, ``collections/hardest.csv``): the scan
    also stops at the first column of one row, so that such a column is taken
    even when an empty one follows it.  Only ``make_hard`` and
    ``find_hardest`` use it, so that their data stay reproducible.  It finds
    the same first solution but tries more rows on most puzzles that need a
    search (about a quarter more on the hard sets).
    """

    def __init__(self, stop_at_one: bool = False) -> None:
        self.enough = 1 if stop_at_one else 0  #: a column of at most this size ends the scan
        self.root = _Header()
        self.headers = [_Header() for _ in range(SUDOKU_CONSTRAINTS)]
        last = self.root
        for header in self.headers:
            last.right, header.left = header, last
            last = header
        last.right, self.root.left = self.root, last
        self.rows: list[_Node] = []  #: the first node of each candidate row
        for candidate in range(SUDOKU_CANDIDATES):
            nodes = [_Node(self.headers[j], candidate) for j in candidate_columns(candidate)]
            for a, b in zip(nodes, nodes[1:] + nodes[:1]):
                a.right, b.left = b, a
            for node in nodes:
                header = node.header
                node.up, node.down = header.up, header
                header.up.down = node
                header.up = node
                header.size += 1
            self.rows.append(nodes[0])
        self.rows_tried = 0

    def first_cover(self, puzzle: np.ndarray) -> list[int] | None:
        """The candidate rows of the first solution of ``puzzle``, the givens'
        first, or None when it has none."""
        givens: list[_Node] = []
        taken: list[_Node] = []
        self.rows_tried = 0
        try:
            covered: set[int] = set()
            for cell, value in enumerate(np.asarray(puzzle).ravel().tolist()):
                if value:
                    first = self.rows[cell * SUDOKU_SIZE + int(value) - 1]
                    row = [first, first.right, first.right.right, first.left]
                    if any(id(node.header) in covered for node in row):
                        return None  # a clash: another given's row took this one out
                    givens.append(first)
                    for node in row:
                        covered.add(id(node.header))
                        _cover(node.header)
            cover = next(self._search(taken), None)
            return None if cover is None else [node.candidate for node in givens] + cover
        finally:
            _take_back(taken)
            _take_back(givens)

    def _search(self, taken: list[_Node]) -> Iterator[list[int]]:
        """Knuth's search as a loop; ``taken`` is his O_k."""
        root, enough = self.root, self.enough
        while True:
            c: Any = root.right  # the header list holds headers only
            best = c
            node: Any  # a row's node, or None to go back
            if c is root:
                yield [row.candidate for row in taken]
                node = None
            else:
                smallest = c.size  # the S heuristic: the first column of least size
                while c is not root and smallest > enough:
                    if c.size < smallest:
                        best, smallest = c, c.size
                    c = c.right
                node = best.down if smallest else None
                if node is not None:
                    _cover(best)
            if node is None:  # back to the next row of the newest choice
                while taken:
                    node = taken.pop()
                    _leave(node)
                    node = node.down
                    if node is not node.header:
                        break
                    _uncover(node.header)
                else:
                    return
            self.rows_tried += 1
            taken.append(node)
            j = node.right
            while j is not node:
                _cover(j.header)
                j = j.right

    def __call__(self, puzzle: np.ndarray) -> tuple[list[int] | None, int]:
        cover = self.first_cover(puzzle)
        return None if cover is None else decode(cover), self.rows_tried
