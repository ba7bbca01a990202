"""The live estimate: follows the form (debounced), computed off the event loop, drawn as stacked bars."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from trainsizer.gui.bars import COLORS, StackedBar, item_label
from trainsizer.gui.i18n import duration_word, fill
from trainsizer.gui.labels import ADVICE, HOST_ITEMS, ITEMS, PHASES, label
from trainsizer.gui.spec_text import issue_text
from trainsizer.ui_common.textfmt import fmt_bytes, fmt_duration, fmt_rate

REMOTE_PREFIX = "ssh:"  # a Target entry that names a test server over SSH (docs/remote.md)
SLURM_PREFIX = "slurm:"  # a Slurm cluster: "slurm:" submits here, "slurm:login1" through a login node


class EstimateRunner(QObject):
    """Runs the analytic estimate in one background thread; only the newest request's answer is delivered."""

    ready = Signal(object, object)  # (report dict or None, error text or None)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="trainsizer-estimate")
        self._seq = 0
        self._closed = False

    def request(self, spec, devices: str | None, traced: bool = False) -> None:
        if self._closed:
            return
        self._seq += 1
        seq = self._seq
        self._pool.submit(self._run, seq, spec, devices, traced)

    def request_none(self) -> None:
        """No estimate wanted now: answers of earlier requests are dropped by their request id."""
        self._seq += 1

    def _run(self, seq, spec, devices, traced: bool = False) -> None:
        from trainsizer.estimate import run_estimate
        from trainsizer.spec import SpecError

        if seq != self._seq:
            return  # a newer request is queued: skip the stale one
        try:
            if devices and devices.startswith(SLURM_PREFIX):  # sized on the partition's nodes (sinfo)
                host = devices[len(SLURM_PREFIX) :].strip() or None
                report, error = _slurm_estimate(spec, host, traced), None
                report["target"] = devices
            elif devices and devices.startswith(REMOTE_PREFIX):  # a test server: sized on its own devices
                from trainsizer.runs.remote import remote_json

                host = devices[len(REMOTE_PREFIX) :].strip()
                args = "estimate {spec} --json" + (" --traced" if traced else "")
                report, error = remote_json(host, args, spec=spec), None
                report["target"] = devices
            else:
                report, error = run_estimate(spec, devices=devices, traced=traced), None
        except SpecError as e:
            report, error = None, "\n".join(f"{i.where()}: {issue_text(i)}" for i in e.issues)
        except Exception as e:  # shown in the panel; the form stays usable
            report, error = None, f"{type(e).__name__}: {e}"
        if seq == self._seq:
            self.ready.emit(report, error)

    def shutdown(self) -> None:
        self._closed = True
        self._pool.shutdown(wait=False, cancel_futures=True)


def _slurm_estimate(spec, host: str | None, traced: bool) -> dict:
    """The estimate for the nodes of the spec's partition, as sinfo describes them (runs/slurm.py): their GPUs
    as a planned target, or the CPU when they have none."""
    from trainsizer.estimate import run_estimate
    from trainsizer.runs.slurm import LOCAL, SshSite, partition_target

    conn = None
    site = LOCAL
    if host:
        from trainsizer.runs.remote import Connection, Host

        conn = Connection(Host.parse(host))
        site = SshSite(conn)
    try:
        target = partition_target(spec.cluster.partition, site=site)
    finally:
        if conn is not None:
            conn.close()
    if target["devices"]:
        return run_estimate(spec, devices=target["devices"], traced=traced)
    cpu = spec.replace(parallel={"devices": "cpu"}) if spec.parallel.auto else spec
    return run_estimate(cpu, traced=traced)


