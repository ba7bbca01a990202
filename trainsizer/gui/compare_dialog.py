"""Two runs side by side (runs.compare.compare_runs, as `trainsizer history compare`): what changed in the
spec, the memory curves overlaid (A solid, B dashed), the measured items with B − A, and the step times."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from trainsizer.gui.i18n import fill, time_axis
from trainsizer.gui.labels import ITEMS, SERIES, STATUSES, label
from trainsizer.ui_common.textfmt import fmt_bytes

GiB = float(1 << 30)


def _timeline(run_dir: Path):
    from trainsizer.runs.protocol import parse_line
    from trainsizer.runs.timeline import RunTimeline

    tl = RunTimeline()
    events = run_dir / "events.jsonl"
    if events.exists():
        with open(events, encoding="utf-8", errors="replace") as f:
            for line in f:
                ev = parse_line(line)
                if ev is not None:
                    tl.feed(ev)
    return tl


class CompareDialog(QDialog):
    def __init__(self, parent, a: str | Path, b: str | Path):
        super().__init__(parent)
        from trainsizer.report.content import load_run
        from trainsizer.runs.compare import compare_runs

        self.setWindowTitle(self.tr("Compare two runs"))
        self.resize(1000, 720)
        ra, rb = load_run(a), load_run(b)
        self.data = compare_runs(ra.result, rb.result)
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(fill(self.tr("A: %1"), str(ra.path))))
        lay.addWidget(QLabel(fill(self.tr("B: %1"), str(rb.path))))
        changed = "; ".join(f"{c['field']}: {c['a']} → {c['b']}" for c in self.data["changed"])
        self.changed = QLabel(fill(self.tr("What changed: %1"), changed or self.tr("nothing in the spec")))
        self.changed.setWordWrap(True)
        lay.addWidget(self.changed)
        env = "; ".join(f"{c['field']}: {c['a']} → {c['b']}" for c in self.data["environment"])
        same = self.tr("the same machine and software")
        self.environment = QLabel(fill(self.tr("Where they ran: %1"), env or same))
        self.environment.setObjectName("compare-environment")
        self.environment.setWordWrap(True)
        lay.addWidget(self.environment)
        self.plot = pg.PlotWidget()
        item = self.plot.getPlotItem()
        time_axis(item, self.tr("time"))
        item.addLegend()
        self.curves = 0
        timelines = [_timeline(Path(ra.path)), _timeline(Path(rb.path))]
        top = max((ring.peak for tl in timelines for ring in tl.series.values()), default=0.0)
        unit, size = ("GiB", GiB) if top >= GiB else ("MiB", float(1 << 20))
        item.setLabel("left", unit)
        runs = (("A", "#1565c0", Qt.PenStyle.SolidLine), ("B", "#e65100", Qt.PenStyle.DashLine))
        for (name, color, style), tl in zip(runs, timelines, strict=True):
            for (dev, kind), ring in tl.series.items():
                t, y = ring.view()
                if not len(t):
                    continue
                series = label(SERIES, dev) if dev == "host" else dev
                self.plot.plot(
                    np.asarray(t), np.asarray(y) / size, pen=pg.mkPen(color, width=2, style=style),
                    name=f"{name}: {series} {label(SERIES, kind)}",
                )  # fmt: skip
                self.curves += 1
        lay.addWidget(self.plot, 1)
        self.table = QTableWidget(len(self.data["items"]), 4)
        self.table.setObjectName("compare-items")
        self.table.setHorizontalHeaderLabels([self.tr("measured"), "A", "B", "B − A"])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for r, row in enumerate(self.data["items"]):
            delta = row["delta"]
            cells = [
                f"{row['device']}: {label(ITEMS, row['item'])}",
                fmt_bytes(row["a"]) if row["a"] is not None else "—",
                fmt_bytes(row["b"]) if row["b"] is not None else "—",
                "—" if delta is None else ("+" if delta > 0 else "") + fmt_bytes(delta),
            ]
            for c, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                cell.setFlags(cell.flags() & ~Qt.ItemFlag.ItemIsEditable)
                if c:
                    cell.setTextAlignment(right)
                self.table.setItem(r, c, cell)
        lay.addWidget(self.table, 1)
        st = self.data["step_time"]
        if st["a"] and st["b"]:
            lay.addWidget(
                QLabel(
                    fill(
                        self.tr("Step time: A %1 s, B %2 s (B ÷ A %3)"),
                        f"{st['a']:.3f}",
                        f"{st['b']:.3f}",
                        f"{st['b'] / st['a']:.2f}",
                    )
                )
            )
        tps, verdict = self.data["tokens_per_s"], self.data["verdict"]
        figures = []
        if tps["a"] or tps["b"]:
            shown = (f"{v:,.0f}" if v else "—" for v in (tps["a"], tps["b"]))
            figures.append(fill(self.tr("Tokens/s: A %1, B %2"), *shown))
        figures.append(
            fill(self.tr("Verdict: A %1, B %2"), label(STATUSES, verdict["a"]), label(STATUSES, verdict["b"]))
        )
        self.figures = QLabel(" · ".join(figures))
        self.figures.setObjectName("compare-figures")
        lay.addWidget(self.figures)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
