"""Estimator latency: `trainsizer estimate` of every preset as a person runs it (a fresh process, wall time,
target < 1 s on 2 cores), the analytic estimate of the 405B preset in process, cold (imports excluded, target
< 50 ms) and warm, and the traced estimate of the 8B preset at sequence length 4096 (target < 15 s).

Run: .venv/bin/python bench/estimator_latency.py
The CPU matmul rate of the CPU estimate is probed once and kept in the user cache directory; the first run on
a machine pays the probe (a row says so).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
import warnings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
warnings.filterwarnings("ignore")

COLD = """
import time
from trainsizer.estimate.working_set import estimate
from trainsizer.hardware import hypothetical_targets
from trainsizer.spec import RunSpec
targets = hypothetical_targets("8xH100-80GB")
s = RunSpec().replace(model={"preset": "llama-3.1-405b"}, precision={"compute": "bf16-mixed"},
    parallel={"strategy": "fsdp", "devices": ",".join(f"cuda:{i}" for i in range(8))})
t = time.perf_counter()
estimate(s, targets)
print(time.perf_counter() - t)
"""


LORA_CKPT = '[method]\nkind = "lora"\n[batch]\ngradient_checkpointing = true\n'


def cli_wall(preset: str, folder: str, extra: str = "") -> float:
    path = os.path.join(folder, f"{preset}{'-lora' if extra else ''}.toml")
    with open(path, "w") as f:
        f.write(f'[model]\npreset = "{preset}"\n' + extra)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "trainsizer", "estimate", path], capture_output=True, timeout=120)
    return time.perf_counter() - t


def main() -> int:
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
    from trainsizer.presets import list_presets

    with tempfile.TemporaryDirectory() as d:
        first = cli_wall("tiny-llama", d)  # may probe this CPU's matmul rate once
        walls = {p.name: cli_wall(p.name, d) for p in list_presets()}
        lora = {p.name: cli_wall(p.name, d, LORA_CKPT) for p in list_presets()}  # issue 30: was ~5 s each
    cold_fresh = float(
        subprocess.run([sys.executable, "-c", COLD], capture_output=True, text=True, timeout=120).stdout
    )
    slowest = max(walls, key=walls.get)
    rows = [
        ("trainsizer estimate, first run on this machine (may probe the CPU once)", first, "s", None),
        (
            f"trainsizer estimate, each of {len(walls)} presets: median wall",
            statistics.median(walls.values()),
            "s",
            1,
        ),
        (f"trainsizer estimate, slowest preset ({slowest}) wall", walls[slowest], "s", 1),
        (
            "trainsizer estimate, LoRA + checkpointing, each preset: median wall",
            statistics.median(lora.values()),
            "s",
            1,
        ),
        ("trainsizer estimate, LoRA + checkpointing, slowest preset wall", max(lora.values()), "s", 1),
        ("analytic, llama-3.1-405b, fsdp on 8xH100 (fresh process, first call)", cold_fresh * 1000, "ms", 50),
        ("analytic, llama-3.1-405b, fsdp on 8xH100 (this process, first call)", cold * 1000, "ms", None),
        ("analytic, llama-3.1-405b, fsdp on 8xH100 (median of 20)", statistics.median(warm) * 1000, "ms", 50),
        ("traced, llama-3.1-8b, seq 4096, bf16-mixed on H100 (whole call)", traced, "s", 15),
    ]
    print(f"{'case':78s} {'value':>9s}  target")
    print("-" * 98)
    for name, value, unit, target in rows:
        print(f"{name:78s} {value:9.2f} {unit}  {'< ' + str(target) + ' ' + unit if target else ''}")
    print(f"(traced peak {est.devices[0].peak / 2**30:.1f} GiB)")
    ok = (
        statistics.median(warm) * 1000 < 50
        and traced < 15
        and walls[slowest] < 1
        and max(lora.values()) < 1
        and cold_fresh < 0.05
    )
    print(
        f"final: estimate CLI slowest preset {walls[slowest]:.2f} s (LoRA + checkpointing "
        f"{max(lora.values()):.2f} s), analytic 405B cold "
        f"{cold_fresh * 1000:.1f} ms, warm {statistics.median(warm) * 1000:.2f} ms, "
        f"traced 8B@4096 {traced:.1f} s: targets "
        f"{'met' if ok else 'NOT met'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
