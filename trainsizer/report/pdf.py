"""The acceptance report as PDF, rendered through Qt (QTextDocument + QPdfWriter) — the one place outside
gui/ that imports Qt (docs/architecture.md), lazily. QTextDocument does not draw inline SVG, so each chart is
rendered to an image with QtSvg and handed to the document as a resource; and it splits a table row of
several lines over two pages and leaves a title alone at the foot of a page, so the layout is checked and a
page break put before such a row (the table cut there) or title."""

from __future__ import annotations

import os
import re
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

    def document(html: str) -> QTextDocument:
        doc = QTextDocument()
        for name, image in images.items():
            doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
        doc.setHtml(html)
        doc.setPageSize(QSizeF(layout.width(), layout.height()))
        return doc

    doc = keep_rows_whole(html, document)
    doc.print_(writer)
    del writer  # flushes and closes the file
    if not out.exists() or out.stat().st_size == 0:
        raise PermissionError(13, "the PDF could not be written", str(out))
    return out


def rows_across_pages(doc) -> list[tuple[int, int, float, float]]:
    """(table, row, top, bottom) of every table row whose cells run over a page boundary, tables in
    document order. Qt moves a row to the next page only when none of its cells' first lines fit; a cell
    of several lines is split line by line (QTextDocumentLayout::layoutTable)."""
    height = doc.pageSize().height()
    return [
        (k, r, top, bottom)
        for k, r, top, bottom in _row_extents(doc)
        if int(top // height) != int((bottom - 1) // height)
    ]


def rows_after_a_page_break(doc) -> list[tuple[int, int, float, float]]:
    """(table, row, top, bottom) of every row after the first whose table continues from the previous page:
    Qt moved the row whole, but the row above it — the last on that page — is drawn without its bottom
    border (a collapsed border belongs to the row below)."""
    height = doc.pageSize().height()
    found, previous = [], None
    for k, r, top, bottom in _row_extents(doc):
        if previous and previous[0] == k and int(top // height) > int((previous[1] - 1) // height):
            found.append((k, r, top, bottom))
        previous = (k, bottom)
    return found


def _row_extents(doc) -> list[tuple[int, int, float, float]]:
    """(table, row, top, bottom) of every table row with text, tables in document order."""
    from PySide6.QtGui import QTextTable

    layout = doc.documentLayout()
    found = []
    for k, table in enumerate(_tables(doc.rootFrame(), QTextTable)):
        for r in range(table.rows()):
            top, bottom = float("inf"), float("-inf")
            for c in range(table.columns()):
                cell = table.cellAt(r, c)
                block, last = cell.firstCursorPosition().block(), cell.lastCursorPosition().block()
                while block.isValid():
                    rect = layout.blockBoundingRect(block)
                    top, bottom = min(top, rect.top()), max(bottom, rect.bottom())
                    if block == last:
                        break
                    block = block.next()
            if bottom > top:
                found.append((k, r, top, bottom))
    return found


def _tables(frame, kind):
    for child in frame.childFrames():
        if isinstance(child, kind):
            yield child
        yield from _tables(child, kind)


def headings_left_alone(doc) -> list[tuple[int, float]]:
    """(heading, top) of every heading, in document order, whose next content starts the next page: a
    section title alone at the bottom of a page."""
    layout, height = doc.documentLayout(), doc.pageSize().height()
    found = []
    for n, block in enumerate(b for b in _blocks(doc) if b.blockFormat().headingLevel()):
        top = layout.blockBoundingRect(block).top()
        after = block.next()
        while after.isValid() and not after.text().strip():
            after = after.next()  # Qt's empty blocks around tables
        if after.isValid() and int(layout.blockBoundingRect(after).top() // height) > int(top // height):
            found.append((n, top))
    return found


_TABLE = re.compile(r"<table\b[^>]*>")
_HEADING = re.compile(r"<h[1-6]\b[^>]*>")
_BREAK = ' style="page-break-before:always"'


def keep_rows_whole(html: str, document, max_passes: int = 200):
    """Lay ``html`` out with ``document(html)`` and, while a table row runs over a page boundary, Qt moved
    a row of a table to the next page (the row above it loses its bottom border), or a heading is left alone
    at the bottom of a page, start a new page before it (the first such place in
    the document, then lay out again): a table is cut there and continues on the next page under its
    header repeated (or moves whole, when the row is its first). A row taller than a page stays split."""
    from PySide6.QtGui import QTextTable

    doc = document(html)
    height = doc.pageSize().height()
    headings = sum(1 for b in _blocks(doc) if b.blockFormat().headingLevel())
    if len(_TABLE.findall(html)) != len(list(_tables(doc.rootFrame(), QTextTable))) or headings != len(
        _HEADING.findall(html)
    ):
        return doc  # our tables and headings are not Qt's one to one (never so far): lay out as given
    skip: set[tuple] = set()
    for _ in range(max_passes):
        places = [(top, ("row", k, r), bottom - top) for k, r, top, bottom in rows_across_pages(doc)]
        places += [(top, ("moved", k, r), bottom - top) for k, r, top, bottom in rows_after_a_page_break(doc)]
        places += [(top, ("heading", n), 0.0) for n, top in headings_left_alone(doc)]
        places = sorted(p for p in places if p[1] not in skip)
        if not places:
            break
        _, what, tall = places[0]
        if what[0] == "row":
            # a row that would not fit on the next page either stays split
            fixed = None if tall > 0.8 * height else _break_before_row(html, *what[1:])
        elif what[0] == "moved":  # Qt moved the row already: the table is only cut there, without a break
            fixed = _break_before_row(html, *what[1:], page_break=False)
        else:
            fixed = _break_before_heading(html, what[1])
        if fixed is None:
            skip.add(what)
            continue
        html, doc = fixed, document(fixed)
    return doc


def _blocks(doc):
    block = doc.begin()
    while block.isValid():
        yield block
        block = block.next()


def _breaking(tag: str) -> str:
    """An opening tag with a page break before its element."""
    return tag[:-1] + _BREAK + ">"


def _break_at(html: str, tag: re.Match) -> str | None:
    """``html`` with a page break on the opening ``tag`` found in it, or None where it has one already."""
    if "page-break-before" in tag.group(0):
        return None
    return html[: tag.start()] + _breaking(tag.group(0)) + html[tag.end() :]


def _break_before_heading(html: str, n: int) -> str | None:
    tags = list(_HEADING.finditer(html))
    return _break_at(html, tags[n]) if n < len(tags) else None


def _break_before_row(html: str, k: int, r: int, page_break: bool = True) -> str | None:
    """``html`` with a page break before row ``r`` of its ``k``-th table, or None where that cannot help;
    ``page_break`` False: the table only cut there (its second part under its header repeated), for a row
    that Qt's layout puts on the next page itself."""
    tables = list(_TABLE.finditer(html))
    if k >= len(tables):
        return None
    opening = tables[k]
    end = html.find("</table>", opening.end())
    body = html[opening.end() : end]
    rows = [m.start() for m in re.finditer(r"<tr\b", body)]
    head = re.search(r"<thead>.*?</thead>", body)
    header_rows = len(re.findall(r"<tr\b", head.group(0))) if head else 0
    if r >= len(rows):
        return None
    if r <= header_rows:  # the first row (or the header) runs over: the whole table starts a page
        return _break_at(html, opening) if page_break else None
    at = opening.end() + rows[r]
    again = _breaking(opening.group(0)) if page_break else opening.group(0).replace(_BREAK, "")
    if head:
        cut = "</tbody></table>" + again + head.group(0) + "<tbody>"
    else:
        cut = "</table>" + again
    return html[:at] + cut + html[at:]
