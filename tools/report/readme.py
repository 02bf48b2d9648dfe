"""Fill the report's tables, and every number its prose quotes, from the notebook's run.

The notebook's Section 8 prints each table the report argues from as markdown
under a title (``helpers``' constants), and ``tools.handin.notebook`` reads
them back from its stored outputs.  Every number is found by exact keys,
never by position or by the start of a label:

- a readme table sits under its caption, a paragraph beginning "Table N. ";
  ``TABLES`` gives the printed tables it draws on and the columns it shows,
  in order.  Its rows are the readme's own choice: the label cells of each
  (``LABELS``: a set, a method, a variant, a seed) are the keys of a row of
  the printed tables, a set's count of puzzles aside, and the rest is filled in;
- a caption that says where it was measured ends with the line the notebook
  printed about its machine;
- each number the prose quotes is found by a ``Quote``: a phrase with slots,
  each filled from a ``Cell`` (a table, a row's labels, a column) or from what
  the run computed from the tables, helpers' budget or its code.

A key that is missing or matches two rows, a quote found in no place or two,
and a quote whose premise the run does not bear out are all errors.
``--check`` only compares, and exits 1 naming what differs; a test runs it.

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
    BUDGET,
    FIXED_RATE,
    LEAVE_ONE_OUT,
    LONGER_BUDGET,
    MAC,
    ORDERS,
    SINGLES,
    SOLVER_ANSWERS,
    SOLVER_TIMES,
    TEXTBOOK,
    TEXTBOOK_ANSWERS,
    TEXTBOOK_TIMES,
    UNSOLVABLE,
    WITHOUT_MRV,
    markdown_table,
)
from tools.handin.notebook import BOUND_SIGN, Table, printed_number, printed_tables, stdout_lines
from tools.paths import CATEGORIES, NOTEBOOK, ROOT

README = ROOT / "readme.md"
LABELS = ("set", "method", "variant", "seed", "order")  #: the columns whose cells name a row
COUNT = re.compile(r" \(\d+\)$")  #: a set's count of puzzles after its name: "hard (15)"
#: the readme's tables by the number of their caption: the printed tables each draws on, and its columns
#: the columns of the ablation's tables: the sets, the assignment's easier three joined
SET_COLUMNS = ("very easy to medium", "hard", "generated hard", "top1465 sample", "hardest sample")
TABLES: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {
    1: (
        (SOLVER_ANSWERS, SOLVER_TIMES),
        (
            "right",
            "no solution, answered -1",
            "nodes: mean",
            "nodes: most",
            "mean ms",
            "rounds' range",
            "p95 ms",
            "slowest ms",
        ),
    ),
    2: ((ABLATION_NODES,), SET_COLUMNS),
    3: ((LEAVE_ONE_OUT,), SET_COLUMNS),
    4: ((ABLATION_TIMES,), SET_COLUMNS),
    5: ((ORDERS,), ("held out", "mean change", "95% interval", "verdict")),
    6: (
        (TEXTBOOK_ANSWERS, TEXTBOOK_TIMES),
        ("right", "over budget", "nodes: mean", "nodes: most", "mean ms", "µs a node"),
    ),
    7: ((UNSOLVABLE,), ("answered no solution", "over budget", "nodes: mean", "nodes: p95")),
    8: (
        (WITHOUT_MRV,),
        ("right", "nodes: median", "nodes: most", "over ten times the budget", "of those, no solution"),
    ),
}
#: the notebook's check of each category against the stored answers, one line each
VERIFIED = "Every category, checked against the stored answers"
VERIFIED_FOLDERS = ("data/", "data/generated/")  #: the assignment's categories, and the project's own
VERIFIED_LINE = re.compile(r"(?P<place>data/\S*)\s+(?P<category>\w+): (?P<right>\d+)/(?P<of>\d+) right")
#: the notebook's check of the engine's search against Algorithm X on sets: its line, and as a table
KNUTH_TABLE = "The search against Algorithm X on sets"
KNUTH_CHECK = re.compile(
    r"(?P<matrices>\d+) random matrices, (?P<empty>\d+) with a column no row fills: "
    r"the same columns and solution on (?P<same>\d+)"
)
MACHINE = re.compile(r"Run on (?P<setup>Python .+)")  #: the line the notebook prints about its machine
CAPTION_SETUP = re.compile(r"run on Python [\s\S]*$")  #: where a caption names the machine: at its end
#: a caption paragraph "Table N. ...", a blank line, then the table under it
CAPTIONED = re.compile(r"^(?P<caption>Table (?P<number>\d+)\. (?:.+\n)+?)\n(?P<table>(?:\|.*\n)+)", re.MULTILINE)
NUMBER = r"[≥+\-]?\d+(?:[.,]\d+)*%?"  #: how a quoted number is written

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
    right, of = (list(map(int, column_values(tables, VERIFIED, column))) for column in ("right", "of"))
    if len(of) != len(VERIFIED_FOLDERS) * len(CATEGORIES) or sum(right) != sum(of):
        raise ValueError(f"the notebook checked {len(of)} categories and found {sum(right)} of {sum(of)} puzzles right")
    return {"verified": str(sum(of))}


def largest(tables: Tables, title: str, column: str) -> str:
    """The largest number of a column of a printed table, as printed."""
    return max(column_values(tables, title, column), key=lambda cell: printed_number(cell)[0])


Value = Callable[[Tables], str]
Premise = Callable[[Tables], dict[str, str]]


def number(cell: Cell, tables: Tables) -> float:
    """A cell's number, its sign, separators and any range after it aside."""
    return printed_number(cell.read(tables).split()[0])[0]


