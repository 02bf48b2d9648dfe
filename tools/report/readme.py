"""Fill the report's tables, and every number its prose quotes, from the notebook's run.

The notebook prints each table the report argues from as markdown under a
title (``helpers``' constants); ``tools.handin.notebook`` reads them back.
Every number is found by exact keys, never by position or by a label's start:

- a readme table sits under its caption ("Table N. ..."); ``TABLES`` gives the
  printed tables it draws on and its columns.  Its rows are the readme's
  choice: their label cells (``LABELS``) are the keys of printed rows, a set's
  count of puzzles aside; a caption ending "run on Python ..." gets the
  notebook's line about its machine;
- each number the prose quotes is a slot of a ``Quote``, filled from a ``Cell``
  (a table, a row's labels, a column) or computed from the tables, and checked
  against the ``premise`` its words rest on.

A missing or ambiguous key, a quote found in no place or two, and a premise
the run does not bear out are errors.  Column names are the notebook's header
text, typed again here on purpose: its print cells show them as a reader reads
them, and a name that drifts on either side is a missing key, so an error.  ``--check`` only compares, exiting 1.

Usage: ``python -m tools.report.readme [--check]``
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import helpers
from helpers import (
    ABLATION_NODES,
    ABLATION_TIMES,
    BOUND_SIGN,
    BUDGET,
    CHECKED,
    COPIES_COMPARED,
    COPY_TAILS,
    EASIER,
    FIXED_RATE,
    GENERATED_HARD,
    HARDEST_SAMPLE,
    KNUTH_CHECKED,
    LEAVE_ONE_OUT,
    LONGER_BUDGET,
    MAC,
    ORDERS,
    OTHER_ORDERS,
    PLAIN_ORDER,
    SINGLES,
    SOLVER_ANSWERS,
    SOLVER_ORDER,
    SOLVER_TIMES,
    TEXTBOOK,
    TEXTBOOK_ANSWERS,
    TEXTBOOK_TIMES,
    THE_SOLVER,
    TIMES_COMPARED,
    TOP1465_SAMPLE,
    TUNED_ORDER,
    UNSOLVABLE,
    WITHOUT_MRV,
    markdown_table,
)
from tools.handin.notebook import Table, printed_number, printed_tables, stdout_lines
from tools.paths import CATEGORIES, NOTEBOOK, ROOT

README = ROOT / "readme.md"
LABELS = ("set", "method", "variant", "copies' seed", "order", "against")  #: the columns whose cells name a row
COUNT = re.compile(r" \(\d+\)$")  #: a set's count of puzzles after its name: "hard (15)"
HARD = CATEGORIES[-1]  #: the assignment's hard category: the tables name it as its files do
#: the sets that need a search, as the tables name them
HARD_SETS = (HARD, GENERATED_HARD, TOP1465_SAMPLE, HARDEST_SAMPLE)
SET_COLUMNS = (EASIER, *HARD_SETS)  #: the columns of the ablation's tables
TIMES = ("mean ms", "rounds' range")  #: a time as the median of the rounds' means, and their range
#: the readme's tables by the number of their caption: the printed tables each draws on, and its columns
TABLES: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {
    1: (
        (SOLVER_ANSWERS, SOLVER_TIMES),
        ("right", "no solution, answered -1", "nodes: mean", "nodes: max", *TIMES, "p95 ms", "slowest ms"),
    ),
    2: ((COPY_TAILS,), ("copies of each", "nodes: mean", "nodes: p95", "nodes: max", "p95 ms", "slowest ms")),
    3: ((ABLATION_NODES,), SET_COLUMNS),
    4: ((LEAVE_ONE_OUT,), SET_COLUMNS),
    5: ((ABLATION_TIMES,), SET_COLUMNS),
    6: ((ORDERS,), HARD_SETS),
    7: (
        (TEXTBOOK_ANSWERS, TEXTBOOK_TIMES),
        ("right", "nodes: mean", "wrong choices: mean", "nodes: max", *TIMES, "ms before the search", "µs a node"),
    ),
    8: ((COPIES_COMPARED,), ("right", "wrong choices: mean", "the solver's less these", "nodes: max", "slowest ms")),
    9: ((UNSOLVABLE,), ("answered no solution", "over budget", "nodes: mean", "nodes: p95")),
    10: (
        (WITHOUT_MRV,),
        ("right", "nodes: median", "nodes: max", "over ten times the budget", "of those, no solution"),
    ),
}
VERIFIED_FOLDERS = ("data", "data/generated")  #: the assignment's categories, and the project's own
MACHINE = re.compile(r"Run on (?P<setup>Python .+)")  #: the line the notebook prints about its machine
MACHINE_TABLE = "Where the notebook ran"  #: its Python, as a table of one cell for the quotes
CAPTION_SETUP = re.compile(r"run on Python [\s\S]*$")  #: where a caption names the machine: at its end
#: a caption paragraph "Table N. ...", a blank line, then the table under it
CAPTIONED = re.compile(r"^(?P<caption>Table (?P<number>\d+)\. (?:.+\n)+?)\n(?P<table>(?:\|.*\n)+)", re.MULTILINE)
NUMBER = r"[≥+\-]?\d+(?:[.,]\d+)*%?"  #: how a quoted number is written
#: where the prose may write a number itself: headings, citations, names, the machine, the matrix's 1s
CITED = re.compile(
    r"(?:Tables?|Figures?|Section|[Ss]tage|seeds?)\s+\d+(?:\s+to\s+\d+)?|\[[\d, ]+\]|\d+\s+x\s+\d+|AC-3|0/1"
    r"|p95|5th|\{1, \.\.\., 9\}|\b(?:a|one|every|fewest)\s+1s?\b|top1465|run on Python.*?\.(?= |$)"
)
#: the phrases in which the prose may write a number itself: facts of the brief, of sudoku and of the sets
FACTS = {
    "all -1": "the brief: every cell -1 where there is no solution",
    '"under 20 seconds"': "the brief: each puzzle under 20 seconds",
    "autograder's 30 seconds": "nbgrader's default limit of a cell",
    f"{helpers.SUDOKU_CELLS} *variables*": "the cells",
    f"{3 * helpers.SUDOKU_SIZE} all-different": "the units",
    f"{helpers.SUDOKU_CELLS * 20 // 2} binary": "the binary inequalities: 20 peers a cell, each pair once",
    f"({helpers.SUDOKU_CANDIDATES} of them)": "the candidates, the matrix's rows",
    f"({helpers.SUDOKU_CONSTRAINTS}, in four families of {helpers.SUDOKU_CELLS})": "the matrix's columns",
    f"{4 * helpers.SUDOKU_CANDIDATES:,} nodes": "the matrix's nodes, four a row",
    "64 candidates by 64 constraints": "a 4 x 4 sudoku as exact cover (Figure 1)",
    "budget of 0": "the budget that times a textbook search's set-up",
    "17 givens": "the fewest givens a sudoku with one solution can have",
    "17-given": "Royle's list of such puzzles",
    "1,465 hard": "top1465's puzzles",
    "1,000 rows": "the hardest sample's rule (data/README.md)",
    "95%": "the intervals' confidence",
    "95th": "the whiskers of Figure 2",
}

Tables = dict[str, Table]


def key(label: str) -> str:
    """A row's or a column's key: its label without a set's count of puzzles."""
    return COUNT.sub("", label)


