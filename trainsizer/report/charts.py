"""Charts as inline SVG (no script, no external file): the memory timeline per device with its phases,
and the estimated against the measured anatomy. Plain strings, so the report needs no plotting library."""

from __future__ import annotations

import math
from html import escape

from trainsizer.runs.timeline import RunTimeline
from trainsizer.ui_common.palette import PHASE_COLORS, device_color
from trainsizer.ui_common.textfmt import fmt_bytes

GiB = float(1 << 30)
SERIES_KINDS = {"allocated": "allocated", "reserved": "reserved", "nvml_used": "NVML used", "rss": "RSS"}
PHASE_WORDS = {
    "eval": "evaluation",
    "accounting": "memory accounting",
}  # the other phase names are words already
MAX_POINTS = 800  # points per curve in the file (peak-preserving, from the ring buffer)


def _ticks(top: float, n: int = 5) -> list[float]:
    """Round tick values from 0 to ``top``: steps of 1, 2, 2.5 or 5 times a power of ten."""
    if top <= 0:
        return [0.0]
    mag = 10 ** math.floor(math.log10(top / n))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= top / n)
    return [i * step for i in range(int(top / step) + 1)]


def memory_timeline_svg(
    tl: RunTimeline,
    t,
    predicted: dict[str, float] | None = None,
    capacity: dict[str, float] | None = None,
    width: int = 900,
    height: int = 320,
) -> str:
    """``t`` is the report's translator; ``predicted``/``capacity`` are bytes per device name ("host" too)."""
    from trainsizer.ui_common.messages import run_label
    from trainsizer.ui_common.textfmt import BYTES_UNIT

    predicted, capacity = predicted or {}, capacity or {}
    unit_name = BYTES_UNIT.get() or "GiB"  # the report's one unit
    GiB = float(1 << 30) if unit_name == "GiB" else float(1 << 20)  # noqa: N806 - the unit's size
    spans = tl.run_spans()
    # the runs of the check (measure, quality, A, B, C) as a labelled strip above the plot
    left, right, top_m, bottom = 60, 160, 34 if spans else 15, 55
    height += top_m - 15
    pw, ph = width - left - right, height - top_m - bottom
    end = max(tl.now, 1.0)
    peaks = [r.peak for r in tl.series.values()] + list(predicted.values())
    data_top = max(peaks + [GiB / 8])
    cap = max(capacity.values(), default=0.0)
    ymax = (cap if 0 < cap < 4 * data_top else data_top * 1.25) / GiB

    def x(v: float) -> float:
        return left + pw * v / end

    def y(v: float) -> float:
        return top_m + ph * (1 - min(v / GiB, ymax * 1.02) / ymax)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(t("Memory over the run"))}">',
        f'<rect x="{left}" y="{top_m}" width="{pw}" height="{ph}" fill="#ffffff" stroke="#999"/>',
    ]
    for v in _ticks(ymax):
        yy = top_m + ph * (1 - v / ymax)
        parts.append(
            f'<line x1="{left}" x2="{left + pw}" y1="{yy:.1f}" y2="{yy:.1f}" stroke="#eee"/>'
            f'<text x="{left - 6}" y="{yy + 4:.1f}" text-anchor="end" font-size="11">{v:g}</text>'
        )
    for v in _ticks(end, 8):
        xx = x(v)
        parts.append(
            f'<text x="{xx:.1f}" y="{top_m + ph + 16}" text-anchor="middle" font-size="11">{v:g}</text>'
        )
    parts.append(
        f'<text x="14" y="{top_m + ph / 2}" font-size="11" transform="rotate(-90 14 {top_m + ph / 2})" '
        f'text-anchor="middle">{unit_name}</text>'
        # the time axis's label at the end of its tick row: clear of the phase strip and its legend below
        f'<text x="{left + pw + 8}" y="{top_m + ph + 16}" font-size="11" '
        f'text-anchor="start">{escape(t("time, s"))}</text>'
    )
    # phases: a strip under the axis
    for t0, t1, name in tl.phases:
        parts.append(
            f'<rect x="{x(t0):.1f}" y="{top_m + ph + 22}" width="{max(x(t1) - x(t0), 0.5):.1f}" height="8" '
            f'fill="{PHASE_COLORS.get(name, "#ccc")}"><title>{escape(name)}</title></rect>'
        )
    lang = getattr(t, "lang", "en")
    for i, (t0, t1, name, params) in enumerate(spans):
        words = run_label(name, params, lang)
        x0, x1 = x(t0), x(t1)
        room = max(int((x1 - x0 - 6) // 5.6), 0)  # characters of 10 px text that fit in the run's band
        shown = words if len(words) <= room else (words[: room - 1] + "…" if room > 1 else "")
        parts.append(
            f'<g class="run" data-run="{escape(name)}"><rect x="{x0:.1f}" y="{top_m - 18}" '
            f'width="{max(x1 - x0, 0.5):.1f}" height="15" fill="{"#eef2f8" if i % 2 else "#f6f6f6"}" '
            f'stroke="#bbb"><title>{escape(words)}</title></rect>'
            f'<text x="{x0 + 3:.1f}" y="{top_m - 7}" font-size="10">{escape(shown)}</text>'
            f'<line x1="{x0:.1f}" x2="{x0:.1f}" y1="{top_m}" y2="{top_m + ph}" stroke="#bbb" '
            'stroke-dasharray="2,3"/></g>'
        )
    legend = []
    devs = tl.devices()
    for (dev, kind), ring in tl.series.items():
        color = device_color(dev, devs)
        ts, ys = ring.view()
        dash = ' stroke-dasharray="5,3"' if kind in ("reserved", "nvml_used") else ""
        # one curve per run of the check: never a line joining the end of one process to the next one's start
        for a0, a1, _run in tl.segments(ts):
            seg_t, seg_y = ts[a0:a1], ys[a0:a1]
            step = max(1, len(ts) // MAX_POINTS)
            pts = " ".join(
                f"{x(a):.1f},{y(b):.1f}" for a, b in zip(seg_t[::step], _peaks(seg_y, step), strict=False)
            )
            parts.append(f'<polyline fill="none" stroke="{color}" stroke-width="1.5"{dash} points="{pts}"/>')
        legend.append((color, f"{t(dev) if dev == 'host' else dev} {t(SERIES_KINDS[kind])}", dash))
    for dev, value in capacity.items():
        if value / GiB <= ymax * 1.02:
            parts.append(
                f'<line x1="{left}" x2="{left + pw}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
                'stroke="#c62828"/>'
            )
            legend.append(("#c62828", t("%s capacity", t(dev) if dev == "host" else dev), ""))
    for dev, value in predicted.items():
        parts.append(
            f'<line x1="{left}" x2="{left + pw}" y1="{y(value):.1f}" y2="{y(value):.1f}" stroke="#333" '
            f'stroke-dasharray="6,4"/>'
        )
        legend.append(
            ("#333", t("%s predicted peak", t(dev) if dev == "host" else dev), ' stroke-dasharray="6,4"')
        )
    room = (right - 38) // 6  # characters that fit beside the plot at 10 px: longer names end in "…"
    for i, (color, text, dash) in enumerate(legend[:14]):
        ly = top_m + 10 + i * 16
        shown = text if len(text) <= room else text[: room - 1] + "…"
        parts.append(
            f'<line x1="{left + pw + 10}" x2="{left + pw + 30}" y1="{ly}" y2="{ly}" stroke="{color}" '
            f'stroke-width="2"{dash}/><text x="{left + pw + 34}" y="{ly + 4}" '
            f'font-size="10"><title>{escape(text)}</title>{escape(shown)}</text>'
        )
    lx = left
    for name, color in (p for p in PHASE_COLORS.items() if any(ph_[2] == p[0] for ph_ in tl.phases)):
        word = t(PHASE_WORDS.get(name, name))
        parts.append(
            f'<rect x="{lx}" y="{height - 12}" width="10" height="8" fill="{color}"/>'
            f'<text x="{lx + 14}" y="{height - 4}" font-size="10">{escape(word)}</text>'
        )
        lx += 14 + 6 * len(word) + 14  # each entry as wide as its words: none overlaps the next
    parts.append("</svg>")
    return "".join(parts)


def _peaks(ys, step: int):
    if step == 1:
        return ys
    return [max(ys[i : i + step]) for i in range(0, len(ys), step)]


def anatomy_svg(rows: list[tuple[str, float | None, float | None]], t, width: int = 900) -> str:
    """Paired horizontal bars per item: estimated (light) and measured (dark), bytes."""
    rows = [r for r in rows if (r[1] or 0) > 0 or (r[2] or 0) > 0]
    bar, gap, left = 9, 8, 230
    height = 30 + len(rows) * (2 * bar + gap)
    top = max([v for _, a, b in rows for v in (a, b) if v] + [1.0])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(t("Estimated against measured"))}">'
    ]
    for i, (name, est, meas) in enumerate(rows):
        y0 = 10 + i * (2 * bar + gap)
        parts.append(
            f'<text x="{left - 8}" y="{y0 + bar + 3}" text-anchor="end" font-size="11">{escape(name)}</text>'
        )
        for j, (value, color) in enumerate(((est, "#9ecae1"), (meas, "#08519c"))):
            if value:
                w = (width - left - 120) * value / top
                parts.append(
                    f'<rect x="{left}" y="{y0 + j * bar}" width="{w:.1f}" height="{bar - 1}" fill="{color}"/>'
                    f'<text x="{left + w + 4:.1f}" y="{y0 + j * bar + bar - 1}" font-size="10">'
                    f"{escape(fmt_bytes(value))}</text>"
                )
    ly = height - 12
    parts.append(
        f'<rect x="{left}" y="{ly}" width="10" height="8" fill="#9ecae1"/><text x="{left + 14}" y="{ly + 8}" '
        f'font-size="11">{escape(t("estimated"))}</text><rect x="{left + 110}" y="{ly}" width="10" '
        'height="8" '
        f'fill="#08519c"/><text x="{left + 124}" y="{ly + 8}" font-size="11">{escape(t("measured"))}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)
