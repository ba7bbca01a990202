"""Finding the data files shipped with trainsizer (presets, translations, icons).

The design card draws resources/ at the top of the tree; we keep it inside the package (trainsizer/resources/)
on purpose, so that an editable install, a wheel and a PyInstaller bundle all find it the same way.
"""

from __future__ import annotations

import sys
from pathlib import Path


def resource_dir(*parts: str) -> Path:
    base = getattr(sys, "_MEIPASS", None)  # PyInstaller one-folder bundle
    root = Path(base) / "trainsizer" / "resources" if base else Path(__file__).resolve().parent / "resources"
    return root.joinpath(*parts)
