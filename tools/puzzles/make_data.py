"""Make the project's own puzzles: ``data/generated/{category}_puzzle.npy`` and
``data/generated/{category}_solution.npy``, 60 more of the assignment's kinds in
exactly its format (``data/README.md``).

Usage: ``python -m tools.puzzles.make_data [--out DIR]`` (default: the repo's
``data/generated/``).  Progress goes to stderr.

Categories (15 puzzles each, mirroring the assignment's)
    very_easy  15 solvable puzzles, 5 blanks each.
    easy       10 solvable + 5 unsolvable, 5 blanks each.
    medium     10 solvable + 5 unsolvable, 20 blanks each.
    hard       10 solvable + 5 unsolvable, 21-25 givens each.  The solvable
               ones are *minimal*: no given can be removed without losing
               uniqueness.  They are the ones, out of a pool of minimal
               puzzles, that plain backtracking (``plain_backtracking``)
               needs the most placements to solve, counted up to a cap.

Every solvable puzzle has exactly one solution and every unsolvable one
none, as counted (limit 2) by ``textbook.backtracking_count``, the textbook
search, which shares no code with the engine in ``helpers``: the
labels do not rest on the solver they are used to test.

Unsolvable puzzles, three kinds, each made from a puzzle of its category by
changing one or two cells, so that it keeps the category's count of blanks
(easy, medium) or its range of givens (hard):
    (a) repeated given   a digit twice in a row, column or box among the
                         givens: seen by reading the givens alone.
    (b) dead blank       the givens repeat nothing, but some blank has no
                         candidate left: all nine digits sit among its row,
                         column and box.
    (c) no completion    the givens repeat nothing and every blank has at
                         least one candidate, yet there is no solution: only
                         an exhaustive search shows it (even the solver's
                         forced-digit pass finds no contradiction).  Hard only.
easy and medium hold kinds (a) and (b); hard holds all three
(``UNSOLVABLE_KINDS``).  Each category's puzzles are shuffled into a seeded
order, so the unsolvable ones sit at mixed positions.  ``tests/test_data.py``
checks every property above on the committed files, independently of this
module's code (``tests/test_solver.py`` checks every stored solution with
``helpers.is_valid_solution``).

Reproducibility: every draw is a ``Generator.permutation`` of one
``numpy.random.default_rng((SEED, category number))`` per category, in a fixed
order, so running the script again rewrites the same bytes (``tests/test_data.py``
checks it; should numpy change that stream, the files are to be made again).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from experiment import CATEGORIES
from helpers import EMPTY, NO_SOLUTION, SudokuEngine, box_of
from helpers import SUDOKU_BOX as BOX
from helpers import SUDOKU_CELLS as CELLS
from helpers import SUDOKU_SIZE as SIZE
from textbook import backtracking_count
from tools.paths import GENERATED

# --- Named constants -------------------------------------------------------

DIGITS = tuple(range(1, SIZE + 1))

SEED = 2024
PUZZLES_PER_CATEGORY = 15
PUZZLE_DTYPE = np.int8
SOLUTION_DTYPES = {"very_easy": np.int8, "easy": np.float64, "medium": np.float64, "hard": np.float64}
BLANKS = {"very_easy": 5, "easy": 5, "medium": 20}  #: blanks per puzzle, hard excepted
HARD_GIVENS = (21, 25)  #: least and most givens of a hard puzzle
HARD_POOL_SIZE = 40  #: minimal puzzles in that range to choose the hardest from
BACKTRACKING_STEP_CAP = 300_000  #: placements counted; beyond, a puzzle ranks as "at least this hard"
MAX_DEAD_BLANK_CHANGES = 2  #: cells a kind (b) hard puzzle may change

REPEATED_GIVEN = "repeated given"  #: kind (a)
DEAD_BLANK = "dead blank"  #: kind (b)
NO_COMPLETION = "no completion"  #: kind (c)
UNSOLVABLE_KINDS = {
    "very_easy": (),
    "easy": (REPEATED_GIVEN, REPEATED_GIVEN, DEAD_BLANK, DEAD_BLANK, DEAD_BLANK),
    "medium": (REPEATED_GIVEN, REPEATED_GIVEN, REPEATED_GIVEN, DEAD_BLANK, DEAD_BLANK),
    "hard": (REPEATED_GIVEN, DEAD_BLANK, DEAD_BLANK, NO_COMPLETION, NO_COMPLETION),
}

# Where each cell lies, and its 20 peers (the other cells of its row, column
# and box), as sorted tuples so that every loop over them has a fixed order.
ROW_OF = tuple(i // SIZE for i in range(CELLS))
COL_OF = tuple(i % SIZE for i in range(CELLS))
BOX_OF = tuple(box_of(i, BOX) for i in range(CELLS))
PEERS = tuple(
    tuple(
        j
        for j in range(CELLS)
        if j != i and (ROW_OF[j] == ROW_OF[i] or COL_OF[j] == COL_OF[i] or BOX_OF[j] == BOX_OF[i])
    )
    for i in range(CELLS)
)

Grid = list[int]  #: 81 values in row-major order, 0 for a blank


def numpy_shuffled(items: Sequence[int], rng: np.random.Generator) -> list[int]:
    """A new list of ``items`` in a random order drawn from ``rng``.  Not
    ``helpers.shuffled``, on purpose: this draws from numpy's generator, as
    when the committed data were made, so that they are made again byte for byte."""
    return [items[j] for j in rng.permutation(len(items)).tolist()]


# --- Properties of a grid --------------------------------------------------


def has_repeated_given(cells: Grid) -> bool:
    """True when some digit is given twice in one row, column or box."""
    return any(cells[i] and any(cells[j] == cells[i] for j in PEERS[i]) for i in range(CELLS))


def candidates(cells: Grid, i: int) -> list[int]:
    """The digits no peer of cell ``i`` holds, in increasing order."""
    seen = {cells[j] for j in PEERS[i]}
    return [d for d in DIGITS if d not in seen]


def dead_blanks(cells: Grid) -> list[int]:
    """The blanks that have no candidate left."""
    return [i for i in range(CELLS) if cells[i] == EMPTY and not candidates(cells, i)]


def givens(cells: Grid) -> int:
    """How many cells hold a digit."""
    return sum(1 for value in cells if value != EMPTY)


def plain_backtracking(
    cells: Grid, orders: Sequence[Sequence[int]] | None = None, cap: int | None = None
) -> tuple[Grid | None, int]:
    """Plain backtracking on ``cells``: ``(its first solution or None, placements made)``.

    Part of the generator (random complete grids, the hard pool's ranking), no
    solver of the project: no label rests on it.  Plain means: always the first
    empty cell in row-major order, digits tried in ``orders[i]`` for cell i
    (1..9 when no orders are given), a digit placed when its row, column and box
    lack it, and no other reasoning.  With a ``cap`` it stops once it has made
    ``cap + 1`` placements (and returns None).  The givens must repeat nothing.
    """
    grid = list(cells)
    used = [0] * (3 * SIZE)  # digit bit masks: rows, then columns, then boxes
    for i, value in enumerate(grid):
        if value:
            bit = 1 << value
            used[ROW_OF[i]] |= bit
            used[SIZE + COL_OF[i]] |= bit
            used[2 * SIZE + BOX_OF[i]] |= bit
    blanks = [i for i in range(CELLS) if grid[i] == EMPTY]
    tried = [0] * len(blanks)  # how many digits of its order each blank has tried
    steps = 0
    level = 0
    # An explicit stack (``level`` into ``blanks``) instead of recursion.
    while 0 <= level < len(blanks):
        i = blanks[level]
        order = DIGITS if orders is None else orders[i]
        r, c, b = ROW_OF[i], SIZE + COL_OF[i], 2 * SIZE + BOX_OF[i]
        if grid[i]:  # back here after a dead end deeper down: take the digit out
            bit = 1 << grid[i]
            used[r] ^= bit
            used[c] ^= bit
            used[b] ^= bit
            grid[i] = EMPTY
        taken = used[r] | used[c] | used[b]
        while tried[level] < SIZE and taken >> order[tried[level]] & 1:
            tried[level] += 1
        if tried[level] == SIZE:
            tried[level] = 0
            level -= 1
            continue
        steps += 1
        if cap is not None and steps > cap:
            return None, steps
        d = order[tried[level]]
        tried[level] += 1
        bit = 1 << d
        used[r] |= bit
        used[c] |= bit
        used[b] |= bit
        grid[i] = d
        level += 1
    return (grid if level == len(blanks) else None), steps


# --- Solvable puzzles ------------------------------------------------------


def random_solution(rng: np.random.Generator) -> Grid:
    """A random complete grid: plain backtracking on an empty grid that tries
    each cell's digits in an order drawn from ``rng`` (all orders are drawn
    first, so the number of draws does not depend on the search)."""
    orders = [(rng.permutation(SIZE) + 1).tolist() for _ in range(CELLS)]
    grid, _ = plain_backtracking([EMPTY] * CELLS, orders)
    assert grid is not None  # an empty grid has solutions
    return grid


def blank_out(solution: Grid, cells: Sequence[int]) -> Grid:
    """A copy of ``solution`` with ``cells`` blank."""
    puzzle = list(solution)
    for i in cells:
        puzzle[i] = EMPTY
    return puzzle


def unique_puzzle(solution: Grid, blanks: int, rng: np.random.Generator) -> Grid:
    """``solution`` with ``blanks`` random cells blank, redrawn until the
    puzzle has exactly one solution."""
    while True:
        puzzle = blank_out(solution, rng.permutation(CELLS)[:blanks].tolist())
        if backtracking_count(puzzle) == 1:
            return puzzle


def minimal_puzzle(solution: Grid, rng: np.random.Generator) -> Grid:
    """Blank the givens of ``solution`` (a grid or a unique puzzle) in a
    random order, each one only if the puzzle stays unique.  One pass gives a
    minimal puzzle: a given kept once can never be removed later, as more
    blanks only allow more solutions."""
    puzzle = list(solution)
    for i in rng.permutation(CELLS).tolist():
        value = puzzle[i]
        if value == EMPTY:
            continue  # blank already: nothing to try, and no count to pay for
        puzzle[i] = EMPTY
        if backtracking_count(puzzle) != 1:
            puzzle[i] = value
    return puzzle


def hard_pool(rng: np.random.Generator) -> list[tuple[Grid, Grid, int]]:
    """``HARD_POOL_SIZE`` minimal puzzles with a number of givens in
    ``HARD_GIVENS``, as ``(puzzle, solution, backtracking steps)``, hardest
    first (ties keep the order they were made in)."""
    least, most = HARD_GIVENS
    pool: list[tuple[Grid, Grid, int]] = []
    while len(pool) < HARD_POOL_SIZE:
        solution = random_solution(rng)
        puzzle = minimal_puzzle(solution, rng)
        if least <= givens(puzzle) <= most:
            pool.append((puzzle, solution, plain_backtracking(puzzle, cap=BACKTRACKING_STEP_CAP)[1]))
    return sorted(pool, key=lambda entry: -entry[2])  # stable: ties keep their order


# --- Puzzles of any order, cut from a pattern (for the tests and the benchmark) ---


def pattern_grid(box: int) -> np.ndarray:
    """A valid N x N sudoku (N = box**2): row r is 1..N shifted by box * (r % box) + r // box."""
    side = box * box
    r, c = np.indices((side, side))
    return (box * (r % box) + r // box + c) % side + 1


def line_order(rng: np.random.Generator, box: int = BOX) -> list[int]:
    """A permutation of the N rows (or columns) that keeps each in its band: bands shuffled, then rows within each."""
    return [band * box + r for band in rng.permutation(box).tolist() for r in rng.permutation(box).tolist()]


def random_puzzle(box: int, given_share: float, rng: np.random.Generator) -> np.ndarray:
    """``pattern_grid(box)`` with its digits relabelled and its lines shuffled
    within bands (``line_order``), ``given_share`` of its cells kept, the rest blank."""
    side = box * box
    digits = np.concatenate([[EMPTY], rng.permutation(side) + 1])
    grid = digits[pattern_grid(box)][np.ix_(line_order(rng, box), line_order(rng, box))]
    blanks = rng.permutation(side * side)[: side * side - round(given_share * side * side)]
    grid.flat[blanks] = EMPTY
    return grid


# --- Unsolvable puzzles ----------------------------------------------------


def with_repeated_given(puzzle: Grid, rng: np.random.Generator) -> Grid:
    """Kind (a): ``puzzle`` with one given changed to the digit of another
    given in its row, column or box.  The count of givens is unchanged."""
    for i in numpy_shuffled([i for i in range(CELLS) if puzzle[i]], rng):
        for j in numpy_shuffled([j for j in PEERS[i] if puzzle[j] and puzzle[j] != puzzle[i]], rng):
            changed = list(puzzle)
            changed[i] = puzzle[j]
            return changed
    raise RuntimeError("no two givens share a unit")


def dead_blank_from_solution(solution: Grid, blanks: int, rng: np.random.Generator) -> Grid:
    """Kind (b) with exactly ``blanks`` blanks, made from a complete grid.

    Pick a cell X (digit d in ``solution``) and a cell Y in X's box but off
    its row and column.  Blank X, the cell R holding d in Y's row and the
    cell C holding d in Y's column, and put d in Y: the givens still repeat
    nothing (d's other places in Y's row, column and box are all blank), and
    X now sees d at Y and every other digit at its own givens, as long as
    the other random blanks leave those in place, which is checked.
    """
    for x in numpy_shuffled(range(CELLS), rng):
        d = solution[x]
        box_only = [y for y in PEERS[x] if ROW_OF[y] != ROW_OF[x] and COL_OF[y] != COL_OF[x]]
        for y in numpy_shuffled(box_only, rng):
            r = next(j for j in range(CELLS) if ROW_OF[j] == ROW_OF[y] and solution[j] == d)
            c = next(j for j in range(CELLS) if COL_OF[j] == COL_OF[y] and solution[j] == d)
            forced = [x, r, c]
            others = [j for j in range(CELLS) if j not in (x, y, r, c)]
            puzzle = blank_out(solution, forced + numpy_shuffled(others, rng)[: blanks - len(forced)])
            puzzle[y] = d
            if not has_repeated_given(puzzle) and x in dead_blanks(puzzle):
                return puzzle
    raise RuntimeError("no dead blank could be made")


def dead_blank_from_puzzle(puzzle: Grid, rng: np.random.Generator) -> Grid | None:
    """Kind (b) made from a sparse puzzle by changing at most
    ``MAX_DEAD_BLANK_CHANGES`` cells, or ``None`` if it cannot be done.

    For a blank X, each digit missing from X's peers is put into one of
    them: a blank peer, or a given peer whose digit X also sees elsewhere,
    and only where that digit repeats nothing.  Then X has no candidate.
    """
    for x in numpy_shuffled([i for i in range(CELLS) if puzzle[i] == EMPTY], rng):
        missing = candidates(puzzle, x)
        if len(missing) > MAX_DEAD_BLANK_CHANGES:
            continue
        changed = list(puzzle)
        for d in missing:
            seen = [changed[j] for j in PEERS[x]]
            places = [
                p
                for p in PEERS[x]
                if (changed[p] == EMPTY or seen.count(changed[p]) > 1) and all(changed[q] != d for q in PEERS[p])
            ]
            if not places:
                break
            changed[numpy_shuffled(places, rng)[0]] = d
        else:
            if not has_repeated_given(changed) and x in dead_blanks(changed):
                return changed
    return None


def without_completion(puzzle: Grid, rng: np.random.Generator) -> Grid | None:
    """Kind (c): ``puzzle`` with one given changed so that the givens repeat
    nothing, every blank keeps a candidate and yet no solution exists; or
    ``None`` if no single change does that.

    The change must also get past the engine's first stage (naked and hidden
    singles, locked candidates) without a contradiction, so that only the
    branching search proves there is no solution.
    """
    stage_1 = SudokuEngine(BOX)
    for i in numpy_shuffled([i for i in range(CELLS) if puzzle[i]], rng):
        for d in numpy_shuffled([d for d in DIGITS if d != puzzle[i]], rng):
            changed = list(puzzle)
            changed[i] = d
            if has_repeated_given(changed) or dead_blanks(changed):
                continue
            if stage_1.place_forced_digits(list(changed)) is not None and backtracking_count(changed) == 0:
                return changed
    return None


# --- Categories ------------------------------------------------------------


def make_category(category: str) -> tuple[np.ndarray, np.ndarray]:
    """The puzzles and solutions of one category, as the arrays to save."""
    rng = np.random.default_rng([SEED, CATEGORIES.index(category)])
    kinds = UNSOLVABLE_KINDS[category]
    n_solvable = PUZZLES_PER_CATEGORY - len(kinds)
    entries: list[tuple[Grid, Grid | None]] = []  # (puzzle, solution or None)
    if category == "hard":
        pool = hard_pool(rng)
        for puzzle, solution, steps in pool[:n_solvable]:
            print(f"  hard: {givens(puzzle)} givens, {steps} backtracking steps", file=sys.stderr)
            entries.append((puzzle, solution))
        bases = [puzzle for puzzle, _, _ in pool[n_solvable:]]
        for kind in kinds:
            entries.append((unsolvable_hard(kind, bases, rng), None))
    else:
        blanks = BLANKS[category]
        for _ in range(n_solvable):
            solution = random_solution(rng)
            entries.append((unique_puzzle(solution, blanks, rng), solution))
        for kind in kinds:
            solution = random_solution(rng)
            if kind == REPEATED_GIVEN:
                puzzle = with_repeated_given(unique_puzzle(solution, blanks, rng), rng)
            else:
                puzzle = dead_blank_from_solution(solution, blanks, rng)
            entries.append((puzzle, None))
    entries = [entries[k] for k in rng.permutation(len(entries)).tolist()]
    puzzles = np.array([puzzle for puzzle, _ in entries], dtype=PUZZLE_DTYPE).reshape(-1, SIZE, SIZE)
    solutions = np.array(
        [solution if solution is not None else [NO_SOLUTION] * CELLS for _, solution in entries],
        dtype=SOLUTION_DTYPES[category],
    ).reshape(-1, SIZE, SIZE)
    return puzzles, solutions


def unsolvable_hard(kind: str, bases: list[Grid], rng: np.random.Generator) -> Grid:
    """A hard puzzle of ``kind`` made from the first base that allows it
    within ``HARD_GIVENS``; the base used is taken off ``bases``."""
    least, most = HARD_GIVENS
    for k, base in enumerate(bases):
        if kind == REPEATED_GIVEN:
            puzzle: Grid | None = with_repeated_given(base, rng)
        elif kind == DEAD_BLANK:
            puzzle = dead_blank_from_puzzle(base, rng)
        else:
            puzzle = without_completion(base, rng)
        if puzzle is not None and least <= givens(puzzle) <= most:
            del bases[k]
            return puzzle
    raise RuntimeError(f"no base puzzle allows a hard puzzle of kind {kind!r}")


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: make every category and save its two files in ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=GENERATED, help="folder to write to (default: the repo's data/generated/)"
    )
    out = parser.parse_args(argv).out
    out.mkdir(parents=True, exist_ok=True)
    for category in CATEGORIES:
        print(f"{category} ...", file=sys.stderr)
        for name, array in zip(("puzzle", "solution"), make_category(category)):
            path = out / f"{category}_{name}.npy"
            np.save(path, array)
            print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