def label_columns(header: Sequence[str]) -> list[int]:
    """Where a table's label columns are, in the order of ``LABELS``, whatever the table's order."""
    return [list(header).index(name) for name in LABELS if name in header]


def find_row(table: Table, keys: tuple[str, ...]) -> list[str]:
    """The one row of ``table`` whose label cells are ``keys``; LookupError for none or several."""
    labels = label_columns(table.header)
    found = [row for row in table.rows if tuple(key(row[j]) for j in labels) == keys]
    if len(found) != 1:
        raise LookupError(f"{len(found)} rows labelled {keys} in the table {table.header}")
    return found[0]


def find_column(table: Table, column: str) -> int:
    """The position of the one column of ``table`` whose key is ``column``."""
    found = [j for j, name in enumerate(table.header) if key(name) == column]
    if len(found) != 1:
        raise LookupError(f"{len(found)} columns called {column!r} in the table {table.header}")
    return found[0]


@dataclass(frozen=True)
class Cell:
    """A cell of a printed table, by its table's title, its row's labels and its column."""

    title: str
    row: tuple[str, ...]
    column: str

    def read(self, tables: Tables) -> str:
        if self.title not in tables:
            raise LookupError(f"the notebook prints no table {self.title!r}")
        table = tables[self.title]
        return find_row(table, self.row)[find_column(table, self.column)]


def filled_table(keys: list[tuple[str, ...]], titles: tuple[str, ...], columns: tuple[str, ...], tables: Tables) -> str:
    """A readme table of the rows ``keys`` and the ``columns``, from the printed tables ``titles``."""
    sources = [tables[title] for title in titles]
    first = sources[0]
    labels = [first.header[j] for j in label_columns(first.header)]

    def source_of(column: str) -> Table:
        having = [table for table in sources if any(key(name) == column for name in table.header)]
        if len(having) != 1:
            raise LookupError(f"{len(having)} of the tables {titles} have a column {column!r}")
        return having[0]

    header = labels + [source_of(c).header[find_column(source_of(c), c)] for c in columns]
    rows = []
    for row_key in keys:
        named = find_row(first, row_key)
        label_cells = [named[first.header.index(label)] for label in labels]
        rows.append(label_cells + [find_row(source_of(c), row_key)[find_column(source_of(c), c)] for c in columns])
    return markdown_table(header, rows)


def table_keys(text: str) -> list[tuple[str, ...]]:
    """The label cells of each row of a readme table, as keys."""
    lines = text.strip().splitlines()
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    labels = label_columns(header)
    return [tuple(key(line.strip("|").split("|")[j].strip()) for j in labels) for line in lines[2:]]


# ---------------------------------------------------------------------------
# Numbers the prose quotes
# ---------------------------------------------------------------------------


def fraction(cell: str) -> tuple[int, int]:
    """``(right, of)`` from a cell like ``15/15``."""
    right, of = cell.split("/")
    return int(right), int(of)


