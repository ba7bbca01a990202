"""Planning: from the customer's task to ranked hardware options (docs/estimator.md "Plans").

For the spec's model, method, precision, optimizer and batch, every candidate layout — GPU class × count
(1, 2, 4, 8 GPUs on one node, 2×8 … 16×8) × strategy (single, ddp, fsdp full / grad-op, ZeRO 1/2/3 with and
without offload, tensor parallelism inside a node, pipeline stages across nodes) × memory savers
(checkpointing full / selective, 8-bit AdamW) — is sized by the analytic estimate and timed at a stated
utilisation. The method the customer asked for is kept. The answer is plain data: codes and numbers, the
words are made at the edges (CLI, window, request).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from trainsizer.problem import BadValue

# (nodes, GPUs per node)
SHAPES = ((1, 1), (1, 2), (1, 4), (1, 8), (2, 8), (4, 8), (8, 8), (16, 8))
DEFAULT_HEADROOM = 0.1


@dataclass(frozen=True)
class Layout:
    """One strategy and its memory savers, as spec changes (``id`` is a stable code)."""

    id: str
    parallel: dict[str, Any]
    batch: dict[str, Any] = field(default_factory=dict)
    optimizer: dict[str, Any] = field(default_factory=dict)
    rank: int = 0  # simpler first when equally fast
    # a change to what is trained or in which precision (pure bf16, LoRA, QLoRA): an option of its own,
    # chosen only where no layout of the agreed method and precision fits, and always listed as a change
    method: dict[str, Any] = field(default_factory=dict)
    precision: dict[str, Any] = field(default_factory=dict)


def cluster_shapes(nodes: int, per_node: int) -> list[tuple[int, int]]:
    """The shapes a cluster of ``nodes`` nodes with ``per_node`` GPUs each can give a job: part of one node
    (1, 2, 4 … GPUs), then whole nodes (2, 4, 8 … and all of them)."""
    single = sorted({g for g in (1, 2, 4, 8, 16, 32) if g < per_node} | {per_node})
    out = [(1, g) for g in single]
    n = 2
    while n <= nodes:
        out.append((n, per_node))
        n *= 2
    if nodes > 1 and (nodes, per_node) not in out:
        out.append((nodes, per_node))
    return out


def layouts(spec, nodes: int, per_node: int) -> list[Layout]:
    """Every strategy × saver for ``nodes × per_node`` GPUs."""
    n = nodes * per_node
    strategies: list[tuple[str, dict[str, Any]]] = []
    if n == 1:
        strategies.append(("single", {"strategy": "single"}))
    else:
        strategies += [
            ("ddp", {"strategy": "ddp"}),
            ("fsdp-full", {"strategy": "fsdp", "fsdp_sharding": "full"}),
            ("fsdp-grad-op", {"strategy": "fsdp", "fsdp_sharding": "grad-op"}),
            ("zero1", {"strategy": "zero", "zero_stage": 1}),
            ("zero2", {"strategy": "zero", "zero_stage": 2}),
            ("zero3", {"strategy": "zero", "zero_stage": 3}),
            ("zero2-offload", {"strategy": "zero", "zero_stage": 2, "offload_optimizer": True}),
            ("zero3-offload-optimizer", {"strategy": "zero", "zero_stage": 3, "offload_optimizer": True}),
            (
                "zero3-offload",
                {"strategy": "zero", "zero_stage": 3, "offload_optimizer": True, "offload_params": True},
            ),
            ("fsdp-offload", {"strategy": "fsdp", "fsdp_sharding": "full", "cpu_offload": True}),
        ]
        tp = min(per_node, 8)
        if tp > 1:  # tensor parallelism stays inside a node (NVLink); data parallelism across them
            dp_strategy = {"strategy": "zero", "zero_stage": 1} if n > tp else {"strategy": "single"}
            strategies.append((f"tp{tp}", {**dp_strategy, "tensor_parallel": tp}))
        if nodes > 1 and tp > 1:  # one pipeline stage per node, tensor parallel inside it
            strategies.append((f"tp{tp}-pp{nodes}", {"strategy": "single", "tensor_parallel": tp,
                                                     "pipeline_parallel": nodes}))  # fmt: skip
    savers: list[tuple[str, dict[str, Any], dict[str, Any]]] = [("", {}, {})]
    if not spec.batch.gradient_checkpointing:
        savers += [
            ("ckpt", {"gradient_checkpointing": True, "checkpoint_policy": "full"}, {}),
            ("ckpt-selective", {"gradient_checkpointing": True, "checkpoint_policy": "selective"}, {}),
        ]
    eight_bit = spec.optimizer.name in ("adamw", "adamw-fused")
    out = []
    for i, (sid, par) in enumerate(strategies):
        for j, (vid, batch, opt) in enumerate(savers):
            out.append(Layout(sid + (f"+{vid}" if vid else ""), par, batch, opt, rank=i * 10 + j))
            if eight_bit and par["strategy"] in ("single", "ddp", "fsdp") and "tensor_parallel" not in par:
                out.append(
                    Layout(
                        sid + (f"+{vid}" if vid else "") + "+adamw-8bit",
                        par,
                        batch,
                        {"name": "adamw-8bit"},
                        rank=i * 10 + j + 5,
                    )
                )
    # the variants `estimate`'s advice names, on the plain layouts with checkpointing: weights and optimizer
    # states in bf16, LoRA adapters instead of all weights, and LoRA on 4-bit base weights (QLoRA)
    variants: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    if spec.method.kind in ("full", "freeze", "lora") and spec.precision.compute in ("fp32", "bf16-mixed"):
        variants.append(("bf16", {}, {"compute": "bf16"}))
    if spec.method.kind in ("full", "freeze"):
        variants.append(("lora", {"kind": "lora"}, {}))
    if spec.method.kind in ("full", "freeze", "lora"):
        variants.append(("qlora", {"kind": "qlora"}, {"compute": "bf16-mixed"}))
    ckpt = {} if spec.batch.gradient_checkpointing else {"gradient_checkpointing": True}
    plain = [(sid, par) for sid, par in strategies if sid in ("single", "ddp", "fsdp-full")]
    for k, (vid, method, precision) in enumerate(variants):
        for i, (sid, par) in enumerate(plain):
            if vid == "qlora" and par["strategy"] == "fsdp":
                continue  # 4-bit base weights are not sharded by FSDP here
            layout_id = sid + ("+ckpt" if ckpt else "") + f"+{vid}"
            out.append(
                Layout(layout_id, par, ckpt, {}, rank=1000 + k * 10 + i, method=method, precision=precision)
            )
    return out


def _applied(spec, layout: Layout, nodes: int):
    par = {
        "devices": "auto",
        "processes": 1,
        "fsdp_sharding": "full",
        "cpu_offload": False,
        "zero_stage": 3,
        "offload_optimizer": False,
        "offload_params": False,
        "tensor_parallel": 1,
        "pipeline_parallel": 1,
        "context_parallel": 1,
        **layout.parallel,
    }
    changes: dict[str, Any] = {"parallel": par}
    if layout.batch:
        changes["batch"] = dict(layout.batch)
    if layout.optimizer:
        changes["optimizer"] = dict(layout.optimizer)
    if layout.method:
        changes["method"] = dict(layout.method)
    if layout.precision:
        changes["precision"] = dict(layout.precision)
    if par.get("pipeline_parallel", 1) > 1 and spec.batch.grad_accum < par["pipeline_parallel"]:
        # 1F1B needs at least as many micro-batches as stages: the same tokens per step, split finer
        changes.setdefault("batch", {})["grad_accum"] = par["pipeline_parallel"] * 2
    return spec.replace(**changes)


def candidate_classes(spec, only: list[str] | None = None):
    """GPU classes of the built-in table and the user's own (accelerators.toml), or ``only`` those."""
    from trainsizer.hardware.accelerators import all_accelerators, custom_accelerator, find_accelerator

    if only:
        out = []
        for name in only:
            name = name.strip()
            if name.startswith("{") and name.endswith("}"):
                out.append(custom_accelerator(name[1:-1]))
                continue
            acc = find_accelerator(name)
            if acc is None:
                raise BadValue("unknown accelerator %(name)r", name=name)
            out.append(acc)
        return out
    return list(all_accelerators().values())


