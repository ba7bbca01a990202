"""Exact tensor accounting of a training step: live storage bytes at every operation.

Runs on any device — real CPU tensors (the ground truth of a CPU measurement) or meta tensors (the
traced dry run). Storages are counted once (deduplicated by storage identity; on meta data_ptr is 0,
so ``untyped_storage()._cdata`` is the key) and released through a weakref on the storage, which torch
keeps alive exactly as long as the C++ storage (PyObject preservation). The same idea as torch's
``torch.distributed._tools.mem_tracker.MemTracker``, kept small and under our control.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import Any

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten


def storage_key(t: torch.Tensor) -> int:
    return t.untyped_storage()._cdata


def storage_bytes(tensors) -> int:
    """Bytes of the distinct storages behind ``tensors``."""
    seen: dict[int, int] = {}
    for t in tensors:
        if isinstance(t, torch.Tensor):
            st = t.untyped_storage()
            seen[st._cdata] = st.nbytes()
    return sum(seen.values())


@dataclass
class PhaseStats:
    name: str
    start_bytes: int = 0
    peak_bytes: int = 0
    end_bytes: int = 0
    peak_op: int = 0  # the operation (LiveTracker.ops) at which the phase's peak was reached
    # the phase's peak with the gradients alive scaled to one rank's share (``LiveTracker.grad_share``):
    # where a sharded run's peak of the phase lies (another moment than the unsharded peak, maybe)
    peak_sharded: int = 0


@dataclass
class LiveTracker(TorchDispatchMode):
    """Counts live bytes of every storage created by an operation (plus those registered up front)."""

    live: dict[int, int] = field(default_factory=dict)
    current: int = 0
    peak: int = 0
    ops: int = 0  # operations seen so far
    phases: list[PhaseStats] = field(default_factory=list)
    # (phase, live bytes) per op, if keep_timeline
    timeline: list[tuple[str, int]] = field(default_factory=list)
    keep_timeline: bool = False
    watch_attention: bool = False
    attention_calls: list[dict] = field(default_factory=list)
    # the bytes of gradients alive now (a counter the step keeps), and one rank's share of them under sharding
    grad_live: Any = None
    grad_share: float = 1.0

    def __post_init__(self):
        super().__init__()
        self._refs: dict[int, weakref.ref] = {}

    # -- registration ---------------------------------------------------------------------------
    def track(self, t: torch.Tensor) -> None:
        st = t.untyped_storage()
        key = st._cdata
        if key in self.live:
            return
        nbytes = st.nbytes()
        self.live[key] = nbytes
        self.current += nbytes
        self._refs[key] = weakref.ref(st, lambda _r, k=key: self._release(k))
        self._note()

    def track_all(self, tensors) -> None:
        for t in tensors:
            if isinstance(t, torch.Tensor):
                self.track(t)

    def _release(self, key: int) -> None:
        nbytes = self.live.pop(key, 0)
        self._refs.pop(key, None)
        self.current -= nbytes

    def _note(self) -> None:
        if self.current > self.peak:
            self.peak = self.current
        if self.phases and self.current > self.phases[-1].peak_bytes:
            self.phases[-1].peak_bytes = self.current
            self.phases[-1].peak_op = self.ops
        if self.phases and self.grad_live is not None:
            # between two allocations the live bytes only fall and the gradients only grow: the sharded
            # peak is reached at an allocation, so checking here is exact
            sharded = self.current - int((1.0 - self.grad_share) * self.grad_live())
            if sharded > self.phases[-1].peak_sharded:
                self.phases[-1].peak_sharded = sharded

    # -- phases -----------------------------------------------------------------------------------
    def phase(self, name: str) -> None:
        if self.phases:
            self.phases[-1].end_bytes = self.current
        self.phases.append(PhaseStats(name, self.current, self.current, self.current, self.ops))
        if self.grad_live is not None:
            self.phases[-1].peak_sharded = self.current - int((1.0 - self.grad_share) * self.grad_live())

    def finish(self) -> None:
        if self.phases:
            self.phases[-1].end_bytes = self.current

    def phase_peak_ops(self) -> dict[str, int]:
        """The operation at which each phase's (highest) peak was reached."""
        out: dict[str, tuple[int, int]] = {}
        for p in self.phases:
            if p.name not in out or p.peak_bytes > out[p.name][0]:
                out[p.name] = (p.peak_bytes, p.peak_op)
        return {k: v[1] for k, v in out.items()}

    def phase_peaks(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for p in self.phases:
            out[p.name] = max(out.get(p.name, 0), p.peak_bytes)
        return out

    def phase_peaks_sharded(self) -> dict[str, int]:
        """Each phase's peak with the gradients alive at one rank's share (``grad_share``)."""
        out: dict[str, int] = {}
        for p in self.phases:
            out[p.name] = max(out.get(p.name, 0), p.peak_sharded)
        return out

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops += 1
        if self.watch_attention and "scaled_dot_product" in func.__name__ and "backward" not in func.__name__:
            self._note_attention(func, args, kwargs or {})
        out = _on_fake(func, args, kwargs or {})
        if out is NotImplemented:
            out = func(*args, **(kwargs or {}))
        flat, _ = tree_flatten(out)
        for t in flat:
            if isinstance(t, torch.Tensor):
                self.track(t)
        if self.keep_timeline:
            self.timeline.append((self.phases[-1].name if self.phases else "", self.current))
        return out

    def _note_attention(self, func, args, kwargs) -> None:
        q, k, v = args[:3]
        mask = kwargs.get(
            "attn_mask", args[3] if len(args) > 3 and isinstance(args[3], torch.Tensor) else None
        )
        self.attention_calls.append(
            {
                "op": func.__name__,
                "at": self.ops,
                "phase": self.phases[-1].name if self.phases else "",
                "q_heads": q.shape[1],
                "kv_heads": k.shape[1],
                "kv_bytes": k.untyped_storage().nbytes() + v.untyped_storage().nbytes(),
                "kv_storages": (storage_key(k), storage_key(v)),
                "mask_bytes": mask.untyped_storage().nbytes() if isinstance(mask, torch.Tensor) else 0,
                "mask_storage": storage_key(mask) if isinstance(mask, torch.Tensor) else None,
            }
        )


def _on_fake(func, args, kwargs):
    """Ops whose meta kernel refuses what the real CPU kernel runs: their output on fake tensors, allocated as
    the real kernel allocates it. ``torch._grouped_mm`` (the mixture-of-experts matmul transformers uses)
    has a meta kernel for bf16 only, while the CPU kernel takes fp32 too; the output's shape comes from
    the meta kernel on bf16 stand-ins, its dtype is the input's (as on the CPU). NotImplemented: run the
    op itself."""
    if func is not torch.ops.aten._grouped_mm.default:
        return NotImplemented
    from torch._subclasses.fake_tensor import FakeTensor

    a, b = args[0], args[1]
    if not isinstance(a, FakeTensor) or a.dtype == torch.bfloat16:
        return NotImplemented
    rest = {k: v for k, v in kwargs.items() if k != "out_dtype"}
    shape = func(a.to(torch.bfloat16), b.to(torch.bfloat16), *args[2:], **rest).shape
    return torch.empty(shape, dtype=kwargs.get("out_dtype") or a.dtype, device=a.device)


class SavedTensorRecorder:
    """saved_tensors_hooks that record the distinct storages autograd saves for backward.

    Parameter storages are left out (views such as ``weight.t()`` are packed too, but they are weights).
    """

    def __init__(self, exclude: set[int] | None = None):
        self.exclude = exclude or set()
        self.saved: dict[int, int] = {}
        self.shapes: dict[int, tuple[int, ...]] = {}

    def pack(self, t: torch.Tensor):
        st = t.untyped_storage()
        if st._cdata not in self.exclude and st._cdata not in self.saved:
            self.saved[st._cdata] = st.nbytes()
            self.shapes[st._cdata] = tuple(t.shape)
        return t

    @staticmethod
    def unpack(t):
        return t

    def hooks(self):
        return torch.autograd.graph.saved_tensors_hooks(self.pack, self.unpack)

    @property
    def total(self) -> int:
        return sum(self.saved.values())
