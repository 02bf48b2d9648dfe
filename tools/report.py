"""Fill the measured parts of ``readme.md`` and ``docs/*.md`` from ``results/``.

A document marks each generated part with a pair of comments::

    <!-- begin generated: NAME -->
    ...
    <!-- end generated: NAME -->

and this script rewrites what lies between them from the results of
``tools/benchmark.py`` and ``tools/sizes.py``, using their own table
renderers, so that no measured number in the readme is typed by hand (and
the command line's examples are those of its ``--help``).  ``--check`` only
compares, and exits 1 when a document is out of date (a test checks the same).

Usage: ``python -m tools.report [--check] [--results DIR] [DOCUMENT ...]``
(default: the readme and every document in ``docs/``)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

from tools.benchmark import ablation_max_table, ablation_table, ours_table, ratio_table
from tools.layout import RESULTS, ROOT
from tools.sizes import table as sizes_table
from tools.solve import EPILOG as SOLVE_HELP_EPILOG

README = ROOT / "readme.md"
DOCS = ROOT / "docs"
RESULT_FILES = {"benchmark": "benchmark.json", "sizes": "sizes.json"}
GENERATED = re.compile(
    r"(?P<begin><!-- begin generated: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(?P<end><!-- end generated: (?P=name) -->)",
    re.DOTALL,
)


def set_group(results: dict, *prefixes: str) -> dict:
    """The benchmark's sets whose names start with one of ``prefixes``, in report order."""
    return {name: entry for name, entry in results["benchmark"]["sets"].items() if name.startswith(prefixes)}


def run_line(results: dict) -> str:
    """How and where the results were measured, all figures taken from the results."""
    report = results["benchmark"]
    meta = report["metadata"]
    sets = report["sets"].values()
    verified = sum(entry["solvers"][0]["n"] for entry in sets)
    wrong = sum(entry["solvers"][0]["wrong"] for entry in sets)
    most_alternative = max((r["n"] for entry in sets for r in entry["solvers"][1:]), default=0)
    most_ablation = max((entry["n"] for entry in report["ablation"].values()), default=0)
    return (
        f"Measured with `tools/benchmark.py` on {meta['date'][:10]}, Python {meta['python']}, "
        f"numpy {meta['numpy']}, {meta['cpu_count']} CPUs ({meta['platform']}): our solver alone on "
        f"every puzzle of every set, then the alternatives interleaved with it on up to "
        f"{most_alternative:,} puzzles a set; the ablation (`--ablation`) on up to {most_ablation:,} "
        f"puzzles a set. Times are CPU time per call (`time.process_time`) on a fresh int8 copy of "
        f"each puzzle. All {verified:,} answers of our solver were checked by `is_valid_solution` "
        f"(and against the stored solution where there is one): {wrong} wrong."
    )


def cli_examples(_: dict) -> str:
    """The examples of ``tools/solve.py --help``, word for word, as a code block."""
    block = SOLVE_HELP_EPILOG.split("\n\n", 1)[0]
    return "```\n" + block.rstrip() + "\n```"


SECTIONS: dict[str, Callable[[dict], str]] = {
    "run": run_line,
    "categories": lambda results: ours_table(set_group(results, "data/", "assignment/", "clashing")),
    "collections": lambda results: ours_table(set_group(results, "17clue", "top1465", "kaggle/")),
    "comparison": lambda results: ratio_table(results["benchmark"]["sets"]),
    "ablation": lambda results: ablation_table(results["benchmark"]["ablation"]),
    "ablation-max": lambda results: ablation_max_table(results["benchmark"]["ablation"]),
    "sizes": lambda results: sizes_table(results["sizes"]["sizes"]),
    "cli-examples": cli_examples,
}


def load_results(folder: Path) -> dict:
    """The JSON results in ``folder``, keyed as in ``RESULT_FILES``; raises FileNotFoundError naming a missing one."""
    results = {}
    for key, name in RESULT_FILES.items():
        path = folder / name
        if not path.is_file():
            raise FileNotFoundError(f"no results at {path}; run tools/{key}.py first")
        results[key] = json.loads(path.read_text(encoding="utf-8"))
    return results


def updated(text: str, results: dict) -> str:
    """``text`` with every generated part rendered afresh from ``results``."""

    def render(match: re.Match) -> str:
        name = match["name"]
        if name not in SECTIONS:
            raise KeyError(f"readme asks for an unknown generated part {name!r}")
        return f"{match['begin']}{SECTIONS[name](results).strip()}\n{match['end']}"

    return GENERATED.sub(render, text)


def generated_names(text: str) -> list[str]:
    """The names of the generated parts in ``text``, in order."""
    return [match["name"] for match in GENERATED.finditer(text)]


def documents(root: Path = ROOT) -> list[Path]:
    """The documents that may hold generated parts: the readme, then ``docs/*.md``."""
    return [root / README.name] + sorted((root / DOCS.name).glob("*.md"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--check", action="store_true", help="only say whether the documents are up to date (exit 1 if not)"
    )
    parser.add_argument(
        "--results", type=Path, default=RESULTS, help="folder of the JSON results (default: %(default)s)"
    )
    parser.add_argument("documents", type=Path, nargs="*", help="documents to fill (default: readme.md and docs/*.md)")
    args = parser.parse_args(argv)
    try:
        results = load_results(args.results)
    except FileNotFoundError as error:
        print(f"report: {error}", file=sys.stderr)
        return 2
    stale = []
    for path in args.documents or documents():
        text = path.read_text(encoding="utf-8")
        new_text = updated(text, results)
        if new_text == text:
            continue
        if args.check:
            stale.append(path)
        else:
            path.write_text(new_text, encoding="utf-8")
    for path in stale:
        print(f"report: {path} is out of date; run python -m tools.report", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