def column_values(tables: Tables, title: str, column: str) -> list[str]:
    """Every cell of a column of a printed table."""
    table = tables[title]
    j = find_column(table, column)
    return [row[j] for row in table.rows]


def totals(tables: Tables) -> dict[str, str]:
    """The solver's answers over every set: puzzles, right, and those without a solution."""
    right = [fraction(cell) for cell in column_values(tables, SOLVER_ANSWERS, "right")]
    unsolvable = [fraction(cell) for cell in column_values(tables, SOLVER_ANSWERS, "no solution, answered -1")]
    if any(r != of for r, of in unsolvable):  # the prose says "including all"
        raise ValueError("the solver did not answer -1 to every puzzle without a solution")
    return {
        "puzzles": f"{sum(of for _, of in right):,}",
        "right": f"{sum(r for r, _ in right):,}",
        "unsolvable": f"{sum(of for _, of in unsolvable):,}",
    }


def verified(tables: Tables) -> dict[str, str]:
    """How many category puzzles the notebook checked, when it found every one right."""
    right, of = (list(map(int, column_values(tables, CHECKED, column))) for column in ("right", "of"))
    if len(of) != len(VERIFIED_FOLDERS) * len(CATEGORIES) or sum(right) != sum(of):
        raise ValueError(f"the notebook checked {len(of)} categories and found {sum(right)} of {sum(of)} puzzles right")
    folders = column_values(tables, CHECKED, "folder")
    each = [str(sum(n for name, n in zip(folders, of) if name == folder)) for folder in VERIFIED_FOLDERS]
    return {"verified": str(sum(of)), "assignment": each[0], "mine": each[1]}


def largest(tables: Tables, title: str, column: str) -> str:
    """The largest number of a column of a printed table, as printed."""
    return max(column_values(tables, title, column), key=lambda cell: printed_number(cell)[0])


Value = Callable[[Tables], str]
Premise = Callable[[Tables], dict[str, str]]


def number(cell: Cell, tables: Tables) -> float:
    """A cell's number, its sign, separators and any range after it aside."""
    return printed_number(cell.read(tables).split()[0])[0]


def leading(cell: Cell) -> Value:
    """The number a cell prints before its range or interval: ``median (low to high)``."""
    return lambda tables: cell.read(tables).split()[0]


def interval(cell: Cell, tables: Tables) -> tuple[float, float]:
    """The ends of the range or interval printed after a cell's number: ``mean (low to high)``."""
    low, high = cell.read(tables).split("(")[1].rstrip(")").split(" to ")
    return printed_number(low)[0], printed_number(high)[0]


def holds(says: str, test: Callable[[Tables], bool]) -> Premise:
    """A premise the prose rests on: ``test`` of the tables must be true."""

    def check(tables: Tables) -> dict[str, str]:
        if not test(tables):
            raise ValueError(f"the run does not bear out that {says}")
        return {}

    return check


def every(*premises: Premise) -> Premise:
    """Several premises as one."""
    return lambda tables: {k: v for premise in premises for k, v in premise(tables).items()}


def ratio_within(title: str, before: str, after: str, low: float, high: float) -> Premise:
    """On every hard set, ``after``'s number in the table ``title`` over ``before``'s lies in (low, high]."""

    def test(tables: Tables) -> bool:
        cells = [(Cell(title, (after,), n), Cell(title, (before,), n)) for n in HARD_SETS]
        return all(low < number(a, tables) / number(b, tables) <= high for a, b in cells)

    return holds(f"{after} over {before} lies in ({low}, {high}] on every hard set", test)


def largest_gain(variant: str, column: str) -> Premise:
    """``variant`` cuts the mean time on ``column`` by more than any other variant does."""

    def largest(tables: Tables) -> bool:
        variants = [helpers.ALGORITHM_X, *helpers.ADDED]
        means = [number(Cell(ABLATION_TIMES, (v,), column), tables) for v in variants]
        gains = [before - after for before, after in zip(means, means[1:])]
        return variants[1 + gains.index(max(gains))] == variant

    return holds(f"{variant} gains most on {column}", largest)


def all_right(tables: Tables) -> dict[str, str]:
    """The solver answered every puzzle of every set right."""
    found = totals(tables)
    return holds("every answer was right", lambda t: found["right"] == found["puzzles"])(tables)


def knuth_check(tables: Tables) -> dict[str, str]:
    """The notebook's comparison with Algorithm X on sets, when every matrix agreed."""
    [matrices], [same] = (
        column_values(tables, KNUTH_CHECKED, c) for c in ("matrices", "the same columns and solution")
    )
    holds("the search agreed with Algorithm X on sets on every matrix", lambda t: same == matrices)(tables)
    return {"matrices": matrices}


def number_of(text: str) -> float:
    return printed_number(text)[0]


def slowest_copy(tables: Tables) -> str:
    """The solver's slowest time on any copy of any puzzle, as printed."""
    return largest(tables, COPY_TAILS, "slowest ms")


#: the solver's slowest copy took less than this: "more than two orders of magnitude" inside 20 s
TWO_ORDERS_MS = 200
far_inside = holds("the slowest copy took under 200 ms", lambda t: number_of(slowest_copy(t)) < TWO_ORDERS_MS)