def plan(
    spec,
    *,
    gpus: list[str] | None = None,
    headroom: float = DEFAULT_HEADROOM,
    calibration: dict[str, dict[str, Any]] | None = None,
    top: int = 5,
    max_nodes: int | None = None,
    max_gpus: int | None = None,
    shapes: list[tuple[int, int]] | None = None,
    cluster: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Ranked hardware options for ``spec`` and its [task].

    ``calibration`` maps a GPU class key to a kept run's measured utilisation ({"utilization": u, "source":
    run folder}) that replaces the predicted one, or to a probe's GEMM share ({"kind": "probe", "gemm_share":
    s, "source": ...}) that scales it; ``max_nodes`` and ``max_gpus`` are the customer's limits (no option
    beyond them is sized); ``shapes`` the (nodes, GPUs per node) a target can give (a Slurm partition's:
    ``cluster_shapes``; default SHAPES), ``cluster`` what that target is (kept in the plan for the report and
    the request)."""
    from trainsizer.estimate.timing import PEAK_KEY, step_time, utilization_for
    from trainsizer.estimate.working_set import EstimateError, estimate
    from trainsizer.hardware.inventory import TargetDevice, hypothetical_targets
    from trainsizer.hardware.probes import probe_scale
    from trainsizer.spec.errors import SpecError

    t0 = time.perf_counter()
    classes = candidate_classes(spec, gpus)
    task = spec.task
    total_tokens = task.total_tokens()
    key = PEAK_KEY[spec.precision.compute]
    calibration = calibration or {}
    # memory does not depend on the GPU class (its capacity decides): size each shape × layout once
    sized: dict[tuple[int, int], list[tuple[Layout, Any, Any]]] = {}
    shapes = [
        (n, g)
        for n, g in (shapes or SHAPES)
        if (max_nodes is None or n <= max_nodes) and (max_gpus is None or n * g <= max_gpus)
    ]
    for nodes, per_node in shapes:
        targets = hypothetical_targets(
            f"{nodes}x{per_node}xH100-80GB" if nodes > 1 else f"{per_node}xH100-80GB"
        )
        rows = []
        for layout in layouts(spec, nodes, per_node):
            try:
                s = _applied(spec, layout, nodes)
                est = estimate(s, targets)
            except (SpecError, EstimateError, ValueError):
                continue  # a layout this model cannot take (heads or layers do not split)
            rows.append((layout, s, est))
        sized[(nodes, per_node)] = rows
    options: list[dict[str, Any]] = []
    hidden = next((est.stats.hidden_size for rows in sized.values() for _, _, est in rows), 0)
    from trainsizer.hardware.probes import probed_networks

    networks = probed_networks()  # per class: the network between nodes a kept probe of several measured
    for acc in classes:
        peak_flops = acc.tflops.get(key) or 0.0
        cal = calibration.get(acc.key)
        given = None  # a kept run's or a probe's figure; else step_time takes the fitted table at the size
        util, util_basis = utilization_for(acc.name, acc.memory_total, key, task.utilization, hidden or None)
        if cal:  # a kept run's measured MFU, or the class's prediction scaled by the probe's GEMM share
            given = (
                util * probe_scale(cal["gemm_share"]) if cal.get("kind") == "probe" else cal["utilization"]
            )
            util, util_basis = given, {"kind": cal.get("kind", "measured"), "source": cal.get("source")}
        # the ring between GPUs of this class that a kept run (its own all-reduce) or a probe of this machine
        # measured: the link inside a node
        bus = (cal or {}).get("bus")
        network = networks.get(acc.key) or {}  # the network between nodes of this class a probe measured
        unsupported = None
        if spec.precision.compute.startswith("bf16") and tuple(acc.compute_capability) < (8, 0):
            unsupported = "no_bf16"
        for (nodes, per_node), rows in sized.items():
            count = nodes * per_node
            best, closest = None, None
            target = TargetDevice(
                0, acc.name, acc.memory_total, acc.compute_capability, dict(acc.tflops), True,
                interconnect=acc.interconnect, nodes=nodes,
            )  # fmt: skip
            nvlink = has_nvlink(acc)
            host_ram, host_ram_basis = host_ram_per_node(acc, cluster)
            for layout, s, est in rows:
                if (
                    layout.precision.get("compute", "").startswith("bf16")
                    and not unsupported
                    and tuple(acc.compute_capability) < (8, 0)
                ):
                    continue  # a bf16 variant on a card without bf16
                tp = est.placement.get("tensor_parallel", 1)
                if tp > 2 and not nvlink:
                    continue  # tensor parallelism lives inside an NVLink domain; over PCIe at most 2 GPUs
                peak = max(d.peak for d in est.devices)
                need = peak * (1 + headroom)
                fits = need <= acc.memory_total and unsupported is None
                t = (
                    step_time(
                        s,
                        est.stats,
                        target,
                        data_parallel=est.placement["data_parallel"],
                        utilization=given,
                        placement=est.placement,
                        trainable=est.trainable_params,
                        measured_bus=bus if nodes == 1 or per_node > 1 else None,
                        measured_network=network,
                    )  # fmt: skip
                    if peak_flops
                    else {"seconds": None, "tokens_per_s": None}
                )
                row = {
                    "gpu": acc.key,
                    "gpu_name": acc.name,
                    "nodes": nodes,
                    "gpus_per_node": per_node,
                    "gpus": count,
                    "target": f"{nodes}x{per_node}x{acc.key}" if nodes > 1 else f"{per_node}x{acc.key}",
                    "layout": layout.id,
                    "placement": est.placement,
                    "changes": {
                        k: v
                        for k, v in s.to_dict().items()
                        if k in ("parallel", "batch", "optimizer", "method", "precision")
                    },
                    "peak": peak,
                    "capacity": acc.memory_total,
                    "headroom": 1 - peak / acc.memory_total,
                    "fits": fits,
                    "host_per_node": est.host["peak"],
                    "host_ram_per_node": host_ram,
                    "host_ram_basis": host_ram_basis,
                    "host_fits": est.host["peak"] * (1 + headroom) <= host_ram,
                    "step_s": t.get("seconds"),
                    "tokens_per_s": t.get("tokens_per_s"),
                    "compute_s": t.get("compute_s"),
                    "exposed_communication_s": t.get("exposed_s"),
                    "communication": t.get("communication") or {},
                    "links": t.get("links") or {},
                    "link_codes": t.get("link_codes") or {},
                    "utilization": t.get("utilization") or util,
                    "utilization_basis": util_basis,
                    "interconnect": acc.interconnect,
                    "needs": _interconnect_needs(est.placement, nvlink),
                    # the optimizer step of an offloaded layout runs on the host CPUs: not in step_s
                    "caveats": (["host_optimizer_not_timed"] if "offload" in layout.id else [])
                    + (["tp_over_pcie"] if tp > 1 and not nvlink else []),
                    "_rank": layout.rank,
                    "_variant": bool(layout.method or layout.precision),
                    "_spec": s,
                    "_est": est,
                }
                if fits and row["host_fits"] and (best is None or _faster(row, best)):
                    best = row
                if closest is None or row["peak"] < closest["peak"]:
                    closest = row
            chosen = best or closest
            if chosen is None:
                continue
            chosen = dict(chosen)
            chosen["spec_changes"] = spec_changes(spec, chosen["_spec"])
            _task_figures(chosen, total_tokens, task)
            chosen["why_not"] = _why_not(chosen, unsupported, headroom)
            options.append(chosen)
    from trainsizer.estimate.working_set import checkpoint_bytes

    options.sort(key=_order)
    for o in options:
        o["checkpoint_bytes"] = checkpoint_bytes(o["_spec"])
    for i, o in enumerate(options, 1):
        o["option"] = i
    fitting = [o for o in options if not o["why_not"]]
    fallen: dict[str, int] = {}
    for o in options:
        for reason in o["why_not"]:
            fallen[reason] = fallen.get(reason, 0) + 1
    deadline_counts = {}
    for acc in classes:
        ok = [o for o in fitting if o["gpu"] == acc.key]
        if ok:
            deadline_counts[acc.key] = min(o["gpus"] for o in ok)
    return {
        "task": {
            "tokens": total_tokens,
            "epochs": task.epochs,
            "deadline_hours": task.deadline_hours,
            "budget_gpu_hours": task.budget_gpu_hours,
            "utilization": task.utilization,
        },
        "headroom": headroom,
        "limits": {"max_nodes": max_nodes, "max_gpus": max_gpus},
        "target": cluster,
        "precision_key": key,
        "options": options,
        "top": [o["option"] for o in fitting[:top]],
        "fallen_out": fallen,
        "fewest_gpus_meeting_task": deadline_counts,
        "closest": None
        if fitting or not options
        else min(
            options,
            key=lambda o: (
                bool(o["why_not"]) and "no_bf16" in o["why_not"],
                o["peak"] / o["capacity"],
                o["gpus"],
            ),
        )["option"],
        "seconds": time.perf_counter() - t0,
        "candidates": sum(len(r) for r in sized.values()) * len(classes),
    }


def public(result: dict[str, Any]) -> dict[str, Any]:
    """The plan as JSON-safe data (the private spec/estimate objects left out)."""
    out = dict(result)
    out["options"] = [{k: v for k, v in o.items() if not k.startswith("_")} for o in result["options"]]
    return out


def has_nvlink(acc) -> bool:
    """Whether the class's GPUs share an NVLink / NVSwitch (or Infinity Fabric) domain (its catalog row)."""
    link = str(acc.interconnect).lower()
    return any(word in link for word in ("nvlink", "nvswitch", "infinity"))


