"""The window's readiness probe (`trainsizer probe`, docs/probe.md): run as a child process of the CLI — this
machine, or the test server the Target names — its stages shown as they run, its figures in a table with
their verdicts, worded from the codes in the window's language. The probe is kept (it calibrates estimates and
plans of that machine)."""

from __future__ import annotations

import json
import sys

from PySide6.QtCore import QProcess, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from trainsizer.gui.i18n import fill

COLOR = {"pass": "#2e7d32", "below": "#c62828", "unknown": "#616161"}


def probe_command(host: str | None, quick: bool = False) -> list[str]:
    from trainsizer.bundle import is_frozen

    args = (
        ["probe", "--json", "--progress-lines"]
        + (["--quick"] if quick else [])
        + (["--host", host] if host else [])
    )
    return [sys.executable, *args] if is_frozen() else [sys.executable, "-m", "trainsizer", *args]


class ProbeDialog(QDialog):
    finished_probe = Signal(dict)  # the probe document (also a failure: {"error": ...})

    def __init__(self, parent, host: str | None, language: str, quick: bool = False):
        super().__init__(parent)
        self.language, self.host, self.doc = language, host, None
        self.setWindowTitle(self.tr("Readiness probe"))
        self.resize(900, 560)
        lay = QVBoxLayout(self)
        self.status = QLabel(fill(self.tr("Probing %1…"), host) if host else self.tr("Probing this machine…"))
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self.table = QTableWidget(0, 5)
        self.table.setObjectName("probe-figures")
        self.table.setHorizontalHeaderLabels(
            [self.tr("where"), self.tr("figure"), self.tr("measured"), self.tr("verdict"), self.tr("against")]
        )
        self.table.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        lay.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        lay.addWidget(buttons)
        self.proc = QProcess(self)
        self.proc.readyReadStandardError.connect(self._progress)
        self.proc.finished.connect(self._done)
        cmd = probe_command(host, quick)
        self.proc.start(cmd[0], cmd[1:])

    def _progress(self) -> None:
        text = bytes(self.proc.readAllStandardError()).decode("utf-8", "replace")
        stages = [line.removeprefix("probe: ") for line in text.splitlines() if line.startswith("probe: ")]
        if stages:
            self.status.setText(fill(self.tr("Probing: %1…"), stages[-1]))

    def _done(self, code: int, _status) -> None:
        raw = bytes(self.proc.readAllStandardOutput()).decode("utf-8", "replace")
        try:
            doc = json.loads(raw)
        except ValueError:
            doc = None
        if not isinstance(doc, dict):
            self.status.setText(fill(self.tr("The probe did not finish (exit code %1)."), code))
            self.finished_probe.emit({"error": f"exit code {code}"})
            return
        self.doc = doc
        self.show_doc(doc)
        self.finished_probe.emit(doc)

    def show_doc(self, doc: dict) -> None:
        from trainsizer.report.text import translator
        from trainsizer.ui_common.messages import evidence
        from trainsizer.ui_common.probe_words import FIGURE_WORDS, MARK, figure_value

        t = translator(self.language)
        figures = [f for f in doc.get("figures") or [] if f.get("what") != "device"]
        self.table.setRowCount(len(figures))
        for row, f in enumerate(figures):
            verdict = f.get("verdict") or "unknown"
            cells = [
                str(f.get("scope", "")),
                t(FIGURE_WORDS.get(f.get("what"), str(f.get("what", "")))),
                figure_value(f),
                f"{MARK.get(verdict, '?')} {t(verdict)}",
                evidence(f, self.language) if f.get("code") else "",
            ]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col == 3:
                    item.setForeground(QColor(COLOR.get(verdict, "#000000")))
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        below = doc.get("summary") or []
        self.status.setText(
            fill(self.tr("%1 figures below what the parts should give."), len(below))
            if below
            else self.tr("Nothing is below what the parts should give.")
        )
