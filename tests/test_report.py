"""The written part stays true to the measurements and to the files it shows."""

from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT
from tools.report import RESULTS, SECTIONS, documents, generated_names, load_results, updated

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
    assert updated(text, load_results(RESULTS)) == text, "run python -m tools.report"


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
