"""Measure the solver beside what the notebook measures: one job a run, each
saving its record and tables as ``docs/results/<job>`` through
``tools.measure.results`` (what each holds: ``docs/results.md``).

The jobs that race methods use ``experiment.time_methods`` (methods take turns puzzle by
puzzle, CPU time per call, every answer checked), on named sets of
``tools.puzzles.sets`` (``--sets``, ``--sample``) or on random larger grids.

the alternatives (the default job)
    the solver against the other solvers of ``tools/measure/alternatives.py``
``--against REV``
    this checkout's solver against that of ``git show REV:helpers.py``, each
    called as the notebook's ``sudoku_solver`` calls it (one engine held for
    every puzzle), over ``--rounds`` rounds: times, rows tried, the time per
    row tried, and whether every puzzle's rows tried are the same.  A revision
    git cannot show, or whose engine does not answer with its rows tried (those
    before 1c161be), ends the run with one line on stderr and status 2
``--sizes [K]``
    the solver on K seeded random puzzles of each size of ``SIZES``, 16 x 16 to 36 x 36
"""

from __future__ import annotations

import argparse
import runpy
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import numpy as np
from tqdm import tqdm

import helpers
from experiment import SOLVER, Method, Results, by_engine, time_methods
from helpers import SUDOKU_BOX, SUDOKU_SIZE, SudokuEngine
from listing import markdown_table
from report import significant
from tools import positive_int
from tools.measure.alternatives import PLAIN, alternatives
from tools.measure.results import save
from tools.paths import RESULTS, ROOT
from tools.puzzles.make_data import random_puzzle
from tools.puzzles.sets import NamedSet, load

ROWS_TRIED = (SOLVER, PLAIN)  #: the methods whose search nodes are the rows their search tried
#: the sets of each job, unless ``--sets`` names others
CONTEXT_SETS = ("assignment/hard", "generated-hard:evaluation", "top1465:evaluation", "hardest:evaluation")
AGAINST_SETS = ("top1465:evaluation", "hardest:evaluation")
ROUNDS = 3  #: rounds of ``--against``, by default
#: (box side, share of cells given): the larger grids of ``--sizes``, each with a fill the solver takes in seconds
SIZES = ((4, 0.40), (5, 0.50), (6, 0.70))
SIZE_PUZZLES = 10  #: puzzles of each size, by default
SIZES_SEED = 2026
PERCENTILE = 95


def chosen_sets(names: Sequence[str], sample: int | None) -> list[NamedSet]:
    """The sets called ``names``, each cut to ``sample`` evenly spaced puzzles (all when None)."""
    return [load(name).sample(sample) for name in names]


def race_on(methods: dict[str, Method], named_set: NamedSet, rounds: int = 1) -> dict[str, Results]:
    """``experiment.time_methods`` of ``methods`` on the puzzles of ``named_set``, checked against its solutions."""
    stored = None if named_set.solutions is None else list(named_set.solutions)
    return time_methods(methods, list(named_set.puzzles), stored, rounds)


def times(results: Results) -> dict[str, float]:
    """Mean, p95 and slowest CPU ms of one method's race, over every round and puzzle."""
    ms = results.ms
    return {"mean_ms": float(ms.mean()), "p95_ms": float(np.percentile(ms, PERCENTILE)), "max_ms": float(ms.max())}


# --- The solver against the alternatives -----------------------------------


def context(named_set: NamedSet, others: dict[str, Method]) -> dict[str, Any]:
    """The solver and ``others`` raced on ``named_set``: each method's times,
    answers right, mean over the solver's, rows tried where it counts them,
    and the split of its time where the method gives one (``split_ms``:
    exact-cover's set-up and C call)."""
    methods = {SOLVER: by_engine(SudokuEngine(SUDOKU_BOX)), **others}
    raced = race_on(methods, named_set)
    solver_mean = raced[SOLVER].ms.mean()
    entry: dict[str, Any] = {"source": named_set.source, "puzzles": len(named_set), "methods": {}}
    for name, results in raced.items():
        summary = {**times(results), "right": int(results.right.sum())}
        summary["over_solver"] = float(results.ms.mean() / solver_mean)
        if name in ROWS_TRIED:
            summary["rows_mean"] = float(results.nodes.mean())
        split_ms = getattr(methods[name], "split_ms", None)
        if split_ms is not None:
            summary.update(split_ms(results.ms.size))  # the race times its last calls, one per entry of ms
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
    return markdown_table([*header, "set-up + C call, ms"], rows)


