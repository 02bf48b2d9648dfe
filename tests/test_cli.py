"""The command line ``tools/cli/solve.py``: what it writes and prints, its
options, bad input and exit statuses, ``--jobs``, dead workers, Ctrl-C and SIGTERM.

Most tests call its ``main()`` in this process; a subprocess runs it only
where the process boundary is the point: run by its path from another folder,
Ctrl-C or SIGTERM sent to it, a worker killed from outside.  Tests whose
workers must die on cue patch ``solve_chunk`` here and let the forked workers
inherit the patch.  The file formats themselves are tested in ``test_io.py``.
Answers are checked by ``helpers.is_valid_solution`` or against a published
solution (Everest's), never by the solver under test.
"""

from __future__ import annotations

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
from helpers import is_valid_solution
from tools.cli import solve as solve_cli
from tools.paths import CATEGORIES, COLLECTIONS, DATA, ROOT
from tools.puzzles.io import parse_text, to_text
from tools.puzzles.make_data import random_puzzle

SCRIPT = ROOT / "tools" / "cli" / "solve.py"  #: run by its path, as the readme's examples do
SUBPROCESS_TIMEOUT = 300  #: seconds; a guard against a hang, not a speed test
ROYLE_17 = COLLECTIONS / "17clue_royle_49151.txt"
INTERRUPT_AFTER = 1.0  #: seconds the workers run before Ctrl-C, SIGTERM or a worker's SIGKILL
IN_PROCESS_TIMEOUT = 120  #: seconds; a guard against a hang of main() called in this process
#: what solve.py says when a worker has died and its puzzles are solved again
RETRY_LINE = re.compile(
    r"solve\.py: a worker process died \((?P<how>[^)]*)\) solving (?P<places>\S+); "
    r"solving those puzzles again in a new worker"
)
FORKS = pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork",
    reason="optional: needs the fork start method, for the workers to inherit a test's patch",
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
def deadline():
    """Fail the test, rather than hang the suite, if it takes over IN_PROCESS_TIMEOUT seconds."""

    def expire(signum, frame):
        raise TimeoutError(f"still running after {IN_PROCESS_TIMEOUT} s: a hang")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(IN_PROCESS_TIMEOUT)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def save_npy(path: Path, array: np.ndarray) -> Path:
    np.save(path, array)
    return path


def calls_then_interrupts(function, call: int):
    """``function``, but raising KeyboardInterrupt on its ``call``-th call."""
    calls = itertools.count(1)

    def wrapper(*args, **kwargs):
        if next(calls) == call:
            raise KeyboardInterrupt
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
    assert summary_value(out, "CPU time per puzzle").startswith("mean ")
    assert summary_value(out, "wall clock").endswith("puzzles/s")


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
    assert summary_value(out, "checked") == "1 compared, 1 mismatches"
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
    assert (status, err) == (65, f"{path}:2: cell [8, 6] holds 10, not a whole number 0..9\n")
    assert summary_value(out, "solved") == "2"


@pytest.mark.parametrize(
    "shape, problem",
    [
        ((3, 9, 8), ":1-3: its grids are 9 x 8, not square"),
        ((2, 5, 5), ":1-2: its grids are 5 x 5; a sudoku is N x N with N one of 4, 9, 16, 25, 36"),
        ((9, 8), ":1: its grid is 9 x 8, not square"),
        ((81,), ": holds an array of shape (81,), not one grid N x N or a stack K x N x N"),
        ((2, 1, 9, 9), ": holds an array of shape (2, 1, 9, 9), not one grid N x N or a stack K x N x N"),
    ],
    ids=["not-square", "no-sudoku-size", "one-grid", "flat", "four-axes"],
)
def test_a_wrong_shaped_npy_is_one_line_at_the_grids_it_spoils_and_exit_65(tmp_path, cli, shape, problem):
    path = save_npy(tmp_path / "in.npy", np.zeros(shape, dtype=np.int8))
    status, out, err = cli(path)
    assert (status, out != "", err) == (65, True, f"{path}{problem}\n")


def test_a_wrong_shaped_npy_counts_its_grids_as_malformed_and_writes_them_as_no_answer(tmp_path, cli):
    path = save_npy(tmp_path / "in.npy", np.zeros((3, 9, 8), dtype=np.int8))
    _, out, _ = cli(path, "-o", tmp_path / "out.npy")
    assert summary_value(out, "malformed") == "3"
    answers = np.load(tmp_path / "out.npy")
    assert answers.shape == (3, 9, 8) and np.all(answers == -1)


