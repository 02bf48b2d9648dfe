"""Pin what requirements.txt installs on the Pythons whose own pip resolves it too slowly.

The pip that comes with Python 3.8 and 3.9 (23.0.1) can backtrack for more than
ten minutes through Jupyter's dependencies: it does wherever an index leaves out
which Pythons a release supports (as the local ``file://`` indexes our machines'
pip reads do), so that it has to download releases that need a newer Python,
and each rejection sends it back through older versions of other packages.  A
newer resolver finds the same answer in seconds.

This tool hands the ranges at the top of requirements.txt, each marked for the
Pythons before ``FIRST_UNLOCKED_PYTHON``, to uv's universal resolver
(``uv pip compile --universal``).  For each of those Pythons it picks the newest
release that Python supports, as pip does, and marks each pin with the Pythons
(and platforms) that take it.  Its pins, under a line recording the ranges they
were resolved from, replace the block between ``BEGIN`` and ``END`` at the end
of the file.  The old pip then has one candidate per package and nothing to
backtrack through; other Pythons read the ranges alone.  ``tests/test_lock.py``
checks the block against the ranges, offline.

Usage: ``python -m tools.handin.lock`` (needs uv, the ``lock`` dependency
group, and the package index).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence

from tools.paths import ROOT

REQUIREMENTS = ROOT / "requirements.txt"
OLDEST_PYTHON = "3.8"  #: the oldest Python the hand-in supports (docs/python-support.md)
#: the Pythons before this one come with a pip (23.0.1) that backtracks through Jupyter's dependencies
FIRST_UNLOCKED_PYTHON = "3.10"
BEGIN = "# BEGIN LOCK: written by `python -m tools.handin.lock`, not by hand"
END = "# END LOCK"
FROM = "# resolved from: "  #: the block's record of the ranges it was resolved from
SEPARATOR = " | "


def split(text: str) -> tuple[str, list[str]]:
    """The file's hand-written part and its lock block's lines (empty if it has none yet)."""
    head, begin, block = text.partition(BEGIN + "\n")
    return head, (begin + block).splitlines()


def ranges(head: str) -> list[str]:
    """The requirement lines of the hand-written part, as written."""
    lines = (line.split("#", 1)[0].strip() for line in head.splitlines())
    return [line for line in lines if line]


def recorded(block: Sequence[str]) -> list[str]:
    """The ranges a lock block records it was resolved from (none if it records none)."""
    lines = [line[len(FROM) :] for line in block if line.startswith(FROM)]
    return lines[0].split(SEPARATOR) if lines else []


def resolve(requirements: Sequence[str]) -> list[str]:
    """uv's pins for ``requirements`` on the locked Pythons, one a line, each
    with the marker of the Pythons and platforms that take it."""
    marked = "".join(f'{line}; python_version < "{FIRST_UNLOCKED_PYTHON}"\n' for line in requirements)
    command = [sys.executable, "-m", "uv", "pip", "compile", "-", "--universal", "--python-version", OLDEST_PYTHON]
    command += ["--no-header", "--no-annotate", "--quiet"]
    # uv's own messages and errors go to stderr, left to the terminal.
    done = subprocess.run(command, input=marked, stdout=subprocess.PIPE, text=True)
    if done.returncode:
        raise SystemExit(f"lock: failed ({done.returncode}): {' '.join(command)}")
    return done.stdout.splitlines()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.parse_args(argv)
    head, _ = split(REQUIREMENTS.read_text(encoding="utf-8"))
    head = head if head.endswith("\n") else head + "\n"
    wanted = ranges(head)
    pins = resolve(wanted)
    REQUIREMENTS.write_text(
        head + "\n".join([BEGIN, FROM + SEPARATOR.join(wanted), *pins, END]) + "\n", encoding="utf-8"
    )
    print(f"{REQUIREMENTS.name}: {len(pins)} pins for the Pythons before {FIRST_UNLOCKED_PYTHON}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
