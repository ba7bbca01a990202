"""The Plan tab: ranked hardware options for the form's spec and its [task] (estimate/plan.py, the same as
`trainsizer plan`), computed off the event loop; a request drafted from the chosen option with no run."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from trainsizer.gui.i18n import duration_word, fill
from trainsizer.gui.labels import CAVEATS, LAYOUTS, NEEDS, PLAN_REASONS, label
from trainsizer.gui.spec_text import exception_text
from trainsizer.ui_common.textfmt import fmt_bytes, fmt_hours, plan_cells, spec_changes_text


def layout_text(layout: str) -> str:
    """ "zero3-offload+ckpt" in the window's language."""
    from trainsizer.vocab import LAYOUT_WORDS, layout_words

    code_of = {v: k for k, v in LAYOUT_WORDS.items()}
    return layout_words(layout, lambda text: label(LAYOUTS, code_of.get(text, text)))


def placement_text(place: dict) -> str:
    """A placement in the window's language (the templates live in the catalog's Report context)."""
    from PySide6.QtCore import QCoreApplication

    from trainsizer.vocab import placement_words

    return placement_words(place, lambda text, *args: QCoreApplication.translate("Report", text) % args)


class PlanRunner(QObject):
    ready = Signal(object, object, object)  # (spec, plan or None, error text or None)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="trainsizer-plan")
        self._seq = 0

    def request(self, spec, headroom: float, limits: dict | None = None) -> None:
        self._seq += 1
        self._pool.submit(self._run, self._seq, spec, headroom, dict(limits or {}))

    def _run(self, seq, spec, headroom, limits) -> None:
        from trainsizer.estimate.plan import plan
        from trainsizer.runs.history import plan_calibration

        try:
            result = plan(spec, headroom=headroom, calibration=plan_calibration(spec), **limits)
            error = None
        except ValueError as e:  # a GPU class the catalog does not know: named, as `plan --gpus` names it
            result, error = None, fill(self.tr("GPU classes: %1"), exception_text(e))
        except Exception as e:  # shown in the panel, never a traceback
            result, error = None, f"{type(e).__name__}: {e}"
        if seq == self._seq:
            self.ready.emit(spec, result, error)

    def shutdown(self) -> None:
        self._seq += 1
        self._pool.shutdown(wait=False, cancel_futures=True)


COLUMNS = ("#", "target", "layout", "peak / GPU", "free", "step", "tokens/s", "time", "GPU-h", "status")


