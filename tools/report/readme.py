"""Fill the measured parts of ``readme.md`` and ``docs/*.md`` from ``docs/results/``.

The readme is the report a marker reads, as rendered markdown or as plain
text, so it carries no markers: each of its generated tables sits right under
its caption, a paragraph beginning "Table N. ", and ``README_TABLES`` says
which table each number is.  The documents of ``docs/`` mark each generated
part with a pair of comments::

    <!-- begin generated: NAME -->
    ...
    <!-- end generated: NAME -->

This script rewrites those tables and parts from the results of
``tools/measure/benchmark.py``, ``tools/ladder.py``, ``tools/measure/sizes.py`` and
``tools/measure/python_matrix.py``, so that no measured number in them is typed by hand (and
the command line's examples are those of its ``--help``).  ``--check`` only
compares, and exits 1 when a document is out of date (a test checks the same).

Usage: ``python -m tools.report.readme [--check] [--results DIR] [DOCUMENT ...]``
(default: the readme and every document in ``docs/``)
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import re
import sys
import textwrap
import tokenize
from collections.abc import Callable
from pathlib import Path

from tools.measure.benchmark import (
    LONGEST_SHARE,
    ROWS,
    ablation_max_table,
    ablation_rows_table,
    ablation_table,
    alternatives_table,
    figure,
    ours_table,
    ratio_table,
    read_report,
    slowest_table,
    table,
)
from tools.ladder import (
    FINAL,
    RUNG_LABELS,
    ladder_note,
    ladder_table,
    measured_rungs,
    pooled,
    read_ladder,
    step_number,
)
from tools.paths import RESULTS, ROOT
from tools.measure.python_matrix import table as matrix_table
from tools.measure.sizes import table as sizes_table
from tools.cli.solve import EPILOG as SOLVE_HELP_EPILOG

README = ROOT / "readme.md"
DOCS = ROOT / "docs"
RESULT_FILES = {
    "benchmark": "benchmark.json",
    "sizes": "sizes.json",
    "ladder": "ladder.json",
    "python_matrix": "python-matrix.json",
}
GENERATED = re.compile(
    r"(?P<begin><!-- begin generated: (?P<name>[\w-]+) -->\n)(?P<body>.*?)(?P<end><!-- end generated: (?P=name) -->)",
    re.DOTALL,
)
#: a caption paragraph "Table N. ...", a blank line, then the table under it
CAPTIONED = re.compile(r"^(?P<caption>Table (?P<number>\d+)\. (?:.+\n)+?)\n(?P<table>(?:\|.*\n)+)", re.MULTILINE)
#: the readme's generated tables, by the number in their caption
README_TABLES = {1: "readme-ladder", 2: "readme-tails", 3: "readme-alternatives"}
#: the sentence that ends a readme table's caption, naming where it was measured
SETUP_START = "Measured with the development tools"
CAPTION_WIDTH = 92  #: the readme's captions are wrapped to this width
HELPERS = ROOT / "helpers.py"
#: the sections of helpers.py a call of the notebook's sudoku_solver runs (titles begin so); the
#: checker and the textbook method that follow them are not the solver's
SOLVER_SECTIONS = ("Named constants", "Dancing links", "Sudoku as exact cover")
TEXTBOOK_SECTION = "The textbook method"  #: the start of rung 0's section title
#: the readme's sets, by the name they have in the results: (label, where the puzzles are)
README_SETS = {
    "assignment/easier": ("very easy to medium", "data/"),
    "assignment/hard": ("hard", "data/"),
    "generated-hard:evaluation": ("generated hard", "data/generated/"),
    "top1465:evaluation": ("top1465", "collections/"),
    "hardest:evaluation": ("hardest", "collections/"),
}
EASIER = ("assignment/very_easy", "assignment/easy", "assignment/medium")
EVALUATION = "evaluation"
#: the sets the readme shows, in order: the assignment's categories (whole),
#: then the evaluation part of the collections that need a search
READ_ME_SETS = (
    "assignment/very_easy",
    "assignment/easy",
    "assignment/medium",
    "assignment/hard",
    f"17clue:{EVALUATION}",
    f"top1465:{EVALUATION}",
    f"top1465-slow:{EVALUATION}",
    f"kaggle/6-7:{EVALUATION}",
    f"kaggle/7-9:{EVALUATION}",
    f"generated-hard:{EVALUATION}",
)
#: the choices tuned on the collections, as their switches
TUNED_SWITCHES = {"half_way_start": "half-way start", "dead_ends_first": "dead ends first"}
PARTS = ("tuning", EVALUATION)


def set_group(results: dict, *prefixes: str) -> dict:
    """The benchmark's sets whose names start with one of ``prefixes``, in report order."""
    return {name: entry for name, entry in results["benchmark"]["sets"].items() if name.startswith(prefixes)}


