"""Communication of a training step: the collectives each layout runs, their bytes, and the seconds they add
to a step over the links of the machine (docs/estimator.md "Step time").

The model, per GPU and optimizer step:

- links: inside a node the catalog's link (NVLink's stated two-way rate halved; PCIe by generation and width),
  between nodes the network (``NETWORK_GBPS_PER_GPU``, assumed: one 400 Gb/s NIC per GPU, as on DGX/HGX H100
  and Grand Teton hosts); each at a stated fraction of its rate (what NCCL's bus bandwidth reaches);
- groups: tensor parallelism innermost, then context, pipeline, data (torchtitan's and Megatron's order), so a
  group uses the network only when it spans more GPUs than a node holds;
- ring collectives: an all-gather or reduce-scatter of N bytes over n ranks moves (n-1)/n · N through each
  GPU's link, an all-reduce twice that (nccl-tests' bus bandwidth convention);
- overlap: FSDP/ZeRO-3 gathers and reduce-scatters and DDP's bucketed all-reduce run beside the forward and
  backward compute; what exceeds the compute is exposed, and so is one layer's share (the first gather and the
  last reduce wait for nothing to hide behind). Tensor-parallel all-reduces sit between a layer's matmuls and
  are exposed whole (eager PyTorch; AsyncTP would hide part); ring attention's exchange hides behind the
  layer's compute; pipeline sends and offload copies are exposed.
"""

from __future__ import annotations

import re
from typing import Any

# Assumed between nodes: one NIC per GPU — 400 Gb/s (InfiniBand NDR / RoCE) on an NVLink server (DGX/HGX H100
# and H200, Grand Teton hosts), 100 Gb/s on a PCIe-card server. Nothing measured replaces it yet (a probe
# measures the collectives inside a node).
NETWORK_GBPS_PER_GPU = 400
PCIE_SERVER_NETWORK_GBPS = 100
# The share of a link's one-way rate a ring collective's bus bandwidth reaches (assumed).
EFFICIENCY = {"nvlink": 0.8, "pcie": 0.75, "network": 0.85}
# PCIe one-way GB/s per lane by generation (after 128b/130b encoding).
PCIE_LANE_GBS = {3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}
_NVLINK_RE = re.compile(r"nvlink[^()]*\((\d+(?:\.\d+)?)\s*GB/s\)", re.IGNORECASE)
_PCIE_RE = re.compile(r"pcie\s*(\d)(?:\.0)?(?:\s*x(\d+))?", re.IGNORECASE)


def links(interconnect: str, nodes: int) -> dict[str, Any]:
    """The bus bandwidths (bytes/s) inside a node, between nodes and to the host, with what each rests on."""
    text = str(interconnect or "")
    m = _NVLINK_RE.search(text)
    nvlink = bool(m) or "nvlink" in text.lower() or "nvswitch" in text.lower()
    pcie = _PCIE_RE.search(text)
    gen, lanes = (int(pcie.group(1)), int(pcie.group(2) or 16)) if pcie else (4, 16)
    host = PCIE_LANE_GBS.get(gen, PCIE_LANE_GBS[4]) * lanes * EFFICIENCY["pcie"] * 1e9
    if m:
        one_way = float(m.group(1)) / 2
        intra = one_way * EFFICIENCY["nvlink"] * 1e9
        basis = f"{text}: {one_way:g} GB/s one way at {EFFICIENCY['nvlink']:.0%}"
        code = ("nvlink", {"link": text, "one_way": f"{one_way:g}", "eff": f"{EFFICIENCY['nvlink']:.0%}"})
        host = PCIE_LANE_GBS[5] * 16 * EFFICIENCY["pcie"] * 1e9  # NVLink parts sit on PCIe 5 x16 (assumed)
    elif nvlink:
        intra = 450 * EFFICIENCY["nvlink"] * 1e9
        basis = f"{text}: rate not stated, NVLink 4 assumed (450 GB/s one way) at {EFFICIENCY['nvlink']:.0%}"
        code = ("nvlink_assumed", {"link": text, "eff": f"{EFFICIENCY['nvlink']:.0%}"})
        host = PCIE_LANE_GBS[5] * 16 * EFFICIENCY["pcie"] * 1e9
    else:
        intra = host
        what = f"PCIe {gen}.0 x{lanes}" if pcie else "PCIe 4.0 x16 assumed"
        basis = f"{text or 'link not stated'}: {what} at {EFFICIENCY['pcie']:.0%}"
        eff = f"{EFFICIENCY['pcie']:.0%}"
        code = (
            ("pcie", {"link": text, "gen": gen, "lanes": lanes, "eff": eff})
            if pcie
            else ("pcie_assumed", {"link": text, "eff": eff})
            if text
            else ("pcie_unstated", {"eff": eff})
        )
    # the English sentences for older readers; the edges word the codes (vocab.LINK_WORDS)
    out = {"intra": intra, "intra_basis": basis, "host": host, "inter": None, "inter_basis": None}
    out["codes"] = {"intra_basis": {"code": code[0], "params": code[1]}}
    if nodes > 1:
        gbps = NETWORK_GBPS_PER_GPU if nvlink else PCIE_SERVER_NETWORK_GBPS
        out["inter"] = gbps / 8 * EFFICIENCY["network"] * 1e9
        out["inter_basis"] = f"{gbps} Gb/s per GPU between nodes (assumed) at {EFFICIENCY['network']:.0%}"
        out["codes"]["inter_basis"] = {
            "code": "network",
            "params": {"gbps": gbps, "eff": f"{EFFICIENCY['network']:.0%}"},
        }
    return out


