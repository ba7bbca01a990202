"""Is this server what it claims? The readiness probe (`trainsizer probe`, docs/probe.md).

Per GPU: dense GEMM in bf16/fp16/TF32/fp32 against the catalog's peak, device memory bandwidth, host↔device
copies (pinned and pageable) against the PCIe link, and NVML's health (ECC, remapped rows, throttle reasons
and clocks during the GEMM, the PCIe link against its maximum, power limit, temperature, others' processes);
between GPUs, all-reduce / all-gather / reduce-scatter bus bandwidth (NCCL; gloo between two CPU processes
where there are no GPUs); the host's CPU GEMM, RAM and copy bandwidth; the checkpoint directory's fsync'd
write and cache-dropped read at the size of the planned checkpoint.

The measurements run in child processes (worker/probe.py, torchrun for the collectives): a CUDA fault, a
collective that cannot start or a hang is a figure that says so, never a traceback. Each figure is judged
here against the value expected of the detected part: ``pass``, ``below`` or ``unknown`` (no expected value,
or not measured), with the reason. A probe is kept (``probes_dir``) and calibrates estimates and plans for
that machine (``calibration``).
"""

from __future__ import annotations

import datetime
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from trainsizer import __version__
from trainsizer.hardware.probes import (  # noqa: F401 (the kept probes, read below the estimate)
    GEMM_KEY,
    PROBE_SCHEMA,
    calibration,
    catalog_row,
    kept_probes,
    latest_probe,
    probes_dir,
)
from trainsizer.problem import Problem

GiB = 1 << 30
MiB = 1 << 20

# What a healthy part reaches, as a fraction of its data-sheet peak (docs/probe.md gives the sources): below
# it the figure is "below". Dense GEMM by cuBLAS at n = 8192 reaches 0.7-0.8 of the dense peak on H100/A100;
# a device-to-device copy 0.8-0.9 of the memory bandwidth; a pinned host-to-device copy 0.75-0.85 of the PCIe
# link's raw rate. The thresholds leave room for a loaded or warm card and catch a halved one.
THRESHOLDS = {"gemm": 0.6, "memory_bandwidth": 0.7, "h2d_pinned": 0.6}
# Raw rate of one PCIe lane per generation, GB/s (after 8b/10b or 128b/130b line coding).
PCIE_LANE_GBS = {1: 0.25, 2: 0.5, 3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}
# NVML clock-event (throttle) reasons: the bits that mean the card slows itself down for a fault or heat.
THROTTLE_BAD = {
    0x8: "hardware slowdown",
    0x20: "software thermal slowdown",
    0x40: "hardware thermal slowdown",
    0x80: "power brake",
}
THROTTLE_NOTE = {0x4: "software power cap"}


class ProbeError(Problem):
    """The probe could not run at all (no Python worker could start); the message says why."""


def probe_command(
    what: str,
    args: list[str] | tuple[str, ...] = (),
    *,
    world: int = 1,
    port: int | None = None,
    python: str | None = None,
    frozen: bool | None = None,
) -> list[str]:
    """The command line of a probe child (a pure function, tested as data): ``what`` (local | collectives)
    with ``args``; ``world`` > 1 under torchrun on this machine (rendezvous on ``port``). In a PyInstaller
    bundle the executable itself is the probe and torchrun (trainsizer.bundle): ``<bundle> _probe …``."""
    from trainsizer.bundle import PROBE, TORCHRUN, is_frozen

    python = python or sys.executable
    frozen = is_frozen() if frozen is None else frozen
    probe = [python, PROBE] if frozen else [python, "-m", "trainsizer.worker.probe"]
    if world <= 1:
        return [*probe, what, *args]
    run = [python, TORCHRUN] if frozen else [python, "-m", "torch.distributed.run"]
    rdzv = ["--standalone", f"--nproc-per-node={world}"] + ([f"--master-port={port}"] if port else [])
    # torchrun starts a Python module with -m; a bundle's probe is an executable (--no-python)
    child = ["--no-python", *probe] if frozen else ["-m", "trainsizer.worker.probe"]
    return [*run, *rdzv, *child, what, *args]


