"""Estimator latency: the analytic estimate of the 405B preset (target < 50 ms) and the traced estimate of
the 8B preset at sequence length 4096 (target < 15 s on a 2-core CPU), each in a fresh process state.

Run: .venv/bin/python bench/estimator_latency.py
"""

from __future__ import annotations

import os
import statistics
import sys
import time
import warnings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
warnings.filterwarnings("ignore")


def main() -> int:
    t_start = time.perf_counter()
    from trainsizer.estimate.traced import traced_estimate
    from trainsizer.estimate.working_set import estimate
    from trainsizer.hardware import hypothetical_targets
    from trainsizer.spec import RunSpec

    targets = hypothetical_targets("8xH100-80GB")
    s405 = RunSpec().replace(
        model={"preset": "llama-3.1-405b"},
        precision={"compute": "bf16-mixed"},
        parallel={"strategy": "fsdp", "devices": ",".join(f"cuda:{i}" for i in range(8))},
    )
    t = time.perf_counter()
    estimate(s405, targets)
    cold = time.perf_counter() - t
    warm = []
    for _ in range(20):
        t = time.perf_counter()
        estimate(s405, targets)
        warm.append(time.perf_counter() - t)
    s8 = RunSpec().replace(
        model={"preset": "llama-3.1-8b"},
        precision={"compute": "bf16-mixed"},
        parallel={"devices": "cuda:0"},
        batch={"seq_len": 4096, "micro_batch": 1},
    )
    t = time.perf_counter()
    est = traced_estimate(s8, targets[:1])
    traced = time.perf_counter() - t
    rows = [
        (
            "analytic, llama-3.1-405b, fsdp on 8xH100 (first call: imports, meta build)",
            cold * 1000,
            "ms",
            None,
        ),
        ("analytic, llama-3.1-405b, fsdp on 8xH100 (median of 20)", statistics.median(warm) * 1000, "ms", 50),
        ("traced, llama-3.1-8b, seq 4096, bf16-mixed on H100 (whole call)", traced, "s", 15),
    ]
    print(f"{'case':78s} {'value':>9s}  target")
    print("-" * 98)
    for name, value, unit, target in rows:
        print(f"{name:78s} {value:9.2f} {unit}  {'< ' + str(target) + ' ' + unit if target else ''}")
    print(
        f"(imports before the first call: {(time.perf_counter() - t_start) - cold - sum(warm) - traced:.1f} "
        "s; "
        f"traced peak {est.devices[0].peak / 2**30:.1f} GiB)"
    )
    ok = statistics.median(warm) * 1000 < 50 and traced < 15
    print(
        f"analytic 405B {statistics.median(warm) * 1000:.1f} ms, traced 8B@4096 {traced:.1f} s: targets "
        f"{'met' if ok else 'NOT met'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
