"""No state left behind: a search cut off anywhere never spoils a later one.

``helpers`` keeps one dancing-links matrix per box size (``engine(box).matrix``)
and relinks it for each puzzle, so the submitted ``first_solution`` may leave
its links as they are; ``tools.cli.engine.ExactCover`` relinks the whole matrix
however its search ends.  These tests stop the real functions of both search
loops between two of their lines: the submitted one (``helpers.cover``,
``helpers.uncover``, ``AlgorithmX.search``) and Knuth's of the ladder
(``tools.steps.knuth_cover``, ``knuth_uncover``, ``KnuthSearch.search``), each
stopped while that loop runs.  A trace function (``sys.settrace``) raises
``KeyboardInterrupt`` or ``MemoryError`` at the k-th line the function runs, so
that the links are left half changed.  Each line of each function is a
stopping point.  Then every later answer and count of the same engine must be
right and, for an ``ExactCover``, every link as it was.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np
import pytest

import tools.cli.engine
from conftest import (
    CONSISTENT_NO_SOLUTION,
    DATA,
    EVEREST,
    EVEREST_SOLUTION,
    GENERATED,
    NO_SOLUTION,
    KnuthExactCover,
    parse,
    queens_matrix,
)
from helpers import SUDOKU_BOX, SUDOKU_SIZE, AlgorithmX, cover, engine, is_valid_solution, solve_sudoku, uncover
from tools.cli.engine import ExactCover, count_solutions
from tools.steps import KnuthSearch, Optimisations, knuth_cover, knuth_uncover, step_engine, using

GENERIC, KNUTH = "submitted", "Knuth's"  #: the two search loops
#: The functions a search is stopped in, and the loop that runs them; the
#: code that ships, not a copy.
TARGETS: dict[str, tuple[Callable, str]] = {
    "cover": (cover, GENERIC),
    "uncover": (uncover, GENERIC),
    "search loop": (AlgorithmX.search, GENERIC),
    "knuth_cover": (knuth_cover, KNUTH),
    "knuth_uncover": (knuth_uncover, KNUTH),
    "Knuth's search loop": (KnuthSearch.search, KNUTH),
}
COVERS = {GENERIC: "cover", KNUTH: "knuth_cover"}
UNCOVERS = {GENERIC: "uncover", KNUTH: "knuth_uncover"}
#: The ladder's engine with Knuth's loop: searches run on it inside ``searching_with(KNUTH)``.
KNUTH_ENGINE = step_engine(Optimisations(cheaper_rows=False))
SPREAD = 12  #: stopping points spread evenly over a call, besides one at each line
#: A check after a stop may run this many times the lines of the loop's cover
#: that a clean run takes: with damaged links a search need never end.
BUDGET = 20
QUEENS = 6  #: 6-queens: 4 solutions when the diagonals are secondary columns
QUEENS_SOLUTIONS = 4


# ---------------------------------------------------------------------------
# Stopping a function between two of its lines
# ---------------------------------------------------------------------------


class LineTrap:
    """A trace function that counts the lines ``target`` runs, and raises
    ``error`` just before the ``at``-th of them (never when ``at`` is None).

    Python calls it before each line of each frame running ``target``'s
    code, so the stop falls between two lines of the real function: in
    ``cover``, for instance, between the two halves of a node's unlinking.
    """

    def __init__(self, target: Callable, at: int | None = None, error: type[BaseException] = KeyboardInterrupt) -> None:
        self.code = target.__code__
        self.at = at
        self.error = error
        self.count = 0  #: lines run so far
        self.seen: dict[int, tuple[int, int]] = {}  #: line number -> (count at its first run, at its last)

    def __call__(self, frame, event, arg):
        return self._in_target if frame.f_code is self.code else None

    def _in_target(self, frame, event, arg):
        if event == "line":
            self.count += 1
            line = frame.f_lineno
            self.seen[line] = (self.seen.get(line, (self.count, 0))[0], self.count)
            if self.count == self.at:
                raise self.error(f"stopped before line {line}, the {self.count}th line run")
        return self._in_target

    def run(self, call: Callable[[], object]) -> object:
        """``call()`` under this trap; whatever traced before is put back afterwards (coverage, say)."""
        previous = sys.gettrace()
        sys.settrace(self)
        try:
            return call()
        finally:
            sys.settrace(previous)


@contextmanager
def searching_with(loop: str) -> Iterator[None]:
    """Every sudoku solved or counted in the block is searched by the loop
    ``loop``: ``GENERIC``, the submitted engine; ``KNUTH``, ``KNUTH_ENGINE``
    made the shared one for the block."""
    with using(KNUTH_ENGINE) if loop == KNUTH else contextlib.nullcontext():
        yield


def queens(loop: str = GENERIC, n: int = QUEENS) -> ExactCover:
    """n queens as exact cover (``conftest.queens_matrix``), searched by ``loop``."""
    return queens_matrix(n, KnuthExactCover if loop == KNUTH else ExactCover)


def trap_in(target: str, at: int | None = None, error: type[BaseException] = KeyboardInterrupt) -> LineTrap:
    return LineTrap(TARGETS[target][0], at, error)


_RUNS: dict[tuple[str, str], LineTrap] = {}


def full_run(target: str, name: str, call: Callable[[], object]) -> LineTrap:
    """A trap that let ``call`` (known as ``name``) run to its end in ``target``,
    with the loop that runs ``target``; made once."""
    if (target, name) not in _RUNS:
        trap = trap_in(target)
        with searching_with(TARGETS[target][1]):
            trap.run(call)
        assert trap.count > SPREAD, f"{name} runs only {trap.count} lines of {target}"
        _RUNS[target, name] = trap
    return _RUNS[target, name]


def each_line(trap: LineTrap, last_too: bool = False) -> list[int]:
    """Stopping points: the first time each line ran (and the last), and ``SPREAD`` more in between."""
    points = {first for first, _ in trap.seen.values()}
    if last_too:
        points |= {last for _, last in trap.seen.values()}
    points |= {1 + (trap.count - 1) * k // SPREAD for k in range(SPREAD + 1)}
    return sorted(points)


def stop(target: str, at: int, call: Callable[[], object], error: type[BaseException] = KeyboardInterrupt) -> str:
    """Run ``call``, with the loop that runs ``target``, stopped at ``target``'s
    ``at``-th line; see it raise, and say where it stopped (for the message of
    a later failure)."""
    trap = trap_in(target, at, error)
    with searching_with(TARGETS[target][1]), pytest.raises(error) as stopped:
        trap.run(call)
    assert trap.count == at
    return f"{target} {stopped.value}"


class RanAway(Exception):
    """A check ran far more lines than it takes on a sound matrix."""


def within_budget(loop: str, clean: LineTrap, call: Callable[[], object]) -> object:
    """``call()``, stopped with ``RanAway`` if it runs ``BUDGET`` times the
    lines of the cover of ``loop`` that the same work took in the ``clean`` run."""
    return LineTrap(TARGETS[COVERS[loop]][0], BUDGET * clean.count, RanAway).run(call)


# ---------------------------------------------------------------------------
# The sudoku engine, stopped part-way
# ---------------------------------------------------------------------------


def stored_pairs(folder, category: str) -> list[tuple[np.ndarray, np.ndarray]]:
    """(puzzle, stored answer) pairs of one category in a folder of the assignment's .npy files."""
    puzzles = folder / f"{category}_puzzle.npy"
    if not puzzles.exists():
        return []
    return list(zip(np.load(puzzles), np.load(folder / f"{category}_solution.npy")))


