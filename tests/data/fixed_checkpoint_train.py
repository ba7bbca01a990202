"""A customer's plain training script, as they would send it: no framework, one fixed checkpoint file
(ckpt.json) rewritten after every step, "step N loss X" lines, resumable with --resume; no stop option. It
knows nothing of trainsizer."""

import argparse
import json
import os
import random
import time

ap = argparse.ArgumentParser()
ap.add_argument("--resume", default=None)
ap.add_argument("--steps", type=int, default=8)
a = ap.parse_args()
rng, state = random.Random(0), {"step": 0, "w": 1.0}
if a.resume:
    state = json.load(open(a.resume))
    version, internal, gauss = state.pop("rng")
    rng.setstate((version, tuple(internal), gauss))
for step in range(state["step"], a.steps):
    state["w"] -= 0.05 * rng.random()
    print(f"step {step} loss {state['w'] ** 2:.6f}", flush=True)
    state["step"] = step + 1
    json.dump({**state, "rng": rng.getstate()}, open("ckpt.tmp", "w"))
    os.replace("ckpt.tmp", "ckpt.json")  # one fixed file, rewritten after every step
    time.sleep(0.6)