def _bytes_per(compute: str) -> tuple[int, int]:
    """Bytes of a gathered weight and of a reduced gradient: mixed precision gathers 16-bit weights and
    reduces fp32 gradients (FSDP2's MixedPrecisionPolicy with reduce_dtype fp32, as torchtitan runs it)."""
    if compute == "fp32":
        return 4, 4
    return 2, (4 if compute.endswith("-mixed") else 2)


def communication(spec, stats, placement: dict[str, Any], link: dict[str, Any], flops: dict[str, float],
                  rate: float, trainable: int | None = None) -> dict[str, Any]:  # fmt: skip
    """Seconds of each collective in one optimizer step on one GPU (``items``: the time the link is busy),
    and how many of them the step waits for (``exposed``), given the compute ``flops`` at ``rate`` FLOP/s."""
    dp = int(placement.get("data_parallel") or 1)
    tp = int(placement.get("tensor_parallel") or 1)
    pp = int(placement.get("pipeline_parallel") or 1)
    cp = int(placement.get("context_parallel") or 1)
    nodes = int(placement.get("nodes") or 1)
    per_node = int(placement.get("ranks_per_node") or max(1, int(placement.get("world") or 1) // nodes))
    strategy = placement.get("strategy", "single")
    par, batch = spec.parallel, spec.batch

    def bw(inner: int, size: int) -> tuple[float, str]:
        spans = nodes > 1 and inner * size > per_node
        return (link["inter"], "network") if spans else (link["intra"], "node")

    w, g = _bytes_per(spec.precision.compute)
    shard = stats.total / (tp * pp)  # the weights one data-parallel group exchanges
    trained = (stats.total if trainable is None else trainable) / (tp * pp)
    ga, layers = batch.grad_accum, max(1, stats.layers // pp)
    fwd_c = flops["forward"] / rate
    bwd_c = (flops["backward"] + flops["recompute"]) / rate
    items: dict[str, float] = {}
    where: dict[str, str] = {}
    exposed = 0.0
    if dp > 1:
        b, where_dp = bw(tp * cp * pp, dp)
        frac = (dp - 1) / dp
        full_shard = (strategy == "fsdp" and par.fsdp_sharding == "full") or (
            strategy == "zero" and par.zero_stage == 3
        )
        if full_shard:  # each micro-batch gathers the weights for forward and again for backward
            gather_f = ga * frac * shard * w / b
            gather_b = gather_f
            reduce = ga * frac * trained * g / b
            items |= {"fsdp_all_gather": gather_f + gather_b, "fsdp_reduce_scatter": reduce}
            where |= {"fsdp_all_gather": where_dp, "fsdp_reduce_scatter": where_dp}
            exposed += max(0.0, gather_f - fwd_c) + max(0.0, gather_b + reduce - bwd_c)
            exposed += (gather_f + gather_b + reduce) / layers
        elif strategy in ("fsdp", "zero") and not (strategy == "zero" and par.zero_stage == 0):
            # ZeRO-1/2, FSDP grad-op: gradients reduce-scattered beside the last backward, the updated
            # weights gathered after the optimizer step (nothing to hide behind)
            reduce = frac * trained * g / b
            gather = frac * trained * w / b
            items |= {"reduce_scatter": reduce, "all_gather_after_step": gather}
            where |= {"reduce_scatter": where_dp, "all_gather_after_step": where_dp}
            exposed += max(0.0, reduce - bwd_c / ga) + reduce / layers + gather
        else:  # DDP (or ZeRO-0): one bucketed all-reduce of the gradients beside the last backward
            reduce = 2 * frac * trained * g / b
            items["ddp_all_reduce"] = reduce
            where["ddp_all_reduce"] = where_dp
            exposed += max(0.0, reduce - bwd_c / ga) + reduce / layers
    tokens_mb = batch.micro_batch * batch.seq_len / cp  # the tokens of one micro-batch on one GPU
    if tp > 1:  # two all-reduces per layer forward, two backward, two more when the layer is recomputed
        b, where["tp_all_reduce"] = bw(1, tp)
        per_layer = 6 if batch.gradient_checkpointing and batch.checkpoint_policy != "selective" else 4
        size = tokens_mb * stats.hidden_size * w
        items["tp_all_reduce"] = ga * layers * per_layer * 2 * (tp - 1) / tp * size / b
        exposed += items["tp_all_reduce"]
    if cp > 1:  # ring attention: each layer passes k and v around the ring forward, k, v and grads backward
        b, where["cp_ring"] = bw(tp, cp)
        kv = 2 * tokens_mb * stats.kv_heads * stats.head_dim * w / tp
        items["cp_ring"] = ga * layers * 3 * (cp - 1) * kv / b
        exposed += max(0.0, items["cp_ring"] - (fwd_c + bwd_c))
    if pp > 1:  # activations forward and their gradients backward across each stage boundary
        b, where["pp_send_recv"] = bw(tp * cp, pp)
        items["pp_send_recv"] = ga * 2 * tokens_mb * stats.hidden_size * w / tp / b
        exposed += items["pp_send_recv"]
    fsdp_offload = strategy == "fsdp" and par.cpu_offload  # FSDP's CPUOffload: weights and optimizer
    if fsdp_offload or (strategy == "zero" and (par.offload_optimizer or par.offload_params)):
        host = link["host"]
        mine = trained / max(1, dp)  # this rank's shard: gradients down, updated weights up
        items["offload_optimizer_copy"] = mine * (g + w) / host
        where["offload_optimizer_copy"] = "host"
        exposed += items["offload_optimizer_copy"]
        if fsdp_offload or par.offload_params:  # every micro-batch fetches the weights' shard twice
            items["offload_params_copy"] = 2 * ga * shard / max(1, dp) * w / host
            where["offload_params_copy"] = "host"
            exposed += items["offload_params_copy"]
    return {"items": items, "where": where, "exposed": exposed}
