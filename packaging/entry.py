"""The bundle's entry point: one executable for the GUI, the CLI, the worker and torchrun (trainsizer.frozen)."""

import sys

from trainsizer.bundle import main

if __name__ == "__main__":
    sys.exit(main())
