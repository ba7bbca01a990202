"""The export entry points shared by `trainsizer report`, `trainsizer request` and the GUI's buttons."""

from __future__ import annotations

import json
from pathlib import Path

from trainsizer.problem import BadValue
from trainsizer.report.content import ReportError, load_run

# What a crafted result.json can make a renderer raise: the run folder is bad input, not a crash of ours.
CONTENT_ERRORS = (
    TypeError,
    AttributeError,
    KeyError,
    ValueError,
    IndexError,
    ZeroDivisionError,
    OverflowError,
)


def report_unit(run) -> str:
    """The report's one unit of memory: GiB when the run's peaks reach 1 GiB, else MiB (charts use it too)."""
    r = run.typed
    peaks = [d.get("peak") or 0 for d in r.estimate["devices"].values()]
    for p in r.measurement.peak.values():
        peaks += [v for v in p.values() if isinstance(v, int | float)]
    peaks.append(r.measurement.host_rss or 0)
    return "GiB" if max(peaks, default=0) >= 1 << 30 else "MiB"


def _rendered(run, fn):
    from trainsizer.ui_common.textfmt import BYTES_UNIT

    token = BYTES_UNIT.set(report_unit(run))
    try:
        return fn()
    except CONTENT_ERRORS as e:
        raise ReportError(
            "%(path)s: unexpected content, the report cannot be made (%(said)s)",
            path=str(run.path / "result.json"),
            said=f"{type(e).__name__}: {str(e)[:200]}",
        ) from None
    finally:
        BYTES_UNIT.reset(token)


REPORT_FORMATS = ("html", "pdf", "json")
REQUEST_FORMATS = ("md", "eml")


def default_name(kind: str, fmt: str, lang: str) -> str:
    suffix = "" if lang == "en" else f".{lang}"
    return f"{'report' if kind == 'report' else 'request'}{suffix}.{fmt}"


def export_report(run_dir: str | Path, fmt: str, out: str | Path | None = None, lang: str = "en") -> Path:
    """Write the acceptance report of ``run_dir`` as html, pdf or json; returns the file written."""
    if fmt not in REPORT_FORMATS:
        raise BadValue(
            "--format: %(format)r is not one of %(known)s", format=fmt, known=", ".join(REPORT_FORMATS)
        )
    run = load_run(run_dir)
    target = Path(out) if out else run.path / default_name("report", fmt, lang)
    if fmt == "html":
        from trainsizer.report.html import render_html

        target.write_text(_rendered(run, lambda: render_html(run, lang)), encoding="utf-8")
    elif fmt == "pdf":
        from trainsizer.report.pdf import render_pdf

        try:
            _rendered(run, lambda: render_pdf(run, target, lang))
        except ImportError as e:  # a server without the GUI's toolkit: HTML and JSON need none
            raise ReportError(
                "the PDF is drawn with PySide6 (Qt), which cannot be imported here (%(said)s); "
                "use --format html (print it to PDF from a browser) or install PySide6-Essentials",
                said=str(e),
            ) from None
    else:
        target.write_text(json.dumps(run.result, indent=2, default=str) + "\n", encoding="utf-8")
    return target


def export_request(
    run_dir: str | Path,
    fmt: str,
    out: str | Path | None = None,
    lang: str = "en",
    *,
    to: str | None = None,
    redacted: bool = True,
    headroom: float = 0.2,
    keep: int = 3,
) -> Path:
    """Write the draft hardware-selection request as md or eml; redacted unless ``redacted`` is False."""
    from trainsizer.report.request import write_request

    if fmt not in REQUEST_FORMATS:
        raise BadValue(
            "--format: %(format)r is not one of %(known)s", format=fmt, known=", ".join(REQUEST_FORMATS)
        )
    run = load_run(run_dir)
    target = Path(out) if out else run.path / default_name("request", fmt, lang)
    kw = {"redacted": redacted, "headroom": headroom, "keep": keep}
    if fmt == "eml":
        kw["to"] = to
    return _rendered(run, lambda: write_request(run, fmt, target, lang, **kw))
