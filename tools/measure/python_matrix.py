"""Run the tests under every supported Python, each with the lowest numpy it can
take (or the highest, where that is the edge worth checking), in fresh venvs.

CI checks the hand-in under the oldest and newest Python only (``.ci/run``);
this is the fuller check to run by hand before a release.  For each row of
``MATRIX`` it makes a venv in a temporary folder with that interpreter (from
pyenv), installs ``requirements.txt`` and the ``dev`` dependency group with
numpy pinned, and runs pytest on the test files that Python supports:
everything from Python 3.10, and below that the notebook and the tests of
``helpers.py`` alone (with the few tools they import, such as
``tools.cli.engine`` and ``tools.steps``, which keep to Python 3.8), because the
other tools need 3.10 (``docs/python-support.md``).  The outcome goes to
``docs/results/python-matrix.json``, from which ``tools/report/readme.py`` fills the table
in ``docs/python-support.md``.

Usage: ``python -m tools.measure.python_matrix [--only 3.8 ...]`` (``--only`` runs
those rows again and keeps the others).  Needs pyenv's interpreters and PyPI;
takes a few minutes a row.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from dataclasses import asdict, dataclass
from pathlib import Path

from tools.dependency_groups import requirements
from tools.paths import RESULTS, ROOT

OUT = RESULTS / "python-matrix.json"
#: what runs below Python 3.10: the notebook and the tests of helpers.py
NOTEBOOK_AND_HELPERS = (
    "sudoku.ipynb",
    "tests/test_checker.py",
    "tests/test_csp.py",
    "tests/test_encoding.py",
    "tests/test_engine.py",
    "tests/test_handin.py",
    "tests/test_input.py",
    "tests/test_optimisations.py",
    "tests/test_search.py",
    "tests/test_solver.py",
    "tests/test_state.py",
    "tests/test_template.py",
    "tests/test_worst_cases.py",
)
EVERYTHING = ()  #: no paths: pytest's testpaths, the whole suite
#: (Python, numpy, tests): the lowest numpy each Python can install, and the
#: newest numpy on the newest Python
MATRIX = (
    ("3.8", "1.21.6", NOTEBOOK_AND_HELPERS),
    ("3.9", "2.0.2", NOTEBOOK_AND_HELPERS),
    ("3.10", "1.21.6", EVERYTHING),
    ("3.11", "1.23.5", EVERYTHING),
    ("3.12", "1.26.4", EVERYTHING),
    ("3.13", "2.5.5", EVERYTHING),
)


@dataclass
class Outcome:
    """One row of the matrix, as it ran."""

    python: str  #: the full version that ran, e.g. 3.8.18
    numpy: str
    tests: str  #: "all" or "notebook and helpers.py"
    passed: int
    failed: int
    skipped: int
    seconds: float


def interpreter(version: str) -> Path:
    """pyenv's newest CPython ``version``.x; raises ``FileNotFoundError`` naming it."""
    root = subprocess.run(["pyenv", "root"], capture_output=True, text=True, check=True).stdout.strip()
    found = sorted(Path(root, "versions").glob(f"{version}.*/bin/python"))
    if not found:
        raise FileNotFoundError(f"pyenv has no CPython {version}")
    return found[-1]


def run_row(version: str, numpy: str, paths: tuple[str, ...], work: Path) -> Outcome:
    """Make the venv of one row, install, run its tests; return what happened."""
    venv = work / f"venv-{version}"
    python = venv / "bin" / "python"
    subprocess.run([str(interpreter(version)), "-m", "venv", str(venv)], check=True)
    pip = [str(python), "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    # The dev group as requirement lines: Python 3.8's newest pip (25.0) has no --group.
    subprocess.run([*pip, "-r", str(ROOT / "requirements.txt"), *requirements("dev"), f"numpy=={numpy}"], check=True)
    report = work / f"junit-{version}.xml"
    start = time.monotonic()
    subprocess.run([str(python), "-m", "pytest", "-q", f"--junitxml={report}", *paths], cwd=ROOT)
    seconds = time.monotonic() - start
    suite = ElementTree.parse(report).getroot()
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
    counts = {key: int(suite.get(key, 0)) for key in ("tests", "failures", "errors", "skipped")}
    versions = subprocess.run(
        [str(python), "-c", "import numpy, platform; print(platform.python_version(), numpy.__version__)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return Outcome(
        python=versions[0],
        numpy=versions[1],
        tests="all" if not paths else "notebook and helpers.py",
        passed=counts["tests"] - counts["failures"] - counts["errors"] - counts["skipped"],
        failed=counts["failures"] + counts["errors"],
        skipped=counts["skipped"],
        seconds=round(seconds, 1),
    )


def table(rows: list[dict]) -> str:
    """The outcomes as a markdown table."""
    lines = ["| Python | numpy | tests | passed | failed | skipped |", "| --- | --- | --- | --: | --: | --: |"]
    for row in rows:
        lines.append(
            f"| {row['python']} | {row['numpy']} | {row['tests']} | {row['passed']} | {row['failed']} | {row['skipped']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", metavar="VERSION", help="run only these Python versions")
    args = parser.parse_args(argv)
    rows = [row for row in MATRIX if not args.only or row[0] in args.only]
    outcomes = []
    with tempfile.TemporaryDirectory() as folder:
        for version, numpy, paths in rows:
            print(f"Python {version} with numpy {numpy}", file=sys.stderr)
            outcomes.append(asdict(run_row(version, numpy, paths, Path(folder))))
    OUT.write_text(json.dumps(merged(outcomes), indent=1) + "\n", encoding="utf-8")
    print(table(outcomes))
    return 1 if any(row["failed"] for row in outcomes) else 0


def minor(version: str) -> str:
    """``3.8`` for ``3.8.18``."""
    return ".".join(version.split(".")[:2])


def merged(outcomes: list[dict]) -> dict:
    """The results file with these rows in place of earlier rows of the same
    Python (``--only`` runs some rows again and keeps the others), in
    ``MATRIX`` order."""
    rows = {}
    if OUT.is_file():
        rows = {minor(row["python"]): row for row in json.loads(OUT.read_text(encoding="utf-8"))["rows"]}
    rows.update({minor(row["python"]): row for row in outcomes})
    order = [version for version, _, _ in MATRIX]
    ordered = sorted(rows.values(), key=lambda row: order.index(minor(row["python"])))
    return {"date": datetime.date.today().isoformat(), "rows": ordered}


if __name__ == "__main__":
    sys.exit(main())
