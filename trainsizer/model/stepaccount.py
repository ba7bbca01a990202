"""Exact accounting of real training steps: on the CPU (ground truth) or on fake tensors (the dry run).

Two optimizer steps run (the second is the steady state: optimizer states exist while activations are
alive), each phase — forward, backward, optimizer — tracked by LiveTracker at every operation, the
storages saved for backward recorded by SavedTensorRecorder. Item keys are those of docs/architecture.md.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Any

import torch

from trainsizer.model.build import (
    autocast_context,
    build_model,
    build_optimizer,
    model_config,
    needs_grad_scaler,
    trainable_parameters,
)
from trainsizer.model.tracker import LiveTracker, SavedTensorRecorder, storage_bytes

PHASES = ("forward", "backward", "optimizer")


@dataclass
class StepAccount:
    items: dict[str, int]
    phase_peaks: dict[str, int]
    peak: int
    peak_phase: str
    device: str
    timeline: list[tuple[str, int]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    attention_calls: list[dict[str, Any]] = field(default_factory=list)  # SDPA kernels seen in forward
    # (shape, bytes) saved for backward
    saved: list[tuple[tuple[int, ...], int]] = field(default_factory=list)
    steps: int = 1
    phase_peak_ops: dict[str, int] = field(default_factory=dict)  # where each phase peaked (tracker ops)
    # each phase's peak with the gradients alive at one rank's share (account_step's sharded_grads)
    phase_peaks_sharded: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "items": self.items,
            "phase_peaks": self.phase_peaks,
            "peak": self.peak,
            "peak_phase": self.peak_phase,
            "device": self.device,
            "notes": self.notes,
        }


def _optimizer_state_tensors(opt) -> list[torch.Tensor]:
    return [v for st in opt.state.values() for v in st.values() if isinstance(v, torch.Tensor)]


def _prime_optimizer(opt, params, tracker) -> bool:
    """Create the optimizer's states with one step on zero gradients; False if the step reads values."""
    tracker.phase("prime")
    for p in params:
        p.grad = torch.zeros_like(p)
    try:
        opt.step()
    except Exception as e:
        if "DataDependent" not in type(e).__name__:
            raise
        return False
    finally:
        opt.zero_grad(set_to_none=True)
    return True


def account_step(
    spec,
    *,
    fake: bool = False,
    steps: int = 2,
    keep_timeline: bool = False,
    config=None,
    sharded_grads: int | None = None,
) -> StepAccount:
    """Build ``spec`` on the CPU (or on fake CPU tensors) and account ``steps`` optimizer steps, every
    byte. ``sharded_grads``: one rank's gradient bytes under sharding (FSDP, ZeRO-2/3) — the account then also
    has each phase's peak with the gradients alive at that share (``phase_peaks_sharded``)."""
    torch.manual_seed(spec.measure.seed)
    if config is None:
        _, config = model_config(spec)
    vocab = config.vocab_size
    fake_mode = contextlib.nullcontext()
    if fake:
        from torch._subclasses.fake_tensor import FakeTensorMode

        fake_mode = FakeTensorMode(allow_non_fake_inputs=True)
    model = build_model(spec, device="cpu", config=config, load_weights=not fake, base_context=fake_mode)
    with fake_mode:
        opt = build_optimizer(spec, trainable_parameters(model))
        scaler = torch.amp.GradScaler("cpu") if needs_grad_scaler(spec) else None
        b, s = spec.batch.micro_batch, spec.batch.seq_len
        batches = [torch.randint(0, vocab, (b, s)) for _ in range(spec.batch.grad_accum)]
        return tracked_steps(
            spec,
            model,
            opt,
            batches,
            vocab,
            steps=1 if fake else steps,
            scaler=scaler,
            fake=fake,
            keep_timeline=keep_timeline,
            sharded_grads=sharded_grads,
        )


