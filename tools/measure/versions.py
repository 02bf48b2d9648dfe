"""Compare two versions of ``helpers.py`` on the benchmark's sets, interleaved.

Usage::

    git show 3c7c5ee:helpers.py > /tmp/helpers_old.py
    python -m tools.measure.versions /tmp/helpers_old.py helpers.py --sets assignment generated --repeat 3

Each file is imported as a module of its own, and only its entry points are
used (``solve_sudoku``, ``engine``, ``AlgorithmX.choose_column``), which every
version has had: nothing of a version's switches is assumed, so a version with
``Optimisations`` and one without compare alike.  Both solve every puzzle of a
set, alternating which goes first, puzzle by puzzle (``--repeat`` passes),
so that a busy machine slows both alike.  Calls go through each version's
``solve_sudoku`` on a fresh int8 copy, timed with ``time.process_time``
after one untimed warm-up call; every answer is checked with the benchmark's
``is_right``.  The table gives each version's mean, 95th percentile and
maximum in ms, the ratio of the means (second / first), and the mean rows
tried: ``SudokuEngine.rows_tried`` where a version has it, else counted from
its calls of ``AlgorithmX.choose_column`` (the search of such a version,
from before the counter, calls it once per row it takes and once more at
the end; a search given up at a row limit, as the
old restarts did, calls it once per row).  Rows are counted in a separate,
untimed pass, so that counting costs the timed calls nothing.

Sets and parts are chosen as in ``tools/measure/benchmark.py`` (``--sets``,
``--part``, ``--sample``).  Nothing is written but the table on stdout.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

import numpy as np

from helpers import SUDOKU_BOX as BOX
from tools.measure.benchmark import PARTS, PuzzleSet, is_right, ms, part_of, select_sets, table

DEFAULT_SETS = ("generated", "assignment")


def load_version(path: Path, name: str) -> ModuleType:
    """``path`` imported as a module called ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def rows_tried(module: ModuleType, puzzle: np.ndarray) -> int:
    """The rows the version tries on ``puzzle``, from an untimed solve.

    ``SudokuEngine.rows_tried`` where the version has it; else its calls of
    ``AlgorithmX.choose_column`` are counted for the solve, less one.
    """
    engine = module.engine(BOX)
    if hasattr(engine, "rows_tried"):
        module.solve_sudoku(puzzle)
        return engine.rows_tried
    original = module.AlgorithmX.choose_column
    calls = 0

    def choose_column(matrix: object) -> object:
        nonlocal calls
        calls += 1
        return original(matrix)

    module.AlgorithmX.choose_column = choose_column
    try:
        module.solve_sudoku(puzzle)
    finally:
        module.AlgorithmX.choose_column = original
    return max(calls - 1, 0)


def race(puzzle_set: PuzzleSet, versions: Sequence[ModuleType], repeat: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Seconds, shape (versions, repeat * puzzles); rows, shape (versions, puzzles); wrong answers."""
    n = len(puzzle_set)
    seconds = np.zeros((len(versions), repeat * n))
    wrong = 0
    for module in versions:
        module.solve_sudoku(puzzle_set.puzzles[0].astype(np.int8))  # warm-up: builds the matrix
    for k in range(repeat * n):
        puzzle = puzzle_set.puzzles[k % n]
        expected = None if puzzle_set.solutions is None else puzzle_set.solutions[k % n]
        order = range(len(versions)) if k % 2 == 0 else reversed(range(len(versions)))
        for v in order:
            fresh = puzzle.astype(np.int8)
            start = time.process_time()
            answer = versions[v].solve_sudoku(fresh)
            seconds[v, k] = time.process_time() - start
            if answer is None:
                answer = np.full((9, 9), -1)
            wrong += not is_right(puzzle, answer, expected)
    rows = np.array([[rows_tried(module, puzzle) for puzzle in puzzle_set.puzzles] for module in versions])
    return seconds, rows, wrong


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tools/measure/versions.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("first", type=Path, help="the helpers.py to compare with (the ratio's denominator)")
    parser.add_argument("second", type=Path, help="the helpers.py to measure")
    parser.add_argument(
        "--sets",
        nargs="+",
        default=list(DEFAULT_SETS),
        metavar="SET",
        help="as in tools/measure/benchmark.py (default: %(default)s)",
    )
    parser.add_argument("--part", choices=PARTS, help="only this part of each collection, as in tools/measure/benchmark.py")
    parser.add_argument("--sample", type=int, metavar="N", help="N evenly spaced puzzles per set (default: all)")
    parser.add_argument(
        "--repeat", type=int, default=1, metavar="K", help="passes over each set (default: %(default)s)"
    )
    args = parser.parse_args(argv)
    versions = [load_version(args.first, "helpers_first"), load_version(args.second, "helpers_second")]
    sets, notes = select_sets(args.sets)
    sets = [part for part in (part_of(s, args.part) for s in sets) if part is not None]
    header = ["set", "puzzles", "first mean", "first p95", "first max", "second mean", "second p95", "second max"]
    header += ["second / first", "first rows", "second rows", "wrong"]
    lines = []
    for puzzle_set in sets:
        puzzle_set = puzzle_set.sample(args.sample)
        seconds, rows, wrong = race(puzzle_set, versions, args.repeat)
        cells = [puzzle_set.name, len(puzzle_set)]
        for v in range(2):
            t = seconds[v] * 1000
            cells += [ms(t.mean()), ms(np.percentile(t, 95)), ms(t.max())]
        cells.append(f"{seconds[1].mean() / seconds[0].mean():.3f}")
        cells += [f"{r.mean():.1f}" for r in rows]
        cells.append(wrong)
        lines.append(cells)
        print(f"{puzzle_set.name}: done", file=sys.stderr)
    print(f"ms per call (CPU); first = {args.first}, second = {args.second}, {args.repeat} pass(es)\n")
    print(table(header, lines))
    for note in notes:
        print(f"note: {note}")
    return 1 if any(line[-1] for line in lines) else 0


if __name__ == "__main__":
    sys.exit(main())
