"""Reporting (``tools/__init__.py``): Python 3.10 or later."""

from tools import require_tools_python

require_tools_python(__name__)