def _interconnect_needs(place: dict[str, Any], nvlink: bool = True) -> list[str]:
    """What the layout asks of the machine; never a link the class does not have (a PCIe card's tensor
    parallelism asks for peer-to-peer PCIe, not NVLink)."""
    needs = []
    if place.get("tensor_parallel", 1) > 1:
        needs.append("nvlink" if nvlink else "pcie_p2p")  # tensor parallelism all-reduces every layer
    if place.get("nodes", 1) > 1:
        needs.append("fast_fabric")  # gradients or pipeline activations cross nodes every step
    return needs


def _faster(a: dict[str, Any], b: dict[str, Any]) -> bool:
    if a["_variant"] != b["_variant"]:
        return not a["_variant"]  # the agreed method and precision first: a variant only where none fits
    if bool(a["caveats"]) != bool(b["caveats"]):
        return not a["caveats"]  # a step time without caveats beats an optimistic one
    # throughput, not step time: a tensor-parallel step is shorter but moves fewer tokens per step
    ta, tb = a["tokens_per_s"] or 0.0, b["tokens_per_s"] or 0.0
    if abs(ta - tb) > 1e-9 * max(ta, tb, 1e-30):
        return ta > tb
    return a["_rank"] < b["_rank"]


def _task_figures(o: dict[str, Any], tokens: float, task) -> None:
    tps = o["tokens_per_s"]
    if tokens and tps:
        seconds = tokens / tps
        o["time_to_train_h"] = seconds / 3600
        o["gpu_hours"] = seconds / 3600 * o["gpus"]
    else:
        o["time_to_train_h"] = o["gpu_hours"] = None
    o["meets_deadline"] = (
        None
        if not task.deadline_hours or o["time_to_train_h"] is None
        else o["time_to_train_h"] <= task.deadline_hours
    )
    o["within_budget"] = (
        None
        if not task.budget_gpu_hours or o["gpu_hours"] is None
        else o["gpu_hours"] <= task.budget_gpu_hours
    )


