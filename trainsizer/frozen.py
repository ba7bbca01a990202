"""The one executable of a PyInstaller bundle is also the worker and torchrun.

A bundle has no `python -m`: `worker_command` starts ``<bundle> _worker …`` (and ``<bundle> _torchrun
--no-python <bundle> _worker …`` for several ranks) instead, and ``main`` dispatches those hidden verbs
before the CLI sees them."""

from __future__ import annotations

import sys

WORKER, TORCHRUN = "_worker", "_torchrun"


def is_frozen() -> bool:
    return bool(getattr(sys, "frozen", False))


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == [WORKER]:
        from trainsizer.worker.__main__ import main as worker_main

        return worker_main(argv[1:])
    if argv[:1] == [TORCHRUN]:
        from torch.distributed.run import main as torchrun_main

        torchrun_main(argv[1:])
        return 0
    from trainsizer.cli import main as cli_main

    return cli_main(argv)
