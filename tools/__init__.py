"""The project's scripts: data, benchmark, figures, readme tables, the command line.

Each runs from the project folder as a module, e.g. ``python -m tools.cli.solve``,
so that ``import helpers`` finds the solver beside the notebook.
"""
