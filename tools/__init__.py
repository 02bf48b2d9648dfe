"""The development side: everything the hand-in does not need, by role.

``tools.handin``   guarding the hand-in: the template, the hand-in itself, the
                   notebook's code and printed tables, the real autograder.
``tools.puzzles``  reading and making puzzles: the one file reader and writer,
                   the named sets, the generators of committed data.
``tools.measure``  measuring: the benchmark's jobs, the other solvers, results.
``tools.report``   reporting: the readme's numbers and the report's figures.
``tools.cli``      the command line: ``python -m tools.cli.solve``.

Each runs as a module from the project folder, so that ``import helpers``
finds the solver beside the notebook, or from any folder once
``pip install -e .`` has installed the project; ``docs/map.md`` has the whole map.
``positive_int`` is what the command lines share: their type for counts.

All but ``tools.handin`` need Python 3.10 or later: their packages call
``require_tools_python`` first, so that an older Python is told so in one
line rather than failing later.  ``tools.handin`` runs on 3.8 too, as CI runs
the real autograder there.  This file keeps to Python 3.8 for that reason.
"""

import argparse
import sys

TOOLS_PYTHON = (3, 10)  #: the oldest Python the tools run on (docs/python-support.md)
USAGE_ERROR = 2  #: the exit status of a usage error, as argparse's, and of a Python too old


def require_tools_python(prog: str) -> None:
    """On a Python older than ``TOOLS_PYTHON``, say so on one line of stderr
    and exit with ``USAGE_ERROR``."""
    if sys.version_info < TOOLS_PYTHON:
        needed, running = (".".join(map(str, version)) for version in (TOOLS_PYTHON, sys.version_info[:3]))
        print(
            f"{prog}: error: needs Python {needed} or later, not Python {running} (docs/python-support.md)",
            file=sys.stderr,
        )
        sys.exit(USAGE_ERROR)


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return int(text)
