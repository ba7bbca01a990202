"""FLOPs of one optimizer step from the model's parameter statistics: 6·N·tokens for trained weights
(Kaplan et al. 2020, arXiv:2001.08361; docs/estimator.md), forward-only cost for frozen parts, causal
attention FLOPs, and one more forward under checkpointing; and the achieved matmul rate of this CPU.
Shared by the estimator (predicted step time) and the worker (measured TFLOP/s and MFU)."""

from __future__ import annotations

import time
from functools import cache

PEAK_KEY = {"fp32": "fp32", "bf16-mixed": "bf16", "bf16": "bf16", "fp16-mixed": "fp16"}


def op_sac_split(stats) -> tuple[int, int]:
    """Selective checkpointing as torchtitan's "op" policy runs it (``selective_ac_option = "op"``: of the
    layer's matmuls, in forward order, every second one is recomputed — mm 1, 3, 5, … saved): (the saved
    matmul outputs' width per token, the recomputed matmuls' multiply-accumulates per token). The layer's
    Linears are in the order the layer runs them (q, k, v, o, gate, up, down: q, v, gate and down saved);
    routed experts add their gate, up and down per expert a token visits (up recomputed)."""
    saved = recomputed = 0
    for i, lin in enumerate(stats.layer_linears):
        if i % 2 == 0:
            saved += lin.out_features
        else:
            recomputed += lin.in_features * lin.out_features
    if stats.experts:
        k, h, f = stats.experts_per_token, stats.hidden_size, stats.intermediate_size
        saved, recomputed = saved + k * (f + h), recomputed + k * h * f
    return saved, recomputed


def flops_per_step(spec, stats) -> dict[str, float]:
    """FLOPs of one optimizer step on one device (forward, backward, recompute)."""
    tokens = spec.batch.micro_batch * spec.batch.seq_len * spec.batch.grad_accum
    per_layer_mm = sum(lin.in_features * lin.out_features for lin in stats.layer_linears)
    if stats.experts:  # routed experts: gate, up and down for each expert a token visits
        per_layer_mm += stats.experts_per_token * 3 * stats.hidden_size * stats.intermediate_size
    head_mm = stats.vocab_size * stats.hidden_size
    s, qd = spec.batch.seq_len, stats.heads * stats.head_dim
    attn_per_layer = 2 * s * qd  # QK^T and AV, 2 FLOPs per MAC, halved by the causal mask
    fwd_layer = (2 * per_layer_mm + attn_per_layer) * tokens
    fwd = fwd_layer * stats.layers + 2 * head_mm * tokens
    kind = spec.method.kind
    if kind == "full":
        bwd = 2 * fwd
    elif kind == "freeze":  # backward stops at the lowest trained layer
        n = min(spec.method.trainable_layers, stats.layers)
        bwd = 2 * (fwd_layer * n) + 2 * head_mm * tokens
    else:  # LoRA: gradients of the inputs everywhere, of the weights for the adapters only (negligible)
        bwd = fwd
    recompute = fwd_layer * stats.layers if spec.batch.gradient_checkpointing else 0
    if spec.batch.gradient_checkpointing and spec.batch.checkpoint_policy == "selective":
        # every second matmul runs again (op_sac_split); attention's output is kept, elementwise ops are free
        recompute = 2 * op_sac_split(stats)[1] * tokens * stats.layers
    # model parallelism: each GPU of a replica does its share (tensor, pipeline, context)
    share = spec.parallel.model_parallel
    return {
        "forward": float(fwd) / share,
        "backward": float(bwd) / share,
        "recompute": float(recompute) / share,
        "total": float(fwd + bwd + recompute) / share,
        "tokens": tokens,
    }


@cache
def cpu_matmul_flops(dtype_name: str = "float32", n: int = 1024, repeats: int = 3) -> float:
    """Achieved FLOP/s of an n×n matmul on this machine's CPU (best of ``repeats``)."""
    import torch

    dtype = getattr(torch, dtype_name)
    a, b = torch.randn(n, n, dtype=dtype), torch.randn(n, n, dtype=dtype)
    a @ b
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        a @ b
        best = min(best, time.perf_counter() - t)
    return 2 * n**3 / best


def _cache_path():
    from pathlib import Path

    import platformdirs

    return Path(platformdirs.user_cache_dir("trainsizer", appauthor=False)) / "cpu_matmul.json"


def _cache_key(dtype: str) -> str:
    import os
    from importlib.metadata import version

    from trainsizer.hardware.host import cpu_model

    return f"{cpu_model()}|{os.cpu_count()}|torch {version('torch')}|{dtype}"


def _read_cache() -> dict:
    import json

    path = _cache_path()
    try:
        table = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, ValueError):
        table = {}
    return table if isinstance(table, dict) else {}


def remember_cpu_flops(dtype: str, flops: float) -> float:
    """Keep ``flops`` as this CPU's matmul rate when it beats the kept one (a probe taken while other work ran
    reads low: the best seen is the machine's), in the user cache directory per CPU, core count, torch version
    and dtype; returns the rate kept."""
    import datetime
    import json
    import os

    table, key = _read_cache(), _cache_key(dtype)
    kept = table.get(key) if isinstance(table.get(key), dict) else {}
    if isinstance(kept.get("flops"), float) and kept["flops"] >= flops:
        return kept["flops"]
    table[key] = {"flops": float(flops), "measured": datetime.date.today().isoformat()}
    path = _cache_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(table, indent=1), encoding="utf-8")
        os.replace(tmp, path)  # a file trainsizer owns: its own cache
    except OSError:
        pass  # a read-only cache: probe again next time
    return float(flops)


def probed_cpu_flops(dtype: str) -> tuple[float, str]:
    """This CPU's matmul rate and when it was measured: the best kept one (the worker keeps each run's probe),
    else probed now (torch) and kept, so that an estimate needs no torch import once one ran."""
    kept = _read_cache().get(_cache_key(dtype))
    if isinstance(kept, dict) and isinstance(kept.get("flops"), float):
        return kept["flops"], str(kept.get("measured", "?"))
    import datetime

    return remember_cpu_flops(dtype, cpu_matmul_flops(dtype)), datetime.date.today().isoformat()
