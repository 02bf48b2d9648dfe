"""Tests of ``tools/report/figures.py``: every figure is drawn from small results
files into its own folder, missing or unusable input gives a message and exit
status 1 (never a traceback), the exact-cover figure's counts follow from
the puzzle and its text is legible when printed, and ``images/sudoku.png`` is
the assignment's own picture, not drawn here.

The benchmark's results are made by its own functions, on two puzzles of
each category in ``data/``, with the notebook's solver and a second solver
(the same one under another name) as the alternative; the ladder's by
``tools/ladder.py`` on two puzzles of each of a few sets, and, where a test
needs given numbers, written by hand (``ladder_entry``).  Nothing here is
checked against a time.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import matplotlib.image
import matplotlib.text
import numpy as np
import pytest

import helpers
from conftest import DATA, ROOT, sha256, stated_sha256
from tools import alternatives, benchmark, figures, ladder

PUZZLES_PER_SET = 2
RESULT_FIGURES = ("times", "comparison")  #: the figures drawn from the benchmark's results
LADDER_FIGURES = ("ladder", "search")  #: the figures drawn from the ladder's results
LADDER_SETS = ("assignment", "top1465", "generated-hard")  #: the sets the ladder's results are made on
MIN_WIDTH, MIN_HEIGHT = 600, 300  #: pixels; every figure is at least this large
MAX_PAGE_WIDTH = 900  #: pixels; a figure of images/ is shown about this wide, so it is drawn no wider
MIN_COLOURS = 8  #: a drawn figure has more colours than this; a blank one has one
PRINTED_WIDTH_INCHES = 16 / 2.54  #: the readme and the notebook show the exact-cover figure at full page width
BODY_TEXT_POINTS = 11  #: the report's body text: no text of the exact-cover figure is smaller when printed
TEMPLATE_PICTURE = "sudoku.png"  #: the assignment's own picture in images/, handed out with the template
SUBPROCESS_TIMEOUT_S = 120


def make_results(folder: Path, with_others: bool = True) -> Path:
    """A benchmark report on two puzzles of each ``data/`` set, written into ``folder``."""
    ours = benchmark.load_ours()
    others = [alternatives.Alternative("ours again", "the same solver", ours)] if with_others else []
    sets, _ = benchmark.select_sets(["generated"])
    run: dict = {"sets": {}, "ablation": {}}
    for puzzle_set in sets:
        result = benchmark.compare(puzzle_set.sample(PUZZLES_PER_SET), ours, others, PUZZLES_PER_SET)
        run["sets"][result.name] = dataclasses.asdict(result)
    run["metadata"] = benchmark.metadata(benchmark.parse_args([]), [], [])
    benchmark.write_report(benchmark.merged({}, run), folder)
    return folder / benchmark.JSON_NAME


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    return make_results(tmp_path_factory.mktemp("results"))


@pytest.fixture(scope="module")
def ladder_results(tmp_path_factory) -> Path:
    """The ladder on two puzzles of each of ``LADDER_SETS``, one round, as ``tools/ladder.py`` writes it."""
    path = tmp_path_factory.mktemp("ladder") / "ladder.json"
    sets = ["--sets", *LADDER_SETS]
    assert ladder.main([*sets, "--sample", str(PUZZLES_PER_SET), "--rounds", "1", "--out", str(path)]) == 0
    return path


def ladder_entry(rows: list[int], ms_per_row: float = 0.01) -> dict:
    """A set's entry as ``tools/ladder.py`` writes it, with made-up numbers:
    a puzzle's time grows with its rows, and each rung is faster than the last."""
    n = len(rows)
    rungs = {}
    for k, rung in enumerate(ladder.RUNGS):
        times = [ms_per_row * (r + 1) / (k + 1) for r in rows]
        mean = float(np.mean(times))
        rungs[rung] = {
            "mean_ms": mean,
            "p95_ms": max(times),
            "max_ms": max(times),
            "round_means_ms": [mean],
            "spread": 0.0,
            "rows_mean": float(np.mean(rows)),
            "wrong": 0,
        }
        if rung in ladder.PER_PUZZLE_RUNGS:
            rungs[rung] |= {"puzzle_ms": times, "puzzle_rows": list(rows)}
    return {"n": n, "size": n, "rungs": rungs}


