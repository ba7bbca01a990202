"""The run form: one widget per spec field, grouped by concern, validated inline by the spec itself.

The form holds no rules of its own: widgets are made from the field declarations (type, choices,
range, help), values go through ``spec.from_dict`` and every SpecIssue is shown beside its field.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from trainsizer.gui.labels import SECTIONS as SECTION_LABELS
from trainsizer.gui.labels import label
from trainsizer.gui.spec_text import field_help, field_label, issue_text

PICK_FILE = {"model.config": "file", "model.pretrained": "dir", "data.path": "file", "checkpoint.dir": "dir"}
INT_MAX = 2**31 - 1


def _unwrap(tp):
    """(type, optional) of an annotation such as ``str | None``."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return next(a for a in typing.get_args(tp) if a is not type(None)), True
    return tp, False


def applicable(data: dict[str, dict[str, Any]]) -> dict[str, bool]:
    """Fields that do not apply to the current choices (greyed out, their values kept)."""
    method = data.get("method", {}).get("kind")
    par = data.get("parallel", {})
    lora = method in ("lora", "qlora")
    command = data.get("engine", {}).get("name") == "command"
    return {
        "method.lora_rank": lora,
        "method.lora_alpha": lora,
        "method.lora_dropout": lora,
        "method.lora_targets": lora,
        "method.qlora_double_quant": method == "qlora",
        "method.trainable_layers": method == "freeze",
        "optimizer.momentum": data.get("optimizer", {}).get("name") in ("sgd", "sgd-momentum"),
        "parallel.cpu_offload": par.get("strategy") == "fsdp",
        "parallel.fsdp_sharding": par.get("strategy") == "fsdp",
        "parallel.processes": par.get("strategy") != "single"
        and str(par.get("devices", "")).strip() == "cpu",
        "parallel.ranks_per_host": bool(par.get("hosts")),
        "parallel.rendezvous": bool(par.get("hosts")),
        "parallel.zero_stage": par.get("strategy") == "zero",
        "parallel.offload_optimizer": par.get("strategy") == "zero",
        "parallel.offload_params": par.get("strategy") == "zero" and par.get("zero_stage") == 3,
        "parallel.sequence_parallel": (par.get("tensor_parallel") or 1) > 1,
        "batch.checkpoint_policy": bool(data.get("batch", {}).get("gradient_checkpointing")),
        "data.path": data.get("data", {}).get("source") == "path",
        "data.format": data.get("data", {}).get("source") == "path",
        "data.text_field": data.get("data", {}).get("source") == "path",
        **{
            f"engine.{f}": command
            for f in (
                "command",
                "cwd",
                "env",
                "time_limit_s",
                "step_pattern",
                "stop_args",
                "resume_args",
                "checkpoint_path",
                "resume_tolerance",
            )
        },  # fmt: skip
    }


class _WheelOnlyWhenFocused:
    """A number box or a list in the scrolling form: the mouse wheel scrolls the form unless the person has
    clicked into the field (a value never changes under a passing wheel)."""

    def wheelEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()  # to the scroll area


class FormSpinBox(_WheelOnlyWhenFocused, QSpinBox):
    pass


class FormComboBox(_WheelOnlyWhenFocused, QComboBox):
    pass


def _wheel_safe(w):
    w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the wheel does not give focus either
    return w


class FieldEditor:
    """One field: its widget, how to read and write it, and its inline error label."""

    def __init__(self, path: str, tp, meta: dict, presets: list[str]):
        self.path, self.meta = path, meta
        self.tp, self.optional = _unwrap(tp)
        self.error = QLabel()
        self.error.setObjectName(f"error:{path}")
        self.error.setStyleSheet("color: #c62828;")
        self.error.setWordWrap(True)
        self.error.hide()
        self.widget = self._make(presets)
        self.widget.setObjectName(f"field:{path}")
        self.widget.setToolTip(field_help(path))

    def _make(self, presets):
        choices = self.meta.get("choices")
        if self.path == "model.preset":
            w = _wheel_safe(FormComboBox())
            w.addItem("", None)
            for name in presets:
                w.addItem(name, name)
            return w
        if choices:
            w = _wheel_safe(FormComboBox())
            for c in choices:
                w.addItem(c, c)
            return w
        if self.tp is bool:
            return QCheckBox()
        if self.tp is int and not self.optional:  # an optional number is a line: empty is "not set"
            w = _wheel_safe(FormSpinBox())
            # the whole int range: a value outside the field's rules is kept and the spec's own message says
            # why beside the field ("must be at least 1, got -8"), instead of the box changing it silently
            w.setRange(-INT_MAX, INT_MAX)
            return w
        return QLineEdit()

    def connect(self, slot) -> None:
        w = self.widget
        if isinstance(w, QComboBox):
            w.currentIndexChanged.connect(slot)
        elif isinstance(w, QCheckBox):
            w.toggled.connect(slot)
        elif isinstance(w, QSpinBox):
            w.valueChanged.connect(slot)
        else:
            w.textChanged.connect(slot)

    def value(self) -> Any:
        """The field's value as the spec expects it; text that is not a number is passed on as text, so
        the spec's own type check reports it."""
        w = self.widget
        if isinstance(w, QComboBox):
            return w.currentData()
        if isinstance(w, QCheckBox):
            return w.isChecked()
        if isinstance(w, QSpinBox):
            return w.value()
        text = w.text().strip()
        if typing.get_origin(self.tp) is list:
            return [t.strip() for t in text.split(",") if t.strip()]
        if self.tp in (float, int) and text:
            try:
                return self.tp(text)
            except ValueError:
                return text
        return text or (None if self.optional else "")

    def set_value(self, value: Any) -> None:
        w = self.widget
        if isinstance(w, QComboBox):
            i = w.findData(value)
            if i < 0 and value is not None:  # a value the list lacks (a new preset): keep it visible
                w.addItem(str(value), value)
                i = w.count() - 1
            w.setCurrentIndex(max(i, 0))
        elif isinstance(w, QCheckBox):
            w.setChecked(bool(value))
        elif isinstance(w, QSpinBox):
            w.setValue(int(value))
        elif isinstance(value, list):
            w.setText(", ".join(value))
        else:
            w.setText(
                ""
                if value is None
                else repr(value)
                if isinstance(value, float) and abs(value) < 1e-3
                else str(value)
            )

    def show_error(self, message: str | None) -> None:
        self.error.setText(message or "")
        self.error.setVisible(bool(message))