def read_me_sets(results: dict) -> dict:
    """The sets of ``READ_ME_SETS`` that the results hold, in that order."""
    sets = results["benchmark"]["sets"]
    return {name: sets[name] for name in READ_ME_SETS if name in sets}


def evaluation_table(results: dict) -> str:
    """Our solver on the readme's sets: the mean, the tail and the rows tried."""
    rows = []
    for name, entry in read_me_sets(results).items():
        ours = entry["solvers"][0]
        tried = ours.get("details", {}).get(ROWS, {}).get("mean")
        cells = [figure(ours[key]) for key in ("mean_ms", "p95_ms", "max_ms")]
        rows.append([name, f"{entry['n']:,}", *cells, "" if tried is None else figure(tried)])
    return table(["set", "puzzles", "mean ms", "p95 ms", "max ms", "rows tried, mean"], rows)


def comparison_table(results: dict) -> str:
    """Each alternative's mean time on the readme's sets, and in brackets that
    time over ours in the same interleaved pass; exact-cover's split in two,
    and the rows plain DLX tried."""
    names = ("baseline", "plain-dlx", "exact-cover")
    rows = []
    for name, entry in read_me_sets(results).items():
        others = {r["solver"]: r for r in entry["solvers"][1:]}
        if not others:
            continue
        first = next(iter(others.values()))
        cells = []
        for solver in names:
            result = others.get(solver)
            if result is None:
                cells.append("")
                continue
            cell = f"{figure(result['mean_ms'])} ({figure(result['ratio'])}x)"
            said = result.get("details", {})
            if "setup_ms" in said and "c_search_ms" in said:
                cell = f"{figure(said['setup_ms']['mean'])} + {figure(said['c_search_ms']['mean'])} = " + cell
            if ROWS in said:
                cell += f", {figure(said[ROWS]['mean'])} rows"
            cells.append(cell)
        rows.append([name, f"{first['n']:,}", figure(first["ours_mean_ms"]), *cells])
    header = ["set", "puzzles", "ours ms", "baseline ms", "plain DLX ms", "exact-cover ms: numpy set-up + C call"]
    return table(header, rows)


def tuned_table(results: dict) -> str:
    """For each tuned switch: time off over time on, on the tuning and the
    evaluation part of each collection (the categories are not split)."""
    ablation = results["benchmark"]["ablation"]
    by_set: dict[str, dict[str, dict]] = {}
    for name, entry in ablation.items():
        base, _, part = name.replace("generated/", "generated:").partition(":")
        switches = {s["switch"]: s for s in entry["switches"]}
        by_set.setdefault(base, {})[part or EVALUATION] = switches
    header = ["set"] + [f"{label}, {part}" for label in TUNED_SWITCHES.values() for part in PARTS]
    rows = []
    for base, parts in by_set.items():
        if base.startswith("assignment/") and base != "assignment/hard":
            continue  # the first pass solves these: no search, nothing to tune
        cells = []
        for switch in TUNED_SWITCHES:
            for part in PARTS:
                found = parts.get(part, {}).get(switch)
                cells.append("" if found is None else f"{found['ratio']:.2f}")
        rows.append([base, *cells])
    return table(header, rows)


