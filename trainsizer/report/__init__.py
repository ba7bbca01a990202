"""Acceptance report and hardware-selection request (no Qt except the lazily imported PDF renderer).

Filled by issue 7; the package exists now so the layer contracts in pyproject.toml can name it."""