def set_size(name: str) -> Value:
    """How many puzzles the set ``name`` holds, from its label in the solver's table."""

    def size(tables: Tables) -> str:
        [label] = [label for label in column_values(tables, SOLVER_ANSWERS, "set") if key(label) == name]
        return label[len(name) :].strip(" ()")

    return size


def order_seeds(tables: Tables) -> int:
    """How many seeds of copies the tie orders were judged on."""
    return len(set(column_values(tables, ORDERS, "copies' seed")))


def change(seed: str, order: str, against: str, name: str) -> Cell:
    """One order's change in rows against another on the set ``name``."""
    return Cell(ORDERS, (seed, order, against), name)


def sign(cell: Cell, tables: Tables) -> int:
    """-1 when the interval of ``cell`` lies below 0, +1 above, 0 when it holds 0
    (ValueError when its mean is not inside it: a misprint)."""
    low, high = interval(cell, tables)
    if not low <= number(cell, tables) <= high:
        raise ValueError(f"{cell} is not inside its interval")
    return -1 if high < 0 else 1 if low > 0 else 0


def signs(order: str, against: str, expected: dict[str, tuple[int, ...]]) -> Premise:
    """On each set, the sign of ``order`` less ``against`` is, seed by seed, as ``expected``."""

    def test(tables: Tables) -> bool:
        return all(
            tuple(sign(change(str(k + 1), order, against, name), tables) for k in range(len(seeds))) == seeds
            for name, seeds in expected.items()
        )

    return holds(f"{order} against {against} has the signs {expected}", test)


def never_fewer(order: str, against: str) -> Premise:
    """``order`` tries fewer rows than ``against`` on no set with any seed."""
    return holds(
        f"{order} never tries fewer rows than {against}",
        lambda t: all(
            sign(change(str(seed + 1), order, against, name), t) >= 0
            for seed in range(order_seeds(t))
            for name in HARD_SETS
        ),
    )


def as_many(tables: Tables) -> bool:
    """The other random orders' mean change lies in the interval of the solver's, and the other way round."""
    pairs = [(change("1", OTHER_ORDERS, PLAIN_ORDER, n), change("1", SOLVER_ORDER, PLAIN_ORDER, n)) for n in HARD_SETS]
    inside = [(interval(a, tables), number(b, tables)) for a, b in pairs] + [
        (interval(b, tables), number(a, tables)) for a, b in pairs
    ]
    return all(low <= mean <= high for (low, high), mean in inside)


def mean_ms(name: str, method: str, tables: Tables) -> float:
    """``method``'s mean time on the set ``name`` in the textbook searches' race."""
    return number(Cell(TEXTBOOK_TIMES, (name, method), "mean ms"), tables)


def time_ratios(method: str) -> Callable[[Tables], list[float]]:
    """``method``'s mean time over the solver's, per hard set."""
    return lambda t: [mean_ms(n, method, t) / mean_ms(n, THE_SOLVER, t) for n in HARD_SETS]


AFTER_RATIOS = time_ratios(helpers.AFTER_STAGE_1)
WRONG = "wrong choices: mean"  #: the column of a method's mean wrong choices
LESS = "the solver's less these"  #: the column of Table 8 that compares wrong choices, and of the paired times
PAIRED_MS = Cell(TIMES_COMPARED, (HARDEST_SAMPLE, helpers.AFTER_STAGE_1), LESS)  #: the solver's less it, per puzzle


def solver_signs(title: str, method: str, expected: tuple[int, ...]) -> Premise:
    """In the table ``title``, the sign of the solver's number less ``method``'s, set by set, is ``expected``."""
    return holds(
        f"{title}: the solver's less {method}'s have the signs {expected}",
        lambda t: tuple(sign(Cell(title, (n, method), LESS), t) for n in HARD_SETS) == expected,
    )


#: after stage 1 the textbook search takes the solver's time on the hardest sample, and longer on the others
after_times = every(
    solver_signs(TIMES_COMPARED, helpers.AFTER_STAGE_1, (-1, -1, -1, 0)),
    holds(
        "the search after stage 1 takes over 1.15 times the solver's time on the others",
        lambda t: min(AFTER_RATIOS(t)[:-1]) > 1.15,
    ),
)
ratio = {
    "low": lambda t: helpers.significant(min(AFTER_RATIOS(t)[:-1])),
    "high": lambda t: helpers.significant(max(AFTER_RATIOS(t)[:-1])),
}


def same_choices(tables: Tables) -> bool:
    """Forward checking and MAC make the same mean wrong choices on the assignment's hard and the generated puzzles."""
    return all(
        Cell(TEXTBOOK_ANSWERS, (n, TEXTBOOK), WRONG).read(tables)
        == Cell(TEXTBOOK_ANSWERS, (n, MAC), WRONG).read(tables)
        for n in (HARD, GENERATED_HARD)
    )


def zero(says: str, *cells: Cell) -> Premise:
    """A premise that each of ``cells`` prints 0."""
    return holds(says, lambda t: all(cell.read(t) == "0" for cell in cells))


def never_over_budget(method: str) -> Premise:
    """``method`` never stopped at its budget on a set that needs a search."""
    return zero(f"{method} never stopped", *(Cell(TEXTBOOK_ANSWERS, (n, method), "over budget") for n in HARD_SETS))


