"""Knuth's Algorithm X alone on the 9 x 9 sudoku: no propagation, no
restarts.  The generators judge a puzzle's hardness by it (``make_hard``,
``find_hardest``, with ``stop_at_one``) and the benchmark races it as plain
dancing links (``tools.measure.alternatives``).

It is an adapter on the solver's engine with none of its ideas but the
reused matrix (``experiment.AblationEngine``), its columns in the order of
their numbers: the engine reads the givens and leaves the open part of the
matrix (``SudokuEngine.open_part``), the columns the givens leave open and
the candidate rows that agree with them, and its dancing links
(``helpers.AlgorithmX``) search that part.  The givens' rows are not
searched, so they are not counted among the rows tried.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import numpy as np

from experiment import AblationEngine, Ideas
from helpers import (
    SUDOKU_BOX,
    SUDOKU_CONSTRAINTS,
    SUDOKU_SIZE,
    AlgorithmX,
    ColumnObject,
    OpenPart,
    decode_row,
    exact_cover_rows,
    read_grid,
)


def filled(cells: list[int], rows: Iterable[int]) -> list[int]:
    """A copy of ``cells`` with the candidates ``rows`` written in."""
    written = dict(decode_row(row, SUDOKU_SIZE) for row in rows)
    return [written.get(cell, digit) for cell, digit in enumerate(cells)]


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
        # No propagation, no restarts; the matrix is built once, which changes no search.
        self.engine = AblationEngine(SUDOKU_BOX, Ideas(*[False] * len(Ideas._fields))._replace(reuse_matrix=True))
        self.engine.order = list(range(SUDOKU_CONSTRAINTS))
        self.engine.matrix = (StopAtOne if stop_at_one else AlgorithmX)(
            exact_cover_rows(SUDOKU_BOX), SUDOKU_CONSTRAINTS
        )

    def open_part(self, puzzle: object) -> tuple[list[int], OpenPart] | None:
        """The cells of the 9 x 9 ``puzzle`` and the part of the matrix its
        givens leave open; ``None`` when it has no solution for a cell out of
        range or a repeated given."""
        cells = read_grid(puzzle)
        candidates = None if cells is None else self.engine.place_forced_digits(cells)
        return None if cells is None or candidates is None else (cells, self.engine.open_part(cells, candidates.places))

    def solutions(self, puzzle: object, limit: int | None = 1) -> tuple[list[list[int]], int]:
        """Up to ``limit`` solutions of the 9 x 9 ``puzzle`` (``None``: all),
        each a flat list of its cells, in the order the search finds them, and
        the rows it tried for them (or to find that there are no more)."""
        opened = self.open_part(puzzle)
        if opened is None:
            return [], 0
        cells, part = opened
        matrix = self.engine.matrix_for(part)
        found = [filled(cells, cover) for cover in itertools.islice(matrix.search(), limit)]
        return found, matrix.rows_tried

    def __call__(self, puzzle: np.ndarray) -> tuple[list[int] | None, int]:
        """The first solution of ``puzzle`` (or None) and the rows tried to find it."""
        found, rows = self.solutions(puzzle)
        return (found[0] if found else None), rows
