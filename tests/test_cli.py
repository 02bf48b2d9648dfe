"""The batch command line ``tools/cli/solve.py``: formats, sizes, options, exit statuses.

Most tests call its ``main()`` in-process (fast, and the solve step can be
monkeypatched); a few run it as a subprocess, from another folder, to show
that the script finds the project on its own and never prints a traceback.
"""

from __future__ import annotations

import subprocess
import sys
from functools import cache
from pathlib import Path

import numpy as np
import pytest

import helpers
from conftest import CATEGORIES, DATA, ROOT
from helpers import is_valid_solution
from tools import engine
from tools import solve as solve_cli

SCRIPT = ROOT / "tools" / "solve.py"  #: run by its path, as the readme's examples do
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
SUBPROCESS_TIMEOUT = 120  # seconds; a guard against a hang, not a speed test
BLANK_FRACTION = 0.5  # share of cells blanked in generated puzzles
# 36x36 puzzles with half their cells blank can take minutes; 30% blank ones
# solve at once, which is all a test of the file format needs.
BLANK_FRACTION_36 = 0.3


# ---------------------------------------------------------------------------
# Test puzzles
# ---------------------------------------------------------------------------


@cache
def full_grid(side: int) -> tuple[tuple[int, ...], ...]:
    """A solved grid of the given side: the solver's answer to the empty grid."""
    return tuple(map(tuple, engine.solve_sudoku(np.zeros((side, side), dtype=int)).tolist()))


def make_puzzle(side: int, seed: int = 0, blank_fraction: float = BLANK_FRACTION) -> np.ndarray:
    """A solvable puzzle: a full grid with a random share of its cells blanked."""
    grid = np.array(full_grid(side))
    rng = np.random.default_rng(seed)
    blanks = rng.choice(side * side, size=int(blank_fraction * side * side), replace=False)
    grid.flat[blanks] = 0
    return grid


@cache
def unique_seed() -> int:
    """A seed for which ``make_puzzle(9, seed)`` has exactly one solution, so
    that the solver must return ``full_grid(9)`` for it."""
    return next(seed for seed in range(100) if engine.count_solutions(make_puzzle(9, seed), limit=2) == 1)


def unique_puzzle() -> np.ndarray:
    """A 9x9 puzzle whose only solution is ``full_grid(9)``."""
    return make_puzzle(9, unique_seed())


def unsolvable_puzzle() -> np.ndarray:
    """A 9x9 with no repeated given and no solution: cell (0, 8) can only be 9,
    but its column already has a 9."""
    grid = np.zeros((9, 9), dtype=int)
    grid[0, :8] = range(1, 9)
    grid[5, 8] = 9
    return grid


def to_text(grid, blank: str = "0") -> str:
    """A grid as one line of text, 1-9 then A, B, ... for 10, 11, ..."""
    return "".join(SYMBOLS[v - 1] if v else blank for v in np.asarray(grid).ravel().tolist())


def from_text(text: str) -> np.ndarray:
    """A line of answer text back into a grid."""
    side = int(round(len(text) ** 0.5))
    return np.array([SYMBOLS.index(s.upper()) + 1 for s in text]).reshape(side, side)


def write_lines(path: Path, lines, newline: str = "\n") -> Path:
    """Write ``lines`` to ``path`` with the given line ending."""
    path.write_bytes("".join(line + newline for line in lines).encode("utf-8"))
    return path


def answer_lines(path: Path) -> list[str]:
    """The lines of an output .txt file."""
    return path.read_text(encoding="utf-8").splitlines()


# ---------------------------------------------------------------------------
# Running the command line
# ---------------------------------------------------------------------------


@pytest.fixture
def cli(capsys):
    """Call ``main(args)`` in-process; returns ``(status, stdout, stderr)``."""

    def call(*args):
        status = solve_cli.main([str(a) for a in args])
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return call


