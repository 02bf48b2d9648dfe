"""The textbook method in ``helpers.py``: backtracking search with MRV and
forward checking, rung 0 of the report's ladder and the project's independent
reference solver.  Written for Python 3.8 and later, like the module."""

from __future__ import annotations
import __future__

import ast

import numpy as np
import pytest

import helpers
from conftest import CONSISTENT_NO_SOLUTION, DATA, GENERATED, NO_SOLUTION, ROOT, code_names, parse, stored_cases
from helpers import (
    SearchBudgetExceeded,
    SudokuCSP,
    backtracking_count,
    backtracking_solve,
    is_valid_solution,
)
from tools.puzzles.make_data import random_puzzle

#: the banner heading of the section under test in helpers.py
CSP_HEADING = "# The textbook method: backtracking search with minimum remaining values and forward checking"
#: what of the rest of helpers the section may name
ALLOWED_FROM_HELPERS = {"EMPTY"}


# A solved grid with a 2 x 2 rectangle of two digits blanked: both ways round fit.
TWO_SOLUTIONS = "042709863083604279769283514924871635815436927376592148658327491231948756497165382"
# Naked singles alone solve it: some blank always has one candidate left.
# Its first blank, (0, 6), has two candidates, the smaller of them wrong.
SINGLES_ONLY = "142759003503614279769083510924001035015436027006592008608327491231948006097160302"
EMPTY_4X4_SOLUTIONS = 288


STORED_CASES = stored_cases(DATA, "assignment") + stored_cases(GENERATED, "generated")


# ---------------------------------------------------------------------------
# The assignment's contract
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle, expected", STORED_CASES)
def test_stored_puzzle_gets_stored_answer(puzzle, expected):
    solution, _ = backtracking_solve(puzzle)
    assert np.all(expected == NO_SOLUTION) if solution is None else np.array_equal(solution, expected)


def test_answer_is_a_new_9x9_int_array():
    puzzle = parse(SINGLES_ONLY)
    answer, _ = backtracking_solve(puzzle)
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


def test_empty_4x4_has_288_solutions():
    assert backtracking_count(np.zeros((4, 4), dtype=int), limit=None) == EMPTY_4X4_SOLUTIONS


@pytest.mark.parametrize("limit, count", [(None, 2), (2, 2), (1, 1)])
def test_a_puzzle_with_two_solutions_counts_two_or_stops_at_the_limit(limit, count):
    assert backtracking_count(parse(TWO_SOLUTIONS), limit=limit) == count


def test_count_accepts_a_flat_grid():
    assert backtracking_count([int(ch) for ch in TWO_SOLUTIONS]) == 2


def test_a_budget_of_exactly_the_assignments_needed_is_enough_and_one_less_raises():
    _, needed = backtracking_solve(parse(CONSISTENT_NO_SOLUTION))
    assert backtracking_solve(parse(CONSISTENT_NO_SOLUTION), budget=needed) == (None, needed)
    with pytest.raises(SearchBudgetExceeded):
        backtracking_solve(parse(CONSISTENT_NO_SOLUTION), budget=needed - 1)


# ---------------------------------------------------------------------------
# The method: MRV and forward checking
# ---------------------------------------------------------------------------


def test_mrv_picks_the_smallest_domain():
    problem = SudokuCSP([0] * 16, 2)
    problem.domains[3] = 0b0111
    problem.domains[9] = 0b0011
    problem.domains[12] = 0b0101
    assert problem.select_unassigned_variable(list(range(16))) == 9


def test_mrv_breaks_ties_by_row_major_order():
    problem = SudokuCSP([0] * 16, 2)
    problem.domains[12] = problem.domains[9] = 0b0011
    open_cells = [1, 5, 9, 12, 14]
    assert problem.select_unassigned_variable(open_cells) == open_cells.index(9)


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
    solution, _ = backtracking_solve(parse(TWO_SOLUTIONS))
    assert solution[0, 0] == 1


def test_forward_checking_removes_the_digit_from_unassigned_peers_only():
    problem = SudokuCSP([0] * 81, 3)
    five = 1 << 4
    problem.assign(80, five)  # cells 8 and 72, peers of both 80 and 0, lose 5 here
    before = list(problem.domains)
    pruned = problem.assign(0, five)
    changed = {cell for cell in range(81) if problem.domains[cell] != before[cell]}
    peers_of_0 = {cell for cell in range(1, 81) if cell < 9 or cell % 9 == 0 or (cell < 27 and cell % 9 < 3)}
    assert changed == set(pruned) == peers_of_0 - {8, 72}
    assert all(problem.domains[cell] == before[cell] ^ five for cell in changed)