@dataclass(frozen=True)
class Quote:
    """A phrase of the readme holding numbers: ``phrase`` with ``{slot}``s, each
    filled by ``cells`` (a ``Cell`` or a function of the tables), and
    ``premise``, a check of the tables that the phrase's words rest on."""

    phrase: str
    cells: dict[str, Cell | Value] = field(default_factory=dict)
    premise: Callable[[Tables], dict[str, str]] = lambda tables: {}

    def values(self, tables: Tables) -> dict[str, str]:
        found = self.premise(tables)
        for slot, source in self.cells.items():
            found[slot] = source.read(tables) if isinstance(source, Cell) else source(tables)
        return found

    def pattern(self) -> re.Pattern[str]:
        """The phrase as a pattern: any run of spaces may be a line break, a slot any number
        (the slot ``sign`` any one character: where the lower-bound sign goes)."""
        parts = re.split(r"\{(\w+)\}", self.phrase)
        pattern = ""
        for k, part in enumerate(parts):
            slot = r"\S" if part == "sign" else NUMBER
            pattern += f"(?P<{part}>{slot})" if k % 2 else r"\s+".join(map(re.escape, part.split(" ")))
        return re.compile(pattern)


def budget(times: int = 1) -> Value:
    return lambda tables: f"{times * BUDGET:,}"


def of(cell: Cell) -> Value:
    """The whole of a ``right/of`` cell."""
    return lambda tables: str(fraction(cell.read(tables))[1])


TOTALS = "On the {puzzles} puzzles the notebook races, the solver answered {right} right, including all {unsolvable}"
HARDEST_OVER = Cell(TEXTBOOK_ANSWERS, (HARDEST_SAMPLE, TEXTBOOK), "over budget")
HARDEST_OF = of(Cell(TEXTBOOK_ANSWERS, (HARDEST_SAMPLE, TEXTBOOK), "right"))

REUSE, NO_RESTORE, NAKED, HIDDEN, LOCKED = helpers.ADDED
COPIES_EACH = Cell(COPY_TAILS, (HARD,), "copies of each")
SHARED_ROW = ", ".join((helpers.ALGORITHM_X, REUSE, NO_RESTORE))  #: the ablation's first row: they try the same rows
RANDOM_SIGNS = signs(
    SOLVER_ORDER,
    PLAIN_ORDER,
    {GENERATED_HARD: (-1, -1), TOP1465_SAMPLE: (-1, -1), HARDEST_SAMPLE: (-1, 0), HARD: (0, 0)},
)
SOLVER_NODE_US = Cell(TEXTBOOK_TIMES, (HARDEST_SAMPLE, THE_SOLVER), "µs a node")
AFTER_NODE_US = Cell(TEXTBOOK_TIMES, (HARDEST_SAMPLE, helpers.AFTER_STAGE_1), "µs a node")


def cheaper_rows(tables: Tables) -> bool:
    """A row of the solver costs less than a node of the textbook search after stage 1."""
    return number(SOLVER_NODE_US, tables) < number(AFTER_NODE_US, tables)


