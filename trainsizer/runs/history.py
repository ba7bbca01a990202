"""The runs kept: every run the window starts lives in the user's data directory (platformdirs); any run
directory (also one written by `trainsizer check` on a headless server) can be listed and reopened —
by the window's History tab and by `trainsizer history`."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from pathlib import Path

from trainsizer.result.model import RunResult
from trainsizer.runs.compare import model_name
from trainsizer.runs.rundir import read_result


def history_root() -> Path:
    """platformdirs' user data directory (XDG_DATA_HOME on Linux), runs/ inside it."""
    import platformdirs

    return Path(platformdirs.user_data_dir("trainsizer", appauthor=False)) / "runs"


def new_run_dir(spec, kind: str, root: Path | None = None) -> Path:
    model = (
        spec.model.preset
        or Path(spec.model.config or spec.model.pretrained or spec.model.hub_id or "model").stem
    )
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", f"{stamp}-{kind}-{model}")
    path = (root or history_root()) / name
    n = 1
    while path.exists():
        n += 1
        path = path.with_name(f"{name}-{n}")
    path.mkdir(parents=True)
    return path


@dataclass
class RunEntry:
    path: Path
    created: str
    model: str
    verdict: str
    status: str
    method: str = ""
    precision: str = ""
    target: str = ""  # "this machine", a test server over SSH, or several nodes
    engine: str = ""
    # the run as read (the one reader), for callers that need more than the line: read once, not twice
    result: RunResult | None = field(default=None, repr=False, compare=False)

    @property
    def date(self) -> str:
        """The creation time for people: "2026-12-03 15:40" (UTC as written), not the ISO string."""
        return self.created[:16].replace("T", " ")


def read_entry(path: Path) -> RunEntry | None:
    r = read_result(path)
    if r is None:
        if (path / "events.jsonl").exists():  # a run whose parent died before result.json
            return RunEntry(path, "", "", "incomplete", "unknown")
        return None
    typed = RunResult.of(r)
    spec, target = typed.spec, typed.target
    where = target.get("host") or ", ".join(map(str, target.get("hosts") or [])) or "this machine"
    return RunEntry(
        path,
        typed.created or "",
        model_name(spec, ""),
        str(typed.verdict),
        str(typed.status or ""),
        method=str(spec["method"].get("kind", "")),
        precision=str(spec["precision"].get("compute", "")),
        target=str(where),
        engine=str(spec["engine"].get("name", "")),
        result=typed,
    )


def list_runs(root: Path | None = None, extra: list[str | Path] = ()) -> list[RunEntry]:
    """The runs kept in ``root`` and the run folders in ``extra`` (opened from elsewhere), newest first."""
    root = root or history_root()
    paths = [p for p in root.iterdir() if p.is_dir()] if root.is_dir() else []
    paths += [Path(p) for p in extra if Path(p).is_dir() and Path(p) not in paths]
    entries = [e for p in paths if (e := read_entry(p))]
    return sorted(entries, key=lambda e: (e.created, e.path.name), reverse=True)


def measured_utilization(root: Path | None = None) -> dict[str, dict]:
    """Model-FLOPs utilisation measured by kept runs on each GPU class (the newest run of a class wins):
    {class key: {"utilization": mfu, "source": run folder, "created": ...}}. A CPU run never calibrates a
    GPU class."""
    from trainsizer.hardware.accelerators import match_accelerator

    out: dict[str, dict] = {}
    for entry in reversed(list_runs(root)):  # oldest first, so the newest overwrites
        if entry.result is None:  # a run whose result.json was never written
            continue
        r = entry.result
        gpus, mfu = r.environment.gpus, r.measurement.mfu
        if r.status != "ok" or not gpus or mfu is None or not 0 < mfu <= 1:
            continue
        if str(r.measurement.peak_basis or "").startswith("CPU"):
            continue
        g = gpus[0] if isinstance(gpus[0], dict) else {}
        acc = match_accelerator(str(g.get("name", "")), g.get("memory_total"))
        if acc is None:
            continue
        util = compute_utilization(r)
        if util is not None:
            out[acc.key] = {"utilization": util, "source": str(entry.path), "created": entry.created}
            bus = run_bus(r, entry)
            if bus:  # the ranks' own all-reduce, inside one node: it replaces the assumed link there
                out[acc.key]["bus"] = bus
    return out


def run_bus(r: RunResult, entry: RunEntry) -> dict | None:
    """The all-reduce bus bandwidth a kept run of several GPUs on one machine measured between them after
    its timed steps (measurement.collectives), as the plan's link figure ({"gbs", "source", "machine",
    "date", "code": "run_bus"}); None for one GPU, for several nodes (their ring crosses the network) or
    without one."""
    figure = r.measurement.collectives.get("all_reduce", {})
    gbs = figure.get("bus_gbs")
    if not isinstance(gbs, int | float) or gbs <= 0 or (figure.get("ranks") or 0) < 2:
        return None
    if r.environment.get("nodes"):  # every run over several nodes records each (SSH hosts and Slurm alike)
        return None
    machine = str(r.environment.host.get("hostname") or r.target.get("host") or "this machine")
    return {
        "gbs": float(gbs),
        "source": f"a kept run on {machine} ({entry.path.name})",
        "machine": machine,
        "date": entry.date[:10],
        "code": "run_bus",
    }


def compute_utilization(result: RunResult) -> float | None:
    """The utilisation of the compute alone that a run measured: its MFU, whose step time on several GPUs
    includes the communication the compute did not hide — the plan adds that again from the layout
    (estimate/comm.py), so it is taken out here: MFU × step ÷ (step − exposed), the exposed share as the
    run's own estimate predicted it. None when a multi-GPU run's estimate does not say it (its MFU would
    count the communication twice)."""
    meas = result.measurement
    mfu = meas.mfu
    if mfu is None:
        return None
    if (meas.world_size or 1) <= 1:
        return float(mfu)
    step = meas.step_time_s.median
    exposed = result.estimate["time"].get("exposed_s")
    if step is None or not isinstance(exposed, int | float) or not 0 <= exposed < step:
        return None
    return min(1.0, float(mfu) * step / (step - exposed))


def plan_calibration(spec, root: Path | None = None) -> dict[str, dict]:
    """What calibrates a plan's GPU classes: kept runs' measured utilisation, else the newest probe of this
    machine (its GEMM share of peak scales the assumed utilisation, kind "probe")."""
    from trainsizer.hardware.probes import probed_utilization
    from trainsizer.model.flops import PEAK_KEY

    probed = probed_utilization(key=PEAK_KEY[spec.precision.compute])
    measured = measured_utilization(root)
    for key, cal in measured.items():  # a run without its own link figure keeps the probe's
        if "bus" not in cal and probed.get(key, {}).get("bus"):
            cal["bus"] = probed[key]["bus"]
    return {**probed, **measured}
