"""The project's puzzles in ``data/generated/`` and their generator, ``tools/puzzles/make_data.py``,
the assignment's handed-out files in ``data/``, kept unchanged, and the hand-in's
samples of the evaluation parts of top1465 and hardest
(``tools/puzzles/make_samples.py``).  No two files of ``data/`` share a puzzle, up
to isomorphs (``tools/puzzles/symmetry.py``), and no hard set handed in holds an
isomorph of a puzzle of any tuning part.

The generator must reproduce every committed file byte for byte; the files
must have the assignment's format; every stored answer must be right (counted
by the textbook search ``textbook.backtracking_count``, which shares no code
with the solver; ``test_solver.py`` checks each stored solution with
``helpers.is_valid_solution``); and each category must have the properties
``make_data``'s docstring promises.  The checks for the kinds of unsolvable
puzzle are written here again, without the generator's code, so that a
fault there cannot hide.
"""

from __future__ import annotations

import csv
import itertools

import numpy as np
import pytest

from conftest import NO_SOLUTION, has_dead_blank, has_repeated_given, sha256, stated_sha256
from experiment import CATEGORIES
from helpers import SudokuEngine, is_valid_solution
from textbook import backtracking_count
from tools.paths import COLLECTIONS, DATA, GENERATED
from tools.puzzles import make_data, make_samples
from tools.puzzles.io import read_grids
from tools.puzzles.sets import load as load_set
from tools.puzzles.symmetry import shared

FILE_KINDS = ("puzzle", "solution")
PUZZLES = 15
SIDE = 9
BOX = 3
HARD_MIN_BACKTRACKING_STEPS = 50_000  # every hard puzzle needs more placements than this

#: the hand-in's samples of the public collections, each of its collection's evaluation part
SAMPLES = {"top1465_evaluation.txt": "top1465", "hardest_evaluation.txt": "hardest"}
SAMPLE_FILES = list(SAMPLES)
HARD_FILES = [*SAMPLE_FILES, "generated/hard_evaluation.txt"]  #: the hard puzzles handed in
HANDED_OUT = [f"{category}_{kind}.npy" for category in CATEGORIES for kind in FILE_KINDS]
#: every file of data/generated/, as data/README.md's table names it
GENERATED_FILES = [f"generated/{category}_{kind}.npy" for category in CATEGORIES for kind in FILE_KINDS] + [
    "generated/hard_evaluation.txt",
    "generated/sparse_unsolvable.txt",
]
#: the names ``tools.puzzles.sets`` gives the hard sets, and the file each reads
NAMED_SETS = {
    "top1465-sample:evaluation": DATA / "top1465_evaluation.txt",
    "hardest-sample:evaluation": DATA / "hardest_evaluation.txt",
    "generated-hard:evaluation": GENERATED / "hard_evaluation.txt",
    "generated-hard:tuning": COLLECTIONS / "generated_hard_tuning.txt",
}
#: every part a choice of the solver was tuned on, as data/README.md names them
TUNING_PARTS = ("17clue:tuning", "top1465:tuning", "kaggle:tuning", "generated-hard:tuning")

#: what the generator promises: blanks or givens, and the kinds of unsolvable puzzle by name
BLANKS, HARD_GIVENS = make_data.BLANKS, range(make_data.HARD_GIVENS[0], make_data.HARD_GIVENS[1] + 1)
REPEATED_GIVEN, DEAD_BLANK, NO_COMPLETION = make_data.REPEATED_GIVEN, make_data.DEAD_BLANK, make_data.NO_COMPLETION


# --- Independent checks of a puzzle (conftest's rules, no generator code) ---


def kind_of(puzzle: np.ndarray) -> str:
    """Which kind of unsolvable puzzle this is (it must have no solution)."""
    if has_repeated_given(puzzle):
        return REPEATED_GIVEN
    if has_dead_blank(puzzle):
        return DEAD_BLANK
    return NO_COMPLETION


def load(category: str) -> tuple[np.ndarray, np.ndarray]:
    """The committed puzzles and solutions of ``category``."""
    return np.load(GENERATED / f"{category}_puzzle.npy"), np.load(GENERATED / f"{category}_solution.npy")


def is_unsolvable(solution: np.ndarray) -> bool:
    """A stored answer marks an unsolvable puzzle by holding -1 everywhere."""
    return bool(np.all(solution == NO_SOLUTION))


