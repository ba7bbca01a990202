"""Assemble the analytic estimate for a spec on a set of target devices (per device and the host)."""

from __future__ import annotations

from trainsizer.estimate.analytic import (
    ALLOCATOR_FRACTION,
    CUDA_CONTEXT_BYTES,
    HOST_BASELINE_BYTES,
    DeviceEstimate,
    Estimate,
    activation_bytes,
    attention_kind,
    grad_bytes,
    logits_bytes,
    optimizer_bytes,
    optimizer_temp_bytes,
    recompute_bytes,
    trainable_of,
    weight_bytes,
)
from trainsizer.model.params import param_stats


class EstimateError(ValueError):
    """A spec the estimator cannot size; ``path`` names the field."""

    def __init__(self, path: str, message: str):
        self.path, self.message = path, message
        super().__init__(f"{path}: {message}")


def _round_blocks(n: int) -> int:
    return -(-n // (2 << 20)) * (2 << 20)  # 2 MiB allocator blocks


def device_names(spec, targets) -> list[str]:
    """The devices the run uses: cpu ranks, or cuda:i for the spec's (or the target's) GPUs."""
    par = spec.parallel
    world = par.world_size()
    if par.on_cpu and not targets:
        return ["cpu"] * world
    if par.on_cpu or par.auto:
        return [f"cuda:{i}" for i in range(world if par.strategy != "single" else 1)]
    return par.device_list()


def estimate(spec, targets=(), *, config=None, host_ram: int | None = None) -> Estimate:
    """Analytic working set of ``spec`` on ``targets`` (TargetDevice list; empty means this machine's CPU)."""
    from trainsizer.model.arith import light_config

    if config is None:
        config = light_config(spec)  # a preset of a known family: arithmetic, no model build
    if config is None:
        from trainsizer.model.build import model_config

        _, config = model_config(spec)
    stats = param_stats(config)
    _check_sizable(spec, stats)
    names = device_names(spec, targets)
    world = len(names)
    by_label = {t.label: t for t in targets}
    missing = [n for n in names if n != "cpu" and targets and n not in by_label]
    if missing:
        have = ", ".join(by_label) or "none"
        raise EstimateError("parallel.devices", f"{', '.join(missing)} not in the target devices ({have})")
    on_cuda = names[0] != "cpu"
    # each part of the count gets the section it needs, not the whole spec
    meth, prec, opt, batch = spec.method, spec.precision, spec.optimizer, spec.batch
    trainable, tensors, parts, shapes = trainable_of(meth, stats)
    W = weight_bytes(meth, prec, stats, trainable)
    G = grad_bytes(meth, prec, trainable)
    S = optimizer_bytes(meth, prec, opt, trainable, tensors, shapes)
    tokens = spec.batch.micro_batch * spec.batch.seq_len
    attention = attention_kind(spec.model, spec.parallel.on_cpu, config)
    A = activation_bytes(batch, prec, meth, stats, config, parts, tokens, attention)
    R = recompute_bytes(batch, prec, stats, parts, tokens, attention)
    L = logits_bytes(prec, stats, tokens, config)
    T = optimizer_temp_bytes(prec, opt, stats, trainable, shapes, on_cuda)
    # the step runs on each rank's shard (host when offloaded)
    if spec.parallel.strategy == "fsdp" and world > 1:
        T = 0 if spec.parallel.cpu_offload else T // world
    shard = _sharding(spec, stats, world, W, G, S)
    notes = list(shard.pop("notes"))
    Wd, Gd, Sd, comm = shard["weights"], shard["gradients"], shard["optimizer_states"], shard["comm"]
    accum = spec.batch.grad_accum > 1
    base = Wd + Sd
    phases = {
        "forward": base + A + L["alive"] + L["loss_transient"] + (Gd if accum else 0),
        "backward": base
        + max(A + L["saved"] + L["backward_transient"] + (Gd if accum else 0), Gd + R)
        + comm,
        "optimizer": Wd + Gd + Sd + T,
    }
    peak_phase = max(phases, key=phases.get)
    allocated_peak = phases[peak_phase]
    items = {
        "weights": Wd,
        "gradients": Gd,
        "optimizer_states": Sd,
        "master_weights": 0,
        "activations": A,
        "logits_and_loss": L["alive"],
        "cuda_context": CUDA_CONTEXT_BYTES if on_cuda else 0,
        "allocator_overhead": 0,
        "comm_buffers": comm,
        "other": T,
    }
    if on_cuda:
        items["allocator_overhead"] = _round_blocks(int(allocated_peak * ALLOCATOR_FRACTION))
    peak = allocated_peak + items["cuda_context"] + items["allocator_overhead"]
    devices = [
        DeviceEstimate(
            n,
            dict(items),
            dict(phases),
            peak,
            peak_phase,
            by_label[n].memory_total if n in by_label else host_ram,
        )
        for n in names
    ]
    host = _host(spec, W, G, S, shard, on_cuda, world, devices)
    notes.append(
        f"loop: the {spec.engine.name} engine's — loss = model(**batch).loss; loss.backward(): the "
        "model output is dropped before backward (as transformers.Trainer does), so only what autograd saved "
        "of the logits stays"
    )
    if spec.engine.name == "trl-sft":
        notes.append(
            "not modelled: TRL's SFTTrainer also computes the entropy and the token accuracy of the logits "
            "in every training step; the measured peak shows what they add"
        )
    if spec.batch.gradient_checkpointing:
        notes.append(
            "gradient checkpointing: activations are the layer inputs; backward recomputes one layer at a "
            "time"
        )
    return Estimate(devices, host, stats, trainable, world, notes)


def _check_sizable(spec, stats) -> None:
    if not stats.heads or stats.heads <= 0:
        raise EstimateError("model", "the architecture has zero attention heads")
    if stats.max_positions and spec.batch.seq_len > stats.max_positions:
        raise EstimateError(
            "batch.seq_len",
            f"{spec.batch.seq_len} is longer than the model's {stats.max_positions} positions",
        )


def _sharding(spec, stats, world: int, W: int, G: int, S: int) -> dict:
    """Per-device model states under ddp / FSDP full shard (ZeRO-3-like) / grad-op shard (ZeRO-2-like),
    offload.

    DeepSpeed memory.rst: ZeRO-2 keeps full weights and shards grads and optimizer states; ZeRO-3 shards all
    three and gathers one unit (here: one transformer block, current and prefetched) at a time.
    """
    strategy, p = spec.parallel.strategy, (2 if spec.precision.compute == "bf16" else 4)
    unit = stats.per_layer * p
    notes: list[str] = []
    if strategy == "single" or world == 1:
        return {
            "weights": W,
            "gradients": G,
            "optimizer_states": S,
            "comm": 0,
            "notes": notes,
            "host_offload": 0,
        }
    if strategy == "ddp":
        # DDP buckets hold a copy of every gradient for the all-reduce (gradient_as_bucket_view=False).
        return {
            "weights": W,
            "gradients": G,
            "optimizer_states": S,
            "comm": G,
            "notes": notes,
            "host_offload": 0,
        }
    gathered = 2 * unit  # the unit being computed and the prefetched one
    if spec.parallel.cpu_offload:
        notes.append(
            "fsdp cpu_offload: sharded parameters, gradients and optimizer states live in host memory"
        )
        return {
            "weights": gathered,
            "gradients": unit,
            "optimizer_states": 0,
            "comm": unit,
            "notes": notes,
            "host_offload": W + G + S,
        }
    if spec.parallel.fsdp_sharding == "grad-op":
        return {
            "weights": W + W // world,
            "gradients": G // world + unit,
            "optimizer_states": S // world,
            "comm": unit,
            "notes": notes,
            "host_offload": 0,
        }
    return {
        "weights": W // world + gathered,
        "gradients": G // world + unit,
        "optimizer_states": S // world,
        "comm": unit,
        "notes": notes,
        "host_offload": 0,
    }


def _host(spec, W, G, S, shard, on_cuda, world, devices) -> dict[str, int]:
    """Host RAM: the process baseline per rank, the model-loading peak, offloaded states (DeepSpeed memory.rst
    is the only anchor that sizes host RAM), and on the CPU the device working set itself."""
    host = {
        "process_baseline": HOST_BASELINE_BYTES * world,
        "model_loading_peak": 0,
        "offloaded_states": shard.get("host_offload", 0),
        "pinned_buffers": 0,
        "device_working_set": 0,
    }
    if spec.model.pretrained or spec.model.hub_id:
        # safetensors shards are read one at a time (≤ 5 GB each)
        host["model_loading_peak"] = min(W, 5 << 30)
    if shard.get("host_offload"):
        host["pinned_buffers"] = (
            G  # FSDP's CPUOffloadPolicy pins the host gradients for the device-to-host copy
        )
    if not on_cuda:
        host["device_working_set"] = sum(d.peak for d in devices)
    host["peak"] = sum(host.values())
    return host
