"""The command line ``python -m tools.cli.solve``: what it writes and prints, its
options, bad input and exit statuses, ``--jobs``, ``--time-limit``, a dead
worker, Ctrl-C and SIGTERM.

Most tests call its ``main()`` in this process; a subprocess runs it only
where the process boundary is the point: run from another folder, as the
installed project runs, or on an old Python, Ctrl-C or SIGTERM sent to it, a
worker killed from outside, its stdout closed.  Tests whose workers must fail on cue patch a
function here and let the forked workers inherit the patch.  The file formats
themselves are tested in ``test_io.py``.  Answers are checked by ``helpers.is_valid_solution`` or
against a published solution (Everest's), never by the solver under test.
"""

from __future__ import annotations

import ast
import errno
import io
import itertools
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import tools.puzzles.io
from conftest import CONSISTENT_NO_SOLUTION, EVEREST, EVEREST_SOLUTION, write
from experiment import CATEGORIES
from helpers import is_valid_solution
from tools.cli import solve as solve_cli
from tools.paths import COLLECTIONS, DATA, ROOT
from tools.puzzles.io import parse_text, to_text
from tools.puzzles.make_data import random_puzzle

SOLVE = [sys.executable, "-m", "tools.cli.solve"]  #: the command, as the docs give it
#: the environment of a run from any folder: the project importable, as ``pip install -e .`` makes it
ANY_FOLDER = {**os.environ, "PYTHONPATH": str(ROOT)}
SUBPROCESS_TIMEOUT = 300  #: seconds; a guard against a hang, not a speed test
ROYLE_17 = COLLECTIONS / "17clue_royle_49151.txt"
INTERRUPT_AFTER = 1.0  #: seconds the workers run before Ctrl-C, SIGTERM or a worker's SIGKILL
#: an empty 25 x 25 grid: about two seconds to solve, far past TIME_LIMIT
SLOW_PUZZLE = "0" * 625
TIME_LIMIT = "0.1"  #: seconds, as --time-limit takes them
FORKS = pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork",
    reason="optional: needs the fork start method, for the workers to inherit a test's patch",
)
POSIX_GROUPS = pytest.mark.skipif(
    not hasattr(os, "killpg") or not Path("/proc").is_dir(), reason="optional: needs POSIX process groups and /proc"
)


def made_puzzle(box: int, given_share: float = 0.5, seed: int = 0) -> np.ndarray:
    """A solvable puzzle of order ``box``, made without the solver (a shuffled pattern grid)."""
    return random_puzzle(box, given_share, np.random.default_rng(seed))


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def summary_value(out: str, label: str) -> str:
    """The text after ``label:`` on its summary line."""
    for line in out.splitlines():
        if line.startswith(label + ":"):
            return line.split(":", 1)[1].strip()
    raise AssertionError(f"no {label!r} line in:\n{out}")


@pytest.fixture
def cli(capsys):
    """Call ``main(args)`` in this process; returns ``(status, stdout, stderr)``."""

    def call(*args: object) -> tuple[int, str, str]:
        status = solve_cli.main([str(a) for a in args])
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return call


@pytest.fixture
def three_puzzles(tmp_path):
    """A folder holding only in.txt, with three puzzles."""
    folder = tmp_path / "run"
    folder.mkdir()
    write(folder / "in.txt", EVEREST, EVEREST, EVEREST)
    return folder


def save_npy(path: Path, array: np.ndarray) -> Path:
    np.save(path, array)
    return path


def fails_on_call(function, call: int, error: type[BaseException] | BaseException):
    """``function``, but raising ``error`` on its ``call``-th call."""
    calls = itertools.count(1)

    def wrapper(*args, **kwargs):
        if next(calls) == call:
            raise error
        return function(*args, **kwargs)

    return wrapper


# --- Answers and the summary -----------------------------------------------


def test_txt_answers_are_solutions_in_input_order_and_dashes_for_none(tmp_path, cli):
    puzzles = write(tmp_path / "in.txt", EVEREST, CONSISTENT_NO_SOLUTION, to_text(made_puzzle(3)))
    status, _, err = cli(puzzles, "-o", tmp_path / "out.txt")
    first, second, third = lines_of(tmp_path / "out.txt")
    assert (status, err) == (0, "")
    assert (first, second) == (EVEREST_SOLUTION, "-" * 81)
    assert is_valid_solution(made_puzzle(3), parse_text(third))


