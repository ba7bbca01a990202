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

# How two GPUs are connected (NVML's topology level), as inventories record it; worded at the edges.
TOPOLOGY_WORDS = {
    0: "same board",
    10: "PCIe switch (single)",
    20: "PCIe switches (multiple)",
    30: "PCIe host bridge",
    40: "same CPU socket (NUMA node)",
    50: "across CPU sockets (SMP)",
}

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
    "bf16": "weights and optimizer states in bf16",
    "lora": "LoRA adapters instead of all weights",
    "qlora": "QLoRA (LoRA on 4-bit base weights)",
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


# The estimator's notes (estimate/working_set.py, estimate/traced.py, model/stepaccount.py): a code, its
# parameters and the English template; the edges word them in the reader's language.
NOTE_WORDS = {
    "loop": (
        "loop: the %(engine)s engine's — loss = model(**batch).loss; loss.backward(): the model "
        "output is dropped before backward (as transformers.Trainer does), so only what autograd "
        "saved of the logits stays"
    ),
    "trl_not_modelled": (
        "not modelled: TRL's SFTTrainer also computes the entropy and the token accuracy of the "
        "logits in every training step; the measured peak shows what they add"
    ),
    "selective_checkpointing": (
        "selective checkpointing: each layer keeps its input and its matmul (and attention) "
        "outputs; backward recomputes the norms, activations and products of one layer at a time"
    ),
    "checkpointing": (
        "gradient checkpointing: activations are the layer inputs; backward recomputes one layer at a time"
    ),
    "autocast_cache": (
        "autocast's cache holds a 16-bit copy of every trained weight until the forward ends (%(size)s per "
        "device, counted at the forward): sharding does not split it; pure bf16 (precision.compute = "
        '"bf16") or ZeRO\'s 16-bit weights have none'
    ),
    "mixed_zero": (
        "%(compute)s as DeepSpeed's ZeRO runs it: the forward and backward on 16-bit weights and "
        "activations, the fp32 master weights with the optimizer states (not torch.autocast)"
    ),
    "mixed_model_parallel": (
        "%(compute)s with tensor, pipeline or context parallelism is sized as torchtitan and Megatron run "
        "it: 16-bit weights and activations (FSDP2's MixedPrecisionPolicy), the fp32 master weights with the "
        "optimizer states; without them the same spec is sized under torch.autocast, as the builtin loop "
        "runs it"
    ),
    "pipeline": (
        "pipeline: %(pp)s stages under 1F1B with %(micro)s micro-batches per step; the first "
        "stage holds min(%(pp)s, micro-batches) micro-batches' activations of its layers"
    ),
    "tensor_parallel_sp": (
        "tensor parallel over %(tp)s GPUs with sequence parallelism; its all-reduce buffers are not counted"
    ),
    "tensor_parallel": (
        "tensor parallel over %(tp)s GPUs without sequence parallelism; its all-reduce buffers "
        "are not counted"
    ),
    "context_parallel": "context parallel: each GPU holds %(tokens)s of every sequence's tokens",
    "zero3_pipeline": "ZeRO-3 with pipeline stages: weights and gradients unsharded on the stage",
    "zero3_pipeline_fp32_grads": (
        "the stage's unsharded gradients accumulate in fp32 between micro-batches (FSDP2's reduce dtype)"
    ),
    "zero_offload": "ZeRO offload: optimizer states and the optimizer step in host memory",
    "zero3_param_offload": (
        "ZeRO-3 parameter offload: parameters in host memory, gathered one block at a time"
    ),
    "fsdp_cpu_offload": (
        "fsdp cpu_offload: sharded parameters, gradients and optimizer states live in host memory"
    ),
    "fsdp_pipeline": "fsdp with pipeline stages: weights and gradients unsharded on the stage",
    "not_traced": "not traced (%(why)s): the analytic estimate is shown",
    "traced_in": "traced on fake tensors in %(seconds)s s",
    "traced_one_process": (
        "traced as one process; the sharding of model states is applied as in the analytic estimate"
    ),
    "optimizer_not_traced": "the optimizer step reads tensor values and was not traced",
    "correction_mask": (
        "correction: checkpointing: the causal mask the real run does not make (%(held)s bytes, "
        "held by the checkpointed layers) removed from both peaks"
    ),
    "correction_mask_recompute": (
        "correction: checkpointing: the causal mask the real run does not make (%(held)s bytes, "
        "held by the checkpointed layers) removed from both peaks; one recomputed layer's mask "
        "and repeated k/v (%(more)s bytes) from the backward peak"
    ),
    "correction_masks": (
        "correction: %(count)s materialised causal masks removed (%(bytes)s bytes): the real "
        "SDPA call is causal without a mask"
    ),
    "correction_kv": (
        "correction: k and v repeated to %(heads)s heads counted at %(kv_heads)s (%(bytes)s "
        "bytes): the real run uses grouped-query SDPA"
    ),
}


class Note(str):
    """An estimator's note: the English sentence (what older readers and ``in`` tests see), with its code and
    parameters for the edges to word it in another language."""

    code: str
    params: dict

    def __new__(cls, code: str, **params):
        self = super().__new__(cls, NOTE_WORDS[code] % params)
        self.code, self.params = code, params
        return self


