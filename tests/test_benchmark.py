"""Smoke tests of ``tools/measure/benchmark.py``: it loads the sets, checks every
answer, survives wrong alternatives and writes its JSON and markdown.

Nothing here asserts anything about speed; the runs are a few puzzles long.
"""

from __future__ import annotations

import importlib.util
import io
import json

import numpy as np
import pytest

import helpers
from conftest import DATA, ROOT
from tools import alternatives, benchmark, ladder, steps

# A valid grid from a pattern; blanking its diagonal leaves one blank per
# row, so the puzzle has exactly this grid as its solution.
VALID = np.array([[(3 * (r % 3) + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)])
PUZZLE = VALID.copy()
PUZZLE[np.arange(9), np.arange(9)] = 0
CLASH = np.zeros((9, 9), dtype=int)
CLASH[0, 0] = CLASH[0, 8] = 5  # two 5s in one row: no solution
NONE = np.full((9, 9), -1)
#: a puzzle that needs a search (Arto Inkala's "Everest")
EVEREST_LINE = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


def tiny_set() -> benchmark.PuzzleSet:
    """A solvable and an unsolvable puzzle, with stored answers."""
    return benchmark.new_set("tiny", ROOT / "tiny", np.stack([PUZZLE, CLASH]), np.stack([VALID, NONE]))


@pytest.fixture(scope="module")
def ours():
    """The notebook's ``sudoku_solver``, loaded as the benchmark loads it."""
    return benchmark.load_ours()


def run_main(*args: str) -> int:
    return benchmark.main(list(args))


# --- sampling ---------------------------------------------------------------


def test_evenly_spaced_spreads_distinct_indices_from_the_first():
    assert benchmark.evenly_spaced(10, 4).tolist() == [0, 2, 5, 7]


def test_evenly_spaced_takes_everything_when_asked_for_more():
    assert benchmark.evenly_spaced(3, 5).tolist() == [0, 1, 2]


def test_a_sample_keeps_the_positions_in_the_source():
    full = benchmark.new_set("ten", ROOT / "ten", np.stack([PUZZLE] * 10), None)
    assert full.sample(3).indices.tolist() == [0, 3, 6]
    assert full.sample(3).size == 10


# --- checking answers -------------------------------------------------------


def test_the_stored_solution_is_right():
    assert benchmark.is_right(PUZZLE, VALID, VALID)


def test_a_grid_breaking_a_rule_is_wrong_even_without_a_stored_solution():
    grid = VALID.copy()
    grid[0, 0] = grid[0, 1]
    assert not benchmark.is_right(PUZZLE, grid, None)


def test_a_valid_grid_other_than_the_stored_one_is_wrong():
    relabelled = VALID % 9 + 1  # still a valid grid, every digit changed
    assert benchmark.is_right(np.zeros((9, 9), dtype=int), relabelled, None)
    assert not benchmark.is_right(np.zeros((9, 9), dtype=int), relabelled, VALID)


def test_an_unsolvable_puzzle_wants_all_minus_one():
    assert benchmark.is_right(CLASH, NONE, NONE)
    assert not benchmark.is_right(CLASH, VALID, NONE)


def test_a_crash_is_wrong():
    assert not benchmark.is_right(PUZZLE, None, VALID)


# --- statistics -------------------------------------------------------------


def test_significant_keeps_four_digits():
    assert benchmark.significant(0.0123456) == 0.01235
    assert benchmark.significant(98765.4) == 98770.0


def test_the_percentiles_run_from_the_fastest_to_the_slowest_call():
    seconds = np.array([0.001, 0.0030004])  # 1 ms and 3.0004 ms
    timings = benchmark.Timings(seconds, np.ones(2, dtype=bool), np.ones(2, dtype=bool))
    result = benchmark.summarise("ours", timings, tiny_set(), None)
    assert len(result.percentiles_ms) == len(benchmark.PERCENTILES) == 101
    assert (result.percentiles_ms[0], result.percentiles_ms[50], result.percentiles_ms[-1]) == (1.0, 2.0, 3.0)
    assert result.percentiles_ms == sorted(result.percentiles_ms)


# --- loading sets -----------------------------------------------------------


def in_folder(tmp_path) -> benchmark.Folders:
    """Every set read from under ``tmp_path``."""
    return benchmark.Folders(tmp_path, tmp_path / "generated", tmp_path / "collections")


def test_missing_sets_are_skipped_with_a_note(tmp_path):
    sets, notes = benchmark.select_sets(["generated", "17clue", "kaggle/2-3"], in_folder(tmp_path))
    assert sets == []
    assert len(notes) == len(benchmark.CATEGORIES) + 2
    assert all(note.startswith("skipped ") for note in notes)


def test_an_unknown_set_name_gets_a_note(tmp_path):
    _, notes = benchmark.select_sets(["nonsense"], in_folder(tmp_path))
    assert notes == ["no set named 'nonsense'"]


def test_puzzle_lines_read_dots_and_zeros_as_blanks(tmp_path):
    text = "".join(str(v) for v in PUZZLE.ravel())
    (tmp_path / "collections").mkdir()
    (tmp_path / "collections" / benchmark.LINE_FILES["top1465"]).write_text(
        text.replace("0", ".") + "\n" + text + "\n\n"
    )
    [puzzles], notes = benchmark.select_sets(["top1465"], in_folder(tmp_path))
    assert notes == []
    assert len(puzzles) == 2
    assert (puzzles.puzzles == PUZZLE).all()


def test_the_rated_csv_is_split_into_bands(tmp_path):
    puzzle = "".join(str(v) for v in PUZZLE.ravel())
    solution = "".join(str(v) for v in VALID.ravel())
    rows = [f"{puzzle},{solution},72,{rating}" for rating in ("0.0", "1.5", "7.8", "1.0")]
    (tmp_path / "collections").mkdir()
    (tmp_path / "collections" / benchmark.KAGGLE_FILE).write_text(
        "puzzle,solution,clues,difficulty\n" + "\n".join(rows)
    )
    sets, _ = benchmark.select_sets(["kaggle"], in_folder(tmp_path))
    assert {s.name: s.indices.tolist() for s in sets} == {"kaggle/0-1": [0], "kaggle/1-2": [1, 3], "kaggle/7-9": [2]}
    assert (sets[0].solutions == VALID).all()


def test_the_assignment_sets_hold_their_unsolvable_puzzles():
    sets, notes = benchmark.select_sets(["assignment"])
    assert notes == []
    assert [s.unsolvable for s in sets] == [0, 5, 5, 5]


# --- alternatives -----------------------------------------------------------

ALTERNATIVES = {alt.name: alt for alt in alternatives.alternatives()}


@pytest.mark.parametrize("name", sorted(ALTERNATIVES))
def test_an_alternative_solves_and_reports_no_solution(name):
    alternative = ALTERNATIVES[name]
    if alternative.solver is None:
        pytest.skip(alternative.unavailable)
    assert benchmark.is_right(PUZZLE, alternative.solver(PUZZLE.astype(np.int8)), VALID)
    assert benchmark.is_right(CLASH, alternative.solver(CLASH.astype(np.int8)), NONE)


# --- running ----------------------------------------------------------------


def test_wrong_and_crashing_alternatives_are_counted_not_fatal(ours):
    def zeros(puzzle):
        return np.zeros((9, 9), dtype=int)

    def crash(puzzle):
        raise RuntimeError("broken")

    broken = [alternatives.Alternative("zeros", "", zeros), alternatives.Alternative("crash", "", crash)]
    result = benchmark.compare(tiny_set(), ours, broken, alt_limit=2)
    by_name = {r.solver: r for r in result.solvers}
    assert (by_name["ours"].solved, by_name["ours"].wrong) == (2, 0)
    assert (by_name["zeros"].wrong, by_name["crash"].wrong) == (2, 2)
    assert by_name["crash"].wrong_examples == [0, 1]


def test_alternatives_run_on_at_most_alt_limit_puzzles(ours):
    other = [alternatives.Alternative("minus-ones", "", lambda puzzle: NONE)]
    result = benchmark.compare(tiny_set(), ours, other, alt_limit=1)
    assert [r.n for r in result.solvers] == [2, 1]
    assert result.solvers[1].ours_mean_ms is not None


def test_the_notebook_solver_uses_the_helpers_the_ablation_configures(ours):
    benchmark.check_helpers(ours)  # raises if not


def test_a_solver_using_another_copy_of_helpers_is_refused():
    spec = importlib.util.spec_from_file_location("helpers", ROOT / "helpers.py")
    other = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(other)
    namespace = {"solve_sudoku": other.solve_sudoku}
    exec("def sudoku_solver(sudoku):\n    return solve_sudoku(sudoku)", namespace)
    with pytest.raises(RuntimeError, match="another copy"):
        benchmark.check_helpers(namespace["sudoku_solver"])


def test_progress_stays_quiet_off_a_terminal_on_a_short_run():
    stream = io.StringIO()
    progress = benchmark.Progress("tiny", 2, stream)
    progress.update(1)
    progress.update(2)
    progress.close()
    assert stream.getvalue() == ""


# --- the command line -------------------------------------------------------


def test_a_run_writes_json_and_markdown(tmp_path):
    status = run_main("--sets", "assignment/hard", "--sample", "3", "--alt-limit", "2", "--out", str(tmp_path))
    assert status == 0
    report = json.loads((tmp_path / benchmark.JSON_NAME).read_text())
    entry = report["sets"]["assignment/hard"]
    assert (entry["n"], entry["size"]) == (3, 15)
    assert [(r["solver"], r["n"], r["wrong"]) for r in entry["solvers"]][0] == ("ours", 3, 0)
    assert all(r["n"] == 2 and r["ratio"] > 0 for r in entry["solvers"][1:])
    assert all(len(r["percentiles_ms"]) == len(benchmark.PERCENTILES) for r in entry["solvers"])
    assert report["metadata"]["sample"] == 3
    markdown = (tmp_path / benchmark.MARKDOWN_NAME).read_text()
    assert "### Our solver" in markdown and "| assignment/hard | 3 of 15 | 3/3 | 0 |" in markdown


def test_a_later_run_keeps_the_sets_it_did_not_measure(tmp_path):
    run_main("--sets", "assignment/easy", "--sample", "2", "--alternatives", "--out", str(tmp_path))
    run_main("--sets", "assignment/hard", "--sample", "2", "--alternatives", "--out", str(tmp_path))
    report = json.loads((tmp_path / benchmark.JSON_NAME).read_text())
    assert list(report["sets"]) == ["assignment/easy", "assignment/hard"]


def test_the_ablation_turns_off_every_switch_and_restores_them(tmp_path):
    submitted = helpers.engine(helpers.SUDOKU_BOX)
    status = run_main("--ablation", "--sets", "assignment/medium", "--sample", "2", "--out", str(tmp_path))
    assert status == 0
    report = json.loads((tmp_path / benchmark.JSON_NAME).read_text())
    entry = report["ablation"]["assignment/medium"]
    assert [s["switch"] for s in entry["switches"]] == list(steps.SWITCHES)
    assert all(s["wrong"] == 0 for s in entry["switches"])
    assert helpers.engine(helpers.SUDOKU_BOX) is submitted


def test_the_ablation_records_the_slowest_puzzle_of_each_run(tmp_path):
    run_main("--ablation", "--sets", "assignment/medium", "--sample", "3", "--out", str(tmp_path))
    report = json.loads((tmp_path / benchmark.JSON_NAME).read_text())
    for switch in report["ablation"]["assignment/medium"]["switches"]:
        assert switch["max_on_ms"] >= switch["mean_on_ms"] > 0
        assert switch["max_off_ms"] >= switch["mean_off_ms"] > 0


def test_the_slowest_puzzle_table_leaves_out_runs_without_maxima():
    switch = {"switch": "singles", "mean_on_ms": 1.0, "mean_off_ms": 2.0, "ratio": 2.0, "wrong": 0}
    timed = dict(switch, max_on_ms=3.0, max_off_ms=5.0)
    ablation = {
        "old": {"name": "old", "n": 4, "size": 4, "switches": [switch]},
        "new": {"name": "new", "n": 4, "size": 4, "switches": [timed]},
    }
    lines = benchmark.ablation_max_table(ablation).splitlines()
    assert len(lines) == 3 and lines[2].startswith("| new |")
    assert "3.00" in lines[2] and "5.00" in lines[2]


def test_help_documents_the_options_with_examples(capsys):
    with pytest.raises(SystemExit) as stop:
        run_main("--help")
    assert stop.value.code == 0
    text = capsys.readouterr().out
    for option in ("--sets", "--sample", "--alt-limit", "--alternatives", "--ablation", "--out", "examples:"):
        assert option in text


def test_clashing_set_repeats_a_given_in_every_puzzle():
    from tools.measure.benchmark import clashing_sets

    (clashing,), missing = clashing_sets(DATA)
    solvable = sum(int((np.load(path) != -1).all(axis=(1, 2)).sum()) for path in DATA.glob("*_solution.npy"))
    assert not missing and len(clashing) == solvable == 45
    assert (clashing.solutions == -1).all()
    for puzzle in clashing.puzzles:
        rows_with_repeats = [r for r in puzzle if len(set(r[r > 0])) < (r > 0).sum()]
        assert len(rows_with_repeats) == 1


# --- parts, the slowest tenth, rows tried -------------------------------------


def numbered_set(name: str, n: int) -> benchmark.PuzzleSet:
    return benchmark.new_set(name, ROOT / name, np.stack([PUZZLE] * n), None)


def test_the_tuning_part_holds_the_even_positions_and_is_named_for_it():
    part = benchmark.part_of(numbered_set("top1465", 5), "tuning")
    assert (part.name, part.indices.tolist(), part.size) == ("top1465:tuning", [0, 2, 4], 3)


def test_the_evaluation_part_holds_the_odd_positions_of_the_source_file():
    sample = numbered_set("17clue", 10).sample(4)  # positions 0, 2, 5, 7
    assert benchmark.part_of(sample, "evaluation").indices.tolist() == [5, 7]


def test_the_categories_are_never_split():
    category = numbered_set("assignment/hard", 4)
    assert benchmark.part_of(category, "evaluation") is category


def test_a_part_takes_its_own_generated_file_only():
    tuning, evaluation = numbered_set("generated-hard:tuning", 2), numbered_set("generated-hard:evaluation", 2)
    assert benchmark.part_of(tuning, "tuning") is tuning
    assert benchmark.part_of(evaluation, "tuning") is None


def test_a_part_of_a_set_sorts_with_its_group():
    assert benchmark.group_of("kaggle/7-9:evaluation") == "kaggle"
    assert benchmark.set_order("kaggle/7-9:evaluation") > benchmark.set_order("top1465:evaluation")


def test_the_generated_collections_are_read_from_data_generated_one_file_a_part():
    sets, missing = benchmark.select_sets(["generated-hard"], benchmark.Folders(generated=ROOT / "data" / "generated"))
    assert not missing
    assert [s.name for s in sets] == ["generated-hard:tuning", "generated-hard:evaluation"]
    assert [s.source for s in sets] == ["data/generated/hard_tuning.txt", "data/generated/hard_evaluation.txt"]


def test_the_assignment_and_the_generated_categories_are_read_from_data():
    sets, missing = benchmark.select_sets(["assignment", "generated"])
    assert not missing
    names = [f"{group}/{category}" for group in ("assignment", "generated") for category in benchmark.CATEGORIES]
    assert [s.name for s in sets] == names
    assert sets[0].source == "data/very_easy_puzzle.npy"
    assert sets[-1].source == "data/generated/hard_puzzle.npy"


def test_the_slowest_tenth_holds_the_puzzles_plain_dancing_links_finds_hardest(tmp_path):
    easy = "".join(str(v) for v in PUZZLE.ravel())
    path = tmp_path / "lines.txt"
    lines = [easy] * 9  # one in ten: one puzzle is kept
    lines.insert(7, EVEREST_LINE)
    path.write_text("\n".join(lines) + "\n")
    (tenth,), _ = benchmark.slowest_tenth(path)
    assert tenth.indices.tolist() == [7] and tenth.size == 1


def test_phase_times_follow_the_solver_to_the_same_rows():
    puzzle = np.array([int(ch) for ch in EVEREST_LINE]).reshape(9, 9)
    phases = benchmark.phase_times(puzzle, repeats=1)
    engine = helpers.engine(helpers.SUDOKU_BOX)
    helpers.solve_sudoku(puzzle)
    assert phases["rows"] == engine.rows_tried > 0
    assert all(phases[name] >= 0 for name in ("read_ms", "first_pass_ms", "load_ms", "link_ms", "search_ms"))


def test_details_in_seconds_are_reported_in_ms():
    timings = benchmark.Timings.empty(2)
    timings.ran[:] = True
    timings.note(0, {"setup_s": 0.001, "rows": 10})
    timings.note(1, {"setup_s": 0.003, "rows": 30})
    summary = benchmark.details_summary(timings)
    assert summary["setup_ms"]["mean"] == 2.0 and summary["rows"]["max"] == 30


def test_a_run_counts_rows_for_ours_and_plain_dlx(ours):
    plain = [a for a in alternatives.alternatives() if a.name == "plain-dlx"]
    puzzle_set = benchmark.new_set("everest", ROOT / "everest", np.array([int(c) for c in EVEREST_LINE]), None)
    result = benchmark.compare(puzzle_set, ours, plain, alt_limit=1)
    ours_result, plain_result = result.solvers
    assert ours_result.details["rows"]["mean"] > 0 and plain_result.details["rows"]["mean"] > 0
    assert plain_result.ours_rows_mean == ours_result.details["rows"]["mean"]
    assert ours_result.slowest["index"] == 0 and ours_result.slowest["rows"] > 0


def test_beside_ours_an_alternative_gets_its_share_of_wins_and_its_ratio_on_our_longest_searches():
    n = 20
    ran = np.ones(n, dtype=bool)
    ours = benchmark.Timings(np.full(n, 0.002), ran.copy(), ran.copy())
    ours.details[benchmark.ROWS] = np.arange(n, dtype=float)  # the last two are the longest tenth
    other_seconds = np.full(n, 0.004)
    other_seconds[-2:] = 0.001  # faster than ours on our two longest searches only
    other = benchmark.Timings(other_seconds, ran.copy(), ran.copy())
    puzzle_set = benchmark.new_set("twenty", ROOT / "twenty", np.zeros((n, 9, 9)), None)
    result = benchmark.summarise("other", other, puzzle_set, ours)
    assert result.faster_share == 0.1
    assert result.longest_ratio == 0.5


def test_a_shared_engine_is_installed_for_its_calls_and_the_submitted_one_restored():
    submitted = helpers.engine(helpers.SUDOKU_BOX)
    first, second = (steps.step_engine(steps.Optimisations()) for _ in range(2))
    with benchmark.SharedEngine() as shared:
        shared.install(first)()
        assert helpers.engine(helpers.SUDOKU_BOX) is first
        shared.install(second)()
        assert helpers.engine(helpers.SUDOKU_BOX) is second
        shared.install(None)()
        assert helpers.engine(helpers.SUDOKU_BOX) is submitted
        shared.install(first)()
    assert helpers.engine(helpers.SUDOKU_BOX) is submitted


def test_the_processor_is_the_model_name_of_cpuinfo(tmp_path):
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) 8375C\n")
    assert benchmark.processor(cpuinfo) == "Intel(R) Xeon(R) 8375C"