@pytest.mark.parametrize("shape", [(3, 0, 0), (0, 5), (2, 0, 9)])
def test_a_wrong_shaped_npy_whose_grids_hold_no_cell_is_written_as_no_answer(tmp_path, cli, shape):
    path = save_npy(tmp_path / "in.npy", np.zeros(shape, dtype=np.int8))
    assert cli(path, "-o", tmp_path / "out.npy")[0] == 65
    assert np.load(tmp_path / "out.npy").shape == shape


def test_a_wrong_shaped_npy_does_not_stop_the_other_files(tmp_path, cli):
    bad = save_npy(tmp_path / "bad.npy", np.zeros((2, 9, 8), dtype=np.int8))
    status, out, _ = cli(bad, write(tmp_path / "good.txt", EVEREST))
    assert (status, summary_value(out, "solved")) == (65, "1")


@pytest.mark.parametrize(
    "name, content",
    [
        ("empty.txt", b""),
        ("comments.txt", b"# no puzzle here\n\n"),
        ("empty.csv", b""),
        ("header.csv", b"puzzle,solution\n"),
        ("empty.npy", None),
    ],
    ids=["empty-txt", "comments-txt", "empty-csv", "header-only-csv", "zero-grids-npy"],
)
def test_a_file_of_no_puzzles_is_reported_and_exit_65(tmp_path, cli, name, content):
    path = tmp_path / name
    if content is None:
        np.save(path, np.zeros((0, 9, 9), dtype=np.int8))
    else:
        path.write_bytes(content)
    status, out, err = cli(path)
    assert (status, err) == (65, f"{path}: holds no puzzles\n")
    assert summary_value(out, "puzzles read") == "0 (from 1 file)"


def test_a_file_of_no_puzzles_does_not_stop_the_other_files(tmp_path, cli):
    status, out, _ = cli(write(tmp_path / "empty.txt"), write(tmp_path / "good.txt", EVEREST))
    assert (status, summary_value(out, "solved")) == (65, "1")


def test_an_empty_csv_with_check_is_reported_as_holding_no_puzzles(tmp_path, cli):
    path = write(tmp_path / "empty.csv")
    assert cli(path, "--check")[::2] == (65, f"{path}: holds no puzzles\n")


# --- Usage errors and unreadable files: exit 2, one line -------------------


