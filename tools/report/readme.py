"""Fill the report's tables, and the numbers its prose quotes from them, from the notebook's run.

The notebook's Section 8 prints each table the report argues from as markdown,
under a title line, into its stored outputs (``tools.handin.notebook``).  The
readme carries no markers, as a marker reads it rendered or as plain text:

- each of its tables sits right under its caption, a paragraph beginning
  "Table N. ", and ``TABLES`` says which printed table (or two, joined on their
  shared first columns) it is;
- each caption that says where it was measured ends with the machine line the
  notebook printed (``MACHINE``);
- each number its prose quotes from the tables is found by one of ``QUOTES``:
  a phrase with slots, each slot a number computed from the tables.

``fill`` rewrites all three; ``--check`` only compares and exits 1, naming
what differs, when the readme does not say what the notebook printed (a test
runs the same check).

Usage: ``python -m tools.report.readme [--check]``
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
import tokenize
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from helpers import markdown_table
from tools.handin.notebook import BOUND_SIGN, Table, printed_number, printed_tables, stdout_lines
from tools.paths import CATEGORIES, NOTEBOOK, ROOT

README = ROOT / "readme.md"
HELPERS = ROOT / "helpers.py"

SOLVER_ANSWERS = "The solver on each set: answers and rows tried"
SOLVER_TIMES = "The solver on each set: CPU time per puzzle, ms"
TWICE = "The solver run twice: difference of its mean times"
LADDER_TIMES = "The ladder: mean CPU time per puzzle, ms"
LADDER_CHOICES = "The ladder: mean choices per puzzle"
SEARCH_ANSWERS = "Three searches: answers and choices"
SEARCH_TIMES = "Three searches: CPU time per puzzle, ms"
LONGER = "The textbook search with a budget of "  #: the start of the title of its second try, on a larger budget
#: the readme's tables by the number of their caption: the tables each is made of
TABLES = {
    1: (SOLVER_ANSWERS, SOLVER_TIMES),
    2: (LADDER_TIMES,),
    3: (LADDER_CHOICES,),
    4: (SEARCH_ANSWERS, SEARCH_TIMES),
}
#: the notebook's check of each category's puzzles against the stored answers, one line each
VERIFIED = "Every category, checked against the stored answers"
VERIFIED_FOLDERS = ("data/", "data/generated/")  #: the assignment's categories, and the project's own
VERIFIED_LINE = re.compile(r"(?P<place>data/\S*)\s+\w+: (?P<right>\d+)/(?P<of>\d+) right")
#: the line the notebook prints about the machine it ran on, and how captions quote it
MACHINE = re.compile(r"Run on (?P<setup>Python \S+ with numpy \S+, .+)")
CAPTION_SETUP = re.compile(r"run on Python \S+\s+with\s+numpy\s+\S+,\s+[^.]+")
#: a caption paragraph "Table N. ...", a blank line, then the table under it
CAPTIONED = re.compile(r"^(?P<caption>Table (?P<number>\d+)\. (?:.+\n)+?)\n(?P<table>(?:\|.*\n)+)", re.MULTILINE)
#: how a quoted number is written: perhaps a bound or a sign, digits, perhaps a percent sign
NUMBER = r"[≥+\-]?\d+(?:[.,]\d+)*%?"
#: the sections of helpers.py that a call of sudoku_solver runs, and the textbook search's
SOLVER_SECTIONS = ("Named constants", "Dancing links", "Sudoku as exact cover")
TEXTBOOK_SECTION = "The textbook method"
BANNER = "# ---"

Tables = dict[str, Table]


def joined(tables: Sequence[Table]) -> Table:
    """Tables side by side, matched on the leading columns they share."""
    first, *others = tables
    header, rows = list(first.header), [list(row) for row in first.rows]
    for other in others:
        shared = next(k for k, (a, b) in enumerate(zip(header, other.header + [None])) if a != b)
        by_key = {tuple(row[:shared]): row[shared:] for row in other.rows}
        header += other.header[shared:]
        rows = [row + by_key[tuple(row[:shared])] for row in rows]
    return Table(header, rows)


# ---------------------------------------------------------------------------
# Numbers the prose quotes
# ---------------------------------------------------------------------------


def number(cell: str) -> float:
    """A table cell's number, without separators, bound or unit."""
    return printed_number(cell)[0]


