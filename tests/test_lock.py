"""requirements.txt's lock block (``tools/handin/lock.py``) is as the tool
writes it from the ranges above it, and the check can say no; pyproject.toml
asks ``pip install -e .`` for the same ranges.  Offline: CI
proves the pins install, with the pip that comes with Python 3.8, by running
the readme's first command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from tools.handin import lock
from tools.handin.lock import REQUIREMENTS, parse, problems, ranges, render, split

HEAD = "# what the notebook needs\nnumpy>=1.21,<3\njupyter>=1.1,<2  # and Jupyter\n\n"
PINS = {
    "3.8": {"numpy": "1.24.4", "jupyter": "1.1.1", "six": "1.17.0"},
    "3.9": {"numpy": "2.0.2", "jupyter": "1.1.1", "six": "1.17.0", "lark": "1.3.1"},
}


def locked(head: str = HEAD, pins: dict[str, dict[str, str]] = PINS) -> str:
    """A requirements.txt with ``head`` and the block the tool writes for ``pins``."""
    return head + "\n".join(render(ranges(head), pins)) + "\n"


def test_the_requirements_lock_is_written_from_the_ranges_above_it():
    assert problems(REQUIREMENTS.read_text(encoding="utf-8")) == []


def test_the_lock_leaves_other_pythons_the_ranges_alone():
    _, block = split(REQUIREMENTS.read_text(encoding="utf-8"))
    pins = [Requirement(line) for line in block if not line.startswith("#")]
    assert pins
    for python in ("3.10", "3.11", "3.12", "3.13"):
        assert not [str(pin) for pin in pins if pin.marker and pin.marker.evaluate({"python_version": python})]


def test_pip_install_e_asks_for_the_ranges_of_requirements_txt():
    tomllib = pytest.importorskip("tomllib", reason="needs Python 3.11 for tomllib")
    project = tomllib.loads((REQUIREMENTS.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == ranges(split(REQUIREMENTS.read_text(encoding="utf-8"))[0])


def test_a_block_reads_back_as_written():
    text = locked()
    recorded, pins, bad = parse(split(text)[1])
    assert (recorded, pins, bad) == (["numpy>=1.21,<3", "jupyter>=1.1,<2"], PINS, [])
    assert problems(text) == []
    assert 'six==1.17.0; python_version == "3.8" or python_version == "3.9"' in text
    assert 'lark==1.3.1; python_version == "3.9"' in text


RANGE_CHANGED = locked().replace("numpy>=1.21,<3", "numpy>=1.25,<3", 1)


@pytest.mark.parametrize(
    "text, problem",
    [
        (HEAD, f"no lock block: no line {lock.BEGIN!r}"),
        (
            RANGE_CHANGED,
            "resolved from ['numpy>=1.21,<3', 'jupyter>=1.1,<2'], but the ranges are now ['numpy>=1.25,<3', 'jupyter>=1.1,<2']",
        ),
        (RANGE_CHANGED, "Python 3.8: numpy pinned to 1.24.4, outside numpy>=1.25,<3"),
        (
            locked(pins={"3.8": {"numpy": "1.24.4"}, "3.9": PINS["3.9"]}),
            "Python 3.8: jupyter pinned to None, outside jupyter>=1.1,<2",
        ),
    ],
    ids=["no block", "a range changed since the lock", "a pin outside its changed range", "a package left unpinned"],
)
def test_the_check_says_what_is_wrong(text, problem):
    assert problem in problems(text)


@pytest.mark.parametrize(
    "edit",
    [
        # a pin that reaches a Python the lock leaves alone
        lambda text: text.replace('six==1.17.0; python_version == "3.8"', 'six==1.17.0; python_version >= "3.8"'),
        # a range rather than a pin
        lambda text: text.replace("six==1.17.0", "six>=1.17.0"),
        # a name spelt otherwise than the tool writes it
        lambda text: text.replace("jupyter==", "Jupyter=="),
    ],
)
def test_the_check_sees_a_hand_edit(edit):
    text = edit(locked())
    assert text != locked() and problems(text)


def test_resolve_reads_what_pip_would_install(monkeypatch):
    """``resolve`` asks pip for a report and keeps each package's name
    (canonical) and version; the venv and pip themselves are faked."""
    commands = []

    def fake_run(command):
        commands.append(command)
        if "--report" in command:
            report = {"install": [{"metadata": {"name": "Jinja2", "version": "3.1.6"}}]}
            Path(command[command.index("--report") + 1]).write_text(json.dumps(report), encoding="utf-8")

    monkeypatch.setattr(lock, "run", fake_run)
    assert lock.resolve("python3.8", ["jinja2>=3"]) == {"jinja2": "3.1.6"}
    assert commands[0][:3] == ["python3.8", "-m", "venv"]
    assert "--dry-run" in commands[-1] and "--ignore-installed" in commands[-1]