def reaches_search(puzzle: np.ndarray) -> bool:
    """Whether the first pass leaves blanks (and no contradiction) for dancing links."""
    singles = engine(SUDOKU_BOX).place_singles(puzzle.ravel().tolist())
    return singles is not None and singles.blank != 0


#: Puzzles whose answers are checked after each stop: all reach dancing links
#: (checked below), so each runs on the matrix the stopped search left.
SEARCHED = [
    (parse(EVEREST), parse(EVEREST_SOLUTION)),
    (parse(CONSISTENT_NO_SOLUTION), np.full((SUDOKU_SIZE, SUDOKU_SIZE), NO_SOLUTION)),
] + [
    (puzzle, answer)
    for puzzle, answer in stored_pairs(GENERATED, "hard") + stored_pairs(DATA, "hard")
    if reaches_search(puzzle)
]


def searched_answers(solve: Callable[[np.ndarray], np.ndarray | None] = solve_sudoku) -> list:
    """What ``solve`` answers to each puzzle of ``SEARCHED``, then three counts
    (``tools.cli.engine.count_solutions``, on the same shared engine): Everest's,
    the empty grid's (to 2) and an unsolvable puzzle's."""
    answers = [solve(puzzle.copy()) for puzzle, _ in SEARCHED]
    return answers + [
        count_solutions(parse(EVEREST), limit=None),
        count_solutions(np.zeros((SUDOKU_SIZE, SUDOKU_SIZE), dtype=np.int64), limit=2),
        count_solutions(parse(CONSISTENT_NO_SOLUTION)),
    ]