def test_the_output_may_replace_the_input_file(tmp_path, cli):
    path = write(tmp_path / "in.txt", EVEREST)
    cli(path, "-o", path)
    assert lines_of(path) == [EVEREST_SOLUTION]


@pytest.mark.parametrize("box", [2, 3, 4, 5])
def test_a_text_puzzle_of_each_size_is_solved(tmp_path, cli, box):
    cli(write(tmp_path / "in.txt", to_text(made_puzzle(box))), "-o", tmp_path / "out.txt")
    (answer,) = lines_of(tmp_path / "out.txt")
    assert is_valid_solution(made_puzzle(box), parse_text(answer))


def test_malformed_puzzles_are_reported_as_file_line_the_others_solved_and_exit_65(tmp_path, cli):
    path = write(tmp_path / "in.txt", "# header", EVEREST, "12345", "X" + "0" * 80)
    status, out, err = cli(path, "-o", tmp_path / "out.txt")
    assert status == 65
    assert err.splitlines() == [
        f"{path}:3: 5 symbols; a puzzle has 16, 81, 256, 625",
        f"{path}:4: unexpected character 'X' at position 1: a 9 x 9 puzzle holds 1-9, and 0 or . for a blank",
    ]
    assert lines_of(tmp_path / "out.txt") == [EVEREST_SOLUTION, "-----", "-" * 81]


def test_the_summary_counts_every_kind_of_puzzle_and_times_them(tmp_path, cli):
    second = write(tmp_path / "b.txt", "bad")
    status, out, _ = cli(write(tmp_path / "a.txt", EVEREST, CONSISTENT_NO_SOLUTION), second)
    assert status == 65
    assert summary_value(out, "puzzles read") == "3 (from 2 files)"
    assert [summary_value(out, label) for label in ("solved", "without solution", "malformed")] == ["1", "1", "1"]
    assert summary_value(out, solve_cli.CPU_TIME).startswith("mean ")


@pytest.mark.parametrize(
    "puzzles, seconds, rate",
    [(1, 3, "0.33 puzzles/s"), (1, 1, "1 puzzle/s"), (3, 2, "1.5 puzzles/s"), (3, 0.00024, "12000 puzzles/s")],
)
def test_the_rate_is_given_to_two_significant_figures(tmp_path, cli, monkeypatch, puzzles, seconds, rate):
    monkeypatch.setattr(time, "perf_counter", itertools.count(0, seconds).__next__)  # the solving takes ``seconds``
    _, out, _ = cli(write(tmp_path / "in.txt", *[EVEREST] * puzzles), "--jobs", "1")
    assert summary_value(out, "wall clock").endswith(f" on 1 process, {rate}")


def test_count_reports_none_one_and_several(tmp_path, cli):
    path = write(tmp_path / "in.txt", CONSISTENT_NO_SOLUTION, EVEREST, EVEREST_SOLUTION, "0" * 81)
    _, out, _ = cli(path, "--count")
    assert summary_value(out, "solution counts") == "none 1, one 2, several 1"


# --- --check ---------------------------------------------------------------


def test_check_accepts_the_stored_solutions_of_a_csv(tmp_path, cli):
    path = write(
        tmp_path / "in.csv", "puzzle,solution", f"{EVEREST},{EVEREST_SOLUTION}", f"{CONSISTENT_NO_SOLUTION},{'-' * 81}"
    )
    status, out, err = cli(path, "--check")
    assert (status, err) == (0, "")
    assert summary_value(out, "checked") == "2 compared, 0 mismatches"


@pytest.mark.parametrize("category", CATEGORIES)
def test_check_accepts_the_assignments_stored_solutions(cli, category):
    status, out, err = cli(DATA / f"{category}_puzzle.npy", "--check", "--solutions", DATA / f"{category}_solution.npy")
    assert (status, err) == (0, "")
    assert summary_value(out, "checked") == "15 compared, 0 mismatches"


