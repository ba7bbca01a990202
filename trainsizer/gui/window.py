"""The main window: form on the left; estimate, live plot and results on the right (docs/architecture.md).

Thin by rule: estimates come from trainsizer.estimate, runs from trainsizer.runs (through RunController),
exports from trainsizer.report, the same functions the CLI calls.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from trainsizer.gui.adapter import Replay, RunController
from trainsizer.gui.estimate_panel import REMOTE_PREFIX, SLURM_PREFIX, EstimatePanel
from trainsizer.gui.form import SpecForm
from trainsizer.gui.history import HistoryList, HistoryPanel, remember_opened
from trainsizer.gui.i18n import LANGUAGES, fill
from trainsizer.gui.labels import JOB_STATES, PHASES, STATUSES, label
from trainsizer.gui.plan_panel import PlanPanel
from trainsizer.gui.plot import MemoryPlot
from trainsizer.gui.results import ResultsPanel
from trainsizer.gui.spec_text import exception_text, problem_words
from trainsizer.result.model import RunResult
from trainsizer.runs.compare import reference_levels, result_levels
from trainsizer.runs.history import history_root, new_run_dir

REMOTE_HOSTS_KEY = "remote_hosts"  # test servers used before, listed in the Target box
PLANNING_TARGETS = (
    "1xH100-80GB",
    "8xH100-80GB",
    "2x8xH100-80GB",
    "1xH200-141GB",
    "8xH200-141GB",
    "1xA100-80GB",
    "8xA100-80GB",
    "1xA100-40GB",
    "1xL40S",
    "1xRTX4090",
    "1xL4",
)


class MainWindow(QMainWindow):
    language_changed = Signal(str)

    def __init__(self, language: str = "en", history: Path | None = None):
        super().__init__()
        self.language = language
        self.history_dir = history or history_root()
        self.setWindowTitle("trainsizer")
        self.controller = RunController(self)
        self.controller.event.connect(self.on_event)
        self.controller.stage.connect(self.on_stage)
        self.controller.finished.connect(self.on_finished)
        self.controller.failed.connect(self.on_failed)
        self.controller.refused.connect(self.on_refused)
        self.replay: Replay | None = None
        self.export_box = None  # the open export dialog, if any
        self.stage_name = ""
        self._build_toolbar()
        self._build_body()
        self._tick = QTimer(self, interval=500)
        self._tick.timeout.connect(self._update_progress)
        self.form.changed.connect(self._form_changed)
        self._form_changed(self.form.spec)
        self.resize(1500, 950)

    # -- layout --------------------------------------------------------------------------------------------
    def _build_toolbar(self) -> None:
        bar = QToolBar(self.tr("Main"))
        bar.setObjectName("toolbar")
        bar.setMovable(False)
        self.addToolBar(bar)
        bar.addWidget(QLabel(self.tr("Target:") + " "))
        self.target = QComboBox()
        self.target.setObjectName("target")
        self.target.setEditable(True)
        self.target.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)  # Enter adds no duplicate entry
        self.target.setToolTip(
            self.tr(
                "Estimate for this machine's devices, for planned ones such as 8xH100-80GB or 2x8xH100-80GB, "
                "or run on a test server over SSH (ssh:user@server), or as a Slurm batch job (slurm: submits "
                "from this login node, slurm:login1 through a login node over SSH)"
            )
        )
        self.target.addItem(self.tr("this machine"), None)
        for t in PLANNING_TARGETS:
            self.target.addItem(t, t)
        for host in self._remote_hosts():
            self.target.addItem(REMOTE_PREFIX + " " + host, REMOTE_PREFIX + host)
        if shutil.which("sbatch"):  # this machine is a login node of a Slurm cluster
            self.target.addItem(self.tr("Slurm cluster (sbatch here)"), SLURM_PREFIX)
        self.target.currentIndexChanged.connect(lambda _i: self._target_changed())
        self.target.lineEdit().editingFinished.connect(self._target_changed)
        bar.addWidget(self.target)
        bar.addSeparator()
        for text, slot in (
            (self.tr("Open spec…"), self.open_spec),
            (self.tr("Save spec…"), self.save_spec),
            (self.tr("Open run…"), self.open_run_dialog),
            (self.tr("Probe…"), self.probe_machine),
        ):
            bar.addAction(text, slot)
        bar.addSeparator()
        bar.addWidget(QLabel(self.tr("Language:") + " "))
        self.language_box = QComboBox()
        self.language_box.setObjectName("language")
        for code, name in LANGUAGES.items():
            self.language_box.addItem(name, code)
        self.language_box.setCurrentIndex(max(0, self.language_box.findData(self.language)))
        self.language_box.currentIndexChanged.connect(
            lambda _i: self.language_changed.emit(self.language_box.currentData())
        )
        bar.addWidget(self.language_box)

    def _build_body(self) -> None:
        left = QWidget()
        col = QVBoxLayout(left)
        title = QLabel(self.tr("Run specification"))
        title.setStyleSheet("font-weight: bold;")
        col.addWidget(title)
        self.form = SpecForm()
        col.addWidget(self.form, 1)
        row = QHBoxLayout()
        self.estimate_button = QPushButton(self.tr("Traced estimate"))
        self.estimate_button.setToolTip(
            self.tr(
                "The estimate above is live and analytic; this traces the real model on fake tensors "
                "(exact, seconds)"
            )
        )
        self.measure_button = QPushButton(self.tr("Measure"))
        self.check_button = QPushButton(self.tr("Full acceptance"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.estimate_button.clicked.connect(self.estimate_now)
        self.measure_button.clicked.connect(lambda: self.start_run("measure", confirm=True))
        self.check_button.clicked.connect(lambda: self.start_run("check", confirm=True))
        self.cancel_button.clicked.connect(self.cancel_run)
        for b in (self.estimate_button, self.measure_button, self.check_button, self.cancel_button):
            row.addWidget(b)
        col.addLayout(row)
        self.progress = QProgressBar()
        self.progress.setObjectName("progress")
        self.progress.setTextVisible(True)
        self.progress.setFormat(self.tr("idle"))
        self.progress.setValue(0)
        col.addWidget(self.progress)

        right = QSplitter(Qt.Orientation.Vertical)
        self.estimate = EstimatePanel()
        self.estimate.field_clicked.connect(lambda path: self.form.show_field(path))
        self.plot = MemoryPlot()
        self.results = ResultsPanel()
        self.results.export_report.connect(self.export_report)
        self.results.export_request.connect(self.export_request)
        self.history = HistoryList()
        self.history.refresh(self.history_dir)
        self.history.opened.connect(self.open_run)
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(2000)
        self.tabs = QTabWidget()
        self.results_scroll = QScrollArea()  # longer (translated) texts scroll instead of overlapping
        self.results_scroll.setWidgetResizable(True)
        self.results_scroll.setWidget(self.results)
        self.tabs.addTab(self.results_scroll, self.tr("Results"))
        self.plan_panel = PlanPanel()
        self.plan_panel.request_draft.connect(self.export_plan_request)
        self.tabs.addTab(self.plan_panel, self.tr("Plan"))
        self.history_panel = HistoryPanel(self.history)
        self.history_panel.compare.connect(self.compare_runs)
        self.tabs.addTab(self.history_panel, self.tr("History"))
        self.tabs.addTab(self.log, self.tr("Log"))
        plot_box = QWidget()
        pcol = QVBoxLayout(plot_box)
        pcol.setContentsMargins(0, 0, 0, 0)
        ptitle = QLabel(self.tr("Memory during the run (live)"))
        ptitle.setStyleSheet("font-weight: bold;")
        pcol.addWidget(ptitle)
        self.plot_hint = QLabel(
            self.tr("Memory appears here during a run, per device and for the host, against the estimate.")
        )
        self.plot_hint.setObjectName("plot-hint")
        self.plot_hint.setStyleSheet("color: #757575;")
        pcol.addWidget(self.plot_hint)
        pcol.addWidget(self.plot)
        tabs_box = QWidget()
        tcol = QVBoxLayout(tabs_box)
        tcol.setContentsMargins(0, 0, 0, 0)
        tcol.addWidget(self.tabs, 1)
        tcol.addWidget(self.results.actions)  # the export buttons: never scrolled out of sight
        for w in (self.estimate, plot_box, tabs_box):
            right.addWidget(w)
        right.setSizes([230, 360, 360])
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setSizes([480, 1020])
        self.setCentralWidget(split)

    # -- the estimate --------------------------------------------------------------------------------------
    def devices(self) -> str | None:
        data = self.target.currentData()
        text = self.target.currentText().strip()
        if self.target.currentIndex() == 0 and text == self.target.itemText(0):
            return None
        if data and text != self.target.itemText(self.target.currentIndex()):
            data = None  # typed over a listed entry: the text is the target
        out = (data or text or "").replace(REMOTE_PREFIX + " ", REMOTE_PREFIX)
        return out.replace(SLURM_PREFIX + " ", SLURM_PREFIX) or None

    def _remote_hosts(self) -> list[str]:
        """Test servers for the Target box: the aliases of ~/.ssh/config and the hosts used before."""
        from trainsizer.gui.i18n import recent
        from trainsizer.runs.remote import ssh_config_hosts

        return list(dict.fromkeys([*ssh_config_hosts(), *recent(REMOTE_HOSTS_KEY)]))

    def remote_host(self) -> str | None:
        """The test server the Target names ("ssh: alias", or typed as ssh:user@server[:port]), or None."""
        target = self.devices()
        if target and target.replace(" ", "").startswith(REMOTE_PREFIX):
            return target.replace(" ", "")[len(REMOTE_PREFIX) :]
        return None

    def slurm_target(self) -> tuple[bool, str | None]:
        """(True, login node or None for this machine) when the Target names a Slurm cluster, else (False,
        None)."""
        target = (self.devices() or "").replace(" ", "")
        if target.startswith(SLURM_PREFIX):
            return True, target[len(SLURM_PREFIX) :] or None
        return False, None

    def _target_changed(self) -> None:
        """A planned target sets the devices: a spec on this machine's CPU follows it (devices = auto,
        shown in the form), so that ddp/fsdp shard over the target's GPUs instead of being refused."""
        editor = self.form.editors.get("parallel.devices")
        planned = self.devices() and not self.remote_host() and _is_plan(self.devices())
        self.plan_panel.follow_target(self.devices() if planned else None)
        if planned and editor is not None and str(editor.value()).strip() == "cpu":
            editor.set_value("auto")
            self.statusBar().showMessage(
                self.tr("Devices set to auto: the run is sized on the target's GPUs"), 8000
            )
            self.form.validate()
            return
        self._form_changed(self.form.spec)

    def _form_changed(self, spec) -> None:
        self.estimate.follow(
            spec, self.devices(), getattr(self.form, "issues", None) if spec is None else None
        )
        self.plan_panel.follow(spec)
        running = self.controller.running()
        for b in (self.measure_button, self.check_button, self.estimate_button):
            b.setEnabled(spec is not None and not running)

    def estimate_now(self) -> None:
        """The traced estimate of the form's spec (the live one is analytic)."""
        spec = self.form.validate()
        if spec is not None:
            self.estimate.follow(spec, self.devices())
            self.estimate.estimate_now(traced=True)

    # -- specs -----------------------------------------------------------------------------------------------
    def open_spec(self, path: str | None = None) -> bool:
        from trainsizer.spec import SpecError, load

        if not path:
            path, _ = QFileDialog.getOpenFileName(
                self, self.tr("Open a run specification"), "", "TOML (*.toml);;JSON (*.json)"
            )
            if not path:
                return False
        try:
            spec = load(path)
        except (SpecError, OSError) as e:
            QMessageBox.warning(
                self, self.tr("Cannot open the specification"), f"{path}\n\n{exception_text(e)}"
            )
            return False
        self.form.set_spec(spec)
        return True

    def save_spec(self, path: str | None = None) -> bool:
        spec = self.form.validate()
        if spec is None:
            QMessageBox.warning(
                self,
                self.tr("Cannot save"),
                self.tr("The specification has errors; they are shown beside their fields."),
            )
            return False
        if not path:
            path, _ = QFileDialog.getSaveFileName(
                self, self.tr("Save the run specification"), "run.toml", "TOML (*.toml)"
            )
            if not path:
                return False
        spec.save(path)
        return True

    # -- runs ----------------------------------------------------------------------------------------------
    def start_run(self, kind: str, out: str | Path | None = None, confirm: bool = False) -> Path | None:
        spec = self.form.validate()
        if spec is None or self.controller.running():
            return None
        if confirm and not self._confirm_if_it_does_not_fit():
            return None
        out = Path(out) if out else new_run_dir(spec, kind, self.history_dir)
        self.plot.reset()
        from trainsizer.runs.engines import FULL
        from trainsizer.runs.progress import planned_runs

        # the ETA counts every process the run will start, not only the current one's steps
        self.plot.timeline.progress.planned = planned_runs(spec, FULL if kind == "check" else FULL[:1])
        self.plot_hint.hide()
        self.results.clear(self.tr("Running…"))
        self.log.clear()
        if self.estimate.report and (not self.devices() or self.remote_host()):
            self.plot.set_reference(
                reference_levels(
                    self.estimate.report.get("estimate"), self.estimate.report.get("host_ram_total")
                )
            )
        self.stage_name = "measure" if kind == "measure" else "environment"
        host = self.remote_host()
        slurm, login = self.slurm_target()
        if host:
            from trainsizer.gui.i18n import remember

            remember(REMOTE_HOSTS_KEY, host, keep=20)
        self.controller.start(kind, spec, out, host=host or login, slurm=slurm)
        self._set_running(True)
        self.progress.setFormat(
            self.tr("submitting the batch job…")
            if slurm
            else fill(self.tr("starting the worker on %1…"), host)
            if host
            else self.tr("starting the worker…")
        )
        self.log.appendPlainText(fill(self.tr("Run folder: %1"), str(out)))
        return out

    def _confirm_if_it_does_not_fit(self) -> bool:
        """Asked before a run that the estimate for the machine it runs on says does not fit: it will likely
        end out of memory (a result, but minutes spent). A planned target's estimate is not this machine's."""
        report = self.estimate.report
        if not report or (self.devices() and not self.remote_host()):
            return True
        bad = [f for f in report.get("fit") or [] if f.get("fits") is False]
        host_bad = report.get("host_fits") is False
        if not bad and not host_bad:
            return True
        from PySide6.QtWidgets import QMessageBox

        from trainsizer.ui_common.textfmt import fmt_bytes

        if bad:
            f = bad[0]
            what = fill(
                self.tr("The estimate says it does not fit: it needs %1 on %2, which has %3."),
                fmt_bytes(f["peak"], "GiB"),
                f["device"],
                fmt_bytes(f["capacity"], "GiB"),
            )
        else:
            what = self.tr("The estimate says it does not fit in this machine's RAM.")
        answer = QMessageBox.warning(
            self,
            self.tr("Does not fit"),
            what + "\n" + self.tr("The run will likely end out of memory. Run it anyway?"),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def probe_machine(self, quick: bool = False):
        """The readiness probe of the machine the Target names: this one, or the test server."""
        from trainsizer.gui.probe_dialog import ProbeDialog

        self.probe_box = ProbeDialog(self, self.remote_host(), self.language, quick=quick)
        self.probe_box.show()
        return self.probe_box

    def cancel_run(self) -> None:
        if self.controller.running():
            self.progress.setFormat(self.tr("cancelling…"))
            self.controller.cancel()

    def _set_running(self, running: bool) -> None:
        self.cancel_button.setEnabled(running)
        for b in (self.measure_button, self.check_button):
            b.setEnabled(not running and self.form.spec is not None)
        if running:
            self.progress.setRange(0, 0)
            self._tick.start()
        else:
            self._tick.stop()
            self.progress.setRange(0, 100)

    def on_stage(self, name: str) -> None:
        self.stage_name = name
        self._update_progress()

    def on_event(self, event: dict) -> None:
        self.plot.feed(event)
        kind = event.get("type")
        if kind in ("log", "error") and event.get("message"):
            self.log.appendPlainText(f"[{kind}] {event.get('message')}")
        if kind == "hello" and event.get("rank") in (0, None):
            self.log.appendPlainText(
                fill(self.tr("worker %1 started on %2"), str(event.get("pid")), str(event.get("device")))
            )

    def _update_progress(self) -> None:
        p = self.plot.timeline.progress
        if p.waiting_for_slurm:  # Slurm has not started the job yet: its state and Slurm's own reason
            self.progress.setRange(0, 0)
            self.progress.setFormat(
                fill(
                    self.tr("Slurm job %1: %2 (%3) · %4 s"),
                    str(p.job["job_id"]),
                    label(JOB_STATES, str(p.job["state"]).lower()),
                    str(p.job["reason"] or "—"),
                    f"{p.elapsed:.0f}",
                )
            )
            return
        if p.job:
            self.progress.setRange(0, 100)
        if not p.total and not p.step and not p.phase:
            return  # nothing heard from the worker yet: "starting the worker…" stays
        if p.total:
            self.progress.setRange(0, p.total)
            self.progress.setValue(min(p.step, p.total))
        eta = fill(self.tr(", ETA %1 s"), f"{p.eta:.0f}") if p.eta is not None else ""
        step = f"{p.step}/{p.total}" if p.total else str(p.step)
        self.progress.setFormat(
            fill(
                self.tr("%1 · %2 · step %3 · %4 s%5"),
                label(PHASES, self.stage_name),
                label(PHASES, p.phase),
                step,
                f"{p.elapsed:.0f}",
                eta,
            )
        )

    def on_finished(self, result: dict) -> None:
        self._set_running(False)
        self.show_result(result)
        self.history.refresh(self.history_dir)

    def show_result(self, result: dict) -> None:
        self.plot_hint.hide()
        typed = RunResult.of(result)
        if typed.estimate["devices"] and not self.plot.predicted:
            self.plot.set_reference(result_levels(result))
        self.results.show_result(result)
        self.plot.redraw()
        status = typed.status or "ok"
        failure = self.plot.timeline.failed()
        if status == "cancelled":
            self.progress.setRange(0, 100)
            self.progress.setValue(0)
            self.progress.setFormat(
                fill(self.tr("cancelled by you during %1 — what ran is kept"), label(PHASES, self.stage_name))
            )
        elif status != "ok" and failure:
            self.progress.setFormat(
                fill(
                    self.tr("failed: %1"),
                    f"{label(STATUSES, failure.get('kind'))} — {failure.get('message', '')}",
                )
            )
            self.progress.setValue(0)
        elif status != "ok" and typed.error:
            # it stopped before a worker said why (a server not reached, a lost link): the result's reason
            self.progress.setFormat(fill(self.tr("failed: %1"), typed.error.text(problem_words)))
            self.progress.setValue(0)
            self.log.appendPlainText(f"[{typed.error.kind}] {typed.error.message}")
        else:
            self.progress.setFormat(label(STATUSES, typed.verdict))
            self.progress.setValue(self.progress.maximum())
        self.tabs.setCurrentWidget(self.results_scroll)

    def on_refused(self, message: str) -> None:
        """Bad input found before the run started: a refused specification, not a rejection (not in the
        history)."""
        self._set_running(False)
        self.results.clear(fill(self.tr("The specification was refused before the run started: %1"), message))
        self.progress.setFormat(self.tr("refused: fix the specification"))
        self.progress.setValue(0)
        self.history.refresh(self.history_dir)

    def on_failed(self, message: str) -> None:
        self._set_running(False)
        self.results.clear(fill(self.tr("The run failed: %1"), message))
        self.progress.setFormat(fill(self.tr("failed: %1"), message))

    # -- recorded runs ---------------------------------------------------------------------------------------
    def open_run_dialog(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Open a run folder"), str(self.history_dir))
        if path:
            self.open_run(path)

    def open_run(self, path: str | Path) -> Replay | None:
        """Show a run directory (or its result.json) exactly like a local run, plot included."""
        try:
            replay = Replay(path, self)
        except (OSError, ValueError) as e:
            QMessageBox.warning(self, self.tr("Cannot open the run"), exception_text(e))
            return None
        self.plot.reset()
        self.plot_hint.hide()
        self.results.clear(self.tr("Loading…"))
        self.controller.run_dir = replay.run_dir
        if Path(self.history_dir).resolve() not in replay.run_dir.resolve().parents:
            remember_opened(replay.run_dir.resolve())  # listed in the History from now on
            self.history.refresh(self.history_dir)
        if replay.result and replay.result.get("estimate"):
            self.plot.set_reference(result_levels(replay.result))
        if replay.result and replay.result.get("spec"):
            from trainsizer.spec import SpecError, from_dict

            try:
                self.form.set_spec(from_dict(replay.result["spec"], source=str(path)))
            except SpecError:
                pass  # a spec from another version: the run still shows; the form keeps what it had
        replay.event.connect(self.plot.feed)
        replay.finished.connect(self.show_result)
        self.replay = replay
        replay.start()
        return replay

    def compare_runs(self, a: str, b: str) -> None:
        from trainsizer.gui.compare_dialog import CompareDialog
        from trainsizer.report.content import ReportError

        try:
            self.compare_box = CompareDialog(self, a, b)
        except (ReportError, OSError, ValueError) as e:
            QMessageBox.warning(self, self.tr("Cannot compare the runs"), exception_text(e))
            return
        self.compare_box.open()

    # -- exports ---------------------------------------------------------------------------------------------
    def export_report(self) -> None:
        self._export("report")

    def export_request(self) -> None:
        self._export("request")

    def export_plan_request(self) -> None:
        """The request from the Plan tab's selected option: no run needed; the run on screen, if any, adds
        its measured figures."""
        panel = self.plan_panel
        option = panel.selected_option()
        if panel.plan is None or option is None:
            return
        from trainsizer.gui.exports import export_dialog

        plan = (panel.planned_spec, panel.plan, option)
        self.export_box = export_dialog(self, "request", self.controller.run_dir, self.language, plan)

    def _export(self, what: str) -> None:
        run_dir = self.controller.run_dir
        if run_dir is None:
            return
        from trainsizer.gui.exports import export_dialog

        self.export_box = export_dialog(self, what, run_dir, self.language)

    def closeEvent(self, event) -> None:
        if self.controller.running():
            self.controller.cancel()
            self.controller.wait(60)
        self.estimate.shutdown()
        self.plan_panel.shutdown()
        super().closeEvent(event)


def _is_plan(text: str) -> bool:
    """Whether the Target's text describes planned devices (8xH100-80GB, …): text that does not ("banana")
    changes no field of the spec; the estimate panel says what is wrong with it."""
    from trainsizer.hardware import hypothetical_targets

    try:
        hypothetical_targets(text)
    except ValueError:
        return False
    return True
