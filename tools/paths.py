"""Where the project keeps things: one home for the paths and names that the
tools and the tests share.

Everything the project reads lives inside the project folder: the
assignment's sample puzzles in ``data/``, the project's own generated puzzles
in ``data/generated/``, the public benchmark collections in ``collections/``
(each with its source in ``collections/README.md``), and measurements in
``docs/results/``.  The files the hand-in reads have their home in
``experiment`` (handed in alone, it cannot import this module): their paths
here are made from its constants.
"""

from __future__ import annotations

from pathlib import Path

from experiment import HARD_SETS, SPARSE_PATH

ROOT = Path(__file__).resolve().parent.parent  #: the project folder
NOTEBOOK = ROOT / "sudoku.ipynb"  #: the marked notebook: the solver, explained
EXPERIMENT_NOTEBOOK = ROOT / "experiment.ipynb"  #: the notebook that makes the report's measurements
NOTEBOOKS = (NOTEBOOK, EXPERIMENT_NOTEBOOK)  #: both, in the order a reader meets them
DATA = ROOT / "data"  #: the assignment's 60 sample puzzles and their solutions, as handed out
GENERATED = DATA / "generated"  #: the project's own generated puzzles that the hand-in carries
COLLECTIONS = ROOT / "collections"  #: the public benchmark collections (collections/README.md)
#: the generated hard puzzles (tools/puzzles/make_hard.py) by part: only the evaluation part is handed in
GENERATED_HARD = {
    "tuning": COLLECTIONS / "generated_hard_tuning.txt",
    "evaluation": ROOT / HARD_SETS["generated hard"],
}
#: the sparse puzzles without a solution (tools/puzzles/make_sparse.py), handed in
SPARSE_UNSOLVABLE = ROOT / SPARSE_PATH
RESULTS = ROOT / "docs" / "results"  #: the benchmark's records, beside the notebook's tables (docs/results.md)