def test_unassign_restores_the_domains():
    problem = SudokuCSP([0] * 81, 3)
    before = list(problem.domains)
    problem.unassign(40, 1 << 2, problem.assign(40, 1 << 2))
    assert problem.domains == before and problem.values == [0] * 81


def test_forward_checking_fails_as_soon_as_a_peer_has_no_digit_left():
    """Cells (0, 0) and (0, 1) can each hold only 5: the first assignment
    empties the other's domain, and the search stops there."""
    puzzle = np.zeros((9, 9), dtype=int)
    puzzle[0, 2:] = [1, 2, 3, 4, 6, 7, 8]
    puzzle[5, 0] = puzzle[7, 1] = 9
    assert SudokuCSP(puzzle.ravel().tolist(), 3).consistent
    assert backtracking_solve(puzzle) == (None, 1)


@pytest.mark.parametrize("side", [1, 4, 9, 16, 25, 36])
def test_domain_sizes_count_the_digits_of_a_mask(side):
    """A table up to 16 digits, counted beyond: the same answers either way."""
    sizes = helpers._domain_sizes(side)
    masks = [0, 1, (1 << side) - 1, *np.random.default_rng(side).integers(0, 1 << side, 100).tolist()]
    assert [sizes[mask] for mask in masks] == [bin(mask).count("1") for mask in masks]


# ---------------------------------------------------------------------------
# Independence from the dancing-links solver
# ---------------------------------------------------------------------------
# The section is the reference that labels data/ and judges the property
# tests, so it must not share code with the solver it judges.  A code
# object's co_names hold the globals it reads or binds and also the attribute
# names it uses, so an attribute named like a module-level name of helpers
# (``self.engine``, say) fails the check as well: strict, and the section has
# none.


def split_helpers() -> tuple[str, str]:
    """helpers.py's source as (the textbook method's section, all before it:
    the solver and the checker).  A section runs from its banner to the next
    banner; the experiment after it races both methods, so it names both."""
    lines = (ROOT / "helpers.py").read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index(CSP_HEADING + "\n") - 1  # the dashes above the heading
    banners = [i for i in range(start + 3, len(lines)) if lines[i].startswith("# ----") and lines[i + 2] == lines[i]]
    end = banners[0] if banners else len(lines)
    return "".join(lines[start:end]), "".join(lines[:start])


def names_used(source: str) -> set[str]:
    """Every global or attribute name the code of ``source`` reads or binds,
    its nested code included; annotations are left as text, as in helpers."""
    flags = __future__.annotations.compiler_flag
    return code_names(compile(source, "helpers.py", "exec", flags=flags, dont_inherit=True))


def top_level_names(source: str) -> set[str]:
    """The names that the top-level statements of ``source`` define (imports aside)."""
    names = set()
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {target.id for target in node.targets if isinstance(target, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def imported_names(source: str) -> set[str]:
    """The names that the top-level imports of ``source`` bind."""
    return {
        (alias.asname or alias.name).split(".")[0]
        for node in ast.parse(source).body
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    }


def solver_names_named_by(section: str) -> set[str]:
    """The module-level names of helpers that ``section`` names, other than
    the two constants it may use, the module's imports (numpy and the
    standard library, as tests/test_handin.py checks) and its own names."""
    _, rest = split_helpers()
    module_names = {name for name in vars(helpers) if not name.startswith("__")}
    allowed = ALLOWED_FROM_HELPERS | imported_names(rest) | top_level_names(section)
    return names_used(section) & (module_names - allowed)


def test_the_textbook_method_names_nothing_of_the_solver():
    section, _ = split_helpers()
    assert {"SudokuCSP", "backtracking_solve", "backtracking_count"} <= top_level_names(section)
    assert ALLOWED_FROM_HELPERS <= names_used(section)  # it does name it: the check looks in the right place
    assert solver_names_named_by(section) == set()


@pytest.mark.parametrize("use", ["engine(box)", "read_grid(grid)", "SUDOKU_SIZE", "self.engine"])
def test_the_independence_check_catches_a_use_of_the_solver(use):
    section, _ = split_helpers()
    tampered = section + f"\n\ndef _tampered(self, grid, box):\n    return {use}\n"
    assert solver_names_named_by(tampered) == {use.split("(")[0].split(".")[-1]}


def test_the_solver_names_nothing_of_the_textbook_method():
    section, rest = split_helpers()
    assert "SudokuEngine" in top_level_names(rest)  # the split kept the solver
    assert names_used(rest) & top_level_names(section) == set()