def test_without_cpuinfo_the_processor_comes_from_the_platform(tmp_path, monkeypatch):
    monkeypatch.setattr(benchmark.platform, "processor", lambda: "arm")
    assert benchmark.processor(tmp_path / "missing") == "arm"


def test_a_run_records_the_processor_beside_the_python_version(tmp_path, monkeypatch):
    monkeypatch.setattr(benchmark, "processor", lambda: "Test CPU 9000")
    run_main("--sets", "assignment/easy", "--sample", "1", "--out", str(tmp_path))
    meta = json.loads((tmp_path / benchmark.JSON_NAME).read_text())["metadata"]
    assert meta["processor"] == "Test CPU 9000" and meta["python"]
    assert "Test CPU 9000" in (tmp_path / benchmark.MARKDOWN_NAME).read_text()


# --- the development ladder (tools/ladder.py) ---------------------------------


def test_the_ladder_turns_on_every_switch_once_in_declared_order():
    assert ladder.SWITCHES == steps.SWITCHES
    assert ladder.rung_switches("plain") == steps.Optimisations(**{name: False for name in steps.SWITCHES})


def test_the_last_rung_has_every_switch_on():
    assert ladder.rung_switches(ladder.FINAL) == steps.Optimisations()


def test_the_last_rung_tries_the_same_rows_as_the_submitted_solver():
    puzzles = [np.array([int(c) for c in EVEREST_LINE]).reshape(9, 9), *np.load(DATA / "hard_puzzle.npy")]
    last = steps.step_engine(ladder.rung_switches(ladder.FINAL))
    searched = 0
    for puzzle in puzzles:
        with steps.using(last):
            on_the_ladder = helpers.solve_sudoku(puzzle)
        submitted = helpers.solve_sudoku(puzzle)
        assert np.array_equal(on_the_ladder, submitted)
        assert last.rows_tried == helpers.engine(helpers.SUDOKU_BOX).rows_tried
        searched += last.rows_tried > 0
    assert searched  # some of them needed a search