def _stream(cmd: list[str], timeout: float, on_progress, env=None) -> tuple[list[dict], str, int | None]:
    """Run a probe child; its JSON lines as they come (stages reported), its stderr tail, its exit code
    (None: stopped at the time limit)."""
    from trainsizer import oscompat

    items: list[dict] = []
    err_path = tempfile.TemporaryFile()
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=err_path,
        stdin=subprocess.DEVNULL,
        env=env,
        **oscompat.new_group_kwargs(),
    )
    deadline = time.monotonic() + timeout
    import threading

    def stop_at_deadline():
        import psutil

        while proc.poll() is None:
            if time.monotonic() > deadline:
                try:  # torchrun's ranks may sit in sessions of their own: every descendant goes too
                    tree = psutil.Process(proc.pid).children(recursive=True)
                except psutil.Error:
                    tree = []
                oscompat.signal_group(proc.pid, oscompat.kill_signal())
                for child in tree:
                    try:
                        child.kill()
                    except psutil.Error:
                        pass
                return
            time.sleep(0.2)

    threading.Thread(target=stop_at_deadline, daemon=True).start()
    for raw in proc.stdout:
        try:
            item = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(item, dict):
            continue
        if "stage" in item and on_progress:
            on_progress(str(item["stage"]))
        items.append(item)
    proc.wait()
    err_path.seek(0)
    tail = err_path.read().decode("utf-8", "replace").strip().splitlines()[-5:]
    err_path.close()
    code = proc.returncode if time.monotonic() <= deadline else None
    return items, " | ".join(tail), code


def _fig(scope: str, what: str, value, unit: str, detail: dict) -> dict:
    """One figure as the worker writes it (worker/probe.py: figure)."""
    return {"scope": scope, "what": what, "value": value, "unit": unit, "detail": detail}


def _figures(items: list[dict]) -> list[dict]:
    return [dict(i["figure"]) for i in items if isinstance(i.get("figure"), dict)]


def _local(quick: bool, gpus: bool, on_progress) -> tuple[list[dict], list[dict]]:
    cmd = probe_command("local", (["--quick"] if quick else []) + ([] if gpus else ["--no-gpus"]))
    items, tail, code = _stream(cmd, 120 if quick else 300, on_progress)
    figs = _figures(items)
    problems = []
    if code != 0 or not any(i.get("done") for i in items):
        why = "stopped at its time limit" if code is None else f"exit {code}"
        problems.append(
            _fig("probe", "local", None, "", {"error": f"the measuring process ended early ({why}): {tail}"})
        )
    return figs, problems


def _collectives(quick: bool, gpu_count: int, on_progress) -> list[dict]:
    """Bus bandwidth between GPUs (NCCL, every local GPU) or, without two GPUs, between two CPU processes
    (gloo): torchrun on this machine."""
    import socket as s

    with s.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    n = gpu_count if gpu_count > 1 else 2
    env = dict(os.environ)
    if gpu_count <= 1:
        env.setdefault("TRAINSIZER_PROBE_BACKEND", "gloo")
    cmd = probe_command("collectives", ["--quick"] if quick else [], world=n, port=port)
    if on_progress:
        on_progress("collectives")
    items, tail, code = _stream(cmd, 120 if quick else 240, None, env=env)
    figs = _figures(items)
    if code != 0 or not figs:
        why = "stopped at its time limit" if code is None else f"exit {code}"
        scope = "between_gpus" if gpu_count > 1 else "between_processes"
        figs.append(
            _fig(
                scope,
                "collectives",
                None,
                "GB/s",
                {"error": f"the collectives could not run ({why}): {tail}"},
            )
        )
    return figs


