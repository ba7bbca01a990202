"""The command line: the parser and ``main`` (parser.py), the commands grouped by what they act on
(spec_cmds, machine, run_cmds, export_cmds), and the text rendering for the terminal (render.py)."""

from trainsizer.cli.common import EXIT_INTERNAL, EXIT_INVALID, EXIT_NEGATIVE, EXIT_OK, InputError
from trainsizer.cli.parser import build_parser, main

__all__ = ["EXIT_INTERNAL", "EXIT_INVALID", "EXIT_NEGATIVE", "EXIT_OK", "InputError", "build_parser", "main"]
