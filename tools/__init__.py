"""The development side: everything the hand-in does not need, by role.

``tools.handin``   guarding the hand-in: the template, the hand-in itself, the
                   notebook's code and printed tables, the real autograder.
``tools.puzzles``  reading and making puzzles: the one file reader and writer,
                   the named sets, the generators of committed data.
``tools.measure``  measuring: the benchmark's jobs, the other solvers, results.
``tools.report``   reporting: the readme's numbers and the report's figures.
``tools.cli``      the command line: ``python -m tools.cli.solve``.

Each runs from the project folder as a module, so that ``import helpers``
finds the solver beside the notebook; ``docs/map.md`` has the whole map.
``positive_int`` is what the command lines share: their type for counts.
"""

import argparse


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return int(text)