def disk_figures(directory: Path, size: int, planned: int | None, on_progress) -> list[dict]:
    """fsync'd write and cache-dropped read of a file of ``size`` bytes in ``directory`` (the checkpoint
    folder); the file is trainsizer's own and removed. Too little free space is a figure, not a failure."""
    import shutil

    from trainsizer import oscompat

    if on_progress:
        on_progress("disk")
    scope = f"disk:{directory}"
    out = []
    try:
        free = shutil.disk_usage(directory).free
    except OSError as e:
        return [_fig(scope, "disk", None, "", {"error": str(e)})]
    out.append(_fig(scope, "disk_free", free, "B", {"planned_checkpoint": planned}))
    if free < size * 2:
        out.append(
            _fig(
                scope,
                "disk_write",
                None,
                "GB/s",
                {
                    "error": f"too little free space for the disk test ({free / GiB:.1f} GiB free, "
                    f"{2 * size / GiB:.1f} GiB wanted)"
                },
            )
        )
        return out
    block = os.urandom(8 * MiB)
    fd, name = tempfile.mkstemp(prefix=".trainsizer-probe-", dir=directory)
    try:
        t = time.perf_counter()
        with os.fdopen(fd, "wb", buffering=0) as f:
            written = 0
            while written < size:
                written += f.write(block[: min(len(block), size - written)])
            f.flush()
            os.fsync(f.fileno())
        write_s = time.perf_counter() - t
        out.append(_fig(scope, "disk_write", size / write_s / 1e9, "GB/s", {"bytes": size, "fsync": True}))
        with open(name, "rb", buffering=0) as f:
            dropped = oscompat.drop_file_cache(f.fileno())
            t = time.perf_counter()
            while f.read(8 * MiB):
                pass
            read_s = time.perf_counter() - t
        out.append(
            _fig(
                scope,
                "disk_read",
                size / read_s / 1e9,
                "GB/s",
                {"bytes": size, "page_cache_dropped": dropped},
            )
        )
    except OSError as e:
        out.append(_fig(scope, "disk_write", None, "GB/s", {"error": f"{type(e).__name__}: {e}"}))
    finally:
        try:
            os.unlink(name)  # the probe's own file
        except OSError:
            pass
    return out


# -- judging ---------------------------------------------------------------------------------------------
def _verdict(fig: dict, status: str, code: str, expected: float | None = None, **params) -> dict:
    fig["expected"] = expected
    fig["verdict"] = status
    fig["code"] = code
    fig["params"] = params
    return fig