def run_context(sets: list[NamedSet], out: Path, command: list[str]) -> int:
    """The alternatives job: save its record in ``out``, print its table;
    1 when the solver answered a puzzle wrong, else 0."""
    found = alternatives()
    others = {a.name: a.method for a in found if a.method is not None}
    unavailable = {a.name: a.unavailable for a in found if a.method is None}
    record: dict[str, Any] = {
        "sets": {
            s.name: context(s, others)
            for s in tqdm(sets, desc="alternatives", unit="set", disable=None, file=sys.stderr)
        },
        "unavailable": unavailable,
    }
    notes = "".join(f"\n\n{name}: not measured ({reason})." for name, reason in unavailable.items())
    markdown = (
        "Every method on every puzzle of each set, taking turns (`experiment.time_methods`); "
        "`mean / solver's` is its mean time over the solver's in the same race.\n\n"
        f"{context_table(record['sets'])}{notes}"
    )
    save(out / "alternatives", "alternatives", record, markdown, command)
    print(markdown)
    wrong = [s for s, entry in record["sets"].items() if entry["methods"][SOLVER]["right"] < entry["puzzles"]]
    return 1 if wrong else 0


# --- This checkout against another revision --------------------------------


class UnusableRevision(Exception):
    """A revision whose helpers.py cannot be raced, with the reason in one line."""


def revision(rev: str, repository: Path = ROOT) -> SimpleNamespace:
    """``helpers.py`` as revision ``rev`` of ``repository`` has it, run as a
    module of its own (``runpy``; its top level as a namespace) and tried once
    on a blank grid as ``held_engine`` calls it; ``UnusableRevision`` when git
    cannot show it or that call fails."""
    shown = subprocess.run(["git", "show", f"{rev}:helpers.py"], cwd=repository, capture_output=True, text=True)
    if shown.returncode:
        raise UnusableRevision(" ".join(shown.stderr.split()) or f"git show {rev}:helpers.py failed")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "helpers_against.py"
        path.write_text(shown.stdout, encoding="utf-8")
        try:
            module = SimpleNamespace(**runpy.run_path(str(path)))
            held_engine(module)(np.zeros((SUDOKU_SIZE, SUDOKU_SIZE), dtype=np.int64))
        except Exception as error:  # whatever an old helpers.py does wrong, the run ends in one line
            reason = " ".join(f"{type(error).__name__}: {error}".split())
            message = f"its engine does not answer with its rows tried (1c161be and later do): {reason}"
            raise UnusableRevision(message) from error
    return module


def held_engine(module: ModuleType | SimpleNamespace) -> Method:
    """The solver of ``module`` (a version of helpers.py) as the notebook's
    ``sudoku_solver`` calls it: one ``SudokuEngine`` held for every puzzle,
    ``read_grid``, ``solve``, the answer as an array; with the rows tried.
    The engine builds its matrix at once, on the blank grid."""
    engine = module.SudokuEngine(SUDOKU_BOX)
    engine.solve([0] * SUDOKU_BOX**4)

    def method(puzzle: np.ndarray) -> tuple[np.ndarray | None, int]:
        cells = module.read_grid(puzzle)
        if cells is None:
            return None, 0
        answer = engine.solve(cells)
        grid = None if answer.grid is None else np.array(answer.grid, dtype=np.int64).reshape(puzzle.shape)
        return grid, answer.rows_tried

    return method


def against(named_set: NamedSet, versions: dict[str, ModuleType | SimpleNamespace], rounds: int) -> dict[str, Any]:
    """Two versions of helpers.py raced on ``named_set``, ``rounds`` rounds
    with each version's matrix built first (the one built first ran 2 to 3%
    slower here, for where its nodes lie in memory): each one's times, rows
    tried and CPU time per row tried (all its time over all its rows), and
    the ratios of new to old, over all ``2 * rounds`` rounds."""
    new, old = versions
    races = []
    for first in (new, old):
        methods = {name: held_engine(versions[name]) for name in (first, new if first == old else old)}
        races.append(race_on({name: methods[name] for name in versions}, named_set, rounds))
    raced = {name: Results(np.concatenate([r[name].ms for r in races]), *races[0][name][1:]) for name in versions}

    def per_row_us(results: Results) -> float:
        return float(1000 * results.ms.mean() / max(1e-9, float(results.nodes.mean())))

    return {
        "puzzles": len(named_set),
        "rounds": 2 * rounds,
        "versions": {
            name: {
                **times(results),
                "wrong": int((~results.right).sum()),
                "rows_mean": float(results.nodes.mean()),
                "us_per_row": per_row_us(results),
            }
            for name, results in raced.items()
        },
        "ratio": float(raced[new].ms.mean() / raced[old].ms.mean()),
        "round_ratios": (raced[new].round_means() / raced[old].round_means()).tolist(),
        "per_row_ratio": per_row_us(raced[new]) / per_row_us(raced[old]),
        "rows_differ": int((raced[new].nodes != raced[old].nodes).any(axis=0).sum()),
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
                f"{significant(v[old]['us_per_row'], 3)} -> {significant(v[new]['us_per_row'], 3)}",
                significant(entry["per_row_ratio"], 3),
                "yes" if entry["rows_differ"] == 0 else f"no: {entry['rows_differ']} puzzles differ",
                v[old]["wrong"] + v[new]["wrong"],
            ]
        )
    header = ["set", "puzzles x rounds", *(f"{v} {s}" for v in ("old", "new") for s in ("mean ms", "p95 ms", "max ms"))]
    header += ["new / old", "each round", "rows tried, mean", "µs a row", "per row, new / old", "same rows", "wrong"]
    return markdown_table(header, rows)


