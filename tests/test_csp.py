"""The textbook method in ``textbook.py``: backtracking search with MRV and
forward checking or arc consistency, which ``experiment.ipynb`` compares
with the solver, and the project's independent reference solver."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import (
    CONSISTENT_NO_SOLUTION,
    DATA,
    EVEREST,
    EVEREST_SOLUTION,
    GENERATED,
    NO_SOLUTION,
    ROOT,
    TWO_SOLUTIONS,
    imported_names,
    parse,
    stored_cases,
)
from helpers import is_valid_solution
from textbook import SearchBudgetExceeded, SudokuCSP, backtracking_count, backtracking_solve
from tools.puzzles.make_data import random_puzzle

# Naked singles alone solve it: some blank always has one candidate left.
# Its first blank, (0, 6), has two candidates, the smaller of them wrong.
SINGLES_ONLY = "142759003503614279769083510924001035015436027006592008608327491231948006097160302"


STORED_CASES = [
    *stored_cases(DATA, "assignment"),
    *stored_cases(GENERATED, "generated"),
    # conftest's: the command line's tests compare answers with EVEREST_SOLUTION byte for byte
    pytest.param(parse(EVEREST), parse(EVEREST_SOLUTION), id="conftest-everest"),
]


# ---------------------------------------------------------------------------
# The assignment's contract
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle, expected", STORED_CASES)
def test_stored_puzzle_gets_stored_answer(puzzle, expected):
    solution = backtracking_solve(puzzle).solution
    assert np.all(expected == NO_SOLUTION) if solution is None else np.array_equal(solution, expected)


def test_answer_is_a_new_9x9_int_array():
    puzzle = parse(SINGLES_ONLY)
    answer = backtracking_solve(puzzle).solution
    assert answer.shape == (9, 9) and np.issubdtype(answer.dtype, np.integer)
    assert not np.shares_memory(answer, puzzle) and is_valid_solution(puzzle, answer)


def test_input_is_not_modified():
    puzzle = parse(TWO_SOLUTIONS).astype(np.int8)
    before = puzzle.copy()
    backtracking_solve(puzzle)
    backtracking_count(puzzle, limit=None)
    assert np.array_equal(puzzle, before) and puzzle.dtype == before.dtype


def test_consistent_givens_without_completion_have_no_solution():
    puzzle = parse(CONSISTENT_NO_SOLUTION)
    assert SudokuCSP(puzzle.ravel().tolist(), 3).consistent  # so only the search can tell
    assert backtracking_solve(puzzle)[0] is None


@pytest.mark.parametrize(
    "box, given_share",
    # 25 x 25 is too big for a table of domain sizes: they are counted instead.
    [pytest.param(4, 0.5, id="16x16"), pytest.param(5, 0.7, id="25x25")],
)
def test_a_larger_puzzle_is_solved(box, given_share):
    puzzle = random_puzzle(box, given_share, np.random.default_rng(0))
    assert is_valid_solution(puzzle, backtracking_solve(puzzle)[0])


@pytest.mark.parametrize(
    "bad",
    [np.zeros((9, 8)), np.zeros((6, 6)), np.full((9, 9), 10), np.full((9, 9), 0.5), np.zeros((3, 3, 3))],
    ids=["not square", "side not a square number", "digit too big", "not whole", "three dimensions"],
)
def test_malformed_grid_is_refused(bad):
    with pytest.raises(ValueError):
        backtracking_solve(bad)


# ---------------------------------------------------------------------------
# Counting and the budget
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("limit, count", [(None, 2), (2, 2), (1, 1)])
def test_a_puzzle_with_two_solutions_counts_two_or_stops_at_the_limit(limit, count):
    assert backtracking_count(parse(TWO_SOLUTIONS), limit=limit) == count


def test_count_accepts_a_flat_grid():
    assert backtracking_count([int(ch) for ch in TWO_SOLUTIONS]) == 2


def test_a_budget_of_exactly_the_assignments_needed_is_enough_and_one_less_raises():
    needed = backtracking_solve(parse(CONSISTENT_NO_SOLUTION)).assignments
    assert backtracking_solve(parse(CONSISTENT_NO_SOLUTION), budget=needed) == (None, needed)
    with pytest.raises(SearchBudgetExceeded):
        backtracking_solve(parse(CONSISTENT_NO_SOLUTION), budget=needed - 1)


def test_a_search_stopped_at_its_budget_says_the_budget():
    with pytest.raises(SearchBudgetExceeded, match="more than 5 assignments") as stopped:
        backtracking_solve(parse(CONSISTENT_NO_SOLUTION), budget=5)
    assert stopped.value.budget == 5


# ---------------------------------------------------------------------------
# The method: MRV and forward checking
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("mrv, chosen", [(True, 9), (False, 1)], ids=["MRV", "fixed order"])
def test_mrv_picks_the_smallest_domain_and_the_fixed_order_the_first_open_cell(mrv, chosen):
    problem = SudokuCSP([0] * 16, 2, mrv=mrv)
    problem.domains[3] = 0b0111
    problem.domains[9] = 0b0011
    problem.domains[12] = 0b0101
    open_cells = [1, 3, 9, 12]
    assert open_cells[problem.select_unassigned_variable(open_cells)] == chosen


@pytest.mark.parametrize("assigned, chosen", [((), 9), ((10, 11), 12)], ids=["equal degrees", "9 of lower degree"])
def test_mrv_breaks_ties_by_degree_then_by_row_major_order(assigned, chosen):
    """Cells 9 and 12 tie on size; with 9's row peers 10 and 11 assigned, 12 has more unassigned peers."""
    problem = SudokuCSP([0] * 16, 2)
    problem.domains[12] = problem.domains[9] = 0b0011
    for cell in assigned:
        problem.values[cell] = 3
    open_cells = [1, 5, 9, 12, 14]
    assert problem.select_unassigned_variable(open_cells) == open_cells.index(chosen)


