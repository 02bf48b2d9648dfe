"""The docs say what the code does: every command they name runs, and every
limit or constant they quote is the code's.

The docs are ``docs/*.md`` and ``readme.md``; ``docs/results/`` holds the
benchmark's records and the history of tuning, and is left out.  Each quote
below is found in its doc by a pattern (a space in it matches any run of
spaces and line breaks) whose groups are the quoted values, and compared with
their source.  A doc reworded so that a pattern no longer finds its quote
fails too: then update the quote here.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from packaging.markers import Marker

import helpers
from tools.cli import solve
from tools.measure import benchmark
from tools.paths import ROOT
from tools.puzzles import find_hardest, io, make_data, make_hard, make_sparse

DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "readme.md"]
#: a command as the docs write it: ``python -m tools.X.Y``
COMMAND = re.compile(r"python3? -m (tools(?:\.\w+)+)")


def named_commands() -> list[str]:
    """Every module the docs run as a command (``python -m``)."""
    return sorted({module for doc in DOCS for module in COMMAND.findall(doc.read_text(encoding="utf-8"))})


def quoted(doc: str, pattern: str) -> tuple[str, ...]:
    """The values the groups of ``pattern`` find in ``doc`` (a path from the project folder)."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    match = re.search(pattern.replace(" ", r"\s+"), text)
    assert match, f"{doc} no longer quotes {pattern!r}: update the quote in tests/test_docs.py"
    return match.groups()


def numbers(text: str) -> list[float]:
    """The numbers in ``text``, as docs write them: 1,000 is 1000."""
    return [float(number.replace(",", "")) for number in re.findall(r"\d[\d,]*(?:\.\d+)?", text)]


def ci_setting(name: str) -> str:
    """What ``.ci/run`` sets ``name`` to, as words: ``EDGE_PYTHONS=(3.8 3.13)`` is "3.8 3.13"."""
    match = re.search(rf"^(?:declare -A )?{name}=(.*)$", (ROOT / ".ci" / "run").read_text(), re.MULTILINE)
    assert match, f".ci/run sets no {name}"
    return " ".join(re.findall(r"[\w.]+", match[1]))


def requirements() -> list[tuple[str, str]]:
    """Each requirement of ``requirements.txt`` with its environment marker ("" for none)."""
    lines = (line.split("#")[0].strip() for line in (ROOT / "requirements.txt").read_text().splitlines())
    return [(line.split(";")[0].strip(), line.partition(";")[2].strip()) for line in lines if line]


@pytest.mark.slow
@pytest.mark.parametrize("module", named_commands())
def test_every_command_a_doc_names_accepts_help(module):
    run = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize(
    "doc, pattern, value",
    [
        pytest.param("docs/tuning.md", r"`ORDER_SEED` \((\d+)\)", [helpers.ORDER_SEED], id="ORDER_SEED"),
        pytest.param("data/README.md", r"seeded with (\d+) and the category's number", [make_data.SEED], id="SEED"),
        pytest.param("data/README.md", r"climbs for (\d+) steps", [make_hard.CLIMB_STEPS], id="CLIMB_STEPS"),
        pytest.param(
            "data/README.md",
            r"drawn from the seed (\d+) and k; the tuning file was made the same way from the seed (\d+)",
            [make_hard.EVALUATION_SEED, make_hard.TUNING_SEED],
            id="SEEDS",
        ),
        pytest.param(
            "data/README.md", r"tried at least ([\d,]+) rows, averaged", [find_hardest.MIN_PLAIN_ROWS], id="HARDEST"
        ),
        pytest.param(
            "data/README.md",
            r"holds (\d+) puzzles of (\d+) givens[^|]*?drawn\s+from the seed (\d+) and k",
            [make_sparse.PUZZLES, make_sparse.GIVENS, make_sparse.SEED],
            id="SPARSE",
        ),
        pytest.param(
            "docs/tuning.md",
            r"the first search's limit, (\d+) rows a candidate",
            [helpers.RESTART_ROWS_PER_CANDIDATE],
            id="RESTART_ROWS_PER_CANDIDATE",
        ),
        pytest.param("docs/reproducing.md", r"K rounds \((\d+) by default\)", [benchmark.ROUNDS], id="ROUNDS"),
        pytest.param(
            "docs/reproducing.md",
            r"K seeded random puzzles \((\d+) by default\)",
            [benchmark.SIZE_PUZZLES],
            id="SIZE_PUZZLES",
        ),
        pytest.param(
            "docs/reproducing.md",
            r"of each size, (\d+) x \d+ to (\d+) x \d+",
            [min(box * box for box, _ in benchmark.SIZES), max(box * box for box, _ in benchmark.SIZES)],
            id="SIZES",
        ),
        pytest.param(
            "docs/reproducing.md", r"tries at least ([\d,]+) rows", [find_hardest.MIN_PLAIN_ROWS], id="MIN_PLAIN_ROWS"
        ),
        pytest.param(
            "docs/input.md",
            r"takes sides ([\d,\sand]+?) and finds",
            [box * box for box in io.SUPPORTED_BOXES],
            id="SUPPORTED_BOXES",
        ),
        pytest.param(
            "docs/command-line.md",
            r"size comes from each puzzle: ([\d,\sor]+?) in text",
            [box * box for box in io.TEXT_BOXES.values()],
            id="TEXT_BOXES",
        ),
        pytest.param("docs/command-line.md", r"exact covers [^.]*? up to (\d+)", [solve.COUNT_LIMIT], id="COUNT_LIMIT"),
        pytest.param(
            "docs/command-line.md", r"(\d+) when `--check` finds a mismatch", [solve.EXIT_MISMATCH], id="EXIT_MISMATCH"
        ),
        pytest.param("docs/command-line.md", r"(\d+) for a usage error", [solve.EXIT_USAGE], id="EXIT_USAGE"),
        pytest.param(
            "docs/command-line.md", r"(\d+) when interrupted", [solve.EXIT_INTERRUPTED], id="EXIT_INTERRUPTED"
        ),
        pytest.param("docs/command-line.md", r"(\d+) for bad input", [solve.EXIT_DATAERR], id="EXIT_DATAERR"),
        pytest.param(
            "docs/command-line.md", r"(\d+) when a worker process died", [solve.EXIT_WORKER_LOST], id="EXIT_WORKER_LOST"
        ),
        pytest.param("docs/command-line.md", r"(\d+) when terminated", [solve.EXIT_TERMINATED], id="EXIT_TERMINATED"),
        pytest.param(
            "docs/command-line.md", r"(\d+) for an unexpected exception", [solve.EXIT_SOFTWARE], id="EXIT_SOFTWARE"
        ),
        pytest.param(
            "docs/command-line.md", r"(\d+) when stdout was closed", [solve.EXIT_BROKEN_PIPE], id="EXIT_BROKEN_PIPE"
        ),
        pytest.param(
            "docs/command-line.md", r"exit status (\d+), 128 \+ SIGPIPE", [solve.EXIT_BROKEN_PIPE], id="SIGPIPE"
        ),
        pytest.param(
            "docs/command-line.md", r"(\d+) when a puzzle ran past", [solve.EXIT_OUT_OF_TIME], id="EXIT_OUT_OF_TIME"
        ),
    ],
)
def test_a_constant_a_doc_quotes_is_the_codes(doc, pattern, value):
    assert numbers(" ".join(quoted(doc, pattern))) == value


