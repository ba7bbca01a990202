"""Assemble the analytic estimate for a spec on a set of target devices (per device and the host)."""

from __future__ import annotations

from trainsizer.estimate.activations import gathered_input_bytes
from trainsizer.estimate.analytic import (
    CUDA_CONTEXT_BYTES,
    HOST_BASELINE_BYTES,
    DeviceEstimate,
    Estimate,
    activation_bytes,
    allocator_fraction,
    attention_kind,
    autocast_cache_bytes,
    grad_bytes,
    logits_bytes,
    optimizer_bytes,
    optimizer_temp_bytes,
    recompute_bytes,
    trainable_of,
    weight_bytes,
)
from trainsizer.model.params import param_stats
from trainsizer.vocab import Note, placement_words


class EstimateError(ValueError):
    """A spec the estimator cannot size; ``path`` names the field."""

    def __init__(self, path: str, template: str, /, **params):
        self.path, self.template, self.params = path, template, params
        self.message = template % params if params else template
        super().__init__(f"{path}: {self.message}")


def _round_blocks(n: int) -> int:
    return -(-n // (2 << 20)) * (2 << 20)  # 2 MiB allocator blocks


def device_names(spec, targets) -> list[str]:
    """The devices the run uses: cpu ranks, or the spec's GPUs, or — devices = auto — the target's GPUs
    (all of them for ddp/fsdp/zero, one replica's tensor × pipeline × context GPUs for single)."""
    par = spec.parallel
    world = par.world_size()
    if par.on_cpu:
        if targets and targets[0].hypothetical:
            raise EstimateError(
                "parallel.devices",
                (
                    "devices = cpu contradicts the planned target (%(targets)s × %(name)s); set devices = "
                    '"auto" '
                    "to size the run on the target's GPUs, or leave --devices out to size it on this "
                    "machine's CPU"
                ),
                targets=len(targets),
                name=targets[0].name,
            )
        return ["cpu"] * world
    if par.auto:
        if not targets:
            return [f"cuda:{i}" for i in range(max(1, par.model_parallel))]
        if par.strategy == "single":
            n = max(1, par.model_parallel)
            if n > len(targets):
                raise EstimateError(
                    "parallel.tensor_parallel",
                    "one replica spans %(n)s GPUs (tensor × pipeline × context) but the target has "
                    "%(targets)s",
                    n=n,
                    targets=len(targets),
                )
            return [t.label for t in targets[:n]]
        return [t.label for t in targets]
    return par.device_list()


def checkpoint_bytes(spec) -> int:
    """A full checkpoint: the weights and the optimizer states of the whole model, unsharded, as the spec
    keeps them (a LoRA checkpoint: the adapters' states and the model's weights it saves)."""
    from trainsizer.model.arith import light_config

    config = light_config(spec)
    if config is None:
        from trainsizer.model.build import model_config

        _, config = model_config(spec)
    stats = param_stats(config)
    meth, prec, opt = spec.method, spec.precision, spec.optimizer
    trainable, tensors, _, shapes = trainable_of(meth, stats)
    return weight_bytes(meth, prec, stats, trainable) + optimizer_bytes(
        meth, prec, opt, trainable, tensors, shapes
    )


def placement(spec, names: list[str], targets) -> dict:
    """How the run is laid out: data-parallel degree, model-parallel degrees, nodes (codes and numbers; the
    words are made at the edges, an English sentence is kept for the notes)."""
    par = spec.parallel
    world = len(names)
    mp = par.model_parallel
    if world % mp:
        raise EstimateError(
            "parallel.tensor_parallel",
            "tensor × pipeline × context = %(tensor_parallel)s × %(pipeline_parallel)s × "
            "%(context_parallel)s = %(mp)s does not divide the %(world)s devices",
            tensor_parallel=par.tensor_parallel,
            pipeline_parallel=par.pipeline_parallel,
            context_parallel=par.context_parallel,
            mp=mp,
            world=world,
        )
    by_label = {t.label: t for t in targets}
    nodes = len({by_label[n].node for n in names if n in by_label}) or 1
    strategy = par.strategy if world // mp > 1 else "single"
    out = {
        "strategy": strategy,
        "world": world,
        "data_parallel": world // mp,
        "tensor_parallel": par.tensor_parallel,
        "pipeline_parallel": par.pipeline_parallel,
        "context_parallel": par.context_parallel,
        "nodes": nodes,
        "ranks_per_node": world // nodes,
        "fsdp_sharding": par.fsdp_sharding,
        "zero_stage": par.zero_stage,
        "devices": "cpu" if names[0] == "cpu" else "gpu",
    }
    out["text"] = placement_words(out)  # English, for readers of older results; the edges word the codes
    return out


def _stage_layers(layers: int, pp: int, stage: int) -> int:
    return layers // pp + (1 if stage < layers % pp else 0)


def _stage_fraction(stats, pp: int, stage: int, full: bool) -> float:
    """Share of the model's parameters (``full``: all of them; otherwise the trained ones, which live in the
    layers) that pipeline stage ``stage`` holds: its layers, the embedding on the first stage, the head, the
    final norm (and a tied embedding's copy) on the last. 1.0 when there is one stage."""
    if pp == 1:
        return 1.0
    layers = _stage_layers(stats.layers, pp, stage)
    if not full:
        return layers / stats.layers
    rest = stats.non_layer - stats.embedding - stats.lm_head
    extra = stats.embedding if stage == 0 else 0
    if stage == pp - 1:
        extra += rest + (stats.lm_head or stats.embedding)
    return (stats.per_layer * layers + extra) / stats.total


def estimate(spec, targets=(), *, config=None, host_ram: int | None = None) -> Estimate:
    """Analytic working set of ``spec`` on ``targets`` (TargetDevice list; empty means this machine's CPU).

    Data parallelism (ddp, fsdp, ZeRO 1-3, offload), tensor (with sequence) parallelism, pipeline stages
    under 1F1B, context parallelism and several nodes: docs/estimator.md "Plans" gives each formula and its
    source. With every degree 1 this is the single-device count."""
    from trainsizer.model.arith import light_config

    if config is None:
        config = light_config(spec)  # a preset of a known family: arithmetic, no model build
    if config is None:
        from trainsizer.model.build import model_config

        _, config = model_config(spec)
    stats = param_stats(config)
    _check_sizable(spec, stats)
    names = device_names(spec, targets)
    by_label = {t.label: t for t in targets}
    missing = [n for n in names if n != "cpu" and targets and n not in by_label]
    if missing:
        have = ", ".join(by_label) or "none"
        raise EstimateError(
            "parallel.devices",
            "%(missing)s not in the target devices (%(have)s)",
            missing=", ".join(missing),
            have=have,
        )
    place = placement(spec, names, targets)
    par = spec.parallel
    tp, pp, cp, dp = par.tensor_parallel, par.pipeline_parallel, par.context_parallel, place["data_parallel"]
    if pp > stats.layers:
        raise EstimateError(
            "parallel.pipeline_parallel", "%(pp)s stages for %(layers)s layers", pp=pp, layers=stats.layers
        )
    if tp > 1 and stats.heads % tp:
        raise EstimateError(
            "parallel.tensor_parallel",
            "%(heads)s attention heads do not split over %(tp)s GPUs",
            heads=stats.heads,
            tp=tp,
        )
    if cp > 1 and spec.batch.seq_len % cp:
        raise EstimateError(
            "parallel.context_parallel",
            "seq_len %(seq_len)s does not split over %(cp)s GPUs",
            seq_len=spec.batch.seq_len,
            cp=cp,
        )
    on_cuda = names[0] != "cpu"
    # each part of the count gets the section it needs, not the whole spec
    meth, prec, opt, batch = spec.method, spec.precision, spec.optimizer, spec.batch
    trainable, tensors, parts, shapes = trainable_of(meth, stats)
    W = weight_bytes(meth, prec, stats, trainable)
    G = grad_bytes(meth, prec, trainable)
    S = optimizer_bytes(meth, prec, opt, trainable, tensors, shapes)
    tokens = spec.batch.micro_batch * spec.batch.seq_len
    attention = attention_kind(spec.model, spec.parallel.on_cpu, config)
    # DeepSpeed, Megatron and FSDP2's MixedPrecisionPolicy (torchtitan) run mixed precision on 16-bit
    # weights, not under torch.autocast: the forward is in 16 bit (the residual stream too) and no per-Linear
    # weight copies are saved; the fp32 master weights live with the optimizer states.
    framework = par.strategy == "zero" or par.model_parallel > 1
    act_prec = prec
    if framework and prec.compute in ("bf16-mixed", "fp16-mixed"):
        act_prec = spec.precision.__class__(**{**vars(prec), "compute": "bf16"})
    A = activation_bytes(batch, act_prec, meth, stats, config, parts, tokens, attention)
    R = recompute_bytes(batch, act_prec, stats, parts, tokens, attention)
    cache = autocast_cache_bytes(batch, act_prec, meth, stats)
    L = logits_bytes(act_prec, stats, tokens, config)
    T = optimizer_temp_bytes(prec, opt, stats, trainable, shapes, on_cuda)
    # tensor parallelism (Korthikanti et al. 2022, eqs. 2-4): with sequence parallelism every activation
    # is split over the tensor group; without it the norms' and dropouts' 10 of the 34 sbh stay whole
    act_split = cp * (tp if par.sequence_parallel or tp == 1 else 34 / (10 + 24 / tp))
    # ... except, in PyTorch's tensor parallelism, the whole-sequence inputs its linears save
    gathered = (
        gathered_input_bytes(parts, stats, act_prec.compute, tokens, tp) // cp
        if tp > 1 and par.sequence_parallel
        else 0
    )
    full = meth.kind == "full"
    stage_of = {}
    per_stage = max(1, len(names) // pp)
    for rank, n in enumerate(names):
        stage_of.setdefault(n, min(pp - 1, rank // per_stage))
    notes: list[str] = []
    shapes_by_stage = {}
    for stage in sorted(set(stage_of.values())):
        fw = _stage_fraction(stats, pp, stage, True) / tp
        ft = _stage_fraction(stats, pp, stage, full) / tp
        Ws, Gs, Ss, Ts = int(W * fw), int(G * ft), int(S * ft), int(T * ft)
        if (par.strategy in ("fsdp", "zero")) and dp * cp > 1:
            offloaded = par.cpu_offload or (par.strategy == "zero" and par.offload_optimizer)
            Ts = 0 if offloaded else Ts // (dp * cp)
        unit_p = stats.per_layer // tp
        # context-parallel ranks hold the same weights: sharded states are split over data × context ranks
        # (torchtitan's dp_shard_cp mesh, Megatron's distributed optimizer)
        shard = _sharding(spec, stats, dp * cp, Ws, Gs, Ss, unit_p, pipelined=pp > 1)
        if stage == 0:
            notes += shard["notes"]
        stage_layers = _stage_layers(stats.layers, pp, stage)
        layer_share = stage_layers / stats.layers
        in_flight = min(pp - stage, batch.grad_accum) if pp > 1 else 1
        As = int(A * layer_share * in_flight / act_split)
        Rs = int(R / act_split)
        # checkpointed layers (op-SAC too) gather their inputs again, one layer at a time; others keep them
        if batch.gradient_checkpointing:
            Rs += gathered
        else:
            As += gathered * stage_layers * in_flight
        last = stage == pp - 1
        Ls = {k: (int(v / (tp * cp)) if last else 0) for k, v in L.items()}
        held = int(cache * layer_share / tp)  # autocast's weight copies of this stage's layers, in forward
        shapes_by_stage[stage] = _device_phases(spec, shard, As, Rs, Ls, Ts, on_cuda, held)
    if pp > 1:
        notes.append(Note("pipeline", pp=pp, micro=batch.grad_accum))
    if tp > 1:
        notes.append(Note("tensor_parallel_sp" if par.sequence_parallel else "tensor_parallel", tp=tp))
    if cp > 1:
        notes.append(Note("context_parallel", tokens=spec.batch.seq_len // cp))
    if act_prec is not prec:  # said, never silent: the same spec without TP/PP/CP is sized under autocast
        notes.append(
            Note("mixed_zero" if par.strategy == "zero" else "mixed_model_parallel", compute=prec.compute)
        )
    devices = []
    for n in names:
        items, phases, peak, peak_phase, _ = shapes_by_stage[stage_of[n]]
        capacity = by_label[n].memory_total if n in by_label else host_ram
        devices.append(DeviceEstimate(n, dict(items), dict(phases), peak, peak_phase, capacity))
    host = _host(spec, W, G, S, shapes_by_stage[0][4], on_cuda, place, devices)
    notes.append(Note("loop", engine=spec.engine.name))
    if spec.engine.name == "trl-sft":
        notes.append(Note("trl_not_modelled"))
    if cache:
        notes.append(Note("autocast_cache", size=f"{cache / 2**30:.1f} GiB" if cache >= 2**30
                          else f"{cache / 2**20:.1f} MiB"))  # fmt: skip
    if spec.batch.gradient_checkpointing:
        if spec.batch.checkpoint_policy == "selective":
            notes.append(Note("selective_checkpointing"))
        else:
            notes.append(Note("checkpointing"))
    return Estimate(devices, host, stats, trainable, len(names), notes, placement=place)


def _device_phases(spec, shard, A, R, L, T, on_cuda, held: int = 0):
    Wd, Gd, Sd, comm = shard["weights"], shard["gradients"], shard["optimizer_states"], shard["comm"]
    accum = spec.batch.grad_accum > 1
    base = Wd + Sd
    phases = {
        "forward": base + A + held + L["alive"] + L["loss_transient"] + (Gd if accum else 0),
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
        items["allocator_overhead"] = _round_blocks(
            int(allocated_peak * allocator_fraction(spec.precision.compute))
        )
    peak = allocated_peak + items["cuda_context"] + items["allocator_overhead"]
    return items, phases, peak, peak_phase, shard


def _check_sizable(spec, stats) -> None:
    if not stats.heads or stats.heads <= 0:
        raise EstimateError("model", "the architecture has zero attention heads")
    if stats.max_positions and spec.batch.seq_len > stats.max_positions:
        raise EstimateError(
            "batch.seq_len",
            "%(seq_len)s is longer than the model's %(max_positions)s positions",
            seq_len=spec.batch.seq_len,
            max_positions=stats.max_positions,
        )


# DeepSpeed's default reduce_bucket_size (elements): ZeRO 1/2 reduce gradients through buckets this large.
ZERO_BUCKET_ELEMENTS = 500_000_000


def _sharding(
    spec, stats, world: int, W: int, G: int, S: int, unit_params: int | None = None, pipelined: bool = False
) -> dict:
    """Per-device model states under ddp / FSDP full shard (ZeRO-3-like) / grad-op shard (ZeRO-2-like) /
    DeepSpeed ZeRO stages 1-3, with offload. ``world`` is the data-parallel degree; ``host_offload`` and
    ``pinned`` are per rank.

    DeepSpeed memory.rst: ZeRO-1 shards optimizer states, ZeRO-2 also gradients, ZeRO-3 also the weights,
    gathering one unit (here: one transformer block, current and prefetched) at a time.
    """
    strategy, p = spec.parallel.strategy, (2 if spec.precision.compute == "bf16" else 4)
    unit = (stats.per_layer if unit_params is None else unit_params) * p
    notes: list[str] = []
    out = {"weights": W, "gradients": G, "optimizer_states": S, "comm": 0, "notes": notes}
    out.update(host_offload=0, pinned=0)
    if strategy == "single" or world == 1:
        return out
    if strategy == "ddp":
        # DDP buckets hold a copy of every gradient for the all-reduce (gradient_as_bucket_view=False).
        return {**out, "comm": G}
    gathered = 2 * unit  # the unit being computed and the prefetched one
    if strategy == "zero":
        par = spec.parallel
        stage = par.zero_stage
        mixed = spec.precision.compute in ("bf16-mixed", "fp16-mixed") and spec.method.kind == "full"
        if mixed:
            # DeepSpeed memory.rst: 2 + 2 + 12 bytes per parameter — 16-bit weights and gradients on the
            # device, the fp32 master copy with the Adam moments in the optimizer partition
            W, G, S = W // 2, G // 2, S + W
            unit = unit // 2
            gathered = 2 * unit
        bucket = min(G, ZERO_BUCKET_ELEMENTS * (G // max(1, stats.total)))
        Wd = W // world + gathered if stage == 3 else W
        Gd = G // world + bucket if stage >= 2 else G
        Sd = S // world
        if stage == 3:
            Gd, bucket = G // world + unit, unit
        host = pinned = 0
        if pipelined and stage == 3:
            # with pipeline stages the weights stay gathered between micro-batches and the gradients
            # accumulate unsharded until the last one (torchtitan: reshard_after_forward = not pp_enabled)
            Wd, Gd, bucket = W, G, 0
            notes.append(Note("zero3_pipeline"))
            if mixed:
                # the schedule turns gradient sync off for all but the last micro-batch
                # (PipelineStage.backward_maybe_with_nosync), and FSDP2 then keeps the unsharded gradients
                # in its reduce dtype, fp32 (FSDPParam.to_accumulated_grad_if_needed; torchtitan reduces
                # in fp32): 4 bytes per parameter of the stage, not 2
                Gd = 2 * G
                notes.append(Note("zero3_pipeline_fp32_grads"))
        if par.offload_optimizer:
            # ZeRO-Offload: optimizer states and the step on the host, with an fp32 copy of the rank's
            # gradient partition there (pinned for the device-to-host copy)
            host, pinned, Sd = S // world + G // world, G // world, 0
            notes.append(Note("zero_offload"))
        if par.offload_params and stage == 3:
            host += W // world
            Wd = gathered
            notes.append(Note("zero3_param_offload"))
        return {**out, "weights": Wd, "gradients": Gd, "optimizer_states": Sd, "comm": bucket,
                "host_offload": host, "pinned": pinned}  # fmt: skip
    if spec.parallel.cpu_offload:
        notes.append(Note("fsdp_cpu_offload"))
        # FSDP's CPUOffloadPolicy pins the host gradients for the device-to-host copy
        return {**out, "weights": gathered, "gradients": unit, "optimizer_states": 0, "comm": unit,
                "host_offload": (W + G + S) // world, "pinned": G // world}  # fmt: skip
    if pipelined:
        notes.append(Note("fsdp_pipeline"))
        return {**out, "weights": W, "gradients": G, "optimizer_states": S // world}
    if spec.parallel.fsdp_sharding == "grad-op":
        return {**out, "weights": W + W // world, "gradients": G // world + unit,
                "optimizer_states": S // world, "comm": unit}  # fmt: skip
    return {**out, "weights": W // world + gathered, "gradients": G // world + unit,
            "optimizer_states": S // world, "comm": unit}  # fmt: skip


def _host(spec, W, G, S, shard, on_cuda, place, devices) -> dict[str, int]:
    """Host RAM of one node: the process baseline per rank, the model-loading peak, offloaded states and
    their pinned buffers (DeepSpeed memory.rst is the only anchor that sizes host RAM), and on the CPU the
    device working set itself."""
    ranks = place["ranks_per_node"]
    host = {
        "process_baseline": HOST_BASELINE_BYTES * ranks,
        "model_loading_peak": 0,
        "offloaded_states": shard.get("host_offload", 0) * ranks,
        "pinned_buffers": shard.get("pinned", 0) * ranks,
        "device_working_set": 0,
    }
    if spec.model.pretrained or spec.model.hub_id:
        # safetensors shards are read one at a time (≤ 5 GB each)
        host["model_loading_peak"] = min(W, 5 << 30)
    if not on_cuda:
        host["device_working_set"] = sum(d.peak for d in devices)
    host["peak"] = sum(host.values())
    return host
