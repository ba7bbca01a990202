"""The plan estimate against published measurements of real GPU runs (docs/estimator.md "Validation against
published runs"): each row is a configuration a project measured and published, sized by trainsizer's
analytic estimate for the same layout. Prints a table and the largest |ratio - 1|.

Source: torchtitan, benchmarks/llama3_h100_202412_torchtitan.md (pytorch/torchtitan, Dec 2024): Grand Teton
hosts, 8 × H100 96 GB HBM2e per host; memory is the peak per GPU in GiB (torch's max reserved, the maximum
over all GPUs). torchtitan trains with FSDP2 and a MixedPrecisionPolicy (bf16 parameters for compute, fp32
sharded parameters, gradients and AdamW states), which is what the estimate's ZeRO-3 layout models (16 bytes
per parameter, sharded; no autocast weight copies); its sequence length for Llama 3.1 is 8192. Table 2's
CP 8 row (262144 tokens) is left out: it exceeds the 131072 positions of the model's config.

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
SOURCE = "torchtitan llama3_h100_202412"

# (table row, published tokens/s per GPU, preset, nodes, per node, batch, parallel, published GiB,
#  what differs)
SAC = {"micro_batch": 2, "seq_len": 8192, "gradient_checkpointing": True, "checkpoint_policy": "selective"}
ROWS = [
    ("T1 FSDP", 5762, "llama-3.1-8b", 1, 8, SAC, {}, 82.4, "op-SAC recomputes every other matmul"),
    ("T3 FSDP", 5605, "llama-3.1-8b", 16, 8, SAC, {}, 67.0, "as T1, over 128 GPUs"),
    ("T2 FSDP 8, CP 1", 3890, "llama-3.1-8b", 1, 8, {"micro_batch": 1, "seq_len": 32768,
     "gradient_checkpointing": True}, {}, 83.9, "torch.compile + Float8"),
    ("T2 FSDP 4, CP 2", 2540, "llama-3.1-8b", 1, 8, {"micro_batch": 1, "seq_len": 65536,
     "gradient_checkpointing": True}, {"context_parallel": 2}, 84.2, "torch.compile + Float8"),
    ("T4 FSDP 32 × TP 8", 829, "llama-3.1-70b", 32, 8, {"micro_batch": 16, "seq_len": 8192,
     "gradient_checkpointing": True}, {"tensor_parallel": 8}, 71.9, "torch.compile + Float8"),
    ("T5 FSDP 8 × TP 8 × PP 8, 1F1B", 100, "llama-3.1-405b", 64, 8, {"micro_batch": 1, "grad_accum": 32,
     "seq_len": 8192, "gradient_checkpointing": True}, {"tensor_parallel": 8, "pipeline_parallel": 8}, 82.5,
     "torch.compile + Float8 + AsyncTP"),
]  # fmt: skip


def main() -> None:
    GiB = 1 << 30
    from trainsizer.estimate.timing import GPU_UTILIZATION, step_time

    lines = [
        "| source | configuration | published GiB | estimate GiB | ratio | published tokens/s/GPU | "
        f"estimate at {GPU_UTILIZATION:.0%} MFU | ratio | what differs |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    worst = 0.0
    for name, tps, preset, nodes, per_node, batch, par, published, differs in ROWS:
        spec = RunSpec().replace(
            model={"preset": preset},
            precision={"compute": "bf16-mixed"},
            batch=batch,
            parallel={"devices": "auto", "strategy": "zero", "zero_stage": 3, **par},
        )
        target = f"{nodes}x{per_node}x{H100_96}" if nodes > 1 else f"{per_node}x{H100_96}"
        est = estimate(spec, hypothetical_targets(target))
        dev = max(est.devices, key=lambda d: d.peak)
        # torchtitan reads torch's reserved memory: the CUDA context is not in it
        mine = (dev.peak - dev.items["cuda_context"]) / GiB
        ratio = mine / published
        worst = max(worst, abs(ratio - 1))
        t = step_time(
            spec, est.stats, hypothetical_targets(target)[0], data_parallel=est.placement["data_parallel"]
        )
        per_gpu = t["tokens_per_s"] / len(est.devices)
        lines.append(
            f"| {SOURCE} | {name}: {preset}, {nodes * per_node} GPUs, {est.placement['text']}, "
            f"batch {batch.get('micro_batch')} × {batch['seq_len']}"
            f"{', selective' if batch.get('checkpoint_policy') == 'selective' else ', full'} checkpointing "
            f"| {published:.1f} | {mine:.1f} | {ratio:.2f} | {tps:,} | {per_gpu:,.0f} | {per_gpu / tps:.2f} "
            f"| {differs} |"
        )
    print("\n".join(lines))
    print(f"\nworst |estimate / published - 1| of the memory: {worst:.1%}")


if __name__ == "__main__":
    main()
