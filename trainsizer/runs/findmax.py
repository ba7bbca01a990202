"""The largest micro-batch (or sequence length) whose measured step fits: each trial in a fresh worker,
starting from the estimator's prediction so that the trials stay few (exponential, then binary search)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from trainsizer.result.model import RunResult


def _predicted(spec, key: str, memory_limit: int | None = None) -> int | None:
    from trainsizer.estimate import fit
    from trainsizer.hardware import inventory
    from trainsizer.model.build import model_config
    from trainsizer.model.params import param_stats

    inv = inventory()
    on_cpu = spec.parallel.on_cpu
    targets = [] if on_cpu else inv.targets()
    ram = inv.host["ram_available"] if on_cpu else None
    if on_cpu and memory_limit:  # the worker's own limit is its capacity (less the process baseline)
        from trainsizer.estimate.analytic import HOST_BASELINE_BYTES

        ram = min(ram, memory_limit - HOST_BASELINE_BYTES)
    if key == "batch":
        return fit.max_micro_batch(spec, targets, ram)
    return fit.max_seq_len(spec, targets, param_stats(model_config(spec)[1]), ram)


def find_max(
    spec,
    out: str | Path,
    key: str,
    *,
    on_trial=None,
    memory_limit: int | None = None,
    max_trials: int = 10,
    force: bool = False,
) -> dict[str, Any]:
    from trainsizer.runs.measure import devices_present, measure

    spec = devices_present(spec)
    field = {"batch": "micro_batch", "seq": "seq_len"}[key]
    upper_bound = None
    if key == "seq":
        from trainsizer.model.build import model_config

        upper_bound = getattr(model_config(spec)[1], "max_position_embeddings", None)
    predicted = _predicted(spec, key, memory_limit)
    trials: list[dict[str, Any]] = []
    cache: dict[int, bool] = {}

    def fits(n: int) -> bool:
        if n in cache:
            return cache[n]
        trial_spec = spec.replace(batch={field: n}, measure={"warmup_steps": 1, "steps": 1})
        result = RunResult.of(
            measure(trial_spec, Path(out) / f"trial-{key}-{n}", memory_limit=memory_limit, force=force)
        )
        ok = result.status == "ok"
        cache[n] = ok
        trials.append(
            {
                field: n,
                "fits": ok,
                "status": str(result.status) if result.status else None,
                "peak_rss": result.measurement.host_rss,
            }
        )
        if on_trial:
            on_trial(trials[-1])  # the trial as data: the edge words it
        return ok

    lo, hi = 0, None  # lo fits (0: nothing known), hi does not fit
    n = max(1, predicted or 1)
    if upper_bound:
        n = min(n, upper_bound)
    while len(trials) < max_trials:
        if fits(n):
            lo = n
            if upper_bound and n >= upper_bound:
                break
            n = n * 2 if hi is None else (lo + hi) // 2
            if upper_bound:
                n = min(n, upper_bound)
        else:
            hi = n
            n = (lo + hi) // 2 if lo else max(1, n // 2)
        if hi is not None and hi - lo <= 1 or (lo == 0 and hi == 1):
            break
    return {
        "key": field,
        "predicted": predicted,
        "answer": lo or None,
        "trials": trials,
        "complete": hi is None or hi - lo <= 1,
    }
