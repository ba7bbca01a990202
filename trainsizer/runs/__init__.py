"""Parent side of runs: launching workers, the event protocol parser, run directories (no Qt).

Filled by issue 4; the package exists now so the layer contracts in pyproject.toml can name it."""