def split(category: str) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The solvable and the unsolvable puzzles of ``category``."""
    puzzles, solutions = load(category)
    solvable = [p for p, s in zip(puzzles, solutions) if not is_unsolvable(s)]
    unsolvable = [p for p, s in zip(puzzles, solutions) if is_unsolvable(s)]
    return solvable, unsolvable


def givens(puzzle: np.ndarray) -> int:
    return int(np.count_nonzero(puzzle))


# --- (i) the generator reproduces the committed files ----------------------


@pytest.mark.parametrize(
    "category", [pytest.param(c, marks=pytest.mark.slow) if c == "hard" else c for c in CATEGORIES]
)
def test_generator_reproduces_the_committed_files(category, tmp_path):
    for kind, array in zip(FILE_KINDS, make_data.make_category(category)):
        np.save(tmp_path / f"{category}_{kind}.npy", array)
    names = [f"{category}_{kind}.npy" for kind in FILE_KINDS]
    assert [(tmp_path / name).read_bytes() for name in names] == [(GENERATED / name).read_bytes() for name in names]


# --- (ii) the assignment's format ------------------------------------------


@pytest.mark.parametrize("kind", FILE_KINDS)
@pytest.mark.parametrize("category", CATEGORIES)
def test_format_equals_the_assignment_files(category, kind):
    """Shape (15 x 9 x 9) and dtype (int8 puzzles; int8 or float64 solutions) as handed out."""
    ours = np.load(GENERATED / f"{category}_{kind}.npy")
    theirs = np.load(DATA / f"{category}_{kind}.npy")
    assert (ours.shape, ours.dtype) == (theirs.shape, theirs.dtype)


@pytest.mark.parametrize("name", HANDED_OUT + SAMPLE_FILES + GENERATED_FILES)
def test_every_file_of_data_is_the_one_its_readme_states(name):
    """data/README.md states the SHA-256 of each file the unit handed out, of each
    sample and of each generated file (named with its folder, ``generated/``)."""
    assert sha256(DATA / name) == stated_sha256(DATA / "README.md")[name]


# --- (iii) and (iv) stored answers -----------------------------------------


@pytest.mark.parametrize("category", CATEGORIES)
def test_the_textbook_search_finds_one_solution_or_none_as_stored(category):
    """It refuses a value other than 0..9 (ValueError), so every puzzle's values are checked too."""
    puzzles, solutions = load(category)
    assert [backtracking_count(p, limit=2) for p in puzzles] == [0 if is_unsolvable(s) else 1 for s in solutions]


@pytest.mark.parametrize("category", ["easy", "medium", "hard"])
def test_unsolvable_puzzles_are_not_all_first(category):
    _, solutions = load(category)
    positions = [k for k, s in enumerate(solutions) if is_unsolvable(s)]
    assert positions != list(range(len(positions)))


# --- (v) category properties -----------------------------------------------


@pytest.mark.parametrize("category", CATEGORIES)
def test_every_puzzle_has_the_categorys_blanks_or_hard_givens(category):
    puzzles, _ = load(category)
    allowed = HARD_GIVENS if category == "hard" else [SIDE * SIDE - BLANKS[category]]
    assert [givens(p) in allowed for p in puzzles] == [True] * PUZZLES


@pytest.mark.slow
def test_hard_solvable_puzzles_are_minimal():
    solvable, _ = split("hard")
    not_minimal = []
    for k, puzzle in enumerate(solvable):
        for r, c in zip(*np.nonzero(puzzle)):
            smaller = puzzle.copy()
            smaller[r, c] = 0
            if backtracking_count(smaller, limit=2) == 1:
                not_minimal.append((k, int(r), int(c)))
    assert not_minimal == []


@pytest.mark.slow
def test_hard_solvable_puzzles_are_hard_for_plain_backtracking():
    solvable, _ = split("hard")
    steps = [make_data.plain_backtracking(p.ravel().tolist(), cap=HARD_MIN_BACKTRACKING_STEPS)[1] for p in solvable]
    assert min(steps) > HARD_MIN_BACKTRACKING_STEPS


@pytest.mark.parametrize("category", CATEGORIES)
def test_the_unsolvable_puzzles_are_as_many_of_each_kind_as_the_generator_promises(category):
    _, unsolvable = split(category)
    assert sorted(map(kind_of, unsolvable)) == sorted(make_data.UNSOLVABLE_KINDS[category])


def test_no_completion_puzzles_pass_the_forced_digit_stage():
    # Singles and locked candidates alone find no contradiction: only the
    # branching search shows that these puzzles have no solution.
    _, unsolvable = split("hard")
    stage_one = SudokuEngine(BOX).place_forced_digits
    no_completion = [p for p in unsolvable if kind_of(p) == NO_COMPLETION]
    assert no_completion and all(stage_one(p.ravel().tolist()) is not None for p in no_completion)


# --- The independent checks, the plain backtracking counter and the pattern grid the tests cut puzzles from ---


