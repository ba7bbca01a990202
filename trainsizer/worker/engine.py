"""The builtin engine: a plain PyTorch loop written for exact control of phases — data, forward,
backward, optimizer — each timed with device synchronisation, memory read per phase."""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field
from typing import Any

import torch

from trainsizer.stats import step_statistics  # noqa: F401 - re-exported for the worker's roles


class Cancelled(Exception):
    pass


OOM_MARKERS = ("out of memory", "can't allocate memory", "cannot allocate memory", "not enough memory")


def is_oom(exc: BaseException) -> bool:
    if isinstance(exc, MemoryError):
        return True
    oom_type = getattr(torch, "OutOfMemoryError", None) or getattr(torch.cuda, "OutOfMemoryError", None)
    if oom_type is not None and isinstance(exc, oom_type):
        return True
    return isinstance(exc, RuntimeError) and any(m in str(exc).lower() for m in OOM_MARKERS)


@dataclass
class Dist:
    rank: int = 0
    local_rank: int = 0
    world: int = 1

    @classmethod
    def from_env(cls) -> Dist:
        return cls(
            int(os.environ.get("RANK", 0)),
            int(os.environ.get("LOCAL_RANK", 0)),
            int(os.environ.get("WORLD_SIZE", 1)),
        )


def pick_device(spec, dist: Dist) -> torch.device:
    devices = spec.parallel.devices
    if devices == "cpu":
        return torch.device("cpu")
    if devices == "auto":
        return torch.device(f"cuda:{dist.local_rank}") if torch.cuda.is_available() else torch.device("cpu")
    name = spec.parallel.device_list()[dist.local_rank]
    return torch.device(name)