def median(cell: Cell) -> Value:
    """The median of a time printed as ``median (low to high)``."""
    return lambda tables: cell.read(tables).split()[0]


def unbounded(cell: Cell) -> Value:
    """A cell's number without its lower-bound sign, for prose that says "at least"."""
    return lambda tables: cell.read(tables).lstrip(BOUND_SIGN)


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


def ranges_overlap(before: str, after: str, columns: tuple[str, ...]) -> Premise:
    """Two variants' rounds' ranges of time overlap on each of ``columns``."""

    def ends(variant: str, column: str, tables: Tables) -> list[float]:
        low, high = Cell(ABLATION_TIMES, (variant,), column).read(tables).split("(")[1].rstrip(")").split(" to ")
        return [printed_number(low)[0], printed_number(high)[0]]

    def overlap(tables: Tables) -> bool:
        pairs = [(ends(before, c, tables), ends(after, c, tables)) for c in columns]
        return all(a[1] >= b[0] and b[1] >= a[0] for a, b in pairs)

    return holds(f"{before} and {after} differ within their ranges", overlap)


def largest_gain(variant: str, column: str) -> Premise:
    """``variant`` cuts the mean time on ``column`` by more than any other variant does."""

    def largest(tables: Tables) -> bool:
        variants = [helpers.ALGORITHM_X, *helpers.ADDED]
        means = [number(Cell(ABLATION_TIMES, (v,), column), tables) for v in variants]
        gains = [before - after for before, after in zip(means, means[1:])]
        return variants[1 + gains.index(max(gains))] == variant

    return holds(f"{variant} gains most on {column}", largest)


def bound_cell(cell: Cell) -> Value:
    """A cell's number without its sign, for prose that says "at least": a premise that it is a lower bound."""

    def value(tables: Tables) -> str:
        holds(f"{cell} is a lower bound", lambda t: cell.read(t).startswith(BOUND_SIGN))(tables)
        return cell.read(tables).lstrip(BOUND_SIGN)

    return value


def all_right(tables: Tables) -> dict[str, str]:
    """The solver answered every puzzle of every set right."""
    found = totals(tables)
    return holds("every answer was right", lambda t: found["right"] == found["puzzles"])(tables)