def fraction(cell: str) -> tuple[int, int]:
    """``(right, of)`` from a cell like ``15/15``."""
    right, of = cell.split("/")
    return int(right), int(of)


def cell(tables: Tables, title: str, row: str, column: str) -> str:
    """The cell of a printed table in the row whose first cell starts with ``row``."""
    table = tables[title]
    found = next(r for r in table.rows if r[0].startswith(row))
    return found[table.header.index(column)]


def search_cell(tables: Tables, title: str, puzzle_set: str, method: str, column: str) -> str:
    """A cell of a three-searches table, by set and method."""
    table = tables[title]
    found = next(r for r in table.rows if r[0].startswith(puzzle_set) and r[1] == method)
    return found[table.header.index(column)]


def set_column(tables: Tables, title: str, puzzle_set: str) -> str:
    """The column header of a ladder table for a set, such as ``hardest sample (26)``."""
    return next(name for name in tables[title].header if name.startswith(puzzle_set))


def rung(tables: Tables, title: str, number_: str, puzzle_set: str) -> str:
    """A ladder table's cell for the rung numbered ``number_`` (``"0b"``, ``"8"``) and a set."""
    return cell(tables, title, f"{number_}. ", set_column(tables, title, puzzle_set))


def two_rungs(title: str, before: str, after: str, puzzle_set: str) -> Callable[[Tables], dict[str, str]]:
    """A quote's ``before`` and ``after``: the cells of two rungs of a ladder table for a set."""
    return lambda t: {"before": rung(t, title, before, puzzle_set), "after": rung(t, title, after, puzzle_set)}


def totals(tables: Tables) -> dict[str, str]:
    """The solver's answers over every set: puzzles, right, and unsolvable ones answered."""
    table = tables[SOLVER_ANSWERS]
    right = [fraction(c) for c in table.column("right")]
    unsolvable = [fraction(c) for c in table.column("no solution, answered -1")]
    return {
        "puzzles": f"{sum(of for _, of in right):,}",
        "right": f"{sum(r for r, _ in right):,}",
        "unsolvable": f"{sum(of for _, of in unsolvable):,}",
    }


def verified_table(path: Path = NOTEBOOK) -> Table:
    """The notebook's check of every category's puzzles against the stored
    answers (its lines ``data/  hard: 15/15 right (5 without a solution)``), as a table."""
    rows = [
        [found["place"], found["right"], found["of"]]
        for line in stdout_lines(path)
        if (found := VERIFIED_LINE.match(line))
    ]
    return Table(["category", "right", "of"], rows)


def verified(tables: Tables) -> dict[str, str]:
    """How many category puzzles the notebook checked, when it found every one right."""
    rows = tables[VERIFIED].rows
    right, of = sum(int(row[1]) for row in rows), sum(int(row[2]) for row in rows)
    if len(rows) != len(VERIFIED_FOLDERS) * len(CATEGORIES) or right != of:
        raise ValueError(f"the notebook checked {len(rows)} categories and found {right} of {of} puzzles right")
    return {"verified": str(of)}


def longer_budget(tables: Tables) -> dict[str, str]:
    """The textbook search given ten times the budget on the hardest puzzles it gave up on."""
    title = next(title for title in tables if title.startswith(LONGER))
    row = tables[title].rows[0]
    budget = title.removeprefix(LONGER).partition(", on ")[0]  # "100,000, on the puzzles it gave up on"
    return {"longer": budget, "again": row[3], "solved": row[2], "most": row[4]}


def slowest(tables: Tables) -> str:
    """The solver's slowest puzzle of all, in ms."""
    return max(tables[SOLVER_TIMES].column("slowest ms"), key=number)


def hard_and_slowest(tables: Tables) -> dict[str, str]:
    """The solver's mean time on the assignment's hard puzzles, and its slowest puzzle of all."""
    return {"hard": cell(tables, SOLVER_TIMES, "hard", "mean ms"), "slowest": slowest(tables)}


def most_rows(tables: Tables) -> str:
    """The most rows the solver tried on any puzzle."""
    return max(tables[SOLVER_ANSWERS].column("most"), key=number)


def over_budget(tables: Tables, puzzle_set: str) -> dict[str, str]:
    """How many puzzles of a set took the textbook search over its budget, and of how many."""
    over = search_cell(tables, SEARCH_ANSWERS, puzzle_set, "textbook search", "over budget")
    _, of = fraction(search_cell(tables, SEARCH_ANSWERS, puzzle_set, "textbook search", "right"))
    return {"over": over, "of": str(of)}