def write_ladder(path: Path, sets: dict[str, dict]) -> Path:
    path.write_text(json.dumps({"metadata": {}, "rounds": 1, "sets": sets}))
    return path


def older_layout(path: Path, folder: Path) -> Path:
    """The ladder's results in ``path`` as written before the 95th percentile,
    the maximum and the per-puzzle times and rows were kept."""
    old = json.loads(path.read_text())
    for entry in old["sets"].values():
        for rung in entry["rungs"].values():
            for field in ("p95_ms", "max_ms", "puzzle_ms", "puzzle_rows"):
                rung.pop(field, None)
    (folder / "old-ladder.json").write_text(json.dumps(old))
    return folder / "old-ladder.json"


def draw(*args: object) -> int:
    return figures.main([str(arg) for arg in args])


def colours(image: np.ndarray) -> np.ndarray:
    """The distinct colours of an RGBA image read by ``imread``, one int each."""
    if image.shape[2] == 3:
        image = np.dstack([image, np.ones(image.shape[:2])])
    rgba = np.ascontiguousarray((image * 255).round().astype(np.uint8))
    return np.unique(rgba.view(np.uint32))


def first_solvable_hard() -> np.ndarray:
    puzzles = np.load(ROOT / "data" / "hard_puzzle.npy")
    solutions = np.load(ROOT / "data" / "hard_solution.npy")
    return next(p for p, s in zip(puzzles, solutions) if (s != -1).any())


# --- drawing ----------------------------------------------------------------


@pytest.mark.parametrize("name", list(figures.FIGURES))
def test_each_figure_is_a_drawn_png_of_a_readable_size(name, results, ladder_results, tmp_path):
    assert draw(name, "--results", results, "--ladder", ladder_results, "--out", tmp_path) == 0
    [path] = tmp_path.iterdir()
    assert path.name == f"{name}.png"
    image = matplotlib.image.imread(path)
    assert image.shape[1] >= MIN_WIDTH and image.shape[0] >= MIN_HEIGHT
    assert len(colours(image)) > MIN_COLOURS
    if figures.FIGURES[name].folder == figures.IMAGES:
        assert image.shape[1] <= MAX_PAGE_WIDTH  # shown at full size on a rendered page, not shrunk


def test_the_same_results_draw_the_same_bytes(results, tmp_path):
    draw("times", "--results", results, "--out", tmp_path / "a")
    draw("times", "--results", results, "--out", tmp_path / "b")
    assert (tmp_path / "a" / "times.png").read_bytes() == (tmp_path / "b" / "times.png").read_bytes()


def test_sets_missing_from_the_results_are_noted(results, tmp_path, capsys):
    assert draw("times", "--results", results, "--out", tmp_path) == 0
    err = capsys.readouterr().err
    assert "note: times: no results for assignment/hard" in err
    assert "note: times: no results for generated/" not in err


# --- where the figures go ------------------------------------------------------

#: each figure's folder: images/ is handed in, so it holds only what the readme or notebook shows
DESTINATIONS = {
    "exact_cover": "images",
    "times": "docs/images",
    "comparison": "docs/images",
    "ladder": "docs/images",
    "search": "images",
}


def test_each_figure_has_its_folder():
    assert {name: figure.folder.relative_to(ROOT).as_posix() for name, figure in figures.FIGURES.items()} == (
        DESTINATIONS
    )


