"""Measure the solver beside what the notebook measures: one job a run, each
saving its record and tables as ``docs/results/<job>`` through
``tools.measure.results`` (what each holds: ``docs/results.md``).

The jobs that race methods use ``helpers.race`` (methods take turns puzzle by
puzzle, CPU time per call, every answer checked), on named sets of
``tools.puzzles.sets`` (``--sets``, ``--sample``) or on random larger grids.

the alternatives (the default job)
    the solver against the other solvers of ``tools/measure/alternatives.py``
``--against REV``
    this checkout's ``solve_sudoku`` against that of ``git show REV:helpers.py``,
    in ``--rounds`` races, and whether every puzzle's rows tried are the same
``--ladder``
    the report's ladder, with the notebook's budget, on whole tuning and
    evaluation parts (``docs/tuning.md``), in ``--rounds`` races
``--throughput [N]``
    the command line on Royle's 49,151 puzzles with one process and with N
    (every core by default), taking turns for ``--rounds`` rounds
``--cells PYTHON...``
    each code cell's wall-clock time under the real autograder, once per interpreter
``--sizes [K]``
    the solver on K seeded random puzzles of each size of ``SIZES``, 16 x 16 to 36 x 36
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
from tqdm import tqdm

import helpers
from helpers import SUDOKU_BOX, Method, OpenPart, Results, by_engine, engine, ladder, markdown_table, race, significant
from tools.handin.autograde import problems as autograde_problems
from tools.handin.notebook import BOUND_SIGN, notebook_budget
from tools.measure.alternatives import PLAIN, ExactCoverSolver, alternatives, module_from_file
from tools.measure.results import save
from tools.paths import COLLECTIONS, RESULTS, ROOT
from tools.puzzles.io import read_grids
from tools.puzzles.make_data import random_puzzle
from tools.puzzles.sets import COLLECTION_FILES, PuzzleSet, load

SOLVER = "the solver"
COUNTS_ROWS = (SOLVER, PLAIN)  #: the methods whose choices are the rows their search tried
#: the sets of each job, unless ``--sets`` names others
CONTEXT_SETS = ("assignment/hard", "generated-hard:evaluation", "top1465:evaluation", "hardest:evaluation")
AGAINST_SETS = ("top1465:evaluation", "hardest:evaluation")
THROUGHPUT_SET = "17clue"  #: the collection the command line is timed on, whole
LADDER_SETS = (
    "assignment/hard",
    "generated-hard:tuning",
    "generated-hard:evaluation",
    "top1465:tuning",
    "top1465:evaluation",
    "hardest:tuning",
    "hardest:evaluation",
)
ROUNDS = 3  #: races of ``--against`` and ``--ladder``, by default
#: (box side, share of cells given): the larger grids of ``--sizes``, each with a fill the solver takes in seconds
SIZES = ((4, 0.40), (5, 0.50), (6, 0.70))
SIZE_PUZZLES = 10  #: puzzles of each size, by default
SIZES_SEED = 2026
PERCENTILE = 95
UNKNOWN = "?"  #: a ratio whose denominator is only a lower bound
MS_PER_S = 1000.0


def chosen_sets(names: Sequence[str], sample: int | None) -> list[PuzzleSet]:
    """The sets called ``names``, each cut to ``sample`` evenly spaced puzzles (all when None)."""
    return [load(name).sample(sample) for name in names]


def progress(items: Sequence[Any], what: str) -> Any:
    """``items`` with a progress bar on stderr, quiet when it is not a terminal."""
    return tqdm(items, desc=what, unit="set", disable=None, file=sys.stderr)


def race_on(methods: dict[str, Method], puzzle_set: PuzzleSet) -> dict[str, Results]:
    """``helpers.race`` of ``methods`` on the puzzles of ``puzzle_set``, checked against its solutions."""
    stored = None if puzzle_set.solutions is None else list(puzzle_set.solutions)
    return race(methods, list(puzzle_set.puzzles), stored)


def races(methods: dict[str, Method], puzzle_set: PuzzleSet, rounds: int) -> list[dict[str, Results]]:
    """``rounds`` races of ``methods`` on ``puzzle_set``; the order in which
    they take turns on a puzzle is reversed every other round."""
    names = list(methods)
    orders = [names if k % 2 == 0 else names[::-1] for k in range(rounds)]
    return [race_on({name: methods[name] for name in order}, puzzle_set) for order in orders]


def times(results: Results) -> dict[str, float]:
    """Mean, p95 and slowest CPU ms of one method's race."""
    ms = results.ms
    return {"mean_ms": float(ms.mean()), "p95_ms": float(np.percentile(ms, PERCENTILE)), "max_ms": float(ms.max())}