def knuth_check(tables: Tables) -> dict[str, str]:
    """The notebook's comparison with Algorithm X on sets, when every matrix agreed."""
    [matrices], [same] = (column_values(tables, KNUTH_TABLE, column) for column in ("matrices", "same"))
    holds("the search agreed with Algorithm X on sets on every matrix", lambda t: same == matrices)(tables)
    return {"matrices": matrices}


def slowest_under(limit_ms: float) -> Premise:
    """The solver's slowest puzzle took less than ``limit_ms``."""
    return holds(
        f"the slowest took under {limit_ms} ms", lambda t: number_of(largest(t, SOLVER_TIMES, "slowest ms")) < limit_ms
    )


def number_of(text: str) -> float:
    return printed_number(text)[0]


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
        """The phrase as a pattern: any run of spaces may be a line break, a slot any number."""
        parts = re.split(r"\{(\w+)\}", self.phrase)
        pattern = ""
        for k, part in enumerate(parts):
            pattern += f"(?P<{part}>{NUMBER})" if k % 2 else r"\s+".join(map(re.escape, part.split(" ")))
        return re.compile(pattern)


def budget(times: int = 1) -> Value:
    return lambda tables: f"{times * BUDGET:,}"


HARDEST, HARD, GENERATED = "hardest sample", "hard", "generated hard"
TUNED, RANDOM = "half-way order (tuned)", "random order (control)"
TOTALS = "On the {puzzles} puzzles the notebook races, the solver answered {right} right, including all {unsolvable}"


def ratio(top: Cell, bottom: Cell) -> Value:
    """One cell's number over another's, to two figures."""
    return lambda t: helpers.significant(number(top, t) / number(bottom, t))


def no_better_than_chance(tables: Tables) -> dict[str, str]:
    """On every held-out set and seed the tuned order saves no more rows than the random one."""
    keys = [(name, seed) for name in (HARD, GENERATED) for seed in ("1", "2")]
    pairs = [
        (number(Cell(ORDERS, (*k, TUNED), "mean change"), t), number(Cell(ORDERS, (*k, RANDOM), "mean change"), t))
        for k in keys
        for t in [tables]
    ]
    return holds(
        "the tuned order is no better than the random one where it was not tuned",
        lambda t: all(a >= b for a, b in pairs),
    )(tables)


def order_verdicts(expected: str, name: str, *orders: str) -> Premise:
    """The verdict of each order on ``name``, for both seeds, is ``expected``."""
    cells = [Cell(ORDERS, (name, seed, order), "verdict") for seed in ("1", "2") for order in orders]
    return holds(f"{name}'s verdicts are {expected!r}", lambda t: all(cell.read(t) == expected for cell in cells))


def never_over_budget(method: str) -> Premise:
    return holds(f"{method} never gave up", lambda t: all(c == "0" for c in column_values_of(t, method)))


def column_values_of(tables: Tables, method: str) -> list[str]:
    """The over-budget counts of a textbook method on every set."""
    table = tables[TEXTBOOK_ANSWERS]
    j, m = find_column(table, "over budget"), find_column(table, "method")
    return [row[j] for row in table.rows if row[m] == method]


