"""The export dialog behind the results panel's buttons: the same functions as `trainsizer report` and
`trainsizer request`, plus "open in mail client" (a mailto: link) and "copy to clipboard"."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
)

from trainsizer.gui.i18n import LANGUAGES, fill


class ExportDialog(QDialog):
    def __init__(self, parent, what: str, run_dir: Path, language: str):
        super().__init__(parent)
        self.what, self.run_dir = what, Path(run_dir)
        self.written: Path | None = None
        self.setWindowTitle(
            self.tr("Export the acceptance report")
            if what == "report"
            else self.tr("Draft a hardware-selection request")
        )
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.format = QComboBox()
        for fmt, text in (
            (("html", self.tr("HTML (self-contained)")), ("pdf", "PDF"), ("json", "JSON"))
            if what == "report"
            else (("md", self.tr("Markdown / plain text")), ("eml", self.tr("E-mail draft (.eml)")))
        ):
            self.format.addItem(text, fmt)
        form.addRow(self.tr("Format"), self.format)
        self.language = QComboBox()
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(language)))
        form.addRow(self.tr("Language"), self.language)
        self.redact = QCheckBox(self.tr("Redact host and user names, paths, serial numbers and UUIDs"))
        self.redact.setChecked(True)
        self.to = QLineEdit()
        self.to.setPlaceholderText("vendor@example.com")
        if what == "request":
            form.addRow("", self.redact)
            form.addRow(self.tr("To"), self.to)
        lay.addLayout(form)
        lay.addWidget(QLabel(fill(self.tr("Run folder: %1"), str(self.run_dir))))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        save = QPushButton(self.tr("Save…"))
        save.clicked.connect(self.save)
        buttons.addButton(save, QDialogButtonBox.ButtonRole.ActionRole)
        if what == "request":
            mail = QPushButton(self.tr("Open in mail client"))
            mail.clicked.connect(self.open_mail)
            copy = QPushButton(self.tr("Copy to clipboard"))
            copy.clicked.connect(self.copy)
            buttons.addButton(mail, QDialogButtonBox.ButtonRole.ActionRole)
            buttons.addButton(copy, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def _lang(self) -> str:
        return self.language.currentData()

    def write(self, path: str | Path) -> Path:
        from trainsizer.report.export import export_report, export_request

        fmt = self.format.currentData()
        if self.what == "report":
            self.written = export_report(self.run_dir, fmt, path, self._lang())
        else:
            self.written = export_request(
                self.run_dir,
                fmt,
                path,
                self._lang(),
                to=self.to.text().strip() or None,
                redacted=self.redact.isChecked(),
            )
        return self.written

    def save(self) -> None:
        from trainsizer.report.export import default_name

        fmt = self.format.currentData()
        suggested = str(self.run_dir / default_name(self.what, fmt, self._lang()))
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save as"), suggested)
        if not path:
            return
        try:
            self.write(path)
        except Exception as e:  # a message with the path, never a traceback in the window
            QMessageBox.warning(self, self.tr("Cannot export"), f"{path}\n\n{e}")

    def text(self) -> str:
        from trainsizer.report.content import load_run
        from trainsizer.report.request import render_markdown

        return render_markdown(load_run(self.run_dir), self._lang(), redacted=self.redact.isChecked())

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text())

    def mailto(self) -> str:
        from trainsizer.report.content import load_run
        from trainsizer.report.request import mailto_link

        return mailto_link(
            load_run(self.run_dir), self._lang(), to=self.to.text().strip(), redacted=self.redact.isChecked()
        )

    def open_mail(self) -> None:
        QDesktopServices.openUrl(QUrl(self.mailto()))


def export_dialog(parent, what: str, run_dir: Path, language: str) -> ExportDialog:
    dialog = ExportDialog(parent, what, run_dir, language)
    dialog.open()
    return dialog
