'''The text of the cells we add to the assignment's notebook.

``tools/build_notebook.py`` weaves these between the template's cells:
``AFTER_PART_ONE`` follows the template's "Part One" heading, ``SOLUTION_CELL``
replaces the stub in the nbgrader solution cell, and ``AFTER_SOLVER`` follows
it, above "All of your code must go above this cell".  Each entry is a
``(kind, text)`` pair, kind "markdown" or "code".
'''

AFTER_PART_ONE = [
    (
        "markdown",
        r"""
### My approach in one paragraph

A sudoku is an *exact cover* problem: choose placements "digit $d$ in cell $(r, c)$"
so that every cell gets one digit and every row, column and box gets each digit once.
Donald Knuth's **Algorithm X** solves any exact cover problem by backtracking, and his
**dancing links** make each step of it cheap: a choice is undone by putting back the very
links that were removed, in reverse order. My solver first places every digit the rules
force (a cell with one candidate left, or a digit with one place left in a row, column or
box), and hands whatever is left to Algorithm X.

### What `helpers.py` holds

The code lives in `helpers.py`, next to this notebook, and is imported below. It uses only
numpy and the standard library.

| name | what it is |
|---|---|
| `DancingNode` | one 1 of the exact-cover matrix, linked `left`, `right`, `up`, `down` to its neighbours and to its `column` |
| `ColumnObject` | a column header: adds `size` (how many 1s are left) and `name`, and the two dance steps `cover()` and `uncover()` |
| `AlgorithmX` | a general exact-cover solver on those links: `choose_column()` (fewest 1s first), `search()` (every cover), `first_solution()`, `count_solutions()` |
| `SudokuEngine` | the sudoku encoding (729 rows, 324 columns for 9x9) and the two-stage solve: singles with bit masks, then dancing links |
| `read_grid` | checks the input and says exactly what is wrong with a malformed one |
| `solve_sudoku`, `count_solutions` | solve or count any N x N sudoku with N = 4, 9, 16, 25, 36 |

`checker.py` holds `is_valid_solution`, a checker written from the rules alone, sharing no
code with the solver; it verifies the answers further down.
""",
    ),
    (
        "code",
        """
from helpers import (
    CONSTRAINT_FAMILIES,
    NO_SOLUTION,
    SUDOKU_CANDIDATES,
    SUDOKU_CONSTRAINTS,
    SUDOKU_SIZE,
    AlgorithmX,
    constraint_columns,
    engine,
    solve_sudoku,
)
from helpers import is_valid_solution
""",
    ),
    (
        "markdown",
        r"""
### Exact cover on Knuth's example

Knuth's paper opens with a 6 x 7 matrix of 0s and 1s, written here as the columns each row
fills (columns A to G are 0 to 6). Exactly one set of rows covers every column once:
rows 0, 3 and 4.
""",
    ),
    (
        "code",
        """
knuth_rows = [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]]
knuth = AlgorithmX(knuth_rows, n_columns=7)
print("a cover:", knuth.first_solution())
print("number of covers:", knuth.count_solutions())
""",
    ),
    (
        "markdown",
        r"""
### The dance: cover and uncover

Covering a column takes it out of the list of columns still to fill and takes every row
that has a 1 in it out of the other columns, so the sizes of those columns drop.
Uncovering puts everything back, in exactly the reverse order, and every size returns to
what it was. Here is column A (0) of Knuth's matrix, which rows 1 and 3 fill:
""",
    ),
    (
        "code",
        """
def sizes(matrix):
    return [column.size for column in matrix.columns]

print("sizes before:        ", sizes(knuth))
knuth.columns[0].cover()
print("after covering A:    ", sizes(knuth))
knuth.columns[0].uncover()
print("after uncovering A:  ", sizes(knuth))
""",
    ),
    (
        "markdown",
        r"""
### Sudoku as exact cover

Each of the $9^3 = 729$ candidates "digit $d$ in cell $(r, c)$" is a row of the matrix, and
it fills four of the $4 \times 81 = 324$ columns, one from each constraint family: the cell
$(r, c)$ is filled; row $r$ has digit $d$; column $c$ has $d$; box $b$ has $d$. A solution
picks 81 rows that fill every column exactly once. Here are the four columns of
"7 in the cell at row 0, column 4" (box 1):
""",
    ),
    (
        "code",
        """
print(f"{SUDOKU_CANDIDATES} rows x {SUDOKU_CONSTRAINTS} columns")
for family, column in zip(CONSTRAINT_FAMILIES, constraint_columns(4, 7, 3)):
    print(f"{family:>13}: column {column}")
""",
    ),
    (
        "markdown",
        r"""
The picture below is the whole 729 x 324 matrix for a hard puzzle of `data/`: the givens
rule out most of it (light), and what is left (dark) is the problem Algorithm X actually
faces. On the right, one step of the search: the column with the fewest 1s is covered,
and with it every row that competes for it.

<img src="images/exact_cover.png" style="width: 100%;"/>
""",
    ),
    (
        "markdown",
        r"""
### Two stages: forced digits, then the dance

Most of a puzzle is forced. The first stage keeps, for each digit, one Python integer whose
bits mark the cells where that digit may still go (a *bit board*). With nine such boards it
places every *naked single* (a blank that only one board still holds) and every *hidden
single* (a unit in which a board holds one cell), rules out *locked candidates* (a digit
confined to one line inside a box can go nowhere else on that line), and stops at the first
contradiction. Only the blanks it cannot fill go to Algorithm X, which relinks its prebuilt
729 x 324 matrix for just the candidates still open (and, should a search run long, starts
it again with the columns in another order). The first stage only places digits that
every solution has, so the answer is the same either way; it is simply much cheaper per
digit than four column covers.

The hard sample puzzles show the split: the first stage finishes some of them on its own,
and leaves the rest, much reduced, to the dance:
""",
    ),
    (
        "code",
        """
hard = np.load("data/hard_puzzle.npy")
hard_solutions = np.load("data/hard_solution.npy")


def left_for_dancing_links(puzzle):
    \"\"\"Blanks the first stage leaves in ``puzzle`` (None: it found a contradiction).\"\"\"
    state = engine(3).place_singles([int(v) for v in puzzle.ravel()])
    return None if state is None else state[0].bit_count()


solvable = [i for i, s in enumerate(hard_solutions) if (s != NO_SOLUTION).all()]
left = [left_for_dancing_links(hard[i]) for i in solvable]
example, example_left = next((i, n) for i, n in zip(solvable, left) if n)
print(f"{'solvable hard puzzles:':<32}{len(solvable)}")
print(f"{'finished by the first stage:':<32}{left.count(0)}")
print(f"{f'hard puzzle {example}, blanks:':<32}{int((hard[example] == 0).sum())}")
print(f"{f'hard puzzle {example}, left to dance:':<32}{example_left}")
""",
    ),
    (
        "markdown",
        r"""
### The solver

`sudoku_solver` is a thin adapter over `helpers.py`: check the input, solve, and turn
"no solution" into the grid of -1 the autograder expects. It never changes its argument and
always returns a new 9 x 9 integer array. Malformed input (not 9 x 9, values outside 0..9,
fractions, NaN, not numbers) raises `ValueError` or `TypeError` with a message naming the
problem.
""",
    ),
]