@pytest.mark.parametrize(
    "args, message",
    [
        (["--no-such-option", "in.txt"], "unrecognized arguments"),
        (["in.txt", "--jobs", "0"], "--jobs"),
        (["in.txt", "--jobs", "two"], "--jobs"),
        (["missing.txt"], "cannot read"),
        (["in.dat"], "unknown format"),
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
    write(tmp_path / "in.txt", EVEREST)
    write(tmp_path / "in.dat", EVEREST)
    write(tmp_path / "two.txt", EVEREST_SOLUTION, EVEREST_SOLUTION)
    write(tmp_path / "quizzes.csv", "quizzes", EVEREST)
    write(tmp_path / "grid.csv", "grid", EVEREST)
    status, out, err = cli(*args)
    assert (status, out) == (2, "")
    assert err.startswith("solve.py: error: ") and message in err and err.count("\n") == 1


def test_help_lists_every_option_and_the_examples(cli):
    status, out, _ = cli("--help")
    options = ("-o OUT", "--check", "--solutions FILE", "--count", "--jobs N", "examples:")
    assert status == 0 and [option for option in options if option not in out] == []


def test_help_lists_every_exit_status_and_which_wins(cli):
    _, out, _ = cli("--help")
    section = out.split("exit status:\n", 1)[1]
    listed = [int(line.split()[0]) for line in section.splitlines() if re.match(r"  \d+ ", line)]
    assert listed == [0, 1, 2, 65, 71, 130, 143]
    assert "When several apply, the first of 2, 130, 143, 71, 65, 1 wins" in " ".join(section.split())


# --- Which status wins when several apply ----------------------------------


DOCUMENTED_ORDER = [2, 130, 143, 71, 65, 1, 0]  #: as --help and docs/command-line.md state it


@pytest.mark.parametrize("first, second", list(itertools.combinations(DOCUMENTED_ORDER, 2)))
def test_when_two_statuses_apply_the_earlier_in_the_documented_order_wins(first, second):
    assert solve_cli.exit_status([second, first]) == first


def test_bad_input_outranks_a_check_mismatch(tmp_path, cli):
    path = write(tmp_path / "in.txt", EVEREST, "bad")
    solutions = write(tmp_path / "sol.txt", "-" * 81, "-" * 81)
    status, out, err = cli(path, "--check", "--solutions", solutions)
    assert status == 65
    assert err.splitlines() == [
        f"{path}:2: 3 symbols; a puzzle has 16, 81, 256, 625",
        f"{path}:1: the stored answer is 'no solution', but the solver found one",
    ]


def test_a_usage_error_outranks_bad_input(tmp_path, cli):
    status, out, err = cli(write(tmp_path / "in.txt", "bad"), tmp_path / "missing.txt")
    assert (status, out) == (2, "")
    assert err.startswith("solve.py: error: cannot read") and err.count("\n") == 1


def test_a_full_disk_outranks_bad_input_and_writes_nothing(three_puzzles, cli, monkeypatch):
    write(three_puzzles / "in.txt", EVEREST, "bad", EVEREST)
    calls = itertools.count(1)

    def answer_text(*args):  # the disk fills up as the second answer is written
        if next(calls) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return original(*args)

    original = tools.puzzles.io.answer_text
    monkeypatch.setattr(tools.puzzles.io, "answer_text", answer_text)
    status, out, err = cli(three_puzzles / "in.txt", "-o", three_puzzles / "out.txt", "--jobs", "1")
    assert (status, out) == (2, "")
    assert err.splitlines()[-1] == f"solve.py: error: cannot write {three_puzzles / 'out.txt'}: No space left on device"
    assert [p.name for p in three_puzzles.iterdir()] == ["in.txt"]


def test_an_interrupt_outranks_bad_input(three_puzzles, cli, monkeypatch):
    write(three_puzzles / "in.txt", EVEREST, "bad", EVEREST)
    monkeypatch.setattr(solve_cli, "solve_chunk", calls_then_interrupts(solve_cli.solve_chunk, 2))
    status, out, err = cli(three_puzzles / "in.txt", "-o", three_puzzles / "out.txt", "--jobs", "1")
    assert (status, out) == (130, "")
    assert err.splitlines()[-1] == "solve.py: interrupted; no output written"


# --- Progress, workers and interrupts --------------------------------------


class Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stderr", [Terminal, io.StringIO], ids=["terminal", "not-a-terminal"])
def test_a_progress_bar_shows_on_a_terminal_only(tmp_path, monkeypatch, stderr):
    monkeypatch.setattr(sys, "stderr", stderr())
    monkeypatch.setattr(solve_cli, "PROGRESS_DELAY", 0)
    solve_cli.main([str(write(tmp_path / "in.txt", EVEREST)), "--jobs", "1"])
    shown = sys.stderr.getvalue()
    assert "puzzle/s" in shown if stderr is Terminal else shown == ""


def test_two_workers_write_what_one_process_writes(tmp_path, cli):
    puzzles = [to_text(made_puzzle(3, 0.4, seed)) for seed in range(60)]
    path = write(tmp_path / "in.txt", *puzzles, CONSISTENT_NO_SOLUTION, "bad")
    one = cli(path, "-o", tmp_path / "one.txt", "--jobs", "1")
    two = cli(path, "-o", tmp_path / "two.txt", "--jobs", "2")
    assert summary_value(two[1], "wall clock").split(" on ")[1].startswith("2 processes")
    assert (one[0], one[2]) == (two[0], two[2])
    assert lines_of(tmp_path / "one.txt") == lines_of(tmp_path / "two.txt")


@pytest.fixture
def three_puzzles(tmp_path):
    """A folder holding only in.txt, with three puzzles."""
    folder = tmp_path / "run"
    folder.mkdir()
    write(folder / "in.txt", EVEREST, EVEREST, EVEREST)
    return folder


def test_ctrl_c_while_solving_writes_nothing_and_exits_130(three_puzzles, cli, monkeypatch):
    monkeypatch.setattr(solve_cli, "solve_chunk", calls_then_interrupts(solve_cli.solve_chunk, 2))
    status, out, err = cli(three_puzzles / "in.txt", "-o", three_puzzles / "out.txt", "--jobs", "1")
    assert (status, out, err) == (130, "", "solve.py: interrupted; no output written\n")
    assert [p.name for p in three_puzzles.iterdir()] == ["in.txt"]


def test_ctrl_c_while_writing_leaves_an_existing_output_as_it_was(three_puzzles, cli, monkeypatch):
    (three_puzzles / "out.txt").write_text("old answers\n")
    monkeypatch.setattr(tools.puzzles.io, "answer_text", calls_then_interrupts(tools.puzzles.io.answer_text, 2))
    status, _, _ = cli(three_puzzles / "in.txt", "-o", three_puzzles / "out.txt", "--jobs", "1")
    assert status == 130
    assert sorted(p.name for p in three_puzzles.iterdir()) == ["in.txt", "out.txt"]
    assert (three_puzzles / "out.txt").read_text() == "old answers\n"


# --- Dead workers ----------------------------------------------------------


def dies_in_a_worker(chunk_number: int, times: int, marks: Path):
    """``solve_chunk``, but killing its worker process with SIGKILL (as the OOM
    killer would) the first ``times`` times it is given chunk ``chunk_number``;
    ``marks`` is an empty folder where it counts them.  Only for the workers,
    which inherit it by fork: in the test's own process it raises."""
    solve_chunk = solve_cli.solve_chunk

    def dying(chunk, engines):
        if chunk.number == chunk_number and len(list(marks.iterdir())) < times:
            assert multiprocessing.parent_process() is not None, "would kill the test's own process"
            (marks / str(os.getpid())).touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return solve_chunk(chunk, engines)

    return dying


@pytest.fixture
def sixty_puzzles(tmp_path):
    """in.txt with 60 puzzles: 15 chunks of 4 for two workers."""
    return write(tmp_path / "in.txt", *[to_text(made_puzzle(3, 0.4, seed)) for seed in range(60)])


@FORKS
def test_the_puzzles_of_a_worker_killed_once_are_solved_again_in_a_new_one(
    sixty_puzzles, tmp_path, cli, monkeypatch, deadline
):
    one = cli(sixty_puzzles, "-o", tmp_path / "one.txt", "--jobs", "1")
    (tmp_path / "marks").mkdir()
    monkeypatch.setattr(solve_cli, "solve_chunk", dies_in_a_worker(1, 1, tmp_path / "marks"))
    status, out, err = cli(sixty_puzzles, "-o", tmp_path / "two.txt", "--jobs", "2")
    retry = f"solve.py: a worker process died (killed by SIGKILL) solving {sixty_puzzles}:5-8; "
    assert (one[0], status, err) == (0, 0, retry + "solving those puzzles again in a new worker\n")
    assert summary_value(out, "solved") == "60"
    assert lines_of(tmp_path / "two.txt") == lines_of(tmp_path / "one.txt")


@FORKS
def test_a_run_whose_workers_die_twice_on_the_same_puzzles_stops_with_71(
    sixty_puzzles, tmp_path, cli, monkeypatch, deadline
):
    (tmp_path / "marks").mkdir()
    monkeypatch.setattr(solve_cli, "solve_chunk", dies_in_a_worker(1, 2, tmp_path / "marks"))
    status, out, err = cli(sixty_puzzles, "-o", tmp_path / "out.txt", "--jobs", "2")
    assert (status, out) == (71, "")
    assert RETRY_LINE.fullmatch(err.splitlines()[0])
    assert err.splitlines()[1:] == [
        f"solve.py: error: a worker process died (killed by SIGKILL) solving {sixty_puzzles}:5-8 again, "
        "after 1 retry; stopped, no output written"
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt", "marks"]


@FORKS
def test_a_lost_worker_outranks_bad_input(tmp_path, cli, monkeypatch, deadline):
    path = write(tmp_path / "in.txt", *[EVEREST] * 20, "bad")
    (tmp_path / "marks").mkdir()
    monkeypatch.setattr(solve_cli, "solve_chunk", dies_in_a_worker(0, 2, tmp_path / "marks"))
    assert cli(path, "--jobs", "2")[0] == 71


@FORKS
def test_an_exception_in_a_worker_is_raised_again_with_its_traceback(three_puzzles, cli, monkeypatch, deadline):
    def make_engines(boxes):
        raise RuntimeError("no engine today")

    monkeypatch.setattr(solve_cli, "make_engines", make_engines)  # what the workers call first
    with pytest.raises(solve_cli.WorkerFailed, match="RuntimeError: no engine today"):
        cli(three_puzzles / "in.txt", "--jobs", "2")


def workers_of(process: subprocess.Popen, count: int) -> list[int]:
    """The pids of ``process``'s ``count`` workers, once they have all started."""
    deadline = time.monotonic() + SUBPROCESS_TIMEOUT
    while len(children(process.pid)) < count and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    found = children(process.pid)
    assert len(found) == count, f"expected {count} workers, found {found}"
    return found


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="optional: needs /proc to find the workers")
def test_a_worker_killed_from_outside_is_replaced_and_the_run_completes(tmp_path):
    """A worker killed with SIGKILL, as the OOM killer would, mid-run: the run
    neither hangs (the timeout) nor loses a puzzle; each answer is checked."""
    command = [sys.executable, str(SCRIPT), str(ROYLE_17), "-o", "out.txt", "--jobs", "2"]
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        victim = workers_of(process, 2)[0]
        time.sleep(INTERRUPT_AFTER)
        os.kill(victim, signal.SIGKILL)
        out, err = process.communicate(timeout=SUBPROCESS_TIMEOUT)
    finally:
        process.kill()
    assert process.returncode == 0, err
    retry = RETRY_LINE.fullmatch(err.strip())
    assert retry and retry["how"] == "killed by SIGKILL" and retry["places"].startswith(f"{ROYLE_17}:")
    assert summary_value(out, "solved") == "49151"
    puzzles = [parse_text(line) for line in lines_of(ROYLE_17)]
    answers = [parse_text(line) for line in lines_of(tmp_path / "out.txt")]
    assert len(answers) == len(puzzles)
    assert all(is_valid_solution(puzzle, answer) for puzzle, answer in zip(puzzles, answers))


# --- The script as a program -----------------------------------------------


def test_the_script_runs_by_its_path_from_another_folder(tmp_path):
    write(tmp_path / "in.txt", EVEREST, "oops")
    command = [sys.executable, str(SCRIPT), "in.txt", "-o", "out.txt", "--jobs", "1"]
    result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=SUBPROCESS_TIMEOUT)
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


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # ended meanwhile
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.slow
@pytest.mark.skipif(
    not hasattr(os, "killpg") or not Path("/proc").is_dir(), reason="optional: needs POSIX process groups and /proc"
)
def test_ctrl_c_ends_the_workers_and_leaves_the_output_as_it_was(tmp_path):
    """Ctrl-C at a terminal sends SIGINT to the whole foreground process group:
    the script and its workers."""
    (tmp_path / "out.txt").write_text("old answers\n")
    command = [sys.executable, str(SCRIPT), str(ROYLE_17), "-o", "out.txt", "--jobs", "2"]
    process = subprocess.Popen(
        command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    deadline = time.monotonic() + SUBPROCESS_TIMEOUT
    while len(children(process.pid)) < 2 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(INTERRUPT_AFTER)
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=SUBPROCESS_TIMEOUT)
    assert process.returncode == 130, err
    assert (out, err) == ("", "solve.py: interrupted; no output written\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    assert (tmp_path / "out.txt").read_text() == "old answers\n"
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)  # no process of the group is left


@pytest.mark.slow
@pytest.mark.skipif(
    not hasattr(os, "killpg") or not Path("/proc").is_dir(), reason="optional: needs POSIX process groups and /proc"
)
def test_sigterm_ends_the_workers_writes_nothing_and_exits_143(tmp_path):
    """SIGTERM to the command alone (as ``kill`` or ``timeout`` sends it)."""
    (tmp_path / "out.txt").write_text("old answers\n")
    command = [sys.executable, str(SCRIPT), str(ROYLE_17), "-o", "out.txt", "--jobs", "2"]
    process = subprocess.Popen(
        command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        workers_of(process, 2)
        time.sleep(INTERRUPT_AFTER)
        process.terminate()
        out, err = process.communicate(timeout=SUBPROCESS_TIMEOUT)
    finally:
        process.kill()
    assert (process.returncode, out, err) == (143, "", "solve.py: terminated; no output written\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    assert (tmp_path / "out.txt").read_text() == "old answers\n"
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)  # no process of the group is left
