"""Pin what requirements.txt installs on the Pythons whose own pip resolves it too slowly.

The pip that comes with Python 3.8 and 3.9 (23.0.1) can backtrack for more than
ten minutes through Jupyter's dependencies: it does wherever an index leaves out
which Pythons a release supports (as the local ``file://`` indexes our machines'
pip reads do), so that it has to download releases that need a newer Python,
and each rejection sends it back through older versions of other packages.  A
newer pip finds the same answer in seconds.

This tool runs, for each Python of ``LOCKED_PYTHONS``, the newest pip that
Python supports on the ranges at the top of requirements.txt
(``pip install --dry-run --report``) and writes what it would install as exact
pins, each marked for its Python, into the block between ``BEGIN`` and
``END`` at the end of the file.  The old pip then has one candidate per package
and nothing to backtrack through; other Pythons read the ranges alone.

Usage:
  ``python -m tools.handin.lock``          resolve again and rewrite the block (needs
                                           those Pythons, from pyenv or as pythonX.Y on
                                           PATH, and the package index)
  ``python -m tools.handin.lock --check``  offline: the block is as this tool writes it,
                                           from the ranges now above it, and pins every
                                           package they name within its range

Python 3.10+: the standard library and ``packaging`` (which pytest depends on).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Dict

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name

from tools.paths import ROOT

REQUIREMENTS = ROOT / "requirements.txt"
#: the Pythons whose bundled pip (23.0.1) backtracks through Jupyter's dependencies
LOCKED_PYTHONS = ("3.8", "3.9")
BEGIN = "# BEGIN LOCK: written by `python -m tools.handin.lock`, not by hand"
END = "# END LOCK"
FROM = "# resolved from: "  #: the block's record of the ranges it was resolved from
SEPARATOR = " | "

#: one Python's pins: canonical package name -> version
Pins = Dict[str, str]


def split(text: str) -> tuple[str, list[str]]:
    """The file's hand-written part and its lock block's lines (empty if it has none yet)."""
    head, begin, block = text.partition(BEGIN + "\n")
    return head, (begin + block).splitlines()


def ranges(head: str) -> list[str]:
    """The requirement lines of the hand-written part, as written."""
    lines = (line.split("#", 1)[0].strip() for line in head.splitlines())
    return [line for line in lines if line]


def marker(pythons: Sequence[str]) -> str:
    return " or ".join(f'python_version == "{python}"' for python in pythons)


def render(requirements: Sequence[str], pins: dict[str, Pins]) -> list[str]:
    """The lock block for these ranges and each locked Python's pins: one line
    per package and version, with the Pythons that take it."""
    takers: dict[tuple[str, str], list[str]] = {}
    for python in LOCKED_PYTHONS:
        for name, version in pins.get(python, {}).items():
            takers.setdefault((name, version), []).append(python)
    # By name, then in the order of the Pythons (not of the version strings).
    order = sorted(takers, key=lambda pin: (pin[0], LOCKED_PYTHONS.index(takers[pin][0])))
    lines = [f"{name}=={version}; {marker(takers[name, version])}" for name, version in order]
    return [BEGIN, FROM + SEPARATOR.join(requirements), *lines, END]


def parse(block: Sequence[str]) -> tuple[list[str], dict[str, Pins], list[str]]:
    """The ranges a block records, its pins by locked Python, and what in it
    is not a pin for a locked Python."""
    recorded: list[str] = []
    pins: dict[str, Pins] = {python: {} for python in LOCKED_PYTHONS}
    bad = []
    for line in block:
        if line.startswith(FROM):
            recorded = line[len(FROM) :].split(SEPARATOR)
            continue
        if line in (BEGIN, END):
            continue
        try:
            requirement = Requirement(line)
        except InvalidRequirement:
            bad.append(line)
            continue
        specifiers = list(requirement.specifier)
        pythons = [
            python
            for python in LOCKED_PYTHONS
            if requirement.marker and requirement.marker.evaluate({"python_version": python})
        ]
        if len(specifiers) != 1 or specifiers[0].operator != "==" or not pythons:
            bad.append(line)
        for python in pythons:
            pins[python][canonicalize_name(requirement.name)] = specifiers[0].version
    return recorded, pins, bad


def problems(text: str) -> list[str]:
    """Why requirements.txt's lock block is not what this tool would write from
    its ranges, one line each; empty when it is (offline: it does not resolve)."""
    head, block = split(text)
    if not block:
        return [f"no lock block: no line {BEGIN!r}"]
    wanted = ranges(head)
    recorded, pins, bad = parse(block)
    found = [f"not a pin for Python {' or '.join(LOCKED_PYTHONS)}: {line}" for line in bad]
    if recorded != wanted:
        found.append(f"resolved from {recorded}, but the ranges are now {wanted}")
    for line in wanted:
        requirement = Requirement(line)
        for python in LOCKED_PYTHONS:
            version = pins[python].get(canonicalize_name(requirement.name))
            if version is None or not requirement.specifier.contains(version, prereleases=True):
                found.append(f"Python {python}: {requirement.name} pinned to {version}, outside {line}")
    if not found and block != render(wanted, pins):
        found.append("the block is not laid out as the tool writes it (sorted, one line per version, marked by Python)")
    return found


def find_python(version: str) -> str:
    """The interpreter for ``version`` (e.g. "3.8"): from pyenv, else pythonX.Y on
    PATH, as .ci/run finds it."""
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates = [str(path) for path in sorted(root.glob(f"versions/{version}.*/bin/python"))]
    candidates.append(shutil.which(f"python{version}") or "")
    for candidate in filter(None, candidates):
        check = f"import sys; sys.exit(sys.version_info[:2] != {tuple(map(int, version.split('.')))})"
        if subprocess.run([candidate, "-c", check], capture_output=True).returncode == 0:
            return candidate
    raise SystemExit(f"lock: no Python {version}, neither in pyenv nor as python{version} on PATH")


def run(command: Sequence[str]) -> None:
    """Run quietly; on failure show what it said and stop."""
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"lock: failed ({done.returncode}): {' '.join(command)}")


def resolve(python: str, requirements: Sequence[str]) -> Pins:
    """What the newest pip that ``python`` supports would install from
    ``requirements`` into an empty environment of that Python."""
    with tempfile.TemporaryDirectory() as work:
        venv, listed, report = Path(work, "venv"), Path(work, "ranges.txt"), Path(work, "report.json")
        listed.write_text("\n".join(requirements) + "\n", encoding="utf-8")
        run([python, "-m", "venv", str(venv)])
        pip = [str(venv / "bin" / "python"), "-m", "pip"]
        run([*pip, "install", "--quiet", "--upgrade", "pip"])
        run([*pip, "install", "--quiet", "--dry-run", "--ignore-installed", "--report", str(report), "-r", str(listed)])
        installs = json.loads(report.read_text(encoding="utf-8"))["install"]
    return {canonicalize_name(item["metadata"]["name"]): item["metadata"]["version"] for item in installs}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the block against the ranges (offline)")
    args = parser.parse_args(argv)
    text = REQUIREMENTS.read_text(encoding="utf-8")
    if args.check:
        found = problems(text)
        for problem in found:
            print(f"lock: {problem}", file=sys.stderr)
        if found:
            print("lock: run `python -m tools.handin.lock` to write the block again", file=sys.stderr)
        return 1 if found else 0
    head, _ = split(text)
    head = head if head.endswith("\n") else head + "\n"
    wanted = ranges(head)
    pins = {python: resolve(find_python(python), wanted) for python in LOCKED_PYTHONS}
    REQUIREMENTS.write_text(head + "\n".join(render(wanted, pins)) + "\n", encoding="utf-8")
    print(f"{REQUIREMENTS.name}: " + ", ".join(f"{len(pins[p])} pins for Python {p}" for p in LOCKED_PYTHONS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
