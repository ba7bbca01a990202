"""The entry point of the PyInstaller bundle (packaging/entry.py): the hidden worker and torchrun verbs of
trainsizer.frozen, otherwise the CLI."""

from __future__ import annotations

import sys

from trainsizer.frozen import TORCHRUN, WORKER


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
