"""The report says what the notebook's run printed: its tables are the
notebook's tables, the numbers its prose quotes are the tables' numbers, and
every picture it shows exists."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from tools.handin.notebook import Table
from tools.report.readme import QUOTES, README, code_lines, fill, joined, machine, sources

IMAGE_LINK = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")


@pytest.fixture(scope="module")
def drawn_from() -> tuple[dict[str, Table], dict[str, str]]:
    """The tables the readme draws on, and where each caption says they were measured."""
    return sources()


@pytest.fixture(scope="module")
def readme() -> str:
    return README.read_text(encoding="utf-8")


def test_the_readme_says_what_the_notebooks_run_printed(readme, drawn_from):
    filled, missing = fill(readme, *drawn_from)
    assert missing == []
    assert filled == readme, "run python -m tools.report.readme"


def test_a_number_changed_in_a_table_is_put_back(readme, drawn_from):
    table_1 = readme.index("Table 1.")
    changed = readme[:table_1] + readme[table_1:].replace("| 15/15 |", "| 14/15 |", 1)
    assert fill(changed, *drawn_from)[0] == readme


@pytest.mark.parametrize("quote", QUOTES, ids=lambda quote: quote.phrase[:40])
def test_a_quoted_number_that_differs_from_the_tables_is_corrected(quote, readme, drawn_from):
    found = quote.pattern().search(readme)
    slot = next(iter(found.groupdict()))
    changed = readme[: found.start(slot)] + "999" + readme[found.end(slot) :]
    assert fill(changed, *drawn_from)[0] == readme


def test_tables_are_joined_on_the_columns_they_share():
    answers = Table(["set", "method", "right"], [["hard", "a", "1/1"], ["hard", "b", "0/1"]])
    times = Table(["set", "method", "ms"], [["hard", "b", "2"], ["hard", "a", "1"]])
    assert joined([answers, times]) == Table(
        ["set", "method", "right", "ms"], [["hard", "a", "1/1", "1"], ["hard", "b", "0/1", "2"]]
    )


def test_the_caption_names_the_machine_the_notebook_ran_on(readme):
    assert f"run on {machine()}" in " ".join(readme.split())


def test_lines_of_code_are_counted_by_section(tmp_path):
    module = tmp_path / "module.py"
    module.write_text(
        '"""Docstring."""\n\n# ---\n# First\n# ---\n\nA = 1  # a comment\n# a comment line\n\n\n'
        'def f():\n    """Doc\n    string."""\n    return A\n\n# ---\n# Second\n# ---\nB = 2\n',
        encoding="utf-8",
    )
    assert code_lines(module) == {"First": 3, "Second": 1}


def image_paths(text: str) -> list[str]:
    """Every local image a markdown text shows, by markdown link or <img> tag."""
    return [a or b for a, b in IMAGE_LINK.findall(text)]


def test_every_picture_the_readme_shows_exists(readme):
    assert image_paths(readme) and all((ROOT / path).is_file() for path in image_paths(readme))


def test_every_figure_has_a_caption_after_it(readme):
    shown = len(image_paths(readme))
    assert re.findall(r"^Figure (\d+)\. ", readme, flags=re.MULTILINE) == [str(n) for n in range(1, shown + 1)]
