"""Which puzzles are the same puzzle, up to the grid's symmetries.

A sudoku keeps its solutions, mapped alike, when its digits are relabelled,
its rows are permuted within their bands and its bands among themselves, the
same for columns and stacks, and when it is transposed
(``experiment.Isomorph`` maps a puzzle to such a copy).  The same puzzle can sit in
two collections written two ways, so a puzzle is judged by its ``signature``,
which every copy of it shares.

The signature describes the puzzle as a graph: a vertex for each row, column,
digit, band, stack and given; a given joined to its row, its column and its
digit, a row to its band and a column to its stack.  Two puzzles are copies of
each other exactly when their graphs are the same up to renaming vertices of
each kind (a transpose swaps rows with columns and bands with stacks).  Colour
refinement (Weisfeiler and Lehman) tells most such graphs apart: each round
gives a vertex a new colour from its colour and the colours of its neighbours.
Copies get equal signatures, and so do a few pairs of puzzles that are not
copies (two givens' digits swapped, say), so ``shared`` settles each pair of
equal signatures by ``same_puzzle``, which tries every symmetry.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np

ROUNDS = 4  #: rounds of colour refinement: a given's colour then sees every given within two steps


def profile(puzzle: np.ndarray) -> tuple:
    """A quick invariant of ``puzzle``'s copies: its givens, its digits'
    counts and its givens per line, band by band.  Puzzles with different
    profiles are not copies of each other; equal ones may be."""
    grid = np.asarray(puzzle)
    box = math.isqrt(len(grid))
    filled = grid != 0

    def lines(counts: np.ndarray) -> tuple:
        return tuple(sorted(tuple(sorted(counts[b * box : (b + 1) * box].tolist())) for b in range(box)))

    by_row, by_column = lines(filled.sum(axis=1)), lines(filled.sum(axis=0))
    digits = tuple(sorted(Counter(grid[filled].tolist()).values()))
    return int(filled.sum()), digits, min((by_row, by_column), (by_column, by_row))


def oriented_signature(grid: np.ndarray) -> str:
    """The colour refinement of ``grid``'s graph, as text, without transposing."""
    box = math.isqrt(len(grid))
    neighbours: dict[tuple[str, int], list[tuple[str, int]]] = {}

    def join(a: tuple[str, int], b: tuple[str, int]) -> None:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)

    for line in range(len(grid)):
        join(("row", line), ("band", line // box))
        join(("column", line), ("stack", line // box))
        neighbours.setdefault(("digit", line + 1), [])
    for k, (row, column) in enumerate(zip(*np.nonzero(grid))):
        for vertex in (("row", int(row)), ("column", int(column)), ("digit", int(grid[row, column]))):
            join(("given", k), vertex)
    colour: dict[tuple[str, int], object] = {vertex: vertex[0] for vertex in neighbours}
    history = []
    for _ in range(ROUNDS):
        seen = {v: (colour[v], tuple(sorted(map(str, (colour[u] for u in neighbours[v]))))) for v in neighbours}
        palette = sorted(set(seen.values()), key=str)
        history.append(sorted(Counter(map(str, seen.values())).items()))
        rank = {c: k for k, c in enumerate(palette)}
        colour = {v: rank[seen[v]] for v in neighbours}
    return hashlib.sha256(repr(history).encode()).hexdigest()


def signature(puzzle: np.ndarray) -> str:
    """Text that every symmetric copy of ``puzzle`` (N x N, 0 = blank) shares."""
    grid = np.asarray(puzzle)
    return min(oriented_signature(grid), oriented_signature(grid.T))


@lru_cache(maxsize=None)
def line_orders(box: int) -> np.ndarray:
    """Every order of a grid's lines that a symmetry allows: its bands in any
    order, and the lines within each band in any order (one order a row)."""
    within = list(itertools.permutations(range(box)))
    return np.array(
        [
            [band * box + inner[line] for band, inner in zip(bands, inners) for line in range(box)]
            for bands in itertools.permutations(range(box))
            for inners in itertools.product(within, repeat=box)
        ]
    )


def same_puzzle(puzzle: np.ndarray, other: np.ndarray) -> bool:
    """Whether ``other`` is a symmetric copy of ``puzzle``: tried for every
    order of rows and columns a symmetry allows (those that keep each line's
    count of givens), with and without a transpose, and a relabelling."""
    grid, target = np.asarray(puzzle), np.asarray(other)
    orders = line_orders(math.isqrt(len(grid)))
    filled = target != 0
    for turned in (grid, grid.T):
        rows = orders[np.all((turned != 0).sum(axis=1)[orders] == filled.sum(axis=1), axis=1)]
        columns = orders[np.all((turned != 0).sum(axis=0)[orders] == filled.sum(axis=0), axis=1)]
        for row_order in rows:
            moved = turned[row_order][:, columns].transpose(1, 0, 2)  # one grid per column order
            for candidate in moved[np.all((moved != 0) == filled, axis=(1, 2))]:
                pairs = set(zip(candidate[filled].tolist(), target[filled].tolist()))
                if len(pairs) == len(dict(pairs)) == len({digit for _, digit in pairs}):  # a relabelling
                    return True
    return False


def shared(puzzles: Sequence[np.ndarray] | np.ndarray, others: Iterable[np.ndarray]) -> list[int]:
    """The indices of ``puzzles`` that are copies of a puzzle of ``others``:
    ``same_puzzle`` decides each pair whose ``signature``s agree, and the
    signatures are computed only where the quick ``profile``s agree."""
    profiles = [profile(puzzle) for puzzle in puzzles]
    wanted = set(profiles)
    met: set[tuple] = set()  # the profiles of others that some puzzle has
    theirs: dict[str, list[np.ndarray]] = {}
    for other in others:
        found = profile(other)
        if found in wanted:
            met.add(found)
            theirs.setdefault(signature(other), []).append(np.asarray(other))
    return [
        k
        for k, puzzle in enumerate(puzzles)
        if profiles[k] in met
        and any(
            np.array_equal(puzzle, other) or same_puzzle(puzzle, other) for other in theirs.get(signature(puzzle), [])
        )
    ]