def tracked_steps(
    spec,
    model,
    opt,
    batches,
    vocab: int,
    *,
    steps: int = 1,
    scaler=None,
    fake: bool = False,
    keep_timeline: bool = False,
    sharded_grads: int | None = None,
) -> StepAccount:
    """Run ``steps`` optimizer steps on ``batches`` (the micro-batches of one step) under the live-storage
    tracker and the saved-tensor recorder; used by the estimator's ground truth and the worker's CPU
    accounting.
    On fake tensors the optimizer states are created first (a step on zero gradients) to trace the steady
    state."""
    params = trainable_parameters(model)
    tracker = LiveTracker(keep_timeline=keep_timeline, watch_attention=True)
    all_params = list(model.parameters())
    tracker.track_all(all_params)
    tracker.track_all(model.buffers())
    tracker.track_all(_optimizer_state_tensors(opt))
    tracker.track_all(batches)
    param_keys = {p.untyped_storage()._cdata for p in all_params}
    hooks = []
    if sharded_grads is not None:  # the gradients alive, counted as autograd accumulates them
        full = sum(p.numel() * p.element_size() for p in params) or 1
        counted: dict[int, int] = {}

        def accumulated(p) -> None:
            counted.setdefault(id(p), p.grad.numel() * p.grad.element_size() if p.grad is not None else 0)

        hooks = [p.register_post_accumulate_grad_hook(accumulated) for p in params]
        tracker.grad_live = lambda: sum(counted.values())
        tracker.grad_share = min(1.0, sharded_grads / full)
    b, s = spec.batch.micro_batch, spec.batch.seq_len
    untraced_optimizer = False
    with tracker:
        if fake:
            untraced_optimizer = not _prime_optimizer(opt, params, tracker)
        for _ in range(steps):
            recorder = SavedTensorRecorder(exclude=param_keys)
            for ids in batches:
                tracker.phase("forward")
                with recorder.hooks(), autocast_context(spec, "cpu"):
                    out = model(input_ids=ids, labels=ids)
                loss = out.loss / spec.batch.grad_accum
                logits_live = storage_bytes([out.logits])
                # the loop users run (and transformers.Trainer, and the builtin engine): the model output is
                # dropped before backward, so the logits are freed unless autograd saved them
                del out
                tracker.phase("backward")
                (scaler.scale(loss) if scaler else loss).backward()
                del loss
            grads = storage_bytes([p.grad for p in params if p.grad is not None])
            tracker.phase("optimizer")
            try:
                if scaler:
                    scaler.step(opt)
                    scaler.update()
                else:
                    opt.step()
            except Exception as e:  # a data-dependent optimizer (Adafactor's .item()) on fake tensors
                if not fake or "DataDependent" not in type(e).__name__:
                    raise
                untraced_optimizer = True
            opt.zero_grad(set_to_none=True)
            if sharded_grads is not None:
                counted.clear()
        tracker.finish()
    for h in hooks:
        h.remove()
    saved_logits = sum(n for n in recorder.saved.values() if n >= b * s * vocab * 2)
    items = {
        "weights": storage_bytes(all_params),
        "gradients": grads,
        "optimizer_states": storage_bytes(_optimizer_state_tensors(opt)),
        "master_weights": 0,
        "activations": recorder.total - saved_logits,
        "logits_and_loss": saved_logits + logits_live,
        "buffers": storage_bytes(model.buffers()),
    }
    if scaler is not None:
        items["other"] = storage_bytes([scaler._scale, scaler._growth_tracker])
    peaks = tracker.phase_peaks()
    peaks.pop("prime", None)
    from trainsizer.vocab import Note

    notes = [Note("optimizer_not_traced")] if untraced_optimizer else []
    if untraced_optimizer:
        peaks.pop("optimizer", None)
    if "optimizer" in peaks:  # what the optimizer step allocates beyond the model states: its temporaries
        states = sum(items[k] for k in ("weights", "gradients", "optimizer_states", "buffers"))
        items["other"] = items.get("other", 0) + max(0, peaks["optimizer"] - states)
    peak_phase = max(peaks, key=peaks.get) if peaks else "forward"
    return StepAccount(
        items,
        peaks,
        tracker.peak,
        peak_phase,
        "fake-cpu" if fake else "cpu",
        tracker.timeline,
        notes,
        tracker.attention_calls,
        [(recorder.shapes[k], n) for k, n in recorder.saved.items()],
        steps,
        tracker.phase_peak_ops(),
        {k: v for k, v in tracker.phase_peaks_sharded().items() if k in peaks} if sharded_grads else {},
    )