class EstimatePanel(QWidget):
    field_clicked = Signal(str)  # a spec path: the form scrolls to it

    def __init__(self, parent=None):
        super().__init__(parent)
        self.report: dict | None = None
        self.runner = EstimateRunner(self)
        self.runner.ready.connect(self.show_report)
        self._pending = None
        self._debounce = QTimer(self, singleShot=True, interval=250)
        self._debounce.timeout.connect(self.estimate_now)
        self.devices: str | None = None
        lay = QVBoxLayout(self)
        self.title = QLabel(self.tr("Working set (estimate)"))
        self.title.setStyleSheet("font-weight: bold;")
        lay.addWidget(self.title)
        self.bars_box = QWidget()
        self.bars = QVBoxLayout(self.bars_box)
        self.bars.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.bars_box)
        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)
        lay.addWidget(self.legend)
        self.verdict = QLabel(self.tr("Waiting for a valid specification…"))
        self.verdict.setObjectName("estimate-verdict")
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.verdict.linkActivated.connect(
            lambda href: (
                self.field_clicked.emit(href.removeprefix("field:")) if href.startswith("field:") else None
            )
        )
        self.verdict.setWordWrap(True)
        lay.addWidget(self.verdict)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.details)

    def shutdown(self) -> None:
        self._debounce.stop()
        self.runner.shutdown()

    def follow(self, spec, devices: str | None = None, problems: dict | None = None) -> None:
        """Called on every form change: estimate a valid spec once the edits settle; an invalid one clears
        the panel and says which field (``problems``: path -> message)."""
        self._pending, self.devices = spec, devices
        if spec is None:
            self._debounce.stop()
            self.runner.request_none()  # a late answer for the previous spec is dropped
            self.report = None
            self._clear_bars()
            self.legend.clear()
            self.details.clear()
            self.verdict.setStyleSheet("color: #c62828; font-weight: bold;")
            if problems:
                path, message = next(iter(problems.items()))
                import html

                from trainsizer.gui.spec_text import field_label

                section = path.split(".")[0]
                link = f'<a href="field:{path}">[{section}] {html.escape(field_label(path))}</a>'
                self.verdict.setText(
                    fill(
                        self.tr("The specification has errors: %1 — %2 (shown beside the field)"),
                        link,
                        html.escape(message),
                    )
                )
            else:
                self.verdict.setText(self.tr("The specification has errors (see the form)."))
            return
        self._debounce.start()

    def estimate_now(self, traced: bool = False) -> None:
        self._debounce.stop()
        if self._pending is not None:
            self.verdict.setText(self.tr("Tracing the model…") if traced else self.tr("Estimating…"))
            self.runner.request(self._pending, self.devices, traced)

    def _clear_bars(self) -> None:
        while self.bars.count():
            w = self.bars.takeAt(0).widget()
            if w:
                w.deleteLater()

    def show_report(self, report: dict | None, error: str | None) -> None:
        self.report = report
        self._clear_bars()
        if report is None:
            import html

            self.verdict.setText(fill(self.tr("No estimate: %1"), html.escape(error or "")))
            self.verdict.setStyleSheet("color: #c62828;")
            self.details.clear()
            return
        est = report["estimate"]
        fit = {f["device"]: f for f in report["fit"]}
        for devs, d in group_devices(est["devices"]):
            name = devs[0] if len(devs) == 1 else fill(self.tr("%1 (each of %2)"), devs[0], str(len(devs)))
            bar = StackedBar(name)
            bar.setObjectName(f"bar:{devs[0]}")
            bar.set_data(d["items"], d.get("capacity"), d.get("peak"))
            self.bars.addWidget(bar)
        host = est["host"]
        hbar = StackedBar(self.tr("host"))
        hbar.setObjectName("bar:host")
        hbar.set_data(
            {k: v for k, v in host.items() if k != "peak"}, report.get("host_ram_total"), host.get("peak")
        )
        self.bars.addWidget(hbar)
        shown = {k for d in est["devices"].values() for k, v in d["items"].items() if v}
        shown |= {k for k, v in host.items() if k != "peak" and v}
        keys = [*ITEMS, *HOST_ITEMS]
        self.legend.setText(
            " ".join(f'<span style="color:{COLORS[k]}">■</span> {item_label(k)}' for k in keys if k in shown)
        )
        self.verdict.setText(self._verdict(report, fit))
        self.details.setText(self._details(report))

    def _verdict(self, report: dict, fit: dict) -> str:
        bad = [f for f in fit.values() if f["fits"] is False]
        if bad:
            f = bad[0]
            self.verdict.setStyleSheet("color: #c62828; font-weight: bold;")
            return fill(
                self.tr("Does not fit: needs %1 on %2, has %3; peak at %4"),
                fmt_bytes(f["peak"]),
                f["device"],
                fmt_bytes(f["capacity"]),
                label(PHASES, f["peak_phase"]),
            )
        if any(f["fits"] is None for f in fit.values()):
            self.verdict.setStyleSheet("")
            return self.tr("Fit unknown: a device's capacity is not available")
        f = min(fit.values(), key=lambda x: x["headroom"])
        self.verdict.setStyleSheet("color: #2e7d32; font-weight: bold;")
        return fill(
            self.tr("Fits ✓ peak %1 of %2 on %3 (headroom %4 %); peak at %5"),
            fmt_bytes(f["peak"]),
            fmt_bytes(f["capacity"]),
            f["device"],
            f"{f['headroom_percent']:.0f}",
            label(PHASES, f["peak_phase"]),
        )

    def _details(self, report: dict) -> str:
        lines = []
        t = report.get("time") or {}
        if t.get("seconds"):
            lines.append(
                fill(
                    self.tr("Predicted step: %1, %2 tokens/s"),
                    fmt_duration(t["seconds"], duration_word),
                    fmt_rate(t["tokens_per_s"]),
                )
            )
        solver = report.get("solver") or {}
        if solver.get("max_micro_batch") is not None:
            lines.append(
                fill(
                    self.tr("Largest micro-batch that fits: %1; longest sequence: %2"),
                    str(solver.get("max_micro_batch")),
                    str(solver.get("max_seq_len")),
                )
            )
        place = report.get("placement") or {}
        if place.get("world", 1) > 1:
            lines.append(
                fill(
                    self.tr("Placement: %1 data-parallel × %2 model-parallel = %3 devices on %4 node(s)"),
                    str(place["data_parallel"]),
                    str(place["world"] // place["data_parallel"]),
                    str(place["world"]),
                    str(place["nodes"]),
                )
            )
        for a in report.get("advice") or []:
            lines.append(
                fill(
                    self.tr("Advice: %1 (saves %2, peak %3)"),
                    label(ADVICE, a["id"]),
                    fmt_bytes(a["saving"]),
                    fmt_bytes(a["new_peak"]),
                )
            )
        combo = report.get("advice_combined")
        if combo:
            what = " + ".join(label(ADVICE, i) for i in combo["ids"])
            if combo["fits"]:
                lines.append(
                    fill(
                        self.tr("Together: %1 → %2 of %3, fits"),
                        what,
                        fmt_bytes(combo["peak"]),
                        fmt_bytes(combo["capacity"]),
                    )  # fmt: skip
                )
            else:
                lines.append(
                    fill(
                        self.tr("Closest: %1 → %2 of %3, lacks %4; the Plan tab finds more GPUs"),
                        what,
                        fmt_bytes(combo["peak"]),
                        fmt_bytes(combo["capacity"]),
                        fmt_bytes(combo["lacks"]),
                    )
                )
        return "\n".join(lines)


def group_devices(devices: dict) -> list[tuple[list[str], dict]]:
    """Identical devices once: [(["cuda:0", …, "cuda:7"], estimate of each)], in the devices' order."""
    groups: list[tuple[list[str], dict]] = []
    for dev, d in devices.items():
        key = (d.get("peak"), d.get("capacity"), tuple(sorted(d.get("items", {}).items())))
        for names, first in groups:
            if (
                first.get("peak"),
                first.get("capacity"),
                tuple(sorted(first.get("items", {}).items())),
            ) == key:
                names.append(dev)
                break
        else:
            groups.append(([dev], d))
    return groups
