"""The hand-in folder alone runs: the marker gets only ``tools.handin.make.HANDIN_FILES``.

A copy holding just those files runs both its notebooks top to bottom, each in a
fresh kernel of the interpreter running the tests, as Restart & Run All would, and the template's
``submission_tests()`` prints its success line.  CI runs this file under the
oldest and the newest supported Python as well as the main one.  Written for
Python 3.8 and later.
"""

from __future__ import annotations

import re
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import DATA, GENERATED, NOTEBOOK, NOTEBOOKS, ROOT, code_cells, imported_names
from experiment import CATEGORIES, HARD_SETS
from tools.handin.make import HANDIN_FILES, REPOSITORY_HEADING, make_handin, rewrap

SUCCESS_LINE = "All checks passed."  #: how the template's submission_tests() says a notebook is ready
SUBMISSION_CALL = "submission_tests()"
#: what the notebook and its modules may import: numpy, the standard library, each other,
#: matplotlib for the figures, and IPython, the kernel every notebook runs in, whose
#: display shows code highlighted
THIRD_PARTY_ALLOWED = {"numpy", "matplotlib", "helpers", "listing", "textbook", "experiment", "report", "IPython"}


def run_notebooks(folder: Path) -> list:
    """Execute the copy in ``folder`` of each notebook (``sudoku.ipynb``, then
    ``experiment.ipynb``), each in a fresh kernel of this interpreter, in that
    folder; return their code cells with their new outputs, in order."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
    from jupyter_client.manager import KernelManager

    class ThisInterpreter(KernelSpecManager):
        """Every kernel name means this very interpreter (as nbval's --nbval-current-env)."""

        def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
            return KernelSpec(
                argv=[sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                display_name=f"Python {sys.version_info.major}.{sys.version_info.minor}",
                language="python",
            )

    ran = []
    for path in NOTEBOOKS:
        notebook = nbformat.read(str(folder / path.name), as_version=4)
        manager = KernelManager(kernel_name="python3", kernel_spec_manager=ThisInterpreter())
        resources = {"metadata": {"path": str(folder)}}
        nbclient.NotebookClient(notebook, km=manager, timeout=600, resources=resources).execute()
        ran += [cell for cell in notebook.cells if cell.cell_type == "code"]
    return ran


@pytest.fixture(scope="module", params=["handed-out puzzles", "other puzzles", "the unit's files alone"])
def handin_run(request, tmp_path_factory) -> list:
    """The hand-in run top to bottom: as it is, with the assignment's puzzles
    in ``data/``; with other puzzles of the same format in their place (the
    project's own, from ``data/generated/``), as a marker's own would be; and
    with ``data/`` holding the unit's eight files alone, as a marking set-up
    that replaces the folder would leave it."""
    folder = make_handin(tmp_path_factory.mktemp("handin") / "sudoku-submission")
    if request.param == "other puzzles":
        for path in sorted(GENERATED.glob("*.npy")):
            shutil.copyfile(path, folder / "data" / path.name)
    if request.param == "the unit's files alone":
        shutil.rmtree(folder / "data")
        (folder / "data").mkdir()
        for path in sorted(DATA.glob("*.npy")):
            shutil.copyfile(path, folder / "data" / path.name)
    return run_notebooks(folder)


@pytest.mark.slow
def test_a_part_is_skipped_with_a_line_saying_so_only_where_its_puzzles_are_missing(handin_run, request):
    printed = "".join(o.get("text", "") for cell in handin_run for o in cell.outputs if o.get("name") == "stdout")
    if request.node.callspec.params["handin_run"] == "the unit's files alone":
        left_out = [line for line in printed.splitlines() if line.startswith("Left out:")]
        assert all(any(name in line for line in left_out) for name in HARD_SETS) and "Skipped:" in printed
    else:
        assert "Left out:" not in printed and "Skipped:" not in printed


def test_handin_holds_only_the_design_card_files(tmp_path):
    folder = make_handin(tmp_path / "handin")
    assert sorted(path.name for path in folder.iterdir()) == sorted(HANDIN_FILES)


def test_the_handins_readme_leaves_out_the_repository_section_alone(tmp_path):
    readme = (make_handin(tmp_path / "handin") / "readme.md").read_text(encoding="utf-8")
    headings = re.findall(r"^#+ .*$", (ROOT / "readme.md").read_text(encoding="utf-8"), flags=re.MULTILINE)
    assert REPOSITORY_HEADING in headings
    assert re.findall(r"^#+ .*$", readme, flags=re.MULTILINE) == [h for h in headings if h != REPOSITORY_HEADING]


def test_the_zipped_handin_holds_the_same_readme(tmp_path):
    folder = make_handin(tmp_path / "handin")
    with zipfile.ZipFile(make_handin(tmp_path / "handin.zip")) as archive:
        assert archive.read("readme.md") == (folder / "readme.md").read_bytes()


#: what names the development side: its folders, commands and configuration
DEVELOPMENT = re.compile(
    r"(?<![\w.])(tools/|tests/|docs/|collections/|python -m|pytest|pyproject|--group|conftest|\.ci/)"
)


#: how data/README.md may say which tool of the repository made a file of data/
MAKER = re.compile(r"`tools/puzzles/\w+\.py` in the project's repository")


@pytest.mark.parametrize(
    "name", ["readme.md", "data/README.md", "helpers.py", "listing.py", "textbook.py", "experiment.py", "report.py"]
)
def test_the_handins_text_names_nothing_of_the_development_side(name, tmp_path):
    text = (make_handin(tmp_path / "handin") / name).read_text(encoding="utf-8")
    if name == "data/README.md":
        text = MAKER.sub("", text)  # how the data were made may name the tool that made them
    assert DEVELOPMENT.findall(text) == [] and "development" not in text.replace("development tools", "")


#: a path under data/ written in the notebook's code, with {category} or {difficulty} for each category
DATA_PATH = re.compile(r"""["'](data/[^"'{}]*(?:\{(?:category|difficulty)\}[^"'{}]*)?|data)["']""")
#: a file of each category in a folder the code names: f"{folder}/{category}_puzzle.npy"
FOLDER_FILE = re.compile(r"\{folder\}/(\{category\}_\w+\.npy)")


def notebook_data_files() -> set:
    """Every file of ``data/`` the notebook's code and experiment.py name, each category and folder filled in."""
    code = "\n".join([*code_cells(), (ROOT / "experiment.py").read_text(encoding="utf-8")])
    named = set(DATA_PATH.findall(code))
    folders = {path for path in named if (ROOT / path).is_dir()}
    paths = (named - folders) | {f"{folder}/{name}" for folder in folders for name in FOLDER_FILE.findall(code)}
    return {path.format(category=c, difficulty=c) for path in paths for c in CATEGORIES}


def test_handin_carries_every_data_file_the_notebook_reads_and_no_other(tmp_path):
    folder = make_handin(tmp_path / "handin")
    wanted = notebook_data_files()
    assert {"data/hardest_evaluation.txt", "data/generated/hard_evaluation.txt", "data/hard_puzzle.npy"} <= wanted
    shipped = {path.relative_to(folder).as_posix() for path in (folder / "data").rglob("*") if path.is_file()}
    assert shipped - {"data/README.md"} == wanted


@pytest.mark.slow
def test_handin_notebook_runs_without_an_error_or_stderr(handin_run):
    trouble = [
        output
        for cell in handin_run
        for output in cell.outputs
        if output.output_type == "error" or output.get("name") == "stderr"
    ]
    assert trouble == []


@pytest.mark.slow
def test_handin_submission_check_prints_its_success_line(handin_run):
    last = next(cell for cell in reversed(handin_run) if SUBMISSION_CALL in cell.source)
    printed = "".join(output.get("text", "") for output in last.outputs)
    assert SUCCESS_LINE in printed


@pytest.mark.skipif(sys.version_info < (3, 10), reason="needs Python 3.10 for sys.stdlib_module_names")
def test_the_handins_code_imports_only_numpy_matplotlib_the_standard_library_and_its_own_modules():
    modules = ("helpers.py", "listing.py", "textbook.py", "experiment.py", "report.py")
    sources = [*code_cells(), *((ROOT / name).read_text(encoding="utf-8") for name in modules)]
    imported = {name.split(".")[0] for source in sources for name in imported_names(source)}
    assert imported - set(sys.stdlib_module_names) - {"__future__"} <= THIRD_PARTY_ALLOWED


#: the hand-in's modules that the marked notebook needs beside it: the solver, and show
MARKED_NOTEBOOK_NEEDS = {"helpers", "listing"}


def test_the_marked_notebook_needs_only_numpy_helpers_and_listing_of_what_the_standard_library_lacks():
    """sudoku.ipynb imports none of the experiment's modules nor matplotlib, and
    neither do the two modules it imports."""
    sources = code_cells([NOTEBOOK])
    sources += [(ROOT / f"{name}.py").read_text(encoding="utf-8") for name in sorted(MARKED_NOTEBOOK_NEEDS)]
    imported = {name.split(".")[0] for source in sources for name in imported_names(source)}
    assert MARKED_NOTEBOOK_NEEDS <= imported
    assert imported & (THIRD_PARTY_ALLOWED - MARKED_NOTEBOOK_NEEDS - {"numpy", "IPython"}) == set()


def test_rewrap_never_starts_a_line_of_a_paragraph_as_a_list_item_would():
    paragraph = "x" * 90 + " cut to 247<!-- a / quoted / number -->. On the puzzles that follow"
    lines = rewrap(paragraph).splitlines()
    assert len(lines) == 2 and lines[1].startswith("to 247. On")
