"""The analytic working set: itemized bytes per device and for the host, and the peak by phase.

Model states follow the Megatron-LM / DeepSpeed tables (docs/facts.md) redone for torch's own mixed precision
(autocast keeps fp32 weights and fp32 gradients: no separate master copy); activations come from
``activations.py``; the logits/loss buffer, CUDA context and allocator overhead are the items where real
runs go out of memory (Hugging Face "model training anatomy"; transformers PR #33902; pytorch #107667).
The peak is the largest sum of the items alive together at the end of forward, in backward and at the
optimizer step (Gallouédec 2024, "train_memory"), not the plain sum of all items.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from trainsizer import vocab
from trainsizer.estimate.activations import (
    Precision,
    Trainable,
    autocast_weight_copy_bytes,
    layer_bytes_per_token,
    post_layers_bytes_per_token,
    selective_bytes_per_token,
)
from trainsizer.model.params import ParamStats
from trainsizer.spec.sections import BatchSpec, MethodSpec, ModelSpec, OptimizerSpec, PrecisionSpec

MiB = 1 << 20
# CUDA context with lazy module loading (CUDA >= 11.7): 300-500 MB (pytorch #107667, #109888). We take the
# top of that range; a measurement on the device replaces it.
CUDA_CONTEXT_BYTES = 500 * MiB
# The caching allocator reserves in 2 MiB blocks (20 MiB for large tensors) and keeps freed blocks for reuse;
# reserved runs above allocated by fragmentation (pytorch #82001). Measured on an H200 (torch 2.11,
# 2026-12-04, docs/benchmarks.md): reserved ÷ allocated peak 1.109 and 1.149 under autocast (bf16-mixed: each
# step makes and frees 16-bit copies of the weights), within 1.05 in pure bf16.
ALLOCATOR_FRACTION = 0.05
ALLOCATOR_FRACTION_MIXED = 0.20


def allocator_fraction(compute: str) -> float:
    """The allocator's allowance above the allocated peak for a precision (``precision.compute``)."""
    return ALLOCATOR_FRACTION_MIXED if compute.endswith("-mixed") else ALLOCATOR_FRACTION


# Host process baseline: python + torch + transformers imported and a model class resolved, measured as the
# RSS of a fresh worker on the CPU (bench/host_baseline.py).
HOST_BASELINE_BYTES = 700 * MiB
# Double quantization (QLoRA paper, Dettmers et al. 2023): NF4 0.5 B/param + constants 0.0625 B/param,
# or 0.5 + 8/64/8 + 32/(64*256)/8 ≈ 0.5159 with double quantization.
NF4_BYTES = {False: 0.5 + 4 / 64, True: 0.5 + 1 / 64 + 4 / (64 * 256)}

ITEM_KEYS = vocab.ITEM_KEYS


@dataclass
class DeviceEstimate:
    device: str
    items: dict[str, int]
    phases: dict[str, int]  # forward / backward / optimizer -> bytes alive at that phase's peak
    peak: int
    peak_phase: str
    capacity: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "items": self.items,
            "phases": self.phases,
            "peak": self.peak,
            "peak_phase": self.peak_phase,
            "capacity": self.capacity,
        }


@dataclass
class Estimate:
    devices: list[DeviceEstimate]
    host: dict[str, int]
    stats: ParamStats
    trainable_params: int
    world_size: int
    notes: list[str] = field(default_factory=list)
    kind: str = "analytic"
    placement: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "world_size": self.world_size,
            "trainable_params": self.trainable_params,
            "total_params": self.stats.total,
            "devices": {d.device: d.to_dict() for d in self.devices},
            "host": self.host,
            "notes": [str(n) for n in self.notes],  # English sentences; the edges word note_codes
            "note_codes": [{"code": n.code, "params": n.params} for n in self.notes if hasattr(n, "code")],
            "placement": self.placement,
        }


# -- model states ----------------------------------------------------------------------------------------
def trainable_of(method: MethodSpec, stats: ParamStats) -> tuple[int, int, Trainable, list[tuple[int, ...]]]:
    """(trainable params, their tensor count, which parts train, shapes of the trained tensors)."""
    kind = method.kind
    if kind == "full":
        shapes = list(stats.other_tensors) + list(stats.layer_tensors) * stats.layers
        return stats.total, len(shapes), Trainable(), shapes
    if kind == "freeze":
        n = min(method.trainable_layers, stats.layers)
        shapes = list(stats.layer_tensors) * n
        return stats.per_layer * n, len(shapes), Trainable(), shapes
    r = method.lora_rank
    targets = frozenset(method.lora_targets)
    tr = Trainable(all_linears=False, norms=False, lora_targets=targets, lora_rank=r)
    shapes = []
    for lin in stats.layer_linears:
        if tr.lora_target(lin.name) and not (stats.experts and _is_router(lin.name)):
            shapes += [(r, lin.in_features), (lin.out_features, r)]
    shapes *= stats.layers
    return sum(math.prod(s) for s in shapes), len(shapes), tr, shapes


