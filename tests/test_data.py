"""The project's puzzles in ``data/generated/`` and their generator, ``tools/puzzles/make_data.py``,
the assignment's handed-out files in ``data/``, kept unchanged, and the hand-in's
samples of the public collections, a tuning and an evaluation sample of each of
top1465 and hardest (``tools/puzzles/make_samples.py``), no two of which share a
puzzle, up to symmetry (``tools/puzzles/symmetry.py``), nor any with the other
files the notebook races; no evaluation sample shares one with any tuning part.

The generator must reproduce every committed file byte for byte; the files
must have the assignment's format; every stored answer must be right (counted
by the textbook search ``experiment.backtracking_count``, which shares no code
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
from experiment import backtracking_count
from helpers import SudokuEngine, is_valid_solution
from tools.paths import CATEGORIES, COLLECTIONS, DATA, GENERATED
from tools.puzzles import make_data, make_samples
from tools.puzzles.io import read_grids
from tools.puzzles.sets import load as load_set
from tools.puzzles.symmetry import shared

FILE_KINDS = ("puzzle", "solution")
PUZZLES = 15
SIDE = 9
BOX = 3
HARD_MIN_BACKTRACKING_STEPS = 50_000  # every hard puzzle needs more placements than this

# The hand-in's samples of the public collections, as data/README.md describes them
TUNING_SAMPLES = ["top1465_tuning.txt", "hardest_tuning.txt"]
EVALUATION_SAMPLES = ["top1465_evaluation.txt", "hardest_evaluation.txt"]
SAMPLE_FILES = TUNING_SAMPLES + EVALUATION_SAMPLES
#: each sample's collection, part and count of puzzles
SAMPLES = {
    "top1465_tuning.txt": ("top1465", "tuning", 100),
    "top1465_evaluation.txt": ("top1465", "evaluation", 100),
    "hardest_tuning.txt": ("hardest", "tuning", 26),
    "hardest_evaluation.txt": ("hardest", "evaluation", 26),
}
GENERATED_HARD = ["hard_tuning.txt", "hard_evaluation.txt"]  #: in data/generated/, both handed in
HANDED_OUT = [f"{category}_{kind}.npy" for category in CATEGORIES for kind in FILE_KINDS]
#: every file of data/generated/, as data/README.md's table names it
GENERATED_FILES = [f"generated/{category}_{kind}.npy" for category in CATEGORIES for kind in FILE_KINDS] + [
    f"generated/{name}" for name in GENERATED_HARD
]

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


def test_data_holds_the_handed_out_files_the_samples_and_the_generated_folder_only():
    names = sorted(path.name for path in DATA.iterdir())
    assert names == sorted(HANDED_OUT + SAMPLE_FILES + ["README.md", GENERATED.name])


def test_the_generated_folder_holds_the_generated_files_only():
    names = sorted(f"generated/{path.name}" for path in GENERATED.iterdir())
    assert names == sorted(GENERATED_FILES)


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


def sample_lines(name: str) -> list[str]:
    return (DATA / name).read_text(encoding="ascii").splitlines()


def part_lines(collection: str, part: str) -> list[str]:
    """The puzzles of a collection's part as text, read straight from its file
    in ``collections/``, without the loaders of ``tools.puzzles.sets``."""
    parity = ("tuning", "evaluation").index(part)
    if collection == "hardest":
        with (COLLECTIONS / "hardest.csv").open(newline="", encoding="ascii") as handle:
            return [row["puzzle"] for row in csv.DictReader(handle) if int(row["position"]) % 2 == parity]
    text = (COLLECTIONS / "magictour_top1465.txt").read_text(encoding="ascii")
    return [line.strip().replace(".", "0") for line in text.splitlines() if line.strip()][parity::2]


@pytest.mark.slow
def test_make_samples_reproduces_the_committed_samples(tmp_path):
    make_samples.write_samples(tmp_path)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(SAMPLE_FILES)
    assert [(tmp_path / name).read_bytes() for name in SAMPLE_FILES] == [
        (DATA / name).read_bytes() for name in SAMPLE_FILES
    ]


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_each_sample_keeps_puzzles_of_its_part_in_their_order(name):
    collection, part, _ = SAMPLES[name]
    remaining = iter(part_lines(collection, part))
    assert all(line in remaining for line in sample_lines(name))  # a subsequence


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_each_sample_holds_its_count_of_puzzles(name):
    assert len(sample_lines(name)) == SAMPLES[name][2]


def test_the_hardest_tuning_sample_is_every_fourth_puzzle_of_its_part():
    assert sample_lines("hardest_tuning.txt") == part_lines("hardest", "tuning")[:: make_samples.HARDEST_STEP]


def test_the_sample_sets_read_the_sample_files():
    """``tools.puzzles.sets`` names each sample ``<collection>-sample:<part>``."""
    read = {name: load_set(f"{SAMPLES[name][0]}-sample:{SAMPLES[name][1]}").puzzles for name in SAMPLE_FILES}
    assert all(np.array_equal(read[name], read_grids(DATA / name)) for name in SAMPLE_FILES)


def test_no_puzzle_is_in_two_of_the_sets_the_notebook_races():
    """The two generated hard files, the four samples and the assignment's puzzles."""
    raced = {
        "assignment": np.concatenate([np.load(DATA / f"{category}_puzzle.npy") for category in CATEGORIES]),
        **{f"generated/{name}": read_grids(GENERATED / name) for name in GENERATED_HARD},
        **{name: read_grids(DATA / name) for name in SAMPLE_FILES},
    }
    copies = {(a, b): shared(raced[a], raced[b]) for a, b in itertools.combinations(raced, 2)}
    assert copies == {pair: [] for pair in copies}


@pytest.mark.slow
def test_no_evaluation_sample_puzzle_is_a_copy_of_one_in_a_tuning_part():
    tuning = np.concatenate([load_set(name).puzzles for name in make_samples.TUNING_PARTS])
    assert {name: shared(read_grids(DATA / name), tuning) for name in EVALUATION_SAMPLES} == {
        name: [] for name in EVALUATION_SAMPLES
    }


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
