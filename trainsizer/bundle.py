"""Packaging: the one executable of a PyInstaller bundle is also the worker and torchrun.

A bundle has no `python -m`: `worker_command` starts ``<bundle> _worker …`` (and ``<bundle> _torchrun
--no-python <bundle> _worker …`` for several ranks) instead, the readiness probe ``<bundle> _probe …``
(runs/probe.probe_command), and the bundle's entry script
(packaging/entry.py) dispatches those hidden verbs before the CLI sees them. This module imports nothing, so
the runs layer may use it; the entry, which imports the CLI and the worker, lives outside the package."""

from __future__ import annotations

import sys

WORKER, TORCHRUN, PROBE = "_worker", "_torchrun", "_probe"


def is_frozen() -> bool:
    return bool(getattr(sys, "frozen", False))
