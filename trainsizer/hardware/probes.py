"""The kept readiness probes (`trainsizer probe`, runs/probe.py), read where estimates and plans need them:
the newest probe of a machine, and what it calibrates — the CPU's GEMM rate, and per GPU class the GEMM
rate's share of the catalog peak. Plain JSON files in trainsizer's data folder; no torch here."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

PROBE_SCHEMA = "trainsizer.probe/1"
GEMM_KEY = {"gemm_bf16": "bf16", "gemm_fp16": "fp16", "gemm_tf32": "tf32", "gemm_fp32": "fp32"}
# A healthy card's cuBLAS GEMM reaches about this share of its dense peak (docs/probe.md); the assumed
# model-FLOPs utilisation of a class scales with the probed share over it.
TYPICAL_GEMM_SHARE = 0.75


def probes_dir() -> Path:
    """platformdirs' user data directory (beside the kept runs), probes/ inside it."""
    import platformdirs

    return Path(platformdirs.user_data_dir("trainsizer", appauthor=False)) / "probes"


def catalog_row(name: str, memory: int | None):
    """The accelerator catalog's row for a detected GPU; the user's accelerators.toml row of the same key
    wins (a broken table is passed over here: `trainsizer devices --known` names its problem)."""
    from trainsizer.hardware.accelerators import match_accelerator, user_accelerators

    acc = match_accelerator(name, memory)
    try:
        user = user_accelerators()
    except ValueError:
        user = {}
    return user.get(acc.key, acc) if acc else None


def kept_probes(root: Path | None = None) -> list[tuple[Path, dict[str, Any]]]:
    """Kept probes, newest first (files that are not probes are passed over)."""
    folder = root or probes_dir()
    out = []
    for p in sorted(folder.glob("*.json"), reverse=True) if folder.is_dir() else []:
        try:
            doc = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if (
            isinstance(doc, dict)
            and doc.get("schema") == PROBE_SCHEMA
            and isinstance(doc.get("figures"), list)
        ):
            out.append((p, doc))
    out.sort(key=lambda x: str(x[1].get("created", "")), reverse=True)
    return out


def latest_probe(machine: str | None = None, root: Path | None = None) -> dict[str, Any] | None:
    """The newest kept probe of ``machine`` (this machine's name by default)."""
    machine = machine or socket.gethostname()
    return next((d for _, d in kept_probes(root) if d.get("machine") == machine), None)


def calibration(doc: dict[str, Any] | None) -> dict[str, Any]:
    """What a probe tells the estimate and the plan: the CPU's GEMM rate (FLOP/s per dtype) and, per GPU
    class it saw, the GEMM rate's share of the catalog peak per dtype — labelled with where and when."""
    if not doc:
        return {}
    source = f"probe of {doc.get('machine')} ({str(doc.get('created', ''))[:10]})"
    cpu: dict[str, float] = {}
    classes: dict[str, dict[str, float]] = {}
    names = {f["scope"]: (f.get("detail") or {}) for f in doc["figures"] if f.get("what") == "device"}
    for f in doc["figures"]:
        value = f.get("value")
        if not isinstance(value, int | float) or value <= 0:
            continue
        if f["scope"] == "host" and f["what"] in ("cpu_gemm_float32", "cpu_gemm_bfloat16"):
            cpu[f["what"].removeprefix("cpu_gemm_")] = value * 1e9
        if f["what"] in GEMM_KEY and f["scope"] in names:
            acc = catalog_row(str(names[f["scope"]].get("name", "")), names[f["scope"]].get("memory"))
            peak = acc.tflops.get(GEMM_KEY[f["what"]]) if acc else None
            if acc and peak:
                share = classes.setdefault(acc.key, {})
                key = GEMM_KEY[f["what"]]
                share[key] = min(share.get(key, 1e9), value / peak)  # the slowest GPU of a class sets it
    # the all-reduce bus bandwidth between this machine's GPUs (NCCL, every local GPU), for their class; and
    # between the nodes of a probe of several (probe --hosts, --slurm --nodes N: a rank per GPU on each)
    bus: dict[str, float] = {}
    network: dict[str, float] = {}
    first = next(iter(names.values()), None)
    acc0 = catalog_row(str(first.get("name", "")), first.get("memory")) if first else None
    for f in doc["figures"]:
        value = f.get("value")
        if not (acc0 and f["what"] == "all_reduce" and isinstance(value, int | float) and value > 0):
            continue
        if f["scope"] == "between_gpus" and len(names) > 1:
            bus[acc0.key] = float(value)
        elif f["scope"] == "between_nodes":
            network[acc0.key] = float(value)
    return {
        "source": source,
        "machine": str(doc.get("machine")),
        "date": str(doc.get("created", ""))[:10],
        "cpu_flops": cpu,
        "gemm_share": classes,
        "bus_gbs": bus,
        "network_gbs": network,
    }


