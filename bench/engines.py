"""The builtin engine and transformers.Trainer side by side on the same specs (tiny preset: fp32,
bf16 autocast, LoRA): each measured by `trainsizer measure` in its own worker process — step time,
tokens/s, the measured peak (the CPU allocator's record), the estimate, and their ratios.

Run: .venv/bin/python bench/engines.py [--steps N]
Prints one row per spec and engine, and last the worst Trainer/builtin ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

os.environ.setdefault("HF_HUB_OFFLINE", "1")

SPECS = {
    "fp32": "",
    "bf16-mixed": '[precision]\ncompute = "bf16-mixed"\n',
    "lora": '[method]\nkind = "lora"\n',
}


def measure(folder: str, name: str, engine: str, body: str, steps: int) -> dict:
    spec = os.path.join(folder, f"{name}-{engine}.toml")
    with open(spec, "w") as f:
        f.write(f'[engine]\nname = "{engine}"\n[measure]\nwarmup_steps = 2\nsteps = {steps}\n' + body)
    out = os.path.join(folder, f"run-{name}-{engine}")
    p = subprocess.run(
        [sys.executable, "-m", "trainsizer", "measure", spec, "--out", out, "--json"],
        capture_output=True,
        text=True,
        timeout=900,
    )
    if p.returncode not in (0, 1):
        raise RuntimeError(p.stderr[-2000:])
    with open(os.path.join(out, "result.json")) as f:
        return json.load(f)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=10, help="timed steps per run")
    args = ap.parse_args()
    print(
        f"{'spec':11s} {'engine':10s} | {'step s':>7s} {'tokens/s':>9s} | {'peak MiB':>9s} {'est MiB':>8s} "
        f"{'est/peak':>8s}"
    )
    print("-" * 70)
    worst = {"step": 1.0, "peak": 1.0}
    with tempfile.TemporaryDirectory() as d:
        for name, body in SPECS.items():
            rows = {}
            for engine in ("builtin", "hf-trainer"):
                r = measure(d, name, engine, body, args.steps)
                m = r["measurement"]
                peak = m["peak"]["cpu"]["allocated"]
                est = r["estimate"]["devices"]["cpu"]["peak"]
                rows[engine] = (m["step_time_s"]["median"], peak)
                print(
                    f"{name:11s} {engine:10s} | {m['step_time_s']['median']:7.3f} "
                    f"{m['tokens_per_s']:9,.0f} | "
                    f"{peak / 2**20:9.1f} {est / 2**20:8.1f} {est / peak:8.3f}",
                    flush=True,
                )
            step_ratio = rows["hf-trainer"][0] / rows["builtin"][0]
            peak_ratio = rows["hf-trainer"][1] / rows["builtin"][1]
            print(f"{name:11s} {'ratio':10s} | {step_ratio:7.3f} (Trainer/builtin)  peak {peak_ratio:.4f}")
            worst["step"] = max(worst["step"], step_ratio, key=lambda x: abs(x - 1))
            worst["peak"] = max(worst["peak"], peak_ratio, key=lambda x: abs(x - 1))
    print()
    print(
        f"final: Trainer/builtin median step time ratio farthest from 1: {worst['step']:.3f}; "
        f"measured peak ratio farthest from 1: {worst['peak']:.4f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
