"""Time per step: the FLOPs of a step (trainsizer.model.flops) divided by the device's peak dense TFLOP/s
(accelerators.py) at a stated utilization, or by a matmul probe on the CPU, plus the communication the step
waits for (comm.py) over the machine's links."""

from __future__ import annotations

from typing import Any

from trainsizer.hardware.probes import probe_scale
from trainsizer.model.flops import PEAK_KEY, cpu_matmul_flops, flops_per_step, probed_cpu_flops

__all__ = ["PEAK_KEY", "cpu_matmul_flops", "flops_per_step", "probed_cpu_flops", "step_time"]

# Typical achieved model-FLOPs utilization for training is 0.3-0.55 (docs/facts.md): a class the fitted table
# below does not hold is predicted at 0.4, said "assumed".
GPU_UTILIZATION = 0.4
# The utilisation of the compute alone (communication is modelled apart, comm.py) per GPU family and peak key,
# fitted by bench/plan_validation.py to one published run each (eager PyTorch, FSDP2, bf16 mixed precision);
# docs/estimator.md "Utilisation table" has the rows it was fitted to and those it is checked against. H200 is
# the H100's chip (GH100) with more memory: it takes the H100's row.
FITTED_UTILIZATION: dict[tuple[str, str], tuple[float, str]] = {
    ("h100", "bf16"): (0.33, "fitted to torchtitan llama3_h100_202412 Table 1 (8B, FSDP, 8 × H100 at 500 W)"),
    ("a100", "bf16"): (0.55, "fitted to torchtitan docs/performance.md (Llama 3 8B, FSDP, 64 × A100 80GB)"),
}
FAMILY_ROW = {"h100": "h100", "h200": "h100", "a100": "a100"}
# Larger layers run closer to peak: a fitted row's utilisation scales as (hidden size / 4096) ** 0.18, the
# exponent fitted jointly to the two classes' pairs (8B → 405B on H100, 8B → 70B on A100), kept within
# 0.6-1.3 of the row (a model far from the fitted sizes is an extrapolation).
SIZE_REFERENCE, SIZE_EXPONENT, SIZE_LIMITS = 4096, 0.18, (0.6, 1.3)


def size_factor(hidden_size: int) -> float:
    low, high = SIZE_LIMITS
    return min(high, max(low, (max(1, hidden_size) / SIZE_REFERENCE) ** SIZE_EXPONENT))


def utilization_for(
    name: str, memory: int | None, key: str, task_utilization: float = 0.0, hidden_size: int | None = None
):
    """The utilisation a GPU class is predicted at and what it rests on: the task's own figure when it gives
    one (``task.utilization`` > 0), else the fitted table's row for the class (at the model's layer size,
    ``hidden_size``, when given), else GPU_UTILIZATION, assumed."""
    if task_utilization:
        return task_utilization, {"kind": "assumed", "source": "task.utilization"}
    from trainsizer.hardware.accelerators import match_accelerator

    acc = match_accelerator(name, memory)
    family = FAMILY_ROW.get(acc.family, "") if acc else ""
    row = FITTED_UTILIZATION.get((family, "bf16" if key == "fp16" else key))  # the same tensor-core rate
    if row:
        return row[0] * (size_factor(hidden_size) if hidden_size else 1.0), {
            "kind": "fitted",
            "source": row[1],
        }
    return GPU_UTILIZATION, {"kind": "assumed", "source": "default"}


# On the CPU the prediction uses the best rate of a 1024² matmul measured on this machine (model/flops.py
# keeps the best: a probe taken beside other work reads low), at this fraction (attention, norms and the
# optimizer do not run at matmul speed): the default run (`make run`, tiny-llama) measured 42 % of its own
# probe on the development machine (2 cores, 2026-12-06).
CPU_UTILIZATION = 0.42


def _probed_bus(target) -> dict | None:
    """The bus bandwidth a kept probe measured between this machine's GPUs, for a target that is one of them
    (not a planned one: a plan passes its class's figure itself)."""
    if target is None or getattr(target, "hypothetical", False):
        return None
    from trainsizer.hardware.probes import probed_bus

    return probed_bus(target.name, getattr(target, "memory_total", None))


def _measured_link(link: dict, key: str, code: str, figure: dict) -> None:
    """``link[key]`` ("intra": inside a node, "inter": between nodes) as a probe or a kept run measured it
    ({"gbs", "source", "machine", "date"}): its rate, its basis in English and its code (vocab.LINK_WORDS:
    probe_bus, run_bus, probe_network)."""
    where = " between nodes" if key == "inter" else ""
    link[key] = figure["gbs"] * 1e9
    link[f"{key}_basis"] = (
        f"all-reduce bus bandwidth {figure['gbs']:.0f} GB/s{where} measured by {figure['source']}"
    )
    params = {"gbs": f"{figure['gbs']:.0f}", "machine": figure["machine"], "date": figure["date"]}
    link["codes"][f"{key}_basis"] = {"code": code, "params": params}


def _probed_network(target) -> dict | None:
    """The network between nodes a kept probe of several nodes measured, for the target's GPU class."""
    from trainsizer.hardware.probes import probed_network

    return probed_network(target.name, getattr(target, "memory_total", None))


def _probed_share(target, key: str) -> tuple[float, dict] | None:
    """The GEMM share of peak a kept probe of this machine measured on ``target``'s GPU class, and the
    probe's calibration (its source, machine and date)."""
    from trainsizer.hardware.probes import calibration, catalog_row, latest_probe

    acc = catalog_row(target.name, getattr(target, "memory_total", None))
    cal = calibration(latest_probe())
    share = (cal.get("gemm_share") or {}).get(acc.key, {}).get(key) if acc else None
    return (share, cal) if share else None