def _is_router(name: str) -> bool:
    return name.rsplit(".", 1)[-1] == "gate"


def weight_bytes(method: MethodSpec, precision: PrecisionSpec, stats: ParamStats, trainable: int) -> int:
    p = 2 if precision.compute == "bf16" else 4
    if method.kind == "qlora":
        linear = sum(lin.in_features * lin.out_features for lin in stats.layer_linears) * stats.layers
        rest = stats.total - linear
        return int(linear * NF4_BYTES[method.qlora_double_quant]) + 2 * rest + 4 * trainable
    if method.kind in ("lora", "qlora"):
        return p * stats.total + 4 * trainable  # peft keeps adapters in fp32 (autocast_adapter_dtype)
    return p * stats.total


def grad_bytes(method: MethodSpec, precision: PrecisionSpec, trainable: int) -> int:
    p = 4 if method.kind in ("lora", "qlora") or precision.compute != "bf16" else 2
    return p * trainable


def optimizer_bytes(
    method: MethodSpec,
    precision: PrecisionSpec,
    optimizer: OptimizerSpec,
    trainable: int,
    tensors: int,
    shapes: list[tuple[int, ...]],
) -> int:
    """torch.optim state, per trained tensor (Adam moments in the parameter's dtype; a 4-byte step tensor)."""
    p = 2 if precision.compute == "bf16" and method.kind not in ("lora", "qlora") else 4
    name = optimizer.name
    if name in ("adamw", "adamw-fused"):
        return 2 * p * trainable + 4 * tensors
    if name == "adamw-8bit":  # bitsandbytes: uint8 moments + fp32 absmax per 256-block; small tensors in fp32
        big = sum(math.prod(s) for s in shapes if math.prod(s) >= 4096)
        return 2 * big + 2 * 4 * math.ceil(big / 256) + 8 * (trainable - big)
    if name == "sgd":
        return 0
    if name == "sgd-momentum":
        return p * trainable
    if name == "adafactor":  # torch.optim.Adafactor: row and column variances for matrices, full for vectors
        total = 4 * tensors
        for s in shapes:
            total += p * (s[-2] + s[-1]) if len(s) >= 2 else p * math.prod(s)
        return total
    raise ValueError(name)


def optimizer_temp_bytes(
    precision: PrecisionSpec,
    optimizer: OptimizerSpec,
    stats: ParamStats,
    trainable: int,
    shapes,
    on_cuda: bool,
) -> int:
    """Temporaries of the optimizer step: the for-loop AdamW needs ~2 tensors of the largest parameter;
    foreach (the CUDA default) the size of the whole group; fused kernels almost none."""
    p = 2 if precision.compute == "bf16" else 4
    largest = max((math.prod(s) for s in shapes), default=0)
    name = optimizer.name
    if name == "adamw-fused":
        return 0
    if name == "adamw" and on_cuda:
        return p * trainable
    if name == "adamw":
        return 2 * p * largest
    return p * largest


# -- activations and logits --------------------------------------------------------------------------------
def attention_kind(model: ModelSpec, on_cpu: bool, config) -> str:
    impl = model.attn_implementation
    if impl == "eager":
        return "eager"
    if hasattr(config, "supports_sdpa"):  # a preset's LightConfig: known without importing the model class
        sdpa = config.supports_sdpa
    else:
        from trainsizer.model.source import causal_lm_class

        cls = causal_lm_class(config)
        sdpa = cls is None or getattr(cls, "_supports_sdpa", True)
    if not sdpa:
        return "eager"  # e.g. Gemma 2: transformers runs eager attention
    dropout = _attn_dropout(config)
    if dropout > 0 and on_cpu:
        return "math"  # the CPU flash kernel has no dropout: SDPA falls back to the math path
    return "flash"


def _attn_dropout(config) -> float:
    return float(getattr(config, "attention_dropout", None) or getattr(config, "attn_pdrop", None) or 0.0)


def _hidden_dropout(config) -> float:
    return float(getattr(config, "resid_pdrop", None) or getattr(config, "hidden_dropout", None) or 0.0)


