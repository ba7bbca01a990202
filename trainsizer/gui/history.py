"""The History tab: the runs kept (trainsizer.runs.history), newest first; activating one reopens it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem

from trainsizer.gui.labels import STATUSES, label
from trainsizer.runs.history import list_runs


class HistoryList(QTreeWidget):
    opened = Signal(str)  # a run directory

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("history")
        self.setRootIsDecorated(False)
        self.setHeaderLabels(
            [self.tr("created"), self.tr("model"), self.tr("verdict"), self.tr("status"), self.tr("folder")]
        )
        self.header().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.itemActivated.connect(
            lambda item, _col: self.opened.emit(item.data(0, Qt.ItemDataRole.UserRole))
        )
        self.refresh()

    def refresh(self, root: Path | None = None) -> None:
        self.clear()
        for e in list_runs(root):
            item = QTreeWidgetItem(
                [
                    e.created,
                    e.model,
                    label(STATUSES, e.verdict),
                    label(STATUSES, e.status) if e.status else "",
                    str(e.path),
                ]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, str(e.path))
            self.addTopLevelItem(item)
