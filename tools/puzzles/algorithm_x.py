"""Knuth's Algorithm X alone on the 9 x 9 sudoku: no propagation, no
restarts.  The generators judge a puzzle's hardness by it (``make_hard``,
``find_hardest``, with ``stop_at_one``) and the benchmark races it as plain
dancing links (``tools.measure.alternatives``).

It is an adapter on ``helpers``' public interface, so it runs the solver's
own dancing links (``helpers.AlgorithmX``) on the whole matrix
(``helpers.exact_cover_rows``), restricted for each puzzle to the columns its
givens leave open, in the order of their numbers, and to the candidate rows
that agree with the givens, in the order of theirs.  The givens' rows are
not searched, so they are not counted among the rows tried.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import numpy as np

from helpers import (
    SUDOKU_BOX,
    SUDOKU_CONSTRAINTS,
    SUDOKU_SIZE,
    AlgorithmX,
    ColumnObject,
    candidate_row,
    decode_row,
    exact_cover_rows,
    read_grid,
)


class StopAtOne(AlgorithmX):
    """Algorithm X whose S heuristic also ends its scan at the first column
    of one row, taking it even when an empty column follows: the rule the
    committed hard puzzles were judged by (``tools.paths.GENERATED_HARD``,
    ``collections/hardest.csv``).  It finds the same first solution as
    Knuth's rule, but tries more rows on most puzzles that need a search."""

    def choose_column(self, emptied: Iterable[ColumnObject] | None = None) -> ColumnObject | None:
        head = self.root.right
        while head is not self.root and head.up is not head.down:  # two rows or more
            head = head.right
        return super().choose_column() if head is self.root else head.column


class PlainAlgorithmX:
    """Knuth's Algorithm X, with his S heuristic (``StopAtOne``'s rule with
    ``stop_at_one``), on one matrix linked afresh for each puzzle."""

    def __init__(self, stop_at_one: bool = False) -> None:
        self.matrix = (StopAtOne if stop_at_one else AlgorithmX)(exact_cover_rows(SUDOKU_BOX), SUDOKU_CONSTRAINTS)

    def solutions(self, puzzle: object, limit: int | None = 1) -> tuple[list[list[int]], int]:
        """Up to ``limit`` solutions of the 9 x 9 ``puzzle`` (``None``: all),
        each a flat list of its cells, in the order the search finds them, and
        the rows it tried for them (or to find that there are no more)."""
        cells = read_grid(puzzle)
        if cells is None:
            return [], 0
        rows = exact_cover_rows(SUDOKU_BOX)
        met = [j for cell, digit in enumerate(cells) if digit for j in rows[candidate_row(cell, digit, SUDOKU_SIZE)]]
        taken = set(met)
        if len(taken) < len(met):
            return [], 0  # two givens share a row, column or box digit
        self.matrix.restrict(
            [j for j in range(SUDOKU_CONSTRAINTS) if j not in taken],
            [r for r, columns in enumerate(rows) if taken.isdisjoint(columns)],
        )
        found = []
        for cover in itertools.islice(self.matrix.search(), limit):
            grid = list(cells)
            for cell, digit in (decode_row(r, SUDOKU_SIZE) for r in cover):
                grid[cell] = digit
            found.append(grid)
        return found, self.matrix.rows_tried

    def __call__(self, puzzle: np.ndarray) -> tuple[list[int] | None, int]:
        """The first solution of ``puzzle`` (or None) and the rows tried to find it."""
        found, rows = self.solutions(puzzle)
        return (found[0] if found else None), rows
