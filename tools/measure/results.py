"""Write the project's measurements: the one home of their layout.

A measurement is two files with one stem in ``docs/results/``
(``docs/results.md``): a JSON record for code, holding ``schema`` (``SCHEMA``),
``kind`` (the job that made it), ``metadata`` (the command that made it, when,
and on what) and the job's own fields; and a markdown file of its tables for
people, under a line on how it was made.  A record is never converted or
merged: when a field changes meaning, ``SCHEMA`` is raised and the command that
made the record is run again.
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

from report import processor

SCHEMA = 3  #: the layout of a record; raise it when a field changes meaning


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


def save(stem: Path, kind: str, fields: dict[str, Any], markdown: str, command: Sequence[str]) -> None:
    """Write the record of ``kind`` with ``fields`` to ``stem``.json, and
    ``markdown`` to ``stem``.md under a line on how it was made (folders made as needed)."""
    meta = metadata(command)
    stem.parent.mkdir(parents=True, exist_ok=True)
    record = {"schema": SCHEMA, "kind": kind, "metadata": meta, **fields}
    stem.with_suffix(".json").write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    made_by = (
        f"Made by `{meta['command']}` on {meta['date'][:10]}: Python {meta['python']}, numpy {meta['numpy']}, "
        f"{meta['processor']}, {meta['cpu_count']} CPUs."
    )
    stem.with_suffix(".md").write_text(f"{made_by}\n\n{markdown.strip()}\n", encoding="utf-8")