QUOTES = (
    Quote(
        "forward checking alone exceeded its budget on {over} of them",
        {"over": Cell(UNSOLVABLE, (TEXTBOOK,), "over budget")},
    ),
    Quote(TOTALS + " that", premise=totals),
    Quote(
        "it matched the stored answers of all {verified} puzzles in the four categories, the assignment's "
        "{assignment} and {mine} I generated alike",
        premise=verified,
    ),
    Quote(
        "is printed by the notebook's run, on Python {python}.",
        {"python": lambda t: Cell(MACHINE_TABLE, (), "python").read(t)},
    ),
    Quote(
        "Its mean time on the assignment's hard puzzles was {hard} ms. On {copies} symmetric copies of every puzzle, "
        "its slowest, in the hardest sample, took {slowest} ms",
        {"hard": Cell(SOLVER_TIMES, (HARD,), "mean ms"), "copies": COPIES_EACH, "slowest": slowest_copy},
        holds(
            "the hardest sample holds the slowest copy",
            lambda t: Cell(COPY_TAILS, (HARDEST_SAMPLE,), "slowest ms").read(t) == slowest_copy(t),
        ),
    ),
    Quote(
        "exceeded its budget of {budget} assignments on {over} of the {of} hardest puzzles. With arc consistency and "
        "hidden singles at every node it solved every puzzle. Started after my stage 1, that search made significantly "
        "fewer wrong choices than the solver on one hard set only, and took {low} to {high} times its time on the others, "
        "no significantly different time on the hardest",
        {"budget": budget(), "over": HARDEST_OVER, "of": HARDEST_OF, **ratio},
        every(
            never_over_budget(SINGLES), solver_signs(COPIES_COMPARED, helpers.AFTER_STAGE_1, (0, 0, 1, 0)), after_times
        ),
    ),
    Quote(
        "Locked candidates cut the rows tried on the hardest puzzles from {before} to {after}. A random tie order tried "
        "significantly fewer rows than the plain order on two of four sets with both seeds of copies; an order tuned on "
        "public puzzles never tried significantly fewer than it",
        {
            "before": Cell(ABLATION_NODES, (HIDDEN,), HARDEST_SAMPLE),
            "after": Cell(ABLATION_NODES, (LOCKED,), HARDEST_SAMPLE),
        },
        every(RANDOM_SIGNS, never_fewer(TUNED_ORDER, SOLVER_ORDER)),
    ),
    Quote("on {matrices} random matrices the notebook checks", premise=knuth_check),
    Quote("with a *budget* of {budget} assignments to keep", {"budget": budget()}),
    Quote("their figures are lower bounds, marked {sign}.", {"sign": lambda tables: BOUND_SIGN}),
    Quote(
        "Besides the assignment's {assignment} (five each of easy, medium and hard without a solution): {generated} "
        "*generated hard* puzzles",
        {
            "assignment": lambda t: str(sum(int(set_size(c.replace("_", " "))(t)) for c in CATEGORIES)),
            "generated": set_size(GENERATED_HARD),
        },
    ),
    Quote("the *top1465 sample*, {top} of Magictour's", {"top": set_size(TOP1465_SAMPLE)}),
    Quote("the *hardest sample*, {hardest} puzzles of top1465", {"hardest": set_size(HARDEST_SAMPLE)}),
    Quote(
        "Every answer was right, and stage 1 alone settles the easier categories",
        premise=every(
            all_right,
            zero(
                "the easier need no search",
                *(Cell(SOLVER_ANSWERS, (c.replace("_", " "),), "nodes: max") for c in CATEGORIES[:3]),
            ),
        ),
    ),
    Quote("so Table 2 runs {copies} symmetric copies of each", {"copies": COPIES_EACH}),
    Quote("The solver on {copies} symmetric copies of each puzzle, one run each", {"copies": COPIES_EACH}),
    Quote(
        "Its slowest copy took {slowest} ms, more than two orders of magnitude inside the limit",
        {"slowest": slowest_copy},
        far_inside,
    ),
    Quote(
        "on the assignment's very easy to medium puzzles from {before} to {after} ms, the largest gain there at its "
        "place in the ablation, before stage 1 spares them the matrix",
        {
            "before": leading(Cell(ABLATION_TIMES, (helpers.ALGORITHM_X,), EASIER)),
            "after": leading(Cell(ABLATION_TIMES, (REUSE,), EASIER)),
        },
        largest_gain(REUSE, EASIER),
    ),
    Quote(
        "saves the uncovering after the solution, a small gain ({before} to {after} ms on the hard puzzles)",
        {
            "before": leading(Cell(ABLATION_TIMES, (REUSE,), HARD)),
            "after": leading(Cell(ABLATION_TIMES, (NO_RESTORE,), HARD)),
        },
        ratio_within(ABLATION_TIMES, REUSE, NO_RESTORE, 0.8, 1),
    ),
    Quote(
        "barely change the rows on the hard sets ({before} to {after} on the assignment's hard puzzles)",
        {"before": Cell(ABLATION_NODES, (SHARED_ROW,), HARD), "after": Cell(ABLATION_NODES, (NAKED,), HARD)},
        ratio_within(ABLATION_NODES, SHARED_ROW, NAKED, 0.98, 1.02),
    ),
    Quote("There the time changes by less than 10%", premise=ratio_within(ABLATION_TIMES, NO_RESTORE, NAKED, 0.9, 1.1)),
    Quote(
        "cut the rows on the hard puzzles from {before} to {after}; without them the solver rises from {solver} to "
        "{without} on the hardest sample",
        {
            "before": Cell(ABLATION_NODES, (NAKED,), HARD),
            "after": Cell(ABLATION_NODES, (HIDDEN,), HARD),
            "solver": Cell(ABLATION_NODES, (LOCKED,), HARDEST_SAMPLE),
            "without": Cell(LEAVE_ONE_OUT, ("- hidden singles",), HARDEST_SAMPLE),
        },
    ),
    Quote(
        "cut the rows tried on the hardest sample from {before} to {after} and its mean time from {slow} to {fast} ms",
        {
            "before": Cell(ABLATION_NODES, (HIDDEN,), HARDEST_SAMPLE),
            "after": Cell(ABLATION_NODES, (LOCKED,), HARDEST_SAMPLE),
            "slow": leading(Cell(ABLATION_TIMES, (HIDDEN,), HARDEST_SAMPLE)),
            "fast": leading(Cell(ABLATION_TIMES, (LOCKED,), HARDEST_SAMPLE)),
        },
    ),
    Quote(
        "Table 6 judges three tie orders on the same {copies} random copies of each puzzle",
        {"copies": Cell(ORDERS, ("1", TUNED_ORDER, PLAIN_ORDER), "copies of each")},
    ),
    Quote(
        "The random order tries significantly fewer rows than the plain one on the generated hard puzzles and the "
        "top1465 sample with both seeds of copies ({g1} and {t1} rows a puzzle with the first, {g2} and {t2} with the "
        "second), on the hardest sample with the first only, and on the assignment's hard puzzles with neither",
        {
            f"{letter}{seed}": leading(change(str(seed), SOLVER_ORDER, PLAIN_ORDER, name))
            for letter, name in (("g", GENERATED_HARD), ("t", TOP1465_SAMPLE))
            for seed in (1, 2)
        },
        RANDOM_SIGNS,
    ),
    Quote(
        "The other random orders save as many, so seed 0 is no lucky draw", premise=holds("they save as many", as_many)
    ),
    Quote(
        "The tuned order never tries significantly fewer rows than the random one, and significantly more on the "
        "generated puzzles with both seeds and on the top1465 sample with the first, so the solver keeps the random order",
        premise=every(
            never_fewer(TUNED_ORDER, SOLVER_ORDER),
            signs(TUNED_ORDER, SOLVER_ORDER, {GENERATED_HARD: (1, 1), TOP1465_SAMPLE: (1, 0)}),
        ),
    ),
    Quote(
        "MAC alone still exceeded the budget on {over} of the hardest puzzles, but with hidden singles too the textbook "
        "search solved every puzzle",
        {"over": Cell(TEXTBOOK_ANSWERS, (HARDEST_SAMPLE, MAC), "over budget")},
        never_over_budget(SINGLES),
    ),
    Quote(
        "The solver made significantly fewer than MAC with hidden singles on the top1465 and hardest samples ({top} and "
        "{hardest} a puzzle), and significantly more than the same search after stage 1 on the top1465 sample "
        "({after}); no other difference was significant",
        {
            "top": leading(Cell(COPIES_COMPARED, (TOP1465_SAMPLE, SINGLES), LESS)),
            "hardest": leading(Cell(COPIES_COMPARED, (HARDEST_SAMPLE, SINGLES), LESS)),
            "after": leading(Cell(COPIES_COMPARED, (TOP1465_SAMPLE, helpers.AFTER_STAGE_1), LESS)),
        },
        every(
            solver_signs(COPIES_COMPARED, SINGLES, (0, 0, -1, -1)),
            solver_signs(COPIES_COMPARED, helpers.AFTER_STAGE_1, (0, 0, 1, 0)),
        ),
    ),
    Quote(
        "A row of the solver costs less than a node of the search after stage 1 ({solver_node} against {after_node} µs "
        "on the hardest sample, stage 1 included; not the same unit), and there the two take no significantly "
        "different time ({solver_ms} and {after_ms} ms; paired difference {paired} ms, 95% interval {low_ms} to "
        "{high_ms})",
        {
            "solver_node": SOLVER_NODE_US,
            "after_node": AFTER_NODE_US,
            "solver_ms": Cell(TEXTBOOK_TIMES, (HARDEST_SAMPLE, THE_SOLVER), "mean ms"),
            "after_ms": Cell(TEXTBOOK_TIMES, (HARDEST_SAMPLE, helpers.AFTER_STAGE_1), "mean ms"),
            "paired": leading(PAIRED_MS),
            "low_ms": lambda t: PAIRED_MS.read(t).split("(")[1].split(" to ")[0],
            "high_ms": lambda t: PAIRED_MS.read(t).split(" to ")[1].rstrip(")"),
        },
        every(after_times, holds("a row of the solver costs less than a node after stage 1", cheaper_rows)),
    ),
    Quote(
        "Forward checking and MAC make the same wrong choices on the assignment's hard and the generated puzzles "
        "({hard} and {generated} a puzzle)",
        {
            "hard": Cell(TEXTBOOK_ANSWERS, (HARD, TEXTBOOK), WRONG),
            "generated": Cell(TEXTBOOK_ANSWERS, (GENERATED_HARD, TEXTBOOK), WRONG),
        },
        holds("forward checking and MAC make the same wrong choices there", same_choices),
    ),
    Quote(
        "The solver against the two strongest textbook searches on {copies} symmetric copies of each",
        {"copies": Cell(COPIES_COMPARED, (HARD, THE_SOLVER), "copies of each")},
    ),
    Quote(
        "with at most {most} assignments",
        {"most": Cell(TEXTBOOK_ANSWERS, (HARD, TEXTBOOK), "nodes: max")},
        zero("the textbook search solved every hard puzzle", Cell(TEXTBOOK_ANSWERS, (HARD, TEXTBOOK), "over budget")),
    ),
    Quote(
        "Without MRV, {over} of the {of} hard puzzles need more than {longer} assignments, up to {most}, and {none} of "
        "those {again} have no solution; at {rate} assignments a second mine took {slowest} ms on the slowest",
        {
            "over": Cell(WITHOUT_MRV, (HARD,), "over ten times the budget"),
            "of": of(Cell(WITHOUT_MRV, (HARD,), "right")),
            "longer": budget(10),
            "most": Cell(WITHOUT_MRV, (HARD,), "nodes: max"),
            "none": Cell(WITHOUT_MRV, (HARD,), "of those, no solution"),
            "again": Cell(WITHOUT_MRV, (HARD,), "over ten times the budget"),
            "rate": Cell(FIXED_RATE, (HARD,), "assignments a second"),
            "slowest": Cell(FIXED_RATE, (HARD,), "slowest ms"),
        },
    ),
    Quote(
        "it exceeded the {budget} assignments it was allowed on {over} of the {of} puzzles of the hardest sample, and "
        "given ten times the budget, it solved all {solved} of them with up to {most} assignments",
        {
            "budget": budget(),
            "over": HARDEST_OVER,
            "of": HARDEST_OF,
            "solved": Cell(LONGER_BUDGET, (HARDEST_SAMPLE,), "solved"),
            "most": Cell(LONGER_BUDGET, (HARDEST_SAMPLE,), "nodes: max of those solved"),
        },
        holds(
            "the longer budget solved every puzzle that stopped",
            lambda t: Cell(LONGER_BUDGET, (HARDEST_SAMPLE,), "solved").read(t) == HARDEST_OVER.read(t),
        ),
    ),
    Quote(
        "With hidden singles at every node, the textbook search has no such tail and would pass this assignment; after "
        "my stage 1 its wrong choices differ significantly from the solver's on one set only, where they are fewer. So "
        "exact cover, as I implemented it, buys speed over the textbook searches, except after my stage 1 on the "
        "hardest sample",
        premise=every(
            never_over_budget(SINGLES),
            after_times,
            holds(
                "the solver is faster than each textbook search without stage 1 on every hard set",
                lambda t: min(r for m in (TEXTBOOK, MAC, SINGLES) for r in time_ratios(m)(t)) > 1,
            ),
            solver_signs(COPIES_COMPARED, helpers.AFTER_STAGE_1, (0, 0, 1, 0)),
            holds(
                "the strongest textbook search's slowest copy was far inside the limit",
                lambda t: (
                    number(Cell(COPIES_COMPARED, (HARDEST_SAMPLE, SINGLES), "slowest ms"), t) < TWO_ORDERS_MS * 10
                ),
            ),
        ),
    ),
)