def check_searched_puzzles(
    solve: Callable[[np.ndarray], np.ndarray | None] = solve_sudoku, after: str = "", loop: str = GENERIC
) -> None:
    """Searched by ``loop``, every puzzle of ``SEARCHED`` gets its stored
    answer, and the counts are 1, 2 and 0.  ``after`` names the stop before.

    The engine's matrix is relinked (``SudokuEngine.relink``) before every
    search whatever came before; the queens tests below check that a search
    cannot run away, which here would cost a trace of every call.
    """
    with searching_with(loop):
        *answers, everest, empty, unsolvable = searched_answers(solve)
    for k, ((puzzle, expected), answer) in enumerate(zip(SEARCHED, answers)):
        if (expected == NO_SOLUTION).all():
            assert answer is None or (answer == NO_SOLUTION).all(), f"puzzle {k} after {after}"
        else:
            assert np.array_equal(answer, expected) and is_valid_solution(puzzle, answer), f"puzzle {k} after {after}"
    assert (everest, empty, unsolvable) == (1, 2, 0), after


def test_every_checked_puzzle_reaches_dancing_links():
    """Guards the checks: the first pass alone settles none of them."""
    assert len(SEARCHED) >= 5
    assert all(reaches_search(puzzle) for puzzle, _ in SEARCHED)


def solve_everest() -> object:
    return solve_sudoku(parse(EVEREST))


def count_everest() -> object:
    """A count runs on after the first solution, to prove there is no second."""
    return count_solutions(parse(EVEREST), limit=None)


SUDOKU_CALLS = {"solve": solve_everest, "count": count_everest}


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("call", SUDOKU_CALLS)
def test_sudoku_answers_are_right_after_a_search_stopped_at_any_line(call, target):
    for at in each_line(full_run(target, call, SUDOKU_CALLS[call])):
        check_searched_puzzles(after=stop(target, at, SUDOKU_CALLS[call]), loop=TARGETS[target][1])