def noise(tables: Tables) -> dict[str, str]:
    """The smallest and the largest difference between the solver's two runs."""
    differences = sorted(tables[TWICE].column("difference"), key=number)
    return {"low": differences[0], "high": differences[-1]}


@lru_cache(maxsize=None)
def code_lines(path: Path = HELPERS) -> dict[str, int]:
    """Lines of code (no blank lines, comments or docstrings) in each section of
    ``path``, by section: a section starts at a banner, a comment line with its
    title between two rules of ``BANNER``."""
    source = path.read_text(encoding="utf-8")
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings |= set(range(value.lineno, (value.end_lineno or value.lineno) + 1))
    code = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            code |= set(range(token.start[0], token.end[0] + 1)) - docstrings
    counts: dict[str, int] = {}
    title = ""
    lines = source.splitlines()
    for number_, line in enumerate(lines, start=1):
        if line.startswith(BANNER) and lines[number_ + 1 : number_ + 2] and lines[number_ + 1].startswith(BANNER):
            title = lines[number_][2:].strip()  # the banner's middle line, between two rules
        if number_ in code:
            counts[title] = counts.get(title, 0) + 1
    return counts


def code_sizes(path: Path = HELPERS) -> dict[str, str]:
    """The lines of code of the solver (what a call runs) and of the textbook search."""
    counts = code_lines(path)
    solver = sum(n for title, n in counts.items() if title.startswith(SOLVER_SECTIONS))
    textbook = sum(n for title, n in counts.items() if title.startswith(TEXTBOOK_SECTION))
    return {"solver": str(solver), "textbook": str(textbook)}


@dataclass(frozen=True)
class Quote:
    """A phrase of the readme holding numbers: ``phrase`` with ``{slot}``s, and
    ``values``, which computes each slot's text from the notebook's tables."""

    phrase: str
    values: Callable[[Tables], dict[str, str]]

    def pattern(self) -> re.Pattern[str]:
        """The phrase as a pattern: any run of spaces may be a line break, a slot any number."""
        parts = re.split(r"\{(\w+)\}", self.phrase)
        pattern = ""
        for k, part in enumerate(parts):
            if k % 2:
                pattern += f"(?P<{part}>{NUMBER})"
            else:
                pattern += r"\s+".join(re.escape(word) for word in part.split(" "))
        return re.compile(pattern)


