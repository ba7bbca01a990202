"""Translatable labels for names that come from the core as codes (items, phases, checks, sections).

The core returns codes and numbers (docs/architecture.md); these tables turn them into words at the
edge. ``QT_TRANSLATE_NOOP`` marks them for lupdate; ``label()`` translates at run time.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

CONTEXT = "Labels"

ITEMS = {
    "weights": QT_TRANSLATE_NOOP("Labels", "weights"),
    "gradients": QT_TRANSLATE_NOOP("Labels", "gradients"),
    "optimizer_states": QT_TRANSLATE_NOOP("Labels", "optimizer states"),
    "master_weights": QT_TRANSLATE_NOOP("Labels", "master weights"),
    "activations": QT_TRANSLATE_NOOP("Labels", "activations"),
    "logits_and_loss": QT_TRANSLATE_NOOP("Labels", "logits and loss"),
    "cuda_context": QT_TRANSLATE_NOOP("Labels", "CUDA context"),
    "allocator_overhead": QT_TRANSLATE_NOOP("Labels", "allocator overhead"),
    "comm_buffers": QT_TRANSLATE_NOOP("Labels", "communication buffers"),
    "other": QT_TRANSLATE_NOOP("Labels", "optimizer temporaries"),
    "peak": QT_TRANSLATE_NOOP("Labels", "peak"),
}

PHASES = {
    "start": QT_TRANSLATE_NOOP("Labels", "starting"),
    "load": QT_TRANSLATE_NOOP("Labels", "load"),
    "data": QT_TRANSLATE_NOOP("Labels", "data"),
    "forward": QT_TRANSLATE_NOOP("Labels", "forward"),
    "backward": QT_TRANSLATE_NOOP("Labels", "backward"),
    "optimizer": QT_TRANSLATE_NOOP("Labels", "optimizer"),
    "accounting": QT_TRANSLATE_NOOP("Labels", "accounting"),
    "eval": QT_TRANSLATE_NOOP("Labels", "eval"),
    "checkpoint": QT_TRANSLATE_NOOP("Labels", "checkpoint"),
    "environment": QT_TRANSLATE_NOOP("Labels", "environment"),
    "estimate": QT_TRANSLATE_NOOP("Labels", "estimate"),
    "measure": QT_TRANSLATE_NOOP("Labels", "measure"),
    "quality": QT_TRANSLATE_NOOP("Labels", "quality"),
    "resume": QT_TRANSLATE_NOOP("Labels", "resume"),
}

# a Slurm job's states that the window shows while it waits (Slurm's own words, translated)
JOB_STATES = {
    "pending": QT_TRANSLATE_NOOP("Labels", "pending"),
    "configuring": QT_TRANSLATE_NOOP("Labels", "configuring its nodes"),
    "requeued": QT_TRANSLATE_NOOP("Labels", "requeued"),
}

CHECKS = {
    "recorded": QT_TRANSLATE_NOOP("Labels", "specification recorded"),
    "placement": QT_TRANSLATE_NOOP("Labels", "placement shown"),
    "peak_and_step": QT_TRANSLATE_NOOP("Labels", "peak memory and step time"),
    "quality": QT_TRANSLATE_NOOP("Labels", "quality on held-out data"),
    "resume": QT_TRANSLATE_NOOP("Labels", "resume from a checkpoint"),
}

STATUSES = {
    "passed": QT_TRANSLATE_NOOP("Labels", "passed"),
    "failed": QT_TRANSLATE_NOOP("Labels", "failed"),
    "not_run": QT_TRANSLATE_NOOP("Labels", "not run"),
    "accepted": QT_TRANSLATE_NOOP("Labels", "ACCEPTED"),
    "rejected": QT_TRANSLATE_NOOP("Labels", "REJECTED"),
    "incomplete": QT_TRANSLATE_NOOP("Labels", "INCOMPLETE"),
    "ok": QT_TRANSLATE_NOOP("Labels", "finished"),
    "oom": QT_TRANSLATE_NOOP("Labels", "does not fit (out of memory)"),
    "crash": QT_TRANSLATE_NOOP("Labels", "worker crashed"),
    "cancelled": QT_TRANSLATE_NOOP("Labels", "cancelled"),
}

SERIES = {
    "allocated": QT_TRANSLATE_NOOP("Labels", "allocated"),
    "reserved": QT_TRANSLATE_NOOP("Labels", "reserved"),
    "nvml_used": QT_TRANSLATE_NOOP("Labels", "NVML used"),
    "rss": QT_TRANSLATE_NOOP("Labels", "RSS"),
    "host": QT_TRANSLATE_NOOP("Labels", "host"),
}

HOST_ITEMS = {
    "process_baseline": QT_TRANSLATE_NOOP("Labels", "process baseline"),
    "model_loading_peak": QT_TRANSLATE_NOOP("Labels", "model loading peak"),
    "offloaded_states": QT_TRANSLATE_NOOP("Labels", "offloaded states"),
    "pinned_buffers": QT_TRANSLATE_NOOP("Labels", "pinned buffers"),
    "device_working_set": QT_TRANSLATE_NOOP("Labels", "device working set (CPU)"),
}

SECTIONS = {
    "model": QT_TRANSLATE_NOOP("Labels", "Model"),
    "method": QT_TRANSLATE_NOOP("Labels", "Method"),
    "precision": QT_TRANSLATE_NOOP("Labels", "Precision"),
    "optimizer": QT_TRANSLATE_NOOP("Labels", "Optimizer"),
    "batch": QT_TRANSLATE_NOOP("Labels", "Batch"),
    "parallel": QT_TRANSLATE_NOOP("Labels", "Parallel and offload"),
    "data": QT_TRANSLATE_NOOP("Labels", "Data"),
    "quality": QT_TRANSLATE_NOOP("Labels", "Quality rule"),
    "measure": QT_TRANSLATE_NOOP("Labels", "Measurement"),
    "checkpoint": QT_TRANSLATE_NOOP("Labels", "Checkpoint"),
    "engine": QT_TRANSLATE_NOOP("Labels", "Engine"),
    "task": QT_TRANSLATE_NOOP("Labels", "Task (planning)"),
    "cluster": QT_TRANSLATE_NOOP("Labels", "Cluster (Slurm)"),
}


def label(table: dict[str, str], key: str | None) -> str:
    """The translated label of ``key`` in ``table``; an unknown code is shown as is."""
    if key is None:
        return ""
    text = table.get(key)
    return QCoreApplication.translate(CONTEXT, text) if text else str(key)


ADVICE = {
    "gradient_checkpointing": QT_TRANSLATE_NOOP("Labels", "turn on gradient checkpointing"),
    "lora": QT_TRANSLATE_NOOP("Labels", "train LoRA adapters instead of all weights"),
    "adamw-fused": QT_TRANSLATE_NOOP("Labels", "use fused AdamW (no step-sized temporaries)"),
    "adamw-8bit": QT_TRANSLATE_NOOP("Labels", "use 8-bit AdamW (bitsandbytes)"),
    "bf16-mixed": QT_TRANSLATE_NOOP("Labels", "compute in bf16 (autocast)"),
    "bf16": QT_TRANSLATE_NOOP("Labels", "keep weights and optimizer states in bf16"),
    "micro_batch": QT_TRANSLATE_NOOP("Labels", "halve the micro-batch and double gradient accumulation"),
    "fsdp": QT_TRANSLATE_NOOP("Labels", "shard with FSDP over all GPUs"),
    "offload": QT_TRANSLATE_NOOP(
        "Labels", "offload parameters, gradients and optimizer states to host memory"
    ),
}


# Planning (vocab.LAYOUT_WORDS, PLAN_REASON_WORDS, NEEDS_WORDS, CAVEAT_WORDS), by code.
LAYOUTS = {
    "single": QT_TRANSLATE_NOOP("Labels", "one GPU"),
    "ddp": QT_TRANSLATE_NOOP("Labels", "DDP"),
    "fsdp-full": QT_TRANSLATE_NOOP("Labels", "FSDP full shard"),
    "fsdp-grad-op": QT_TRANSLATE_NOOP("Labels", "FSDP grad-op shard"),
    "fsdp-offload": QT_TRANSLATE_NOOP("Labels", "FSDP full shard with CPU offload"),
    "zero1": QT_TRANSLATE_NOOP("Labels", "ZeRO-1"),
    "zero2": QT_TRANSLATE_NOOP("Labels", "ZeRO-2"),
    "zero3": QT_TRANSLATE_NOOP("Labels", "ZeRO-3"),
    "zero2-offload": QT_TRANSLATE_NOOP("Labels", "ZeRO-2 with optimizer offload"),
    "zero3-offload-optimizer": QT_TRANSLATE_NOOP("Labels", "ZeRO-3 with optimizer offload"),
    "zero3-offload": QT_TRANSLATE_NOOP("Labels", "ZeRO-3 with optimizer and parameter offload"),
    "tp": QT_TRANSLATE_NOOP("Labels", "tensor parallel"),
    "pp": QT_TRANSLATE_NOOP("Labels", "pipeline stages"),
    "ckpt": QT_TRANSLATE_NOOP("Labels", "checkpointing"),
    "ckpt-selective": QT_TRANSLATE_NOOP("Labels", "selective checkpointing"),
    "adamw-8bit": QT_TRANSLATE_NOOP("Labels", "8-bit AdamW"),
    "bf16": QT_TRANSLATE_NOOP("Labels", "weights and optimizer states in bf16"),
    "lora": QT_TRANSLATE_NOOP("Labels", "LoRA adapters instead of all weights"),
    "qlora": QT_TRANSLATE_NOOP("Labels", "QLoRA (LoRA on 4-bit base weights)"),
}
PLAN_REASONS = {
    "does_not_fit": QT_TRANSLATE_NOOP("Labels", "does not fit"),
    "misses_deadline": QT_TRANSLATE_NOOP("Labels", "misses the deadline"),
    "over_budget": QT_TRANSLATE_NOOP("Labels", "over the GPU-hour budget"),
    "no_bf16": QT_TRANSLATE_NOOP("Labels", "no bf16 support"),
    "host_ram_short": QT_TRANSLATE_NOOP("Labels", "needs more host RAM per node than the server has"),
}
NEEDS = {
    "nvlink": QT_TRANSLATE_NOOP("Labels", "NVLink inside a node (tensor parallelism)"),
    "pcie_p2p": QT_TRANSLATE_NOOP(
        "Labels", "PCIe peer-to-peer between the GPU pairs of a replica (tensor parallelism without NVLink)"
    ),
    "fast_fabric": QT_TRANSLATE_NOOP(
        "Labels", "a fast fabric between nodes (InfiniBand or RoCE, 200 Gb/s or more per GPU)"
    ),
}
CAVEATS = {
    "host_optimizer_not_timed": QT_TRANSLATE_NOOP(
        "Labels", "the optimizer step runs on the host CPUs and is not in the step time"
    ),
    "tp_over_pcie": QT_TRANSLATE_NOOP(
        "Labels",
        "tensor parallelism over PCIe (no NVLink): the step is slower than shown; 2 GPUs per replica at most",
    ),
}
