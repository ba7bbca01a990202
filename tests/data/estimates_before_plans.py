"""The estimates of trainsizer before plans (commit eda48d0) for a grid of specs, kept in
estimates_before_plans.json: with every parallel degree 1 the estimate must reproduce them exactly
(tests/test_plan.py). Made with: git worktree add /tmp/v1 eda48d0 && cd /tmp/v1 &&
PYTHONPATH=/tmp/v1 python tests/data/estimates_before_plans.py OUT.json (this file copied there), once
with transformers 5.x (estimates_before_plans.json) and once with 4.57
(estimates_before_plans-transformers4.json). Two later changes are applied to the rows as written: the
allocator allowance under autocast (bf16-mixed rows) rose from 5 % to 20 % of the allocated peak after the
first measurement on a GPU (an H200, 2026-12-04; trainsizer/estimate/analytic.py), so those rows'
allocator_overhead and peak are the old allocated peak with the new allowance; and the forward phase of the
bf16-mixed rows with checkpointing that train all weights holds autocast's cached weight copies (2026-12-07,
issue 30: analytic.autocast_cache_bytes), so their forward phase — and where it became the peak, their peak
and allocator_overhead — are today's. Nothing else changed (tests/test_plan.py compares every other field)."""

import json
import sys


def grid() -> list[dict]:
    out = []
    for preset in ("llama-3.1-8b", "qwen2.5-0.5b", "gpt2", "mixtral-8x7b", "gemma-2-2b"):
        for method in ("full", "lora"):
            for compute in ("fp32", "bf16-mixed", "bf16"):
                for par in (
                    {"devices": "cuda:0"},
                    {"strategy": "ddp", "devices": "cuda:0,1,2,3"},
                    {"strategy": "fsdp", "devices": "cuda:0,1,2,3"},
                    {"strategy": "fsdp", "devices": "cuda:0,1,2,3", "fsdp_sharding": "grad-op"},
                    {"strategy": "fsdp", "devices": "cuda:0,1,2,3", "cpu_offload": True},
                ):
                    for ckpt in (False, True):
                        out.append(
                            {
                                "model": {"preset": preset},
                                "method": {"kind": method},
                                "precision": {"compute": compute},
                                "parallel": par,
                                "batch": {
                                    "micro_batch": 2,
                                    "seq_len": 512,
                                    "gradient_checkpointing": ckpt,
                                    "grad_accum": 2,
                                },
                            }
                        )
    return out


def snapshot(changes: dict) -> dict | None:
    from trainsizer.estimate.working_set import estimate
    from trainsizer.hardware import hypothetical_targets
    from trainsizer.spec import RunSpec

    try:
        e = estimate(RunSpec().replace(**changes), hypothetical_targets("4xH100-80GB"))
    except Exception:  # a combination that version refused
        return None
    d = e.devices[-1]
    return {
        "changes": changes,
        "devices": len(e.devices),
        "items": d.items,
        "phases": d.phases,
        "peak": d.peak,
        "host": e.host,
    }


if __name__ == "__main__":
    rows = [s for c in grid() if (s := snapshot(c)) is not None]
    with open(sys.argv[1], "w") as f:
        json.dump(rows, f, separators=(",", ":"))
    print(len(rows))
