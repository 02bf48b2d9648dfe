"""The report says what the notebook's run printed: its tables are the
notebook's tables, every number its prose quotes is found by exact keys, and
every picture it shows exists."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from tools.handin.notebook import Table
from tools.report.readme import LABELS, README, fill, machine, sources

IMAGE_LINK = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")


@pytest.fixture(scope="module")
def drawn_from() -> tuple[dict[str, Table], str]:
    """The tables the readme draws on, and where the notebook ran."""
    return sources()


@pytest.fixture(scope="module")
def readme() -> str:
    return README.read_text(encoding="utf-8")


def test_the_readme_says_what_the_notebooks_run_printed(readme, drawn_from):
    filled, problems = fill(readme, *drawn_from)
    assert problems == []
    assert filled == readme, "run python -m tools.report.readme"


def test_reordering_the_rows_and_columns_of_every_table_leaves_the_readme_as_it_is(readme, drawn_from):
    tables, setup = drawn_from
    turned = {
        title: Table(table.header[::-1], [row[::-1] for row in reversed(table.rows)]) for title, table in tables.items()
    }
    assert fill(readme, turned, setup) == (readme, [])


class Row(list):
    """A table row that notes each cell read from it."""

    def __init__(self, cells: list[str], place: tuple[str, int], reads: set) -> None:
        super().__init__(cells)
        self.place, self.reads = place, reads

    def __getitem__(self, j):  # type: ignore[override]
        self.reads.add((*self.place, j))
        return super().__getitem__(j)


def cells_read(readme: str, tables: dict[str, Table], setup: str) -> set[tuple[str, int, int]]:
    """Every (table, row, column) that filling the readme reads."""
    reads: set = set()
    watched = {
        t: Table(table.header, [Row(row, (t, k), reads) for k, row in enumerate(table.rows)])
        for t, table in tables.items()
    }
    fill(readme, watched, setup)
    return reads


def test_changing_any_number_the_readme_shows_makes_the_check_fail(readme, drawn_from):
    """Each printed number the filler reads, made larger: the filled readme
    differs, or a premise it rests on fails."""
    tables, setup = drawn_from
    unnoticed = []
    for title, k, j in sorted(cells_read(readme, tables, setup)):
        cell = tables[title].rows[k][j]
        if tables[title].header[j] in LABELS or not re.search(r"\d", cell):
            continue  # a row's labels are its keys, not numbers it quotes
        rows = [list(row) for row in tables[title].rows]
        rows[k][j] = re.sub(
            r"\d", lambda digit: "9" + digit.group(0), cell, count=1
        )  # 0.50 -> 90.50, ≥1,690 -> ≥91,690
        filled, problems = fill(readme, {**tables, title: Table(tables[title].header, rows)}, setup)
        if filled == readme and not problems:
            unnoticed.append((title, tables[title].rows[k][0], tables[title].header[j]))
    assert unnoticed == []


@pytest.mark.parametrize(
    "old, new",
    [("| hard (15)            |", "| hardly (15)          |"), ("with at most", "with no more than")],
    ids=["a row the notebook does not print", "a quote the readme lacks"],
)
def test_a_key_the_run_lacks_or_a_lost_quote_is_a_problem(readme, drawn_from, old, new):
    assert fill(readme.replace(old, new, 1), *drawn_from)[1] != []


@pytest.mark.parametrize("typed", ["at most 6.4 ms", "8 times the 6.1 of naked singles", "under 30 ms", "-1 ms"])
def test_a_number_the_prose_writes_itself_is_a_problem(readme, drawn_from, typed):
    problems = fill(readme.replace("Every answer was right", f"Every answer was right, {typed}", 1), *drawn_from)[1]
    assert [p for p in problems if "writes" in p] != []


def test_the_caption_names_the_machine_the_notebook_ran_on(readme):
    assert f"run on {machine()}." in " ".join(readme.split())


def test_every_table_and_figure_the_docs_cite_is_in_the_readme(readme):
    captions = set(re.findall(r"^((?:Table|Figure) \d+)\. ", readme, flags=re.MULTILINE))
    cited = {
        found
        for path in (ROOT / "docs").rglob("*.md")
        for found in re.findall(r"\b(?:Table|Figure) \d+", path.read_text())
    }
    assert cited and cited <= captions


def image_paths(text: str) -> list[str]:
    """Every local image a markdown text shows, by markdown link or <img> tag."""
    return [a or b for a, b in IMAGE_LINK.findall(text)]


def test_every_picture_the_readme_shows_exists(readme):
    assert image_paths(readme) and all((ROOT / path).is_file() for path in image_paths(readme))


def test_every_figure_has_a_caption_after_it_and_is_cited(readme):
    shown = len(image_paths(readme))
    assert re.findall(r"^Figure (\d+)\. ", readme, flags=re.MULTILINE) == [str(n) for n in range(1, shown + 1)]
    cited = set(re.findall(r"Figures? (\d+)(?!\.)", re.sub(r"^Figure \d+\. ", "", readme, flags=re.MULTILINE)))
    assert cited >= {str(n) for n in range(1, shown + 1)}