def autocast_cache_bytes(batch: BatchSpec, precision: PrecisionSpec, method: MethodSpec, stats) -> int:
    """The low-precision weight copies autocast's cache holds until the forward ends, beyond those saved for
    backward: under checkpointing the layers save none, but the cache still keeps a copy of every trained
    layer weight (torch caches a cast of a leaf that requires grad, checkpoint or not) — alive through the
    forward, freed when the autocast region closes before backward. Frozen weights are not cached."""
    prec = Precision.of(precision.compute)
    if not (batch.gradient_checkpointing and prec.autocast) or method.kind not in ("full", "freeze"):
        return 0
    layers = autocast_weight_copy_bytes(stats, prec) - autocast_weight_copy_bytes(stats, prec, layers=False)
    if method.kind == "freeze":
        layers = int(layers * min(method.trainable_layers, stats.layers) / stats.layers)
    return layers


def activation_bytes(
    batch: BatchSpec,
    precision: PrecisionSpec,
    method: MethodSpec,
    stats: ParamStats,
    config,
    trainable: Trainable,
    tokens: int,
    attention: str,
) -> int:
    """Saved activations of one micro-batch of ``tokens`` tokens (Korthikanti-style op-by-op count)."""
    s = batch.seq_len
    compute = precision.compute
    kind = method.kind
    prec = Precision.of(compute)
    if batch.gradient_checkpointing and batch.checkpoint_policy == "selective":
        layers_bytes = int(selective_bytes_per_token(stats, compute) * stats.layers * tokens)
    elif batch.gradient_checkpointing:
        # Non-reentrant checkpointing keeps each layer's input only (Korthikanti: 2sbh per layer in 16 bit).
        per_layer = prec.res * stats.hidden_size
        layers_bytes = per_layer * stats.layers * tokens
    else:
        per_token = layer_bytes_per_token(
            stats,
            compute,
            seq_len=s,
            attention=attention,
            trainable=trainable,
            attn_dropout=_attn_dropout(config),
            hidden_dropout=_hidden_dropout(config),
        )
        saving_layers = stats.layers
        if kind == "freeze":  # layers below the first trained one save nothing (no gradient needed there)
            saving_layers = min(method.trainable_layers, stats.layers)
        layers_bytes = int(per_token * tokens * saving_layers)
    full = kind == "full"
    post = post_layers_bytes_per_token(stats, compute, trainable_head=full, trainable_norm=full)
    # Checkpointed layers run their forward without saving, so their weight copies are made again in backward;
    # the lm_head outside them still saves its copy.
    copies = autocast_weight_copy_bytes(stats, prec, layers=not batch.gradient_checkpointing)
    if kind == "freeze" and copies:
        copies = int(copies * min(method.trainable_layers, stats.layers) / stats.layers)
    return layers_bytes + int(post * tokens) + copies


def recompute_bytes(
    batch: BatchSpec, precision: PrecisionSpec, stats, trainable, tokens: int, attention: str
) -> int:
    """With checkpointing, backward rebuilds one layer's activations at a time."""
    if not batch.gradient_checkpointing:
        return 0
    per_token = layer_bytes_per_token(
        stats,
        precision.compute,
        seq_len=batch.seq_len,
        attention=attention,
        trainable=trainable,
    )
    return int(per_token * tokens)


def logits_bytes(precision: PrecisionSpec, stats: ParamStats, tokens: int, config) -> dict[str, int]:
    """Logits and loss (docs/facts.md): logits in the compute dtype plus log-softmax in fp32, since
    transformers' ForCausalLMLoss upcasts (logits.float()); the upcast copy is a transient at the loss, and
    backward briefly holds the gradients of the log-softmax and of the logits in fp32."""
    c = 4 if precision.compute == "fp32" else 2
    tv = tokens * stats.vocab_size
    # soft-capping (Gemma 2: logits = tanh(logits / cap) · cap): tanh saves its output, one more c·tv
    softcap = c * tv if getattr(config, "final_logit_softcapping", None) else 0
    alive = (c + 4) * tv + softcap
    loss_transient = 4 * tv if c != 4 else 0
    # The loop drops the model output before backward (as user code and transformers.Trainer do): the logits
    # are freed, what autograd saved stays — the fp32 log-softmax (and the soft-capping's saved tensors).
    saved = 4 * tv + softcap
    # As traced on the CPU: backward holds two fp32 gradients of size tokens x vocab at once (of the
    # log-softmax and of the logits) on top of what is alive at the end of forward.
    backward_transient = 8 * tv
    return {
        "alive": alive,
        "saved": saved,
        "loss_transient": loss_transient,
        "backward_transient": backward_transient,
    }
