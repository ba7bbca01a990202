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
