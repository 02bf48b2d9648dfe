"""The development ladder: how the solver got to be what it is, one step at a time.

Each rung is a solver, measured on the same puzzles in one interleaved run:

0. ``csp``: the method the unit recommends, backtracking search with minimum
   remaining values and forward checking (``helpers.backtracking_solve``);
0b. ``csp_after_singles``: the same search given the submitted solver's first
   stage (``helpers.engine(3).place_singles``), as the notebook compares them,
   so that the first stage's share and the search's share of the gain show
   apart;
1. ``plain``: dancing links with every switch of ``tools.steps.Optimisations``
   off: Knuth's Algorithm X with the S heuristic on a matrix built for each
   puzzle, undone in full afterwards;
2. and on: the same solver with one more switch turned on at each rung, in
   the order of ``RUNGS``, so that the last rung, every switch on, is the
   submitted solver.

Each dancing-links rung is an engine of ``tools.steps.step_engine``, made the
shared engine of ``helpers`` (``tools.steps.using``) for its calls, so that
every rung runs through the notebook's own ``sudoku_solver``.

Every rung runs on every puzzle, puzzle by puzzle in a rotating order
(``tools.benchmark.run_interleaved``), so a busy spell of the machine slows
all rungs alike.  The whole pass is repeated ``--rounds`` times.  A rung's
figure on a set is the mean over the puzzles of each puzzle's median time
across the rounds, so that a one-off spike (a garbage collection, another
process) drops out; its spread, how far the mean of a single round lies
from that figure, says how far a repeat run can move it.  Every answer is checked as in the benchmark; rows tried come
from ``SudokuEngine.rows_tried`` (0 when the first pass alone solves the
puzzle) and, for the CSP search, are its assignments.

Beside each rung's mean, the results keep the 95th percentile and the maximum
of the puzzles' median times, and, for the rungs of ``PER_PUZZLE_RUNGS``, each
puzzle's median time and rows tried (``puzzle_ms``, ``puzzle_rows``, in the
set's order), from which ``tools/figures.py`` draws the search figure.

Puzzle sets: the assignment's four categories (whole, from ``data/``) and the
*evaluation* part of the collections that need a search (``docs/tuning.md``),
which no tuned choice was picked on.  Results go to
``docs/results/ladder.json``; ``tools/report.py`` renders them in the readme.

Usage: ``python -m tools.ladder [--rounds R] [--sample N] [--sets ...] [--out FILE]``
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import numpy as np

import helpers
from tools.benchmark import (
    MS_DECIMALS,
    PERCENTILE,
    Contestant,
    Progress,
    PuzzleSet,
    SharedEngine,
    check_helpers,
    figure,
    in_ms,
    load_ours,
    metadata,
    ms,
    our_details,
    part_of,
    run_interleaved,
    select_sets,
    table,
)
from tools.layout import RESULTS
from tools.steps import Optimisations, step_engine

OUT = RESULTS / "ladder.json"
PART = "evaluation"  #: the collections' part the ladder is measured on
DEFAULT_SETS = ("assignment", "generated-hard", "top1465", "hardest")
DEFAULT_ROUNDS = 3
#: Rung name -> what it adds, for the table: the two textbook rungs, then plain
#: dancing links and the switches in the order they are turned on.  Every
#: switch of ``tools.steps.Optimisations`` appears once, in its declared order.
RUNGS: dict[str, str] = {
    "csp": "backtracking search, minimum remaining values, forward checking (`helpers.backtracking_solve`)",
    "csp_after_singles": "the same search after the submitted solver's stage 1 (`place_singles`)",
    "plain": "dancing links: Algorithm X, S heuristic, a matrix built per puzzle",
    "reuse_links": "one matrix built once, relinked for each puzzle",
    "skip_unwinding": "no undoing of the links after the first solution",
    "singles": "first pass: naked singles on bit boards",
    "hidden_singles": "first pass: hidden singles too",
    "locked_candidates": "first pass: locked candidates too",
    "half_way_start": "each column family starts half-way (tuned)",
    "dead_ends_first": "columns emptied by the last covers are checked first (tuned)",
    "cheaper_rows": "the same search with cheaper rows: a row taken in one call and kept linked",
}
TEXTBOOK_RUNGS = ("csp", "csp_after_singles")  #: the rungs that are not dancing links
SWITCHES = tuple(RUNGS)[len(TEXTBOOK_RUNGS) + 1 :]
#: rung names of older results -> their name now (the switch was renamed with the rewrite of helpers.py)
LEGACY_RUNGS = {"rows_of_four": "cheaper_rows"}
#: Rung name -> a label short enough for a figure's axis
RUNG_LABELS: dict[str, str] = {
    "csp": "textbook search: backtracking, MRV, forward checking",
    "csp_after_singles": "textbook search after stage 1",
    "plain": "dancing links, a matrix per puzzle",
    "reuse_links": "+ one matrix, relinked",
    "skip_unwinding": "+ no unwinding",
    "singles": "+ naked singles",
    "hidden_singles": "+ hidden singles",
    "locked_candidates": "+ locked candidates",
    "half_way_start": "+ half-way start (tuned)",
    "dead_ends_first": "+ dead ends first (tuned)",
    "cheaper_rows": "+ cheaper rows",
}
FINAL = tuple(RUNGS)[-1]  #: the submitted solver's rung
#: rungs whose per-puzzle times and rows are kept: the textbook method, plain
#: dancing links and the submitted solver
PER_PUZZLE_RUNGS = ("csp", "plain", FINAL)
#: a set's name in the table
SET_LABELS = {
    "assignment": "assignment, very easy to medium",
    "assignment/hard": "assignment, hard",
    f"generated-hard:{PART}": "generated hard",
    f"top1465:{PART}": "top1465",
    f"hardest:{PART}": "hardest",
}
EASY_CATEGORIES = ("assignment/very_easy", "assignment/easy", "assignment/medium")
ROWS_SET = f"top1465:{PART}"  #: the set whose rows tried the table shows: the largest that needs a search


def rung_switches(rung: str) -> Optimisations:
    """The switches at a dancing-links rung: those of ``SWITCHES`` up to and
    including ``rung`` on, the others off (all off at ``plain``)."""
    on = SWITCHES[: SWITCHES.index(rung) + 1] if rung in SWITCHES else ()
    return Optimisations(**{name: name in on for name in SWITCHES})


def step_number(rung: str) -> str:
    """A rung's number in the tables: ``0`` and ``0b`` for the textbook rungs,
    then ``1`` (plain dancing links) to the submitted solver."""
    if rung in TEXTBOOK_RUNGS:
        return "0" + "b" * TEXTBOOK_RUNGS.index(rung)
    return str(list(RUNGS).index(rung) - len(TEXTBOOK_RUNGS) + 1)


def textbook_after_stage_1(puzzle: np.ndarray) -> tuple[np.ndarray | None, int]:
    """``(solution or None, assignments)``: the textbook search on what the
    submitted solver's stage 1 leaves of ``puzzle``, as the notebook runs it."""
    grid = helpers.read_grid(puzzle)
    if grid is None or helpers.engine(helpers.SUDOKU_BOX).place_singles(grid) is None:
        return None, 0
    return helpers.backtracking_solve(np.reshape(grid, puzzle.shape))