def run_against(rev: str, sets: list[NamedSet], rounds: int, out: Path, command: list[str]) -> int:
    """The ``--against`` job: save its record in ``out``, print its table;
    1 when either version answered a puzzle wrong, 2 (and one line on stderr)
    when revision ``rev`` cannot be raced, else 0."""
    new, old = "this checkout", rev
    try:
        versions: dict[str, ModuleType | SimpleNamespace] = {new: helpers, old: revision(rev)}
    except UnusableRevision as error:
        print(f"python -m tools.measure.benchmark: --against {rev}: {error}", file=sys.stderr)
        return 2
    record: dict[str, Any] = {
        "revision": rev,
        "sets": {
            s.name: against(s, versions, rounds)
            for s in tqdm(sets, desc=f"against {rev}", unit="set", disable=None, file=sys.stderr)
        },
    }
    markdown = (
        f"The solver of this checkout (new) and of `{rev}` (old), each called as the notebook's `sudoku_solver` "
        f"calls it (one engine held), taking turns puzzle by puzzle (`experiment.time_methods`), {rounds} rounds with "
        "each version's matrix built first; "
        "`new / old` is the ratio of the means over all rounds, `each round` that of each round's means; "
        "`µs a row` is all of a version's CPU time over all the rows its search tried.\n\n"
        f"{against_table(record['sets'], new, old)}"
    )
    save(out / f"against-{rev.replace('/', '-')}", "against", record, markdown, command)
    print(markdown)
    return 1 if any(v["wrong"] for entry in record["sets"].values() for v in entry["versions"].values()) else 0


# --- Larger grids ----------------------------------------------------------


def on_size(box: int, given_share: float, count: int, rng: np.random.Generator) -> dict[str, Any]:
    """``count`` random puzzles of order ``box`` raced: times, rows tried, answers right."""
    puzzles = [random_puzzle(box, given_share, rng) for _ in range(count)]
    engine = SudokuEngine(box)
    [results] = time_methods({SOLVER: by_engine(engine)}, puzzles).values()
    return {
        "size": box * box,
        "given_share": given_share,
        "puzzles": count,
        "right": int(results.right.sum()),
        **times(results),
        "rows_mean": float(results.nodes.mean()),
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
        "CPU time per call (`experiment.time_methods`), every answer checked.\n\n"
        + markdown_table(["size", "givens", "right", "mean ms", "p95 ms", "max ms", "rows tried, mean"], table)
    )
    save(out / "sizes", "sizes", {"seed": SIZES_SEED, "sizes": rows}, markdown, command)
    print(markdown)
    return 0 if all(r["right"] == r["puzzles"] for r in rows) else 1


# --- The command line ------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run one job; the exit status is 1 when the solver (or a version of it)
    answered a puzzle wrong, 2 for a usage error or a revision that cannot be raced."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="python -m tools.measure.benchmark",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    job = parser.add_mutually_exclusive_group()
    job.add_argument("--against", metavar="REV", help="race this checkout's solver against revision REV's")
    job.add_argument(
        "--sizes",
        type=positive_int,
        nargs="?",
        const=SIZE_PUZZLES,
        metavar="K",
        help="the solver on K random puzzles of each larger size (default: %(const)s)",
    )
    parser.add_argument("--sets", nargs="+", metavar="SET", help="sets by name (tools/puzzles/sets.py)")
    parser.add_argument(
        "--sample", type=positive_int, metavar="N", help="N evenly spaced puzzles of each set (default: all)"
    )
    parser.add_argument(
        "--rounds",
        type=positive_int,
        default=ROUNDS,
        metavar="K",
        help="rounds of --against (default: %(default)s)",
    )
    parser.add_argument(
        "--out", type=Path, default=RESULTS, metavar="DIR", help="folder for the results (default: docs/results)"
    )
    args = parser.parse_args(args_list)
    command = ["python", "-m", "tools.measure.benchmark", *args_list]
    if args.against:
        return run_against(
            args.against, chosen_sets(args.sets or AGAINST_SETS, args.sample), args.rounds, args.out, command
        )
    if args.sizes is not None:
        return run_sizes(args.sizes, args.out, command)
    return run_context(chosen_sets(args.sets or CONTEXT_SETS, args.sample), args.out, command)


if __name__ == "__main__":
    sys.exit(main())
