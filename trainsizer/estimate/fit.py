"""Does it fit, by how much, what is the most that fits, and what to change when it does not."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trainsizer.estimate.working_set import EstimateError, estimate


@dataclass
class DeviceFit:
    device: str
    peak: int
    capacity: int | None
    peak_phase: str

    @property
    def fits(self) -> bool | None:
        return None if self.capacity is None else self.peak <= self.capacity

    @property
    def headroom(self) -> int | None:
        return None if self.capacity is None else self.capacity - self.peak

    def to_dict(self) -> dict[str, Any]:
        pct = None if self.capacity in (None, 0) else 100.0 * self.headroom / self.capacity
        return {
            "device": self.device,
            "fits": self.fits,
            "peak": self.peak,
            "capacity": self.capacity,
            "headroom": self.headroom,
            "headroom_percent": pct,
            "peak_phase": self.peak_phase,
        }


def fit_of(est) -> list[DeviceFit]:
    return [DeviceFit(d.device, d.peak, d.capacity, d.peak_phase) for d in est.devices]


def fits(est) -> bool | None:
    verdicts = [f.fits for f in fit_of(est)]
    if any(v is False for v in verdicts):
        return False
    return None if any(v is None for v in verdicts) else True


def _fits_with(spec, targets, host_ram, **changes) -> bool:
    try:
        return fits(estimate(spec.replace(**changes), targets, host_ram=host_ram)) is not False
    except (EstimateError, ValueError):
        return False


def _largest(predicate, lo: int, hi: int) -> int | None:
    """Largest n in [lo, hi] with predicate(n), assuming monotone; None when even lo fails."""
    if not predicate(lo):
        return None
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if predicate(mid) else (lo, mid - 1)
    return lo


def max_micro_batch(spec, targets, host_ram=None, limit: int = 4096) -> int | None:
    return _largest(lambda b: _fits_with(spec, targets, host_ram, batch={"micro_batch": b}), 1, limit)


def max_seq_len(spec, targets, stats, host_ram=None) -> int | None:
    limit = stats.max_positions or 1 << 20
    return _largest(lambda s: _fits_with(spec, targets, host_ram, batch={"seq_len": s}), 1, limit)


def min_gpus(spec, targets, limit: int = 64) -> dict[str, Any] | None:
    """Smallest FSDP (full shard) world size that fits, on devices like the first target."""
    if not targets:
        return None
    from trainsizer.hardware.inventory import TargetDevice

    first = targets[0]
    for n in range(1, limit + 1):
        same = [
            TargetDevice(i, first.name, first.memory_total, first.compute_capability, first.tflops, True)
            for i in range(n)
        ]
        strategy = "single" if n == 1 else "fsdp"
        devices = ",".join(f"cuda:{i}" for i in range(n))
        if _fits_with(spec, same, None, parallel={"strategy": strategy, "devices": devices, "processes": 1}):
            return {"gpus": n, "strategy": strategy, "device": first.name}
    return None


def advice(spec, targets, host_ram=None) -> list[dict[str, Any]]:
    """Changes ranked by their predicted saving of the peak (bytes on the first device)."""
    base = estimate(spec, targets, host_ram=host_ram).devices[0].peak
    out = []
    for key, text, changes in _candidates(spec, targets):
        try:
            new = estimate(spec.replace(**changes), targets, host_ram=host_ram).devices[0].peak
        except (EstimateError, ValueError):
            continue
        if new < base:
            out.append({"id": key, "advice": text, "saving": base - new, "new_peak": new, "changes": changes})
    return sorted(out, key=lambda a: -a["saving"])


def _merged(parts: list[dict]) -> dict:
    out: dict[str, dict] = {}
    for changes in parts:
        for section, values in changes.items():
            out.setdefault(section, {}).update(values)
    return out


def combined_advice(spec, targets, host_ram=None, advice_list=None, limit: int = 3) -> dict[str, Any] | None:
    """Combinations of the advice (up to ``limit`` at once, the biggest savings first) searched until one
    fits: {"ids", "changes", "peak", "capacity", "fits"}; when none fits, the closest with what it lacks."""
    from itertools import combinations

    items = advice_list if advice_list is not None else advice(spec, targets, host_ram)
    if not items:
        return None
    best = None
    for size in range(1, min(limit, len(items)) + 1):
        for combo in combinations(items, size):
            ids = [a["id"] for a in combo]
            if "adamw-fused" in ids and "adamw-8bit" in ids or "bf16-mixed" in ids and "bf16" in ids:
                continue  # one optimizer, one precision
            changes = _merged([a["changes"] for a in combo])
            try:
                est = estimate(spec.replace(**changes), targets, host_ram=host_ram)
            except (EstimateError, ValueError):
                continue
            dev = max(est.devices, key=lambda d: d.peak)
            row = {"ids": ids, "changes": changes, "peak": dev.peak, "capacity": dev.capacity}
            row["fits"] = fits(est) is not False
            if row["fits"]:
                return row
            if best is None or row["peak"] < best["peak"]:
                best = row
    if best is not None:
        best["lacks"] = best["peak"] - (best["capacity"] or 0)
    return best


def _candidates(spec, targets) -> list[tuple[str, str, dict]]:
    candidates = []
    if not spec.batch.gradient_checkpointing:
        candidates.append(
            (
                "gradient_checkpointing",
                "turn on gradient checkpointing",
                {"batch": {"gradient_checkpointing": True}},
            )
        )
    if spec.method.kind == "full":
        candidates.append(
            ("lora", "train LoRA adapters instead of all weights", {"method": {"kind": "lora"}})
        )
    on_gpu = bool(targets)
    if spec.optimizer.name == "adamw" and on_gpu:
        candidates.append(
            (
                "adamw-fused",
                "use fused AdamW (no step-sized temporaries)",
                {"optimizer": {"name": "adamw-fused"}},
            )
        )
    if spec.optimizer.name in ("adamw", "adamw-fused") and on_gpu:
        candidates.append(
            ("adamw-8bit", "use 8-bit AdamW (bitsandbytes)", {"optimizer": {"name": "adamw-8bit"}})
        )
    if spec.precision.compute == "fp32" and on_gpu:
        candidates.append(
            ("bf16-mixed", "compute in bf16 (autocast)", {"precision": {"compute": "bf16-mixed"}})
        )
    if spec.precision.compute != "bf16" and on_gpu:
        candidates.append(
            ("bf16", "keep weights and optimizer states in bf16", {"precision": {"compute": "bf16"}})
        )
    if spec.batch.micro_batch > 1:
        half = spec.batch.micro_batch // 2
        candidates.append(
            (
                "micro_batch",
                f"halve the micro-batch to {half} and double gradient accumulation",
                {"batch": {"micro_batch": half, "grad_accum": spec.batch.grad_accum * 2}},
            )
        )
    if len(targets) > 1 and spec.parallel.strategy != "fsdp":
        devs = "auto" if spec.parallel.auto else ",".join(t.label for t in targets if t.node == 0)
        candidates.append(
            (
                "fsdp",
                f"shard with FSDP over {len(targets) if devs == 'auto' else devs.count(',') + 1} GPUs",
                {"parallel": {"strategy": "fsdp", "devices": devs}},
            )
        )
    if spec.parallel.strategy == "fsdp" and not spec.parallel.cpu_offload:
        candidates.append(
            (
                "offload",
                "offload parameters, gradients and optimizer states to host memory",
                {"parallel": {"cpu_offload": True}},
            )
        )
    return candidates