def textbook_contestant(
    name: str, search: Callable[[np.ndarray], tuple[np.ndarray | None, int]], runs_on: np.ndarray, prepare: Callable
) -> Contestant:
    """A textbook rung: ``search`` gives ``(solution or None, assignments)``,
    and its assignments are reported as rows tried."""
    tried = {"rows": 0}

    def solve(puzzle: np.ndarray) -> np.ndarray:
        solution, tried["rows"] = search(puzzle)
        return np.full(puzzle.shape, helpers.NO_SOLUTION) if solution is None else solution

    return Contestant(name, solve, runs_on, prepare, details=lambda: dict(tried))


def contestants(ours: Callable, runs_on: np.ndarray, shared: SharedEngine) -> list[Contestant]:
    """Every rung: the textbook search alone and after stage 1, then the
    notebook's solver on each dancing-links rung's engine."""
    submitted = shared.install(None)  # stage 1 of the textbook rung is the submitted solver's
    rungs = [
        textbook_contestant("csp", helpers.backtracking_solve, runs_on, submitted),
        textbook_contestant("csp_after_singles", textbook_after_stage_1, runs_on, submitted),
    ]
    for rung in RUNGS:
        if rung not in TEXTBOOK_RUNGS:
            prepare = shared.install(step_engine(rung_switches(rung)))
            rungs.append(Contestant(rung, ours, runs_on, prepare, our_details))
    return rungs


