"""The written part stays true to the measurements and to the files it shows."""

from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT
from tools.report.readme import (
    README_TABLES,
    RESULTS,
    SECTIONS,
    SOLVER_SECTIONS,
    TEXTBOOK_SECTION,
    code_lines,
    documents,
    generated_names,
    load_results,
    updated,
)

README = ROOT / "readme.md"
NOTEBOOK = ROOT / "sudoku.ipynb"
IMAGE_LINK = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")


def image_paths(text: str) -> list[str]:
    """Every local image a markdown text shows, by markdown link or <img> tag."""
    return [a or b for a, b in IMAGE_LINK.findall(text)]


def notebook_markdown() -> str:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


@pytest.mark.parametrize("document", documents(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_document_tables_match_the_results_files(document):
    text = document.read_text(encoding="utf-8")
    assert updated(text, load_results(RESULTS)) == text, "run python -m tools.report.readme"


def test_every_generated_part_appears_in_a_document():
    shown = [name for document in documents() for name in generated_names(document.read_text(encoding="utf-8"))]
    assert sorted(set(shown)) == sorted(SECTIONS)


@pytest.mark.parametrize("source", ["readme", "notebook"])
def test_every_image_shown_exists(source):
    text = README.read_text(encoding="utf-8") if source == "readme" else notebook_markdown()
    paths = image_paths(text)
    assert paths, f"the {source} shows no image"
    for path in paths:
        assert (ROOT / path).is_file(), path


def test_the_readme_has_no_generated_markers_and_every_numbered_table():
    text = README.read_text(encoding="utf-8")
    assert "<!--" not in text
    assert generated_names(text) == [README_TABLES[k] for k in sorted(README_TABLES)]


def test_a_captioned_table_is_rendered_under_its_caption(monkeypatch):
    text = "Intro.\n\nTable 2. What it shows,\nover two lines.\n\n| old | table |\n| --- | --- |\n\nAfter.\n"
    monkeypatch.setitem(SECTIONS, README_TABLES[2], lambda _: "| new |\n| --- |")
    assert updated(text, {}) == "Intro.\n\nTable 2. What it shows,\nover two lines.\n\n| new |\n| --- |\n\nAfter.\n"


def test_code_lines_count_code_only_section_by_section(tmp_path):
    module = tmp_path / "module.py"
    banner = "# " + "-" * 20
    module.write_text(
        f'"""Docstring."""\n\n{banner}\n# First\n{banner}\n\nX = 1  # a comment\n\n\ndef f():\n'
        f'    """Its docstring,\n    two lines."""\n    # a comment line\n    return X\n\n'
        f"{banner}\n# Second\n{banner}\nY = (\n    2\n)\n"
    )
    assert code_lines(module) == {"First": 3, "Second": 3}


def test_every_section_the_tradeoff_table_counts_is_a_section_of_helpers():
    titles = list(code_lines())
    for start in (*SOLVER_SECTIONS, TEXTBOOK_SECTION):
        assert sum(title.startswith(start) for title in titles) == 1, start


def test_the_solver_sections_are_everything_before_the_checker():
    titles = list(code_lines())
    solver = [title for title in titles if title.startswith(SOLVER_SECTIONS)]
    assert solver == titles[: titles.index("An independent checker")]
