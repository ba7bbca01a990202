"""The results panel: five checks and the verdict, estimated against measured anatomy with ratios, step
time and throughput, quality before and after, the resume comparison, and the export buttons."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainsizer.gui.i18n import fill
from trainsizer.gui.labels import CHECKS, ITEMS, PHASES, STATUSES, label
from trainsizer.gui.spec_text import problem_words
from trainsizer.result.model import RunResult
from trainsizer.ui_common.messages import evidence
from trainsizer.ui_common.textfmt import fmt_bytes, fmt_rate

MARK = {"passed": "✓", "failed": "✗", "not_run": "–"}
COLOR = {"passed": "#2e7d32", "failed": "#c62828", "not_run": "#757575"}


def EMPTY_TEXT() -> str:  # noqa: N802 - a translated constant
    return QCoreApplication.translate(
        "ResultsPanel",
        "No results yet. Pick a model and a target on the left: the estimate above follows the form. "
        "Measure runs real training steps; Full acceptance proves the five checks.",
    )


def _cell(text: str, align=Qt.AlignmentFlag.AlignLeft) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
    item.setTextAlignment(align | Qt.AlignmentFlag.AlignVCenter)
    return item


class ResultsPanel(QWidget):
    export_report = Signal()
    export_request = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.result: dict | None = None
        lay = QVBoxLayout(self)
        self.verdict = QLabel(EMPTY_TEXT())
        self.verdict.setObjectName("verdict")
        self.verdict.setWordWrap(True)
        self.verdict.setStyleSheet("font-size: 15px; font-weight: bold;")
        lay.addWidget(self.verdict)
        self.checks = QTableWidget(0, 3)
        self.checks.setObjectName("checks")
        self.checks.setHorizontalHeaderLabels([self.tr("check"), self.tr("status"), self.tr("evidence")])
        self.checks.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.checks.verticalHeader().hide()
        self.checks.setWordWrap(True)
        self.checks.setMinimumHeight(175)
        body = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(self.checks)
        self.summary = QLabel()
        self.summary.setObjectName("summary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        left.addWidget(self.summary)
        body.addLayout(left, 3)
        self.anatomy = QTableWidget(0, 4)
        self.anatomy.setObjectName("anatomy")
        self.anatomy.setHorizontalHeaderLabels(
            [self.tr("item"), self.tr("estimated"), self.tr("measured"), self.tr("ratio")]
        )
        self.anatomy.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3):
            self.anatomy.horizontalHeader().setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.anatomy.setWordWrap(True)
        self.anatomy.verticalHeader().hide()
        for table in (self.checks, self.anatomy):  # rows follow their columns' width (wrapped text)
            table.horizontalHeader().sectionResized.connect(lambda *_a, t=table: self._refit(t))
        body.addWidget(self.anatomy, 2)
        lay.addLayout(body, 1)
        self.actions = QWidget()  # the window places this bar outside the scrolled results: always visible
        self.actions.setObjectName("result-actions")
        row = QHBoxLayout(self.actions)
        row.setContentsMargins(0, 0, 0, 0)
        self.report_button = QPushButton(self.tr("Export acceptance report…"))
        self.request_button = QPushButton(self.tr("Draft hardware request…"))
        self.report_button.clicked.connect(self.export_report)
        self.request_button.clicked.connect(self.export_request)
        for b in (self.report_button, self.request_button):
            b.setEnabled(False)
            row.addWidget(b)
        row.addStretch(1)

    def _refit(self, table) -> None:
        """Row heights for the final column widths: once the layout has settled (a stretched column gets its
        width after the event that resized it)."""
        QTimer.singleShot(0, table.resizeRowsToContents)

    def clear(self, text: str | None = None) -> None:
        self.result = None
        self.verdict.setText(text or EMPTY_TEXT())
        self.verdict.setStyleSheet("font-size: 15px; font-weight: bold;")
        self.checks.setRowCount(0)
        self.anatomy.setRowCount(0)
        self.summary.clear()
        self.report_button.setEnabled(False)
        self.request_button.setEnabled(False)

    def show_result(self, result: dict) -> None:
        self.result = result
        typed = RunResult.of(result)
        verdict, status = typed.verdict, typed.status
        text = fill(self.tr("Verdict: %1"), label(STATUSES, verdict))
        if status and status != "ok":
            text += " · " + label(STATUSES, status)
        self.verdict.setText(text)
        color = {"accepted": "#2e7d32", "rejected": "#c62828"}.get(verdict, "#e65100")
        self.verdict.setStyleSheet(f"font-size: 15px; font-weight: bold; color: {color};")
        from trainsizer.result.checks import worded_checks

        self._fill_checks(worded_checks(result))
        self._fill_anatomy(result)
        self.summary.setText(self._summary(typed))
        self.report_button.setEnabled(True)
        self.request_button.setEnabled(True)

    def _fill_checks(self, checks: list[dict]) -> None:
        self.checks.setRowCount(len(checks))
        for i, c in enumerate(checks):
            st = c.get("status", "not_run")
            mark = _cell(f"{MARK.get(st, '?')} {label(STATUSES, st)}")
            mark.setForeground(QColor(COLOR.get(st, "#000000")))
            self.checks.setItem(i, 0, _cell(label(CHECKS, c.get("id"))))
            self.checks.setItem(i, 1, mark)
            self.checks.setItem(
                i, 2, _cell(evidence(c, translated=lambda tpl: QCoreApplication.translate("Messages", tpl)))
            )
        self.checks.resizeColumnsToContents()
        self.checks.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self._refit(self.checks)  # long evidence wraps instead of ending in "…"

    def _fill_anatomy(self, result: dict) -> None:
        from trainsizer.runs.compare import anatomy_rows

        rows = anatomy_rows(result)
        self.anatomy.setRowCount(len(rows))
        right = Qt.AlignmentFlag.AlignRight
        one_device = len({r["device"] for r in rows}) == 1
        for i, r in enumerate(rows):
            name = label(ITEMS, r["item"]) + (f" ({label(PHASES, r['phase'])})" if r["phase"] else "")
            e, m = r["estimated"], r["measured"]
            self.anatomy.setItem(i, 0, _cell(name if one_device else f"{r['device']}: {name}"))
            self.anatomy.setItem(i, 1, _cell(fmt_bytes(e) if e is not None else "—", right))
            self.anatomy.setItem(i, 2, _cell(fmt_bytes(m) if m is not None else "—", right))
            self.anatomy.setItem(i, 3, _cell(f"{r['ratio']:.3f}" if r["ratio"] is not None else "—", right))
        self._refit(self.anatomy)  # long item names wrap instead of ending in "…"

    def _summary(self, result: RunResult) -> str:
        lines = []
        meas = result.measurement
        st = meas.step_time_s
        if st.count:
            lines.append(
                fill(
                    self.tr(
                        "Step time: median %1 s, p95 %2 s, min %3 s over %4 steps · %5 tokens/s · %6 TFLOP/s"
                    ),
                    f"{st.median or 0:.3f}",
                    f"{st.p95 or 0:.3f}",
                    f"{st.min or 0:.3f}",
                    str(st.count),
                    fmt_rate(meas.tokens_per_s),
                    f"{meas.tflops or 0:.3g}",
                )
                + (f" · MFU {meas.mfu:.0%}" if meas.mfu else "")
            )
            predicted = result.estimate["time"]["seconds"]
            if predicted and st.median is not None:
                lines.append(
                    fill(
                        self.tr("Step time predicted %1 s, measured %2 s (measured ÷ predicted %3)"),
                        f"{predicted:.3g}",
                        f"{st.median:.3g}",
                        f"{st.median / predicted:.2f}",
                    )
                )
        if meas.host_rss:
            lines.append(fill(self.tr("Host RSS peak: %1"), fmt_bytes(meas.host_rss)))
        for dev, p in meas.peak.items():
            if p.get("allocated") is not None:
                lines.append(
                    fill(
                        self.tr("%1 peak: allocated %2, reserved %3, NVML %4"),
                        dev,
                        fmt_bytes(p.get("allocated")),
                        fmt_bytes(p.get("reserved")),
                        fmt_bytes(p.get("nvml_used")),
                    )
                )
        if meas.oom:
            o = meas.oom
            lines.append(
                fill(
                    self.tr("Out of memory in %1 at step %2: %3"),
                    label(PHASES, o.get("phase")),
                    str(o.get("step")),
                    str(o.get("message", ""))[:300],
                )
            )
        if result.status == "cancelled":
            lines.append(
                self.tr(
                    "Cancelled by you. What ran until then is kept in the run folder (events.jsonl, "
                    "result.json) and shown here."
                )
            )
        elif meas.failure:
            lines.append(fill(self.tr("Failure: %1"), str(meas.failure)))
        from trainsizer.result.checks import worded_outcomes

        q = worded_outcomes(result.raw).get("quality")
        if q and q.get("before") is not None:
            lines.append(
                fill(
                    self.tr("Quality: %1"),
                    evidence(q, translated=lambda tpl: QCoreApplication.translate("Messages", tpl)),
                )
            )
        r = result.resume
        if r.max_abs_loss_diff is not None:
            lines.append(
                fill(
                    self.tr("Resume: max |Δloss| %1, max |Δparam| %2, checkpoint %3, save %4 s, load %5 s"),
                    f"{r.max_abs_loss_diff:.3g}",
                    f"{r.max_abs_param_diff or 0:.3g}",
                    fmt_bytes(r.checkpoint_bytes),
                    f"{r.save_s or 0:.2f}",
                    f"{r.load_s or 0:.2f}",
                )
            )
        if result.error and result.status != "cancelled":
            lines.append(fill(self.tr("Error: %1"), result.error.text(problem_words)))
        return "\n".join(lines)
