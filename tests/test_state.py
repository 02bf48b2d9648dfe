"""No state left behind: a search cut off anywhere never spoils a later one.

``helpers`` keeps one dancing-links matrix per box size (``engine(box).matrix``)
and relinks it for each puzzle; a general ``AlgorithmX`` relinks itself before
a search when the previous one broke off (its ``_dirty`` flag).  These tests
break searches off at many points, including half-way through a ``cover`` or
``uncover`` (so that the links are left inconsistent), with
``KeyboardInterrupt``, ``MemoryError`` and exceptions thrown into the search
generator, and then check that every later answer and count is right, and
that a cleanly closed search leaves every link exactly as it was.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import helpers  # noqa: E402
from helpers import is_valid_solution  # noqa: E402
from helpers import AlgorithmX, ColumnObject, count_solutions, engine, solve_sudoku  # noqa: E402

NOTEBOOK = ROOT / "sudoku.ipynb"
SHARED_DATA = ROOT.parent / "shared" / "assignment" / "data"
PROJECT_DATA = ROOT / "data"
CATEGORIES = ("very_easy", "easy", "medium", "hard")
SIZE = 9
NO_SOLUTION = -1
STOP_POINTS = 24  #: a search is stopped at STOP_POINTS + 1 points spread over its steps
SUDOKU_STOP_POINTS = 8  #: fewer for the sudoku engine, whose checks cost more
QUEENS = 6  #: 6-queens: 4 solutions when the diagonals are secondary columns
QUEENS_SOLUTIONS = 4

EVEREST = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"
EVEREST_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
# Every given consistent, every blank with a candidate, and no solution.
CONSISTENT_NO_SOLUTION = "400030000000600800000000007000050090080000600070200000000102700503000040900000000"


def parse(text: str) -> np.ndarray:
    """A 9 x 9 grid from 81 characters, '0' or '.' for a blank."""
    return np.array([0 if ch in ".0" else int(ch) for ch in text], dtype=np.int64).reshape(SIZE, SIZE)


# ---------------------------------------------------------------------------
# Breaking a search off: copies of cover/uncover with a tripwire between steps
# ---------------------------------------------------------------------------


class Tripwire:
    """Counts steps and raises ``error`` at step number ``at`` (never when ``at`` is None)."""

    def __init__(self, at: int | None = None, error: type[BaseException] = KeyboardInterrupt) -> None:
        self.at = at
        self.error = error
        self.steps = 0

    def step(self) -> None:
        self.steps += 1
        if self.steps == self.at:
            raise self.error(f"tripwire at step {self.at}")


def tripping_cover(tripwire: Tripwire) -> Callable[[ColumnObject], None]:
    """``ColumnObject.cover`` rewritten with a tripwire step after every single link change,
    so that a search can be stopped with a node or a header half unlinked."""

    def cover(self: ColumnObject) -> None:
        tripwire.step()
        self.right.left = self.left
        tripwire.step()
        self.left.right = self.right
        i = self.down
        while i is not self:
            j = i.right
            while j is not i:
                tripwire.step()
                j.down.up = j.up
                tripwire.step()
                j.up.down = j.down
                tripwire.step()
                j.column.size -= 1
                j = j.right
            i = i.down

    return cover


def tripping_uncover(tripwire: Tripwire) -> Callable[[ColumnObject], None]:
    """``ColumnObject.uncover`` rewritten the same way."""

    def uncover(self: ColumnObject) -> None:
        i = self.up
        while i is not self:
            j = i.left
            while j is not i:
                tripwire.step()
                j.column.size += 1
                tripwire.step()
                j.down.up = j
                tripwire.step()
                j.up.down = j
                j = j.left
            i = i.up
        tripwire.step()
        self.right.left = self
        tripwire.step()
        self.left.right = self

    return uncover


def tripping_choose_column(tripwire: Tripwire) -> Callable[[AlgorithmX], ColumnObject | None]:
    """``AlgorithmX.choose_column`` with a tripwire step first: a stop between two moves."""
    original = AlgorithmX.choose_column

    def choose_column(self: AlgorithmX) -> ColumnObject | None:
        tripwire.step()
        return original(self)

    return choose_column


TRAPS = {
    "cover": (ColumnObject, "cover", tripping_cover),
    "uncover": (ColumnObject, "uncover", tripping_uncover),
    "choose_column": (AlgorithmX, "choose_column", tripping_choose_column),
}


def run_with_tripwire(monkeypatch, trap: str, tripwire: Tripwire, call: Callable[[], object]) -> object:
    """Run ``call`` with ``trap`` replaced by its tripping copy; the original is back afterwards."""
    owner, name, make = TRAPS[trap]
    with monkeypatch.context() as patch:
        patch.setattr(owner, name, make(tripwire))
        return call()


def stop_points(total: int, points: int = STOP_POINTS) -> list[int]:
    """``points`` + 1 step numbers spread from the first step to the last of ``total``."""
    return sorted({1 + (total - 1) * k // points for k in range(points + 1)})


_TOTALS: dict[tuple[str, str], int] = {}


def total_steps(monkeypatch, trap: str, name: str, call: Callable[[], object]) -> int:
    """How many tripwire steps ``call`` (known as ``name``) takes under ``trap``; counted once."""
    if (trap, name) not in _TOTALS:
        counter = Tripwire()
        run_with_tripwire(monkeypatch, trap, counter, call)
        assert counter.steps > STOP_POINTS, f"{name} took only {counter.steps} {trap} steps"
        _TOTALS[trap, name] = counter.steps
    return _TOTALS[trap, name]


def interrupt(monkeypatch, trap: str, call: Callable[[], object], at: int, error=KeyboardInterrupt) -> None:
    """Run ``call`` with ``trap`` set to raise ``error`` at step ``at``, and see it raise."""
    with pytest.raises(error):
        run_with_tripwire(monkeypatch, trap, Tripwire(at, error), call)


# ---------------------------------------------------------------------------
# Known puzzles to solve after an interruption
# ---------------------------------------------------------------------------


def stored_puzzles(folder: Path) -> list[tuple[np.ndarray, np.ndarray]]:
    """(puzzle, stored answer) pairs from a folder of the assignment's .npy files."""
    pairs = []
    for category in CATEGORIES:
        puzzles_file = folder / f"{category}_puzzle.npy"
        if puzzles_file.exists():
            answers = np.load(folder / f"{category}_solution.npy")
            pairs.extend(zip(np.load(puzzles_file), answers))
    return pairs


