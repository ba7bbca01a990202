"""The measure role: warm-up, N measured steps, memory per phase, exact accounting on the CPU."""

from __future__ import annotations

from typing import Any

import torch

from trainsizer.worker.engine import Trainer, step_statistics

RECORD_STEPS = 2  # the allocator record covers the build and this many steps (the steady state is the 2nd)


def _cpu_accounting(trainer: Trainer, batches_iter, allocator: dict | None) -> dict[str, Any]:
    """One more step under the live-storage tracker and the saved-tensor recorder (CPU, one process): the
    attribution of the peak to items. The peak itself is the allocator's (``allocator``), when recorded;
    the tracker's own total is kept beside it (``tracker_peak``) so that a drift between the two shows."""
    from trainsizer.model.stepaccount import tracked_steps

    acct = tracked_steps(
        trainer.spec,
        trainer.model,
        trainer.optimizer,
        next(batches_iter),
        trainer.vocab,
        scaler=trainer.scaler,
    )
    items = {k: v for k, v in acct.items.items() if k != "buffers"}
    items.update(
        {"cuda_context": 0, "allocator_overhead": 0, "comm_buffers": 0, "other": items.get("other", 0)}
    )
    out = {**items, "tracker_peak": acct.peak, "tracker_phase": acct.peak_phase, "phases": acct.phase_peaks}
    # the items are the tracker's attribution (live tensors, one more step); the peak is the allocator's
    out["basis"] = {k: "tracker" for k in items} | {"peak": "allocator" if allocator else "tracker"}
    if allocator and allocator.get("peak"):
        return {
            **out,
            "peak": allocator["peak"],
            "peak_phase": allocator["peak_phase"],
            "peak_source": allocator["instrument"],
            "tracker_ratio": acct.peak / allocator["peak"],
        }
    return {**out, "peak": acct.peak, "peak_phase": acct.peak_phase, "peak_source": "tracker"}


def _cuda_anatomy(trainer: Trainer, context_bytes: int | None) -> dict[str, Any]:
    """What the CUDA allocator and NVML say, per item where they can: ``basis`` names the source of each
    figure — "allocator" (torch.cuda memory counters), "nvml", "tensors" (the storages of the live tensors),
    "derived" (a difference of measured figures) — and items no instrument separates are None."""
    from trainsizer.model.tracker import storage_bytes

    params = list(trainer.model.parameters())
    states = [
        v for st in trainer.optimizer.state.values() for v in st.values() if isinstance(v, torch.Tensor)
    ]
    w, s = storage_bytes(params), storage_bytes(states)
    mem = trainer.phase_memory
    fwd = mem.get("forward", {}).get("allocated", 0)
    peak_alloc = max((m["allocated"] for m in mem.values()), default=0)
    peak_res = max((m["reserved"] for m in mem.values()), default=0)
    phase = max(mem, key=lambda k: mem[k]["allocated"]) if mem else None
    return {
        "weights": w,
        "gradients": trainer.grad_bytes_freed,
        "optimizer_states": s,
        "master_weights": 0,
        "activations": max(0, fwd - w - s),
        "logits_and_loss": None,
        "cuda_context": context_bytes,
        "allocator_overhead": peak_res - peak_alloc,
        "comm_buffers": None,
        "other": None,
        "peak": peak_alloc,
        "peak_phase": phase,
        "peak_source": "cuda_allocator",
        "phases": {k: v["allocated"] for k, v in mem.items()},
        "basis": {
            "weights": "tensors",
            "gradients": "allocator" if trainer.grad_bytes_freed is not None else None,
            "optimizer_states": "tensors",
            "activations": "derived",
            "cuda_context": "nvml" if context_bytes is not None else None,
            "allocator_overhead": "derived",
            "peak": "allocator",
        },
    }


