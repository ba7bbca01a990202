"""The plan estimate against published measurements of real GPU runs (docs/estimator.md "Validation against
published runs"): each row is a configuration a project measured and published, sized by trainsizer's
analytic estimate for the same layout. Prints a table and the largest |ratio - 1|.

Source: torchtitan, benchmarks/llama3_h100_202412_torchtitan.md (pytorch/torchtitan, Dec 2024): Grand Teton
hosts, 8 × H100 96 GB HBM2e per host; memory is the peak per GPU in GiB (torch's max reserved, the maximum
over all GPUs). torchtitan trains with FSDP2 and a MixedPrecisionPolicy (bf16 parameters for compute, fp32
sharded parameters, gradients and AdamW states), which is what the estimate's ZeRO-3 layout models (16 bytes
per parameter, sharded; no autocast weight copies); its sequence length for Llama 3.1 is 8192. Table 2's
CP 8 row (262144 tokens) exceeds the 131072 positions of the model's config: it is sized with
model.max_positions = 262144, as torchtitan runs it.

Run: python bench/plan_validation.py
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from trainsizer.estimate.working_set import estimate  # noqa: E402
from trainsizer.hardware import hypothetical_targets  # noqa: E402
from trainsizer.spec import RunSpec  # noqa: E402

H100_96 = "{mem=96GiB,bf16=989,link=nvlink,name=H100 96GB HBM2e}"
H100_94 = "{mem=94GiB,bf16=989,link=nvlink,name=H100 94GB}"
T202412 = "torchtitan llama3_h100_202412"  # benchmarks/llama3_h100_202412_torchtitan.md (Dec 2024)
PERF_H100 = "torchtitan performance.md (405B)"  # docs/performance.md: Llama 3.1 405B on 128 H100 94GB
PERF_A100 = "torchtitan performance.md (A100)"  # docs/performance.md, 2024: Llama 3 on 64 A100 80GB

# (source, table row, role, published tokens/s per GPU, preset, card, nodes, per node, batch, parallel,
#  published GiB or None, what differs). role: "fit" — the row the class's utilisation is fitted to;
# "check" — predicted with the fitted table and held to the bound; a reason — a row trainsizer cannot
# express (Float8 matmuls, torch.compile), shown and left out of the bound.
SAC = {"micro_batch": 2, "seq_len": 8192, "gradient_checkpointing": True, "checkpoint_policy": "selective"}
ROWS = [
    (T202412, "T1 FSDP", "fit", 5762, "llama-3.1-8b", H100_96, 1, 8, SAC, {}, 82.4,
     "op-SAC recomputes every other matmul"),
    (T202412, "T3 FSDP", "check", 5605, "llama-3.1-8b", H100_96, 16, 8, SAC, {}, 67.0,
     "as T1, over 128 GPUs"),
    (PERF_H100, "405B, FSDP 16 × TP 8", "check", 109, "llama-3.1-405b", H100_94, 16, 8, {"micro_batch": 2,
     "seq_len": 8192, "gradient_checkpointing": True}, {"tensor_parallel": 8}, None, "no optimizations"),
    (PERF_A100, "Llama 3 8B, selective op", "fit", 2973, "llama-3.1-8b", "A100-80GB", 8, 8, {"micro_batch": 1,
     "seq_len": 8192, "gradient_checkpointing": True, "checkpoint_policy": "selective"}, {}, None,
     "Llama 3 8B (the 3.1 preset: the same shapes)"),
    (PERF_A100, "Llama 3 70B, full", "check", 331, "llama-3.1-70b", "A100-80GB", 8, 8, {"micro_batch": 1,
     "seq_len": 8192, "gradient_checkpointing": True}, {}, None, "Llama 3 70B (the 3.1 preset)"),
    (T202412, "T2 FSDP 8, CP 1", "Float8 + torch.compile", 3890, "llama-3.1-8b", H100_96, 1, 8,
     {"micro_batch": 1, "seq_len": 32768, "gradient_checkpointing": True}, {}, 83.9,
     "torch.compile + Float8"),
    (T202412, "T2 FSDP 4, CP 2", "Float8 + torch.compile", 2540, "llama-3.1-8b", H100_96, 1, 8,
     {"micro_batch": 1, "seq_len": 65536, "gradient_checkpointing": True}, {"context_parallel": 2}, 84.2,
     "torch.compile + Float8"),
    (T202412, "T2 FSDP 2, CP 4", "Float8 + torch.compile", 1071, "llama-3.1-8b", H100_96, 1, 8,
     {"micro_batch": 1, "seq_len": 131072, "gradient_checkpointing": True}, {"context_parallel": 4}, 84.0,
     "torch.compile + Float8"),
    (T202412, "T2 FSDP 1, CP 8", "Float8 + torch.compile", 548, "llama-3.1-8b@262144", H100_96, 1, 8,
     {"micro_batch": 1, "seq_len": 262144, "gradient_checkpointing": True}, {"context_parallel": 8}, 84.5,
     "torch.compile + Float8; 262,144 positions (model.max_positions) over the config's 131,072"),
    (T202412, "T4 FSDP 32 × TP 8", "Float8 + torch.compile", 829, "llama-3.1-70b", H100_96, 32, 8,
     {"micro_batch": 16, "seq_len": 8192, "gradient_checkpointing": True}, {"tensor_parallel": 8}, 71.9,
     "torch.compile + Float8"),
    (T202412, "T5 FSDP 8 × TP 8 × PP 8, 1F1B", "Float8 + torch.compile", 100, "llama-3.1-405b", H100_96,
     64, 8,
     {"micro_batch": 4, "grad_accum": 8, "seq_len": 8192, "gradient_checkpointing": True},
     {"tensor_parallel": 8, "pipeline_parallel": 8}, 82.5, "torch.compile + Float8 + AsyncTP"),
]  # fmt: skip
TOKENS_BOUND, MEMORY_BOUND = 0.15, 0.10


def _fit(spec, stats, target, dp, placement, published: float) -> float:
    """The compute utilisation at which the model (compute plus exposed communication) gives the published
    tokens/s per GPU (bisection: tokens/s rises with the utilisation)."""
    from trainsizer.estimate.timing import step_time

    lo, hi = 0.01, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        t = step_time(spec, stats, target, data_parallel=dp, utilization=mid, placement=placement)
        if t["tokens_per_s"] / placement["world"] < published:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def main() -> None:
    GiB = 1 << 30
    from trainsizer.estimate.timing import step_time, utilization_for

    lines = [
        "| source | configuration | role | published GiB | estimate GiB | ratio | published tokens/s/GPU | "
        "utilisation (table) | fitted here | estimate tokens/s/GPU | ratio | exposed communication | "
        "what differs |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    worst_mem, worst_tokens, worst_other = 0.0, 0.0, 0.0
    for source, name, role, tps, preset, card, nodes, per_node, batch, par, published, differs in ROWS:
        spec = RunSpec().replace(
            # "preset@N": the preset with model.max_positions = N (a longer context than its config's)
            model={
                "preset": preset.split("@")[0],
                "max_positions": int(preset.split("@")[1]) if "@" in preset else None,
            },  # fmt: skip
            precision={"compute": "bf16-mixed"},
            batch=batch,
            parallel={"devices": "auto", "strategy": "zero", "zero_stage": 3, **par},
        )
        target_text = f"{nodes}x{per_node}x{card}" if nodes > 1 else f"{per_node}x{card}"
        targets = hypothetical_targets(target_text)
        est = estimate(spec, targets)
        dev = max(est.devices, key=lambda d: d.peak)
        # torchtitan reads torch's reserved memory: the CUDA context is not in it
        mine = (dev.peak - dev.items["cuda_context"]) / GiB
        mem_cells = "— | " + f"{mine:.1f} | —"
        if published:
            ratio = mine / published
            if role in ("fit", "check"):
                worst_mem = max(worst_mem, abs(ratio - 1))
            else:
                worst_other = max(worst_other, abs(ratio - 1))
            mem_cells = f"{published:.1f} | {mine:.1f} | {ratio:.2f}"
        dp = est.placement["data_parallel"]
        util, _ = utilization_for(
            targets[0].name, targets[0].memory_total, "bf16", hidden_size=est.stats.hidden_size
        )
        t = step_time(
            spec, est.stats, targets[0], data_parallel=dp, utilization=util, placement=est.placement
        )
        per_gpu = t["tokens_per_s"] / len(est.devices)
        fitted = _fit(spec, est.stats, targets[0], dp, est.placement, tps)
        share = t["exposed_s"] / t["seconds"]
        if role in ("fit", "check"):
            worst_tokens = max(worst_tokens, abs(per_gpu / tps - 1))
        lines.append(
            f"| {source} | {name}: {preset}, {nodes * per_node} GPUs, {est.placement['text']}, "
            f"batch {batch.get('micro_batch')} × {batch['seq_len']}"
            f"{', selective' if batch.get('checkpoint_policy') == 'selective' else ', full'} checkpointing "
            f"| {role} | {mem_cells} | {tps:,} | {util:.0%} | {fitted:.1%} | {per_gpu:,.0f} "
            f"| {per_gpu / tps:.2f} "
            f"| {t['exposed_s']:.2f} s of {t['seconds']:.2f} s ({share:.0%}) | {differs} |"
        )
    print("\n".join(lines))
    print(
        f"\nworst |estimate / published - 1| of the memory over the fitted and checked rows: {worst_mem:.1%} "
        f"(bound {MEMORY_BOUND:.0%}: {'within' if worst_mem <= MEMORY_BOUND else 'OUTSIDE'}); over the rows "
        f"trainsizer cannot express (Float8, torch.compile, AsyncTP): {worst_other:.1%}, not bound"
    )
    print(
        f"worst |estimate / published - 1| of tokens/s over the fitted and checked rows: {worst_tokens:.1%} "
        f"(bound {TOKENS_BOUND:.0%}: {'within' if worst_tokens <= TOKENS_BOUND else 'OUTSIDE'})"
    )


if __name__ == "__main__":
    main()