# ---------------------------------------------------------------------------
# The solver against the alternatives
# ---------------------------------------------------------------------------


def context(puzzle_set: PuzzleSet, others: dict[str, Method]) -> dict[str, Any]:
    """The solver and ``others`` raced on ``puzzle_set``: each method's times,
    answers right, mean over the solver's, rows tried where it counts them,
    and exact-cover's set-up and C call."""
    methods = {SOLVER: by_engine(engine(SUDOKU_BOX)), **others}
    raced = race_on(methods, puzzle_set)
    solver_mean = raced[SOLVER].ms.mean()
    entry: dict[str, Any] = {"source": puzzle_set.source, "puzzles": len(puzzle_set), "methods": {}}
    for name, results in raced.items():
        summary = {**times(results), "right": int(results.right.sum())}
        summary["over_solver"] = float(results.ms.mean() / solver_mean)
        if name in COUNTS_ROWS:
            summary["rows_mean"] = float(results.choices.mean())
        method = methods[name]
        if isinstance(method, ExactCoverSolver):
            # race's untimed warm-up call comes first; the last calls are the puzzles'
            setup, c_call = np.array(method.parts[-len(puzzle_set) :]).mean(axis=0) * MS_PER_S
            summary.update(setup_ms=float(setup), c_call_ms=float(c_call))
        entry["methods"][name] = summary
    return entry


def context_table(sets: dict[str, Any]) -> str:
    """One row per set and method."""
    rows = []
    for set_name, entry in sets.items():
        for name, m in entry["methods"].items():
            parts = f"{significant(m['setup_ms'])} + {significant(m['c_call_ms'])}" if "setup_ms" in m else ""
            rows.append(
                [
                    set_name,
                    name,
                    f"{m['right']}/{entry['puzzles']}",
                    *(significant(m[key]) for key in ("mean_ms", "p95_ms", "max_ms", "over_solver")),
                    significant(m["rows_mean"], 3) if "rows_mean" in m else "",
                    parts,
                ]
            )
    header = ["set", "method", "right", "mean ms", "p95 ms", "max ms", "mean / solver's", "rows tried, mean"]
    return markdown_table([*header, "numpy set-up + C call, ms"], rows)


def run_context(sets: list[PuzzleSet], out: Path, command: list[str]) -> int:
    """The alternatives job: save its record in ``out``, print its table;
    1 when the solver answered a puzzle wrong, else 0."""
    found = alternatives()
    others = {a.name: a.method for a in found if a.method is not None}
    unavailable = {a.name: a.unavailable for a in found if a.method is None}
    record: dict[str, Any] = {
        "sets": {s.name: context(s, others) for s in progress(sets, "alternatives")},
        "unavailable": unavailable,
    }
    notes = "".join(f"\n\n{name}: not measured ({reason})." for name, reason in unavailable.items())
    markdown = (
        "Every method on every puzzle of each set, taking turns (`helpers.race`); "
        "`mean / solver's` is its mean time over the solver's in the same race.\n\n"
        f"{context_table(record['sets'])}{notes}"
    )
    save(out / "alternatives", "alternatives", record, markdown, command)
    print(markdown)
    wrong = [s for s, entry in record["sets"].items() if entry["methods"][SOLVER]["right"] < entry["puzzles"]]
    return 1 if wrong else 0


# ---------------------------------------------------------------------------
# This checkout against another revision
# ---------------------------------------------------------------------------


class UnknownRevision(Exception):
    """A revision whose helpers.py git cannot show."""


def revision(rev: str, repository: Path = ROOT) -> ModuleType:
    """``helpers.py`` as revision ``rev`` of ``repository`` has it, imported as
    a module of its own; ``UnknownRevision`` with git's words when git cannot show it."""
    shown = subprocess.run(["git", "show", f"{rev}:helpers.py"], cwd=repository, capture_output=True, text=True)
    if shown.returncode:
        raise UnknownRevision(shown.stderr.strip() or f"git show {rev}:helpers.py failed")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "helpers_against.py"
        path.write_text(shown.stdout, encoding="utf-8")
        return module_from_file(path.stem, path)


