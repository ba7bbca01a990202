"""Rules across sections, and rules against a target machine (its devices)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trainsizer.spec.errors import SpecIssue

if TYPE_CHECKING:
    from trainsizer.spec.runspec import RunSpec


def cross_field_issues(spec: RunSpec) -> list[SpecIssue]:
    out: list[SpecIssue] = []
    par = spec.parallel
    on_cpu = par.devices.strip() == "cpu"
    if par.strategy in ("ddp", "fsdp") and par.devices.strip() != "auto" and par.world_size() < 2:
        how = "set parallel.processes >= 2" if on_cpu else "list at least two devices, e.g. cuda:0,1"
        out.append(SpecIssue("parallel.strategy", "conflict", f"{par.strategy} needs at least two devices; {how}"))
    if par.strategy == "single" and par.world_size() > 1:
        what = "processes" if on_cpu else "devices"
        out.append(SpecIssue(f"parallel.{what}", "conflict",
                             f"strategy single runs on one device, got {par.world_size()}; choose ddp or fsdp"))
    if par.cpu_offload and par.strategy != "fsdp":
        out.append(SpecIssue("parallel.cpu_offload", "conflict", f"offload needs strategy fsdp, got {par.strategy!r}"))
    if par.processes > 1 and not on_cpu:
        out.append(SpecIssue("parallel.processes", "conflict", "applies to devices = \"cpu\" only; list CUDA devices instead"))
    if spec.method.kind == "qlora":
        if on_cpu:
            out.append(SpecIssue("method.kind", "conflict", "qlora needs a CUDA device (bitsandbytes 4-bit kernels); devices is cpu"))
        if spec.precision.compute == "fp32":
            out.append(SpecIssue("precision.compute", "conflict", "qlora computes in bf16 or fp16; fp32 is not supported"))
    if spec.optimizer.name == "adamw-8bit" and on_cpu:
        out.append(SpecIssue("optimizer.name", "conflict", "adamw-8bit needs a CUDA device (bitsandbytes); devices is cpu"))
    if spec.optimizer.name == "adamw-fused" and spec.precision.compute == "fp16-mixed" and on_cpu:
        out.append(SpecIssue("optimizer.name", "conflict", "fused AdamW with a GradScaler needs CUDA; use adamw on the CPU"))
    if spec.engine.name == "hf-trainer" and par.strategy == "fsdp":
        out.append(SpecIssue("engine.name", "conflict", "hf-trainer with fsdp is not supported; use the builtin engine"))
    return out


def environment_issues(spec: RunSpec, devices: list[Any]) -> list[SpecIssue]:
    """Rules that depend on the target's devices (objects with ``index``, ``name``, ``compute_capability``).

    ``devices`` are the CUDA devices of the target (this machine, or hypothetical ones); empty means none.
    """
    out: list[SpecIssue] = []
    names = spec.parallel.device_list()
    if spec.parallel.devices.strip() in ("cpu", "auto"):
        wanted = [] if spec.parallel.devices.strip() == "cpu" or not devices else [devices[0]]
    else:
        by_index = {d.index: d for d in devices}
        wanted = []
        for name in names:
            idx = int(name.split(":")[1])
            if idx not in by_index:
                have = ", ".join(f"cuda:{d.index}" for d in devices) or "no CUDA device"
                out.append(SpecIssue("parallel.devices", "device", f"{name} is not present (this target has {have})"))
            else:
                wanted.append(by_index[idx])
    if spec.method.kind == "qlora" and not wanted and spec.parallel.devices.strip() == "auto":
        out.append(SpecIssue("method.kind", "conflict", "qlora needs a CUDA device; this target has none"))
    compute = spec.precision.compute
    for d in wanted:
        cc = d.compute_capability
        if compute.startswith("bf16") and cc is not None and tuple(cc) < (8, 0):
            out.append(SpecIssue("precision.compute", "device",
                                 f"{compute} needs bf16 support (compute capability 8.0+); cuda:{d.index} {d.name} has {cc[0]}.{cc[1]}"))
        if compute.startswith("fp16") and cc is not None and tuple(cc) < (5, 3):
            out.append(SpecIssue("precision.compute", "device",
                                 f"{compute} needs fp16 support (compute capability 5.3+); cuda:{d.index} {d.name} has {cc[0]}.{cc[1]}"))
    return out
