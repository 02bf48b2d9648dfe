"""Make the hand-in: the files the marker gets, and nothing else.

The submission is ``HANDIN_FILES``, copied from the project folder into a new
folder or a .zip archive (the assignment accepts one .zip), the readme without
its section for the repository alone (``REPOSITORY_HEADING``).
``tests/test_handin.py`` builds this folder and runs the notebook in it.

Usage: ``python -m tools.handin.make OUT`` where OUT is a folder that does not yet
exist, or a path ending in ``.zip``.  Standard library only, Python 3.8+.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import textwrap
import zipfile
from pathlib import Path
from typing import Sequence

from tools.paths import ROOT

#: what the marker gets: the notebook, the experiment's notebook, the report, their five modules
#: (the solver, ``show``, the course's search, the experiment and its tables), the puzzles and
#: pictures, and what to install.  ``data`` goes whole: the assignment's puzzles, the
#: project's own (``data/generated/``) and the samples of public collections
#: the experiment times, with their README.
HANDIN_FILES = (
    "sudoku.ipynb",
    "experiment.ipynb",
    "readme.md",
    "helpers.py",
    "listing.py",
    "textbook.py",
    "experiment.py",
    "report.py",
    "requirements.txt",
    "data",
    "images",
)
README = "readme.md"
#: the heading of the readme's one section for the repository alone (how to
#: run it and its tests), which the hand-in's copy leaves out
REPOSITORY_HEADING = "## This repository"


def handin_readme(text: str) -> str:
    """The readme as the marker gets it: without the section under
    ``REPOSITORY_HEADING``, which runs to the next heading of its level, and
    without the comments that key its numbers to the notebook's run
    (``tools.report.readme``), its paragraphs and list items wrapped again
    where the comments were."""
    text = re.sub(rf"^{re.escape(REPOSITORY_HEADING)}\n.*?(?=^## |\Z)", "", text, flags=re.MULTILINE | re.DOTALL)
    text = re.sub(r"^<!--.*?-->\n", "", text, flags=re.MULTILINE)  # a comment on a line of its own
    blocks = re.split(r"(\n\s*\n)", text)
    return "".join(rewrap(block) if "<!--" in block else block for block in blocks)


#: the width of the readme's lines
README_WIDTH = 95
#: where a list item starts: its marker, which the lines after it are indented past
ITEM = re.compile(r"^(- |\d+\. )", re.MULTILINE)
#: what a line may not start with inside a paragraph: Markdown would begin a block there
BLOCK_START = re.compile(r"(\d+[.)]|[-+*]|#+|>)(\s|$)")


def rewrap(block: str) -> str:
    """A paragraph, or a list of items, without its comments, wrapped to ``README_WIDTH``."""
    starts = [match.start() for match in ITEM.finditer(block)] or [0]  # before a quote's number loses its comment
    items = [re.sub(r"<!--.*?-->", "", block[a:b]) for a, b in zip(starts, [*starts[1:], len(block)])]
    wrapped = []
    for item in items:
        marker = ITEM.match(item)
        indent = " " * len(marker.group(0)) if marker else ""
        lines = textwrap.wrap(" ".join(item.split()), README_WIDTH, subsequent_indent=indent)
        for k in range(1, len(lines)):
            if BLOCK_START.match(lines[k].lstrip()):  # it would render as a list item or a heading
                before, word = lines[k - 1].rsplit(" ", 1)
                lines[k - 1], lines[k] = before, indent + word + " " + lines[k].lstrip()
        wrapped.append("\n".join(lines))
    return "\n".join(wrapped)


def handin_paths(root: Path = ROOT) -> list[Path]:
    """Every file of the hand-in under ``root``, in a fixed order; raises
    ``FileNotFoundError`` naming the first that is missing."""
    paths = []
    for name in HANDIN_FILES:
        path = root / name
        if not path.exists():
            raise FileNotFoundError(f"{name} is missing from {root}")
        if path.is_dir():
            inside = (p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
            paths += sorted(inside)
        else:
            paths.append(path)
    return paths


def make_handin(out: Path, root: Path = ROOT) -> Path:
    """Copy the hand-in from ``root`` to ``out``: a new folder, or a .zip
    archive when ``out`` ends in ``.zip``.  Returns ``out``; refuses to
    overwrite anything (``FileExistsError``)."""
    out = Path(out)
    if out.exists():
        raise FileExistsError(f"{out} already exists")
    paths = handin_paths(root)
    readme = handin_readme((root / README).read_text(encoding="utf-8"))
    if out.suffix == ".zip":
        with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for path in paths:
                name = path.relative_to(root).as_posix()
                if name == README:
                    archive.writestr(name, readme)
                else:
                    archive.write(path, name)
        return out
    for path in paths:
        target = out / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    (out / README).write_text(readme, encoding="utf-8")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="a new folder, or a path ending in .zip")
    args = parser.parse_args(argv)
    try:
        made = make_handin(args.out)
    except (FileExistsError, FileNotFoundError) as error:
        print(f"make: {error}", file=sys.stderr)
        return 2
    print(f"{made}: {', '.join(HANDIN_FILES)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