class SpecForm(QWidget):
    """Emits ``changed(spec_or_None)`` after edits settle; ``issues`` holds what is wrong, by field."""

    changed = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        from trainsizer.presets.catalog import list_presets
        from trainsizer.spec.runspec import SECTIONS

        presets = [p.name for p in list_presets()]
        self.editors: dict[str, FieldEditor] = {}
        self.groups: dict[str, QGroupBox] = {}
        self.spec = None
        self.issues: dict[str, str] = {}
        self._loading = False
        self._debounce = QTimer(self, singleShot=True, interval=150)
        self._debounce.timeout.connect(self.validate)
        inner = QWidget()
        col = QVBoxLayout(inner)
        for section, cls in SECTIONS.items():
            hints = typing.get_type_hints(cls)
            box = QGroupBox(label(SECTION_LABELS, section))
            box.setObjectName(f"section:{section}")
            grid = QGridLayout(box)
            for f in dataclasses.fields(cls):
                path = f"{section}.{f.name}"
                ed = self.editors[path] = FieldEditor(path, hints[f.name], dict(f.metadata), presets)
                row = grid.rowCount()
                name = QLabel(field_label(path))
                name.setToolTip(field_help(path))
                name.setBuddy(ed.widget)
                grid.addWidget(name, row, 0)
                grid.addWidget(self._with_picker(path, ed), row, 1)
                grid.addWidget(ed.error, row + 1, 1)
                ed.connect(self._edited)
            self.groups[section] = box
            col.addWidget(box)
        col.addStretch(1)
        scroll = self.scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(scroll)
        from trainsizer.spec import RunSpec

        self.set_spec(RunSpec())

    def show_field(self, path: str) -> None:
        """Scroll to a field and put the cursor in it (the estimate panel's error links here)."""
        ed = self.editors.get(path)
        if ed is None:
            return
        self.scroll.ensureWidgetVisible(ed.widget, 50, 80)
        ed.widget.setFocus()

    def _with_picker(self, path: str, ed: FieldEditor) -> QWidget:
        if path not in PICK_FILE:
            return ed.widget
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(ed.widget, 1)
        button = QPushButton("…")
        button.setObjectName(f"pick:{path}")
        button.setToolTip(self.tr("Choose a file or folder"))
        button.clicked.connect(lambda: self._pick(path))
        row.addWidget(button)
        return box

    def _pick(self, path: str) -> None:
        if PICK_FILE[path] == "dir":
            chosen = QFileDialog.getExistingDirectory(self, field_label(path))
        else:
            chosen, _ = QFileDialog.getOpenFileName(self, field_label(path))
        if chosen:
            if path in ("model.config", "model.pretrained"):
                self.editors["model.preset"].set_value(None)  # one model source at a time
            self.editors[path].set_value(chosen)

    # -- values ------------------------------------------------------------------------------------------
    def data(self) -> dict[str, dict[str, Any]]:
        """The spec as the form says it. A field that does not apply to the current choices (greyed out) keeps
        its value in the widget but is left out of the spec: it never blocks the run with an error."""
        raw = self._raw()
        for path, ok in applicable(raw).items():
            section, name = path.split(".")
            if not ok:
                raw.get(section, {}).pop(name, None)
        return raw

    def _raw(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {"schema": 1}
        for path, ed in self.editors.items():
            section, name = path.split(".")
            value = ed.value()
            if value is None and ed.optional:
                continue  # unset optional fields are absent from a spec file too
            out.setdefault(section, {})[name] = value
        return out

    def set_spec(self, spec) -> None:
        self._loading = True
        try:
            data = spec.to_dict()
            for path, ed in self.editors.items():
                section, name = path.split(".")
                ed.set_value(data.get(section, {}).get(name))
        finally:
            self._loading = False
        self.validate()

    def _edited(self, *_):
        if not self._loading:
            self._update_applicable()
            self._debounce.start()

    def _update_applicable(self) -> None:
        for path, ok in applicable(self._raw()).items():
            if path in self.editors:
                self.editors[path].widget.setEnabled(ok)

    def validate(self):
        """Build the spec from the widgets; show each problem beside its field. Returns the spec or None."""
        from trainsizer.spec import SpecError, from_dict

        self._update_applicable()
        from trainsizer.spec.checks import path_issues

        try:
            self.spec, problems = from_dict(self.data(), source="form"), []
        except SpecError as e:
            self.spec, problems = None, e.issues
        if self.spec is not None:  # files that do not exist block the run here, beside their field
            problems = path_issues(self.spec)
            self.spec = None if problems else self.spec
        self.issues = {}
        for issue in problems:
            self.issues.setdefault(issue.path, issue_text(issue))
        for path, ed in self.editors.items():
            ed.show_error(self.issues.get(path))
        self.changed.emit(self.spec)
        return self.spec
