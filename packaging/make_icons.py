"""Render resources/icons/trainsizer.svg to the PNG sizes desktops ask for (run after editing the SVG):
QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icons.py"""

import os
import sys
from pathlib import Path

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication(sys.argv[:1])  # noqa: F841 (fonts and image plugins need it)
    renderer = QSvgRenderer(str(ICONS / "trainsizer.svg"))
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        out = ICONS / f"trainsizer-{size}.png"
        image.save(str(out))
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