def judge(fig: dict, parts: dict[str, Any]) -> dict:
    """One figure against what the detected part should give (``parts``: scope -> accelerator row, the
    NVML facts); returns it with ``verdict`` (pass | below | unknown), ``expected``, ``code``, ``params``."""
    what, value, detail = fig["what"], fig.get("value"), fig.get("detail") or {}
    acc = parts.get(fig["scope"])
    if detail.get("error"):
        if what == "collectives" and fig["scope"] == "between_gpus" and parts.get("gpu_count", 0) > 1:
            # several GPUs whose collectives cannot run: every data-parallel run would fail the same way
            return _verdict(fig, "below", "probe_not_measured", why=detail["error"])
        return _verdict(fig, "unknown", "probe_not_measured", why=detail["error"])
    if what in GEMM_KEY:
        peak = (acc.tflops.get(GEMM_KEY[what]) if acc else None) or None
        if not peak:
            return _verdict(
                fig,
                "unknown",
                "probe_no_expected",
                why="no peak in the accelerator catalog (accelerators.toml can add one)",
            )
        want = THRESHOLDS["gemm"] * peak
        bad = _throttle(detail.get("throttle_reasons"))
        if value < want:
            return _verdict(fig, "below", "probe_below_peak", want, peak=peak, share=value / peak)
        if bad:
            return _verdict(fig, "below", "probe_throttled", want, reasons=", ".join(bad))
        return _verdict(fig, "pass", "probe_of_peak", want, peak=peak, share=value / peak)
    if what == "memory_bandwidth":
        peak = getattr(acc, "memory_bandwidth_gbs", None) if acc else None
        if not peak:
            return _verdict(fig, "unknown", "probe_no_expected", why="no memory bandwidth in the catalog")
        want = THRESHOLDS["memory_bandwidth"] * peak
        status = "pass" if value >= want else "below"
        return _verdict(
            fig,
            status,
            "probe_of_peak" if status == "pass" else "probe_below_peak",
            want,
            peak=peak,
            share=value / peak,
        )
    if what == "h2d_pinned":
        gen, width = detail.get("pcie_generation_max_seen"), detail.get("pcie_width_max_seen")
        link = parts.get(fig["scope"] + "/pcie") or {}
        gmax, wmax = link.get("generation"), link.get("width")
        if gen and width and gmax and wmax and (gen < gmax or width < wmax):
            return _verdict(
                fig, "below", "probe_pcie_degraded", None, gen=gen, width=width, gen_max=gmax, width_max=wmax
            )
        if not (gmax and wmax and gmax in PCIE_LANE_GBS):
            return _verdict(fig, "unknown", "probe_no_expected", why="the PCIe link is not known (NVML)")
        raw = PCIE_LANE_GBS[gmax] * wmax
        want = THRESHOLDS["h2d_pinned"] * raw
        status = "pass" if value >= want else "below"
        return _verdict(fig, status, "probe_pcie_rate", want, gen=gmax, width=wmax, raw=raw)
    if what in ("ecc_uncorrected_volatile",):
        if value is None:
            return _verdict(fig, "unknown", "probe_no_expected", why="ECC is off or not reported")
        return _verdict(fig, "pass" if value == 0 else "below", "probe_ecc", 0, errors=value)
    if what == "remapped_rows":
        bad = detail.get("pending") or detail.get("failure") or (value or 0) > 0
        return _verdict(
            fig,
            "below" if bad else "pass",
            "probe_remapped",
            0,
            rows=value,
            pending=detail.get("pending"),
            failure=detail.get("failure"),
        )
    if what == "retired_pages_pending":
        return _verdict(fig, "below" if value else "pass", "probe_retired", 0, pending=bool(value))
    if what == "power_limit":
        default = detail.get("default_w")
        if not value or not default:
            return _verdict(fig, "unknown", "probe_no_expected", why="NVML gives no power limit")
        status = "pass" if value >= 0.95 * default else "below"
        return _verdict(fig, status, "probe_power_limit", default, limit=value, default=default)
    if what == "other_processes":
        procs = detail.get("processes") or []
        if not procs:
            return _verdict(fig, "pass", "probe_gpu_free", 0)
        named = ", ".join(
            f"{p.get('name') or '?'} (pid {p.get('pid')}"
            + (f", {p['memory'] / GiB:.1f} GiB" if p.get("memory") else "")
            + ")"
            for p in procs
        )
        return _verdict(fig, "below", "probe_gpu_busy", 0, processes=named)
    if what == "disk_free":
        planned = detail.get("planned_checkpoint")
        if not planned:
            return _verdict(fig, "unknown", "probe_no_expected", why="no planned checkpoint (give --spec)")
        status = "pass" if value >= 2 * planned else "below"
        return _verdict(
            fig, status, "probe_disk_free", 2 * planned, planned=planned, planned_gib=planned / GiB
        )
    return _verdict(fig, "unknown", "probe_measured")


def _throttle(bits) -> list[str]:
    if not isinstance(bits, int):
        return []
    return [word for bit, word in THROTTLE_BAD.items() if bits & bit]


def _parts(figures: list[dict]) -> dict[str, Any]:
    """scope -> the catalog row of the detected GPU, and scope/pcie -> its link's maximum (from NVML)."""
    match_accelerator = catalog_row
    parts: dict[str, Any] = {"gpu_count": sum(1 for f in figures if f["what"] == "device")}
    for f in figures:
        d = f.get("detail") or {}
        if f["what"] == "device" and d.get("name"):
            parts[f["scope"]] = match_accelerator(str(d["name"]), d.get("memory"))
        if f["what"] == "pcie_link_max":
            parts[f["scope"] + "/pcie"] = {"generation": f.get("value"), "width": d.get("width_max")}
    return parts


def summarize(figures: list[dict]) -> list[dict]:
    """What is wrong, one line a problem: {scope, what, code, params} of every figure below."""
    return [
        {
            "scope": f["scope"],
            "what": f["what"],
            "code": f["code"],
            "params": f["params"],
            "value": f.get("value"),
        }
        for f in figures
        if f.get("verdict") == "below"
    ]