def run_measure(
    spec, emitter, trainer: Trainer, sampler, context_bytes: int | None, record=None
) -> dict[str, Any]:
    """Warm-up, then the timed steps. With ``record`` (the CPU allocator's record, started before the
    build), the warm-up is at least RECORD_STEPS steps and the record covers exactly those: the steady state
    (optimizer states alive while a step's activations are) is reached in the second step; the timed steps
    run without the profiler."""
    warm, steps = spec.measure.warmup_steps, spec.measure.steps
    if record is not None:
        warm = max(warm, RECORD_STEPS)
    batches = trainer.make_batches(spec.data.seed)
    allocator = None
    for i in range(warm + steps):
        if record is not None and i == warm:
            allocator = record.stop()
        info = trainer.train_step(batches)
        measured = i >= warm
        if measured:
            trainer.times.append(info["seconds"])
        emitter.emit("step", index=i, measured=measured, total=warm + steps, **info)
    return summarize(spec, emitter, trainer, allocator, warm, context_bytes, batches)


def summarize(
    spec, emitter, trainer: Trainer, allocator, warm: int, context_bytes, batches, before_accounting=None
) -> dict[str, Any]:
    """The measurement of the timed steps, for every engine: step statistics, throughput, the allocator's
    record, and the anatomy (CPU: the tracker's attribution of one more step; CUDA: the allocator's counters).
    ``before_accounting`` readies an engine's model for the attribution step (the Trainer's hooks off)."""
    result: dict[str, Any] = {"step_time_s": step_statistics(trainer.times)}
    if allocator is not None:
        result["allocator"] = {**allocator, "steps": warm}
    med = result["step_time_s"]["median"]
    tokens = spec.batch.micro_batch * spec.batch.seq_len * spec.batch.grad_accum * trainer.dist.world
    result["tokens_per_s"] = tokens / med if med else None
    result["samples_per_s"] = tokens / spec.batch.seq_len / med if med else None
    result.update(_throughput(spec, trainer, med))
    dev = str(trainer.device)
    if trainer.device.type == "cpu" and trainer.dist.world == 1:
        emitter.phase("accounting", trainer.step, "begin")
        if before_accounting is not None:
            before_accounting()
        anatomy = _cpu_accounting(trainer, batches, allocator)
        emitter.phase("accounting", trainer.step, "end")
    elif trainer.device.type == "cuda":
        anatomy = _cuda_anatomy(trainer, context_bytes)
    else:
        anatomy = {"note": "exact accounting runs in single-process CPU runs only"}
    emitter.emit("accounting", device=dev, items=anatomy)
    result["anatomy"] = {dev: anatomy}
    result["phase_memory"] = trainer.phase_memory
    return result


def _throughput(spec, trainer: Trainer, median: float | None) -> dict[str, Any]:
    from trainsizer.model.build import model_config
    from trainsizer.model.flops import PEAK_KEY, cpu_matmul_flops, flops_per_step, remember_cpu_flops
    from trainsizer.model.params import param_stats

    if not median:
        return {"tflops": None, "mfu": None, "peak_tflops": None}
    stats = param_stats(model_config(spec)[1])
    flops = flops_per_step(spec, stats)["total"]
    achieved = flops / median
    key = PEAK_KEY[spec.precision.compute]
    if trainer.device.type == "cuda":
        from trainsizer.hardware.accelerators import match_accelerator

        props = torch.cuda.get_device_properties(trainer.device)
        acc = match_accelerator(props.name, props.total_memory)
        peak = acc.tflops.get(key) * 1e12 if acc and acc.tflops.get(key) else None
        basis = acc.key if acc else None
    else:
        dtype = "float32" if key == "fp32" else "bfloat16"
        peak = cpu_matmul_flops(dtype)
        remember_cpu_flops(dtype, peak)  # the estimate's CPU rate: the best probe this machine has shown
        basis = "CPU matmul probe"
    return {
        "tflops": achieved / 1e12,
        "mfu": achieved / peak if peak else None,
        "peak_tflops": peak / 1e12 if peak else None,
        "peak_basis": basis,
    }
