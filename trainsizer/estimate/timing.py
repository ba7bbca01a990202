"""Time per step: the FLOPs of a step (trainsizer.model.flops) divided by the device's peak dense TFLOP/s
(accelerators.py) at a stated utilization, or by a matmul probe on the CPU."""

from __future__ import annotations

from trainsizer.model.flops import PEAK_KEY, cpu_matmul_flops, flops_per_step

__all__ = ["PEAK_KEY", "cpu_matmul_flops", "flops_per_step", "step_time"]

# Typical achieved model-FLOPs utilization for training is 0.3-0.55 (docs/facts.md): we predict at 0.4.
GPU_UTILIZATION = 0.4
# On the CPU the prediction uses the rate of a large matmul measured on this machine, at this fraction
# (attention, norms and the optimizer do not run at matmul speed).
CPU_UTILIZATION = 0.5


def step_time(spec, stats, target=None) -> dict[str, float | str | None]:
    """Predicted seconds per optimizer step and tokens/s on ``target`` (a TargetDevice; None: this CPU)."""
    f = flops_per_step(spec, stats)
    key = PEAK_KEY[spec.precision.compute]
    if target is None:
        dtype = "float32" if key == "fp32" else "bfloat16"
        rate, util, basis = cpu_matmul_flops(dtype), CPU_UTILIZATION, f"CPU matmul probe ({dtype})"
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
        rate, util, basis = peak * 1e12, GPU_UTILIZATION, f"{target.name} peak {peak:g} TFLOP/s ({key})"
    seconds = f["total"] / (rate * util)
    world = spec.parallel.world_size()
    return {
        "seconds": seconds,
        "tokens_per_s": f["tokens"] * world / seconds,
        "basis": basis,
        "flops": f["total"],
        "utilization": util,
        "peak_flops": rate,
    }
