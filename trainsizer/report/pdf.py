"""The acceptance report as PDF, rendered through Qt (QTextDocument + QPdfWriter) — the one place outside
gui/ that imports Qt (docs/architecture.md), lazily. QTextDocument does not draw inline SVG, so each chart is
rendered
to an image with QtSvg and handed to the document as a resource."""

from __future__ import annotations

import os
from pathlib import Path

from trainsizer.report.content import Run


def _app():
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        if not (
            os.environ.get("DISPLAY")
            or os.environ.get("WAYLAND_DISPLAY")
            or os.environ.get("QT_QPA_PLATFORM")
        ):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"  # headless servers: no display needed for a PDF
        _app.keep = QGuiApplication([])
    return QGuiApplication.instance()


def render_pdf(run: Run, out: str | Path, lang: str = "en") -> Path:
    _app()
    from PySide6.QtCore import QByteArray, QMarginsF, QSizeF, QUrl
    from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter, QPdfWriter, QTextDocument
    from PySide6.QtSvg import QSvgRenderer

    from trainsizer.report.html import render_html

    images: dict[str, QImage] = {}

    def chart_html(section: str, index: int, svg: str) -> str:
        renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
        size = renderer.defaultSize()
        image = QImage(size.width() * 2, size.height() * 2, QImage.Format.Format_ARGB32)
        image.fill(0xFFFFFFFF)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        name = f"chart-{section}-{index}.png"
        images[name] = image
        return f'<p><img src="{name}" width="{min(size.width(), 640)}"></p>'

    # the page has its own margins: the browser's centred body would indent the title against the sections
    html = render_html(run, lang, chart_html).replace("margin:2em auto;", "margin:0;")
    doc = QTextDocument()
    for name, image in images.items():
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
    doc.setHtml(html)
    out = Path(out)
    if not out.parent.is_dir():
        raise FileNotFoundError(2, "no such folder", str(out.parent))
    writer = QPdfWriter(str(out))
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15),
            QPageLayout.Unit.Millimeter,
        )
    )
    writer.setResolution(96)
    writer.setTitle("trainsizer acceptance report")
    writer.setCreator("trainsizer")
    layout = writer.pageLayout().paintRectPixels(writer.resolution())
    doc.setPageSize(QSizeF(layout.width(), layout.height()))
    doc.print_(writer)
    del writer  # flushes and closes the file
    if not out.exists() or out.stat().st_size == 0:
        raise PermissionError(13, "the PDF could not be written", str(out))
    return out