#: the phrases that quote two rungs of a ladder table on one set: (phrase, table, rung before, rung after, set)
RUNG_QUOTES = (
    ("on the very easy puzzles it cuts the mean from {before} to {after} ms", LADDER_TIMES, "1", "2", "very easy"),
    ("cut the rows tried on the hardest sample from {before} to {after}", LADDER_CHOICES, "5", "6", "hardest"),
    ("(rows from {before} to {after} on the latter)", LADDER_CHOICES, "6", "7", "generated hard"),
    ("on the hardest sample it adds rows, from {before} to {after}", LADDER_CHOICES, "6", "7", "hardest"),
    ("from {before} to {after} on the generated hard puzzles", LADDER_CHOICES, "7", "8", "generated hard"),
)
QUOTES = (
    Quote(
        "On the {puzzles} puzzles the notebook races, the solver answered {right} right, including all {unsolvable} that",
        totals,
    ),
    Quote(
        "On the {puzzles} puzzles the notebook races, the solver answered {right} right, including all {unsolvable} unsolvable",
        totals,
    ),
    Quote("it answered as stored all {verified} puzzles of the four categories", verified),
    Quote(
        "its mean time on the assignment's hard puzzles was {hard} ms and its slowest puzzle took {slowest} ms",
        hard_and_slowest,
    ),
    Quote(
        "its mean on the assignment's hard puzzles was {hard} ms and its slowest puzzle of all took {slowest} ms",
        hard_and_slowest,
    ),
    Quote("the hardest sample's slowest puzzle took {slowest} ms", lambda t: {"slowest": slowest(t)}),
    Quote(
        "needed more than its budget of 10,000 assignments on {over} of the {of} hardest",
        lambda t: over_budget(t, "hardest"),
    ),
    Quote("but needed more than 10,000 assignments on {over} of the {of} hardest", lambda t: over_budget(t, "hardest")),
    Quote("and on {over} of the {of} hardest ones", lambda t: over_budget(t, "hardest")),
    Quote("its budget on {over} of the {of} top1465", lambda t: over_budget(t, "top1465")),
    Quote(
        "on {over} of the {of} puzzles of the hardest sample, where the solver never tried more than {most} rows",
        lambda t: {**over_budget(t, "hardest"), "most": most_rows(t)},
    ),
    Quote(
        "on the hardest sample, {plain} rows against at least {textbook} assignments",
        lambda t: {
            "plain": rung(t, LADDER_CHOICES, "1", "hardest"),
            "textbook": rung(t, LADDER_CHOICES, "0", "hardest").lstrip(BOUND_SIGN),
        },
    ),
    *(Quote(phrase, two_rungs(*cells)) for phrase, *cells in RUNG_QUOTES),
    Quote(
        "choices on the assignment's hard puzzles from {textbook} to {stage_1}; exact cover on the same reduced "
        "puzzles cuts them again, to {exact_cover} rows, and the tuned orders to {solver}",
        lambda t: {
            "textbook": search_cell(t, SEARCH_ANSWERS, "hard", "textbook search", "choices: mean"),
            "stage_1": search_cell(t, SEARCH_ANSWERS, "hard", "after stage 1", "choices: mean"),
            "exact_cover": rung(t, LADDER_CHOICES, "6", "hard"),
            "solver": search_cell(t, SEARCH_ANSWERS, "hard", "the solver", "choices: mean"),
        },
    ),
    Quote("and more than {longer} on {again} of them", longer_budget),
    Quote("given ten times the budget, it solved {solved} of them with up to {most} assignments", longer_budget),
    Quote("the solver's most rows tried on any puzzle was {most}", lambda t: {"most": most_rows(t)}),
    Quote("its two mean times differed by between {low} and {high}", noise),
    Quote("docstrings it is {textbook} lines of code and the solver {solver}", lambda t: code_sizes()),
)


# ---------------------------------------------------------------------------
# Filling and checking
# ---------------------------------------------------------------------------


def machine(path: Path = NOTEBOOK) -> str:
    """What the notebook's run says of its machine: Python, numpy, system."""
    for line in stdout_lines(path):
        found = MACHINE.match(line)
        if found:
            return found["setup"]
    raise ValueError(f"{path} prints no line saying where it ran")


def fill(text: str, tables: Tables, setup: str) -> tuple[str, list[str]]:
    """``text`` with its tables, its captions' machine and its quoted numbers as
    the notebook's run has them; and what was missing (a table or a quote the
    readme lacks or holds more than once, or a quote whose numbers the run
    does not bear out)."""
    missing = []

    def table(found: re.Match[str]) -> str:
        caption = CAPTION_SETUP.sub("run on " + setup, found["caption"])
        titles = TABLES.get(int(found["number"]))
        if titles is None:
            return found.group(0)
        made = joined([tables[title] for title in titles])
        return f"{caption}\n{markdown_table(made.header, made.rows)}\n"

    numbers = {int(found["number"]) for found in CAPTIONED.finditer(text)}
    missing += [f"Table {n}" for n in sorted(set(TABLES) - numbers)]
    text = CAPTIONED.sub(table, text)
    for quote in QUOTES:
        pattern = quote.pattern()
        places = list(pattern.finditer(text))
        if len(places) != 1:
            missing.append(f"{len(places)} places say {quote.phrase!r}")
            continue
        try:
            found, values = places[0], quote.values(tables)
        except ValueError as error:
            missing.append(f"{quote.phrase!r}: {error}")
            continue
        for slot in sorted(found.groupdict(), key=found.start, reverse=True):
            text = text[: found.start(slot)] + values[slot] + text[found.end(slot) :]
    return text, missing


def sources() -> tuple[Tables, str]:
    """The tables the readme draws on, the notebook's printed tables and
    its verification lines as one, and where the notebook ran."""
    return {**printed_tables(), VERIFIED: verified_table()}, machine()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 if the readme is out of date")
    args = parser.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    filled, missing = fill(text, *sources())
    for problem in missing:
        print(f"readme.md: {problem}", file=sys.stderr)
    if args.check:
        if filled != text:
            print("readme.md differs from the notebook's run: python -m tools.report.readme", file=sys.stderr)
        return 1 if missing or filled != text else 0
    README.write_text(filled, encoding="utf-8")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
