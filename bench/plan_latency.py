"""How long the full options table takes (`trainsizer plan`): every GPU class × count × layout for the 8B, 70B
and 405B presets. Target (issue 19): the 70B table in under 2 s. Prints a table and the final figure.

Run: python bench/plan_latency.py [REPEATS]
"""

from __future__ import annotations

import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from trainsizer.estimate.plan import plan  # noqa: E402
from trainsizer.spec import RunSpec  # noqa: E402

PRESETS = ("llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b")


def main(repeats: int = 5) -> None:
    rows = []
    for preset in PRESETS:
        spec = RunSpec().replace(
            model={"preset": preset},
            precision={"compute": "bf16-mixed"},
            batch={"micro_batch": 1, "seq_len": 4096, "grad_accum": 8},
            task={"tokens": 1e10, "deadline_hours": 240},
        )
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            result = plan(spec)
            times.append(time.perf_counter() - t0)
        rows.append(
            (preset, result["candidates"], len(result["options"]), statistics.median(times), max(times))
        )
    print(f"{'preset':16s} {'layouts':>8s} {'options':>8s} {'median s':>9s} {'slowest s':>10s}")
    for preset, cands, opts, med, worst in rows:
        print(f"{preset:16s} {cands:8,d} {opts:8d} {med:9.2f} {worst:10.2f}")
    seventy = next(r for r in rows if r[0] == "llama-3.1-70b")
    print(f"\n70B options table: {seventy[3]:.2f} s median (target < 2 s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
