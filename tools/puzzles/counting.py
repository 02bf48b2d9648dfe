"""Counting a sudoku's solutions on the solver's own dancing links: the command
line's ``--count``.

``count_solutions`` lets a ``helpers.SudokuEngine`` place what its propagation
forces, digits every solution has, and counts the exact covers of what is
left open with ``helpers.AlgorithmX.search``; ``count_covers`` counts what a
search yields.  Both use ``helpers``' public interface only; nothing here
searches itself.
"""

from __future__ import annotations

import itertools
from collections.abc import Generator

from helpers import SudokuEngine
from tools.puzzles.io import grid_cells


def count_covers(search: Generator[list[int], None, None], limit: int | None = None) -> int:
    """How many covers ``search`` yields, taking no more once it has ``limit``
    (``None``: all of them).  A search left part-way at ``limit`` harms
    nothing: ``AlgorithmX.search`` links its matrix afresh when it starts."""
    return sum(1 for _ in itertools.islice(search, limit))


def count_solutions(sudoku: object, limit: int | None = 2, engine: SudokuEngine | None = None) -> int:
    """How many solutions an N x N sudoku has (N = 4 .. 36, from its shape),
    counting no further than ``limit`` (``None``: all); 2 tells unique from
    ambiguous.  ``engine`` is the ``SudokuEngine`` of the puzzle's order to
    count with (its matrix is relinked, as for a solve), a new one when None.
    ``ValueError`` for what ``tools.puzzles.io.grid_cells`` rejects, a
    ``limit`` below 1, or an engine of another order.
    """
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1 or None, got {limit}")
    box, cells = grid_cells(sudoku)
    engine = SudokuEngine(box) if engine is None else engine
    if engine.box != box:
        raise ValueError(f"an engine of box side {engine.box} cannot count a puzzle of box side {box}")
    forced = engine.place_forced_digits(cells)
    if forced is None:
        return 0
    if not forced.blanks:
        return 1
    return count_covers(engine.matrix_for(engine.open_part(cells, forced.places)).search(), limit)
