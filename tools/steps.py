"""The steps of the development ladder (the readme's Table 1), built on ``helpers.py``.

The submitted solver, ``helpers.SudokuEngine``, is the last step.  Each idea it
adds to plain dancing links can be taken out again, each by a small class here
that overrides one method of the engine or of its matrix:

==================  ==========================================================
switch              taken out by
==================  ==========================================================
reuse_links         ``MatrixPerPuzzle.relink``: a new matrix for every puzzle
skip_unwinding      ``Unwinding.first_solution``: every choice undone after
singles             ``NoSingles.place_singles``: the givens are only checked
hidden_singles      ``NakedSinglesOnly.place_singles``
locked_candidates   ``NoLockedCandidates.__init__``: singles rules alone
half_way_start      ``PlainOrder.column_order``: each family from its start
dead_ends_first     ``NoDeadEnds.dead_end``: no column is looked at early
cheaper_rows        ``KnuthSearch.search``: Knuth's own loop, cover(c) and
                    uncover(c) for one column at a time, the taken row
                    unlinked like any other
==================  ==========================================================

``step_engine(Optimisations(...))`` composes the engine with the switches
given; ``using(engine)`` makes it the one ``helpers.solve_sudoku`` (and so the
notebook's ``sudoku_solver``) uses, for the ladder and the ablation.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

import helpers
from helpers import (
    AlgorithmX,
    ColumnObject,
    DancingNode,
    Singles,
    SudokuEngine,
    constraint_columns,
    decode_row,
    exact_cover_rows,
)


@dataclass(frozen=True)
class Optimisations:
    """What the submitted solver adds to plain dancing links, one switch each,
    in the order the ladder adds them.  All on is the submitted solver; turning
    any off changes no answer, only the time taken."""

    reuse_links: bool = True  #: relink one prebuilt matrix instead of building one per puzzle
    skip_unwinding: bool = True  #: leave the links after the first solution; the next puzzle relinks
    singles: bool = True  #: place naked singles on bit boards before the search
    hidden_singles: bool = True  #: ... hidden singles as well (needs ``singles``)
    locked_candidates: bool = True  #: ... and locked candidates in the same scan (needs ``hidden_singles``)
    half_way_start: bool = True  #: 9 x 9: each family of columns starts half-way
    dead_ends_first: bool = True  #: look first at the columns the last cover emptied
    cheaper_rows: bool = True  #: the search of helpers.py: one call per row, the taken row kept linked


SWITCHES = tuple(field.name for field in dataclasses.fields(Optimisations))


# ---------------------------------------------------------------------------
# The matrix
# ---------------------------------------------------------------------------


def knuth_cover(col: ColumnObject, emptied: list[ColumnObject]) -> None:
    """Knuth's cover(c): column ``col`` out of the list, and every row with a 1
    in it out of its other columns; each column left empty noted in ``emptied``."""
    head = col.head
    head.right.left = head.left
    head.left.right = head.right
    i = head.down
    while i is not head:
        j = i.right
        while j is not i:
            up = j.up
            down = j.down
            down.up = up
            up.down = down
            if up is down:
                emptied.append(j.column)
            j = j.right
        i = i.down


def knuth_uncover(col: ColumnObject) -> None:
    """Knuth's uncover(c): ``knuth_cover(col)`` undone, in reverse order."""
    head = col.head
    i = head.up
    while i is not head:
        j = i.left
        while j is not i:
            j.down.up = j.up.down = j
            j = j.left
        i = i.up
    head.right.left = head.left.right = head


def leave_row(node: DancingNode) -> None:
    """Undo the taking of ``node``'s row in ``KnuthSearch``: its other columns,
    right to left, then its own."""
    j = node.left
    while j is not node:
        knuth_uncover(j.column)
        j = j.left
    knuth_uncover(node.column)


class KnuthSearch(AlgorithmX):
    """The search as Knuth writes it: cover the chosen column, then for each of
    its rows cover the row's other columns; one call per column.  It tries the
    same rows as ``AlgorithmX.search`` (fewer at most: that one notes the
    emptied columns of the branch column again at each of its rows)."""

    def search(self) -> Iterator[list[int]]:
        chosen = self.chosen = []  # the rows taken, kept for ``Unwinding``
        emptied: list[ColumnObject] = []  # filled by ``knuth_cover``
        tried = 0
        while True:
            col = None
            if emptied:
                col = self.dead_end(emptied)
                emptied.clear()
            if col is None:
                col = self.choose_column()
            if col is not None and col.head.down is not col.head:
                knuth_cover(col, emptied)
                node = col.head.down
            else:
                if col is None:
                    self.rows_tried = tried
                    yield sorted(node.row for node in chosen)
                while chosen:  # back up to the newest row with a row below it
                    node = chosen.pop()
                    j = node.left
                    while j is not node:
                        knuth_uncover(j.column)
                        j = j.left
                    node = node.down
                    if node.row >= 0:
                        break
                    knuth_uncover(node.column)  # its column is used up
                else:
                    self.rows_tried = tried
                    return
            tried += 1
            chosen.append(node)
            j = node.right
            while j is not node:
                knuth_cover(j.column, emptied)
                j = j.right


