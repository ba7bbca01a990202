"""Measurement worker: runs training in its own process and streams JSON-line events (never imports Qt).

Filled by issue 4; the package exists now so the layer contracts in pyproject.toml can name it."""