def coded_words(table: dict[str, str], record, words=None) -> str | None:
    """A {"code", "params"} record in words from ``table``'s English templates (``words`` translates one);
    None when the code is unknown or its parameters do not fit."""
    if not isinstance(record, dict) or record.get("code") not in table:
        return None
    template = table[record["code"]]
    try:
        return (words(template) if words else template) % dict(record.get("params") or {})
    except (KeyError, TypeError, ValueError):
        return None


def note_words(note, words=None) -> str | None:
    """A note (a Note, or a {"code", "params"} record) in words; None when it has no code to word (an older
    result's English sentence) and ``words`` asks for another language."""
    record = note if isinstance(note, dict) else {"code": getattr(note, "code", None),
                                                  "params": getattr(note, "params", None)}  # fmt: skip
    worded = coded_words(NOTE_WORDS, record, words)
    return worded if worded is not None or words else str(note)


# What a predicted step time rests on (estimate.timing: basis_code, basis_params).
TIME_BASIS_WORDS = {
    "cpu_probe": "CPU GEMM (%(dtype)s) calibrated by probe of %(machine)s (%(date)s)",
    "cpu_matmul": "CPU matmul probe (%(dtype)s, measured %(when)s)",
    "no_peak": "no peak %(key)s TFLOP/s known for %(gpu)s",
    "gpu_peak": "%(gpu)s peak %(peak)s TFLOP/s (%(key)s)",
    "gpu_peak_probed": "%(gpu)s peak %(peak)s TFLOP/s (%(key)s), calibrated by probe of %(machine)s "
    "(%(date)s) (GEMM %(share)s of peak)",
}


def time_basis_words(time: dict, words=None) -> str:
    """A predicted time's basis in words (``words`` translates a template; English by default); an older
    estimate's English sentence when it has no code."""
    record = {"code": time.get("basis_code"), "params": time.get("basis_params")}
    return coded_words(TIME_BASIS_WORDS, record, words) or str(time.get("basis") or "")


# What a link's bus bandwidth rests on (estimate/comm.py: links()["codes"]).
LINK_WORDS = {
    "nvlink": "%(link)s: %(one_way)s GB/s one way at %(eff)s",
    "nvlink_assumed": "%(link)s: rate not stated, NVLink 4 assumed (450 GB/s one way) at %(eff)s",
    "pcie": "%(link)s: PCIe %(gen)s.0 x%(lanes)s at %(eff)s",
    "pcie_assumed": "%(link)s: PCIe 4.0 x16 assumed at %(eff)s",
    "pcie_unstated": "link not stated: PCIe 4.0 x16 assumed at %(eff)s",
    "network": "%(gbps)s Gb/s per GPU between nodes (assumed) at %(eff)s",
    "probe_bus": "all-reduce bus bandwidth %(gbs)s GB/s measured by probe of %(machine)s (%(date)s)",
    "run_bus": "all-reduce bus bandwidth %(gbs)s GB/s measured by a kept run on %(machine)s (%(date)s)",
    "probe_network": "all-reduce bus bandwidth %(gbs)s GB/s between nodes measured by probe of %(machine)s "
    "(%(date)s)",
}


# A layout's placement (estimate.working_set.placement), its parts as English templates.
PLACEMENT_WORDS = (
    "one device",
    "one replica",
    "ddp replicas",
    "fsdp full shard",
    "fsdp grad-op shard",
    "ZeRO stage %s",
    "%s over %s data-parallel ranks",
    "tensor %s",
    "pipeline %s",
    "context %s",
    "%s = %s GPUs",
    "%s = %s CPU ranks",
    "%s on %s nodes",
)


def placement_words(place: dict, words=None) -> str:
    """A placement (its codes and degrees) in words: "fsdp full shard over 8 data-parallel ranks × tensor 2 =
    16 GPUs on 2 nodes" (``words(template, *args)`` translates, at the edges; English by default)."""

    def w(template: str, *args) -> str:
        if words:
            return words(template, *args)
        return template % args if args else template

    world, dp = int(place.get("world") or 1), int(place.get("data_parallel") or 1)
    strategy = place.get("strategy") or "single"
    if strategy == "single":
        text = w("one device") if world == 1 else w("one replica")
    elif strategy == "ddp":
        text = w("ddp replicas")
    elif strategy == "fsdp":
        text = (
            w("fsdp full shard") if place.get("fsdp_sharding", "full") == "full" else w("fsdp grad-op shard")
        )
    elif strategy == "zero":
        text = w("ZeRO stage %s", place.get("zero_stage"))
    else:
        text = str(strategy)
    if dp > 1:
        text = w("%s over %s data-parallel ranks", text, dp)
    degrees = [
        w(f"{kind} %s", place.get(f"{kind}_parallel"))
        for kind in ("tensor", "pipeline", "context")
        if int(place.get(f"{kind}_parallel") or 1) > 1
    ]
    if degrees:
        text += " × " + " × ".join(degrees)
    if world > 1:
        cpu = place.get("devices") == "cpu"
        text = w("%s = %s CPU ranks", text, world) if cpu else w("%s = %s GPUs", text, world)
    if int(place.get("nodes") or 1) > 1:
        text = w("%s on %s nodes", text, place["nodes"])
    return text


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