def test_singles_only_puzzle_takes_one_assignment_per_blank():
    """MRV always finds the forced cell; taking the first blank instead would
    try its smaller, wrong candidate first and need more assignments."""
    puzzle = parse(SINGLES_ONLY)
    solution, assignments = backtracking_solve(puzzle)
    first_blank = int(np.flatnonzero(puzzle == 0)[0])
    domain = SudokuCSP(puzzle.ravel().tolist(), 3).domains[first_blank]
    assert bin(domain).count("1") >= 2 and (domain & -domain).bit_length() != solution.flat[first_blank]
    assert assignments == np.count_nonzero(puzzle == 0)


def test_digits_are_tried_in_increasing_order():
    """Of the two solutions, the first found has the smaller digit (1, not 5)
    in the first blank, the cell MRV takes first on the tie."""
    solution = backtracking_solve(parse(TWO_SOLUTIONS)).solution
    assert solution[0, 0] == 1


def test_forward_checking_removes_the_digit_from_unassigned_peers_only():
    problem = SudokuCSP([0] * 81, 3)
    five = 1 << 4
    problem.assign(80, five)  # cells 8 and 72, peers of both 80 and 0, lose 5 here
    before = list(problem.domains)
    assert problem.assign(0, five)
    changed = {cell for cell in range(81) if problem.domains[cell] != before[cell]} - {0}
    peers_of_0 = {cell for cell in range(1, 81) if cell < 9 or cell % 9 == 0 or (cell < 27 and cell % 9 < 3)}
    assert changed == peers_of_0 - {8, 72}
    assert all(problem.domains[cell] == before[cell] ^ five for cell in changed)


def test_forward_checking_fails_as_soon_as_a_peer_has_no_digit_left():
    """Cells (0, 0) and (0, 1) can each hold only 5: the first assignment
    empties the other's domain, and the search stops there."""
    puzzle = np.zeros((9, 9), dtype=int)
    puzzle[0, 2:] = [1, 2, 3, 4, 6, 7, 8]
    puzzle[5, 0] = puzzle[7, 1] = 9
    assert SudokuCSP(puzzle.ravel().tolist(), 3).consistent
    assert backtracking_solve(puzzle) == (None, 1)


def test_a_failed_assignment_leaves_the_domains_as_they_were():
    problem = SudokuCSP(parse(CONSISTENT_NO_SOLUTION).ravel().tolist(), 3)
    before = list(problem.domains)
    open_cells = [cell for cell, value in enumerate(problem.values) if value == 0]
    assert problem.search(open_cells, [], None) is False
    assert problem.domains == before and problem.values.count(0) == len(open_cells)