@pytest.mark.parametrize(
    "puzzle, stored, problem",
    [
        (EVEREST, EVEREST_SOLUTION[1::-1] + EVEREST_SOLUTION[2:], "differs from the stored one"),  # 2 cells swapped
        (EVEREST, "-" * 81, "the stored answer is 'no solution'"),
        (CONSISTENT_NO_SOLUTION, EVEREST_SOLUTION, "found no solution, but one is stored"),
    ],
    ids=["wrong", "none-stored", "none-found"],
)
def test_check_reports_a_mismatch_as_file_line_and_exits_1(tmp_path, cli, puzzle, stored, problem):
    path = write(tmp_path / "in.txt", puzzle)
    status, out, err = cli(path, "--check", "--solutions", write(tmp_path / "sol.txt", stored))
    assert status == 1
    assert summary_value(out, "checked") == "1 compared, 1 mismatch"
    assert err.startswith(f"{path}:1: ") and problem in err and err.count("\n") == 1


def test_check_reports_a_malformed_stored_solution_at_its_line_as_bad_input(tmp_path, cli):
    path = write(tmp_path / "in.txt", EVEREST, EVEREST)
    solutions = write(tmp_path / "sol.txt", "12345", EVEREST_SOLUTION)
    status, out, err = cli(path, "--check", "--solutions", solutions)
    assert (status, err) == (65, f"{solutions}:1: stored solution: 5 symbols; a puzzle has 16, 81, 256, 625\n")
    assert summary_value(out, "checked") == "1 compared, 0 mismatches"


def test_a_malformed_stored_solution_is_no_bad_input_without_check(tmp_path, cli):
    status, _, err = cli(write(tmp_path / "in.csv", "puzzle,solution", f"{EVEREST},12345"))
    assert (status, err) == (0, "")


# --- Bad input: one line each on stderr, the rest solved, exit 65 ----------


def test_a_malformed_npy_grid_is_reported_at_its_place_in_the_stack(tmp_path, cli):
    grids = np.stack([parse_text(EVEREST)] * 3)
    grids[1, 8, 6] = 10
    path = save_npy(tmp_path / "in.npy", grids)
    status, out, err = cli(path)
    assert (status, err) == (65, f"{path}:2: row 9, column 7 (counting from 1) holds 10, not a whole number 0..9\n")
    assert summary_value(out, "solved") == "2"


@pytest.mark.parametrize(
    "shape, problem, grids",
    [
        ((3, 9, 8), ":1-3: its grids are 9 x 8, not square", "3"),
        ((2, 5, 5), ":1-2: its grids are 5 x 5; a sudoku is N x N with N one of 4, 9, 16, 25, 36", "2"),
        ((9, 8), ":1: its grid is 9 x 8, not square", "1"),
        ((81,), ": holds an array of shape (81,), not one grid N x N or a stack K x N x N", "0"),
        ((2, 1, 9, 9), ": holds an array of shape (2, 1, 9, 9), not one grid N x N or a stack K x N x N", "0"),
        ((3, 0, 0), ":1-3: its grids are 0 x 0; a sudoku is N x N with N one of 4, 9, 16, 25, 36", "3"),
        ((0, 5), ":1: its grid is 0 x 5, not square", "1"),
        ((2, 0, 9), ":1-2: its grids are 0 x 9, not square", "2"),
    ],
    ids=["not-square", "no-sudoku-size", "one-grid", "flat", "four-axes", "empty-grids", "empty-grid", "no-rows"],
)
def test_a_wrong_shaped_npy_is_one_line_at_the_grids_it_spoils_which_count_as_malformed_and_get_all_minus_one(
    tmp_path, cli, shape, problem, grids
):
    path = save_npy(tmp_path / "in.npy", np.zeros(shape, dtype=np.int8))
    status, out, err = cli(path, "-o", tmp_path / "out.npy")
    answers = np.load(tmp_path / "out.npy")
    assert (status, err, summary_value(out, "malformed")) == (65, f"{path}{problem}\n", grids)
    assert answers.shape == shape and np.all(answers == -1)


@pytest.mark.parametrize(
    "name, content, options",
    [
        ("empty.txt", b"", []),
        ("comments.txt", b"# no puzzle here\n\n", []),
        ("empty.csv", b"", []),
        ("empty.csv", b"", ["--check"]),  # no header, so no solution column either: still no puzzles
        ("header.csv", b"puzzle,solution\n", []),
        ("empty.npy", None, []),
    ],
    ids=["empty-txt", "comments-txt", "empty-csv", "empty-csv-check", "header-only-csv", "zero-grids-npy"],
)
def test_a_file_of_no_puzzles_is_reported_and_exit_65(tmp_path, cli, name, content, options):
    path = tmp_path / name
    if content is None:
        np.save(path, np.zeros((0, 9, 9), dtype=np.int8))
    else:
        path.write_bytes(content)
    status, out, err = cli(path, *options)
    assert (status, err) == (65, f"{path}: holds no puzzles\n")
    assert summary_value(out, "puzzles read") == "0 (from 1 file)"


