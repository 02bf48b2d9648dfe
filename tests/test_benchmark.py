"""The measuring side: ``tools/measure/benchmark.py``'s jobs, the
alternatives it races (plain dancing links among them,
``tools/puzzles/algorithm_x.py``) and the results files (``tools/measure/results.py``).

Nothing here asserts anything about speed; the races are a few puzzles long.
"""

from __future__ import annotations

import json
import shlex
import subprocess
from functools import partial
from pathlib import Path

import numpy as np
import pytest

import experiment
import helpers
import report
import textbook
from conftest import CLASH, EVEREST, EVEREST_SOLUTION, ROOT, parse
from tools.measure import alternatives, benchmark, results
from tools.puzzles.make_data import pattern_grid
from tools.puzzles.sets import NamedSet, load

# A valid grid; blanking its diagonal leaves one blank per row, so the
# puzzle has exactly this grid as its solution.
VALID = pattern_grid(3)
PUZZLE = np.where(np.eye(9, dtype=bool), 0, VALID)
NONE = np.full((9, 9), helpers.NO_SOLUTION)
SEARCHED = parse(EVEREST)  #: a puzzle that needs a search


def tiny_set() -> NamedSet:
    """A puzzle that needs a search, one that propagation solves and one without a solution, with their answers."""
    solution = textbook.backtracking_solve(SEARCHED).solution  # labelled by the textbook search, not the solver
    assert solution is not None
    solutions = np.stack([solution, VALID, NONE])
    return NamedSet("tiny", "tiny", np.stack([SEARCHED, PUZZLE, CLASH]), solutions, np.arange(3))


def available(name: str) -> alternatives.Alternative:
    """The alternative called ``name``, made now (skipped where it is not available)."""
    [alternative] = [a for a in alternatives.alternatives() if a.name == name]
    if alternative.method is None:
        pytest.skip(alternative.unavailable)
    return alternative


# --- the results files ---------------------------------------------------------


def test_the_processor_is_the_model_name_of_cpuinfo(tmp_path):
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) 8375C\n")
    assert report.processor(str(cpuinfo)) == "Intel(R) Xeon(R) 8375C"
    assert report.processor(str(tmp_path / "missing"))  # a system that names none: still a name


# --- the alternatives ----------------------------------------------------------


@pytest.mark.parametrize("name", [alternatives.PLAIN, alternatives.EXACT_COVER, alternatives.BASELINE])
def test_an_alternative_solves_a_puzzle_and_finds_none_where_there_is_none(name):
    method = available(name).method
    assert method is not None
    solution = method(SEARCHED)[0]
    assert experiment.is_right(SEARCHED, solution, None)
    assert method(CLASH)[0] is None


def test_the_baseline_is_unavailable_without_its_file(monkeypatch, tmp_path):
    monkeypatch.setenv(alternatives.BASELINE_ENV, str(tmp_path / "missing.py"))
    [baseline] = [a for a in alternatives.alternatives() if a.name == alternatives.BASELINE]
    assert baseline.method is None and baseline.unavailable.startswith("optional:")


def test_the_baseline_answers_none_where_its_solver_gives_minus_ones(monkeypatch, tmp_path):
    path = tmp_path / "baseline.py"
    path.write_text("import numpy as np\n\ndef sudoku_solver(sudoku):\n    return np.full((9, 9), -1)\n")
    monkeypatch.setenv(alternatives.BASELINE_ENV, str(path))
    [baseline] = [a for a in alternatives.alternatives() if a.name == alternatives.BASELINE]
    assert baseline.method is not None and baseline.method(PUZZLE) == (None, 0)


# --- the solver against the alternatives ----------------------------------------


def test_the_solver_and_plain_dancing_links_are_checked_and_count_rows():
    entry = benchmark.context(tiny_set(), {alternatives.PLAIN: available(alternatives.PLAIN).method})
    solver, plain = entry["methods"][experiment.SOLVER], entry["methods"][alternatives.PLAIN]
    assert (solver["right"], plain["right"], solver["over_solver"]) == (3, 3, 1.0)
    assert plain["rows_mean"] > solver["rows_mean"] > 0


def test_exact_covers_time_is_split_into_set_up_and_c_call():
    exact_cover = available(alternatives.EXACT_COVER)
    entry = benchmark.context(tiny_set(), {exact_cover.name: exact_cover.method})
    parts = entry["methods"][exact_cover.name]
    assert 0 < parts["setup_ms"] + parts["c_call_ms"] <= parts["mean_ms"]


def test_a_run_writes_its_record_and_under_how_it_was_made_the_tables_it_prints(tmp_path, capsys):
    options = ["--sets", "assignment/hard", "--sample", "2", "--out", str(tmp_path)]
    status = benchmark.main(options)
    record = json.loads((tmp_path / "alternatives.json").read_text(encoding="utf-8"))
    assert (record["schema"], record["kind"]) == (results.SCHEMA, "alternatives")
    assert status == 0 and record["sets"]["assignment/hard"]["methods"][experiment.SOLVER]["right"] == 2
    assert record["metadata"]["command"] == shlex.join(["python", "-m", "tools.measure.benchmark", *options])
    first, _, rest = (tmp_path / "alternatives.md").read_text().partition("\n\n")
    assert first.startswith(f"Made by `{record['metadata']['command']}` on ") and rest == capsys.readouterr().out


