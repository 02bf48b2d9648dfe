"""requirements.txt's lock block (``tools/handin/lock.py``) was resolved from
the ranges above it, pins each of them within its range on the locked Pythons,
and leaves other Pythons the ranges alone; pyproject.toml asks
``pip install -e .`` for the same ranges.  Offline: CI proves the pins
install, with the pip that comes with Python 3.8, by running the readme's
first command."""

from __future__ import annotations

import subprocess

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tools.handin import lock
from tools.handin.lock import REQUIREMENTS, ranges, recorded, split

LOCKED_PYTHONS = ("3.8", "3.9")
OTHER_PYTHONS = ("3.10", "3.11", "3.12", "3.13")


def pins(python: str) -> dict[str, Requirement]:
    """What the lock block pins on ``python`` (e.g. "3.8") on this platform, by canonical name."""
    environment = {**default_environment(), "python_version": python, "python_full_version": f"{python}.0"}
    _, block = split(REQUIREMENTS.read_text(encoding="utf-8"))
    requirements = [Requirement(line) for line in block if not line.startswith("#")]
    return {
        canonicalize_name(pin.name): pin
        for pin in requirements
        if pin.marker is None or pin.marker.evaluate(environment)
    }


def test_the_lock_was_resolved_from_the_ranges_above_it():
    head, block = split(REQUIREMENTS.read_text(encoding="utf-8"))
    assert recorded(block) == ranges(head)


@pytest.mark.parametrize("python", LOCKED_PYTHONS)
def test_the_lock_pins_every_package_once_and_each_range_within_it(python):
    locked = pins(python)
    # One exact version each: the old pip has nothing to choose.
    assert all([spec.operator for spec in pin.specifier] == ["=="] for pin in locked.values())
    for line in ranges(split(REQUIREMENTS.read_text(encoding="utf-8"))[0]):
        wanted = Requirement(line)
        pin = locked[canonicalize_name(wanted.name)]
        assert wanted.specifier.contains(next(iter(pin.specifier)).version, prereleases=True), (line, str(pin))


@pytest.mark.parametrize("python", OTHER_PYTHONS)
def test_the_lock_leaves_other_pythons_the_ranges_alone(python):
    assert pins(python) == {}


def test_pip_install_e_asks_for_the_ranges_of_requirements_txt():
    tomllib = pytest.importorskip("tomllib", reason="needs Python 3.11 for tomllib")
    project = tomllib.loads((REQUIREMENTS.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == ranges(split(REQUIREMENTS.read_text(encoding="utf-8"))[0])


def test_the_tool_writes_uvs_pins_for_the_locked_pythons_under_the_ranges(monkeypatch, tmp_path):
    """The tool hands uv the ranges marked for the locked Pythons alone and
    writes what uv answers as the block, keeping the hand-written part; uv
    itself is faked."""
    requirements = tmp_path / "requirements.txt"
    requirements.write_text(f"# what the notebook needs\nnumpy>=1.21,<3\n{lock.BEGIN}\nsix==1.0\n{lock.END}\n")
    asked = []

    def fake_run(command, input, **_):
        asked.append(input)
        return subprocess.CompletedProcess(command, 0, stdout="numpy==1.24.4 ; python_full_version < '3.9'\n")

    monkeypatch.setattr(lock, "REQUIREMENTS", requirements)
    monkeypatch.setattr(subprocess, "run", fake_run)
    assert lock.main([]) == 0
    assert asked == ['numpy>=1.21,<3; python_version < "3.10"\n']
    assert requirements.read_text().splitlines() == [
        "# what the notebook needs",
        "numpy>=1.21,<3",
        lock.BEGIN,
        "# resolved from: numpy>=1.21,<3",
        "numpy==1.24.4 ; python_full_version < '3.9'",
        lock.END,
    ]