def test_without_out_each_figure_is_drawn_into_its_own_folder(results, ladder_results, tmp_path, monkeypatch):
    moved = {
        name: dataclasses.replace(figure, folder=tmp_path / figure.folder.relative_to(ROOT))
        for name, figure in figures.FIGURES.items()
    }
    monkeypatch.setattr(figures, "FIGURES", moved)
    assert draw("--results", results, "--ladder", ladder_results) == 0
    drawn = {path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*.png")}
    assert drawn == {f"{folder}/{name}.png" for name, folder in DESTINATIONS.items()}


def test_out_takes_every_figure(results, ladder_results, tmp_path):
    assert draw("--results", results, "--ladder", ladder_results, "--out", tmp_path) == 0
    assert {path.name for path in tmp_path.iterdir()} == {f"{name}.png" for name in DESTINATIONS}


def test_images_holds_only_figures_the_readme_or_the_notebook_shows():
    shown = (ROOT / "readme.md").read_text(encoding="utf-8") + (ROOT / "sudoku.ipynb").read_text(encoding="utf-8")
    for path in (ROOT / "images").glob("*.png"):
        is_figure = DESTINATIONS.get(path.stem) == "images"
        assert is_figure or path.name == TEMPLATE_PICTURE, f"{path.name} is not a figure of images/"
        # a path relative to the repo's root: not docs/images/..., not ../images/...
        assert re.search(rf"(?<![\w./]){re.escape(f'images/{path.name}')}", shown), f"{path.name} is shown nowhere"


def test_images_sudoku_png_is_the_templates_picture_unchanged():
    """data/README.md states the SHA-256 of the picture the assignment hands out."""
    assert sha256(ROOT / "images" / TEMPLATE_PICTURE) == stated_sha256(DATA / "README.md")[TEMPLATE_PICTURE]


def test_no_figure_draws_over_the_templates_picture():
    assert Path(TEMPLATE_PICTURE).stem not in figures.FIGURES


def test_docs_images_holds_only_figures_of_docs_images():
    for path in (ROOT / "docs" / "images").glob("*.png"):
        assert DESTINATIONS.get(path.stem) == "docs/images", f"{path.name} is not a figure of docs/images/"


# --- missing or unusable results ----------------------------------------------


@pytest.mark.parametrize("name", RESULT_FIGURES)
def test_a_missing_results_file_is_reported_with_status_1(name, tmp_path, capsys):
    assert draw(name, "--results", tmp_path / "absent.json", "--out", tmp_path) == 1
    err = capsys.readouterr().err
    assert f"error: {name} not drawn: {tmp_path / 'absent.json'} not found; run tools/measure/benchmark.py" in err
    assert not list(tmp_path.glob("*.png"))


def test_the_command_line_reports_missing_results_without_a_traceback(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.report.figures",
            "times",
            "--results",
            str(tmp_path / "absent.json"),
            "--out",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=SUBPROCESS_TIMEOUT_S,
        env={**os.environ, "MPLBACKEND": "Agg"},
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().startswith("error: times not drawn:")


def test_results_in_an_older_layout_are_refused(results, tmp_path, capsys):
    old = json.loads(results.read_text())
    old["schema"] = benchmark.SCHEMA - 1
    (tmp_path / "old.json").write_text(json.dumps(old))
    assert draw("times", "--results", tmp_path / "old.json", "--out", tmp_path) == 1
    assert "run tools/measure/benchmark.py again" in capsys.readouterr().err


def test_a_file_that_is_not_json_is_refused(tmp_path, capsys):
    (tmp_path / "broken.json").write_text("{ not json")
    assert draw("comparison", "--results", tmp_path / "broken.json", "--out", tmp_path) == 1
    assert "is not a JSON file" in capsys.readouterr().err


def test_the_comparison_needs_other_solvers(tmp_path, capsys):
    alone = make_results(tmp_path, with_others=False)
    assert draw("comparison", "--results", alone, "--out", tmp_path) == 1
    assert "no set measured with other solvers" in capsys.readouterr().err


def test_figures_that_need_no_results_are_still_drawn(tmp_path):
    assert draw("--results", tmp_path / "absent.json", "--ladder", tmp_path / "absent.json", "--out", tmp_path) == 1
    drawn = {path.stem for path in tmp_path.glob("*.png")}
    assert drawn == set(figures.FIGURES) - set(RESULT_FIGURES) - set(LADDER_FIGURES)


# --- the ladder's figures ---------------------------------------------------------


def test_the_ladder_figure_shows_the_sets_of_the_table_with_the_easier_categories_pooled(ladder_results, capsys):
    measured = figures.load_ladder(ladder_results)
    sets = figures.ladder_sets(measured, ladder_results)
    assert list(sets) == ["assignment", "assignment/hard", "generated-hard:evaluation", "top1465:evaluation"]
    assert sets["assignment"]["n"] == len(ladder.EASY_CATEGORIES) * PUZZLES_PER_SET
    err = capsys.readouterr().err
    assert "note: ladder: no results for “hardest”" in err
    assert "note: ladder: no results for “top1465”" not in err


def test_the_search_figure_leaves_out_a_set_missing_from_the_results_with_a_note(ladder_results, tmp_path, capsys):
    assert draw("search", "--ladder", ladder_results, "--out", tmp_path) == 0
    err = capsys.readouterr().err
    assert "note: search: no results for hardest:evaluation" in err
    assert "note: search: no results for top1465" not in err


def test_puzzles_with_no_rows_tried_are_counted_in_a_footnote(tmp_path, capsys):
    sets = {
        "top1465:evaluation": ladder_entry([0, 0, 5, 40, 300]),
        "generated-hard:evaluation": ladder_entry([7, 90, 800]),
    }
    assert draw("search", "--ladder", write_ladder(tmp_path / "ladder.json", sets), "--out", tmp_path) == 0
    # ladder_entry gives every rung the same rows: each of the three leaves out two puzzles of top1465
    expected = "; ".join(f"by {figures.SEARCH_STYLES[rung][1]}: 2 of top1465" for rung in ladder.PER_PUZZLE_RUNGS)
    assert f"note: search: Not shown: the puzzles solved before any search (0 rows tried) {expected}." in (
        capsys.readouterr().err
    )


def test_a_search_figure_with_every_puzzle_shown_has_no_footnote():
    points = {"top1465:evaluation": {rung: (np.array([3.0, 50.0]), np.array([0.1, 1.0])) for rung in ladder.RUNGS}}
    assert figures.unsearched_footnote(points) == ""


@pytest.mark.parametrize(
    "count, label", [(1, "1"), (50, "50"), (100, "100"), (1000, "1k"), (20_000, "20k"), (100_000, "100k"), (1e6, "1M")]
)
def test_counts_on_an_axis_are_short(count, label):
    assert figures.count_label(count) == label


@pytest.mark.parametrize("name", LADDER_FIGURES)
def test_a_missing_ladder_file_is_reported_with_status_1(name, tmp_path, capsys):
    assert draw(name, "--ladder", tmp_path / "absent.json", "--out", tmp_path) == 1
    err = capsys.readouterr().err
    assert f"error: {name} not drawn: {tmp_path / 'absent.json'} not found; run tools/ladder.py" in err
    assert not list(tmp_path.glob("*.png"))


@pytest.mark.parametrize("text", ["{ not json", "[1, 2]", '{"sets": {}}'])
@pytest.mark.parametrize("name", LADDER_FIGURES)
def test_a_ladder_file_that_is_not_the_ladders_is_refused(name, text, tmp_path, capsys):
    (tmp_path / "other.json").write_text(text)
    assert draw(name, "--ladder", tmp_path / "other.json", "--out", tmp_path) == 1
    assert f"error: {name} not drawn: {tmp_path / 'other.json'}" in capsys.readouterr().err


def test_the_search_figure_needs_the_per_puzzle_fields_of_newer_results(ladder_results, tmp_path, capsys):
    old = older_layout(ladder_results, tmp_path)
    assert draw("search", "--ladder", old, "--out", tmp_path) == 1
    err = capsys.readouterr().err
    assert f"error: search not drawn: {old} has no puzzle_rows of rung csp on generated-hard:evaluation" in err
    assert "run tools/ladder.py again" in err


def test_the_ladder_figure_needs_only_the_means_that_older_results_hold(ladder_results, tmp_path):
    assert draw("ladder", "--ladder", older_layout(ladder_results, tmp_path), "--out", tmp_path) == 0


def test_a_rung_missing_from_a_set_is_reported(tmp_path, capsys):
    entry = ladder_entry([5, 50])
    del entry["rungs"]["singles"]
    path = write_ladder(tmp_path / "ladder.json", {"top1465:evaluation": entry})
    assert draw("ladder", "--ladder", path, "--out", tmp_path) == 1
    assert "has no mean_ms of rung singles on top1465:evaluation" in capsys.readouterr().err


def test_per_puzzle_fields_that_do_not_match_the_set_are_reported(tmp_path, capsys):
    entry = ladder_entry([5, 50])
    entry["rungs"]["plain"]["puzzle_ms"].pop()
    path = write_ladder(tmp_path / "ladder.json", {"top1465:evaluation": entry})
    assert draw("search", "--ladder", path, "--out", tmp_path) == 1
    assert "puzzle_rows and puzzle_ms of rung plain on top1465:evaluation do not match its 2 puzzles" in (
        capsys.readouterr().err
    )


def test_the_command_line_reports_an_older_ladder_file_without_a_traceback(ladder_results, tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.report.figures",
            "search",
            "--ladder",
            str(older_layout(ladder_results, tmp_path)),
            "--out",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=SUBPROCESS_TIMEOUT_S,
        env={**os.environ, "MPLBACKEND": "Agg"},
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("error: search not drawn:")


# --- the exact-cover figure's numbers ------------------------------------------

#: the figure's 4 x 4 puzzle and a 9 x 9 one: the counts hold at any size
COVER_PUZZLES = [np.array(figures.COVER_PUZZLE), "first solvable hard"]


def cover_puzzle(which) -> np.ndarray:
    return first_solvable_hard() if isinstance(which, str) else which


def box_of(puzzle: np.ndarray) -> int:
    return math.isqrt(len(puzzle))


def solutions(grid: np.ndarray, limit: int = 2) -> int:
    """How many solutions ``grid`` has, counting to ``limit``, by plain backtracking."""
    blanks = np.argwhere(grid == 0)
    if not len(blanks):
        return 1
    r, c = blanks[0]
    box = box_of(grid)
    top, left = r - r % box, c - c % box
    seen = set(grid[r]) | set(grid[:, c]) | set(grid[top : top + box, left : left + box].ravel())
    found = 0
    for digit in range(1, len(grid) + 1):
        if digit not in seen:
            grid[r, c] = digit
            found += solutions(grid, limit - found)
            grid[r, c] = 0
            if found >= limit:
                break
    return found


@pytest.mark.parametrize("box", [2, 3])
def test_the_matrix_has_four_ones_per_row_and_n_per_column(box):
    size = box * box
    matrix = figures.sudoku_matrix(box)
    assert matrix.shape == (size**3, 4 * size * size)
    assert (matrix.sum(axis=1) == 4).all()
    assert (matrix.sum(axis=0) == size).all()


def test_the_figures_puzzle_is_a_4_by_4_sudoku_with_one_solution():
    puzzle = np.array(figures.COVER_PUZZLE)
    assert puzzle.shape == (4, 4)
    assert solutions(puzzle.copy()) == 1


@pytest.mark.parametrize("which", COVER_PUZZLES, ids=["4x4", "9x9"])
def test_the_givens_leave_the_candidates_that_no_given_rules_out(which):
    puzzle = cover_puzzle(which)
    size, box = len(puzzle), box_of(puzzle)
    step = figures.cover_step(puzzle)
    allowed = 0  # counted from the rules, without the matrix
    for r in range(size):
        for c in range(size):
            if puzzle[r, c]:
                continue
            block = puzzle[r - r % box : r - r % box + box, c - c % box : c - c % box + box]
            seen = set(puzzle[r]) | set(puzzle[:, c]) | set(block.ravel())
            allowed += sum(d not in seen for d in range(1, size + 1))
    assert step.rows_left.sum() == allowed
    assert step.columns_left.sum() == 4 * size * size - 4 * np.count_nonzero(puzzle)


@pytest.mark.parametrize("which", COVER_PUZZLES, ids=["4x4", "9x9"])
def test_the_step_chooses_a_row_of_the_first_column_with_fewest_ones(which):
    step = figures.cover_step(cover_puzzle(which))
    sizes = step.matrix[step.rows_left].sum(axis=0)
    left = np.flatnonzero(step.columns_left)
    assert len(step.column_rows) == sizes[left].min()
    assert step.column == left[np.argmin(sizes[left])]
    assert step.matrix[step.row, step.column] and step.rows_left[step.row]


@pytest.mark.parametrize("which", COVER_PUZZLES, ids=["4x4", "9x9"])
def test_the_step_removes_the_chosen_row_and_every_row_sharing_a_column_with_it(which):
    step = figures.cover_step(cover_puzzle(which))
    for row in np.flatnonzero(step.rows_left):
        shares = (step.matrix[row] & step.matrix[step.row]).any()
        assert step.rows_after[row] == (not shares)
    assert step.columns_after.sum() == step.columns_left.sum() - 4


@pytest.mark.parametrize("box", [2, 3])
def test_rows_and_columns_are_named_as_the_helpers_number_them(box):
    size = box * box
    for cell in range(size * size):
        r, c = divmod(cell, size)
        b = (r // box) * box + c // box
        for digit in range(1, size + 1):
            row = helpers.candidate_row(cell, digit, size)
            assert figures.row_name(row, size) == f"{digit} in ({r}, {c})"
            names = [figures.column_name(column, size) for column in helpers.constraint_columns(cell, digit, box)]
            assert names == [
                f"cell ({r}, {c})",
                f"row {r}, digit {digit}",
                f"column {c}, digit {digit}",
                f"box {b}, digit {digit}",
            ]


# --- the exact-cover figure in print -------------------------------------------


@pytest.fixture
def cover_drawing():
    fig = figures.exact_cover_drawing()
    fig.canvas.draw()  # lays out the tick labels, which exist only once drawn
    yield fig
    figures.plt.close(fig)


def shown_texts(fig) -> list[matplotlib.text.Text]:
    """The texts of ``fig`` that a reader sees: not empty, not hidden, and not
    the tick labels of axes drawn without their axis (the puzzle's)."""
    hidden = {id(t) for ax in fig.axes if not ax.axison for axis in (ax.xaxis, ax.yaxis) for t in axis.findobj()}
    texts = fig.findobj(matplotlib.text.Text)
    return [t for t in texts if t.get_visible() and t.get_text().strip() and id(t) not in hidden]


def test_the_exact_cover_figures_text_is_at_least_body_size_when_printed(cover_drawing):
    scale = PRINTED_WIDTH_INCHES / cover_drawing.get_figwidth()
    printed = {t.get_text(): round(t.get_fontsize() * scale, 1) for t in shown_texts(cover_drawing)}
    assert printed and {text: size for text, size in printed.items() if size < BODY_TEXT_POINTS} == {}


def test_the_exact_cover_figure_names_cells_from_0_as_the_notebook_does(cover_drawing):
    texts = {t.get_text() for t in cover_drawing.findobj(matplotlib.text.Text)}
    assert {"(0, 0)", "(3, 3)"} <= texts and not any("r1c1" in text for text in texts)


def test_the_exact_cover_legend_names_every_colour_of_the_matrix():
    colours = figures.cover_colours(figures.cover_step(np.array(figures.COVER_PUZZLE)))
    used = {tuple(rgb) for rgb in colours.reshape(-1, 3)} - {figures.WHITE}
    named = {colour for _, face, edge in figures.COVER_LEGEND for colour in (face, edge) if colour is not None}
    assert used == named


def before_stage_1_rung(entry: dict) -> dict:
    """A set's entry as the ladder wrote it before the textbook rung after
    stage 1, when the last rung was called ``rows_of_four``."""
    rungs = {("rows_of_four" if rung == ladder.FINAL else rung): e for rung, e in entry["rungs"].items()}
    rungs.pop("csp_after_singles")
    return dict(entry, rungs=rungs)


def test_ladder_results_from_before_the_textbook_rung_after_stage_1_still_draw_both_figures(tmp_path):
    sets = {
        "top1465:evaluation": before_stage_1_rung(ladder_entry([1, 5, 40, 300])),
        "generated-hard:evaluation": before_stage_1_rung(ladder_entry([7, 90, 800])),
    }
    path = write_ladder(tmp_path / "ladder.json", sets)
    assert draw("ladder", "search", "--ladder", path, "--out", tmp_path) == 0
    assert {p.name for p in tmp_path.glob("*.png")} == {"ladder.png", "search.png"}


def test_the_ladder_figure_numbers_the_textbook_rung_after_stage_1_0b():
    assert figures.rung_label("csp_after_singles").startswith("0b. ")
    assert figures.rung_label(ladder.FINAL).startswith(f"{len(ladder.RUNGS) - 2}. ")
