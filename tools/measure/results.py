"""Write and load the project's measurements: the one home of their layout.

A measurement is two files with one stem in ``docs/results/``
(``docs/results.md``): a JSON record for code, holding ``schema`` (``SCHEMA``),
``kind`` (the job that made it; a file is only ever read as its own kind),
``metadata`` (the command that made it, when, and on what) and the job's own
fields; and a markdown file of its tables for people, under a ``made_by`` line.
There is one schema policy: a record of another schema or kind is never read,
converted or merged; ``load`` raises ``ResultsError`` saying which command to
run again.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from tools.paths import ROOT

SCHEMA = 3  #: the layout of a record; raise it when a field changes meaning
CPUINFO = Path("/proc/cpuinfo")  #: where Linux names the processor


class ResultsError(ValueError):
    """A results file that this code does not read: missing, of another schema or another kind."""


def processor(cpuinfo: Path = CPUINFO) -> str:
    """The processor's model name (Linux), else what ``platform`` says."""
    if cpuinfo.is_file():
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name":
                return value.strip()
    return platform.processor()


def metadata(command: Sequence[str]) -> dict[str, Any]:
    """Where and how a measurement ran: ``command`` (as a shell line), the
    date, Python, numpy, the platform, the processor and the number of CPUs."""
    return {
        "command": shlex.join(command),
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "platform": platform.platform(),
        "processor": processor(),
        "cpu_count": os.cpu_count(),
    }


def shown(path: Path) -> str:
    """``path`` relative to the project folder where it lies inside it."""
    path = Path(path).resolve()
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def made_by(meta: dict[str, Any]) -> str:
    """One line on how a record was made, from its ``metadata``."""
    return (
        f"Made by `{meta['command']}` on {meta['date'][:10]}: Python {meta['python']}, numpy {meta['numpy']}, "
        f"{meta['processor'] or 'processor not known'}, {meta['cpu_count']} CPUs."
    )


def save(stem: Path, kind: str, fields: dict[str, Any], markdown: str, command: Sequence[str]) -> dict[str, Any]:
    """Write the record of ``kind`` with ``fields`` to ``stem``.json, and
    ``markdown`` under the ``made_by`` line to ``stem``.md (folders made as
    needed); return the record."""
    record = {"schema": SCHEMA, "kind": kind, "metadata": metadata(command), **fields}
    stem.parent.mkdir(parents=True, exist_ok=True)
    stem.with_suffix(".json").write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    text = f"{made_by(record['metadata'])}\n\n{markdown.strip()}\n"
    stem.with_suffix(".md").write_text(text, encoding="utf-8")
    return record


def load(path: Path, kind: str) -> dict[str, Any]:
    """The record of ``kind`` in the JSON file ``path``.

    Raises ``ResultsError`` when the file is missing, or holds another
    schema or kind; the message names the command that makes it again.
    """
    if not Path(path).is_file():
        raise ResultsError(f"{shown(path)}: no such results file")
    record = json.loads(Path(path).read_text(encoding="utf-8"))
    found = (record.get("schema"), record.get("kind")) if isinstance(record, dict) else (None, None)
    if found != (SCHEMA, kind):
        command = record.get("metadata", {}).get("command") if isinstance(record, dict) else None
        again = f"`{command}`" if command else "the command docs/reproducing.md gives for it"
        raise ResultsError(
            f"{shown(path)}: schema {found[0]}, kind {found[1]}; this code reads schema {SCHEMA}, kind {kind}. "
            f"Run {again} again to remake it."
        )
    return record