def synchronize(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize(device)


@dataclass
class Trainer:
    """Model, optimizer, scheduler, scaler and data for one rank, and the measured loop."""

    spec: Any
    emitter: Any
    dist: Dist
    device: torch.device
    model: Any = None
    optimizer: Any = None
    scheduler: Any = None
    scaler: Any = None
    vocab: int = 0
    step: int = 0
    phase_memory: dict[str, dict[str, int]] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    current_phase: str = "load"  # the phase begun last (still so after its end: where a failure happened)
    _range: Any = None  # the open phase's allocator range; None between phases
    grad_bytes_freed: int | None = None  # CUDA: allocated bytes released by zero_grad (the gradients)

    def build(self, total_steps: int) -> None:
        from trainsizer.model.build import (
            build_model,
            build_optimizer,
            build_scheduler,
            model_config,
            needs_grad_scaler,
            trainable_parameters,
        )

        _, config = model_config(self.spec)
        self.vocab = config.vocab_size
        torch.manual_seed(self.spec.measure.seed)
        model = build_model(self.spec, device=self.device, config=config)
        model = self._parallelize(model)
        self.model = model
        self.optimizer = build_optimizer(self.spec, trainable_parameters(model))
        self.scheduler = build_scheduler(self.spec, self.optimizer, total_steps)
        if needs_grad_scaler(self.spec):
            self.scaler = torch.amp.GradScaler(self.device.type)

    def _parallelize(self, model):
        strategy = self.spec.parallel.strategy
        if self.dist.world <= 1 or strategy == "single":
            return model
        if strategy == "ddp":
            from torch.nn.parallel import DistributedDataParallel

            ids = [self.device.index] if self.device.type == "cuda" else None
            return DistributedDataParallel(model, device_ids=ids)
        from torch.distributed.fsdp import CPUOffloadPolicy, fully_shard

        from trainsizer.model.build import decoder_layers

        kwargs: dict[str, Any] = {"reshard_after_forward": self.spec.parallel.fsdp_sharding == "full"}
        if self.spec.parallel.cpu_offload:
            kwargs["offload_policy"] = CPUOffloadPolicy()
        for layer in decoder_layers(model) or []:
            fully_shard(layer, **kwargs)
        fully_shard(model, **kwargs)
        return model

    # -- data ------------------------------------------------------------------------------------------
    data: Any = None  # PreparedData for builtin and file sources

    def prepare_data(self, tokenizer_dir: str | None = None) -> dict | None:
        if self.spec.data.source == "synthetic":
            return None
        from trainsizer.data import prepare_data

        self.data = prepare_data(self.spec, self.vocab, tokenizer_dir)
        return self.data.info

    def batch_at(self, step: int) -> list[torch.Tensor]:
        """The micro-batches of optimizer step ``step`` on this rank: a pure function of the step (the data
        position), so a resumed run sees exactly the batches the uninterrupted one saw."""
        b, s, accum, seed = (
            self.spec.batch.micro_batch,
            self.spec.batch.seq_len,
            self.spec.batch.grad_accum,
            self.spec.data.seed,
        )
        if self.data is None:  # synthetic: random tokens, for sizing only
            g = torch.Generator().manual_seed(seed * 1_000_003 + self.dist.rank * 7919 + step)
            return [torch.randint(0, self.vocab, (b, s), generator=g) for _ in range(accum)]
        seqs = self.data.train
        n, out = len(seqs), []
        for j in range(accum):
            first = ((step * accum + j) * self.dist.world + self.dist.rank) * b
            rows = []
            for k in range(first, first + b):
                epoch, pos = divmod(k, n)
                rows.append(seqs[_permutation(n, seed + epoch)[pos]])
            out.append(torch.tensor(rows, dtype=torch.long))
        return out

    def make_batches(self, seed: int | None = None):
        while True:
            yield self.batch_at(self.step)

    # -- phases ------------------------------------------------------------------------------------------
    def _begin(self, name: str) -> None:
        from trainsizer.worker.allocator import phase_range

        self.current_phase = name
        self._range = phase_range(name)  # the allocator record's phase (worker/allocator.py)
        self._range.__enter__()
        synchronize(self.device)
        if self.device.type == "cuda":
            torch.cuda.reset_peak_memory_stats(self.device)
        self.emitter.phase(name, self.step, "begin")

    def _end(self, name: str) -> None:
        synchronize(self.device)
        if self.device.type == "cuda":
            mem = {
                "allocated": torch.cuda.max_memory_allocated(self.device),
                "reserved": torch.cuda.max_memory_reserved(self.device),
            }
            prev = self.phase_memory.setdefault(name, {"allocated": 0, "reserved": 0})
            for k, v in mem.items():
                prev[k] = max(prev[k], v)
        self._range.__exit__(None, None, None)
        self._range = None
        self.emitter.phase(name, self.step, "end")

    def train_step(self, batches_iter) -> dict[str, float]:
        from trainsizer.model.build import autocast_context

        spec = self.spec
        t0 = time.perf_counter()
        self._begin("data")
        batches = [b.to(self.device, non_blocking=True) for b in next(batches_iter)]
        self._end("data")
        total = 0.0
        for ids in batches:
            self._begin("forward")
            with autocast_context(spec, self.device.type):
                loss = self.model(input_ids=ids, labels=ids).loss / spec.batch.grad_accum
            self._end("forward")
            self._begin("backward")
            (self.scaler.scale(loss) if self.scaler else loss).backward()
            self._end("backward")
            total += float(loss.detach())
            del loss
        self._begin("optimizer")
        if self.scaler:
            self.scaler.unscale_(self.optimizer)
        params = [p for p in self.model.parameters() if p.grad is not None]
        max_norm = spec.optimizer.max_grad_norm or math.inf
        grad_norm = float(torch.nn.utils.clip_grad_norm_(params, max_norm)) if params else 0.0
        if self.scaler:
            self.scaler.step(self.optimizer)
            self.scaler.update()
        else:
            self.optimizer.step()
        lr = self.scheduler.get_last_lr()[0]
        self.scheduler.step()
        if self.device.type == "cuda":
            # the gradients, measured: what the CUDA allocator frees when they are dropped
            before = torch.cuda.memory_allocated(self.device)
            self.optimizer.zero_grad(set_to_none=True)
            self.grad_bytes_freed = before - torch.cuda.memory_allocated(self.device)
        else:
            self.optimizer.zero_grad(set_to_none=True)
        self._end("optimizer")
        seconds = time.perf_counter() - t0
        tokens = spec.batch.micro_batch * spec.batch.seq_len * spec.batch.grad_accum * self.dist.world
        self.step += 1
        return {"loss": total, "grad_norm": grad_norm, "lr": lr, "seconds": seconds, "tokens": tokens}


_PERMS: dict[tuple[int, int], list[int]] = {}


def _permutation(n: int, seed: int) -> list[int]:
    key = (n, seed)
    if key not in _PERMS:
        g = torch.Generator().manual_seed(seed)
        _PERMS[key] = torch.randperm(n, generator=g).tolist()
    return _PERMS[key]
