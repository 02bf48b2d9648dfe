"""``tools/dependency_groups.py``: the development groups of pyproject.toml as requirement lines."""

from __future__ import annotations

import pytest

from tools.dependency_groups import requirements


def test_the_dev_group_holds_the_test_tools():
    names = {line.split(">")[0].split("=")[0].split(";")[0] for line in requirements("dev")}
    assert {"pytest", "nbval", "hypothesis", "ruff"} <= names


def test_the_bench_group_includes_dev_first():
    dev = requirements("dev")
    assert requirements("bench")[: len(dev)] == dev
    assert any(line.startswith("exact-cover") for line in requirements("bench"))


def test_an_included_group_is_resolved_where_it_is_listed():
    groups = {"a": ["x"], "b": ["y", {"include-group": "a"}, "z"]}
    assert requirements("b", groups) == ["y", "x", "z"]


def test_an_unknown_group_is_an_error():
    with pytest.raises(KeyError):
        requirements("nonsense")
