"""Field labels and help texts of the spec, marked for translation.

The table below is generated from the spec (`make lupdate` runs `python -m trainsizer.gui.spec_text`
first); tests/gui/test_i18n.py fails when it drifts from the spec's own help texts.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication


def field_label(path: str) -> str:
    entry = FIELDS.get(path)
    return QCoreApplication.translate("SpecField", entry[0]) if entry else path.split(".")[-1].replace("_", " ")


def field_help(path: str) -> str:
    entry = FIELDS.get(path)
    return QCoreApplication.translate("SpecHelp", entry[1]) if entry else ""


def issue_text(issue) -> str:
    """A spec problem (SpecIssue) in the window's language: its template translated, then filled."""
    return issue.worded(QCoreApplication.translate("SpecIssue", issue.template), problem_words)


def problem_words(template: str) -> str:
    """A problem's template (trainsizer.problem) in the window's language; ``Problem.words`` fills it."""
    return QCoreApplication.translate("SpecIssue", template)


def exception_text(e: BaseException) -> str:
    """An error for a message box, in the window's language: a spec's problems one per line, a problem of
    trainsizer's (trainsizer.problem) worded from its template, another library's as it said it."""
    from trainsizer.problem import Problem
    from trainsizer.spec import SpecError

    if isinstance(e, SpecError):
        return "\n".join(f"{i.where()}: {issue_text(i)}" for i in e.issues)
    if isinstance(e, Problem):
        return e.words(problem_words)
    return str(e)


def generate() -> dict[str, tuple[str, str]]:
    from trainsizer.spec.runspec import SECTIONS

    return {f"{sec}.{f.name}": (f.name.replace("_", " "), f.metadata.get("help", ""))
            for sec, cls in SECTIONS.items() for f in dataclasses.fields(cls)}