@pytest.mark.parametrize("bad", ["bad.npy", "empty.txt"], ids=["wrong-shaped-npy", "no-puzzles"])
def test_a_file_that_is_bad_input_as_a_whole_does_not_stop_the_other_files(tmp_path, cli, bad):
    save_npy(tmp_path / "bad.npy", np.zeros((2, 9, 8), dtype=np.int8))
    write(tmp_path / "empty.txt")
    status, out, _ = cli(tmp_path / bad, write(tmp_path / "good.txt", EVEREST))
    assert (status, summary_value(out, "solved")) == (65, "1")


# --- Usage errors and unreadable files: exit 2, one line -------------------


@pytest.mark.parametrize(
    "args, message",
    [
        (["--no-such-option", "in.txt"], "unrecognized arguments"),
        (["in.txt", "--jobs", "0"], "--jobs"),
        (["in.txt", "--jobs", "two"], "--jobs"),
        (["in.txt", "--time-limit", "0"], "--time-limit"),
        (["in.txt", "--time-limit", "soon"], "--time-limit"),
        (["in.txt", "--time-limit", "1e10"], "--time-limit"),
        (["missing.txt"], "cannot read"),
        (["bad.txt", "missing.txt"], "cannot read"),  # before the bad input is reported
        (["in.dat"], "unknown format"),
        (["folder"], "folder: is a directory"),
        (["in.txt", "in.txt", "-o", "out.txt"], "-o needs exactly one input file"),
        (["in.txt", "-o", "out.npy"], "must be a .txt file"),
        (["in.txt", "-o", "nowhere/out.txt"], "no folder"),
        (["in.txt", "--check"], "needs --solutions"),
        (["in.txt", "--solutions", "in.txt"], "only used with --check"),
        (["in.txt", "--check", "--solutions", "in.npy"], "must be a .txt file"),
        (["in.txt", "--check", "--solutions", "two.txt"], "holds 2 solutions for 1 puzzles"),
        (["quizzes.csv", "--check"], "has no 'solution' or 'solutions' column"),
        (["grid.csv"], "no 'puzzle' or 'quizzes' column"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else "",
)
def test_a_usage_error_is_one_line_and_exit_2(tmp_path, cli, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    write(tmp_path / "in.txt", EVEREST)
    write(tmp_path / "bad.txt", "bad")
    write(tmp_path / "in.dat", EVEREST)
    write(tmp_path / "two.txt", EVEREST_SOLUTION, EVEREST_SOLUTION)
    write(tmp_path / "quizzes.csv", "quizzes", EVEREST)
    write(tmp_path / "grid.csv", "grid", EVEREST)
    status, out, err = cli(*args)
    assert (status, out) == (2, "")
    assert err.startswith("solve.py: error: ") and message in err and err.count("\n") == 1


def test_help_lists_every_exit_status(cli):
    section = cli("--help")[1].split("exit status:\n", 1)[1]
    listed = {int(status) for status in re.findall(r"^  (\d+) ", section, re.MULTILINE)}
    assert listed == {0, 1, 2, 65, 70, 71, 124, 130, 141, 143}


def test_on_a_python_older_than_3_10_it_says_so_in_one_line():
    """Python 3.8 and 3.9 get as far as the check (no newer syntax), which says so."""
    ast.parse(Path(solve_cli.__file__).read_text(encoding="utf-8"), feature_version=(3, 8))
    old = "import runpy, sys; sys.version_info = (3, 8, 18); runpy.run_module('tools.cli.solve', run_name='__main__')"
    result = subprocess.run(
        [sys.executable, "-c", old], cwd=ROOT, capture_output=True, text=True, timeout=SUBPROCESS_TIMEOUT
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("solve.py: error: needs Python 3.10 or later, not Python 3.8.18")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("tool", ["tools.puzzles.make_data", "tools.measure.benchmark", "tools.report.readme"])
def test_the_other_tools_say_so_too_on_an_older_python(tool):
    old = f"import runpy, sys; sys.version_info = (3, 8, 18); runpy.run_module({tool!r}, run_name='__main__')"
    result = subprocess.run(
        [sys.executable, "-c", old], cwd=ROOT, capture_output=True, text=True, timeout=SUBPROCESS_TIMEOUT
    )
    package = tool.rpartition(".")[0]
    assert (result.returncode, result.stdout) == (2, "")
    assert (
        result.stderr == f"{package}: error: needs Python 3.10 or later, not Python 3.8.18 (docs/python-support.md)\n"
    )


# --- --time-limit ----------------------------------------------------------


@pytest.mark.parametrize("jobs", ["1", "2"], ids=["in-process", "workers"])
def test_a_puzzle_past_the_time_limit_is_reported_unsolved_the_rest_go_on_and_exit_124(tmp_path, cli, jobs):
    path = write(tmp_path / "in.txt", SLOW_PUZZLE, to_text(made_puzzle(5, 0.7)))
    status, out, err = cli(path, "--time-limit", TIME_LIMIT, "--jobs", jobs, "-o", tmp_path / "out.txt")
    late, answer = lines_of(tmp_path / "out.txt")
    assert (status, err) == (124, f"{path}:1: not solved within the time limit, {TIME_LIMIT} s\n")
    assert (summary_value(out, "out of time"), summary_value(out, "solved")) == ("1", "1")
    assert late == "-" * 625 and is_valid_solution(made_puzzle(5, 0.7), parse_text(answer))


def test_the_time_limit_covers_the_count_too(tmp_path, cli, monkeypatch):
    monkeypatch.setattr(solve_cli, "count_solutions", lambda *args: time.sleep(SUBPROCESS_TIMEOUT))
    status, out, _ = cli(write(tmp_path / "in.txt", EVEREST), "--count", "--time-limit", TIME_LIMIT, "--jobs", "1")
    assert (status, summary_value(out, "out of time")) == (124, "1")


def test_the_cpu_time_statistics_leave_out_the_puzzles_out_of_time(tmp_path, cli, monkeypatch):
    monkeypatch.setattr(solve_cli, "count_solutions", lambda *args: time.sleep(SUBPROCESS_TIMEOUT))
    _, out, _ = cli(write(tmp_path / "in.txt", EVEREST), "--count", "--time-limit", TIME_LIMIT, "--jobs", "1")
    assert summary_value(out, solve_cli.CPU_TIME) == "(none)"


def test_the_timer_of_the_time_limit_is_stopped_when_a_solve_raises(tmp_path, cli, monkeypatch):
    monkeypatch.setattr(solve_cli, "count_solutions", fails_on_call(solve_cli.count_solutions, 1, RuntimeError))
    cli(write(tmp_path / "in.txt", EVEREST), "--count", "--time-limit", SUBPROCESS_TIMEOUT, "--jobs", "1")
    # setitimer returns the timer it stops: none, or a timer left running would end pytest later
    assert signal.setitimer(signal.ITIMER_REAL, 0) == (0, 0)


def test_a_stopped_run_ends_its_own_workers_and_no_other_child_of_its_caller(monkeypatch):
    bystander = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(SUBPROCESS_TIMEOUT,))
    bystander.start()
    try:
        monkeypatch.setattr(solve_cli, "shown", fails_on_call(solve_cli.shown, 1, KeyboardInterrupt))
        with pytest.raises(KeyboardInterrupt):
            solve_cli.solve_all([bytes(81)] * 4, 2, False, None)
        assert bystander.is_alive()
    finally:
        bystander.kill()
        bystander.join()


# --- Which status wins when several apply ----------------------------------


@pytest.mark.parametrize("late, status", [(False, 65), (True, 124)], ids=["bad-input", "out-of-time"])
def test_a_finished_run_exits_with_the_highest_status_that_applies(tmp_path, cli, late, status):
    puzzles = [EVEREST, "bad", *([SLOW_PUZZLE] if late else [])]
    path = write(tmp_path / "in.txt", *puzzles)
    solutions = write(tmp_path / "sol.txt", *["-" * len(puzzle) for puzzle in puzzles])  # Everest's: a mismatch
    assert cli(path, "--check", "--solutions", solutions, "--time-limit", TIME_LIMIT, "--jobs", "1")[0] == status


def dies(boxes) -> None:
    """``make_engines``, as a worker calls it first, but killing the worker with
    SIGKILL, as the OOM killer would.  Only for the workers, which inherit it
    by fork: in the test's own process it raises."""
    assert multiprocessing.parent_process() is not None, "would kill the test's own process"
    os.kill(os.getpid(), signal.SIGKILL)


FULL_DISK = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.mark.parametrize(
    "module, name, failing, jobs, status, message",
    [
        # the disk fills up as the second answer is written
        (
            tools.puzzles.io,
            "answer_text",
            lambda original: fails_on_call(original, 2, FULL_DISK),
            "1",
            2,
            "solve.py: error: cannot write {out}: No space left on device",
        ),
        (
            solve_cli,
            "solve_puzzle",
            lambda original: fails_on_call(original, 2, KeyboardInterrupt),
            "1",
            130,
            "solve.py: interrupted; no output written",
        ),
        pytest.param(
            solve_cli,
            "make_engines",
            lambda original: dies,
            "2",
            71,
            "solve.py: error: a worker process died unexpectedly (the system may have run out of memory); "
            "stopped, no output written",
            marks=FORKS,
        ),
        # an unexpected exception (a bug): its traceback, ending with the exception, and 70
        (
            solve_cli,
            "solve_puzzle",
            lambda original: fails_on_call(original, 2, RuntimeError("a bug")),
            "1",
            70,
            "RuntimeError: a bug",
        ),
        # ... raised in a worker (each counts its own calls; the workers inherit the patch), and raised again here
        pytest.param(
            solve_cli,
            "solve_puzzle",
            lambda original: fails_on_call(original, 1, RuntimeError("a bug")),
            "2",
            70,
            "RuntimeError: a bug",
            marks=FORKS,
        ),
    ],
    ids=["a full disk", "ctrl-c while solving", "a dead worker", "a bug", "a bug in a worker"],
)
def test_a_run_that_stops_early_outranks_bad_input_and_writes_nothing(
    three_puzzles, cli, monkeypatch, module, name, failing, jobs, status, message
):
    write(three_puzzles / "in.txt", EVEREST, "bad", EVEREST)
    monkeypatch.setattr(module, name, failing(getattr(module, name)))
    result = cli(three_puzzles / "in.txt", "-o", three_puzzles / "out.txt", "--jobs", jobs)
    assert result[:2] == (status, "") and result[2].splitlines()[-1] == message.format(out=three_puzzles / "out.txt")
    assert [p.name for p in three_puzzles.iterdir()] == ["in.txt"]


# --- Progress, workers and interrupts --------------------------------------


class Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    "stderr, tqdm, shown",
    [(Terminal, True, True), (io.StringIO, True, False), (Terminal, False, False)],
    ids=["terminal", "not-a-terminal", "without-tqdm"],
)
def test_a_progress_bar_shows_on_a_terminal_only_and_only_with_tqdm(tmp_path, monkeypatch, stderr, tqdm, shown):
    monkeypatch.setattr(sys, "stderr", stderr())
    monkeypatch.setattr(solve_cli, "PROGRESS_DELAY", 0)
    if not tqdm:
        monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm then fails, as in requirements.txt's venv
    assert solve_cli.main([str(write(tmp_path / "in.txt", EVEREST)), "--jobs", "1"]) == 0
    assert ("puzzle/s" in sys.stderr.getvalue()) is shown


def test_two_workers_write_what_one_process_writes(tmp_path, cli):
    puzzles = [to_text(made_puzzle(3, 0.4, seed)) for seed in range(60)]
    path = write(tmp_path / "in.txt", *puzzles, CONSISTENT_NO_SOLUTION, "bad")
    one = cli(path, "-o", tmp_path / "one.txt", "--jobs", "1")
    two = cli(path, "-o", tmp_path / "two.txt", "--jobs", "2")
    assert summary_value(two[1], "wall clock").split(" on ")[1].startswith("2 processes")
    assert (one[0], one[2]) == (two[0], two[2])
    assert lines_of(tmp_path / "one.txt") == lines_of(tmp_path / "two.txt")


def test_ctrl_c_while_writing_leaves_an_existing_output_as_it_was(three_puzzles, cli, monkeypatch):
    (three_puzzles / "out.txt").write_text("old answers\n")
    monkeypatch.setattr(
        tools.puzzles.io, "answer_text", fails_on_call(tools.puzzles.io.answer_text, 2, KeyboardInterrupt)
    )
    status, _, _ = cli(three_puzzles / "in.txt", "-o", three_puzzles / "out.txt", "--jobs", "1")
    assert status == 130
    assert sorted(p.name for p in three_puzzles.iterdir()) == ["in.txt", "out.txt"]
    assert (three_puzzles / "out.txt").read_text() == "old answers\n"


# --- The script as a program -----------------------------------------------


def children(pid: int) -> list[int]:
    """The processes that ``pid``'s main thread started, as the workers are (from /proc)."""
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def stopped_mid_run(tmp_path: Path, stop) -> tuple[int, str, str]:
    """Run the command from ``tmp_path`` on Royle's 49,151 puzzles with two workers,
    in a process group of its own, ``-o out.txt`` over an existing out.txt;
    once the workers have run INTERRUPT_AFTER seconds call ``stop(process,
    workers)``.  Returns the exit status, stdout and stderr, once no process
    of the group is left."""
    (tmp_path / "out.txt").write_text("old answers\n")
    process = subprocess.Popen(
        [*SOLVE, str(ROYLE_17), "-o", "out.txt", "--jobs", "2"],
        cwd=tmp_path,
        env=ANY_FOLDER,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # Ctrl-C as at a terminal, even where these tests run with SIGINT ignored (a shell's
        # background job), which Python would otherwise keep ignoring in the script.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + SUBPROCESS_TIMEOUT
        while len(children(process.pid)) < 2 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(INTERRUPT_AFTER)
        stop(process, children(process.pid))
        out, err = process.communicate(timeout=SUBPROCESS_TIMEOUT)
    finally:
        process.kill()
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)  # no process of the group is left
    return process.returncode, out, err


@pytest.mark.slow
@POSIX_GROUPS
@pytest.mark.parametrize(
    "stop, status, message",
    [
        # a worker killed with SIGKILL mid-run, as the OOM killer would: the run neither hangs (the timeout) nor writes
        (
            lambda process, workers: os.kill(workers[0], signal.SIGKILL),
            71,
            "solve.py: error: a worker process died unexpectedly (the system may have run out of memory); "
            "stopped, no output written",
        ),
        # Ctrl-C at a terminal sends SIGINT to the whole foreground process group: the script and its workers
        (
            lambda process, workers: os.killpg(process.pid, signal.SIGINT),
            130,
            "solve.py: interrupted; no output written",
        ),
        # SIGTERM to the command alone (as ``kill`` or ``timeout`` sends it)
        (lambda process, workers: process.terminate(), 143, "solve.py: terminated; no output written"),
    ],
    ids=["a worker killed with SIGKILL", "ctrl-c", "SIGTERM"],
)
def test_a_run_stopped_from_outside_ends_the_workers_says_so_in_one_line_and_leaves_the_output_as_it_was(
    tmp_path, stop, status, message
):
    assert stopped_mid_run(tmp_path, stop) == (status, "", message + "\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    assert (tmp_path / "out.txt").read_text() == "old answers\n"


def test_a_stdout_closed_early_ends_the_run_with_141_and_no_traceback(tmp_path):
    process = subprocess.Popen(
        [*SOLVE, str(write(tmp_path / "in.txt", EVEREST)), "--jobs", "1"],
        env=ANY_FOLDER,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.close()  # as ``| head -1`` does once it has its line, here before the summary
    err = process.communicate(timeout=SUBPROCESS_TIMEOUT)[1]
    assert (process.returncode, err) == (141, b"")


def test_installed_it_runs_from_another_folder_on_paths_relative_to_that_folder(tmp_path):
    write(tmp_path / "in.txt", EVEREST, "oops")
    command = [*SOLVE, "in.txt", "-o", "out.txt", "--jobs", "1"]
    result = subprocess.run(
        command, cwd=tmp_path, env=ANY_FOLDER, capture_output=True, text=True, timeout=SUBPROCESS_TIMEOUT
    )
    assert result.returncode == 65
    assert result.stderr == "in.txt:2: 4 symbols; a puzzle has 16, 81, 256, 625\n"
    assert lines_of(tmp_path / "out.txt") == [EVEREST_SOLUTION, "----"]


@pytest.mark.slow
def test_a_36x36_npy_puzzle_is_solved(tmp_path, cli):
    # Half blank, a 36 x 36 can take minutes; 30% blank shows the format as well.
    puzzle = made_puzzle(6, given_share=0.7)
    np.save(tmp_path / "in.npy", puzzle)
    cli(tmp_path / "in.npy", "-o", tmp_path / "out.npy")
    assert is_valid_solution(puzzle, np.load(tmp_path / "out.npy"))