# ---------------------------------------------------------------------------
# The readme's three tables
# ---------------------------------------------------------------------------


def set_heading(name: str, n: int) -> str:
    """A readme set's column heading: its label and how many puzzles."""
    return f"{README_SETS[name][0]} ({n:,})"


def ladder_sets(ladder: dict) -> dict:
    """The ladder's sets the readme shows, by name, the easier categories pooled."""
    sets = dict(ladder["sets"])
    if any(name in sets for name in EASIER):
        sets["assignment/easier"] = pooled(sets, EASIER)
    return {name: sets[name] for name in README_SETS if name in sets}


def readme_ladder_table(ladder: dict) -> str:
    """Table 1: each rung's mean ms per puzzle on each set, and the rows it
    tried on the last set (assignments for the textbook rungs)."""
    shown = ladder_sets(ladder)
    last = list(shown)[-1]
    header = ["rung", *(set_heading(name, e["n"]) for name, e in shown.items()), f"rows, {README_SETS[last][0]}"]
    rows = []
    for rung in measured_rungs(shown.values()):
        cells = [figure(entry["rungs"][rung]["mean_ms"]) for entry in shown.values()]
        label = f"{step_number(rung)}. {RUNG_LABELS[rung]}"
        rows.append([label, *cells, figure(shown[last]["rungs"][rung]["rows_mean"])])
    return table(header, rows)


def code_lines(path: Path = HELPERS) -> dict[str, int]:
    """Lines of code in each section of a module, by the section's title:
    lines holding a token of code, so no blank lines, comments or docstrings.
    A section runs from its banner (a ``# ---`` line, ``# Title``, ``# ---``)
    to the next."""
    text = path.read_text(encoding="utf-8")
    docstrings = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and ast.get_docstring(
            node
        ):
            first = node.body[0]
            docstrings |= set(range(first.lineno, first.end_lineno + 1))
    skipped = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER}
    code = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type not in skipped:
            code |= set(range(token.start[0], token.end[0] + 1))
    code -= docstrings
    lines = text.splitlines()
    starts = [
        (number + 2, lines[number + 1][2:])
        for number in range(len(lines) - 2)
        if lines[number].startswith("# ---") and lines[number + 2].startswith("# ---")
    ]
    ends = [start - 2 for start, _ in starts[1:]] + [len(lines) + 1]
    return {title: sum(1 for line in code if start <= line < end) for (start, title), end in zip(starts, ends)}


#: Table 2's rungs: the textbook search, the same after stage 1, the submitted solver
TAIL_RUNGS = ("csp", "csp_after_singles", FINAL)
TAIL_LABELS = dict(zip(TAIL_RUNGS, ("textbook search", "textbook search after stage 1", "the solver")))


def readme_tails_table(ladder: dict) -> str:
    """Table 2: the textbook search, the textbook search after stage 1 and the
    submitted solver on each set that needs a search: mean, 95th percentile and
    slowest ms per puzzle, and the mean choices (assignments or rows tried)."""
    shown = {name: entry for name, entry in ladder_sets(ladder).items() if name != "assignment/easier"}
    header = ["set", "rung", "mean ms", "p95 ms", "slowest ms", "mean choices"]
    rows = []
    for name, entry in shown.items():
        for rung in TAIL_RUNGS:
            found = entry["rungs"].get(rung)
            if found is None:
                continue
            label = f"{step_number(rung)}. {TAIL_LABELS[rung]}"
            times = [figure(found[key]) for key in ("mean_ms", "p95_ms", "max_ms")]
            rows.append([set_heading(name, entry["n"]), label, *times, figure(found["rows_mean"])])
    return table(header, rows, text_columns=2)


