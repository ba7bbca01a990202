"""Formatting at the edges: bytes become GiB with the unit only here."""

from __future__ import annotations

from contextvars import ContextVar

GiB = 1 << 30
MiB = 1 << 20

NOT_AVAILABLE = "not available"


# One unit for a whole document (the report: GiB in its charts and its tables alike); None: per value.
BYTES_UNIT: ContextVar[str | None] = ContextVar("trainsizer_bytes_unit", default=None)


def fmt_bytes(n: int | float | None, unit: str | None = None) -> str:
    if n is None:
        return NOT_AVAILABLE
    unit = unit or BYTES_UNIT.get()
    if unit is None:
        unit = "GiB" if abs(n) >= GiB else "MiB" if abs(n) >= MiB else "KiB" if abs(n) >= 1024 else "B"
    div = {"GiB": GiB, "MiB": MiB, "KiB": 1024, "B": 1}[unit]
    if unit == "GiB" and n and abs(n) / div < 0.1:
        return f"{n / div:.3f} {unit}"  # small figures in a GiB document keep three decimals
    return f"{n / div:.1f} {unit}" if unit != "B" else f"{int(n)} B"


def fmt_count(n: int | None) -> str:
    if n is None:
        return NOT_AVAILABLE
    for div, suffix in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")):
        if abs(n) >= div:
            return f"{n / div:.2f} {suffix}"
    return str(n)


def fmt_value(v) -> str:
    if v is None:
        return NOT_AVAILABLE
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, tuple | list):
        return ".".join(str(x) for x in v)
    return str(v)


def table(rows: list[list[str]], header: list[str] | None = None) -> str:
    all_rows = ([header] if header else []) + rows
    if not all_rows:
        return ""
    widths = [max(len(str(r[i])) for r in all_rows) for i in range(len(all_rows[0]))]
    lines = []
    for j, r in enumerate(all_rows):
        cells = [str(c).rjust(w) if _numeric(c) else str(c).ljust(w) for c, w in zip(r, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
        if header and j == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _numeric(cell) -> bool:
    s = str(cell).split(" ")[0].replace(",", "").replace("%", "").lstrip("+-")
    return s.replace(".", "", 1).isdigit()


def plan_cells(option: dict, layout, reasons, word, ok: str) -> list[str]:
    """One row of a plan's options table (the CLI's and the window's): ``layout`` and ``reasons`` word the
    codes, ``word`` the durations (``fmt_duration``'s; None: English) in the edge's language."""
    tps = option.get("tokens_per_s")
    return [
        str(option["option"]),
        option["target"],
        layout(option["layout"]),
        f"{fmt_bytes(option['peak'], 'GiB')} / {fmt_bytes(option['capacity'], 'GiB')}",
        f"{option['headroom']:.0%}",
        fmt_seconds(option["step_s"], ".3g", word) if option.get("step_s") else "—",
        f"{tps:,.0f}" if tps else "—",
        fmt_hours(option.get("time_to_train_h"), word),
        f"{option['gpu_hours']:,.0f}" if option.get("gpu_hours") is not None else "—",
        ", ".join(reasons(r) for r in option["why_not"]) or ok,
    ]


# A duration's forms (codes) and their English words; the edges word the codes in the reader's language.
DURATION_FORMS = {"s": "%s s", "min_s": "%s min %s s", "h": "%s h", "d": "%s d"}


def _english(form: str, *figures) -> str:
    return DURATION_FORMS[form] % figures


def fmt_duration(seconds: float | None, word=None) -> str:
    """Seconds for people: "0.241 s", "12.3 s", "4 min 12 s", "3.2 h", "2.5 d" — never "1.73e+03 s".
    ``word(form, *figures)`` words a form of DURATION_FORMS in the reader's language (English by default)."""
    if seconds is None:
        return NOT_AVAILABLE
    word = word or _english
    if seconds < 1:
        return word("s", f"{seconds:.3g}")
    if seconds < 60:
        return word("s", f"{seconds:.1f}")
    if seconds < 3600:
        return word("min_s", int(seconds // 60), int(seconds % 60))
    if seconds < 48 * 3600:
        return word("h", f"{seconds / 3600:.1f}")
    return word("d", f"{seconds / 86400:.1f}")


def fmt_seconds(seconds: float, spec: str = ".3f", word=None) -> str:
    """Seconds as a figure of a given precision (``spec``: a format spec), the unit worded as
    ``fmt_duration``'s ``word`` does: "0.5572 s", "0.5572 с"."""
    return (word or _english)("s", format(seconds, spec))


def fmt_hours(hours: float | None, word=None, missing: str = "—") -> str:
    """A duration given in hours (plans, deadlines), as ``fmt_duration`` words it; ``missing`` for None."""
    return missing if hours is None else fmt_duration(hours * 3600, word)


def fmt_rate(value: float | None) -> str:
    """A throughput for people: "33,943", "12.5", "0.85" — three figures at least, never "1"."""
    if value is None:
        return NOT_AVAILABLE
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def spec_changes_text(changes) -> str:
    """A plan option's changes to the agreed spec, as the spec file writes values:
    "optimizer.name adamw → adamw-8bit; batch.gradient_checkpointing false → true"."""

    def value(v) -> str:
        return ("true" if v else "false") if isinstance(v, bool) else str(v)

    return "; ".join(f"{c['field']} {value(c['from'])} → {value(c['to'])}" for c in changes)
