"""The export dialog behind the results panel's buttons: the same functions as `trainsizer report` and
`trainsizer request`, plus "open in mail client" (a mailto: link) and "copy to clipboard"."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from trainsizer.gui.i18n import LANGUAGES, fill
from trainsizer.gui.spec_text import exception_text
from trainsizer.report.request import DEFAULT_HEADROOM, DEFAULT_KEEP


class ExportDialog(QDialog):
    """``what`` is report or request; a request comes from ``run_dir``, from ``plan`` (spec, plan result,
    option number) with no run, or from both (measured figures beside the plan's estimates)."""

    def __init__(self, parent, what: str, run_dir: Path | None, language: str, plan=None):
        super().__init__(parent)
        self.what, self.run_dir, self.plan = what, Path(run_dir) if run_dir else None, plan
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
        self.headroom = QDoubleSpinBox()
        self.headroom.setObjectName("headroom")
        self.headroom.setRange(0, 1000)
        self.headroom.setDecimals(0)
        self.headroom.setSuffix(" %")
        self.headroom.setValue(DEFAULT_HEADROOM * 100)
        self.headroom.setToolTip(
            self.tr("Memory asked for above the peak (as trainsizer request --headroom)")
        )
        self.keep = QSpinBox()
        self.keep.setObjectName("keep")
        self.keep.setRange(1, 1000)
        self.keep.setValue(DEFAULT_KEEP)
        self.keep.setToolTip(self.tr("Checkpoints kept on disk at a time (as trainsizer request --keep)"))
        if what == "request":
            if self.run_dir is not None:
                form.addRow("", self.redact)
            form.addRow(self.tr("To"), self.to)
            form.addRow(self.tr("Memory headroom"), self.headroom)
            form.addRow(self.tr("Checkpoints kept"), self.keep)
        lay.addLayout(form)
        if self.run_dir is not None:
            lay.addWidget(QLabel(fill(self.tr("Run folder: %1"), str(self.run_dir))))
        if plan is not None:
            lay.addWidget(QLabel(fill(self.tr("From the plan's option %1 (estimated)"), str(plan[2]))))
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
        # what the last action did, said where the user looks: the file saved (or why not), the clipboard
        self.status = QLabel("")
        self.status.setObjectName("export-status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.status)
        lay.addWidget(buttons)

    def _lang(self) -> str:
        return self.language.currentData()

    def _kw(self) -> dict:
        return {"headroom": self.headroom.value() / 100, "keep": self.keep.value()}

    def _run(self):
        from trainsizer.report.content import load_run

        return load_run(self.run_dir) if self.run_dir is not None else None

    def write(self, path: str | Path) -> Path:
        from trainsizer.report.export import export_report, export_request

        fmt = self.format.currentData()
        if self.plan is not None:
            from trainsizer.report.plan_request import render_plan_eml, render_plan_markdown

            spec, result, option = self.plan
            path = Path(path)
            if fmt == "md":
                path.write_text(
                    render_plan_markdown(spec, result, option, self._lang(), run=self._run(), **self._kw()),
                    encoding="utf-8",
                )
            else:
                path.write_bytes(
                    render_plan_eml(
                        spec,
                        result,
                        option,
                        self._lang(),
                        to=self.to.text().strip() or None,
                        run=self._run(),
                        **self._kw(),
                    )  # fmt: skip
                )
            self.written = path
            return path
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
                **self._kw(),
            )
        return self.written

    def save(self) -> None:
        from trainsizer.report.export import default_name

        fmt = self.format.currentData()
        name = default_name(self.what, fmt, self._lang())
        suggested = str(self.run_dir / name) if self.run_dir is not None else name
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save as"), suggested)
        if not path:
            return
        try:
            written = self.write(path)
        except Exception as e:  # a message with the path, never a traceback in the window
            self.status.setText(fill(self.tr("Not saved: %1"), str(path)))
            QMessageBox.warning(self, self.tr("Cannot export"), f"{path}\n\n{exception_text(e)}")
            return
        self.status.setText(fill(self.tr("Saved: %1"), str(written)))

    def text(self) -> str:
        from trainsizer.report.request import render_markdown

        if self.plan is not None:
            from trainsizer.report.plan_request import render_plan_markdown

            spec, result, option = self.plan
            return render_plan_markdown(spec, result, option, self._lang(), run=self._run(), **self._kw())
        return render_markdown(self._run(), self._lang(), redacted=self.redact.isChecked(), **self._kw())

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text())
        self.status.setText(self.tr("Copied to the clipboard"))

    def mailto(self) -> str:
        from urllib.parse import quote

        from trainsizer.report.request import mailto_link

        if self.plan is not None:
            body = self.text()
            body = body[:1800] + "\n…" if len(body) > 1800 else body
            subject = body.splitlines()[0].lstrip("# ")
            return f"mailto:{quote(self.to.text().strip())}?subject={quote(subject)}&body={quote(body)}"
        return mailto_link(
            self._run(),
            self._lang(),
            to=self.to.text().strip(),
            redacted=self.redact.isChecked(),
            **self._kw(),
        )

    def open_mail(self) -> None:
        QDesktopServices.openUrl(QUrl(self.mailto()))


def export_dialog(parent, what: str, run_dir: Path | None, language: str, plan=None) -> ExportDialog:
    dialog = ExportDialog(parent, what, run_dir, language, plan)
    dialog.open()
    return dialog