def readme_alternatives_table(results: dict) -> str:
    """Table 3: the submitted solver and the others, interleaved puzzle by
    puzzle, on the sets that need a search: the solver's mean ms in that pass,
    and one ratio over it per cell."""
    sets = results["benchmark"]["sets"]
    rows = []
    for name in README_SETS:
        entry = sets.get(name)
        if entry is None or len(entry["solvers"]) < 2:
            continue
        others = {r["solver"]: r for r in entry["solvers"][1:]}
        first = next(iter(others.values()))
        plain, cover, baseline = others.get("plain-dlx"), others.get("exact-cover"), others.get("baseline")
        plain_rows = plain and plain.get("ours_rows_mean") and plain["details"][ROWS]["mean"] / plain["ours_rows_mean"]
        c_call = cover and cover["details"]["c_search_ms"]["mean"] / cover["ours_mean_ms"]
        ratios = [
            plain and plain["ratio"],
            plain_rows,
            cover and cover["ratio"],
            c_call,
            cover and cover.get("longest_ratio"),
            baseline and baseline["ratio"],
        ]
        cells = [f"{figure(ratio)}x" if ratio else "" for ratio in ratios]
        rows.append([set_heading(name, first["n"]), figure(first["ours_mean_ms"]), *cells])
    header = [
        "set",
        "solver, mean ms",
        "plain dancing links",
        "its rows",
        "exact-cover",
        "C call",
        f"longest {LONGEST_SHARE:.0%}",
        "coursework",
    ]
    return table(header, rows)


def ladder_setup(results: dict) -> str:
    """Tables 1 and 2's setup sentence, from the ladder's metadata."""
    meta, rounds = results["ladder"]["metadata"], results["ladder"]["rounds"]
    return (
        f"Measured with the development tools on {meta['date'][:10]}: {machine(meta)}; CPU time, "
        f"every rung in turn on each puzzle, {rounds} rounds, each puzzle's median."
    )


def tails_setup(results: dict) -> str:
    """Table 2's setup sentence: the ladder's, and the two methods' lines of code."""
    lines = code_lines()
    textbook = sum(n for title, n in lines.items() if title.startswith(TEXTBOOK_SECTION))
    solver = sum(n for title, n in lines.items() if title.startswith(SOLVER_SECTIONS))
    return (
        f"{ladder_setup(results)} In `helpers.py`, without blank lines, comments and docstrings, the "
        f"textbook search is {textbook:,} lines of code and the solver {solver:,}."
    )


def alternatives_setup(results: dict) -> str:
    """Table 3's setup sentence, from the benchmark's metadata."""
    meta = results["benchmark"]["metadata"]
    return (
        f"Measured with the development tools on {meta['date'][:10]}: {machine(meta)}; CPU time, "
        f"every solver in turn on each puzzle, one round."
    )


def machine(meta: dict) -> str:
    """The processor, its cores, Python and numpy of a run, from its metadata."""
    chip = meta.get("processor") or "an unrecorded processor"
    return f"{chip} ({meta['cpu_count']} cores), Python {meta['python']}, numpy {meta['numpy']}"


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
        f"Measured with `python -m tools.measure.benchmark` on {meta['date'][:10]}, Python {meta['python']}, "
        f"numpy {meta['numpy']}, {meta['cpu_count']} CPUs ({meta['platform']}): our solver alone on "
        f"every puzzle of every set, then the alternatives interleaved with it on up to "
        f"{most_alternative:,} puzzles a set; the ablation (`--ablation`) on up to {most_ablation:,} "
        f"puzzles a set. Times are CPU time per call (`time.process_time`) on a fresh int8 copy of "
        f"each puzzle. All {verified:,} answers of our solver were checked by `is_valid_solution` "
        f"(and against the stored solution where there is one): {wrong} wrong."
    )


def cli_examples(_: dict) -> str:
    """The examples of ``tools/cli/solve.py --help``, word for word, as a code block."""
    block = SOLVE_HELP_EPILOG.split("\n\n", 1)[0]
    return "```\n" + block.rstrip() + "\n```"


