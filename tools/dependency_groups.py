"""Print a dependency group of ``pyproject.toml`` as requirement lines.

pip 25.1 and later install a group directly (``pip install --group dev``), but
the newest pip for Python 3.8 is 25.0, which cannot; CI and
``tools/measure/python_matrix.py`` install the group there from these lines instead
(``pip install -r requirements.txt -r LINES``).  ``{include-group = ...}``
entries are resolved (PEP 735).

Usage: ``python -m tools.dependency_groups GROUP`` (Python 3.11 or later, for tomllib).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from tools.paths import ROOT

PYPROJECT = ROOT / "pyproject.toml"


def requirements(group: str, groups: dict | None = None) -> list[str]:
    """The requirement strings of ``group``, included groups first where they
    are listed; raises ``KeyError`` for a group that is not defined."""
    if groups is None:
        import tomllib  # Python 3.11+; imported here so the tools still import on 3.10

        groups = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["dependency-groups"]
    lines = []
    for entry in groups[group]:
        lines += requirements(entry["include-group"], groups) if isinstance(entry, dict) else [entry]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("group", help="a group of [dependency-groups], e.g. dev or bench")
    args = parser.parse_args(argv)
    print("\n".join(requirements(args.group)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
