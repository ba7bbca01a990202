"""The embedded default (tiny-llama, builtin data, CPU) through the whole acceptance check, timed per stage.
Target: under 90 s on a 2-core machine.

Run: .venv/bin/python bench/check_stages.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def main() -> int:
    from trainsizer.runs.check import check
    from trainsizer.spec import RunSpec

    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        result = check(RunSpec(), d)
    total = time.perf_counter() - t0
    print(f"{'stage':12s} {'seconds':>8s}")
    print("-" * 21)
    for name, secs in result["stages"].items():
        print(f"{name:12s} {secs:8.1f}")
    print("-" * 21)
    print(f"{'total':12s} {total:8.1f}")
    print(
        f"verdict {result['verdict']}; whole check {total:.1f} s (target < 90 s: "
        f"{'met' if total < 90 else 'NOT met'})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