def _write(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    head = text[: text.rindex("# path: (label, help)")]
    rows = [f'    "{p}": (QT_TRANSLATE_NOOP("SpecField", {lab!r}), QT_TRANSLATE_NOOP("SpecHelp", {h!r})),'
            for p, (lab, h) in generate().items()]
    path.write_text(head + "# path: (label, help)\nFIELDS = {\n" + "\n".join(rows) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    _write(Path(__file__))
    sys.exit(0)

# path: (label, help)
FIELDS = {
    "model.preset": (QT_TRANSLATE_NOOP("SpecField", 'preset'), QT_TRANSLATE_NOOP("SpecHelp", 'Name of a built-in architecture preset (trainsizer presets).')),
    "model.config": (QT_TRANSLATE_NOOP("SpecField", 'config'), QT_TRANSLATE_NOOP("SpecHelp", 'Path to a Hugging Face config.json of a causal LM (random weights).')),
    "model.pretrained": (QT_TRANSLATE_NOOP("SpecField", 'pretrained'), QT_TRANSLATE_NOOP("SpecHelp", 'Local directory with config, safetensors weights and tokenizer.')),
    "model.hub_id": (QT_TRANSLATE_NOOP("SpecField", 'hub id'), QT_TRANSLATE_NOOP("SpecHelp", 'Hugging Face hub id, resolved from the local cache only.')),
    "model.allow_network": (QT_TRANSLATE_NOOP("SpecField", 'allow network'), QT_TRANSLATE_NOOP("SpecHelp", 'Allow downloading hub_id when it is not in the local cache.')),
    "model.trust_remote_code": (QT_TRANSLATE_NOOP("SpecField", 'trust remote code'), QT_TRANSLATE_NOOP("SpecHelp", 'Run model code shipped with the checkpoint (a security risk).')),
    "model.attn_implementation": (QT_TRANSLATE_NOOP("SpecField", 'attn implementation'), QT_TRANSLATE_NOOP("SpecHelp", 'Attention kernel: sdpa, eager or flash_attention_2.')),
    "model.max_positions": (QT_TRANSLATE_NOOP("SpecField", 'max positions'), QT_TRANSLATE_NOOP("SpecHelp", "Positions the model takes, over its config's max_position_embeddings: a longer context, as a rope-scaled or long-context fine-tune runs it (rotary models; the worker builds it so).")),
    "method.kind": (QT_TRANSLATE_NOOP("SpecField", 'kind'), QT_TRANSLATE_NOOP("SpecHelp", 'What is trained: full, freeze (last layers), lora or qlora.')),
    "method.lora_rank": (QT_TRANSLATE_NOOP("SpecField", 'lora rank'), QT_TRANSLATE_NOOP("SpecHelp", 'LoRA rank r (lora and qlora).')),
    "method.lora_alpha": (QT_TRANSLATE_NOOP("SpecField", 'lora alpha'), QT_TRANSLATE_NOOP("SpecHelp", 'LoRA scaling alpha (lora and qlora).')),
    "method.lora_dropout": (QT_TRANSLATE_NOOP("SpecField", 'lora dropout'), QT_TRANSLATE_NOOP("SpecHelp", 'Dropout on the LoRA input (lora and qlora).')),
    "method.lora_targets": (QT_TRANSLATE_NOOP("SpecField", 'lora targets'), QT_TRANSLATE_NOOP("SpecHelp", 'Module names that get LoRA adapters, or ["all-linear"].')),
    "method.trainable_layers": (QT_TRANSLATE_NOOP("SpecField", 'trainable layers'), QT_TRANSLATE_NOOP("SpecHelp", 'freeze: number of last transformer layers left trainable.')),
    "method.qlora_double_quant": (QT_TRANSLATE_NOOP("SpecField", 'qlora double quant'), QT_TRANSLATE_NOOP("SpecHelp", 'qlora: quantize the quantization constants too (NF4).')),
    "precision.compute": (QT_TRANSLATE_NOOP("SpecField", 'compute'), QT_TRANSLATE_NOOP("SpecHelp", 'fp32, bf16-mixed / fp16-mixed (autocast, fp32 weights), or pure bf16 weights.')),
    "optimizer.name": (QT_TRANSLATE_NOOP("SpecField", 'name'), QT_TRANSLATE_NOOP("SpecHelp", 'Optimizer: adamw, adamw-fused, adamw-8bit, sgd, sgd-momentum, adafactor.')),
    "optimizer.lr": (QT_TRANSLATE_NOOP("SpecField", 'lr'), QT_TRANSLATE_NOOP("SpecHelp", 'Peak learning rate.')),
    "optimizer.weight_decay": (QT_TRANSLATE_NOOP("SpecField", 'weight decay'), QT_TRANSLATE_NOOP("SpecHelp", 'Decoupled weight decay.')),
    "optimizer.momentum": (QT_TRANSLATE_NOOP("SpecField", 'momentum'), QT_TRANSLATE_NOOP("SpecHelp", 'sgd-momentum: momentum factor.')),
    "optimizer.scheduler": (QT_TRANSLATE_NOOP("SpecField", 'scheduler'), QT_TRANSLATE_NOOP("SpecHelp", 'Learning-rate schedule after warm-up.')),
    "optimizer.warmup_steps": (QT_TRANSLATE_NOOP("SpecField", 'warmup steps'), QT_TRANSLATE_NOOP("SpecHelp", 'Steps of linear learning-rate warm-up.')),
    "optimizer.max_grad_norm": (QT_TRANSLATE_NOOP("SpecField", 'max grad norm'), QT_TRANSLATE_NOOP("SpecHelp", 'Gradient clipping norm (0 disables clipping).')),
    "batch.micro_batch": (QT_TRANSLATE_NOOP("SpecField", 'micro batch'), QT_TRANSLATE_NOOP("SpecHelp", 'Sequences per device per forward/backward.')),
    "batch.grad_accum": (QT_TRANSLATE_NOOP("SpecField", 'grad accum'), QT_TRANSLATE_NOOP("SpecHelp", 'Micro-batches accumulated per optimizer step.')),
    "batch.seq_len": (QT_TRANSLATE_NOOP("SpecField", 'seq len'), QT_TRANSLATE_NOOP("SpecHelp", 'Tokens per sequence.')),
    "batch.gradient_checkpointing": (QT_TRANSLATE_NOOP("SpecField", 'gradient checkpointing'), QT_TRANSLATE_NOOP("SpecHelp", 'Recompute activations in backward instead of storing them.')),
    "batch.checkpoint_policy": (QT_TRANSLATE_NOOP("SpecField", 'checkpoint policy'), QT_TRANSLATE_NOOP("SpecHelp", 'Checkpointing: full (keep layer inputs) or selective (keep matmul outputs; planning only).')),
    "parallel.strategy": (QT_TRANSLATE_NOOP("SpecField", 'strategy'), QT_TRANSLATE_NOOP("SpecHelp", 'single device, ddp (replicas), fsdp (sharded) or zero (DeepSpeed ZeRO stages; planning only).')),
    "parallel.devices": (QT_TRANSLATE_NOOP("SpecField", 'devices'), QT_TRANSLATE_NOOP("SpecHelp", 'Devices to use: cpu, cuda:0, cuda:0,1 or auto.')),
    "parallel.fsdp_sharding": (QT_TRANSLATE_NOOP("SpecField", 'fsdp sharding'), QT_TRANSLATE_NOOP("SpecHelp", 'fsdp: full (weights, grads, optimizer; ZeRO-3-like) or grad-op (ZeRO-2-like).')),
    "parallel.cpu_offload": (QT_TRANSLATE_NOOP("SpecField", 'cpu offload'), QT_TRANSLATE_NOOP("SpecHelp", 'fsdp: keep parameters, gradients and optimizer states in host memory.')),
    "parallel.processes": (QT_TRANSLATE_NOOP("SpecField", 'processes'), QT_TRANSLATE_NOOP("SpecHelp", 'devices = cpu: number of ranks (gloo) for ddp/fsdp on the CPU.')),
    "parallel.hosts": (QT_TRANSLATE_NOOP("SpecField", 'hosts'), QT_TRANSLATE_NOOP("SpecHelp", 'Several nodes: servers over SSH (user@server[:port] or ssh aliases); torchrun runs on each.')),
    "parallel.ranks_per_host": (QT_TRANSLATE_NOOP("SpecField", 'ranks per host'), QT_TRANSLATE_NOOP("SpecHelp", 'hosts: ranks (processes) per node (torchrun --nproc-per-node).')),
    "parallel.rendezvous": (QT_TRANSLATE_NOOP("SpecField", 'rendezvous'), QT_TRANSLATE_NOOP("SpecHelp", 'hosts: the c10d rendezvous address:port on the first host (default: its address, port 29400).')),
    "parallel.zero_stage": (QT_TRANSLATE_NOOP("SpecField", 'zero stage'), QT_TRANSLATE_NOOP("SpecHelp", 'zero: 1 shards optimizer states, 2 also gradients, 3 also weights.')),
    "parallel.offload_optimizer": (QT_TRANSLATE_NOOP("SpecField", 'offload optimizer'), QT_TRANSLATE_NOOP("SpecHelp", 'zero: optimizer states (and the step) in host memory (ZeRO-Offload).')),
    "parallel.offload_params": (QT_TRANSLATE_NOOP("SpecField", 'offload params'), QT_TRANSLATE_NOOP("SpecHelp", 'zero stage 3: parameters in host memory too (ZeRO-Infinity, CPU).')),
    "parallel.tensor_parallel": (QT_TRANSLATE_NOOP("SpecField", 'tensor parallel'), QT_TRANSLATE_NOOP("SpecHelp", 'Tensor-parallel degree (Megatron-style; planning only).')),
    "parallel.sequence_parallel": (QT_TRANSLATE_NOOP("SpecField", 'sequence parallel'), QT_TRANSLATE_NOOP("SpecHelp", 'With tensor parallelism: shard norms and dropouts along the sequence too.')),
    "parallel.pipeline_parallel": (QT_TRANSLATE_NOOP("SpecField", 'pipeline parallel'), QT_TRANSLATE_NOOP("SpecHelp", 'Pipeline stages (1F1B; micro-batches = grad_accum; planning only).')),
    "parallel.context_parallel": (QT_TRANSLATE_NOOP("SpecField", 'context parallel'), QT_TRANSLATE_NOOP("SpecHelp", 'Context-parallel degree: the sequence split over GPUs (planning only).')),
    "data.source": (QT_TRANSLATE_NOOP("SpecField", 'source'), QT_TRANSLATE_NOOP("SpecHelp", 'synthetic (random tokens), builtin (generated corpus) or path.')),
    "data.path": (QT_TRANSLATE_NOOP("SpecField", 'path'), QT_TRANSLATE_NOOP("SpecHelp", 'source = path: a text, JSONL or CSV file, or a dataset saved to disk.')),
    "data.format": (QT_TRANSLATE_NOOP("SpecField", 'format'), QT_TRANSLATE_NOOP("SpecHelp", 'File format of path; auto guesses from the name.')),
    "data.text_field": (QT_TRANSLATE_NOOP("SpecField", 'text field'), QT_TRANSLATE_NOOP("SpecHelp", 'JSONL key, CSV column or dataset column that holds the text.')),
    "data.eval_fraction": (QT_TRANSLATE_NOOP("SpecField", 'eval fraction'), QT_TRANSLATE_NOOP("SpecHelp", 'Share of the data held out for evaluation.')),
    "data.seed": (QT_TRANSLATE_NOOP("SpecField", 'seed'), QT_TRANSLATE_NOOP("SpecHelp", 'Seed of the corpus generator, the split and the shuffle.')),
    "quality.metric": (QT_TRANSLATE_NOOP("SpecField", 'metric'), QT_TRANSLATE_NOOP("SpecHelp", 'Held-out metric: eval_loss, perplexity or token_accuracy.')),
    "quality.train_steps": (QT_TRANSLATE_NOOP("SpecField", 'train steps'), QT_TRANSLATE_NOOP("SpecHelp", 'Optimizer steps trained between the two evaluations.')),
    "quality.eval_batches": (QT_TRANSLATE_NOOP("SpecField", 'eval batches'), QT_TRANSLATE_NOOP("SpecHelp", 'Held-out micro-batches per evaluation.')),
    "quality.rule": (QT_TRANSLATE_NOOP("SpecField", 'rule'), QT_TRANSLATE_NOOP("SpecHelp", 'relative: improve by at least threshold (a fraction); absolute: reach threshold.')),
    "quality.threshold": (QT_TRANSLATE_NOOP("SpecField", 'threshold'), QT_TRANSLATE_NOOP("SpecHelp", "The rule's number: a fraction for relative, a metric value for absolute.")),
    "measure.warmup_steps": (QT_TRANSLATE_NOOP("SpecField", 'warmup steps'), QT_TRANSLATE_NOOP("SpecHelp", 'Steps run before timing starts.')),
    "measure.steps": (QT_TRANSLATE_NOOP("SpecField", 'steps'), QT_TRANSLATE_NOOP("SpecHelp", 'Measured optimizer steps.')),
    "measure.sample_hz": (QT_TRANSLATE_NOOP("SpecField", 'sample hz'), QT_TRANSLATE_NOOP("SpecHelp", 'Memory samples per second.')),
    "measure.seed": (QT_TRANSLATE_NOOP("SpecField", 'seed'), QT_TRANSLATE_NOOP("SpecHelp", 'Seed of model initialisation and training.')),
    "measure.target_tokens_per_s": (QT_TRANSLATE_NOOP("SpecField", 'target tokens per s'), QT_TRANSLATE_NOOP("SpecHelp", 'Agreed throughput in tokens/s: the peak and step check fails below it (0: none agreed).')),
    "measure.max_step_s": (QT_TRANSLATE_NOOP("SpecField", 'max step s'), QT_TRANSLATE_NOOP("SpecHelp", 'Agreed longest median optimizer step in seconds: the check fails above it (0: none agreed).')),
    "checkpoint.dir": (QT_TRANSLATE_NOOP("SpecField", 'dir'), QT_TRANSLATE_NOOP("SpecHelp", 'Where checkpoints go (default: RUN_DIR/checkpoints).')),
    "checkpoint.resume_at": (QT_TRANSLATE_NOOP("SpecField", 'resume at'), QT_TRANSLATE_NOOP("SpecHelp", 'Step after which the resume check saves and restarts.')),
    "checkpoint.resume_steps": (QT_TRANSLATE_NOOP("SpecField", 'resume steps'), QT_TRANSLATE_NOOP("SpecHelp", "Total steps of the resume check's reference run.")),
    "checkpoint.keep": (QT_TRANSLATE_NOOP("SpecField", 'keep'), QT_TRANSLATE_NOOP("SpecHelp", 'Keep checkpoints after the resume check.')),
    "engine.name": (QT_TRANSLATE_NOOP("SpecField", 'name'), QT_TRANSLATE_NOOP("SpecHelp", 'Training loop: builtin (exact phases), hf-trainer (transformers.Trainer), trl-sft, or command.')),
    "engine.command": (QT_TRANSLATE_NOOP("SpecField", 'command'), QT_TRANSLATE_NOOP("SpecHelp", "command: the customer's training command as an argument list, no shell (e.g. python train.py).")),
    "engine.cwd": (QT_TRANSLATE_NOOP("SpecField", 'cwd'), QT_TRANSLATE_NOOP("SpecHelp", 'command: its working directory (default: the run folder).')),
    "engine.env": (QT_TRANSLATE_NOOP("SpecField", 'env'), QT_TRANSLATE_NOOP("SpecHelp", 'command: extra environment variables, each KEY=VALUE.')),
    "engine.time_limit_s": (QT_TRANSLATE_NOOP("SpecField", 'time limit s'), QT_TRANSLATE_NOOP("SpecHelp", 'command: stopped (its whole group) after this long.')),
    "engine.step_pattern": (QT_TRANSLATE_NOOP("SpecField", 'step pattern'), QT_TRANSLATE_NOOP("SpecHelp", 'command: a regular expression for its step lines, with groups step and (optional) loss.')),
    "engine.metric_pattern": (QT_TRANSLATE_NOOP("SpecField", 'metric pattern'), QT_TRANSLATE_NOOP("SpecHelp", 'command: a regular expression for its held-out metric lines, with a group value; the first match is before training, the last after.')),
    "engine.trainer_callback": (QT_TRANSLATE_NOOP("SpecField", 'trainer callback'), QT_TRANSLATE_NOOP("SpecHelp", "command: add trainsizer's TrainerCallback to a transformers.Trainer it builds (step times, losses), through a sitecustomize first on PYTHONPATH.")),
    "engine.stop_args": (QT_TRANSLATE_NOOP("SpecField", 'stop args'), QT_TRANSLATE_NOOP("SpecHelp", "command resume check: the script's own option that stops it after {k} steps (default: trainsizer stops it at step k itself — its TrainerCallback or SIGINT — configuration unchanged).")),
    "engine.resume_args": (QT_TRANSLATE_NOOP("SpecField", 'resume args'), QT_TRANSLATE_NOOP("SpecHelp", 'command resume check: arguments that resume from {checkpoint}, e.g. --resume_from_checkpoint {checkpoint}.')),
    "engine.checkpoint_path": (QT_TRANSLATE_NOOP("SpecField", 'checkpoint path'), QT_TRANSLATE_NOOP("SpecHelp", 'command resume check: where the command saves its checkpoint, e.g. out/checkpoint-{k} or a fixed ckpt.pt.')),
    "engine.resume_tolerance": (QT_TRANSLATE_NOOP("SpecField", 'resume tolerance'), QT_TRANSLATE_NOOP("SpecHelp", 'command resume check: largest |Δloss| accepted (0: identical).')),
    "task.tokens": (QT_TRANSLATE_NOOP("SpecField", 'tokens'), QT_TRANSLATE_NOOP("SpecHelp", 'Tokens to train per epoch (0: examples × tokens_per_example).')),
    "task.examples": (QT_TRANSLATE_NOOP("SpecField", 'examples'), QT_TRANSLATE_NOOP("SpecHelp", 'Training examples per epoch.')),
    "task.tokens_per_example": (QT_TRANSLATE_NOOP("SpecField", 'tokens per example'), QT_TRANSLATE_NOOP("SpecHelp", 'Mean tokens per example (with examples).')),
    "task.epochs": (QT_TRANSLATE_NOOP("SpecField", 'epochs'), QT_TRANSLATE_NOOP("SpecHelp", 'Passes over the data.')),
    "task.deadline_hours": (QT_TRANSLATE_NOOP("SpecField", 'deadline hours'), QT_TRANSLATE_NOOP("SpecHelp", 'Wall-clock hours the training must finish in (0: none).')),
    "task.budget_gpu_hours": (QT_TRANSLATE_NOOP("SpecField", 'budget gpu hours'), QT_TRANSLATE_NOOP("SpecHelp", 'Largest GPU-hours the customer will pay for (0: none).')),
    "task.utilization": (QT_TRANSLATE_NOOP("SpecField", 'utilization'), QT_TRANSLATE_NOOP("SpecHelp", "Model-FLOPs utilisation of planned GPUs' compute (0: the table fitted to published runs, 40% for a class it lacks; a measured run or a probe of the class replaces it).")),
    "cluster.partition": (QT_TRANSLATE_NOOP("SpecField", 'partition'), QT_TRANSLATE_NOOP("SpecHelp", "Slurm partition (sbatch --partition; default: the cluster's).")),
    "cluster.account": (QT_TRANSLATE_NOOP("SpecField", 'account'), QT_TRANSLATE_NOOP("SpecHelp", 'Slurm account to charge (sbatch --account).')),
    "cluster.nodes": (QT_TRANSLATE_NOOP("SpecField", 'nodes'), QT_TRANSLATE_NOOP("SpecHelp", "Nodes of the job (sbatch --nodes); [parallel]'s ranks run on each: nodes × ranks per node in all.")),
    "cluster.gpus_per_node": (QT_TRANSLATE_NOOP("SpecField", 'gpus per node'), QT_TRANSLATE_NOOP("SpecHelp", 'GPUs per node (sbatch --gpus-per-node).')),
    "cluster.time_limit": (QT_TRANSLATE_NOOP("SpecField", 'time limit'), QT_TRANSLATE_NOOP("SpecHelp", "The job's time limit (sbatch --time, e.g. 30:00 or 2:00:00).")),
    "cluster.sbatch_lines": (QT_TRANSLATE_NOOP("SpecField", 'sbatch lines'), QT_TRANSLATE_NOOP("SpecHelp", 'Extra #SBATCH lines, each an sbatch option such as --qos=short.')),
    "cluster.container": (QT_TRANSLATE_NOOP("SpecField", 'container'), QT_TRANSLATE_NOOP("SpecHelp", 'A container image the job runs in (srun --container-image, pyxis/enroot).')),
}