def rows_tried(module: ModuleType, puzzle: np.ndarray) -> int:
    """The rows ``module``'s shared engine tries on ``puzzle``."""
    solver = module.engine(SUDOKU_BOX)
    answer = solver.solve(np.asarray(puzzle).ravel().tolist())
    return int(answer.rows_tried if hasattr(answer, "rows_tried") else solver.rows_tried)


def solving(module: ModuleType) -> Method:
    """``module.solve_sudoku`` as a method of the race (its rows are counted apart)."""
    return lambda puzzle: (module.solve_sudoku(puzzle), 0)


def against(puzzle_set: PuzzleSet, versions: dict[str, ModuleType], rounds: int) -> dict[str, Any]:
    """Two versions of helpers.py raced ``rounds`` times on ``puzzle_set``,
    then their rows counted on every puzzle."""
    names = list(versions)
    raced = races({name: solving(module) for name, module in versions.items()}, puzzle_set, rounds)
    pooled = {name: Results(*map(np.concatenate, zip(*(r[name] for r in raced)))) for name in names}
    rows = {name: [rows_tried(module, p) for p in puzzle_set.puzzles] for name, module in versions.items()}
    new, old = names
    return {
        "puzzles": len(puzzle_set),
        "rounds": rounds,
        "versions": {
            name: {
                **times(pooled[name]),
                "wrong": int((~pooled[name].right).sum()),
                "rows_mean": float(np.mean(rows[name])),
            }
            for name in names
        },
        "ratio": float(pooled[new].ms.mean() / pooled[old].ms.mean()),
        "round_ratios": [float(r[new].ms.mean() / r[old].ms.mean()) for r in raced],
        "rows_differ": int(sum(a != b for a, b in zip(rows[new], rows[old]))),
    }


def against_table(sets: dict[str, Any], new: str, old: str) -> str:
    """One row per set: both versions' times, the ratio, rows and answers."""
    rows = []
    for name, entry in sets.items():
        v = entry["versions"]
        rows.append(
            [
                name,
                f"{entry['puzzles']} x {entry['rounds']}",
                *(significant(v[version][key]) for version in (old, new) for key in ("mean_ms", "p95_ms", "max_ms")),
                significant(entry["ratio"], 3),
                " ".join(significant(r, 3) for r in entry["round_ratios"]),
                f"{significant(v[old]['rows_mean'], 4)} -> {significant(v[new]['rows_mean'], 4)}",
                "yes" if entry["rows_differ"] == 0 else f"no: {entry['rows_differ']} puzzles differ",
                v[old]["wrong"] + v[new]["wrong"],
            ]
        )
    header = ["set", "puzzles x rounds", *(f"{v} {s}" for v in ("old", "new") for s in ("mean ms", "p95 ms", "max ms"))]
    header += ["new / old", "each round", "rows tried, mean", "same rows", "wrong"]
    return markdown_table(header, rows)


def run_against(rev: str, sets: list[PuzzleSet], rounds: int, out: Path, command: list[str]) -> int:
    """The ``--against`` job: save its record in ``out``, print its table;
    1 when either version answered a puzzle wrong, else 0."""
    new, old = "this checkout", rev
    versions = {new: helpers, old: revision(rev)}  # before any race: UnknownRevision
    record: dict[str, Any] = {
        "revision": rev,
        "sets": {s.name: against(s, versions, rounds) for s in progress(sets, f"against {rev}")},
    }
    markdown = (
        f"`solve_sudoku` of this checkout (new) and of `{rev}` (old), taking turns puzzle by "
        f"puzzle (`helpers.race`), {rounds} rounds; `new / old` is the ratio of the means over all rounds.\n\n"
        f"{against_table(record['sets'], new, old)}"
    )
    save(out / f"against-{rev.replace('/', '-')}", "against", record, markdown, command)
    print(markdown)
    return 1 if any(v["wrong"] for entry in record["sets"].values() for v in entry["versions"].values()) else 0


