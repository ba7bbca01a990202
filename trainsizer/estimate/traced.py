"""The traced estimate ("dry run"): the real model's forward, backward and optimizer step on fake tensors
(FakeTensorMode: shapes and dtypes, no memory), every live storage counted at every operation.

The trace runs the CPU kernels. Known differences to the real run are corrected and reported:
- transformers materialises the causal mask when it sees fake tensors (it treats them as tracing), where
  the real run passes is_causal=True to SDPA and saves no mask;
- for the same reason it repeats k and v to every query head (repeat_kv) instead of using SDPA's grouped
  query attention, so k and v are saved at the full head count.
- ``torch._grouped_mm`` (mixture-of-experts layers) has a bf16-only meta kernel; the tracker allocates its
  output as the CPU kernel does (model/tracker.py).
Configurations that cannot run on fake tensors (QLoRA and 8-bit optimizers: bitsandbytes kernels), and any
trace that fails, fall back to the analytic estimate, which says why.
"""

from __future__ import annotations

import logging
import time

from trainsizer.estimate.analytic import CUDA_CONTEXT_BYTES, DeviceEstimate, Estimate, allocator_fraction
from trainsizer.estimate.working_set import _round_blocks
from trainsizer.estimate.working_set import estimate as analytic_estimate
from trainsizer.vocab import ITEM_KEYS, Note

# Items the trace counts itself; the CUDA context, the allocator's rounding and the optimizer's temporaries
# are added from the constants and the phases below.
TRACED_ITEMS = tuple(k for k in ITEM_KEYS if k not in ("cuda_context", "allocator_overhead", "other"))

UNTRACEABLE = {
    ("method", "qlora"): "qlora uses bitsandbytes 4-bit kernels",
    ("optimizer", "adamw-8bit"): "8-bit AdamW uses bitsandbytes kernels",
}


def traced_estimate(spec, targets=(), *, host_ram=None) -> Estimate:
    from trainsizer.model.build import model_config
    from trainsizer.model.stepaccount import account_step

    base = analytic_estimate(spec, targets, host_ram=host_ram)
    reason = _untraceable(spec)
    if reason:
        base.notes.append(Note("not_traced", why=reason))
        return base
    _, config = model_config(spec)
    t0 = time.perf_counter()
    try:
        world = base.world_size
        sharded = base.devices[0].items["gradients"] if world > 1 else None
        acct = account_step(spec, fake=True, config=config, sharded_grads=sharded)
    except Exception as e:  # an op without a fake kernel, or one refusing fake inputs: never a crash
        logging.getLogger(__name__).debug("trace failed", exc_info=True)
        why = f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
        base.notes.append(Note("not_traced", why=why))
        return base
    seconds = time.perf_counter() - t0
    artifacts = fake_artifacts(spec, config)
    corrections, saved_less, recompute_less, held = _corrections(acct, base.stats, spec, artifacts)
    items = dict(acct.items)
    items["activations"] -= saved_less
    phases = dict(acct.phase_peaks)
    for phase in ("forward", "backward"):
        if phase in phases:
            phases[phase] -= saved_less + (recompute_less if phase == "backward" else held)
    phases.setdefault("optimizer", base.devices[0].phases["optimizer"])
    notes = list(base.notes) + list(acct.notes) + [Note("traced_in", seconds=f"{seconds:.1f}")]
    notes += corrections
    if world > 1:
        notes.append(Note("traced_one_process"))
        shard = base.devices[0].items
        # the gradients alive at each phase's peak, at one rank's share: the trace followed them as autograd
        # made them (a sharded backward may peak at another moment than the unsharded one: at its start,
        # where few gradients exist yet)
        for phase, sharded_peak in acct.phase_peaks_sharded.items():
            if phase in phases:
                phases[phase] += sharded_peak - acct.phase_peaks[phase]
        items["gradients"] = shard["gradients"]
        for key in ("weights", "optimizer_states", "comm_buffers"):  # alive in every phase
            delta = shard[key] - items.get(key, 0)
            items[key] = shard[key]
            for phase in phases:
                phases[phase] += delta
    devices = []
    for d in base.devices:
        on_cuda = d.device != "cpu"
        peak_phase = max(phases, key=phases.get)
        allocated = phases[peak_phase]
        out = {k: items.get(k, 0) for k in TRACED_ITEMS}
        out["cuda_context"] = CUDA_CONTEXT_BYTES if on_cuda else 0
        fraction = allocator_fraction(spec.precision.compute)
        out["allocator_overhead"] = _round_blocks(int(allocated * fraction)) if on_cuda else 0
        out["other"] = max(
            0, phases.get("optimizer", 0) - out["weights"] - out["gradients"] - out["optimizer_states"]
        )
        devices.append(
            DeviceEstimate(
                d.device,
                out,
                dict(phases),
                allocated + out["cuda_context"] + out["allocator_overhead"],
                peak_phase,
                d.capacity,
            )
        )
    host = dict(base.host)
    if devices and devices[0].device == "cpu":
        host["device_working_set"] = sum(d.peak for d in devices)
        host["peak"] = sum(v for k, v in host.items() if k != "peak")
    est = Estimate(
        devices,
        host,
        base.stats,
        base.trainable_params,
        world,
        notes,
        kind="traced",
        placement=base.placement,
    )
    est.timeline = acct.timeline
    return est