# --- against another revision ------------------------------------------------------


#: helpers.py's interface before 1c161be: the engine answers with the solution alone
OLD_HELPERS = """
class SudokuEngine:
    def __init__(self, box):
        self.rows_tried = 0

    def solve(self, grid):
        return list(grid)


def read_grid(sudoku, size=9):
    return [int(cell) for cell in sudoku.ravel()]
"""


def committed_helpers(repository: Path, text: str | None = None) -> Path:
    """A git repository at ``repository`` whose one commit holds ``text`` as
    helpers.py (this checkout's helpers.py when None)."""
    repository.mkdir()
    (repository / "helpers.py").write_text((ROOT / "helpers.py").read_text() if text is None else text)
    for command in (
        ["init", "-q"],
        ["add", "helpers.py"],
        ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c"],
    ):
        subprocess.run(["git", *command], cwd=repository, check=True)
    return repository


ROUNDS_RACED = 2  #: rounds of the race against itself, with each version's matrix built first


@pytest.fixture(scope="module")
def against_itself(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """This checkout's helpers.py raced against a commit of the same file, on the tiny set."""
    repository = committed_helpers(tmp_path_factory.mktemp("against") / "repo")
    versions = {"this checkout": helpers, "HEAD": benchmark.revision("HEAD", repository)}
    return benchmark.against(tiny_set(), versions, rounds=ROUNDS_RACED)


def test_this_checkout_against_a_commit_of_the_same_helpers_tries_the_same_rows(against_itself):
    assert against_itself["rows_differ"] == 0
    assert all(v["wrong"] == 0 for v in against_itself["versions"].values())


def test_against_reports_each_versions_time_per_row_tried_and_their_ratio(against_itself):
    """All of a version's time over all its rows: its mean time over its mean rows, in µs."""
    new, old = against_itself["versions"].values()
    assert [v["us_per_row"] for v in (new, old)] == pytest.approx(
        [1000 * v["mean_ms"] / v["rows_mean"] for v in (new, old)]
    )
    assert against_itself["per_row_ratio"] == pytest.approx(new["us_per_row"] / old["us_per_row"])


def test_against_races_as_many_rounds_with_each_versions_matrix_built_first(against_itself):
    assert against_itself["rounds"] == 2 * ROUNDS_RACED and len(against_itself["round_ratios"]) == 2 * ROUNDS_RACED


def test_a_held_engine_answers_as_sudoku_solver_does_with_the_rows_it_tried():
    held = benchmark.held_engine(helpers)
    solution, rows = held(SEARCHED)
    assert np.array_equal(solution, parse(EVEREST_SOLUTION)) and rows > 0
    assert held(CLASH) == (None, 0) and held(np.full((9, 9), 10)) == (None, 0)


def test_an_unknown_revision_ends_the_run_in_one_line_before_any_race(capsys, tmp_path):
    status = benchmark.main(["--against", "no-such-revision", "--out", str(tmp_path)])
    [line] = capsys.readouterr().err.splitlines()
    assert status == 2 and "no-such-revision" in line and not list(tmp_path.iterdir())


def test_a_revision_whose_engine_answers_without_its_rows_tried_ends_the_run_in_one_line(monkeypatch, capsys, tmp_path):
    repository = committed_helpers(tmp_path / "repo", OLD_HELPERS)
    monkeypatch.setattr(benchmark, "revision", partial(benchmark.revision, repository=repository))
    status = benchmark.main(["--against", "HEAD", "--out", str(tmp_path / "out")])
    [line] = capsys.readouterr().err.splitlines()
    assert status == 2 and "does not answer with its rows tried" in line and not (tmp_path / "out").exists()


@pytest.mark.parametrize("option", ["--rounds", "--sample"])
@pytest.mark.parametrize("value", ["0", "-2", "two"])
def test_a_count_below_one_or_not_a_number_is_refused(capsys, tmp_path, option, value):
    with pytest.raises(SystemExit):
        benchmark.main(["--against", "HEAD", option, value, "--out", str(tmp_path)])
    assert option in capsys.readouterr().err and not list(tmp_path.iterdir())


# --- larger grids ------------------------------------------------------------------


def test_random_puzzles_of_a_larger_order_are_solved_right():
    entry = benchmark.on_size(4, 0.5, 2, np.random.default_rng(0))
    assert (entry["size"], entry["right"]) == (16, 2)


def test_the_sets_named_by_default_exist():
    for name in {*benchmark.CONTEXT_SETS, *benchmark.AGAINST_SETS}:
        assert len(load(name)) > 0
