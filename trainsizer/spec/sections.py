"""One typed dataclass per concern of a run; each validates its own fields (``issues``).

Field rules that are pure data (type, choices, ranges) live in the field declaration and are checked
by the loader; rules that relate fields of the same section live in ``issues()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainsizer.spec.errors import SpecIssue
from trainsizer.spec.fields import spec_field

METHODS = ("full", "freeze", "lora", "qlora")
PRECISIONS = ("fp32", "bf16-mixed", "fp16-mixed", "bf16")
OPTIMIZERS = ("adamw", "adamw-fused", "adamw-8bit", "sgd", "sgd-momentum", "adafactor")
SCHEDULERS = ("constant", "cosine", "linear")
STRATEGIES = ("single", "ddp", "fsdp", "zero")
CHECKPOINT_POLICIES = ("full", "selective")
# Options the estimator and the planner size but no engine here runs (refused by spec.checks.run_issues).
PLANNED_ONLY = (
    "parallel.strategy=zero",
    "parallel.tensor_parallel",
    "parallel.pipeline_parallel",
    "parallel.context_parallel",
    "batch.checkpoint_policy=selective",
)
FSDP_SHARDING = ("full", "grad-op")
DATA_SOURCES = ("synthetic", "builtin", "path")
DATA_FORMATS = ("auto", "text", "jsonl", "csv", "hf-disk")
METRICS = ("eval_loss", "perplexity", "token_accuracy")
RULES = ("relative", "absolute")
ENGINES = ("builtin", "hf-trainer", "trl-sft", "command")
ATTENTION = ("sdpa", "eager", "flash_attention_2")


@dataclass(kw_only=True)
class ModelSpec:
    preset: str | None = spec_field(
        "tiny-llama", help="Name of a built-in architecture preset (trainsizer presets)."
    )
    config: str | None = spec_field(
        None, help="Path to a Hugging Face config.json of a causal LM (random weights)."
    )
    pretrained: str | None = spec_field(
        None, help="Local directory with config, safetensors weights and tokenizer."
    )
    hub_id: str | None = spec_field(None, help="Hugging Face hub id, resolved from the local cache only.")
    allow_network: bool = spec_field(
        False, help="Allow downloading hub_id when it is not in the local cache."
    )
    trust_remote_code: bool = spec_field(
        False, help="Run model code shipped with the checkpoint (a security risk)."
    )
    attn_implementation: str = spec_field(
        "sdpa", choices=ATTENTION, help="Attention kernel: sdpa, eager or flash_attention_2."
    )
    max_positions: int | None = spec_field(
        None,
        minimum=1,
        maximum=1 << 24,
        help="Positions the model takes, over its config's max_position_embeddings: a longer context, as a "
        "rope-scaled or long-context fine-tune runs it (rotary models; the worker builds it so).",
    )

    def sources(self) -> dict[str, str]:
        return {
            k: v
            for k, v in (
                ("preset", self.preset),
                ("config", self.config),
                ("pretrained", self.pretrained),
                ("hub_id", self.hub_id),
            )
            if v
        }

    def issues(self) -> list[SpecIssue]:
        given = self.sources()
        if len(given) == 1:
            return []
        if not given:
            return [
                SpecIssue(
                    "model.preset", "missing", "no model: set one of preset, config, pretrained, hub_id"
                )
            ]
        names = ", ".join(given)
        return [
            SpecIssue(
                f"model.{k}", "conflict", "only one model source may be set, got %(names)s", names=names
            )
            for k in list(given)[1:]
        ]


@dataclass(kw_only=True)
class MethodSpec:
    kind: str = spec_field(
        "full", choices=METHODS, help="What is trained: full, freeze (last layers), lora or qlora."
    )
    lora_rank: int = spec_field(16, minimum=1, maximum=4096, help="LoRA rank r (lora and qlora).")
    lora_alpha: float = spec_field(
        32.0, minimum=0.0, maximum=1e6, help="LoRA scaling alpha (lora and qlora)."
    )
    lora_dropout: float = spec_field(
        0.0, minimum=0.0, maximum=1.0, help="Dropout on the LoRA input (lora and qlora)."
    )
    lora_targets: list[str] = spec_field(
        default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj"],
        help='Module names that get LoRA adapters, or ["all-linear"].',
    )
    trainable_layers: int = spec_field(
        2, minimum=0, maximum=100_000, help="freeze: number of last transformer layers left trainable."
    )
    qlora_double_quant: bool = spec_field(True, help="qlora: quantize the quantization constants too (NF4).")

    def issues(self) -> list[SpecIssue]:
        if self.kind in ("lora", "qlora") and not self.lora_targets:
            return [SpecIssue("method.lora_targets", "range", "needs at least one target module, got []")]
        return []


@dataclass(kw_only=True)
class PrecisionSpec:
    # The default is fp32 because the default device is the CPU, where bf16 autocast is emulated on most
    # processors (here: backward 25x slower than fp32). On a GPU, choose bf16-mixed.
    compute: str = spec_field(
        "fp32",
        choices=PRECISIONS,
        help="fp32, bf16-mixed / fp16-mixed (autocast, fp32 weights), or pure bf16 weights.",
    )

    def issues(self) -> list[SpecIssue]:
        return []


@dataclass(kw_only=True)
class OptimizerSpec:
    name: str = spec_field(
        "adamw",
        choices=OPTIMIZERS,
        help="Optimizer: adamw, adamw-fused, adamw-8bit, sgd, sgd-momentum, adafactor.",
    )
    lr: float = spec_field(3e-4, minimum=0.0, maximum=10.0, help="Peak learning rate.")
    weight_decay: float = spec_field(0.0, minimum=0.0, maximum=10.0, help="Decoupled weight decay.")
    momentum: float = spec_field(0.9, minimum=0.0, maximum=1.0, help="sgd-momentum: momentum factor.")
    scheduler: str = spec_field("cosine", choices=SCHEDULERS, help="Learning-rate schedule after warm-up.")
    warmup_steps: int = spec_field(
        0, minimum=0, maximum=10_000_000, help="Steps of linear learning-rate warm-up."
    )
    max_grad_norm: float = spec_field(
        1.0, minimum=0.0, maximum=1e6, help="Gradient clipping norm (0 disables clipping)."
    )

    def issues(self) -> list[SpecIssue]:
        return []


@dataclass(kw_only=True)
class BatchSpec:
    micro_batch: int = spec_field(
        4, minimum=1, maximum=65536, help="Sequences per device per forward/backward."
    )
    grad_accum: int = spec_field(
        1, minimum=1, maximum=65536, help="Micro-batches accumulated per optimizer step."
    )
    seq_len: int = spec_field(256, minimum=1, maximum=4_194_304, help="Tokens per sequence.")
    gradient_checkpointing: bool = spec_field(
        False, help="Recompute activations in backward instead of storing them."
    )
    checkpoint_policy: str = spec_field(
        "full",
        choices=CHECKPOINT_POLICIES,
        help="Checkpointing: full (keep layer inputs) or selective (keep matmul outputs; planning only).",
    )

    def issues(self) -> list[SpecIssue]:
        return []


@dataclass(kw_only=True)
class ParallelSpec:
    strategy: str = spec_field(
        "single",
        choices=STRATEGIES,
        help="single device, ddp (replicas), fsdp (sharded) or zero (DeepSpeed ZeRO stages; planning only).",
    )
    devices: str = spec_field("cpu", help="Devices to use: cpu, cuda:0, cuda:0,1 or auto.")
    fsdp_sharding: str = spec_field(
        "full",
        choices=FSDP_SHARDING,
        help="fsdp: full (weights, grads, optimizer; ZeRO-3-like) or grad-op (ZeRO-2-like).",
    )
    cpu_offload: bool = spec_field(
        False, help="fsdp: keep parameters, gradients and optimizer states in host memory."
    )
    processes: int = spec_field(
        1, minimum=1, maximum=64, help="devices = cpu: number of ranks (gloo) for ddp/fsdp on the CPU."
    )
    hosts: list[str] = spec_field(
        default_factory=list,
        help="Several nodes: servers over SSH (user@server[:port] or ssh aliases); torchrun runs on each.",
    )
    ranks_per_host: int = spec_field(
        1, minimum=1, maximum=64, help="hosts: ranks (processes) per node (torchrun --nproc-per-node)."
    )
    rendezvous: str | None = spec_field(
        None,
        help="hosts: the c10d rendezvous address:port on the first host (default: its address, port 29400).",
    )
    zero_stage: int = spec_field(
        3, minimum=1, maximum=3, help="zero: 1 shards optimizer states, 2 also gradients, 3 also weights."
    )
    offload_optimizer: bool = spec_field(
        False, help="zero: optimizer states (and the step) in host memory (ZeRO-Offload)."
    )
    offload_params: bool = spec_field(
        False, help="zero stage 3: parameters in host memory too (ZeRO-Infinity, CPU)."
    )
    tensor_parallel: int = spec_field(
        1, minimum=1, maximum=1024, help="Tensor-parallel degree (Megatron-style; planning only)."
    )
    sequence_parallel: bool = spec_field(
        True, help="With tensor parallelism: shard norms and dropouts along the sequence too."
    )
    pipeline_parallel: int = spec_field(
        1, minimum=1, maximum=1024, help="Pipeline stages (1F1B; micro-batches = grad_accum; planning only)."
    )
    context_parallel: int = spec_field(
        1,
        minimum=1,
        maximum=1024,
        help="Context-parallel degree: the sequence split over GPUs (planning only).",
    )

    def __post_init__(self):
        if isinstance(self.devices, str):
            self.devices = self.devices.strip()  # normalised once: " cpu " is cpu everywhere

    @property
    def on_cpu(self) -> bool:
        return self.devices == "cpu"

    @property
    def auto(self) -> bool:
        return self.devices == "auto"

    def device_list(self) -> list[str]:
        """["cuda:0", "cuda:1"] from "cuda:0,1" or "cuda:0,cuda:1"."""
        out = []
        for part in (d.strip() for d in self.devices.split(",")):
            if part:
                out.append(f"cuda:{part}" if part.isdigit() and out and out[-1].startswith("cuda:") else part)
        return out

    def issues(self) -> list[SpecIssue]:
        out = self._sharding_issues()
        devs = self.device_list()
        if self.on_cpu or self.auto:
            return out
        bad = [d for d in devs if not _is_cuda_name(d)]
        if bad or not devs:
            out.append(
                SpecIssue(
                    "parallel.devices",
                    "format",
                    "invalid value %(devices)s; expected cpu, auto, cuda:0 or cuda:0,1,...",
                    devices=repr(self.devices),
                )
            )
        elif len(set(devs)) != len(devs):
            out.append(
                SpecIssue(
                    "parallel.devices",
                    "format",
                    "lists a device twice: %(devices)s",
                    devices=repr(self.devices),
                )
            )
        return out

    @property
    def model_parallel(self) -> int:
        """GPUs one data-parallel replica spans: tensor × pipeline × context degrees."""
        return self.tensor_parallel * self.pipeline_parallel * self.context_parallel

    # The nodes of a Slurm job ([cluster] nodes, set by RunSpec): the ranks above run on each of them. Not a
    # field of this section (it is written once, in [cluster]).
    job_nodes = 1

    def ranks_per_node(self) -> int:
        """The ranks one node runs: its CPU processes or listed devices (``hosts``: ranks_per_host)."""
        if self.hosts:
            return self.ranks_per_host
        if self.on_cpu:
            return self.processes
        if self.auto:
            return 1
        return max(1, len(self.device_list()))

    def world_size(self) -> int:
        """Every rank of the run: nodes (``hosts``, or a Slurm job's ``[cluster] nodes``) × ranks per node."""
        nodes = len(self.hosts) if self.hosts else self.job_nodes
        return nodes * self.ranks_per_node()

    def _sharding_issues(self) -> list[SpecIssue]:
        out = self._host_issues()
        if self.strategy != "zero":
            for f in ("offload_optimizer", "offload_params"):
                if getattr(self, f):
                    out.append(SpecIssue(f"parallel.{f}", "conflict", "applies to strategy = zero only"))
        elif self.offload_params and self.zero_stage != 3:
            out.append(
                SpecIssue(
                    "parallel.offload_params",
                    "conflict",
                    "parameters are offloaded by ZeRO stage 3 only, got zero_stage = %(zero_stage)s",
                    zero_stage=self.zero_stage,
                )
            )
        return out

    def _host_issues(self) -> list[SpecIssue]:
        import re

        if not self.hosts:
            out = []
            if self.ranks_per_host != 1:
                out.append(SpecIssue("parallel.ranks_per_host", "conflict", "applies with hosts only"))
            if self.rendezvous:
                out.append(SpecIssue("parallel.rendezvous", "conflict", "applies with hosts only"))
            return out
        out = []
        bad = [h for h in self.hosts if h.startswith("-") or not re.match(r"^[A-Za-z0-9._@:\[\]-]+$", h)]
        if bad:
            out.append(
                SpecIssue(
                    "parallel.hosts",
                    "format",
                    "%(bad)s is not user@server[:port] or an alias",
                    bad=repr(bad[0]),
                )
            )
        if len(set(self.hosts)) != len(self.hosts):
            out.append(SpecIssue("parallel.hosts", "format", "lists a host twice"))
        if len(self.hosts) < 2:
            out.append(SpecIssue("parallel.hosts", "range", "several nodes need at least two hosts"))
        if self.strategy not in ("ddp", "fsdp"):
            out.append(
                SpecIssue(
                    "parallel.strategy",
                    "conflict",
                    "hosts need ddp or fsdp, got %(strategy)s",
                    strategy=repr(self.strategy),
                )
            )
        if self.processes != 1:
            out.append(
                SpecIssue(
                    "parallel.processes", "conflict", "with hosts, ranks_per_host sets the ranks per node"
                )
            )
        if self.rendezvous and not re.match(r"^[A-Za-z0-9._-]+:\d{1,5}$", self.rendezvous):
            out.append(
                SpecIssue(
                    "parallel.rendezvous",
                    "format",
                    "%(rendezvous)s is not address:port",
                    rendezvous=repr(self.rendezvous),
                )
            )
        return out


def _is_cuda_name(name: str) -> bool:
    head, _, index = name.partition(":")
    return head == "cuda" and index.isdigit()


@dataclass(kw_only=True)
class DataSpec:
    source: str = spec_field(
        "builtin", choices=DATA_SOURCES, help="synthetic (random tokens), builtin (generated corpus) or path."
    )
    path: str | None = spec_field(
        None, help="source = path: a text, JSONL or CSV file, or a dataset saved to disk."
    )
    format: str = spec_field(
        "auto", choices=DATA_FORMATS, help="File format of path; auto guesses from the name."
    )
    text_field: str = spec_field("text", help="JSONL key, CSV column or dataset column that holds the text.")
    eval_fraction: float = spec_field(
        0.1, minimum=0.0, maximum=0.9, help="Share of the data held out for evaluation."
    )
    seed: int = spec_field(
        1234, minimum=0, maximum=2**31 - 1, help="Seed of the corpus generator, the split and the shuffle."
    )

    def issues(self) -> list[SpecIssue]:
        if self.source == "path" and not self.path:
            return [SpecIssue("data.path", "missing", 'source = "path" needs a path')]
        if self.source != "path" and self.path:
            return [
                SpecIssue(
                    "data.path", "conflict", "path is set but source is %(source)s", source=repr(self.source)
                )
            ]
        return []


@dataclass(kw_only=True)
class QualitySpec:
    metric: str = spec_field(
        "eval_loss", choices=METRICS, help="Held-out metric: eval_loss, perplexity or token_accuracy."
    )
    train_steps: int = spec_field(
        20, minimum=0, maximum=1_000_000, help="Optimizer steps trained between the two evaluations."
    )
    eval_batches: int = spec_field(
        4, minimum=1, maximum=100_000, help="Held-out micro-batches per evaluation."
    )
    rule: str = spec_field(
        "relative",
        choices=RULES,
        help="relative: improve by at least threshold (a fraction); absolute: reach threshold.",
    )
    threshold: float = spec_field(
        0.05,
        minimum=-1e9,
        maximum=1e9,
        help="The rule's number: a fraction for relative, a metric value for absolute.",
    )

    def issues(self) -> list[SpecIssue]:
        if self.rule == "relative" and not 0.0 <= self.threshold < 1.0:
            return [
                SpecIssue(
                    "quality.threshold",
                    "range",
                    "a relative improvement must be in [0, 1), got %(threshold)s",
                    threshold=repr(self.threshold),
                )
            ]
        return []


@dataclass(kw_only=True)
class MeasureSpec:
    warmup_steps: int = spec_field(2, minimum=0, maximum=100_000, help="Steps run before timing starts.")
    steps: int = spec_field(10, minimum=1, maximum=1_000_000, help="Measured optimizer steps.")
    sample_hz: float = spec_field(20.0, minimum=0.1, maximum=1000.0, help="Memory samples per second.")
    seed: int = spec_field(0, minimum=0, maximum=2**31 - 1, help="Seed of model initialisation and training.")
    target_tokens_per_s: float = spec_field(
        0.0,
        minimum=0.0,
        maximum=1e12,
        help="Agreed throughput in tokens/s: the peak and step check fails below it (0: none agreed).",
    )
    max_step_s: float = spec_field(
        0.0,
        minimum=0.0,
        maximum=1e7,
        help="Agreed longest median optimizer step in seconds: the check fails above it (0: none agreed).",
    )

    def issues(self) -> list[SpecIssue]:
        return []


@dataclass(kw_only=True)
class CheckpointSpec:
    dir: str | None = spec_field(None, help="Where checkpoints go (default: RUN_DIR/checkpoints).")
    resume_at: int = spec_field(
        2, minimum=1, maximum=100_000, help="Step after which the resume check saves and restarts."
    )
    resume_steps: int = spec_field(
        4, minimum=2, maximum=100_000, help="Total steps of the resume check's reference run."
    )
    keep: bool = spec_field(False, help="Keep checkpoints after the resume check.")

    def issues(self) -> list[SpecIssue]:
        return []  # resume_at against resume_steps: spec.checks (trainsizer's engines only)


@dataclass(kw_only=True)
class EngineSpec:
    name: str = spec_field(
        "builtin",
        choices=ENGINES,
        help="Training loop: builtin (exact phases), hf-trainer (transformers.Trainer), trl-sft, or command.",
    )
    command: list[str] = spec_field(
        default_factory=list,
        help="command: the customer's training command as an argument list, no shell (e.g. python train.py).",
    )
    cwd: str | None = spec_field(None, help="command: its working directory (default: the run folder).")
    env: list[str] = spec_field(
        default_factory=list, help="command: extra environment variables, each KEY=VALUE."
    )
    time_limit_s: float = spec_field(
        3600.0, minimum=1.0, maximum=7 * 86400.0, help="command: stopped (its whole group) after this long."
    )
    step_pattern: str | None = spec_field(
        None,
        help="command: a regular expression for its step lines, with groups step and (optional) loss.",
    )

    metric_pattern: str | None = spec_field(
        None,
        help="command: a regular expression for its held-out metric lines, with a group value; the first "
        "match is before training, the last after.",
    )
    trainer_callback: bool = spec_field(
        True,
        help="command: add trainsizer's TrainerCallback to a transformers.Trainer it builds (step times, "
        "losses), through a sitecustomize first on PYTHONPATH.",
    )
    stop_args: list[str] = spec_field(
        default_factory=list,
        help="command resume check: the script's own option that stops it after {k} steps (default: "
        "trainsizer stops it at step k itself — its TrainerCallback or SIGINT — configuration unchanged).",
    )
    resume_args: list[str] = spec_field(
        default_factory=list,
        help="command resume check: arguments that resume from {checkpoint}, e.g. --resume_from_checkpoint "
        "{checkpoint}.",
    )
    checkpoint_path: str | None = spec_field(
        None,
        help="command resume check: where the command saves its checkpoint, e.g. out/checkpoint-{k} or a "
        "fixed ckpt.pt.",
    )
    resume_tolerance: float = spec_field(
        0.0, minimum=0.0, maximum=1e6, help="command resume check: largest |Δloss| accepted (0: identical)."
    )

    def issues(self) -> list[SpecIssue]:
        import re

        out = []
        command_fields = (
            "command", "cwd", "env", "step_pattern", "metric_pattern", "stop_args", "resume_args",
            "checkpoint_path",
        )  # fmt: skip
        if self.name != "command":
            for f in command_fields:
                if getattr(self, f):
                    out.append(SpecIssue(f"engine.{f}", "conflict", "applies to engine = command only"))
            return out
        if not self.command:
            out.append(SpecIssue("engine.command", "required", "engine command needs the command to run"))
        for item in self.env:
            key, eq, _ = item.partition("=")
            if not eq or not key or not key.replace("_", "").isalnum():
                out.append(SpecIssue("engine.env", "format", "%(item)s is not KEY=VALUE", item=repr(item)))
        if self.stop_args and not self.resume_args:
            out.append(
                SpecIssue("engine.resume_args", "required", "stop_args is given: resume_args is needed")
            )
        for f, other in (("resume_args", "checkpoint_path"), ("checkpoint_path", "resume_args")):
            if getattr(self, f) and not getattr(self, other):
                out.append(
                    SpecIssue(
                        f"engine.{other}",
                        "required",
                        "%(f)s is given: the resume check needs %(other)s too",
                        f=f,
                        other=other,
                    )
                )
        if self.resume_args and self.checkpoint_path:
            if self.stop_args and not any("{k}" in a for a in self.stop_args):
                out.append(
                    SpecIssue("engine.stop_args", "format", "stop_args need {k} (the step to stop at)")
                )
            if not any("{checkpoint}" in a for a in self.resume_args):
                out.append(SpecIssue("engine.resume_args", "format", "resume_args need {checkpoint}"))
            has_loss = bool(self.step_pattern) and "(?P<loss>" in self.step_pattern
            if not has_loss and not self.trainer_callback:
                out.append(
                    SpecIssue(
                        "engine.step_pattern",
                        "required",
                        "the command's resume check compares losses: the pattern needs (?P<loss>...)",
                    )
                )
        if self.metric_pattern is not None:
            try:
                if "value" not in re.compile(self.metric_pattern).groupindex:
                    out.append(
                        SpecIssue("engine.metric_pattern", "format", "needs a named group (?P<value>...)")
                    )
            except re.error as e:
                out.append(
                    SpecIssue("engine.metric_pattern", "format", "not a regular expression: %(e)s", e=str(e))
                )
        if self.step_pattern is not None:
            try:
                groups = re.compile(self.step_pattern).groupindex
            except re.error as e:
                out.append(
                    SpecIssue("engine.step_pattern", "format", "not a regular expression: %(e)s", e=str(e))
                )
            else:
                if "step" not in groups:
                    out.append(
                        SpecIssue("engine.step_pattern", "format", "needs a named group (?P<step>...)")
                    )
        return out


@dataclass(kw_only=True)
class TaskSpec:
    """The customer's whole training job, for planning: how much to train and by when."""

    tokens: float = spec_field(
        0.0, minimum=0.0, maximum=1e16, help="Tokens to train per epoch (0: examples × tokens_per_example)."
    )
    examples: float = spec_field(0.0, minimum=0.0, maximum=1e13, help="Training examples per epoch.")
    tokens_per_example: float = spec_field(
        0.0, minimum=0.0, maximum=1e9, help="Mean tokens per example (with examples)."
    )
    epochs: float = spec_field(1.0, minimum=0.001, maximum=1e6, help="Passes over the data.")
    deadline_hours: float = spec_field(
        0.0, minimum=0.0, maximum=1e6, help="Wall-clock hours the training must finish in (0: none)."
    )
    budget_gpu_hours: float = spec_field(
        0.0, minimum=0.0, maximum=1e9, help="Largest GPU-hours the customer will pay for (0: none)."
    )
    utilization: float = spec_field(
        0.0,
        minimum=0.0,
        maximum=1.0,
        help="Model-FLOPs utilisation of planned GPUs' compute (0: the table fitted to published runs, 40% "
        "for a class it lacks; a measured run or a probe of the class replaces it).",
    )

    def total_tokens(self) -> float:
        """Tokens to train over all epochs; 0 when the task is not given."""
        per_epoch = self.tokens or self.examples * self.tokens_per_example
        return per_epoch * self.epochs

    def issues(self) -> list[SpecIssue]:
        if self.tokens and self.examples:
            return [SpecIssue("task.examples", "conflict", "give tokens or examples, not both")]
        if self.examples and not self.tokens_per_example:
            return [SpecIssue("task.tokens_per_example", "required", "examples need their mean tokens")]
        return []


@dataclass(kw_only=True)
class ClusterSpec:
    """A cluster reached through its scheduler (Slurm): what the batch job asks for (`trainsizer measure|check
    --slurm`; runs/slurm.py)."""

    partition: str | None = spec_field(
        None, help="Slurm partition (sbatch --partition; default: the cluster's)."
    )
    account: str | None = spec_field(None, help="Slurm account to charge (sbatch --account).")
    nodes: int = spec_field(
        1,
        minimum=1,
        maximum=64,
        help="Nodes of the job (sbatch --nodes); [parallel]'s ranks run on each: nodes × ranks per node "
        "in all.",
    )
    gpus_per_node: int = spec_field(0, minimum=0, maximum=64, help="GPUs per node (sbatch --gpus-per-node).")
    time_limit: str = spec_field(
        "01:00:00", help="The job's time limit (sbatch --time, e.g. 30:00 or 2:00:00)."
    )
    sbatch_lines: list[str] = spec_field(
        default_factory=list, help="Extra #SBATCH lines, each an sbatch option such as --qos=short."
    )
    container: str | None = spec_field(
        None, help="A container image the job runs in (srun --container-image, pyxis/enroot)."
    )

    def issues(self) -> list[SpecIssue]:
        import re

        out = []
        for name in ("partition", "account"):
            value = getattr(self, name)
            if value is not None and not re.fullmatch(r"[A-Za-z0-9_.,-]{1,64}", value):
                out.append(
                    SpecIssue(f"cluster.{name}", "format", "%(value)s is not a Slurm name", value=repr(value))
                )
        if not re.fullmatch(r"(\d+-)?\d{1,3}(:\d{2}){0,2}", self.time_limit):
            out.append(
                SpecIssue(
                    "cluster.time_limit",
                    "format",
                    "%(time_limit)s is not like 30:00 or 2:00:00",
                    time_limit=repr(self.time_limit),
                )
            )
        for line in self.sbatch_lines:
            if (
                not line.startswith("--")
                or "\n" in line
                or not re.fullmatch(r"--[A-Za-z0-9-]+(=[^\s'\"`$;&|<>]+)?", line)
            ):
                out.append(
                    SpecIssue(
                        "cluster.sbatch_lines", "format", "%(line)s is not one sbatch option", line=repr(line)
                    )
                )
        return out
