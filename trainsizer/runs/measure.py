"""Orchestration of a measured run: run directory, worker(s), merged per-rank results, result.json."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from trainsizer.result.model import settle, shaped
from trainsizer.runs.rundir import RunDir


def environment() -> dict[str, Any]:
    """What the run runs on: this machine's inventory; in a Slurm job of several nodes every node's, each
    read on its node (the first — the batch step's — at the top, as one machine's)."""
    from trainsizer.runs.launcher import node_environments, slurm_job_nodes

    if slurm_job_nodes() > 1:
        nodes = node_environments()
        return {**nodes[0], "nodes": nodes}
    from trainsizer.hardware import inventory

    return inventory().to_dict()


def newest_probe() -> dict[str, Any] | None:
    """The newest readiness probe kept on this machine (`trainsizer probe`), as the result carries it."""
    from trainsizer.hardware.probes import compact, latest_probe

    try:
        return compact(latest_probe())
    except (OSError, ValueError):
        return None


def devices_present(spec):
    """The spec as it runs here: ``devices = "auto"`` is the CPU on a machine without a CUDA device."""
    if not spec.parallel.auto:
        return spec
    from trainsizer.hardware import inventory

    return spec.on_devices_present(len(inventory().gpus))


def analytic_estimate(spec) -> dict[str, Any] | None:
    from trainsizer.estimate.working_set import estimate
    from trainsizer.hardware import inventory

    try:
        inv = inventory()
        on_cpu = spec.parallel.on_cpu
        targets = [] if on_cpu else inv.targets()
        est = estimate(spec, targets, host_ram=inv.host["ram_available"] if on_cpu else None)
    except Exception as e:  # the measurement stands on its own; the result says why there is no estimate
        return {"error": f"{type(e).__name__}: {e}"}
    out = est.to_dict()
    try:
        from trainsizer.estimate.timing import step_time

        first = next((t for t in targets if t.label == est.devices[0].device), None)
        # the predicted step, beside the measured one
        out["time"] = step_time(
            spec, est.stats, first, placement=est.placement, trainable=est.trainable_params
        )
    except Exception as e:
        out["time"] = {"seconds": None, "basis": f"{type(e).__name__}: {e}"}
    return out


def merge_results(events: list[dict]) -> dict[str, Any] | None:
    """Rank 0's measurement, with every rank's peaks and step times beside it."""
    results = {e.get("rank"): e for e in events if e.get("type") == "result"}
    if not results:
        return None
    first = results.get(0) or next(iter(results.values()))
    meas = dict(first.get("measurement") or {})  # the part as the worker sent it (not shaped: it is written)
    if len(results) > 1:
        ranks = sorted(results.items(), key=lambda kv: str(kv[0]))
        theirs = {str(r): shaped("measurement", e.get("measurement")) for r, e in ranks}
        meas["ranks"] = {
            str(r): {
                "peak": theirs[str(r)]["peak"],
                "step_time_s": theirs[str(r)]["step_time_s"],
                "host_rss": theirs[str(r)].get("host_rss"),
                "status": e.get("status"),
            }
            for r, e in ranks
        }
        meas["peak"] = {dev: p for m in theirs.values() for dev, p in m["peak"].items()}
    bad = [e for e in results.values() if e.get("status") not in ("ok",)]
    if bad and not meas.get("oom"):
        errors = [e for e in events if e.get("type") == "error"]
        oom = next((e for e in errors if e.get("kind") == "oom"), None)
        if oom:
            meas["oom"] = {k: oom.get(k) for k in ("phase", "step", "message", "memory")}
        else:
            err = errors[-1] if errors else {}
            meas["failure"] = f"{err.get('kind', bad[0].get('status'))}: {err.get('message', '')}".strip()
    return meas


def measure(
    spec,
    out: str | Path,
    *,
    on_event=None,
    memory_limit: int | None = None,
    cancel_event: threading.Event | None = None,
    force: bool = False,
) -> dict[str, Any]:
    """Run the measured steps of ``spec`` in ``out`` with the engine it names and write result.json; returns
    the result (runs/engines.conduct: the one orchestration of measure and check).

    Ctrl-C, SIGTERM and SIGHUP (``KeyboardInterrupt``) stop what runs; result.json then says "cancelled" and
    keeps what was measured, and the interrupt goes on out to the caller."""
    from trainsizer.runs.engines import conduct

    return conduct(
        spec,
        out,
        ("measure",),
        on_event=on_event,
        memory_limit=memory_limit,
        cancel_event=cancel_event,
        force=force,
    )


def finish(rd: RunDir, result: dict[str, Any]) -> dict[str, Any]:
    """Checks, verdict and what could not be stored, then result.json (atomically)."""
    settle(result)
    if rd.write_errors:
        result["write_errors"] = list(rd.write_errors)
    rd.write_result(result)
    return result
