"""The dry run never crashes: every preset traced (`--traced`) in fp32, bf16 autocast and pure bf16, at one
sequence of 128 tokens. Each row says traced, or the analytic fallback with its reason.

Run: .venv/bin/python bench/traced_all.py
Prints one row per preset and precision; last, how many traced, fell back and crashed (target: none crashed).
"""

from __future__ import annotations

import os
import sys
import time
import warnings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
warnings.filterwarnings("ignore")


def main() -> int:
    from trainsizer.estimate.traced import traced_estimate
    from trainsizer.presets import list_presets
    from trainsizer.spec import RunSpec

    counts = {"traced": 0, "analytic": 0, "crashed": 0}
    print(f"{'preset':16s} {'precision':10s} {'s':>6s}  outcome")
    print("-" * 60)
    for p in list_presets():
        for prec in ("fp32", "bf16-mixed", "bf16"):
            spec = RunSpec().replace(
                model={"preset": p.name},
                precision={"compute": prec},
                batch={"micro_batch": 1, "seq_len": 128},
            )
            t = time.perf_counter()
            try:
                est = traced_estimate(spec)
                counts[est.kind] += 1
                why = next((n for n in est.notes if n.startswith("not traced")), "")
                outcome = est.kind + (f" — {why[:80]}" if why else "")
            except Exception as e:  # the finding this benchmark exists for
                counts["crashed"] += 1
                outcome = f"CRASHED {type(e).__name__}: {str(e)[:80]}"
            print(f"{p.name:16s} {prec:10s} {time.perf_counter() - t:6.1f}  {outcome}", flush=True)
    print()
    print(
        f"final: {counts['traced']} traced, {counts['analytic']} fell back to the analytic estimate "
        "saying why, "
        f"{counts['crashed']} crashed (target: none)"
    )
    return 1 if counts["crashed"] else 0


if __name__ == "__main__":
    sys.exit(main())
