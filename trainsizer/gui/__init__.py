"""The desktop GUI (PySide6 + pyqtgraph): a thin layer over runs/ and the core.

Filled by issue 6; the package exists now so the layer contracts in pyproject.toml can name it."""
