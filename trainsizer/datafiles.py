"""Finding the data files shipped with trainsizer (presets, translations, icons).

They live in ``resources/`` at the top of the source tree and are installed as ``trainsizer/resources/``
(pyproject.toml maps the folder as the package ``trainsizer.resources``). So: in a PyInstaller bundle under
``sys._MEIPASS``; in an installed wheel beside the package's modules; in a checkout or an editable install at
the top of the tree.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def _root() -> Path:
    base = getattr(sys, "_MEIPASS", None)  # PyInstaller one-folder bundle
    if base:
        return Path(base) / "trainsizer" / "resources"
    package = Path(__file__).resolve().parent
    installed = package / "resources"
    return installed if installed.is_dir() else package.parent / "resources"


def resource_dir(*parts: str) -> Path:
    return _root().joinpath(*parts)