def step_time(
    spec,
    stats,
    target=None,
    *,
    data_parallel: int | None = None,
    utilization: float | None = None,
    placement: dict | None = None,
    trainable: int | None = None,
    measured_bus: dict | None = None,
    measured_network: dict | None = None,
) -> dict[str, Any]:
    """Predicted seconds per optimizer step and tokens/s on ``target`` (a TargetDevice; None: this CPU).
    ``measured_bus``: the all-reduce bus bandwidth a probe measured between GPUs of the target's class
    (hardware.probes.probed_bus), over the assumed link inside a node; by default this machine's own, when
    the target is one of its GPUs. ``measured_network``: the all-reduce bus bandwidth a probe of several
    nodes measured between them (hardware.probes.probed_network), over the assumed network between nodes;
    by default the newest kept one for the target's class ({}: none).

    ``data_parallel`` replicas each run the spec's micro-batches (default: the spec's world size over its
    model-parallel degree); each GPU of a replica computes its tensor/pipeline/context share, and a pipeline
    adds its bubble, (stages - 1) / micro-batches (Narayanan et al. 2021, eq. 1). With the estimate's
    ``placement`` on a GPU target the collectives of the layout are timed over the target's links and what
    the compute cannot hide is added (comm.py); ``trainable`` parameters are the gradients reduced (default:
    all)."""
    f = flops_per_step(spec, stats)
    key = PEAK_KEY[spec.precision.compute]
    util_basis: dict[str, Any] = {"kind": "measured", "source": "cpu"}
    if target is None:
        dtype = "float32" if key == "fp32" else "bfloat16"
        from trainsizer.hardware.probes import calibration, latest_probe

        cal = calibration(latest_probe())
        if cal.get("cpu_flops", {}).get(dtype):  # `trainsizer probe` measured this machine's CPU GEMM
            rate, util = cal["cpu_flops"][dtype], CPU_UTILIZATION
            basis = f"CPU GEMM ({dtype}) calibrated by {cal['source']}"
            code = ("cpu_probe", {"dtype": dtype, "machine": cal["machine"], "date": cal["date"]})
        else:
            rate, when = probed_cpu_flops(dtype)
            util, basis = CPU_UTILIZATION, f"CPU matmul probe ({dtype}, measured {when})"
            code = ("cpu_matmul", {"dtype": dtype, "when": when})
    else:
        peak = (target.tflops or {}).get(key)
        if not peak:
            return {
                "seconds": None,
                "tokens_per_s": None,
                "basis": f"no peak {key} TFLOP/s known for {target.name}",
                "basis_code": "no_peak",
                "basis_params": {"key": key, "gpu": target.name},
                "flops": f["total"],
                "utilization": None,
            }
        if utilization:
            util, util_basis = utilization, {"kind": "given", "source": "caller"}
        else:
            util, util_basis = utilization_for(
                target.name,
                getattr(target, "memory_total", None),
                key,
                spec.task.utilization,
                stats.hidden_size,
            )
        rate, basis = peak * 1e12, f"{target.name} peak {peak:g} TFLOP/s ({key})"
        code = ("gpu_peak", {"gpu": target.name, "peak": f"{peak:g}", "key": key})
        if utilization is None and not getattr(target, "hypothetical", False):
            probed = _probed_share(target, key)
            if probed:  # this machine's GPU was probed: its GEMM share scales the assumed utilisation
                share, cal = probed
                util = util * probe_scale(share)
                util_basis = {"kind": "probe", "source": cal["source"], "machine": cal["machine"],
                              "date": cal["date"]}  # fmt: skip
                basis += f", calibrated by {cal['source']} (GEMM {share:.0%} of peak)"
                code = ("gpu_peak_probed", {**code[1], "machine": cal["machine"], "date": cal["date"],
                                            "share": f"{share:.0%}"})  # fmt: skip
    par = spec.parallel
    if data_parallel is None:
        data_parallel = max(1, par.world_size() // max(1, par.model_parallel))
    bubble = 1.0
    if par.pipeline_parallel > 1:
        bubble += (par.pipeline_parallel - 1) / spec.batch.grad_accum
    compute = f["total"] / (rate * util) * bubble
    out: dict[str, Any] = {
        "basis": basis,  # English, for readers of older estimates; the edges word basis_code (vocab)
        "basis_code": code[0],
        "basis_params": code[1],
        "flops": f["total"],
        "utilization": util,
        "utilization_basis": util_basis,
        "peak_flops": rate,
        "pipeline_bubble": bubble - 1.0,
        "compute_s": compute,
        "communication": {},
        "exposed_s": 0.0,
    }
    if target is not None and placement and int(placement.get("world") or 1) > 1:
        from trainsizer.estimate.comm import communication, links

        link = links(getattr(target, "interconnect", ""), int(placement.get("nodes") or 1))
        bus = measured_bus if measured_bus is not None else _probed_bus(target)
        if bus:  # a probe of this machine measured the ring between its GPUs: that, not the assumed link
            _measured_link(link, "intra", bus.get("code", "probe_bus"), bus)
        net = measured_network if measured_network is not None else _probed_network(target)
        if net and link["inter"] is not None:  # a probe measured the network between nodes of this class
            _measured_link(link, "inter", "probe_network", net)
        c = communication(spec, stats, placement, link, f, rate * util, trainable)
        out |= {
            "communication": c["items"],
            "communication_where": c["where"],
            "exposed_s": c["exposed"],
            "links": {k: v for k, v in link.items() if k.endswith("_basis") and v},
            "link_codes": link["codes"],
        }
    seconds = compute + out["exposed_s"]
    out |= {"seconds": seconds, "tokens_per_s": f["tokens"] * data_parallel / seconds}
    return out