class NoDeadEnds(AlgorithmX):
    """No column is looked at before the S heuristic's scan reaches it."""

    @staticmethod
    def dead_end(emptied: list[ColumnObject]) -> ColumnObject | None:
        return None


class Unwinding(KnuthSearch):
    """Every choice is undone after the first solution, leaving the links as they were."""

    def first_solution(self) -> list[int] | None:
        found = super().first_solution()
        while self.chosen:
            leave_row(self.chosen.pop())
        return found


def matrix_class(switches: Optimisations) -> type[AlgorithmX]:
    """``AlgorithmX`` with the matrix's ideas that ``switches`` turns off taken out."""
    bases: list[type] = []
    if not switches.dead_ends_first:
        bases.append(NoDeadEnds)
    if not switches.skip_unwinding:
        bases.append(Unwinding)
    elif not switches.cheaper_rows:
        bases.append(KnuthSearch)
    if not bases:
        return AlgorithmX
    return type("Matrix", (*bases, AlgorithmX), {})


# ---------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------


class NoSingles(SudokuEngine):
    """No first pass: the givens are only checked for repeats."""

    def place_singles(self, grid: list[int]) -> Singles | None:
        singles = self._read_givens(grid)
        return None if singles is None else Singles(singles.blank, [b & singles.blank for b in singles.places])


class NakedSinglesOnly(SudokuEngine):
    """A first pass of naked singles alone."""

    def place_singles(self, grid: list[int]) -> Singles | None:
        singles = self._read_givens(grid)
        if singles is None:
            return None
        blank = self._place_naked_singles(grid, singles.blank, singles.places)
        return None if blank is None else Singles(blank, [b & blank for b in singles.places])


class NoLockedCandidates(SudokuEngine):
    """Hidden singles without locked candidates: of a digit's places in a unit,
    only a single cell says anything."""

    def __init__(self, box: int) -> None:
        super().__init__(box)
        self.unit_rules = {pattern: 0 for pattern, ruled_out in self.unit_rules.items() if ruled_out == 0}


class PlainOrder(SudokuEngine):
    """Each family of columns in its plain order, as ``open_part`` lists it."""

    def column_order(self, families: list[list[int]]) -> list[int]:
        return [j for family in families for j in family]


class MatrixPerPuzzle(SudokuEngine):
    """A new matrix for every puzzle, of its open candidates only."""

    def relink(self, part: helpers.OpenPart) -> AlgorithmX:
        rows = [constraint_columns(*decode_row(r, self.size), self.box) for r in part.rows]
        matrix = self.matrix_class(rows, 4 * self.size**2)
        for r, nodes in zip(part.rows, matrix.row_nodes):
            for node in nodes:
                node.row = r  # report candidate rows, as the shared matrix does
        matrix.relink(self.column_order(part.columns), range(len(part.rows)))
        return matrix


def step_engine(switches: Optimisations, box: int = helpers.SUDOKU_BOX) -> SudokuEngine:
    """A sudoku engine with the ideas ``switches`` turns off taken out."""
    bases: list[type] = []
    if not switches.reuse_links:
        bases.append(MatrixPerPuzzle)
    if not switches.singles:
        bases.append(NoSingles)
    elif not switches.hidden_singles:
        bases.append(NakedSinglesOnly)
    elif not switches.locked_candidates:
        bases.append(NoLockedCandidates)
    if not switches.half_way_start:
        bases.append(PlainOrder)
    cls = type("StepEngine", (*bases, SudokuEngine), {"matrix_class": matrix_class(switches)})
    engine = cls(box)
    engine.matrix = cls.matrix_class(exact_cover_rows(box), 4 * engine.size**2)
    return engine


@contextlib.contextmanager
def using(engine: SudokuEngine) -> Iterator[SudokuEngine]:
    """Make ``engine`` the one ``helpers.engine`` returns for its box size, until the block ends."""
    saved = helpers.engine(engine.box)
    helpers._ENGINES[engine.box] = engine
    try:
        yield engine
    finally:
        helpers._ENGINES[engine.box] = saved
