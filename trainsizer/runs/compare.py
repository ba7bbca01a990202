"""Estimate beside measurement, as plain data for every front end (the results panel, the report)."""

from __future__ import annotations

from typing import Any

from trainsizer.result.model import RunResult, shaped
from trainsizer.vocab import ITEM_KEYS

__all__ = ["ITEM_KEYS", "anatomy_rows"]


def anatomy_rows(result: dict[str, Any] | RunResult) -> list[dict[str, Any]]:
    """One row per device and item present on either side: estimated and measured bytes, their ratio
    (None where a side is missing), and for the peak the phase where it happened. ``result``: as
    result.json holds it, or already read."""
    r = result if isinstance(result, RunResult) else RunResult.of(result)
    estimated = {dev: {**d["items"], "peak": d.get("peak")} for dev, d in r.estimate["devices"].items()}
    rows = []
    for dev, key, e, m, m_items in _item_pairs(estimated, r.measurement.anatomy):
        ratio = m / e if isinstance(e, int | float) and isinstance(m, int | float) and e else None
        rows.append(
            {
                "device": dev,
                "item": key,
                "estimated": e,
                "measured": m,
                "ratio": ratio,
                "phase": m_items.get("peak_phase") if key == "peak" else None,
                # where the measured figure comes from (BASIS_WORDS); None: not measured
                "basis": m_items["basis"].get(key) if m is not None else None,
            }
        )
    return rows


def _item_pairs(left: dict[str, dict], right: dict[str, dict]):
    """(device, item, left value, right value, right's items) for every device and item (ITEM_KEYS, then
    the peak) that either side has."""
    for dev in dict.fromkeys([*left, *right]):
        a, b = left.get(dev, {}), right.get(dev, {})
        for key in (*ITEM_KEYS, "peak"):
            va, vb = a.get(key), b.get(key)
            if va or vb:
                yield dev, key, va, vb, b


def reference_levels(
    estimate: dict[str, Any] | None, host_total: int | None = None
) -> tuple[dict[str, float], dict[str, float]]:
    """(predicted peak, capacity) in bytes per plotted series name: GPU names, and "host" (a CPU run's working
    set lives in host RAM, so its prediction is the device peak plus the process baseline)."""
    estimate = shaped("estimate", estimate)
    predicted, capacity = {}, {}
    baseline = float(estimate["host"].get("process_baseline") or 0)
    for dev, d in estimate["devices"].items():
        key = "host" if dev == "cpu" else dev
        if d.get("peak"):
            predicted[key] = float(d["peak"]) + (baseline if key == "host" else 0.0)
        if d.get("capacity") and key != "host":
            capacity[key] = float(d["capacity"])
    if host_total:
        capacity["host"] = float(host_total)
    return predicted, capacity


def result_levels(result: dict[str, Any]) -> tuple[dict[str, float], dict[str, float]]:
    """``reference_levels`` of a whole result: its estimate, and the host RAM its environment recorded."""
    ram = RunResult.of(result).environment.host.get("ram_total")
    return reference_levels(result.get("estimate"), ram)


def model_name(spec: dict[str, Any] | None, default: str = "?") -> str:
    """The model a spec (as a dict, e.g. result["spec"]) names: preset, config, pretrained dir or hub id."""
    m = shaped("spec", spec)["model"]
    return str(m.get("preset") or m.get("config") or m.get("pretrained") or m.get("hub_id") or default)


def compare_runs(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Two results side by side — "what did the change saved?": the spec fields that differ, the measured
    anatomy per item (A, B, B − A), the peaks and the step times. Plain data; words at the edges."""

    def flat(spec) -> dict[str, Any]:
        spec = spec if isinstance(spec, dict) else {}
        return {f"{s}.{k}": v for s, sec in spec.items() if isinstance(sec, dict) for k, v in sec.items()}

    def differ(fa: dict[str, Any], fb: dict[str, Any], keys) -> list[dict[str, Any]]:
        return [{"field": k, "a": fa.get(k), "b": fb.get(k)} for k in keys if fa.get(k) != fb.get(k)]

    ra, rb = RunResult.of(a), RunResult.of(b)
    fa, fb = flat(ra.spec), flat(rb.spec)
    changed = differ(fa, fb, sorted(set(fa) | set(fb)))
    ma, mb = ra.measurement, rb.measurement
    items = []
    for dev, key, va, vb, _ in _item_pairs(ma.anatomy, mb.anatomy):
        num = isinstance(va, int | float) and isinstance(vb, int | float)
        items.append({"device": dev, "item": key, "a": va, "b": vb, "delta": vb - va if num else None})
    ea, eb = _environment(ra), _environment(rb)
    return {
        "changed": changed,
        # what differs where they ran: the machine, its GPUs and driver, the software's versions
        "environment": differ(ea, eb, dict.fromkeys([*ea, *eb])),
        "items": items,
        "step_time": {"a": ma.step_time_s.median, "b": mb.step_time_s.median},
        "tokens_per_s": {"a": ma.tokens_per_s, "b": mb.tokens_per_s},
        "verdict": {"a": str(ra.verdict), "b": str(rb.verdict)},
    }


ENVIRONMENT_FIELDS = ("hostname", "os", "cpu_model", "cpu_cores_logical", "ram_total")


def _environment(result: RunResult) -> dict[str, Any]:
    """The environment a result recorded, flat: host.*, gpus (names), nvml.driver_version, versions.*."""
    env = result.environment
    out: dict[str, Any] = {f"host.{k}": env.host.get(k) for k in ENVIRONMENT_FIELDS}
    gpus = [g.get("name") for g in env.gpus if isinstance(g, dict)]
    out["gpus"] = ", ".join(f"{gpus.count(n)} × {n}" for n in dict.fromkeys(gpus)) or None
    out["nvml.driver_version"] = env.nvml.driver_version
    out |= {f"versions.{k}": v for k, v in sorted(env.versions.items())}
    return out