def run_probe(
    *,
    quick: bool = False,
    directory: str | Path | None = None,
    planned_checkpoint: int | None = None,
    gpus: bool = True,
    on_progress=None,
) -> dict[str, Any]:
    """Measure this machine; the probe document (figures judged, a summary, the verdict)."""
    from trainsizer.hardware import inventory

    t0 = time.perf_counter()
    stages: dict[str, float] = {}
    inv = inventory()
    if on_progress:
        on_progress("inventory")
    t = time.perf_counter()
    figures, problems = _local(quick, gpus, on_progress)
    stages["host and GPUs"] = round(time.perf_counter() - t, 2)
    gpu_count = len(inv.gpus) if gpus else 0
    t = time.perf_counter()
    figures += _collectives(quick, gpu_count, on_progress)
    if gpu_count == 1:
        figures.append(
            _fig(
                "between_gpus",
                "collectives",
                None,
                "GB/s",
                {"error": "one GPU: nothing between GPUs to measure"},
            )
        )
    stages["collectives"] = round(time.perf_counter() - t, 2)
    directory = Path(directory or os.getcwd()).expanduser()
    size = (128 if quick else 1024) * MiB
    if planned_checkpoint:
        size = max(64 * MiB, min(planned_checkpoint, (512 if quick else 4096) * MiB))
    t = time.perf_counter()
    figures += disk_figures(directory, size, planned_checkpoint, on_progress)
    stages["disk"] = round(time.perf_counter() - t, 2)
    figures += problems
    parts = _parts(figures)
    judged = [judge(f, parts) for f in figures]
    below = summarize(judged)
    return {
        "schema": PROBE_SCHEMA,
        "tool_version": __version__,
        "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": socket.gethostname(),
        "quick": quick,
        "environment": inv.to_dict(),
        "figures": judged,
        "summary": below,
        "verdict": "below" if below else "pass",
        "stages": stages,
        "seconds": round(time.perf_counter() - t0, 2),
    }


def keep(doc: dict[str, Any], root: Path | None = None) -> Path:
    """The probe into the kept probes (history), named by time and machine; its path."""
    import re

    folder = root or probes_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = doc.get("created", "")[:19].replace(":", "").replace("-", "")
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", f"{stamp}-{doc.get('machine', 'machine')}") + ".json"
    path = folder / name
    n = 1
    while path.exists():
        n += 1
        path = folder / name.replace(".json", f"-{n}.json")
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, indent=1, default=str) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path


def probe_remote(
    host: str,
    *,
    quick: bool = False,
    planned_checkpoint: int | None = None,
    on_progress=None,
    keep: bool = True,
) -> dict[str, Any]:
    """`trainsizer probe --json` on a test server over SSH (kept there too, unless ``keep`` is False, so that
    the server's own runs carry it); its stages reported here as they run."""
    from trainsizer.runs.remote import Connection, Host, RemoteError

    h = Host.parse(host)
    with Connection(h) as conn:
        conn.check_versions()
        args = (
            "probe --json --progress-lines" + (" --quick" if quick else "") + ("" if keep else " --no-keep")
        )
        if planned_checkpoint:
            args += f" --checkpoint-bytes {int(planned_checkpoint)}"
        proc = conn.popen(f"cd /tmp && exec {conn.trainsizer(args)}")
        import threading

        def relay():
            for raw in proc.stderr:
                line = raw.decode("utf-8", "replace").strip()
                if line.startswith("probe: ") and on_progress:
                    on_progress(line.removeprefix("probe: "))

        t = threading.Thread(target=relay, daemon=True)
        t.start()
        out = proc.stdout.read()
        proc.wait()
        t.join(timeout=5)
    if proc.returncode not in (0, 1):
        raise RemoteError(
            "remote_command_failed",
            "%(host)s: the probe failed there (exit %(code)s)",
            host=str(h),
            code=proc.returncode,
        )
    try:
        doc = json.loads(out)
    except ValueError:
        raise RemoteError(
            "remote_command_failed", "%(host)s: the probe wrote no result", host=str(h)
        ) from None
    doc["target"] = {"host": str(h)}
    return doc