def measure(puzzle_set: PuzzleSet, ours: Callable, rounds: int) -> dict:
    """Every rung on every puzzle of the set, ``rounds`` times interleaved."""
    everywhere = np.ones(len(puzzle_set), dtype=bool)
    seconds = {rung: [] for rung in RUNGS}
    with SharedEngine() as shared:
        rungs = contestants(ours, everywhere, shared)
        for r in range(rounds):
            progress = Progress(f"ladder {puzzle_set.name}, round {r + 1}/{rounds}", len(puzzle_set))
            timings = run_interleaved(puzzle_set, rungs, progress)
            for rung, timing in timings.items():
                seconds[rung].append(timing.seconds)
    result = {"n": len(puzzle_set), "size": puzzle_set.size, "rungs": {}}
    for rung, timing in timings.items():  # verdicts and rows are the same in every round
        medians = np.median(seconds[rung], axis=0)  # per puzzle: a one-off spike in a call drops out
        typical = float(np.mean(medians))
        round_means = [float(np.mean(s)) for s in seconds[rung]]
        rows = timing.details["rows"]
        result["rungs"][rung] = {
            "mean_ms": in_ms(typical),
            "p95_ms": in_ms(float(np.percentile(medians, PERCENTILE))),
            "max_ms": in_ms(float(np.max(medians))),
            "round_means_ms": [in_ms(m) for m in round_means],
            "spread": round(max(abs(m / typical - 1) for m in round_means), 3),
            "rows_mean": round(float(np.mean(rows)), 1),
            "wrong": int((~timing.right).sum()),
        }
        if rung in PER_PUZZLE_RUNGS:
            result["rungs"][rung]["puzzle_ms"] = [in_ms(float(m)) for m in medians]
            result["rungs"][rung]["puzzle_rows"] = [int(r) for r in rows]
    return result


def read_ladder(path: Path = OUT) -> dict:
    """The ladder's results in ``path``, rungs of older results under their name now (``LEGACY_RUNGS``)."""
    ladder = json.loads(path.read_text(encoding="utf-8"))
    sets = ladder.get("sets") if isinstance(ladder, dict) else None
    for entry in sets.values() if isinstance(sets, dict) else ():
        if isinstance(entry, dict) and isinstance(entry.get("rungs"), dict):
            entry["rungs"] = {LEGACY_RUNGS.get(rung, rung): e for rung, e in entry["rungs"].items()}
    return ladder


def measured_rungs(sets: Iterable[dict]) -> list[str]:
    """The rungs of ``RUNGS``, in order, that every one of ``sets`` holds:
    results written before a rung was added lack it, and tables leave it out."""
    sets = list(sets)
    return [rung for rung in RUNGS if all(rung in entry["rungs"] for entry in sets)]


def pooled(sets: dict, names: Sequence[str]) -> dict:
    """Several sets as one: each rung's mean over all their puzzles, rows likewise."""
    parts = [sets[name] for name in names if name in sets]
    n = sum(part["n"] for part in parts)
    rungs = {}
    for rung in measured_rungs(parts):
        entries = [(part["n"], part["rungs"][rung]) for part in parts]
        rungs[rung] = {
            "mean_ms": round(sum(k * e["mean_ms"] for k, e in entries) / n, MS_DECIMALS),
            "spread": max(e["spread"] for _, e in entries),
            "rows_mean": round(sum(k * e["rows_mean"] for k, e in entries) / n, 1),
            "wrong": sum(e["wrong"] for _, e in entries),
        }
    return {"n": n, "size": n, "rungs": rungs}


def shown_sets(ladder: dict) -> dict:
    """The sets of the table, by label: the easier categories pooled."""
    sets = dict(ladder["sets"])
    if any(name in sets for name in EASY_CATEGORIES):
        sets["assignment"] = pooled(sets, EASY_CATEGORIES)
    return {label: sets[name] for name, label in SET_LABELS.items() if name in sets}