# ---------------------------------------------------------------------------
# The ladder on whole parts
# ---------------------------------------------------------------------------


def climb(puzzle_set: PuzzleSet, budget: int, rounds: int) -> dict[str, Any]:
    """Every rung of the ladder raced ``rounds`` times on ``puzzle_set``: a
    rung's time is the mean over the puzzles of each one's median time across
    the rounds, so that one slow spell of the machine does not move it."""
    raced = races(ladder(budget), puzzle_set, rounds)
    rungs = {}
    for name in raced[0]:
        first = raced[0][name]  # choices, and so answers, are the same in every round
        rungs[name] = {
            "mean_ms": float(np.median([r[name].ms for r in raced], axis=0).mean()),
            "choices_mean": float(first.choices.mean()),
            "right": int(np.all([r[name].right for r in raced], axis=0).sum()),
            "over_budget": int(first.over_budget.sum()),
        }
    return {"puzzles": len(puzzle_set), "rounds": rounds, "rungs": rungs}


def ladder_tables(sets: dict[str, Any]) -> str:
    """The mean time and choices of every rung on every set, and the time of
    the rung before each over its own."""
    names = list(sets)
    rungs = list(next(iter(sets.values()))["rungs"])
    header = ["rung", *(f"{name} ({sets[name]['puzzles']})" for name in names)]

    def cell(rung: str, name: str, key: str, digits: int) -> str:
        r = sets[name]["rungs"][rung]
        return (BOUND_SIGN if r["over_budget"] else "") + significant(r[key], digits)

    def buys(before: str, rung: str, name: str) -> str:
        earlier, now = sets[name]["rungs"][before], sets[name]["rungs"][rung]
        if now["over_budget"]:
            return UNKNOWN  # its own mean is only a lower bound
        return (BOUND_SIGN if earlier["over_budget"] else "") + significant(earlier["mean_ms"] / now["mean_ms"], 3)

    parts = [
        ("Mean CPU time per puzzle, ms", [[r, *(cell(r, n, "mean_ms", 2) for n in names)] for r in rungs]),
        ("Mean choices per puzzle", [[r, *(cell(r, n, "choices_mean", 3) for n in names)] for r in rungs]),
        (
            "What each rung buys: the mean time of the rung before it over its own",
            [[r, *(buys(b, r, n) for n in names)] for b, r in zip(rungs, rungs[1:])],
        ),
    ]
    right = sum(r["right"] for entry in sets.values() for r in entry["rungs"].values())
    over = sum(r["over_budget"] for entry in sets.values() for r in entry["rungs"].values())
    answers = sum(entry["puzzles"] * len(entry["rungs"]) for entry in sets.values())
    tables = "\n\n".join(f"{title}\n\n{markdown_table(header, rows)}" for title, rows in parts)
    return f"{tables}\n\n{right:,} of {answers:,} answers right; {over:,} searches gave up at the budget."


def run_ladder(sets: list[PuzzleSet], rounds: int, out: Path, command: list[str]) -> int:
    """The ``--ladder`` job: save its record in ``out``, print its tables;
    1 when a rung answered a puzzle wrong (giving up is not wrong), else 0."""
    budget = notebook_budget()
    climbed = {s.name: climb(s, budget, rounds) for s in progress(sets, "ladder")}
    record: dict[str, Any] = {"budget": budget, "sets": climbed}
    markdown = (
        f"Every rung of `helpers.ladder({budget})` on every puzzle, taking turns "
        f"(`helpers.race`), {rounds} rounds: a time is the mean over the puzzles of each one's median "
        f"across the rounds. {BOUND_SIGN} marks a mean cut short where the textbook search gave up "
        f"after {budget:,} assignments, and {UNKNOWN} a ratio to such a mean.\n\n{ladder_tables(record['sets'])}"
    )
    save(out / "ladder", "ladder", record, markdown, command)
    print(markdown)
    wrong = sum(
        entry["puzzles"] - r["right"] - r["over_budget"]
        for entry in record["sets"].values()
        for r in entry["rungs"].values()
    )
    return 1 if wrong else 0


# ---------------------------------------------------------------------------
# The command line on every core, and the hand-in's cells under the autograder
# ---------------------------------------------------------------------------