# -- several nodes (a Slurm job's, runs/probe_slurm.py; servers over SSH, probe_hosts) ----------------------
def gpu_count(doc: dict) -> int:
    return sum(1 for f in doc.get("figures") or [] if f.get("what") == "device")


def between_figures(out: str, err: str, code: int | None) -> list[dict]:
    """The figures the collectives between nodes printed (``out``: their JSON lines; ``code`` None: stopped at
    the time limit), judged. Collectives that cannot run between the nodes are below: every run on several
    nodes would fail the same way."""
    figs = []
    for raw in out.splitlines():
        try:
            item = json.loads(raw)
        except ValueError:
            continue
        if isinstance(item, dict) and isinstance(item.get("figure"), dict):
            figs.append(item["figure"])
    if code != 0 or not figs:
        why = "stopped at its time limit" if code is None else f"exit {code}"
        tail = " | ".join(err.strip().splitlines()[-3:])
        why = f"the collectives between the nodes could not run ({why}): {tail}"
        figs = [_fig("between_nodes", "collectives", None, "GB/s", {"error": why})]
    return [
        _verdict(f, "below", "probe_not_measured", why=f["detail"]["error"])
        if (f.get("detail") or {}).get("error")
        else judge(f, {})
        for f in figs
    ]


def combine_nodes(
    probed: list[tuple[str, dict | None, str]],
    between: list[dict],
    *,
    quick: bool,
    stages: dict[str, float],
    seconds: float,
) -> dict[str, Any]:
    """One probe document of several nodes: each node's judged figures scoped by its name (``n2/host``), a
    node whose probe gave nothing (``probed``: name, its document or None, why) below, the figures between
    the nodes; the summary and the verdict over all of them. The caller names the machine."""
    figures: list[dict] = []
    docs = []
    for name, doc, why in probed:
        if doc is None:
            fig = _fig(name, "local", None, "", {"error": f"its probe wrote nothing: {why}"})
            figures.append(_verdict(fig, "below", "probe_not_measured", why=fig["detail"]["error"]))
            continue
        docs.append((name, doc))
        figures += [{**f, "scope": f"{name}/{f['scope']}", "node": name} for f in doc.get("figures") or []]
    figures += between
    below = summarize(figures)
    return {
        "schema": PROBE_SCHEMA,
        "tool_version": __version__,
        "created": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": ",".join(name for name, _, _ in probed),
        "quick": quick,
        "nodes": [
            {
                "name": name,
                "verdict": d.get("verdict"),
                "seconds": d.get("seconds"),
                "environment": d.get("environment"),
            }
            for name, d in docs
        ],  # fmt: skip
        "environment": docs[0][1].get("environment") if docs else None,
        "figures": figures,
        "summary": below,
        "verdict": "below" if below else "pass",
        "stages": stages,
        "seconds": round(seconds, 2),
    }


def probe_hosts(
    hosts: list[str],
    *,
    quick: bool = False,
    planned_checkpoint: int | None = None,
    rendezvous: str | None = None,
    on_progress=None,
    keep: bool = True,
    timeout: float = 300,
) -> dict[str, Any]:
    """Several servers over SSH (the nodes of a `parallel.hosts` run): each probes itself (probe_remote, one
    after the other: the figures of one are not taken while another loads the network), then the collectives
    run between them — torchrun on every host with a c10d rendezvous on the first (``rendezvous``: its
    HOST:PORT; default: the first host's address, port 29400), a rank per GPU (NCCL), one per host without
    GPUs (gloo), as a run across the hosts would (runs/multinode.py)."""
    from trainsizer.runs.remote import RemoteError

    on = on_progress or (lambda stage: None)
    t0 = time.perf_counter()
    stages: dict[str, float] = {}
    probed: list[tuple[str, dict | None, str]] = []
    t = time.perf_counter()
    for h in hosts:
        on(f"{h}: probing itself")
        try:
            doc = probe_remote(
                h,
                quick=quick,
                planned_checkpoint=planned_checkpoint,
                on_progress=lambda stage, h=h: on(f"{h}: {stage}"),
                keep=keep,
            )
            probed.append((h, doc, ""))
        except RemoteError as e:
            probed.append((h, None, str(e)))
    stages["nodes"] = round(time.perf_counter() - t, 2)
    missing = [h for h, d, _ in probed if d is None]
    on("collectives between the nodes")
    t = time.perf_counter()
    if missing:
        between = between_figures("", f"{', '.join(missing)} could not be probed", 1)
        endpoint = None
    else:
        gpus = min(gpu_count(d) for _, d, _ in probed if d)
        between, endpoint = _between_hosts(hosts, gpus, quick, rendezvous, timeout)
    stages["between nodes"] = round(time.perf_counter() - t, 2)
    doc = combine_nodes(probed, between, quick=quick, stages=stages, seconds=time.perf_counter() - t0)
    doc["target"] = {"hosts": list(hosts), "rendezvous": endpoint}
    return doc


