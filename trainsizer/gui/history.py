"""The History tab: the runs kept (trainsizer.runs.history) and those opened from other folders, newest first,
with what they ran; double-click reopens one; two selected compare ("what did the change save?")."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainsizer.gui.i18n import recent, remember
from trainsizer.gui.labels import STATUSES, label
from trainsizer.runs.history import list_runs

OPENED_KEY = "opened_runs"  # run folders opened from elsewhere, listed too


def opened_runs() -> list[str]:
    return recent(OPENED_KEY)


def remember_opened(path: str | Path) -> None:
    remember(OPENED_KEY, str(path), keep=50)


class HistoryList(QTreeWidget):
    opened = Signal(str)  # a run directory
    COLUMNS = ("date", "model", "method", "precision", "target", "engine", "verdict", "folder")

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("history")
        self.setRootIsDecorated(False)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setHeaderLabels(
            [
                self.tr("date"),
                self.tr("model"),
                self.tr("method"),
                self.tr("precision"),
                self.tr("target"),
                self.tr("engine"),
                self.tr("verdict"),
                self.tr("folder"),
            ]
        )
        self.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.header().setSectionResizeMode(len(self.COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.setToolTip(self.tr("Double-click a run to reopen it; select two to compare them"))
        self.itemActivated.connect(
            lambda item, _col: self.opened.emit(item.data(0, Qt.ItemDataRole.UserRole))
        )
        self.refresh()

    def refresh(self, root: Path | None = None) -> None:
        self.clear()
        for e in list_runs(root, extra=opened_runs()):
            verdict = label(STATUSES, e.verdict)
            if e.status and e.status != "ok":
                verdict += f" ({label(STATUSES, e.status)})"
            target = self.tr("this machine") if e.target == "this machine" else e.target
            item = QTreeWidgetItem(
                [e.date, e.model, e.method, e.precision, target, e.engine, verdict, str(e.path)]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, str(e.path))
            item.setToolTip(len(self.COLUMNS) - 1, str(e.path))
            self.addTopLevelItem(item)

    def selected_runs(self) -> list[str]:
        return [i.data(0, Qt.ItemDataRole.UserRole) for i in self.selectedItems()]


class HistoryPanel(QWidget):
    """The list, a hint and the Compare button."""

    compare = Signal(str, str)

    def __init__(self, history: HistoryList, parent=None):
        super().__init__(parent)
        self.list = history
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(history, 1)
        row = QHBoxLayout()
        self.hint = QLabel(
            self.tr("Double-click a run to reopen it; select two (Ctrl+click) to compare them.")
        )
        self.hint.setStyleSheet("color: #757575;")
        self.compare_button = QPushButton(self.tr("Compare the two selected…"))
        self.compare_button.setObjectName("compare")
        self.compare_button.setEnabled(False)
        self.compare_button.clicked.connect(self._compare)
        history.itemSelectionChanged.connect(
            lambda: self.compare_button.setEnabled(len(history.selected_runs()) == 2)
        )
        row.addWidget(self.hint, 1)
        row.addWidget(self.compare_button)
        lay.addLayout(row)

    def _compare(self) -> None:
        runs = self.list.selected_runs()
        if len(runs) == 2:
            older, newer = sorted(runs, key=lambda p: self._created(p))
            self.compare.emit(older, newer)

    @staticmethod
    def _created(path: str) -> str:
        from trainsizer.runs.history import read_entry

        entry = read_entry(Path(path))
        return entry.created if entry else ""
