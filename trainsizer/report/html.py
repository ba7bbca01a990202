"""The acceptance report as one self-contained HTML file (inline CSS and SVG, no script, no external file)."""

from __future__ import annotations

from html import escape

from trainsizer.report.content import Run, Section, report_sections, title_line
from trainsizer.report.text import translator

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:2em auto;
max-width:1000px;color:#222;line-height:1.4}
h1{margin-bottom:.2em}h2{border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0;width:100%}
th,td{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f5f5f5}
td.num{text-align:right}
.verdict{font-size:1.4em;font-weight:bold;padding:.3em .6em;border-radius:4px}
table.badge{width:auto;border:none;margin:.4em 0}table.badge td{border:none}
.accepted{background:#e8f5e9;color:#2e7d32}.rejected{background:#ffebee;color:#c62828}
.incomplete{background:#fff3e0;color:#e65100}
.passed{color:#2e7d32}.failed{color:#c62828}.not_run{color:#757575}.note{color:#555;font-style:italic}
.chart{max-width:100%;height:auto;display:block;margin:.6em 0}
@media print{tr,.chart{break-inside:avoid}h1,h2{break-after:avoid}thead{display:table-header-group}}
"""


def _section_html(s: Section, chart_html) -> str:
    out = [f'<section id="{s.key}"><h2>{escape(s.title)}</h2>']
    if s.rows:
        out.append(
            '<table class="kv">'
            + "".join(f"<tr><th>{escape(k)}</th><td>{escape(v)}</td></tr>" for k, v in s.rows)
            + "</table>"
        )
    for i, svg in enumerate(s.charts):
        out.append(chart_html(s.key, i, svg))
    if s.header:
        head = "".join(f"<th>{escape(h)}</th>" for h in s.header)
        body = "".join(
            "<tr>" + "".join(f"<td{_cls(s, i, j)}>{escape(c)}</td>" for j, c in enumerate(row)) + "</tr>"
            for i, row in enumerate(s.table)
        )
        out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    out += [f'<p class="note">{escape(n)}</p>' for n in s.notes]
    out.append("</section>")
    return "".join(out)


def _cls(s: Section, i: int, j: int) -> str:
    """Cell classes: a check's status colour, numbers right-aligned."""
    if j == 1 and i < len(s.statuses):
        return f' class="{escape(s.statuses[i])}"'
    return ' class="num"' if s.key in ("placement", "memory") and j > 0 else ""


BADGE = {  # background, text: the verdict's colours (CSS classes below, bgcolor for Qt's PDF)
    "accepted": ("#e8f5e9", "#2e7d32"),
    "rejected": ("#ffebee", "#c62828"),
    "incomplete": ("#fff3e0", "#e65100"),
}


def render_html(run: Run, lang: str = "en", chart_html=None) -> str:
    """``chart_html(section, index, svg)`` lets the PDF renderer swap inline SVG for images."""
    t = translator(lang)
    chart_html = chart_html or (lambda _s, _i, svg: svg)
    verdict = run.typed.verdict if run.typed.verdict in BADGE else "incomplete"
    sections = report_sections(run, t)
    body = [
        f"<h1>{escape(t('Acceptance report'))}: {escape(title_line(run))}</h1>",
        # a one-cell table: the same badge in a browser and in Qt's PDF (QTextDocument has no inline-block)
        f'<table class="badge"><tr><td class="verdict {escape(verdict)}" bgcolor="{BADGE[verdict][0]}" '
        f'style="color:{BADGE[verdict][1]}"><b>{escape(t("Verdict"))}: {escape(t(verdict))}</b></td></tr>'
        "</table>",
    ]
    body += [_section_html(s, chart_html) for s in sections]
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(t('Acceptance report'))}: {escape(title_line(run))}</title>"
        f"<style>{CSS}</style></head>"
        f"<body>{''.join(body)}</body></html>\n"
    )