def solve_file(path: Path, jobs: int, out: Path) -> float:
    """Wall-clock seconds the command line takes to solve ``path`` into ``out`` with ``jobs`` processes."""
    command = [sys.executable, "-m", "tools.cli.solve", str(path), "-o", str(out), "--jobs", str(jobs)]
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def throughput(path: Path, jobs: int, rounds: int) -> dict[str, Any]:
    """The command line on ``path`` with one process and with ``jobs``, taking
    turns for ``rounds`` rounds: each round's seconds, and whether every round
    wrote the same answers."""
    seconds: dict[str, list[float]] = {"1": [], str(jobs): []}
    with tempfile.TemporaryDirectory() as work:
        outputs = []
        for k in range(rounds):
            for n in (1, jobs) if k % 2 == 0 else (jobs, 1):
                out = Path(work) / f"{k}-{n}{path.suffix}"
                seconds[str(n)].append(solve_file(path, n, out))
                outputs.append(out.read_bytes())
        same = all(output == outputs[0] for output in outputs)
    return {
        "file": path.relative_to(ROOT).as_posix(),
        "puzzles": len(read_grids(path)),
        "seconds": seconds,
        "same_answers": same,
    }


def run_throughput(jobs: int, rounds: int, out: Path, command: list[str]) -> int:
    """The ``--throughput`` job: save its record in ``out``, print its table;
    1 when the processes did not all write the same answers, else 0."""
    record = throughput(COLLECTIONS / COLLECTION_FILES[THROUGHPUT_SET], jobs, rounds)
    best = {n: min(times) for n, times in record["seconds"].items()}
    rows = [[n, significant(t), f"{record['puzzles'] / t:,.0f}", significant(best["1"] / t)] for n, t in best.items()]
    markdown = (
        f"`python -m tools.cli.solve {record['file']} --jobs N`, wall clock, the fastest of {rounds} rounds "
        f"taking turns; the same answers in every run: {'yes' if record['same_answers'] else 'NO'}.\n\n"
        + markdown_table(["processes", "seconds", "puzzles per second", "speed-up"], rows)
    )
    save(out / "throughput", "throughput", record, markdown, command)
    print(markdown)
    return 0 if record["same_answers"] else 1


def cell_times(pythons: Sequence[str]) -> dict[str, Any]:
    """Each code cell's wall-clock time under the autograder, run once by each
    of ``pythons`` (interpreters with the ``autograde`` group installed)."""
    runs = {}
    with tempfile.TemporaryDirectory() as work:
        for python in pythons:
            report = Path(work) / "autograde.json"
            subprocess.run([python, "-m", "tools.handin.autograde", "--json", str(report)], cwd=ROOT, check=True)
            graded = json.loads(report.read_text(encoding="utf-8"))
            runs[graded["python"]] = graded
    return runs


def run_cells(pythons: Sequence[str], out: Path, command: list[str]) -> int:
    """The ``--cells`` job: save its record in ``out``, print its table;
    1 when a run lost marks or a cell raised, timed out or wrote to stderr."""
    runs = cell_times(pythons)
    first = next(iter(runs.values()))["cells"]
    rows = [
        [cell["cell"], cell["first_line"][:50], *(significant(run["cells"][k]["seconds"]) for run in runs.values())]
        for k, cell in enumerate(first)
    ]
    totals = [significant(sum(c["seconds"] for c in run["cells"])) for run in runs.values()]
    markdown = (
        "Each code cell's wall-clock time in seconds, from one run of `python -m tools.handin.autograde` "
        "(nbgrader autograde, default settings) under each Python; scores: "
        + ", ".join(f"Python {v}: {run['score']:g} of {run['max_score']:g}" for v, run in runs.items())
        + ".\n\n"
        + markdown_table(["cell", "first line", *(f"Python {v}, s" for v in runs)], [*rows, ["all", "", *totals]])
    )
    save(out / "cells", "cells", {"runs": runs}, markdown, command)
    print(markdown)
    return 1 if any(autograde_problems(run) for run in runs.values()) else 0


# ---------------------------------------------------------------------------
# Larger grids
# ---------------------------------------------------------------------------