# Host RAM per node when the target does not say (a Slurm partition's sinfo does): the reference server of an
# NVLink class (DGX/HGX H100, H200 and A100 80GB: 2 TB) or a PCIe-card server (512 GB); assumed, and said.
HOST_RAM_NVLINK_SERVER = 2 * 10**12
HOST_RAM_PCIE_SERVER = 512 * 10**9


def host_ram_per_node(acc, cluster: dict[str, Any] | None) -> tuple[int, str]:
    """The host RAM one node of the class has, and where the figure comes from."""
    if cluster and cluster.get("memory_mb"):
        return int(cluster["memory_mb"]) * 2**20, "sinfo"
    if has_nvlink(acc):
        return HOST_RAM_NVLINK_SERVER, "assumed_nvlink_server"
    return HOST_RAM_PCIE_SERVER, "assumed_pcie_server"


def spec_changes(agreed, option_spec) -> list[dict[str, Any]]:
    """Every field the option changes in the agreed spec, ``{"field": "optimizer.name", "from": ..., "to":
    ...}``, in the spec's order: a plan never changes the customer's run silently (the devices, resolved to
    the target's, are not a change)."""
    out = []
    before, after = agreed.to_dict(), option_spec.to_dict()
    for section in ("method", "precision", "optimizer", "batch", "parallel"):
        a, b = before.get(section) or {}, after.get(section) or {}
        for key in b:
            if section == "parallel" and key in ("devices", "processes"):
                continue
            if a.get(key) != b.get(key):
                out.append({"field": f"{section}.{key}", "from": a.get(key), "to": b.get(key)})
    return out


def _why_not(o: dict[str, Any], unsupported: str | None, headroom: float) -> list[str]:
    out = []
    if unsupported:
        out.append(unsupported)
    elif not o["fits"]:
        out.append("does_not_fit")
    if o.get("host_fits") is False:
        out.append("host_ram_short")
    if o["meets_deadline"] is False:
        out.append("misses_deadline")
    if o["within_budget"] is False:
        out.append("over_budget")
    return out


def _order(o: dict[str, Any]):
    return (
        bool(o["why_not"]),
        any(r in o["why_not"] for r in ("does_not_fit", "no_bf16", "host_ram_short")),
        o.get("_variant", False),  # an option that changes the method or precision after those that do not
        o["gpus"],
        bool(o["caveats"]),
        o["time_to_train_h"]
        if o["time_to_train_h"] is not None
        else (1 / o["tokens_per_s"] if o["tokens_per_s"] else float("inf")),
        o["peak"] / o["capacity"],
    )