# ---------------------------------------------------------------------------
# Filling and checking
# ---------------------------------------------------------------------------


def machine(path: Path = NOTEBOOK) -> str:
    """What the notebook's run says of its machine: Python, numpy, system, processor."""
    for line in stdout_lines(path):
        found = MACHINE.match(line)
        if found:
            return found["setup"]
    raise ValueError(f"{path} prints no line saying where it ran")


def fill(text: str, tables: Tables, setup: str) -> tuple[str, list[str]]:
    """``text`` with its tables, its captions' machine and its quoted numbers as
    the notebook's run has them; and the problems: a table or a key the run
    lacks, a quote the readme lacks or holds twice, a premise that fails."""
    problems = []
    python = ".".join(setup.split()[1].split(".")[:2])  # "Python 3.8.18 with ..." -> "3.8"
    tables = {**tables, MACHINE_TABLE: Table(["python"], [[python]])}

    def table(found: re.Match[str]) -> str:
        caption = CAPTION_SETUP.sub(f"run on {setup}.\n", found["caption"])
        number = int(found["number"])
        if number not in TABLES:
            problems.append(f"Table {number} is not one the notebook prints")
            return found.group(0)
        titles, columns = TABLES[number]
        try:
            made = filled_table(table_keys(found["table"]), titles, columns, tables)
        except (KeyError, LookupError) as error:
            problems.append(f"Table {number}: {error}")
            return found.group(0)
        return f"{caption}\n{made}\n"

    numbers = {int(found["number"]) for found in CAPTIONED.finditer(text)}
    problems += [f"Table {n} is missing" for n in sorted(set(TABLES) - numbers)]
    text = CAPTIONED.sub(table, text)
    for quote in QUOTES:
        places = list(quote.pattern().finditer(text))
        if len(places) != 1:
            problems.append(f"{len(places)} places say {quote.phrase!r}")
            continue
        try:
            found, values = places[0], quote.values(tables)
        except (KeyError, LookupError, ValueError) as error:
            problems.append(f"{quote.phrase!r}: {error}")
            continue
        for slot in sorted(found.groupdict(), key=found.start, reverse=True):
            text = text[: found.start(slot)] + values[slot] + text[found.end(slot) :]
    problems += [
        f"the prose writes {n} itself: fill it in from the run, or make it one of FACTS" for n in written(text)
    ]
    return text, problems