SOLVER_HARDEST_MS = Cell(SOLVER_TIMES, (HARDEST,), "mean ms")
SINGLES_HARDEST_MS = Cell(TEXTBOOK_TIMES, (HARDEST, SINGLES), "mean ms")
QUOTES = (
    Quote(TOTALS + " that", premise=totals),
    Quote(TOTALS + " unsolvable", premise=totals),
    Quote("it answered as stored all {verified} puzzles in the four categories", premise=verified),
    Quote(
        "Its mean time on the assignment's hard puzzles was {hard} ms, and its slowest puzzle of all took {slowest} ms",
        {"hard": Cell(SOLVER_TIMES, (HARD,), "mean ms"), "slowest": lambda t: largest(t, SOLVER_TIMES, "slowest ms")},
    ),
    Quote(
        "its mean on the assignment's hard puzzles was {hard} ms and its slowest puzzle of all took {slowest} ms",
        {"hard": Cell(SOLVER_TIMES, (HARD,), "mean ms"), "slowest": lambda t: largest(t, SOLVER_TIMES, "slowest ms")},
    ),
    Quote(
        "needed more than its budget of {budget} assignments on {over} of the {of} hardest puzzles. With arc "
        "consistency and hidden singles at every node it needed none, and about as many nodes as the solver, but "
        "{times} times its time",
        {
            "budget": budget(),
            "over": Cell(TEXTBOOK_ANSWERS, (HARDEST, TEXTBOOK), "over budget"),
            "of": lambda t: str(fraction(Cell(TEXTBOOK_ANSWERS, (HARDEST, TEXTBOOK), "right").read(t))[1]),
            "times": ratio(SINGLES_HARDEST_MS, SOLVER_HARDEST_MS),
        },
        every(
            never_over_budget(SINGLES),
            holds(
                "the search with hidden singles tries about as many nodes as the solver",
                lambda t: (
                    0.5
                    <= number(Cell(TEXTBOOK_ANSWERS, (HARDEST, SINGLES), "nodes: mean"), t)
                    / number(Cell(SOLVER_ANSWERS, (HARDEST,), "nodes: mean"), t)
                    <= 2
                ),
            ),
        ),
    ),
    Quote(
        "cut the rows tried on the hardest puzzles from {before} to {after}",
        {
            "before": Cell(ABLATION_NODES, ("+ hidden singles",), HARDEST),
            "after": Cell(ABLATION_NODES, ("+ locked candidates",), HARDEST),
        },
    ),
    Quote("did no better than a random order on puzzles it never saw", premise=no_better_than_chance),
    Quote("on {matrices} random matrices the notebook checks", premise=knuth_check),
    Quote("with a *budget* of {budget} assignments after which they give up", {"budget": budget()}),
    Quote("Every answer was right.", premise=all_right),
    Quote(
        "Stage 1 alone settles the easier categories",
        premise=holds(
            "the easier categories need no search",
            lambda t: all(
                Cell(SOLVER_ANSWERS, (n,), "nodes: most").read(t) == "0" for n in ("very easy", "easy", "medium")
            ),
        ),
    ),
    Quote(
        "the slowest puzzle, of the hardest sample, took {slowest} ms, more than two orders of magnitude",
        {"slowest": Cell(SOLVER_TIMES, (HARDEST,), "slowest ms")},
        every(
            slowest_under(200),
            holds(
                "the hardest sample holds the slowest puzzle",
                lambda t: (
                    Cell(SOLVER_TIMES, (HARDEST,), "slowest ms").read(t) == largest(t, SOLVER_TIMES, "slowest ms")
                ),
            ),
        ),
    ),
    Quote("a tail more than two orders of magnitude inside the limit", premise=slowest_under(200)),
    Quote(
        "on the assignment's very easy to medium puzzles from {before} to {after} ms, the largest gain on the assignment's puzzles",
        {
            "before": median(Cell(ABLATION_TIMES, ("Algorithm X",), "very easy to medium")),
            "after": median(Cell(ABLATION_TIMES, ("+ reuse matrix",), "very easy to medium")),
        },
        largest_gain("+ reuse matrix", "very easy to medium"),
    ),
    Quote(
        "saves the uncovering after the solution ({before} to {after} ms on the hard puzzles)",
        {
            "before": median(Cell(ABLATION_TIMES, ("+ reuse matrix",), HARD)),
            "after": median(Cell(ABLATION_TIMES, ("+ no restore",), HARD)),
        },
    ),
    Quote(
        "barely change the rows on the hard sets ({before} to {after} on the assignment's hard puzzles)",
        {
            "before": Cell(ABLATION_NODES, ("Algorithm X, + reuse matrix, + no restore",), HARD),
            "after": Cell(ABLATION_NODES, ("+ naked singles",), HARD),
        },
    ),
    Quote(
        "there the time moves within the rounds' ranges",
        premise=ranges_overlap("+ no restore", "+ naked singles", (HARD, GENERATED, "top1465 sample", HARDEST)),
    ),
    Quote(
        "cut the rows on the hard puzzles from {before} to {after}; without them the whole solver's rise from {solver} "
        "to {without} on the hardest sample",
        {
            "before": Cell(ABLATION_NODES, ("+ naked singles",), HARD),
            "after": Cell(ABLATION_NODES, ("+ hidden singles",), HARD),
            "solver": Cell(ABLATION_NODES, ("+ locked candidates",), HARDEST),
            "without": Cell(LEAVE_ONE_OUT, ("- hidden singles",), HARDEST),
        },
    ),
    Quote(
        "cut the rows tried on the hardest sample from {before} to {after} and its mean time from {slow} to {fast} ms",
        {
            "before": Cell(ABLATION_NODES, ("+ hidden singles",), HARDEST),
            "after": Cell(ABLATION_NODES, ("+ locked candidates",), HARDEST),
            "slow": median(Cell(ABLATION_TIMES, ("+ hidden singles",), HARDEST)),
            "fast": median(Cell(ABLATION_TIMES, ("+ locked candidates",), HARDEST)),
        },
    ),
    Quote("Each order solves the same {copies} random copies", {"copies": Cell(ORDERS, (HARD, "1", TUNED), "copies")}),
    Quote("on {copies} symmetric copies of", {"copies": Cell(ORDERS, (HARD, "1", TUNED), "copies")}),
    Quote(
        "On the assignment's hard puzzles neither order differs from the plain one",
        premise=order_verdicts("no difference shown", HARD, TUNED, RANDOM),
    ),
    Quote(
        "both save rows, the random order more ({r1} and {r2} rows a puzzle against {t1} and {t2})",
        {
            "r1": Cell(ORDERS, (GENERATED, "1", RANDOM), "mean change"),
            "r2": Cell(ORDERS, (GENERATED, "2", RANDOM), "mean change"),
            "t1": Cell(ORDERS, (GENERATED, "1", TUNED), "mean change"),
            "t2": Cell(ORDERS, (GENERATED, "2", TUNED), "mean change"),
        },
        every(order_verdicts("fewer rows", GENERATED, TUNED, RANDOM), no_better_than_chance),
    ),
    Quote(
        "cuts the textbook search's nodes on the assignment's hard puzzles from {textbook} to {stage_1}, and exact "
        "cover on the same reduced puzzles to {rows} rows",
        {
            "textbook": Cell(TEXTBOOK_ANSWERS, (HARD, TEXTBOOK), "nodes: mean"),
            "stage_1": Cell(TEXTBOOK_ANSWERS, (HARD, helpers.AFTER_STAGE_1), "nodes: mean"),
            "rows": Cell(SOLVER_ANSWERS, (HARD,), "nodes: mean"),
        },
    ),
    Quote(
        "MAC alone still tries {mac} assignments there and gave up on {over} of the hardest puzzles, but with hidden "
        "singles too it tries {singles}, none over the budget, and {hardest} on the hardest sample against the "
        "solver's {solver}",
        {
            "mac": Cell(TEXTBOOK_ANSWERS, (HARD, MAC), "nodes: mean"),
            "over": Cell(TEXTBOOK_ANSWERS, (HARDEST, MAC), "over budget"),
            "singles": Cell(TEXTBOOK_ANSWERS, (HARD, SINGLES), "nodes: mean"),
            "hardest": Cell(TEXTBOOK_ANSWERS, (HARDEST, SINGLES), "nodes: mean"),
            "solver": Cell(SOLVER_ANSWERS, (HARDEST,), "nodes: mean"),
        },
        never_over_budget(SINGLES),
    ),
    Quote(
        "{singles_node} µs a node against {mac_node} for MAC on the hard puzzles, and {singles_ms} ms a puzzle on the "
        "hardest sample against the solver's {solver_ms} ms",
        {
            "singles_node": Cell(TEXTBOOK_TIMES, (HARD, SINGLES), "µs a node"),
            "mac_node": Cell(TEXTBOOK_TIMES, (HARD, MAC), "µs a node"),
            "singles_ms": SINGLES_HARDEST_MS,
            "solver_ms": SOLVER_HARDEST_MS,
        },
    ),
    Quote("with at most {most} assignments", {"most": Cell(TEXTBOOK_ANSWERS, (HARD, TEXTBOOK), "nodes: most")}),
    Quote(
        "The textbook search gave up on {textbook} of them and MAC on {mac}.",
        {"textbook": Cell(UNSOLVABLE, (TEXTBOOK,), "over budget"), "mac": Cell(UNSOLVABLE, (MAC,), "over budget")},
    ),
    Quote(
        "Without MRV, {over} of the {of} hard puzzles need more than {longer} assignments, up to {most}, and {none} of "
        "those {again} have no solution",
        {
            "over": Cell(WITHOUT_MRV, (HARD,), "over ten times the budget"),
            "of": lambda t: str(fraction(Cell(WITHOUT_MRV, (HARD,), "right").read(t))[1]),
            "longer": budget(10),
            "most": Cell(WITHOUT_MRV, (HARD,), "nodes: most"),
            "none": Cell(WITHOUT_MRV, (HARD,), "of those, no solution"),
            "again": Cell(WITHOUT_MRV, (HARD,), "over ten times the budget"),
        },
    ),
    Quote(
        "My implementation tries {rate} assignments a second and took {slowest} ms on the slowest; one {times} times "
        "slower per assignment would run out of time there",
        {
            "rate": Cell(FIXED_RATE, (HARD,), "assignments a second"),
            "slowest": Cell(FIXED_RATE, (HARD,), "slowest ms"),
            "times": lambda t: helpers.significant(20_000 / number(Cell(FIXED_RATE, (HARD,), "slowest ms"), t), 1),
        },
    ),
    Quote(
        "needed more than the {budget} assignments it was allowed on {over} of the {of} puzzles of the hardest sample; "
        "given ten times the budget, it solved {solved} of them with up to {most} assignments, where the solver never "
        "tried more than {rows} rows",
        {
            "budget": budget(),
            "over": Cell(TEXTBOOK_ANSWERS, (HARDEST, TEXTBOOK), "over budget"),
            "of": lambda t: str(fraction(Cell(TEXTBOOK_ANSWERS, (HARDEST, TEXTBOOK), "right").read(t))[1]),
            "solved": Cell(LONGER_BUDGET, (HARDEST,), "solved"),
            "most": Cell(LONGER_BUDGET, (HARDEST,), "nodes: most of those solved"),
            "rows": lambda t: largest(t, SOLVER_ANSWERS, "nodes: most"),
        },
    ),
    Quote(
        "while the textbook search needed more than {budget} assignments on {over} of the {of} hardest puzzles",
        {
            "budget": budget(),
            "over": Cell(TEXTBOOK_ANSWERS, (HARDEST, TEXTBOOK), "over budget"),
            "of": lambda t: str(fraction(Cell(TEXTBOOK_ANSWERS, (HARDEST, TEXTBOOK), "right").read(t))[1]),
        },
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
    return text, problems


def verified_table(path: Path = NOTEBOOK) -> Table:
    """The notebook's check of every category's puzzles against the stored
    answers (its lines ``data/  hard: 15/15 right (5 without a solution)``), as a table."""
    rows = []
    for line in stdout_lines(path):
        found = VERIFIED_LINE.match(line)
        if found:
            rows.append([f"{found['place']} {found['category']}", found["right"], found["of"]])
    return Table(["set", "right", "of"], rows)


def sources(path: Path = NOTEBOOK) -> tuple[Tables, str]:
    """The tables the readme draws on, the notebook's printed tables and its
    verification lines as one, and where the notebook ran."""
    knuth = [
        list(found.group("matrices", "empty", "same"))
        for line in stdout_lines(path)
        if (found := KNUTH_CHECK.match(line))
    ]
    checked = {VERIFIED: verified_table(path), KNUTH_TABLE: Table(["matrices", "empty", "same"], knuth)}
    return {**printed_tables(path), **checked}, machine(path)


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