class PlanPanel(QWidget):
    request_draft = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.spec = None
        self.plan: dict | None = None
        self.runner = PlanRunner(self)
        self.runner.ready.connect(self.show_plan)
        lay = QVBoxLayout(self)
        self.summary = QLabel(
            self.tr(
                "Fill in the Task section of the form (tokens, deadline), then press Plan: every GPU class × "
                "count × layout is sized and ranked."
            )
        )
        self.summary.setWordWrap(True)
        self.summary.setObjectName("plan-summary")
        lay.addWidget(self.summary)
        row = QHBoxLayout()
        self.plan_button = QPushButton(self.tr("Plan"))
        self.plan_button.setObjectName("plan")
        self.plan_button.clicked.connect(self.plan_now)
        self.all_box = QCheckBox(self.tr("Show every option"))
        self.all_box.toggled.connect(lambda _on: self._fill())
        self.request_button = QPushButton(self.tr("Draft a request from the selected option…"))
        self.request_button.setEnabled(False)
        self.request_button.clicked.connect(self.request_draft.emit)
        for w in (self.plan_button, self.all_box, self.request_button):
            row.addWidget(w)
        row.addStretch(1)
        lay.addLayout(row)
        # the customer's limits, as `plan --gpus --max-nodes --max-gpus` takes them; a planned Target
        # fills them
        limits = QHBoxLayout()
        self.classes = QLineEdit()
        self.classes.setObjectName("plan-gpus")
        self.classes.setPlaceholderText(self.tr("every GPU class of the table"))
        self.classes.setToolTip(
            self.tr("GPU classes to plan for, comma-separated (H100-80GB, L40S, or {mem=96GiB,bf16=989})")
        )
        self.max_nodes = QSpinBox()
        self.max_nodes.setObjectName("plan-max-nodes")
        self.max_nodes.setRange(0, 64)
        self.max_nodes.setSpecialValueText(self.tr("no limit"))
        self.max_gpus = QSpinBox()
        self.max_gpus.setObjectName("plan-max-gpus")
        self.max_gpus.setRange(0, 1024)
        self.max_gpus.setSpecialValueText(self.tr("no limit"))
        for text, w in (
            (self.tr("GPU classes"), self.classes),
            (self.tr("at most nodes"), self.max_nodes),
            (self.tr("at most GPUs"), self.max_gpus),
        ):
            limits.addWidget(QLabel(text))
            limits.addWidget(w, 2 if w is self.classes else 0)
        lay.addLayout(limits)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("plan-table")
        self.table.setHorizontalHeaderLabels([self._header(c) for c in COLUMNS])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        lay.addWidget(self.table, 1)
        self.best = QLabel()
        self.best.setWordWrap(True)
        self.best.setObjectName("plan-best")
        lay.addWidget(self.best)

    def _header(self, code: str) -> str:
        return {
            "#": "#",
            "target": self.tr("target"),
            "layout": self.tr("layout"),
            "peak / GPU": self.tr("peak / GPU"),
            "free": self.tr("free"),
            "step": self.tr("step"),
            "tokens/s": self.tr("tokens/s"),
            "time": self.tr("time to train"),
            "GPU-h": self.tr("GPU-hours"),
            "status": self.tr("status"),
        }[code]

    def follow(self, spec) -> None:
        self.spec = spec
        self.plan_button.setEnabled(spec is not None)

    def follow_target(self, devices: str | None) -> None:
        """The window's Target: a planned one (8xH100-80GB, 2x8x{...}) is the plan's class and its limits;
        any other (this machine, a server, a cluster) leaves every class and no limit."""
        from trainsizer.hardware.accelerators import target_limits

        limits = target_limits(devices) if devices else None
        cls, nodes, gpus = limits if limits else ("", 0, 0)
        self.classes.setText(cls)
        self.max_nodes.setValue(nodes)
        self.max_gpus.setValue(gpus)

    def limits(self) -> dict:
        from trainsizer.hardware.accelerators import split_outside_braces

        return {
            "gpus": split_outside_braces(self.classes.text()) or None,
            "max_nodes": self.max_nodes.value() or None,
            "max_gpus": self.max_gpus.value() or None,
        }

    def plan_now(self, headroom: float = 0.1) -> None:
        if self.spec is None:
            return
        self.summary.setText(self.tr("Planning…"))
        self.runner.request(self.spec, headroom, self.limits())

    def show_plan(self, spec, plan: dict | None, error: str | None) -> None:
        self.plan = plan
        self.planned_spec = spec
        if plan is None:
            self.summary.setText(fill(self.tr("No plan: %1"), error or ""))
            self.table.setRowCount(0)
            self.request_button.setEnabled(False)
            return
        task = plan["task"]
        parts = []
        if task["tokens"]:
            parts.append(fill(self.tr("%1 tokens"), f"{task['tokens']:.3g}"))
        else:
            parts.append(self.tr("no tokens in the Task section: time to train not computed"))
        if task["deadline_hours"]:
            parts.append(fill(self.tr("deadline %1"), fmt_hours(task["deadline_hours"], duration_word)))
        sized = [f"{plan['headroom']:.0%}", f"{plan['candidates']:,}", f"{plan['seconds']:.2f}"]
        if task["utilization"]:
            text = fill(
                self.tr("utilisation %1 assumed; headroom %2; %3 layouts sized in %4 s"),
                f"{task['utilization']:.0%}",
                *sized,
            )
        else:
            text = fill(
                self.tr(
                    "utilisation per GPU class: fitted to published runs, else 40% assumed; "
                    "headroom %1; %2 layouts sized in %3 s"
                ),
                *sized,
            )
        parts.append(text)
        limits = plan.get("limits") or {}
        if limits.get("max_nodes"):
            parts.append(fill(self.tr("at most %1 nodes"), str(limits["max_nodes"])))
        if limits.get("max_gpus"):
            parts.append(fill(self.tr("at most %1 GPUs"), str(limits["max_gpus"])))
        classes = sorted({o["gpu"] for o in plan["options"]})
        if classes and self.classes.text().strip():
            parts.append(fill(self.tr("classes: %1"), ", ".join(classes)))
        fallen = ", ".join(f"{n} {label(PLAN_REASONS, r)}" for r, n in sorted(plan["fallen_out"].items()))
        if fallen:
            parts.append(fill(self.tr("fell out: %1"), fallen))
        self.summary.setText("; ".join(parts))
        self._fill()

    def shown_options(self) -> list[dict]:
        if not self.plan:
            return []
        opts = self.plan["options"]
        if self.all_box.isChecked():
            return opts
        top = [opts[i - 1] for i in self.plan["top"]]
        if not top and self.plan.get("closest"):
            top = [opts[self.plan["closest"] - 1]]
        return top

    def _fill(self) -> None:
        opts = self.shown_options()
        self.table.setRowCount(len(opts))
        for r, o in enumerate(opts):
            cells = plan_cells(
                o, layout_text, lambda r: label(PLAN_REASONS, r), duration_word, self.tr("meets the task")
            )
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, o["option"])
                if c in (0, 3, 4, 5, 6, 7, 8):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        if opts:
            self.table.selectRow(0)
        self.request_button.setEnabled(bool(opts))
        best = opts[0] if opts and not opts[0]["why_not"] else None
        if best:
            lines = [fill(self.tr("Best: option %1, %2 — %3"), str(best["option"]), best["target"],
                          placement_text(best["placement"]))]  # fmt: skip
            lines.append(fill(self.tr("Host RAM per node: %1 (estimated)"), fmt_bytes(best["host_per_node"])))
            if best.get("spec_changes"):
                text = spec_changes_text(best["spec_changes"])
                lines.append(fill(self.tr("Changes to the agreed spec: %1"), text))
            lines += [fill(self.tr("Needs %1"), label(NEEDS, n)) for n in best["needs"]]
            lines += [label(CAVEATS, c) for c in best["caveats"]]
            self.best.setText("\n".join(lines))
        elif opts:
            self.best.setText(self.tr("Nothing meets the task; the closest option is shown."))
        else:
            self.best.clear()

    def selected_option(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def shutdown(self) -> None:
        self.runner.shutdown()
