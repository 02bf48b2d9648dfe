"""How the notebooks show code and tables (``listing.py``): a function's
source as its file has it, and a table under its key
and title, each rendered from its Markdown in a notebook and printed
elsewhere; and the module needs nothing but the standard library, as the
marked notebook needs nothing else beside ``helpers.py``."""

from __future__ import annotations

import builtins
import sys

import pytest

import listing
from conftest import ROOT, imported_names


class Shelf:
    """A class to show."""

    def __init__(self) -> None:
        self.books: list[str] = []

    def put(self, book: str) -> None:
        """Put a book on the shelf."""
        self.books.append(book)

    def take(self) -> str:
        """Take the last book put."""
        return self.books.pop()


def count(shelf: Shelf) -> int:
    """How many books the shelf holds."""
    return len(shelf.books)


METHODS = '''# Shelf.put, in test_listing.py
def put(self, book: str) -> None:
    """Put a book on the shelf."""
    self.books.append(book)

# Shelf.take, in test_listing.py
def take(self) -> str:
    """Take the last book put."""
    return self.books.pop()

def count(shelf: Shelf) -> int:
    """How many books the shelf holds."""
    return len(shelf.books)'''


def test_a_function_is_shown_as_its_file_has_it_docstring_included():
    assert listing.source_of(count) == (
        'def count(shelf: Shelf) -> int:\n    """How many books the shelf holds."""\n    return len(shelf.books)'
    )


def test_a_method_is_shown_dedented_under_a_comment_naming_its_class_and_file():
    assert listing.source_of(Shelf.put) == (
        "# Shelf.put, in test_listing.py\ndef put(self, book: str) -> None:\n"
        '    """Put a book on the shelf."""\n    self.books.append(book)'
    )


def test_each_method_gets_its_own_header_and_no_class_line():
    shown = listing.source_of(Shelf.put, Shelf.take, count)
    assert shown == METHODS and "class " not in shown


def test_a_class_is_shown_whole_as_its_file_has_it():
    shown = listing.source_of(Shelf)
    assert shown.startswith('class Shelf:\n    """A class to show."""\n')
    assert all(f"    def {name}(self" in shown for name in ("__init__", "put", "take"))


def test_outside_a_notebook_show_prints_the_code_and_a_blank_line(capsys, monkeypatch):
    monkeypatch.delattr(builtins, "display", raising=False)
    listing.show(count)
    assert capsys.readouterr().out == f"```python\n{listing.source_of(count)}\n```\n\n"


def test_in_a_notebook_show_displays_the_code_as_markdown_and_prints_nothing(capsys, monkeypatch):
    shown = []
    monkeypatch.setattr(builtins, "display", shown.append, raising=False)
    listing.show(Shelf.put, Shelf.take, count)
    [displayed] = shown
    assert capsys.readouterr().out == ""
    assert displayed._repr_markdown_() == repr(displayed) == f"```python\n{METHODS}\n```"


def test_a_table_prints_under_its_key_and_title_with_a_blank_line_after_it(capsys):
    listing.print_table("times", "CPU time per puzzle", ["set", "ms"], [["hard", "0.27"]])
    assert (
        capsys.readouterr().out
        == f"[times] CPU time per puzzle\n\n{listing.markdown_table(['set', 'ms'], [['hard', '0.27']])}\n\n"
    )


def test_in_a_notebook_a_table_is_displayed_as_markdown_with_its_printed_text(capsys, monkeypatch):
    shown = []
    monkeypatch.setattr(builtins, "display", shown.append, raising=False)
    listing.print_table("times", "CPU time per puzzle", ["set", "ms"], [["hard", "0.27"]])
    table = listing.markdown_table(["set", "ms"], [["hard", "0.27"]])
    [displayed] = shown
    assert capsys.readouterr().out == "" and repr(displayed) == f"[times] CPU time per puzzle\n\n{table}"
    assert displayed._repr_markdown_() == f"**[times] CPU time per puzzle**\n\n{table}"


@pytest.mark.skipif(sys.version_info < (3, 10), reason="needs Python 3.10 for sys.stdlib_module_names")
def test_listing_imports_the_standard_library_alone():
    imported = {name.split(".")[0] for name in imported_names((ROOT / "listing.py").read_text(encoding="utf-8"))}
    assert imported - {"__future__"} <= set(sys.stdlib_module_names)