SECTIONS: dict[str, Callable[[dict], str]] = {
    # readme.md, by caption (README_TABLES)
    "readme-ladder": lambda results: readme_ladder_table(results["ladder"]),
    "readme-tails": lambda results: readme_tails_table(results["ladder"]),
    "readme-alternatives": readme_alternatives_table,
    # docs/results.md, docs/tuning.md
    "ladder": lambda results: ladder_table(results["ladder"]),
    "ladder-note": lambda results: ladder_note(results["ladder"]),
    "tuned": tuned_table,
    "evaluation": evaluation_table,
    "comparison": comparison_table,
    "run": run_line,
    "categories": lambda results: ours_table(set_group(results, "generated/", "assignment/", "clashing")),
    "collections": lambda results: ours_table(set_group(results, "17clue", "top1465", "kaggle/", "generated/")),
    "alternatives": lambda results: ratio_table(results["benchmark"]["sets"]),
    "alternatives-detail": lambda results: alternatives_table(results["benchmark"]["sets"]),
    "slowest": lambda results: slowest_table(results["benchmark"]["sets"]),
    "ablation": lambda results: ablation_table(results["benchmark"]["ablation"]),
    "ablation-rows": lambda results: ablation_rows_table(results["benchmark"]["ablation"]),
    "ablation-max": lambda results: ablation_max_table(results["benchmark"]["ablation"]),
    "sizes": lambda results: sizes_table(results["sizes"]["sizes"]),
    # docs/command-line.md, docs/python-support.md
    "cli-examples": cli_examples,
    "python-matrix": lambda results: matrix_table(results["python_matrix"]["rows"]),
}


def load_results(folder: Path) -> dict:
    """The JSON results in ``folder``, keyed as in ``RESULT_FILES``; raises FileNotFoundError naming a missing one."""
    results = {}
    for key, name in RESULT_FILES.items():
        path = folder / name
        if not path.is_file():
            raise FileNotFoundError(f"no results at {path}; run python -m tools.{key} first")
        if key == "ladder":
            results[key] = read_ladder(path)
        elif key == "benchmark":
            results[key] = read_report(path, [])
        else:
            results[key] = json.loads(path.read_text(encoding="utf-8"))
    return results


#: each readme table's setup sentence, by the number in its caption
TABLE_SETUPS: dict[int, Callable[[dict], str]] = {1: ladder_setup, 2: tails_setup, 3: alternatives_setup}


def caption(text: str, number: int, results: dict) -> str:
    """A table's caption with its closing setup sentence (from ``SETUP_START``
    on) written afresh from the results, wrapped to ``CAPTION_WIDTH``; a
    caption without one is kept as it is."""
    words = " ".join(text.split())
    if SETUP_START not in words:
        return text
    said = words[: words.index(SETUP_START)]
    wrapped = textwrap.fill(f"{said}{TABLE_SETUPS[number](results)}", CAPTION_WIDTH, break_on_hyphens=False)
    return wrapped + "\n"


def updated(text: str, results: dict) -> str:
    """``text`` with every generated part and captioned table rendered afresh from ``results``."""

    def render(match: re.Match) -> str:
        name = match["name"]
        if name not in SECTIONS:
            raise KeyError(f"a document asks for an unknown generated part {name!r}")
        return f"{match['begin']}{SECTIONS[name](results).strip()}\n{match['end']}"

    def render_table(match: re.Match) -> str:
        number = int(match["number"])
        if number not in README_TABLES:
            raise KeyError(f"no generated table is numbered {number} (README_TABLES)")
        return f"{caption(match['caption'], number, results)}\n{SECTIONS[README_TABLES[number]](results).strip()}\n"

    return CAPTIONED.sub(render_table, GENERATED.sub(render, text))


def generated_names(text: str) -> list[str]:
    """The names of the generated parts and captioned tables in ``text``, in order."""
    parts = [(match.start(), match["name"]) for match in GENERATED.finditer(text)]
    tables = [(match.start(), README_TABLES.get(int(match["number"]), "?")) for match in CAPTIONED.finditer(text)]
    return [name for _, name in sorted(parts + tables)]


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
        print(f"report: {path} is out of date; run python -m tools.report.readme", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