def ladder_table(ladder: dict) -> str:
    """Rungs down, sets across: mean ms per puzzle to two figures, and the rows the search
    tried on ``ROWS_SET``, or the last set shown when it was not measured
    (assignments for the CSP search)."""
    shown = shown_sets(ladder)
    last = SET_LABELS[ROWS_SET] if SET_LABELS[ROWS_SET] in shown else list(shown)[-1]
    header = ["step", *(f"{label} ({entry['n']}), ms" for label, entry in shown.items()), f"rows tried, {last}"]
    rows = []
    for rung in measured_rungs(shown.values()):
        what = RUNGS[rung]
        step = (
            f"{step_number(rung)}. {what}" if rung in (*TEXTBOOK_RUNGS, "plain") else f"{step_number(rung)}. + {what}"
        )
        cells = [figure(entry["rungs"][rung]["mean_ms"]) for entry in shown.values()]
        rows.append([step, *cells, figure(shown[last]["rungs"][rung]["rows_mean"])])
    return table(header, rows)


def ladder_note(ladder: dict) -> str:
    """How the ladder was run, how much single rounds varied, and the verdicts."""
    meta = ladder["metadata"]
    cells = sorted(
        (e["spread"], name, rung, e) for name, entry in ladder["sets"].items() for rung, e in entry["rungs"].items()
    )
    middle = cells[len(cells) // 2][0]
    worst, worst_set, worst_rung, worst_cell = cells[-1]
    far = max(worst_cell["round_means_ms"], key=lambda m: abs(m - worst_cell["mean_ms"]))
    wrong = sum(e["wrong"] for entry in ladder["sets"].values() for e in entry["rungs"].values())
    answers = sum(entry["n"] * len(entry["rungs"]) for entry in ladder["sets"].values())
    sampled = f", up to {meta['sample']:,} puzzles each" if meta["sample"] else ""
    return (
        f"`python -m tools.ladder`, {meta['date'][:10]}, Python {meta['python']}, numpy {meta['numpy']}"
        f"{', ' + meta['processor'] if meta.get('processor') else ''}: "
        f"CPU time per call, all rungs interleaved puzzle by puzzle, {ladder['rounds']} rounds; a figure is the "
        f"mean over the puzzles of each one's median time across the rounds. The mean of a single round lay "
        f"{100 * middle:.0f}% from that figure in the middle case and {100 * worst:.0f}% at most ({worst_set}, "
        f"rung {worst_rung}: one round's mean {ms(far)} ms against a figure of {ms(worst_cell['mean_ms'])} ms), "
        f"so read differences of a few per cent as noise. Collections: their evaluation part "
        f"(`docs/tuning.md`){sampled}. All {answers:,} answers checked: {wrong} wrong."
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", nargs="+", default=list(DEFAULT_SETS), help="sets or groups, as in tools.benchmark")
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="interleaved passes (default: %(default)s)")
    parser.add_argument("--sample", type=int, metavar="N", help="take N evenly spaced puzzles per set (default: all)")
    parser.add_argument("--out", type=Path, default=OUT, help="the results file (default: docs/results/ladder.json)")
    args = parser.parse_args(argv)
    ours = load_ours()
    check_helpers(ours)
    sets, notes = select_sets(args.sets)
    for note in notes:
        print(note, file=sys.stderr)
    results = {}
    for puzzle_set in sets:
        puzzle_set = part_of(puzzle_set, PART)
        if puzzle_set is None:
            continue
        results[puzzle_set.name] = measure(puzzle_set.sample(args.sample), ours, args.rounds)
    meta = metadata(argparse.Namespace(sample=args.sample, part=PART, alt_limit=None), [], notes)
    meta["command"] = shlex.join(["python", "-m", "tools.ladder", *(argv if argv is not None else sys.argv[1:])])
    ladder = {"metadata": meta, "rounds": args.rounds, "sets": results}
    args.out.write_text(json.dumps(ladder, indent=1) + "\n", encoding="utf-8")
    print(ladder_table(ladder))
    print()
    print(ladder_note(ladder))
    wrong = sum(e["wrong"] for entry in results.values() for e in entry["rungs"].values())
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
