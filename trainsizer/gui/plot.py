"""The live memory plot: one curve per GPU counter and one for host RAM — one per run of the check (measure,
quality, the resume check's A, B, C), each run's start a labelled vertical line — capacities, the predicted
peak, phases as a strip along the bottom. Data live in the timeline's ring buffers; a timer redraws at most
25 times a second, so a 50 Hz sample stream never costs a redraw per sample (pyqtgraph #3092)."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QVBoxLayout, QWidget

from trainsizer.gui.i18n import fill, time_axis
from trainsizer.gui.labels import PHASES, SERIES, label
from trainsizer.runs.timeline import RunTimeline
from trainsizer.ui_common.palette import PHASE_COLORS, device_color

GiB = float(1 << 30)
REDRAW_HZ = 25
HEADROOM = 1.3  # the value axis ends this far above the highest line: the legend's band
KIND_STYLE = {"allocated": None, "reserved": "dash", "nvml_used": "dot", "rss": None}


SIDE_MARGIN = 8  # px between the side plots (loss, GPU activity) and the window's right edge


class MemoryPlot(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        pg.setConfigOptions(antialias=False, foreground="k", background="w")
        self.timeline = RunTimeline()
        self.capacity: dict[str, float] = {}
        self.predicted: dict[str, float] = {}
        self.widget = pg.PlotWidget()
        self.plot = self.widget.getPlotItem()
        self.plot.setLabel("left", "GiB")
        time_axis(self.plot, self.tr("time"))
        # No grid: pyqtgraph paints it with the axes, and with the time axis moving on every redraw that
        # was three quarters of a redraw's cost (bench/gui_responsiveness.py); the reference lines remain.
        self._top, self._headroom = 0.0, HEADROOM
        self.plot.setClipToView(True)
        self.plot.setDownsampling(auto=True, mode="peak")  # peak keeps spikes; subsample would drop them
        self.legend = self.plot.addLegend(offset=(-10, 5), colCount=4)
        self.curves: dict[tuple[str, str], pg.PlotDataItem] = {}
        self.more_curves: dict[tuple[str, str, int], pg.PlotDataItem] = {}  # the same series in later runs
        self.run_lines: list[pg.InfiniteLine] = []  # where each run of the check starts, with its words
        self.lines: dict[str, pg.InfiniteLine] = {}
        self.phase_items: dict[str, pg.PlotDataItem] = {}
        # the training loss per step beside memory (LlamaBoard shows it live), and — where NVML measures them
        # — GPU utilisation and power (nvitop's view), optional
        self.loss_widget = pg.PlotWidget()
        self.loss_widget.setObjectName("loss-plot")
        lp = self.loss_widget.getPlotItem()
        lp.setTitle(self.tr("training loss"))
        lp.setLabel("bottom", self.tr("step"))
        self.loss_curve = lp.plot(pen=pg.mkPen("#6a1b9a", width=2), symbol="o", symbolSize=4)
        self.activity_widget = pg.PlotWidget()
        self.activity_widget.setObjectName("activity-plot")
        ap = self.activity_widget.getPlotItem()
        ap.setTitle(self.tr("GPU utilisation % and power W"))
        time_axis(ap, self.tr("time"))
        ap.addLegend(offset=(-10, 5))
        self.activity_curves: dict[tuple[str, str], pg.PlotDataItem] = {}
        self.show_activity = QCheckBox(self.tr("GPU utilisation and power"))
        self.show_activity.setObjectName("show-activity")
        self.show_activity.setEnabled(False)  # until a sample carries them (NVML on a GPU)
        self.show_activity.setVisible(False)
        self.show_activity.setChecked(True)
        self.show_activity.toggled.connect(
            lambda on: self.activity_widget.setVisible(on and self.has_activity())
        )
        self.activity_widget.hide()
        lay = QVBoxLayout(self)
        # a right margin: the side plots end inside the window, not on its edge (the loss plot's last point
        # and its frame were cut there, issue 31)
        lay.setContentsMargins(0, 0, SIDE_MARGIN, 0)
        row = QHBoxLayout()
        row.addWidget(self.widget, 3)
        side = QVBoxLayout()
        side.addWidget(self.loss_widget, 1)
        side.addWidget(self.activity_widget, 1)
        row.addLayout(side, 1)
        lay.addLayout(row, 1)
        lay.addWidget(self.show_activity)
        self._dirty = False
        self.redraws = 0
        self.timer = QTimer(self, interval=int(1000 / REDRAW_HZ))
        self.timer.timeout.connect(self.redraw)
        self.timer.start()

    # -- inputs --------------------------------------------------------------------------------------------
    def _legend_band(self) -> float:
        """The share of the plot's height, from its top, that the legend covers (with a few pixels below)."""
        box = self.plot.vb.sceneBoundingRect()
        if box.height() <= 0 or not self.legend.isVisible():
            return 0.0
        return max(0.0, self.legend.sceneBoundingRect().bottom() + 6 - box.top()) / box.height()

    def reset(self) -> None:
        self.timeline = RunTimeline()
        self.loss_curve.setData([], [])
        for item in self.activity_curves.values():
            self.activity_widget.getPlotItem().removeItem(item)
        self.activity_curves.clear()
        self.activity_widget.hide()
        self.show_activity.setEnabled(False)
        self.show_activity.setVisible(False)
        items = [*self.curves.values(), *self.more_curves.values(), *self.run_lines]
        for item in [*items, *self.lines.values(), *self.phase_items.values()]:
            self.plot.removeItem(item)
            self.legend.removeItem(item)
        self.curves.clear()
        self.more_curves.clear()
        self.run_lines.clear()
        self.lines.clear()
        self.phase_items.clear()
        self.capacity.clear()
        self.predicted.clear()
        self._top, self._headroom = 0.0, HEADROOM
        self._dirty = True

    def feed(self, event: dict) -> None:
        self.timeline.feed(event)
        if event.get("type") in ("sample", "phase", "step", "run"):
            self._dirty = True

    def has_activity(self) -> bool:
        return bool(self.timeline.activity)

    def set_reference(self, levels: tuple[dict[str, float], dict[str, float]]) -> None:
        """Predicted peaks and capacities per series (runs.compare.reference_levels / result_levels)."""
        predicted, capacity = levels
        self.predicted.update(predicted)
        self.capacity.update(capacity)
        self._dirty = True

    # -- drawing -------------------------------------------------------------------------------------------
    def _color(self, device: str) -> str:
        return device_color(device, self.timeline.devices())

    def _curve(self, key: tuple[str, str], part: int = 0) -> pg.PlotDataItem:
        """The series' curve in its ``part``-th run: the first has the legend's entry, the others the same
        pen and no entry (one series, one entry; never a line from one process's end to the next's start)."""
        item = self.curves.get(key) if part == 0 else self.more_curves.get((*key, part))
        if item is None:
            dev, kind = key
            style = {"dash": pg.QtCore.Qt.PenStyle.DashLine, "dot": pg.QtCore.Qt.PenStyle.DotLine}.get(
                KIND_STYLE.get(kind) or ""
            )
            pen = (
                pg.mkPen(self._color(dev), width=2, style=style)
                if style
                else pg.mkPen(self._color(dev), width=2)
            )
            if part == 0:
                name = f"{label(SERIES, dev) if dev == 'host' else dev} {label(SERIES, kind)}"
                item = self.curves[key] = self.plot.plot(name=name, pen=pen)
            else:
                item = self.more_curves[(*key, part)] = self.plot.plot(pen=pen)
            item.setDownsampling(auto=True, method="peak")
            item.setClipToView(True)
        return item

    def run_words(self) -> list[str]:
        """The words of each run's line, in the window's language (the Messages catalog)."""
        from trainsizer.ui_common.messages import run_label

        return [
            run_label(name, params, translated=lambda tpl: QCoreApplication.translate("Messages", tpl))
            for _t0, name, params in self.timeline.runs
        ]

    def _runs(self) -> None:
        for i, ((t0, _name, _params), words) in enumerate(
            zip(self.timeline.runs, self.run_words(), strict=True)
        ):
            if i >= len(self.run_lines):
                line = pg.InfiniteLine(
                    angle=90,
                    movable=False,
                    pen=pg.mkPen("#888888", width=1, style=pg.QtCore.Qt.PenStyle.DashLine),
                    label=words,
                    labelOpts={"position": 0.97, "color": "#444444", "anchors": [(0, 0), (0, 0)]},
                )
                self.plot.addItem(line)
                self.run_lines.append(line)
            self.run_lines[i].setValue(t0)

    def _reference_lines(self) -> None:
        for dev, value in self.capacity.items():
            name = label(SERIES, dev) if dev == "host" else dev
            self._hline(
                f"cap:{dev}",
                value,
                self._color(dev),
                pg.QtCore.Qt.PenStyle.SolidLine,
                fill(self.tr("capacity %1"), name),
            )
        for dev, value in self.predicted.items():
            name = label(SERIES, dev) if dev == "host" else dev
            self._hline(
                f"pred:{dev}",
                value,
                self._color(dev),
                pg.QtCore.Qt.PenStyle.DashLine,
                fill(self.tr("predicted peak %1"), name),
            )

    def _hline(self, key, value, color, style, text) -> None:
        if key not in self.lines:
            line = pg.InfiniteLine(
                angle=0,
                pen=pg.mkPen(color, width=1, style=style),
                label=text,
                labelOpts={"position": 0.02, "color": color, "anchors": [(0, 1), (0, 1)]},
            )
            self.plot.addItem(line)
            self.lines[key] = line
        self.lines[key].setValue(value / GiB)

    def _phases(self) -> None:
        """Each phase kind is one item of horizontal bars (pairs of points) along the bottom strip."""
        by_name: dict[str, list[tuple[float, float]]] = {}
        for t0, t1, name in self.timeline.phases:
            by_name.setdefault(name, []).append((t0, t1))
        for name, spans in by_name.items():
            item = self.phase_items.get(name)
            if item is None:
                color = QColor(PHASE_COLORS.get(name, "#cccccc"))
                item = self.phase_items[name] = self.plot.plot(
                    name=label(PHASES, name), pen=pg.mkPen(color, width=8)
                )
            xs = np.array(spans, dtype=np.float64).ravel()
            item.setData(xs, np.zeros_like(xs), connect="pairs")

    def redraw(self) -> None:
        if not self._dirty:
            return
        self._dirty = False
        self.redraws += 1
        if self.timeline.host_total and "host" not in self.capacity:
            self.capacity["host"] = float(self.timeline.host_total)
        for key, ring in self.timeline.series.items():
            t, y = ring.view()
            for part, (a, b, _run) in enumerate(self.timeline.segments(t) or [(0, 0, -1)]):
                self._curve(key, part).setData(t[a:b], y[a:b] / GiB)
        self._runs()
        self._reference_lines()
        self._phases()
        if self.timeline.losses:
            steps, losses = zip(*self.timeline.losses, strict=True)
            runs = np.asarray(self.timeline.loss_runs)
            # no line from the last step of one run to the first of the next (each run its own segment)
            connect = np.append(runs[1:] == runs[:-1], False)
            self.loss_curve.setData(
                np.asarray(steps, dtype=float), np.asarray(losses, dtype=float), connect=connect
            )
        if self.timeline.activity:
            self.show_activity.setEnabled(True)
            self.show_activity.setVisible(True)
            self.activity_widget.setVisible(self.show_activity.isChecked())
            for key, ring in self.timeline.activity.items():
                item = self.activity_curves.get(key)
                if item is None:
                    dev, kind = key
                    style = (
                        pg.QtCore.Qt.PenStyle.DashLine
                        if kind == "power_w"
                        else pg.QtCore.Qt.PenStyle.SolidLine
                    )
                    name = f"{dev} " + (self.tr("utilisation %") if kind == "util" else self.tr("power W"))
                    item = self.activity_curves[key] = self.activity_widget.getPlotItem().plot(
                        name=name, pen=pg.mkPen(self._color(dev), width=2, style=style)
                    )
                t, y = ring.view()
                item.setData(t, y)
        data = max([*self.predicted.values(), *[r.peak for r in self.timeline.series.values()], GiB / 4])
        cap = max(self.capacity.values(), default=0.0)
        # The axis ends at the capacity when the run uses a fair share of it; a small run on a big machine
        # is scaled to its data (the capacity is still in the legend) so that its curve is readable.
        top = (cap if 0 < cap < 4 * data else data * 1.25) / GiB
        # the legend's band stays free above the highest line, so it never covers a capacity or predicted-peak
        # line: at least the top fifth, more when the plot is short or the legend has more rows
        headroom = max(HEADROOM, 1.0 / max(0.4, 1.0 - self._legend_band()))
        if abs(top - self._top) > 0.01 * max(top, 1e-9) or abs(headroom - self._headroom) > 0.01:
            self._top, self._headroom = top, headroom  # re-layout the value axis only when it changes
            self.plot.setYRange(-top * 0.03, top * headroom, padding=0)
        self.plot.setXRange(0, max(self.timeline.now, 1.0), padding=0.01)