def _untraceable(spec) -> str | None:
    for (section, value), reason in UNTRACEABLE.items():
        field = "kind" if section == "method" else "name"
        if getattr(getattr(spec, section), field) == value:
            return reason
    if spec.parallel.model_parallel > 1:
        return "tensor, pipeline and context parallelism are sized analytically"
    if spec.parallel.strategy == "zero":
        return "ZeRO stages are sized analytically"
    if spec.batch.gradient_checkpointing and spec.batch.checkpoint_policy == "selective":
        return "selective checkpointing is sized analytically"
    return None


def fake_artifacts(spec, config) -> dict[str, bool]:
    """Which artefacts the fake run adds, found by running one small layer of the same class both ways.

    transformers 5.x treats fake tensors as tracing (a materialised mask, k/v repeated to every head) while
    the real run does not; 4.57 does the same in both. Probing the installed version keeps the trace exact on
    both.
    """
    import torch
    from torch._subclasses.fake_tensor import FakeTensorMode

    from trainsizer.model.build import build_model
    from trainsizer.model.tracker import LiveTracker

    small = _shrunk(config)
    probe = spec.replace(
        batch={"micro_batch": 1, "seq_len": 16, "gradient_checkpointing": False}, method={"kind": "full"}
    )
    calls = {}
    for fake in (False, True):
        mode = FakeTensorMode(allow_non_fake_inputs=True) if fake else None
        torch.manual_seed(0)
        model = build_model(probe, device="cpu", config=small, load_weights=False, base_context=mode)
        tracker = LiveTracker(watch_attention=True)
        ids = torch.randint(0, small.vocab_size, (1, 16))
        with mode if mode is not None else torch.no_grad(), tracker, torch.no_grad():
            tracker.phase("forward")
            model(input_ids=ids)
        calls[fake] = tracker.attention_calls[:1]
    if not calls[False] or not calls[True]:
        return {"mask": False, "repeat": False}
    real, fake = calls[False][0], calls[True][0]
    return {
        "mask": fake["mask_storage"] is not None and real["mask_storage"] is None,
        "repeat": fake["kv_heads"] == fake["q_heads"] and real["kv_heads"] < real["q_heads"],
    }


