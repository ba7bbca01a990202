"""The bundle's entry point: one executable for the GUI, the CLI, the worker, the probe and torchrun
(trainsizer.bundle)."""

import sys

from trainsizer.bundle import PROBE, TORCHRUN, WORKER


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == [WORKER]:
        from trainsizer.worker.__main__ import main as worker_main

        return worker_main(argv[1:])
    if argv[:1] == [PROBE]:
        from trainsizer.worker.probe import main as probe_main

        return probe_main(argv[1:])
    if argv[:1] == [TORCHRUN]:
        from torch.distributed.run import main as torchrun_main

        torchrun_main(argv[1:])
        return 0
    from trainsizer.cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main())
