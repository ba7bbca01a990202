"""The one vocabulary: the codes every layer writes and reads (item keys, check ids, statuses, verdicts,
phases,
stages, error kinds) and the English words for them. Translations live at the edges (the window's .ts file,
the
report's catalog); both are checked against the English words here (tests/test_vocab.py)."""

from __future__ import annotations

# The working set, itemized under the same keys in the estimate and in the measured anatomy (bytes).
ITEM_KEYS = (
    "weights",
    "gradients",
    "optimizer_states",
    "master_weights",
    "activations",
    "logits_and_loss",
    "cuda_context",
    "allocator_overhead",
    "comm_buffers",
    "other",
)
ITEM_WORDS = {
    "weights": "weights",
    "gradients": "gradients",
    "optimizer_states": "optimizer states",
    "master_weights": "master weights",
    "activations": "activations",
    "logits_and_loss": "logits and loss",
    "cuda_context": "CUDA context",
    "allocator_overhead": "allocator overhead",
    "comm_buffers": "communication buffers",
    "other": "optimizer temporaries",
    "peak": "peak",
}

# The five acceptance checks (docs/architecture.md), their statuses and the verdict.
CHECK_IDS = ("recorded", "placement", "peak_and_step", "quality", "resume")
CHECK_WORDS = {
    "recorded": "specification recorded",
    "placement": "placement shown",
    "peak_and_step": "peak memory and step time",
    "quality": "quality on held-out data",
    "resume": "resume from a checkpoint",
}
CHECK_STATUSES = ("passed", "failed", "not_run")
VERDICTS = ("accepted", "rejected", "incomplete")
RUN_STATUSES = ("ok", "oom", "failed", "crash", "cancelled")
STATUS_WORDS = {
    "passed": "passed",
    "failed": "failed",
    "not_run": "not run",
    "accepted": "ACCEPTED",
    "rejected": "REJECTED",
    "incomplete": "INCOMPLETE",
    "ok": "finished",
    "oom": "does not fit (out of memory)",
    "crash": "worker crashed",
    "cancelled": "cancelled",
}

# The held-out metrics ([quality] metric) and which way each is better.
METRIC_HIGHER_IS_BETTER = {"eval_loss": False, "perplexity": False, "token_accuracy": True}

# Phases a worker reports (``phase`` events) and the stages of a full check (``stage`` events).
STEP_PHASES = ("forward", "backward", "optimizer")
PHASES = ("start", "load", "data", *STEP_PHASES, "accounting", "eval", "checkpoint")
STAGES = ("environment", "estimate", "measure", "quality", "resume")
PHASE_WORDS = {
    "start": "starting",
    "load": "load",
    "data": "data",
    "forward": "forward",
    "backward": "backward",
    "optimizer": "optimizer",
    "accounting": "accounting",
    "eval": "eval",
    "checkpoint": "checkpoint",
    "environment": "environment",
    "estimate": "estimate",
    "measure": "measure",
    "quality": "quality",
    "resume": "resume",
}
# Where a peak happens, as the terminal says it.
PEAK_PHASE_WORDS = {"forward": "end of forward", "backward": "backward", "optimizer": "optimizer step"}

# Kinds of ``error`` events.
ERROR_KINDS = ("oom", "spec", "data", "checkpoint", "crash", "cancelled")


# Where a measured figure comes from (measurement.anatomy[device].basis), as the terminal says it.
BASIS_WORDS = {
    "allocator": "measured (allocator)",
    "tensors": "measured (live tensors)",
    "nvml": "measured (NVML)",
    "derived": "derived from measured figures",
    "tracker": "attributed (tracker)",
}

# Planning (estimate/plan.py): the parts of a layout id ("zero3-offload+ckpt-selective"), why an option
# falls out, and what a layout needs of the interconnect.
LAYOUT_WORDS = {
    "single": "one GPU",
    "ddp": "DDP",
    "fsdp-full": "FSDP full shard",
    "fsdp-grad-op": "FSDP grad-op shard",
    "fsdp-offload": "FSDP full shard with CPU offload",
    "zero1": "ZeRO-1",
    "zero2": "ZeRO-2",
    "zero3": "ZeRO-3",
    "zero2-offload": "ZeRO-2 with optimizer offload",
    "zero3-offload-optimizer": "ZeRO-3 with optimizer offload",
    "zero3-offload": "ZeRO-3 with optimizer and parameter offload",
    "tp": "tensor parallel",
    "pp": "pipeline stages",
    "ckpt": "checkpointing",
    "ckpt-selective": "selective checkpointing",
    "adamw-8bit": "8-bit AdamW",
}
PLAN_REASONS = ("does_not_fit", "misses_deadline", "over_budget", "no_bf16")
PLAN_REASON_WORDS = {
    "does_not_fit": "does not fit",
    "misses_deadline": "misses the deadline",
    "over_budget": "over the GPU-hour budget",
    "no_bf16": "no bf16 support",
    "host_ram_short": "needs more host RAM per node than the server has",
}
CAVEAT_WORDS = {
    "host_optimizer_not_timed": "the optimizer step runs on the host CPUs and is not in the step time",
    "tp_over_pcie": (
        "tensor parallelism over PCIe (no NVLink): the step is slower than shown; 2 GPUs per replica at most"
    ),
}
NEEDS_WORDS = {
    "nvlink": "NVLink inside a node (tensor parallelism)",
    "pcie_p2p": "PCIe peer-to-peer between the GPU pairs of a replica (tensor parallelism without NVLink)",
    "fast_fabric": "a fast fabric between nodes (InfiniBand or RoCE, 200 Gb/s or more per GPU)",
}


def layout_words(layout: str, words=None) -> str:
    """ "tp8-pp2+ckpt" -> "tensor parallel 8 × pipeline stages 2 + checkpointing" (``words`` translates the
    English words, at the edges)."""
    import re

    def w(text: str) -> str:
        return words(text) if words else text

    parts = []
    for part in layout.split("+"):
        if part in LAYOUT_WORDS:
            parts.append(w(LAYOUT_WORDS[part]))
            continue
        degrees = [f"{w(LAYOUT_WORDS[k])} {n}" for k, n in re.findall(r"(tp|pp)(\d+)", part)]
        parts.append(" × ".join(degrees) if degrees else part)
    return " + ".join(parts)


# The estimate's advice (estimate/fit.py), by id.
ADVICE_WORDS = {
    "gradient_checkpointing": "turn on gradient checkpointing",
    "lora": "train LoRA adapters instead of all weights",
    "adamw-fused": "use fused AdamW (no step-sized temporaries)",
    "adamw-8bit": "use 8-bit AdamW (bitsandbytes)",
    "bf16-mixed": "compute in bf16 (autocast)",
    "bf16": "keep weights and optimizer states in bf16",
    "micro_batch": "halve the micro-batch and double gradient accumulation",
    "fsdp": "shard with FSDP over all GPUs",
    "offload": "offload parameters, gradients and optimizer states to host memory",
}