def test_arc_consistency_passes_on_a_digit_a_peer_is_left_with():
    """Cell 1 can take only 5 and 6; putting 6 in cell 0, its peer, leaves it
    5, which arc consistency then removes from cell 1's own peers, such as
    cell 10, while forward checking stops at cell 0's peers."""
    domains = {}
    for mac in (False, True):
        problem = SudokuCSP([0] * 81, 3, mac=mac)
        problem.domains[1] = 0b110000
        assert problem.assign(0, 1 << 5)
        domains[mac] = problem.domains
    assert domains[False][1] == domains[True][1] == 1 << 4
    assert domains[False][10] & 1 << 4 and not domains[True][10] & 1 << 4


def test_arc_consistency_fails_when_two_peers_are_left_the_same_digit():
    problem = SudokuCSP([0] * 81, 3, mac=True)
    problem.domains[1] = problem.domains[2] = 0b110000  # two cells of row 0: only 5 or 6
    assert not problem.assign(3, 1 << 5)  # 6 in row 0 leaves both with 5


def test_hidden_singles_put_a_digit_left_with_one_place_in_a_unit_there():
    """Row 0 has two places for 5, cells 0 and 1; putting 5 in cell 28, a peer
    of cell 1 only, leaves cell 0, which forward checking alone leaves open."""
    for singles in (False, True):
        problem = SudokuCSP([0] * 81, 3, hidden_singles=singles)
        for cell in range(2, 9):
            problem.domains[cell] &= ~(1 << 4)
        assert problem.assign(28, 1 << 4)
        assert (problem.domains[0] == 1 << 4) == singles


def test_hidden_singles_fail_when_a_digit_has_no_place_left_in_a_unit():
    problem = SudokuCSP([0] * 81, 3, hidden_singles=True)
    for cell in range(1, 9):
        problem.domains[cell] &= ~(1 << 4)  # 5 can go only in cell 0 of row 0 ...
    assert not problem.assign(9, 1 << 4)  # ... which 5 in cell 9 takes away


@pytest.mark.parametrize(
    "category, mrv, mac", [("medium", False, False), ("hard", True, True)], ids=["fixed order", "MAC"]
)
def test_every_form_of_the_search_answers_stored_puzzles_as_stored(category, mrv, mac):
    puzzles, stored = np.load(DATA / f"{category}_puzzle.npy"), np.load(DATA / f"{category}_solution.npy")
    for puzzle, expected in zip(puzzles, stored):
        solution = backtracking_solve(puzzle, mrv=mrv, mac=mac).solution
        assert np.all(expected == NO_SOLUTION) if solution is None else np.array_equal(solution, expected)


@pytest.mark.parametrize("side", [1, 4, 9, 16, 25, pytest.param(36, marks=pytest.mark.slow)])
def test_domain_sizes_count_the_digits_of_a_mask(side):
    """A table up to 16 digits, counted beyond: the same answers either way."""
    sizes = SudokuCSP([0] * side * side, int(side**0.5)).domain_sizes
    masks = [0, 1, (1 << side) - 1, *np.random.default_rng(side).integers(0, 1 << side, 100).tolist()]
    assert [sizes[mask] for mask in masks] == [bin(mask).count("1") for mask in masks]


# ---------------------------------------------------------------------------
# Independence from the dancing-links solver
# ---------------------------------------------------------------------------
# The textbook method labels data/ and judges the property tests, and the
# report compares it with the solver, so the two must share no code:
# textbook.py imports nothing of the project.

#: the project's own modules, which an independent method must not import
PROJECT_MODULES = frozenset({"helpers", "listing", "experiment", "report", "textbook", "tools", "conftest"})


def project_imports(source: str) -> set[str]:
    """What ``source`` imports of the project: ``module`` or ``module.name``."""
    return {name for name in imported_names(source) if name.split(".")[0] in PROJECT_MODULES}


def test_the_textbook_method_imports_nothing_of_the_project():
    assert project_imports((ROOT / "textbook.py").read_text(encoding="utf-8")) == set()


@pytest.mark.parametrize(
    "source",
    ["import helpers", "from helpers import box_of as b", "import tools.puzzles.io", "from experiment import by_csp"],
)
def test_the_independence_check_catches_an_import_of_the_project(source):
    assert project_imports(f"def solve(grid):\n    {source}\n    return grid\n")
