"""Time per step: the FLOPs of a step (trainsizer.model.flops) divided by the device's peak dense TFLOP/s
(accelerators.py) at a stated utilization, or by a matmul probe on the CPU."""

from __future__ import annotations

from trainsizer.hardware.probes import TYPICAL_GEMM_SHARE
from trainsizer.model.flops import PEAK_KEY, cpu_matmul_flops, flops_per_step

__all__ = ["PEAK_KEY", "cpu_matmul_flops", "flops_per_step", "step_time"]

# Typical achieved model-FLOPs utilization for training is 0.3-0.55 (docs/facts.md): we predict at 0.4.
GPU_UTILIZATION = 0.4
# On the CPU the prediction uses the rate of a large matmul measured on this machine, at this fraction
# (attention, norms and the optimizer do not run at matmul speed).
CPU_UTILIZATION = 0.5


def probed_cpu_flops(dtype: str) -> tuple[float, str]:
    """This CPU's matmul rate and when it was measured: probed once (torch) and kept in the user cache
    directory per CPU, core count, torch version and dtype, so that an estimate needs no torch import."""
    import json
    import os
    from importlib.metadata import version
    from pathlib import Path

    import platformdirs

    from trainsizer.hardware.host import cpu_model

    key = f"{cpu_model()}|{os.cpu_count()}|torch {version('torch')}|{dtype}"
    path = Path(platformdirs.user_cache_dir("trainsizer", appauthor=False)) / "cpu_matmul.json"
    try:
        table = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, ValueError):
        table = {}
    if isinstance(table.get(key), dict) and isinstance(table[key].get("flops"), float):
        return table[key]["flops"], str(table[key].get("measured", "?"))
    import datetime

    flops = cpu_matmul_flops(dtype)
    when = datetime.date.today().isoformat()
    table[key] = {"flops": flops, "measured": when}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(table, indent=1), encoding="utf-8")
        os.replace(tmp, path)  # a file trainsizer owns: its own cache
    except OSError:
        pass  # a read-only cache: probe again next time
    return flops, when


def _probed_share(target, key: str) -> tuple[float, str] | None:
    """The GEMM share of peak a kept probe of this machine measured on ``target``'s GPU class."""
    from trainsizer.hardware.probes import calibration, catalog_row, latest_probe

    acc = catalog_row(target.name, getattr(target, "memory_total", None))
    cal = calibration(latest_probe())
    share = (cal.get("gemm_share") or {}).get(acc.key, {}).get(key) if acc else None
    return (share, cal["source"]) if share else None


def step_time(
    spec, stats, target=None, *, data_parallel: int | None = None, utilization: float | None = None
) -> dict[str, float | str | None]:
    """Predicted seconds per optimizer step and tokens/s on ``target`` (a TargetDevice; None: this CPU).

    ``data_parallel`` replicas each run the spec's micro-batches (default: the spec's world size over its
    model-parallel degree); each GPU of a replica computes its tensor/pipeline/context share, and a pipeline
    adds its bubble, (stages - 1) / micro-batches (Narayanan et al. 2021, eq. 1). Communication is not
    modelled: it hides behind compute or shows in the utilisation."""
    f = flops_per_step(spec, stats)
    key = PEAK_KEY[spec.precision.compute]
    if target is None:
        dtype = "float32" if key == "fp32" else "bfloat16"
        from trainsizer.hardware.probes import calibration, latest_probe

        cal = calibration(latest_probe())
        if cal.get("cpu_flops", {}).get(dtype):  # `trainsizer probe` measured this machine's CPU GEMM
            rate, util = cal["cpu_flops"][dtype], CPU_UTILIZATION
            basis = f"CPU GEMM ({dtype}) calibrated by {cal['source']}"
        else:
            rate, when = probed_cpu_flops(dtype)
            util, basis = CPU_UTILIZATION, f"CPU matmul probe ({dtype}, measured {when})"
    else:
        peak = (target.tflops or {}).get(key)
        if not peak:
            return {
                "seconds": None,
                "tokens_per_s": None,
                "basis": f"no peak {key} TFLOP/s known for {target.name}",
                "flops": f["total"],
                "utilization": None,
            }
        util = utilization or GPU_UTILIZATION
        rate, basis = peak * 1e12, f"{target.name} peak {peak:g} TFLOP/s ({key})"
        if utilization is None and not getattr(target, "hypothetical", False):
            probed = _probed_share(target, key)
            if probed:  # this machine's GPU was probed: its GEMM share scales the assumed utilisation
                share, source = probed
                util = GPU_UTILIZATION * min(1.1, share / TYPICAL_GEMM_SHARE)
                basis += f", calibrated by {source} (GEMM {share:.0%} of peak)"
    par = spec.parallel
    if data_parallel is None:
        data_parallel = max(1, par.world_size() // max(1, par.model_parallel))
    bubble = 1.0
    if par.pipeline_parallel > 1:
        bubble += (par.pipeline_parallel - 1) / spec.batch.grad_accum
    seconds = f["total"] / (rate * util) * bubble
    return {
        "seconds": seconds,
        "tokens_per_s": f["tokens"] * data_parallel / seconds,
        "basis": basis,
        "flops": f["total"],
        "utilization": util,
        "peak_flops": rate,
        "pipeline_bubble": bubble - 1.0,
    }