def test_the_textbook_rung_after_stage_1_searches_only_what_stage_1_leaves():
    puzzle = np.load(DATA / "hard_puzzle.npy")[3]  # stage 1 fills some of its blanks, not all
    solution, assignments = ladder.textbook_after_stage_1(puzzle.copy())
    assert helpers.is_valid_solution(puzzle, solution)
    _, alone = helpers.backtracking_solve(puzzle)
    assert 0 < assignments < alone


def test_the_textbook_rung_after_stage_1_makes_no_choice_where_stage_1_solves():
    solution, assignments = ladder.textbook_after_stage_1(PUZZLE.copy())
    assert np.array_equal(solution, VALID) and assignments == 0


def test_the_textbook_rung_after_stage_1_finds_no_solution_for_clashing_givens():
    assert ladder.textbook_after_stage_1(CLASH.copy()) == (None, 0)


def test_the_ladder_measures_every_rung_and_gives_the_submitted_engine_back(ours):
    submitted = helpers.engine(helpers.SUDOKU_BOX)
    everest = np.array([int(c) for c in EVEREST_LINE]).reshape(9, 9)
    solutions = np.stack([VALID, NONE, helpers.solve_sudoku(everest)])
    puzzle_set = benchmark.new_set("mixed", ROOT / "mixed", np.stack([PUZZLE, CLASH, everest]), solutions)
    result = ladder.measure(puzzle_set, ours, rounds=1)
    assert list(result["rungs"]) == list(ladder.RUNGS)
    assert all(entry["wrong"] == 0 for entry in result["rungs"].values())
    assert result["rungs"]["plain"]["puzzle_rows"][2] > 0
    assert helpers.engine(helpers.SUDOKU_BOX) is submitted


def test_rungs_are_numbered_with_the_textbook_after_stage_1_beside_rung_0():
    numbers = [ladder.step_number(rung) for rung in ladder.RUNGS]
    assert numbers == ["0", "0b", *(str(k) for k in range(1, len(ladder.RUNGS) - 1))]


def test_older_ladder_results_are_read_under_the_rung_names_of_now(tmp_path):
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps({"sets": {"s": {"n": 1, "rungs": {"csp": {}, "rows_of_four": {"mean_ms": 1.0}}}}}))
    assert list(ladder.read_ladder(path)["sets"]["s"]["rungs"]) == ["csp", "cheaper_rows"]


def test_the_ladder_table_leaves_out_a_rung_the_results_lack():
    rung = {"mean_ms": 1.0, "rows_mean": 2.0}
    entry = {"n": 3, "rungs": {name: rung for name in ladder.RUNGS if name != "csp_after_singles"}}
    table = ladder.ladder_table({"sets": {ladder.ROWS_SET: entry}})
    assert "stage 1" not in table
    assert len(table.splitlines()) == 2 + len(ladder.RUNGS) - 1