def _between_hosts(
    hosts: list[str], gpus: int, quick: bool, rendezvous: str | None, timeout: float
) -> tuple[list[dict], str | None]:
    import threading
    import uuid

    from trainsizer.runs.multinode import DEFAULT_PORT, _address, end_nodes, torchrun_line
    from trainsizer.runs.remote import Connection, Host, RemoteError, _drain

    conns: list = []
    procs: list[subprocess.Popen] = []
    try:
        for h in hosts:
            conn = Connection(Host.parse(h))
            conns.append(conn)
            conn.check_versions()
        endpoint = rendezvous or f"{_address(conns[0])}:{DEFAULT_PORT}"
        run_id = uuid.uuid4().hex[:12]
        module = ["trainsizer.worker.probe", "collectives", "--scope", "between_nodes"] + (
            ["--quick"] if quick else []
        )
        # a backend named here is tried there as it is (tests show one that cannot start); gloo without GPUs
        backend = os.environ.get("TRAINSIZER_PROBE_BACKEND") or ("" if gpus else "gloo")
        env = {"TRAINSIZER_PROBE_BACKEND": backend} if backend else {}
        for i, conn in enumerate(conns):
            line = torchrun_line(conn, None, len(conns), i, max(1, gpus), endpoint, run_id, module, env)
            procs.append(conn.popen(f"cd /tmp && exec {line}"))
        outs: list[list[str]] = [[] for _ in procs]
        tails: list[list[str]] = [[] for _ in procs]
        threads = []
        for p, out, tail in zip(procs, outs, tails, strict=True):
            threads += [
                threading.Thread(target=_drain, args=(p.stdout, out), daemon=True),
                threading.Thread(target=_drain, args=(p.stderr, tail), daemon=True),
            ]
        for th in threads:
            th.start()
        deadline = time.monotonic() + timeout
        while any(p.poll() is None for p in procs) and time.monotonic() < deadline:
            if any(p.poll() not in (None, 0) for p in procs):  # one host failed: the others would wait
                break
            time.sleep(0.1)
        timed_out = any(p.poll() is None for p in procs) and time.monotonic() >= deadline
        end_nodes(procs, stop=True)  # a host still running when another failed, or at the time limit
        for th in threads:
            th.join(timeout=10)
        codes = [p.returncode for p in procs]
        code = None if timed_out else next((c for c in codes if c), 0)
        err = " | ".join(f"{h}: {_reason(t)}" for h, t, c in zip(hosts, tails, codes, strict=True) if c and t)
        return between_figures("\n".join(line for out in outs for line in out), err, code), endpoint
    except RemoteError as e:
        return between_figures("", str(e), 1), None
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        for conn in conns:
            conn.close()


def _reason(lines: list[str]) -> str:
    """The line of a failed process's stderr that says why (torchrun ends with a banner, not the reason)."""
    import re

    said = [x.strip() for x in lines if re.match(r"\s*[\w.]*(Error|Exception): ", x)]
    said = [x for x in said if "ChildFailedError" not in x]
    return said[-1][:300] if said else " ".join(lines[-2:])[:300]