EMBEDDED = [
    (parse(EVEREST), parse(EVEREST_SOLUTION)),
    (parse(CONSISTENT_NO_SOLUTION), np.full((SIZE, SIZE), NO_SOLUTION)),
]
KNOWN = EMBEDDED + stored_puzzles(SHARED_DATA) + stored_puzzles(PROJECT_DATA)


def check_solve(solve: Callable[[np.ndarray], np.ndarray | None], puzzle: np.ndarray, expected: np.ndarray) -> None:
    """``solve`` gives the stored answer (``None`` or all -1 when there is none)."""
    answer = solve(puzzle.copy())
    if (expected == NO_SOLUTION).all():
        assert answer is None or (answer == NO_SOLUTION).all()
    else:
        assert answer is not None and is_valid_solution(puzzle, answer)
        assert np.array_equal(answer, expected)


def check_known_puzzles(solve: Callable[[np.ndarray], np.ndarray | None] = solve_sudoku) -> None:
    """Every known puzzle solved right, and a unique, an ambiguous and an unsolvable one counted right."""
    for puzzle, expected in KNOWN:
        check_solve(solve, puzzle, expected)
    assert count_solutions(parse(EVEREST), limit=None) == 1
    assert count_solutions(np.zeros((SIZE, SIZE), dtype=np.int64), limit=2) == 2
    assert count_solutions(parse(CONSISTENT_NO_SOLUTION)) == 0


def test_known_puzzles_include_the_assignment_samples_when_present():
    """Guards the set above: with ../shared there, its 60 puzzles are in it."""
    if not SHARED_DATA.exists():
        pytest.skip("../shared/assignment/data is absent")
    assert len(KNOWN) >= len(EMBEDDED) + 60