def on_size(box: int, given_share: float, count: int, rng: np.random.Generator) -> dict[str, Any]:
    """``count`` random puzzles of order ``box`` raced: times, rows tried, answers right."""
    puzzles = [random_puzzle(box, given_share, rng) for _ in range(count)]
    # Relinking an empty part builds the shared engine's matrix now, before
    # the race (whose warm-up puzzle may need none), and links nothing.
    engine(box).relink(OpenPart([], []))
    [results] = race({SOLVER: by_engine(engine(box))}, puzzles).values()
    return {
        "size": box * box,
        "given_share": given_share,
        "puzzles": count,
        "right": int(results.right.sum()),
        **times(results),
        "rows_mean": float(results.choices.mean()),
    }


def run_sizes(count: int, out: Path, command: list[str]) -> int:
    """The ``--sizes`` job: save its record in ``out``, print its table;
    1 when the solver answered a puzzle wrong, else 0."""
    rng = np.random.default_rng(SIZES_SEED)
    rows = [on_size(box, share, count, rng) for box, share in SIZES]
    table = [
        [
            f"{r['size']} x {r['size']}",
            f"{round(100 * r['given_share'])}%",
            f"{r['right']}/{r['puzzles']}",
            *(significant(r[key]) for key in ("mean_ms", "p95_ms", "max_ms")),
            significant(r["rows_mean"], 3),
        ]
        for r in rows
    ]
    markdown = (
        f"The solver on {count} seeded random puzzles of each size (seed {SIZES_SEED}), "
        "CPU time per call (`helpers.race`), every answer checked.\n\n"
        + markdown_table(["size", "givens", "right", "mean ms", "p95 ms", "max ms", "rows tried, mean"], table)
    )
    save(out / "sizes", "sizes", {"seed": SIZES_SEED, "sizes": rows}, markdown, command)
    print(markdown)
    return 0 if all(r["right"] == r["puzzles"] for r in rows) else 1


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run one job; the exit status is 1 when the solver (or a version of it,
    or a rung) answered a puzzle wrong."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="python -m tools.measure.benchmark",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    job = parser.add_mutually_exclusive_group()
    job.add_argument("--against", metavar="REV", help="race this checkout's solver against revision REV's")
    job.add_argument("--ladder", action="store_true", help="race the report's ladder on whole parts")
    job.add_argument(
        "--throughput",
        type=int,
        nargs="?",
        const=os.cpu_count() or 1,
        metavar="N",
        help=f"the command line on {THROUGHPUT_SET} with one process and with N (default: every core)",
    )
    job.add_argument(
        "--cells", nargs="+", metavar="PYTHON", help="each notebook cell's time under the autograder, per interpreter"
    )
    job.add_argument(
        "--sizes",
        type=int,
        nargs="?",
        const=SIZE_PUZZLES,
        metavar="K",
        help="the solver on K random puzzles of each larger size (default: %(const)s)",
    )
    parser.add_argument("--sets", nargs="+", metavar="SET", help="sets by name (tools/puzzles/sets.py)")
    parser.add_argument("--sample", type=int, metavar="N", help="N evenly spaced puzzles of each set (default: all)")
    parser.add_argument(
        "--rounds", type=int, default=ROUNDS, metavar="K", help="races of --against and --ladder (default: %(default)s)"
    )
    parser.add_argument(
        "--out", type=Path, default=RESULTS, metavar="DIR", help="folder for the results (default: docs/results)"
    )
    args = parser.parse_args(args_list)
    command = ["python", "-m", "tools.measure.benchmark", *args_list]
    if args.against:
        sets = chosen_sets(args.sets or AGAINST_SETS, args.sample)
        try:
            return run_against(args.against, sets, args.rounds, args.out, command)
        except UnknownRevision as error:
            parser.error(f"--against {args.against}: {error}")
    if args.throughput:
        return run_throughput(args.throughput, args.rounds, args.out, command)
    if args.cells:
        return run_cells(args.cells, args.out, command)
    if args.sizes is not None:
        if args.sizes < 1:
            parser.error("--sizes takes at least 1 puzzle of each size")
        return run_sizes(args.sizes, args.out, command)
    if args.ladder:
        return run_ladder(chosen_sets(args.sets or LADDER_SETS, args.sample), args.rounds, args.out, command)
    return run_context(chosen_sets(args.sets or CONTEXT_SETS, args.sample), args.out, command)


if __name__ == "__main__":
    sys.exit(main())
