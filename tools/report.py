"""Fill the measured parts of ``readme.md`` from ``results/benchmark.json``.

The readme marks each generated part with a pair of comments::

    <!-- begin generated: NAME -->
    ...
    <!-- end generated: NAME -->

and this script rewrites what lies between them from the benchmark's results,
using the benchmark's own table renderers, so that no measured number in the
readme is typed by hand.  ``--check`` only compares, and exits 1 when the
readme is out of date (a test runs it).

Usage: ``python tools/report.py [--check] [--results PATH] [--readme PATH]``
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.benchmark import ablation_table, ours_table, ratio_table  # noqa: E402

README = ROOT / "readme.md"
RESULTS = ROOT / "results" / "benchmark.json"
GENERATED = re.compile(
    r"(?P<begin><!-- begin generated: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(?P<end><!-- end generated: (?P=name) -->)",
    re.DOTALL,
)


def set_group(report: dict, *prefixes: str) -> dict:
    """The sets of ``report`` whose names start with one of ``prefixes``, in report order."""
    return {name: entry for name, entry in report["sets"].items() if name.startswith(prefixes)}


def run_line(report: dict) -> str:
    """How and where the results were measured."""
    meta = report["metadata"]
    verified = sum(entry["solvers"][0]["n"] for entry in report["sets"].values())
    wrong = sum(entry["solvers"][0]["wrong"] for entry in report["sets"].values())
    return (
        f"Measured by `{meta['command']}` on {meta['date'][:10]} with Python {meta['python']} "
        f"and numpy {meta['numpy']}, on {meta['cpu_count']} CPUs ({meta['platform']}). "
        f"Times are CPU time per call (`time.process_time`), on a fresh int8 copy of each puzzle. "
        f"All {verified:,} answers of our solver were checked by `is_valid_solution` "
        f"(and against the stored solution where there is one): {wrong} wrong."
    )


SECTIONS: dict[str, Callable[[dict], str]] = {
    "run": run_line,
    "categories": lambda report: ours_table(set_group(report, "data/", "assignment/")),
    "collections": lambda report: ours_table(set_group(report, "17clue", "top1465", "kaggle/")),
    "comparison": lambda report: ratio_table(report["sets"]),
    "ablation": lambda report: ablation_table(report["ablation"]),
}


def updated(text: str, report: dict) -> str:
    """``text`` with every generated part rendered afresh from ``report``."""

    def render(match: re.Match) -> str:
        name = match["name"]
        if name not in SECTIONS:
            raise KeyError(f"readme asks for an unknown generated part {name!r}")
        return f"{match['begin']}{SECTIONS[name](report).strip()}\n{match['end']}"

    return GENERATED.sub(render, text)


def generated_names(text: str) -> list[str]:
    """The names of the generated parts in ``text``, in order."""
    return [match["name"] for match in GENERATED.finditer(text)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only say whether the readme is up to date (exit 1 if not)")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the benchmark's JSON (default: %(default)s)")
    parser.add_argument("--readme", type=Path, default=README, help="the readme to fill (default: %(default)s)")
    args = parser.parse_args(argv)
    if not args.results.is_file():
        print(f"report: no results at {args.results}; run tools/benchmark.py first", file=sys.stderr)
        return 2
    report = json.loads(args.results.read_text(encoding="utf-8"))
    text = args.readme.read_text(encoding="utf-8")
    new_text = updated(text, report)
    if args.check:
        if new_text != text:
            print(f"report: {args.readme} is out of date; run python tools/report.py", file=sys.stderr)
            return 1
        return 0
    args.readme.write_text(new_text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