def solved_grid() -> np.ndarray:
    """A valid complete grid: the first very_easy solution."""
    _, solutions = load("very_easy")
    return solutions[0].astype(np.int64)


def test_repeat_check_finds_a_digit_twice_in_a_box_and_none_in_a_valid_grid():
    grid = solved_grid()
    assert not has_repeated_given(grid)
    grid[0, 0] = grid[1, 1]
    assert has_repeated_given(grid)


def test_dead_blank_check_finds_a_blank_with_no_candidate_and_not_one_with_a_candidate():
    grid = solved_grid()
    digit = grid[4, 4]
    grid[4, 4] = 0
    assert not has_dead_blank(grid)
    # (3, 3) shares only the box with (4, 4): the digit it held is still seen
    # in row 4 and column 4, and the blank now also sees its own digit.
    grid[3, 3] = digit
    assert has_dead_blank(grid)


def test_backtracking_fills_forced_blanks_in_one_step_each():
    grid = solved_grid()
    grid[0, :] = 0  # each blank of the row has one candidate, from its column
    assert make_data.plain_backtracking(grid.ravel().tolist()) == (solved_grid().ravel().tolist(), SIDE)


def test_backtracking_stops_one_step_past_the_cap():
    empty = [0] * (SIDE * SIDE)
    assert make_data.plain_backtracking(empty, cap=10) == (None, 11)


@pytest.mark.parametrize("box", [2, 3, 4, 5])
def test_the_pattern_grid_is_a_valid_sudoku(box):
    """Guards the grid that the tests of several files cut their puzzles from."""
    assert is_valid_solution(np.zeros((box * box, box * box), dtype=int), make_data.pattern_grid(box))


def test_a_random_puzzle_keeps_its_share_of_givens():
    puzzle = make_data.random_puzzle(4, 0.4, np.random.default_rng(0))
    assert np.count_nonzero(puzzle) == round(0.4 * 256)


# --- The samples of the public collections (tools/puzzles/make_samples.py) ---


def evaluation_part(collection: str) -> list[str]:
    """The puzzles of a collection's evaluation part (odd positions) as text,
    read straight from its file in ``collections/``, without ``tools.puzzles.sets``."""
    if collection == "hardest":
        with (COLLECTIONS / "hardest.csv").open(newline="", encoding="ascii") as handle:
            return [row["puzzle"] for row in csv.DictReader(handle) if int(row["position"]) % 2]
    text = (COLLECTIONS / "magictour_top1465.txt").read_text(encoding="ascii")
    return [line.strip().replace(".", "0") for line in text.splitlines() if line.strip()][1::2]


@pytest.mark.slow
def test_make_samples_reproduces_the_committed_samples(tmp_path):
    make_samples.write_samples(tmp_path)
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == {
        name: (DATA / name).read_bytes() for name in SAMPLE_FILES
    }


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_each_sample_keeps_puzzles_of_its_evaluation_part_in_their_order(name):
    remaining = iter(evaluation_part(SAMPLES[name]))
    assert all(line in remaining for line in (DATA / name).read_text(encoding="ascii").splitlines())  # a subsequence


@pytest.mark.parametrize("name", sorted(NAMED_SETS))
def test_the_named_set_reads_its_file(name):
    assert np.array_equal(load_set(name).puzzles, read_grids(NAMED_SETS[name]))


def test_no_puzzle_is_in_two_files_of_data():
    """Up to isomorphs: the assignment's puzzles, the generated ones and the samples."""
    files = [name for name in HANDED_OUT + GENERATED_FILES + SAMPLE_FILES if not name.endswith("_solution.npy")]
    puzzles = {name: read_grids(DATA / name) for name in files}
    copies = {(a, b): shared(puzzles[a], puzzles[b]) for a, b in itertools.combinations(files, 2)}
    assert copies == {pair: [] for pair in copies}


@pytest.mark.slow
def test_no_hard_set_holds_an_isomorph_of_a_puzzle_of_a_tuning_part():
    tuning = np.concatenate([load_set(name).puzzles for name in TUNING_PARTS])
    assert {name: shared(read_grids(DATA / name), tuning) for name in HARD_FILES} == {name: [] for name in HARD_FILES}


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_the_solver_solves_every_sample_puzzle(name, sudoku_solver):
    failing = [k for k, p in enumerate(read_grids(DATA / name)) if not is_valid_solution(p, sudoku_solver(p))]
    assert failing == []


@pytest.mark.slow
@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_every_sample_puzzle_has_exactly_one_solution(name):
    """Counted by the textbook search, which shares no code with the solver."""
    counts = [backtracking_count(p) for p in read_grids(DATA / name)]
    assert counts == [1] * len(counts)