def _shrunk(config):
    """The same architecture with one layer and tiny widths (same head and kv-head counts): a probe in ms."""
    import copy

    small = copy.deepcopy(config)
    heads = getattr(small, "num_attention_heads", None) or getattr(small, "n_head", None) or 1
    changes = {
        "num_hidden_layers": 1,
        "n_layer": 1,
        "hidden_size": heads * 8,
        "n_embd": heads * 8,
        "head_dim": 8,
        "intermediate_size": 32,
        "n_inner": 32,
        "vocab_size": 128,
        "moe_intermediate_size": 32,
    }
    for key, value in changes.items():
        if getattr(small, key, None) is not None:
            setattr(small, key, value)
    if hasattr(small, "layer_types") and isinstance(small.layer_types, list):
        small.layer_types = small.layer_types[:1]
    for key in ("bos_token_id", "eos_token_id", "pad_token_id"):
        if isinstance(getattr(small, key, None), int) and getattr(small, key) >= 128:
            setattr(small, key, 0)
    return small


def _corrections(acct, stats, spec, artifacts=None) -> tuple[list[str], int, int, int]:
    """Bytes the trace saved for backward that the real run does not (see the module docstring)."""
    artifacts = artifacts or {"mask": True, "repeat": True}
    notes, less = [], 0
    b, s = spec.batch.micro_batch, spec.batch.seq_len
    held, recompute_less = _recompute_correction(acct, stats, spec, artifacts)
    if recompute_less:
        notes.append(
            Note("correction_mask_recompute", held=held, more=recompute_less - held)
            if recompute_less > held
            else Note("correction_mask", held=held)
        )
    fwd_calls = [c for c in acct.attention_calls if c["phase"] == "forward"]
    acct = type(acct)(**{**acct.__dict__, "attention_calls": fwd_calls})
    flash = any(c["mask_storage"] is not None for c in acct.attention_calls)
    if flash and artifacts["mask"] and spec.model.attn_implementation == "sdpa":
        masks = [n for shape, n in acct.saved if len(shape) == 4 and shape[1] == 1 and shape[-2:] == (s, s)]
        if masks:
            less += sum(masks)
            notes.append(Note("correction_masks", count=len(masks), bytes=sum(masks)))
    if artifacts["repeat"] and stats.kv_heads < stats.heads and acct.attention_calls:
        calls = len(acct.attention_calls) // max(1, acct.steps)  # SDPA calls in one forward
        full = [n for shape, n in acct.saved if shape == (b, stats.heads, s, stats.head_dim)]
        # the real run saves q and the output at every head, k and v at kv_heads; the trace saved k, v at all
        kv_full = sorted(full)[: max(0, len(full) - 2 * calls)]
        repeated = int(sum(kv_full) * (1 - stats.kv_heads / stats.heads))
        if repeated:
            less += repeated
            notes.append(Note("correction_kv", heads=stats.heads, kv_heads=stats.kv_heads, bytes=repeated))
    return notes, less, recompute_less, held


def _recompute_correction(acct, stats, spec, artifacts) -> tuple[int, int]:
    """Under checkpointing, the trace's mask is held through the step, and backward re-runs each layer's
    forward on fake tensors with the same two artefacts: (bytes off both peaks, bytes off the backward
    peak)."""
    calls = [c for c in acct.attention_calls if c["phase"] == "backward"]
    if not calls or spec.model.attn_implementation != "sdpa":
        return 0, 0
    c = calls[0]
    masked = c["mask_storage"] is not None and artifacts["mask"]
    # The boolean causal mask (B·S·S bytes) is made once per forward and held by the checkpointed layers'
    # inputs until their backward: it is in both peaks wherever they happen.
    held = spec.batch.micro_batch * spec.batch.seq_len**2 if masked else 0
    out = held
    # The mask each SDPA call gets in the compute dtype and the k/v repeated to every head exist only while a
    # layer is recomputed: they count only when the backward peak happens during a recomputation (often it
    # happens earlier, at the lm_head's backward).
    if acct.phase_peak_ops.get("backward", 0) >= min(x["at"] for x in calls):
        out += c["mask_bytes"] if masked else 0
        if artifacts["repeat"] and stats.kv_heads < stats.heads and c["kv_heads"] == c["q_heads"]:
            out += int(c["kv_bytes"] * (1 - stats.kv_heads / stats.heads))
    return held, out