def test_known_puzzles_solve_right_without_interruption():
    check_known_puzzles()


# ---------------------------------------------------------------------------
# The sudoku engine, stopped part-way
# ---------------------------------------------------------------------------


def solve_everest() -> object:
    return solve_sudoku(parse(EVEREST))


def count_everest() -> object:
    """A count runs on after the first solution, to prove there is no second."""
    return count_solutions(parse(EVEREST), limit=None)


SUDOKU_CALLS = {"solve": solve_everest, "count": count_everest}
SUDOKU_POINTS = range(SUDOKU_STOP_POINTS + 1)


@pytest.mark.parametrize("point", SUDOKU_POINTS, ids=[f"point{k:02d}" for k in SUDOKU_POINTS])
@pytest.mark.parametrize("trap", TRAPS)
@pytest.mark.parametrize("call", SUDOKU_CALLS)
def test_sudoku_answers_are_right_after_an_interrupted_search(monkeypatch, call, trap, point):
    total = total_steps(monkeypatch, trap, call, SUDOKU_CALLS[call])
    interrupt(monkeypatch, trap, SUDOKU_CALLS[call], stop_points(total, SUDOKU_STOP_POINTS)[point])
    check_known_puzzles()


@pytest.mark.parametrize("point", [1, SUDOKU_STOP_POINTS // 2, SUDOKU_STOP_POINTS - 1])
@pytest.mark.parametrize("trap", ["cover", "uncover"])
def test_sudoku_answers_are_right_after_memory_error(monkeypatch, trap, point):
    total = total_steps(monkeypatch, trap, "solve", solve_everest)
    interrupt(monkeypatch, trap, solve_everest, stop_points(total, SUDOKU_STOP_POINTS)[point], MemoryError)
    check_known_puzzles()


def test_other_box_size_engine_works_after_a_9x9_interruption(monkeypatch):
    small_empty = np.zeros((4, 4), dtype=np.int64)
    total = total_steps(monkeypatch, "cover", "solve", solve_everest)
    interrupt(monkeypatch, "cover", solve_everest, total // 2)
    assert is_valid_solution(small_empty, solve_sudoku(small_empty))
    check_known_puzzles()


def test_many_interruptions_in_a_row_leave_answers_right(monkeypatch):
    for trap in TRAPS:
        for call in SUDOKU_CALLS:
            total = total_steps(monkeypatch, trap, call, SUDOKU_CALLS[call])
            for at in stop_points(total, SUDOKU_STOP_POINTS)[1::3]:
                interrupt(monkeypatch, trap, SUDOKU_CALLS[call], at)
    check_known_puzzles()


def test_shared_matrix_is_the_one_the_engine_searches(monkeypatch):
    """Guards the tests above: Everest really reaches dancing links, on ``engine(3).matrix``."""
    searched = []
    original = AlgorithmX.choose_column

    def spy(self):
        searched.append(self)
        return original(self)

    monkeypatch.setattr(AlgorithmX, "choose_column", spy)
    solve_everest()
    assert searched and all(matrix is engine(3).matrix for matrix in searched)


def test_tripping_copies_do_not_outlive_their_call(monkeypatch):
    """Guards the tests above: after a tripped call the real methods are back."""
    originals = {trap: getattr(owner, name) for trap, (owner, name, _) in TRAPS.items()}
    for trap in TRAPS:
        interrupt(monkeypatch, trap, solve_everest, STOP_POINTS)
    assert {trap: getattr(owner, name) for trap, (owner, name, _) in TRAPS.items()} == originals
    assert helpers.ColumnObject.cover is originals["cover"]


@pytest.fixture(scope="module")
def notebook_solver():
    """The notebook's ``sudoku_solver``, run the way the autograder runs it."""
    if not NOTEBOOK.exists():
        pytest.skip("sudoku.ipynb is absent, so there is no notebook sudoku_solver to test")
    from tools.notebook_code import load_solver

    return load_solver()


@pytest.mark.parametrize("point", [0, SUDOKU_STOP_POINTS // 3, 2 * SUDOKU_STOP_POINTS // 3, SUDOKU_STOP_POINTS])
@pytest.mark.parametrize("trap", TRAPS)
def test_notebook_answers_are_right_after_an_interrupted_call(monkeypatch, notebook_solver, trap, point):
    def call():
        return notebook_solver(parse(EVEREST))

    total = total_steps(monkeypatch, trap, "notebook", call)
    interrupt(monkeypatch, trap, call, stop_points(total, SUDOKU_STOP_POINTS)[point])
    check_known_puzzles(notebook_solver)


# ---------------------------------------------------------------------------
# The general AlgorithmX: interrupted, thrown into, closed early
# ---------------------------------------------------------------------------


def queens(n: int = QUEENS) -> AlgorithmX:
    """n queens as exact cover: ranks and files primary, both diagonals secondary."""
    diagonals = 2 * n - 1
    rows = [
        [r, n + c, 2 * n + r + c, 2 * n + diagonals + r - c + n - 1]
        for r in range(n)
        for c in range(n)
    ]
    return AlgorithmX(rows, 2 * n + 2 * diagonals, secondary=range(2 * n, 2 * n + 2 * diagonals))


def links(matrix: AlgorithmX) -> list[tuple]:
    """Every link and size of the matrix, as positions in one list of all its objects."""
    objects = [matrix.root, *matrix.columns, *(node for row in matrix.row_nodes for node in row)]
    position = {id(item): k for k, item in enumerate(objects)}
    return [
        tuple(position[id(link)] for link in (o.left, o.right, o.up, o.down)) + (getattr(o, "size", None),)
        for o in objects
    ]


def count_fresh_queens() -> object:
    return queens().count_solutions()


def paused_search(matrix: AlgorithmX, taken: int = 1):
    """A search of ``matrix`` paused after yielding ``taken`` covers."""
    search = matrix.search()
    for _ in range(taken):
        next(search)
    return search


def test_queens_count_and_links_restored_by_a_full_search():
    matrix = queens()
    fresh = links(matrix)
    assert matrix.count_solutions() == QUEENS_SOLUTIONS
    assert links(matrix) == fresh


POINTS = range(STOP_POINTS + 1)


@pytest.mark.parametrize("point", POINTS, ids=[f"point{k:02d}" for k in POINTS])
@pytest.mark.parametrize("trap", TRAPS)
def test_queens_count_is_right_after_an_interrupted_search(monkeypatch, trap, point):
    matrix = queens()
    fresh = links(matrix)
    total = total_steps(monkeypatch, trap, "queens", count_fresh_queens)
    interrupt(monkeypatch, trap, matrix.count_solutions, stop_points(total)[point])
    assert matrix.count_solutions() == QUEENS_SOLUTIONS
    assert links(matrix) == fresh


@pytest.mark.parametrize("point", [1, STOP_POINTS // 2, STOP_POINTS - 1])
def test_queens_count_is_right_after_memory_error(monkeypatch, point):
    matrix = queens()
    total = total_steps(monkeypatch, "cover", "queens", count_fresh_queens)
    interrupt(monkeypatch, "cover", matrix.count_solutions, stop_points(total)[point], MemoryError)
    assert matrix.count_solutions() == QUEENS_SOLUTIONS


@pytest.mark.parametrize("taken", range(QUEENS_SOLUTIONS + 1))
def test_closing_a_search_early_restores_every_link(taken):
    matrix = queens()
    fresh = links(matrix)
    paused_search(matrix, taken).close()
    assert links(matrix) == fresh


@pytest.mark.parametrize("taken", range(1, QUEENS_SOLUTIONS + 1))
def test_counts_are_right_after_a_search_closed_early(taken):
    matrix = queens()
    paused_search(matrix, taken).close()
    assert matrix.count_solutions() == QUEENS_SOLUTIONS


@pytest.mark.parametrize("taken", range(1, QUEENS_SOLUTIONS + 1))
def test_counts_are_right_after_an_exception_thrown_into_a_search(taken):
    matrix = queens()
    fresh = links(matrix)
    search = paused_search(matrix, taken)
    with pytest.raises(RuntimeError):
        search.throw(RuntimeError("stop"))
    assert matrix.count_solutions() == QUEENS_SOLUTIONS
    assert links(matrix) == fresh


def test_counts_are_right_after_an_exception_thrown_into_a_search_not_yet_started():
    matrix = queens()
    fresh = links(matrix)
    with pytest.raises(RuntimeError):
        matrix.search().throw(RuntimeError("stop"))
    assert links(matrix) == fresh
    assert matrix.count_solutions() == QUEENS_SOLUTIONS


@pytest.mark.parametrize("point", range(0, STOP_POINTS + 1, 4))
def test_counts_are_right_after_close_is_interrupted(monkeypatch, point):
    """``close`` undoes the choices with ``uncover``; stop that part-way too."""
    total = total_steps(monkeypatch, "uncover", "close", paused_search(queens()).close)
    matrix = queens()
    fresh = links(matrix)
    interrupt(monkeypatch, "uncover", paused_search(matrix).close, stop_points(total)[point])
    assert matrix.count_solutions() == QUEENS_SOLUTIONS
    assert links(matrix) == fresh


def test_first_solution_leaves_every_link_as_it_was():
    matrix = queens()
    fresh = links(matrix)
    assert matrix.first_solution() is not None
    assert links(matrix) == fresh


def test_abandoned_search_does_not_spoil_the_next_count():
    """A generator paused at a solution and dropped without an explicit ``close``."""
    matrix = queens()
    search = paused_search(matrix)
    del search
    assert matrix.count_solutions() == QUEENS_SOLUTIONS


def test_closing_a_paused_search_after_another_search_keeps_links():
    """A search paused while another ran on the same matrix must not undo
    choices that the other search's relinking already took away."""
    matrix = queens()
    fresh = links(matrix)
    paused = paused_search(matrix)
    assert matrix.count_solutions() == QUEENS_SOLUTIONS
    paused.close()
    # Compared link by link rather than by counting again: with damaged
    # sizes a search may never end.
    assert links(matrix) == fresh


def test_resuming_a_paused_search_after_another_search_raises():
    matrix = queens()
    paused = paused_search(matrix)
    assert matrix.count_solutions() == QUEENS_SOLUTIONS
    with pytest.raises(RuntimeError):
        next(paused)
    assert matrix.count_solutions() == QUEENS_SOLUTIONS


def test_two_paused_searches_closed_in_either_order_keep_links():
    matrix = queens()
    fresh = links(matrix)
    first = paused_search(matrix)
    second = paused_search(matrix, 2)
    first.close()
    second.close()
    assert links(matrix) == fresh
    third = paused_search(matrix)
    fourth = paused_search(matrix, 3)
    fourth.close()
    third.close()
    assert links(matrix) == fresh
    assert matrix.count_solutions() == QUEENS_SOLUTIONS


def test_interrupted_sudoku_search_leaves_other_matrices_alone(monkeypatch):
    matrix = queens()
    fresh = links(matrix)
    total = total_steps(monkeypatch, "cover", "solve", solve_everest)
    interrupt(monkeypatch, "cover", solve_everest, total // 2)
    assert links(matrix) == fresh


def test_two_threads_solving_at_once_both_get_right_answers():
    """The engine's matrix is shared, so a lock must keep two searches apart."""
    import threading

    hard = np.load(ROOT / "data" / "hard_puzzle.npy")
    stored = np.load(ROOT / "data" / "hard_solution.npy")
    everest = np.array([int(ch) for ch in EVEREST]).reshape(9, 9)
    puzzles = [everest] + [p for p, s in zip(hard, stored) if (s != -1).all()]
    results: dict[int, list] = {0: [], 1: []}

    def work(k: int) -> None:
        for _ in range(3):
            for puzzle in puzzles:
                results[k].append((puzzle, solve_sudoku(puzzle)))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=work, args=(k,), daemon=True) for k in results]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
    finally:
        sys.setswitchinterval(interval)
    assert not any(thread.is_alive() for thread in threads)
    for answers in results.values():
        assert len(answers) == 3 * len(puzzles)
        assert all(is_valid_solution(puzzle, answer) for puzzle, answer in answers)