def written(text: str) -> list[str]:
    """The numbers the report's prose (Summary to References) writes itself: not in a
    quote's slot, a table, a citation or a name, nor one of ``FACTS``."""
    prose = text.split("## Summary", 1)[-1].split("## References", 1)[0]
    for quote in QUOTES:
        prose = quote.pattern().sub(" ", prose)  # the quoted phrase, its numbers filled in from the run
    prose = " ".join(line for line in prose.splitlines() if not line.startswith(("|", "#")))
    for phrase in FACTS:
        prose = prose.replace(phrase, " ")
    return sorted(set(re.findall(r"-?\d[\d,.]*\d|-?\d", CITED.sub(" ", prose))))


def sources(path: Path = NOTEBOOK) -> tuple[Tables, str]:
    """The tables the readme draws on, the notebook's printed tables, and where the notebook ran."""
    return printed_tables(path), machine(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 if the readme is out of date")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    filled, problems = fill(text, *sources())
    for problem in problems:
        print(f"readme.md: {problem}", file=sys.stderr)
    if args.check:
        if filled != text:
            print("readme.md differs from the notebook's run: python -m tools.report.readme", file=sys.stderr)
        elif not problems:
            print("readme.md says what the notebook's run printed")
        return 1 if problems or filled != text else 0
    README.write_text(filled, encoding="utf-8")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