def run_script(*args, cwd: Path) -> subprocess.CompletedProcess:
    """Run the script as a subprocess from ``cwd``."""
    return subprocess.run(
        [sys.executable, str(SCRIPT), *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=SUBPROCESS_TIMEOUT,
    )


def summary_value(out: str, label: str) -> str:
    """The text after ``label:`` on its summary line."""
    for line in out.splitlines():
        if line.startswith(label + ":"):
            return line.split(":", 1)[1].strip()
    raise AssertionError(f"no {label!r} line in:\n{out}")


# ---------------------------------------------------------------------------
# Formats
# ---------------------------------------------------------------------------


def test_npy_single_grid_gets_a_single_answer(tmp_path, cli):
    puzzle = make_puzzle(9)
    np.save(tmp_path / "one.npy", puzzle)
    status, _, _ = cli(tmp_path / "one.npy", "-o", tmp_path / "out.npy")
    answer = np.load(tmp_path / "out.npy")
    assert status == 0
    assert answer.shape == (9, 9)
    assert is_valid_solution(puzzle, answer)


def test_npy_stack_gets_one_answer_per_layer(tmp_path, cli):
    puzzles = np.stack([make_puzzle(9, seed) for seed in range(3)])
    np.save(tmp_path / "stack.npy", puzzles)
    status, out, _ = cli(tmp_path / "stack.npy", "-o", tmp_path / "out.npy")
    answers = np.load(tmp_path / "out.npy")
    assert status == 0
    assert summary_value(out, "solved") == "3"
    assert answers.shape == (3, 9, 9)
    assert all(is_valid_solution(p, a) for p, a in zip(puzzles, answers))


@pytest.mark.parametrize("blank", ["0", "."])
def test_txt_blanks_may_be_zero_or_dot(tmp_path, cli, blank):
    puzzle = make_puzzle(9)
    write_lines(tmp_path / "in.txt", [to_text(puzzle, blank)])
    status, _, _ = cli(tmp_path / "in.txt", "-o", tmp_path / "out.txt")
    assert status == 0
    assert is_valid_solution(puzzle, from_text(answer_lines(tmp_path / "out.txt")[0]))


def test_txt_with_crlf_line_endings_is_read(tmp_path, cli):
    puzzles = [make_puzzle(9, seed) for seed in range(2)]
    write_lines(tmp_path / "in.txt", [to_text(p) for p in puzzles], newline="\r\n")
    status, out, err = cli(tmp_path / "in.txt")
    assert status == 0 and err == ""
    assert summary_value(out, "solved") == "2"


def test_txt_comments_and_blank_lines_are_skipped(tmp_path, cli):
    puzzles = [make_puzzle(9, seed) for seed in range(2)]
    lines = ["# two puzzles", "", to_text(puzzles[0]), "   ", "# the second:", to_text(puzzles[1])]
    write_lines(tmp_path / "in.txt", lines)
    status, out, err = cli(tmp_path / "in.txt", "-o", tmp_path / "out.txt")
    answers = answer_lines(tmp_path / "out.txt")
    assert status == 0 and err == ""
    assert summary_value(out, "puzzles read").startswith("2 ")
    assert len(answers) == 2
    assert all(is_valid_solution(p, from_text(a)) for p, a in zip(puzzles, answers))


@pytest.mark.parametrize("case", [str.upper, str.lower], ids=["upper", "lower"])
def test_txt_letters_stand_for_values_above_nine(tmp_path, cli, case):
    puzzle = make_puzzle(16)
    text = case(to_text(puzzle))
    assert any(c.isalpha() for c in text)  # the test needs letters in the input
    write_lines(tmp_path / "in.txt", [text])
    status, _, _ = cli(tmp_path / "in.txt", "-o", tmp_path / "out.txt")
    answer = answer_lines(tmp_path / "out.txt")[0]
    assert status == 0
    assert set(answer) == set(SYMBOLS[:16])  # written with capital letters
    assert is_valid_solution(puzzle, from_text(answer))


def test_csv_with_puzzle_and_solution_columns_checks_out(tmp_path, cli):
    puzzles = [unique_puzzle(), full_grid(9)]
    rows = [f"{to_text(p)},{to_text(full_grid(9))},x{k}" for k, p in enumerate(puzzles)]
    write_lines(tmp_path / "in.csv", ["puzzle,solution,note", *rows])
    status, out, _ = cli(tmp_path / "in.csv", "--check")
    assert status == 0
    assert summary_value(out, "checked") == "2 compared, 0 mismatches"


def test_csv_with_quizzes_and_solutions_columns_checks_out(tmp_path, cli):
    puzzle = unique_puzzle()
    write_lines(tmp_path / "in.csv", ["quizzes,solutions", f"{to_text(puzzle)},{to_text(full_grid(9))}"])
    status, out, _ = cli(tmp_path / "in.csv", "--check")
    assert status == 0
    assert summary_value(out, "checked") == "1 compared, 0 mismatches"


def test_csv_output_keeps_every_column_and_fills_the_solution(tmp_path, cli):
    puzzle = make_puzzle(9)
    write_lines(tmp_path / "in.csv", ["id,quizzes,rating", f"7,{to_text(puzzle)},2.5"])
    status, _, _ = cli(tmp_path / "in.csv", "-o", tmp_path / "out.csv")
    header, row = answer_lines(tmp_path / "out.csv")
    assert status == 0
    assert header == "id,quizzes,rating,solution"
    ident, text, rating, answer = row.split(",")
    assert (ident, text, rating) == ("7", to_text(puzzle), "2.5")
    assert is_valid_solution(puzzle, from_text(answer))


# ---------------------------------------------------------------------------
# Sizes
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("side", [4, 9, 16, 25])
def test_txt_puzzle_of_each_size_is_solved(tmp_path, cli, side):
    puzzle = make_puzzle(side)
    write_lines(tmp_path / "in.txt", [to_text(puzzle)])
    status, _, _ = cli(tmp_path / "in.txt", "-o", tmp_path / "out.txt")
    (answer,) = answer_lines(tmp_path / "out.txt")
    assert status == 0
    assert len(answer) == side * side
    assert is_valid_solution(puzzle, from_text(answer))


def test_36x36_puzzle_is_solved_via_npy(tmp_path, cli):
    puzzle = make_puzzle(36, blank_fraction=BLANK_FRACTION_36)
    np.save(tmp_path / "big.npy", puzzle)
    status, _, _ = cli(tmp_path / "big.npy", "-o", tmp_path / "out.npy")
    assert status == 0
    assert is_valid_solution(puzzle, np.load(tmp_path / "out.npy"))


def test_36x36_text_line_is_malformed(tmp_path, cli):
    write_lines(tmp_path / "in.txt", ["0" * 36 * 36])
    status, out, err = cli(tmp_path / "in.txt")
    assert status == 0
    assert summary_value(out, "malformed") == "1"
    assert f"{tmp_path / 'in.txt'}:1: 1296 symbols" in err


# ---------------------------------------------------------------------------
# -o round trips: the answers, read back as stored solutions, check out
# ---------------------------------------------------------------------------


def test_npy_round_trip(tmp_path, cli):
    np.save(tmp_path / "in.npy", np.stack([make_puzzle(9, 1), unsolvable_puzzle()]))
    cli(tmp_path / "in.npy", "-o", tmp_path / "out.npy")
    status, out, _ = cli(tmp_path / "in.npy", "--check", "--solutions", tmp_path / "out.npy")
    assert status == 0
    assert summary_value(out, "checked") == "2 compared, 0 mismatches"


def test_txt_round_trip(tmp_path, cli):
    write_lines(tmp_path / "in.txt", [to_text(make_puzzle(16)), to_text(unsolvable_puzzle())])
    cli(tmp_path / "in.txt", "-o", tmp_path / "out.txt")
    status, out, _ = cli(tmp_path / "in.txt", "--check", "--solutions", tmp_path / "out.txt")
    assert status == 0
    assert summary_value(out, "checked") == "2 compared, 0 mismatches"


def test_csv_round_trip(tmp_path, cli):
    write_lines(tmp_path / "in.csv", ["puzzle", to_text(make_puzzle(9)), to_text(unsolvable_puzzle())])
    cli(tmp_path / "in.csv", "-o", tmp_path / "out.csv")
    status, out, _ = cli(tmp_path / "out.csv", "--check")
    assert status == 0
    assert summary_value(out, "checked") == "2 compared, 0 mismatches"


def test_output_may_replace_the_input_file(tmp_path, cli):
    puzzle = make_puzzle(9)
    write_lines(tmp_path / "in.txt", [to_text(puzzle)])
    status, _, _ = cli(tmp_path / "in.txt", "-o", tmp_path / "in.txt")
    assert status == 0
    assert is_valid_solution(puzzle, from_text(answer_lines(tmp_path / "in.txt")[0]))


# ---------------------------------------------------------------------------
# No answer: unsolvable and malformed puzzles
# ---------------------------------------------------------------------------


def test_unsolvable_puzzle_is_a_line_of_dashes_in_txt(tmp_path, cli):
    write_lines(tmp_path / "in.txt", [to_text(make_puzzle(9)), to_text(unsolvable_puzzle())])
    status, out, _ = cli(tmp_path / "in.txt", "-o", tmp_path / "out.txt")
    assert status == 0
    assert summary_value(out, "without solution") == "1"
    assert answer_lines(tmp_path / "out.txt")[1] == "-" * 81


def test_unsolvable_puzzle_is_all_minus_one_in_npy(tmp_path, cli):
    np.save(tmp_path / "in.npy", np.stack([make_puzzle(9), unsolvable_puzzle()]))
    cli(tmp_path / "in.npy", "-o", tmp_path / "out.npy")
    answers = np.load(tmp_path / "out.npy")
    assert (answers[1] == -1).all()
    assert is_valid_solution(make_puzzle(9), answers[0])


def test_unsolvable_puzzle_is_dashes_in_csv_solution_column(tmp_path, cli):
    write_lines(tmp_path / "in.csv", ["puzzle", to_text(unsolvable_puzzle())])
    cli(tmp_path / "in.csv", "-o", tmp_path / "out.csv")
    assert answer_lines(tmp_path / "out.csv")[1] == f"{to_text(unsolvable_puzzle())},{'-' * 81}"


def test_malformed_lines_are_reported_with_file_and_line(tmp_path, cli):
    good = [make_puzzle(9, seed) for seed in range(2)]
    lines = [
        "# header",
        to_text(good[0]),
        "12345",  # line 3: wrong length
        to_text(good[1]),
        "x" + "0" * 80,  # line 5: unknown symbol
        "G" + "0" * 80,  # line 6: 16 in a 9x9
    ]
    path = write_lines(tmp_path / "in.txt", lines)
    status, out, err = cli(path)
    assert status == 0
    assert summary_value(out, "solved") == "2"
    assert summary_value(out, "malformed") == "3"
    assert [line.split(":")[-2] for line in err.splitlines()] == ["3", "5", "6"]
    assert all(line.startswith(f"{path}:") for line in err.splitlines())


def test_malformed_lines_keep_their_place_in_the_output(tmp_path, cli):
    puzzle = make_puzzle(9)
    write_lines(tmp_path / "in.txt", ["12345", to_text(puzzle)])
    cli(tmp_path / "in.txt", "-o", tmp_path / "out.txt")
    marker, answer = answer_lines(tmp_path / "out.txt")
    assert marker == "-----"
    assert is_valid_solution(puzzle, from_text(answer))


def test_malformed_npy_layer_is_reported_by_its_place(tmp_path, cli):
    bad = make_puzzle(9)
    bad[0, 0] = 10  # outside 0..9
    np.save(tmp_path / "in.npy", np.stack([make_puzzle(9), bad]))
    status, out, err = cli(tmp_path / "in.npy", "-o", tmp_path / "out.npy")
    assert status == 0
    assert err.startswith(f"{tmp_path / 'in.npy'}:2: ")
    assert summary_value(out, "malformed") == "1"
    assert (np.load(tmp_path / "out.npy")[1] == -1).all()


def test_malformed_csv_row_is_reported_with_its_line(tmp_path, cli):
    path = write_lines(tmp_path / "in.csv", ["puzzle", to_text(make_puzzle(9)), "123"])
    status, out, err = cli(path)
    assert status == 0
    assert err.startswith(f"{path}:3: ")
    assert summary_value(out, "solved") == "1"


# ---------------------------------------------------------------------------
# --check and --count
# ---------------------------------------------------------------------------


def wrong_solution() -> np.ndarray:
    """The solution of ``unique_puzzle()`` with two cells swapped."""
    grid = np.array(full_grid(9))
    grid[0, 0], grid[0, 1] = grid[0, 1], grid[0, 0]
    return grid


def test_check_finds_a_wrong_csv_solution(tmp_path, cli):
    path = write_lines(
        tmp_path / "in.csv", ["puzzle,solution", f"{to_text(unique_puzzle())},{to_text(wrong_solution())}"]
    )
    status, out, err = cli(path, "--check")
    assert status == 1
    assert summary_value(out, "checked") == "1 compared, 1 mismatches"
    assert err.startswith(f"{path}:2: ")


def test_check_finds_a_wrong_npy_solution(tmp_path, cli):
    np.save(tmp_path / "in.npy", np.stack([unique_puzzle(), unsolvable_puzzle()]))
    np.save(tmp_path / "sol.npy", np.stack([wrong_solution(), np.full((9, 9), -1)]).astype(float))
    status, _, err = cli(tmp_path / "in.npy", "--check", "--solutions", tmp_path / "sol.npy")
    assert status == 1
    assert err.count("\n") == 1 and err.startswith(f"{tmp_path / 'in.npy'}:1: ")


def test_check_finds_a_solution_stored_for_an_unsolvable_puzzle(tmp_path, cli):
    write_lines(tmp_path / "in.txt", [to_text(unsolvable_puzzle())])
    write_lines(tmp_path / "sol.txt", [to_text(full_grid(9))])
    status, _, _ = cli(tmp_path / "in.txt", "--check", "--solutions", tmp_path / "sol.txt")
    assert status == 1


def test_check_accepts_right_txt_solutions(tmp_path, cli):
    write_lines(tmp_path / "in.txt", [to_text(unique_puzzle()), to_text(unsolvable_puzzle())])
    write_lines(tmp_path / "sol.txt", ["# stored", to_text(full_grid(9)), "-" * 81])
    status, out, err = cli(tmp_path / "in.txt", "--check", "--solutions", tmp_path / "sol.txt")
    assert (status, err) == (0, "")
    assert summary_value(out, "checked") == "2 compared, 0 mismatches"


@pytest.mark.parametrize("category", CATEGORIES)
def test_check_accepts_the_assignment_solutions(cli, category):
    status, out, err = cli(
        DATA / f"{category}_puzzle.npy",
        "--check",
        "--solutions",
        DATA / f"{category}_solution.npy",
    )
    assert (status, err) == (0, "")
    assert summary_value(out, "checked") == "15 compared, 0 mismatches"


def test_count_reports_none_one_and_several(tmp_path, cli):
    several = "0" * 81  # the empty grid
    lines = [to_text(unsolvable_puzzle()), to_text(full_grid(9)), to_text(unique_puzzle()), several]
    write_lines(tmp_path / "in.txt", lines)
    status, out, _ = cli(tmp_path / "in.txt", "--count")
    assert status == 0
    assert summary_value(out, "solution counts") == "none 1, one 2, several 1"


# ---------------------------------------------------------------------------
# Summary and progress
# ---------------------------------------------------------------------------


def test_summary_reports_every_total_and_the_times(tmp_path, cli):
    write_lines(tmp_path / "in.txt", [to_text(make_puzzle(9)), to_text(unsolvable_puzzle()), "bad"])
    _, out, _ = cli(tmp_path / "in.txt")
    assert summary_value(out, "puzzles read") == "3 (from 1 file)"
    assert summary_value(out, "solved") == "1"
    assert summary_value(out, "without solution") == "1"
    assert summary_value(out, "malformed") == "1"
    times = summary_value(out, "time per puzzle")
    assert "mean" in times and "median" in times and "max" in times


def test_run_builds_each_sizes_matrix_before_the_clock_starts(tmp_path, monkeypatch):
    monkeypatch.setattr(helpers, "_ENGINES", {})  # fresh engines, no matrix built yet
    write_lines(tmp_path / "in.txt", [to_text(make_puzzle(4))])
    files = [solve_cli.read_input(tmp_path / "in.txt")]
    monkeypatch.setattr(solve_cli, "solve_puzzle", lambda puzzle, count: None)  # time nothing, solve nothing
    solve_cli.run(files, count=False)
    assert helpers.engine(2).matrix is not None


def test_a_matrix_built_ahead_leaves_the_engine_solving(monkeypatch):
    monkeypatch.setattr(helpers, "_ENGINES", {})
    solve_cli.build_matrix(2)
    puzzle = make_puzzle(4)
    assert is_valid_solution(puzzle, engine.solve_sudoku(puzzle))


class FakeTerminal:
    """A stream that says it is a terminal and keeps what is written."""

    def __init__(self, tty: bool = True) -> None:
        self.text = ""
        self.tty = tty

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return self.tty


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_progress_stays_hidden_during_the_first_seconds():
    stream, clock = FakeTerminal(), FakeClock()
    progress = solve_cli.Progress(10, stream, clock)
    clock.now = solve_cli.PROGRESS_DELAY / 2
    progress.update(5)
    assert stream.text == ""


def test_progress_shows_with_carriage_returns_on_a_long_run():
    stream, clock = FakeTerminal(), FakeClock()
    progress = solve_cli.Progress(10, stream, clock)
    clock.now = solve_cli.PROGRESS_DELAY + 1
    progress.update(5)
    assert stream.text.startswith("\r[") and "5/10" in stream.text and "\n" not in stream.text


def test_progress_is_wiped_at_the_end():
    stream, clock = FakeTerminal(), FakeClock()
    progress = solve_cli.Progress(10, stream, clock)
    clock.now = solve_cli.PROGRESS_DELAY + 1
    progress.update(5)
    progress.close()
    assert stream.text.endswith("\r") and stream.text.rsplit("\r", 2)[-2].strip() == ""


def test_progress_never_shows_when_stderr_is_not_a_terminal():
    stream, clock = FakeTerminal(tty=False), FakeClock()
    progress = solve_cli.Progress(10, stream, clock)
    clock.now = solve_cli.PROGRESS_DELAY + 1
    progress.update(5)
    assert stream.text == ""


# ---------------------------------------------------------------------------
# Interrupts: no output file, no temporary file
# ---------------------------------------------------------------------------


def interrupt_on_call(function, call: int):
    """``function``, but raising KeyboardInterrupt on its ``call``-th call."""
    calls = 0

    def wrapper(*args, **kwargs):
        nonlocal calls
        calls += 1
        if calls == call:
            raise KeyboardInterrupt
        return function(*args, **kwargs)

    return wrapper


@pytest.fixture
def three_puzzles(tmp_path):
    """A folder holding only in.txt, with three puzzles."""
    folder = tmp_path / "run"
    folder.mkdir()
    write_lines(folder / "in.txt", [to_text(make_puzzle(9, seed)) for seed in range(3)])
    return folder


def test_interrupt_while_solving_leaves_no_output(three_puzzles, cli, monkeypatch):
    monkeypatch.setattr(solve_cli, "solve_puzzle", interrupt_on_call(solve_cli.solve_puzzle, 2))
    status, out, err = cli(three_puzzles / "in.txt", "-o", three_puzzles / "out.txt")
    assert status == 130
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert sorted(p.name for p in three_puzzles.iterdir()) == ["in.txt"]


def test_interrupt_while_writing_leaves_no_output_and_no_temporary_file(three_puzzles, cli, monkeypatch):
    monkeypatch.setattr(solve_cli, "answer_text", interrupt_on_call(solve_cli.answer_text, 2))
    status, _, err = cli(three_puzzles / "in.txt", "-o", three_puzzles / "out.txt")
    assert status == 130
    assert err.count("\n") == 1
    assert sorted(p.name for p in three_puzzles.iterdir()) == ["in.txt"]


def test_interrupt_leaves_an_existing_output_as_it_was(three_puzzles, cli, monkeypatch):
    (three_puzzles / "out.txt").write_text("old answers\n")
    monkeypatch.setattr(solve_cli, "answer_text", interrupt_on_call(solve_cli.answer_text, 2))
    cli(three_puzzles / "in.txt", "-o", three_puzzles / "out.txt")
    assert (three_puzzles / "out.txt").read_text() == "old answers\n"
    assert sorted(p.name for p in three_puzzles.iterdir()) == ["in.txt", "out.txt"]


# ---------------------------------------------------------------------------
# Usage errors and unreadable files: exit 2, one line, no traceback
# ---------------------------------------------------------------------------


def assert_usage_error(status: int, err: str) -> None:
    """Exit 2 with a single-line message."""
    assert status == 2
    assert err.count("\n") == 1 and err.startswith("solve.py: error: ")


def test_missing_file_is_a_usage_error(tmp_path):
    result = run_script(tmp_path / "nowhere.txt", cwd=tmp_path)
    assert_usage_error(result.returncode, result.stderr)
    assert "nowhere.txt" in result.stderr


def test_bad_option_is_a_usage_error(tmp_path):
    result = run_script("--no-such-option", "x.txt", cwd=tmp_path)
    assert_usage_error(result.returncode, result.stderr)


def test_unreadable_npy_is_a_usage_error(tmp_path, cli):
    (tmp_path / "broken.npy").write_bytes(b"not an npy file at all")
    assert_usage_error(*cli(tmp_path / "broken.npy")[::2])


def test_non_utf8_txt_is_a_usage_error(tmp_path, cli):
    (tmp_path / "latin.txt").write_bytes(b"\xff\xfe\xfa" * 30)
    assert_usage_error(*cli(tmp_path / "latin.txt")[::2])


def test_csv_without_a_puzzle_column_is_a_usage_error(tmp_path, cli):
    write_lines(tmp_path / "in.csv", ["grid,answer", "0" * 81 + ",1"])
    assert_usage_error(*cli(tmp_path / "in.csv")[::2])


def test_folder_given_as_input_is_a_usage_error(tmp_path, cli):
    (tmp_path / "folder.txt").mkdir()
    assert_usage_error(*cli(tmp_path / "folder.txt")[::2])


def test_unknown_suffix_is_a_usage_error(tmp_path, cli):
    write_lines(tmp_path / "in.dat", ["0" * 81])
    assert_usage_error(*cli(tmp_path / "in.dat")[::2])


def test_output_with_several_inputs_is_a_usage_error(tmp_path, cli):
    for name in ("a.txt", "b.txt"):
        write_lines(tmp_path / name, [to_text(make_puzzle(9))])
    assert_usage_error(*cli(tmp_path / "a.txt", tmp_path / "b.txt", "-o", tmp_path / "out.txt")[::2])


def test_output_in_another_format_is_a_usage_error(tmp_path, cli):
    write_lines(tmp_path / "in.txt", [to_text(make_puzzle(9))])
    assert_usage_error(*cli(tmp_path / "in.txt", "-o", tmp_path / "out.npy")[::2])


def test_check_without_stored_solutions_is_a_usage_error(tmp_path, cli):
    write_lines(tmp_path / "in.txt", [to_text(make_puzzle(9))])
    assert_usage_error(*cli(tmp_path / "in.txt", "--check")[::2])


def test_solutions_of_another_length_are_a_usage_error(tmp_path, cli):
    write_lines(tmp_path / "in.txt", [to_text(make_puzzle(9))] * 2)
    write_lines(tmp_path / "sol.txt", [to_text(full_grid(9))])
    assert_usage_error(*cli(tmp_path / "in.txt", "--check", "--solutions", tmp_path / "sol.txt")[::2])


# ---------------------------------------------------------------------------
# The script as a program
# ---------------------------------------------------------------------------


def test_help_shows_every_option_and_examples(tmp_path):
    result = run_script("--help", cwd=tmp_path)
    assert result.returncode == 0
    for option in ("-o OUT", "--check", "--solutions FILE", "--count", "examples:"):
        assert option in result.stdout
    examples = result.stdout.split("examples:", 1)[1]
    for option in ("-o ", "--check", "--solutions", "--count"):
        assert option in examples


def test_script_runs_from_another_folder(tmp_path):
    write_lines(tmp_path / "in.txt", [to_text(make_puzzle(9)), "oops"])
    result = run_script("in.txt", "-o", "out.txt", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stderr.startswith("in.txt:2: ") and result.stderr.count("\n") == 1
    assert "solved:            1" in result.stdout
    assert answer_lines(tmp_path / "out.txt")[1] == "----"