@pytest.mark.parametrize(
    "doc, pattern, name",
    [
        pytest.param(
            "docs/python-support.md",
            r"`FIRST_COMMAND_LIMIT`, (\d+) s",
            "FIRST_COMMAND_LIMIT",
            id="python-support limit",
        ),
        pytest.param(
            "docs/python-support.md", r"\| CPython (3\.\d+) to (3\.\d+) \|", "EDGE_PYTHONS", id="python-support range"
        ),
        pytest.param(
            "docs/python-support.md",
            r"\((3\.\d+) and (3\.\d+), found with pyenv",
            "EDGE_PYTHONS",
            id="python-support first command",
        ),
        pytest.param(
            "docs/python-support.md",
            r"The (3\.\d+) venv then gets (numpy) ([\d.]*\d)",
            "EDGE_PINS",
            id="python-support oldest numpy",
        ),
        pytest.param(
            "docs/map.md", r"on Python (3\.\d+) \(numpy [\d.]+\) and (3\.\d+)", "EDGE_PYTHONS", id="map range"
        ),
        pytest.param("docs/map.md", r"on Python (3\.\d+) \((numpy) ([\d.]*\d)\)", "EDGE_PINS", id="map oldest numpy"),
        pytest.param(
            "docs/reproducing.md", r"CI runs it on Python (3\.\d+) and (3\.\d+)", "EDGE_PYTHONS", id="reproducing range"
        ),
    ],
)
def test_a_setting_of_ci_a_doc_quotes_is_the_one_ci_runs(doc, pattern, name):
    assert " ".join(quoted(doc, pattern)) == ci_setting(name)


@pytest.mark.parametrize(
    "doc, pattern",
    [
        pytest.param("docs/python-support.md", r"on Python (3\.8) (numpy) ([\d.]*\d)", id="numpy on 3.8"),
        pytest.param(
            "docs/python-support.md",
            r"on Python (3\.8) numpy [\d.]+ and (matplotlib) ([\d.]*\d)",
            id="matplotlib on 3.8",
        ),
        pytest.param("docs/python-support.md", r"on (3\.9) (numpy) ([\d.]*\d)", id="numpy on 3.9"),
        pytest.param(
            "docs/python-support.md", r"on (3\.9) numpy [\d.]+ and (matplotlib) ([\d.]*\d)", id="matplotlib on 3.9"
        ),
    ],
)
def test_a_pin_a_doc_quotes_is_the_one_requirements_txt_holds(doc, pattern):
    python, package, version = quoted(doc, pattern)
    environment = {"python_version": python, "python_full_version": f"{python}.0"}
    markers = [marker for requirement, marker in requirements() if requirement == f"{package}=={version}"]
    assert any(Marker(marker).evaluate(environment) for marker in markers), markers


@pytest.mark.parametrize(
    "doc, pattern, package",
    [
        pytest.param(
            "docs/python-support.md",
            r"\| CPython [\d.]+ to [\d.]+ \| (\d+\.\d+) to (\d+)\.x \|",
            "numpy",
            id="numpy",
        ),
        pytest.param(
            "docs/python-support.md",
            r"the experiment's notebook also matplotlib (\d+\.\d+) to (\d+)\.x",
            "matplotlib",
            id="matplotlib",
        ),
    ],
)
def test_a_range_a_doc_quotes_is_the_one_requirements_txt_holds(doc, pattern, package):
    lowest, highest_major = quoted(doc, pattern)
    assert (f"{package}>={lowest},<{int(highest_major) + 1}", "") in requirements()