SOLUTION_CELL = '''
# The cell imports what it uses, so that it also works when run on its own.
import numpy as np
from helpers import NO_SOLUTION, SUDOKU_SIZE, solve_sudoku


def sudoku_solver(sudoku):
    """
    Solves a Sudoku puzzle and returns its unique solution.

    Input
        sudoku : 9x9 numpy array
            Empty cells are designated by 0.

    Output
        9x9 numpy array of integers
            It contains the solution, if there is one. If there is no solution, all array entries should be -1.

    Any integer dtype is accepted, and floats holding whole numbers. A puzzle with
    several solutions gets one of them, the same one every time. The input is never
    modified. Raises ValueError (or TypeError) naming the problem when the input is
    not a 9x9 grid of whole numbers 0..9.
    """
    solution = solve_sudoku(sudoku, size=SUDOKU_SIZE)
    if solution is None:
        return np.full((SUDOKU_SIZE, SUDOKU_SIZE), NO_SOLUTION)
    return solution
'''

AFTER_SOLVER = [
    (
        "markdown",
        r"""
### Trying it

The first very easy puzzle, loaded at the top of the notebook, and its solution:
""",
    ),
    (
        "code",
        """
answer = sudoku_solver(sudoku[0])
print(answer)
print("valid:", is_valid_solution(sudoku[0], answer))
print("same as the stored solution:", np.array_equal(answer, solutions[0]))
""",
    ),
    (
        "markdown",
        r"""
A puzzle with no solution gets a grid of -1. Here two 5s share the top row:
""",
    ),
    (
        "code",
        """
clash = np.zeros((9, 9), dtype=np.int8)
clash[0, 0] = clash[0, 8] = 5
print(sudoku_solver(clash))
""",
    ),
    (
        "markdown",
        r"""
### Every sample puzzle, verified

Each puzzle in `data/` is solved and the answer checked twice: against the stored solution
(as the autograder does) and, for solvable puzzles, by `is_valid_solution`, which knows
nothing of the solver.
""",
    ),
    (
        "code",
        """
for category in ["very_easy", "easy", "medium", "hard"]:
    puzzles = np.load(f"data/{category}_puzzle.npy")
    stored = np.load(f"data/{category}_solution.npy")
    right = unsolvable = 0
    for puzzle, expected in zip(puzzles, stored):
        answer = sudoku_solver(puzzle)
        no_solution = bool((expected == NO_SOLUTION).all())
        unsolvable += no_solution
        right += np.array_equal(answer, expected) and (no_solution or is_valid_solution(puzzle, answer))
    print(f"{category:>9}: {right}/{len(puzzles)} right ({unsolvable} without a solution)")
""",
    ),
    (
        "markdown",
        r"""
### How fast is it?

Each puzzle of `data/` timed the way the autograder times it, with `time.process_time()`
around one call. The numbers change from run to run and from machine to machine (so CI
does not compare them); `readme.md` reports a full benchmark on thousands of puzzles,
against other solvers.
""",
    ),
    (
        "code",
        """
# NBVAL_IGNORE_OUTPUT
import time

print(f"{'category':>9}  {'mean ms':>8}  {'max ms':>7}")
for category in ["very_easy", "easy", "medium", "hard"]:
    times_ms = []
    for puzzle in np.load(f"data/{category}_puzzle.npy"):
        start = time.process_time()
        sudoku_solver(puzzle)
        times_ms.append(1000 * (time.process_time() - start))
    print(f"{category:>9}  {sum(times_ms) / len(times_ms):8.3f}  {max(times_ms):7.3f}")
""",
    ),
    (
        "markdown",
        r"""
### Where to read more

`readme.md` is the written part of this submission: why sudoku is an exact cover problem,
why uncovering in reverse order restores the matrix exactly, what each addition to plain
dancing links buys (measured by switching it off), the results on the assignment's puzzles
and on large public collections against other solvers, how correctness is tested, and the
roads not taken.
""",
    ),
]