def probe_scale(share: float) -> float:
    """How a probed GEMM share of the data sheet scales a predicted utilisation (at most 1.1: a card above
    the healthy share is not taken to train faster than that)."""
    return min(1.1, share / TYPICAL_GEMM_SHARE)


def probed_bus(name: str, memory: int | None = None, doc: dict[str, Any] | None = None) -> dict | None:
    """The all-reduce bus bandwidth a kept probe of this machine measured between its GPUs of ``name``'s
    class ({"gbs", "source", "machine", "date"}), or None: it replaces the assumed link inside a node."""
    cal = calibration(doc if doc is not None else latest_probe())
    acc = catalog_row(name, memory)
    gbs = (cal.get("bus_gbs") or {}).get(acc.key) if acc else None
    if not gbs:
        return None
    return {"gbs": gbs, "source": cal["source"], "machine": cal["machine"], "date": cal["date"]}


def probed_networks(root: Path | None = None) -> dict[str, dict]:
    """Per GPU class, the all-reduce bus bandwidth the newest kept probe of several nodes with GPUs of that
    class measured between them ({class: {"gbs", "source", "machine", "date"}}): it replaces the assumed
    network between nodes for that class."""
    out: dict[str, dict] = {}
    for _, doc in kept_probes(root):  # newest first: the first figure of a class is kept
        cal = calibration(doc)
        for cls, gbs in (cal.get("network_gbs") or {}).items():
            out.setdefault(cls, {"gbs": gbs, **{k: cal[k] for k in ("source", "machine", "date")}})
    return out


def probed_network(name: str, memory: int | None = None, root: Path | None = None) -> dict | None:
    """``probed_networks`` for ``name``'s class, or None."""
    acc = catalog_row(name, memory)
    return probed_networks(root).get(acc.key) if acc else None


def probed_utilization(doc: dict[str, Any] | None = None, key: str = "bf16") -> dict:
    """Per GPU class a probe saw, its GEMM share of the data sheet ({class: {"source", "kind": "probe",
    "gemm_share"}}): the plan scales the class's predicted utilisation by it (probe_scale)."""
    cal = calibration(doc if doc is not None else latest_probe())
    out = {}
    for cls, shares in (cal.get("gemm_share") or {}).items():
        share = shares.get(key)
        if share:
            out[cls] = {
                "source": cal["source"],
                "machine": cal["machine"],
                "date": cal["date"],
                "kind": "probe",
                "gemm_share": share,
            }
            if (cal.get("bus_gbs") or {}).get(cls):
                out[cls]["bus"] = {
                    "gbs": cal["bus_gbs"][cls],
                    **{k: cal[k] for k in ("source", "machine", "date")},
                }
    return out


def compact(doc: dict[str, Any] | None) -> dict[str, Any] | None:
    """A probe as a run's result carries it: when, where, the verdict and the judged figures (no raw
    environment: the result has its own)."""
    if not doc:
        return None
    keep = ("scope", "what", "value", "unit", "verdict", "expected", "code", "params")
    return {
        "created": doc.get("created"),
        "machine": doc.get("machine"),
        "quick": doc.get("quick"),
        "verdict": doc.get("verdict"),
        "summary": doc.get("summary") or [],
        "figures": [
            {k: f.get(k) for k in keep} for f in doc.get("figures") or [] if f.get("what") != "device"
        ],
    }