@pytest.mark.parametrize("target", [*COVERS.values(), *UNCOVERS.values()])
def test_sudoku_answers_are_right_after_memory_error(target):
    trap = full_run(target, "solve", solve_everest)
    check_searched_puzzles(after=stop(target, trap.count // 2, solve_everest, MemoryError), loop=TARGETS[target][1])


def test_many_stops_in_a_row_leave_answers_right():
    for target in TARGETS:
        for name, call in SUDOKU_CALLS.items():
            for at in each_line(full_run(target, name, call))[1::5]:
                stop(target, at, call)
    check_searched_puzzles(loop=GENERIC)
    check_searched_puzzles(loop=KNUTH)


@pytest.mark.parametrize("target", COVERS.values())
def test_other_box_size_engine_works_after_a_9x9_stop(target):
    small_empty = np.zeros((4, 4), dtype=np.int64)
    stop(target, full_run(target, "solve", solve_everest).count // 2, solve_everest)
    assert is_valid_solution(small_empty, solve_sudoku(small_empty, size=4))
    assert is_valid_solution(small_empty, tools.cli.engine.solve_sudoku(small_empty))
    check_searched_puzzles(loop=TARGETS[target][1])


@pytest.mark.parametrize("loop", [GENERIC, KNUTH])
@pytest.mark.parametrize("call", SUDOKU_CALLS)
def test_shared_matrix_is_the_one_the_engine_searches(monkeypatch, loop, call):
    """Guards the tests above: Everest is searched on the shared engine's
    matrix, the one every later call shares, by either loop."""
    searched = []
    original = AlgorithmX.choose_column

    def spy(self):
        searched.append(self)
        return original(self)

    monkeypatch.setattr(AlgorithmX, "choose_column", spy)
    with searching_with(loop):
        SUDOKU_CALLS[call]()
        shared = engine(SUDOKU_BOX)
    assert shared is (KNUTH_ENGINE if loop == KNUTH else engine(SUDOKU_BOX))
    assert searched and all(matrix is shared.matrix for matrix in searched)
    assert isinstance(shared.matrix, KnuthSearch) == (loop == KNUTH)


def test_the_trap_is_gone_after_its_call():
    """Guards the tests above: a stop leaves no trace function behind."""
    before = sys.gettrace()
    stop("cover", 1, solve_everest)
    assert sys.gettrace() is before


@pytest.mark.parametrize("target", TARGETS)
def test_notebook_answers_are_right_after_a_stopped_call(sudoku_solver, target):
    def call():
        return sudoku_solver(parse(EVEREST))

    where = stop(target, full_run(target, "notebook", call).count // 3, call)
    check_searched_puzzles(sudoku_solver, after=where, loop=TARGETS[target][1])


# ---------------------------------------------------------------------------
# ExactCover: stopped, thrown into, closed early
# ---------------------------------------------------------------------------


def links(matrix: AlgorithmX) -> list[tuple[int, int, int, int]]:
    """Every link of the matrix (root, column heads, row nodes), as positions
    in one list of them all.  No sizes: counting them walks the links, which
    a damaged matrix may never let end."""
    nodes = [matrix.root, *(column.head for column in matrix.columns), *(n for row in matrix.row_nodes for n in row)]
    position = {id(node): k for k, node in enumerate(nodes)}
    return [tuple(position[id(link)] for link in (n.left, n.right, n.up, n.down)) for n in nodes]


def count_fresh_queens(loop: str) -> Callable[[], object]:
    return lambda: queens(loop).count_solutions()


def paused_search(matrix: AlgorithmX, taken: int = 1):
    """A search of ``matrix`` paused after yielding ``taken`` covers."""
    search = matrix.search()
    for _ in range(taken):
        next(search)
    return search


def check_queens(loop: str, matrix: ExactCover, fresh: list[tuple], where: str) -> None:
    """The next count of ``matrix`` is right (within a line budget) and leaves
    every link as ``fresh``; ``where`` names the stop before."""
    clean = full_run(COVERS[loop], f"queens {loop}", count_fresh_queens(loop))
    count = within_budget(loop, clean, matrix.count_solutions)
    assert count == QUEENS_SOLUTIONS, where
    assert links(matrix) == fresh, where


def test_both_loops_count_the_queens():
    """Guards the tests below: each loop's ``ExactCover`` counts right, with its own cover."""
    for loop in (GENERIC, KNUTH):
        assert queens(loop).count_solutions() == QUEENS_SOLUTIONS
        assert full_run(COVERS[loop], f"queens {loop}", count_fresh_queens(loop)).count > 0


@pytest.mark.parametrize("target", TARGETS)
def test_queens_count_and_links_are_right_after_a_search_stopped_at_any_line(target):
    """At the first and the last run of each line, and at points between."""
    loop = TARGETS[target][1]
    for at in each_line(full_run(target, f"queens {loop}", count_fresh_queens(loop)), last_too=True):
        matrix = queens(loop)
        fresh = links(matrix)
        where = stop(target, at, matrix.count_solutions)
        check_queens(loop, matrix, fresh, where)


@pytest.mark.parametrize("target", [*COVERS.values(), *UNCOVERS.values()])
def test_queens_count_is_right_after_memory_error(target):
    loop = TARGETS[target][1]
    matrix = queens(loop)
    at = full_run(target, f"queens {loop}", count_fresh_queens(loop)).count // 2
    stop(target, at, matrix.count_solutions, MemoryError)
    assert matrix.count_solutions() == QUEENS_SOLUTIONS


def test_count_and_links_are_right_after_close_is_stopped_in_its_relinking():
    """``close`` relinks the matrix (``ExactCover.reset``); stop that part-way too."""
    matrix = queens()
    fresh = links(matrix)
    paused = paused_search(matrix)
    trap = LineTrap(AlgorithmX.relink, 2 * QUEENS)
    with pytest.raises(KeyboardInterrupt):
        trap.run(paused.close)
    check_queens(GENERIC, matrix, fresh, "close stopped in relink")


@pytest.mark.parametrize("loop", [GENERIC, KNUTH])
@pytest.mark.parametrize("taken", range(QUEENS_SOLUTIONS + 1))
def test_closing_a_search_early_restores_every_link(taken, loop):
    matrix = queens(loop)
    fresh = links(matrix)
    paused_search(matrix, taken).close()
    assert links(matrix) == fresh


@pytest.mark.parametrize("loop", [GENERIC, KNUTH])
@pytest.mark.parametrize("taken", range(QUEENS_SOLUTIONS + 1))
def test_counts_and_links_are_right_after_an_exception_thrown_into_a_search(taken, loop):
    matrix = queens(loop)
    fresh = links(matrix)
    search = paused_search(matrix, taken)
    with pytest.raises(RuntimeError):
        search.throw(RuntimeError("stop"))
    assert matrix.count_solutions() == QUEENS_SOLUTIONS
    assert links(matrix) == fresh


def test_first_solution_of_an_exact_cover_restores_every_link():
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
    what the other search's relinking already put back."""
    matrix = queens()
    fresh = links(matrix)
    paused = paused_search(matrix)
    assert matrix.count_solutions() == QUEENS_SOLUTIONS
    paused.close()
    assert links(matrix) == fresh


def test_closing_a_paused_search_after_a_relink_keeps_that_relink():
    matrix = queens()
    paused = paused_search(matrix)
    matrix.relink(range(QUEENS), range(matrix.n_rows))  # ranks only: a rook on each rank
    relinked = links(matrix)
    paused.close()
    assert links(matrix) == relinked


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


@pytest.mark.parametrize("target", COVERS.values())
def test_stopped_sudoku_search_leaves_other_matrices_alone(target):
    matrix = queens()
    fresh = links(matrix)
    stop(target, full_run(target, "solve", solve_everest).count // 2, solve_everest)
    assert links(matrix) == fresh


def test_two_threads_solving_at_once_both_get_right_answers():
    """The engine's matrix is shared, so ``tools.cli.engine``'s lock must keep two searches apart."""
    puzzles = [puzzle for puzzle, answer in SEARCHED if not (answer == NO_SOLUTION).all()]
    results: dict[int, list] = {0: [], 1: []}

    def work(k: int) -> None:
        for _ in range(3):
            for puzzle in puzzles:
                results[k].append((puzzle, tools.cli.engine.solve_sudoku(puzzle)))
                results[k].append((puzzle, count_solutions(puzzle, limit=2)))

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
        assert len(answers) == 2 * 3 * len(puzzles)
        assert all(is_valid_solution(puzzle, answer) for puzzle, answer in answers[::2])
        assert all(count == 1 for _, count in answers[1::2])
