"""Monitoring must not distort what it measures: the median step time of the same training loop with the
memory sampler on (20 Hz, as in a measured run) and off, interleaved in one process, over at least 10 steps.

Run: .venv/bin/python bench/sampler_overhead.py [--steps 12] [--hz 20]
Prints both medians per round and the ratio (target: within 1%).
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import warnings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
warnings.filterwarnings("ignore")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--hz", type=float, default=20.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument(
        "--policy",
        choices=["idle", "normal"],
        default="normal",
        help="the sampler thread's scheduling: normal (as in runs) or idle (SCHED_IDLE)",
    )
    args = ap.parse_args()
    import torch

    from trainsizer.spec import RunSpec
    from trainsizer.worker.engine import Dist, Trainer
    from trainsizer.worker.events import Emitter
    from trainsizer.worker.sampler import Sampler

    spec = RunSpec().replace(measure={"sample_hz": args.hz})
    sink = Emitter(io.StringIO())  # the events are written, as in a run, to a stream nobody waits on
    trainer = Trainer(spec, sink, Dist(), torch.device("cpu"))
    trainer.build(1000)
    batches = trainer.make_batches(0)
    for _ in range(2):
        trainer.train_step(batches)
    # Steps alternate between sampler on and off (a paused sampler thread sleeps), so that the machine's
    # drift and noise fall on both sides alike.
    sampler = Sampler(sink, args.hz, [], idle_priority=args.policy == "idle").start()
    on_all, off_all = [], []
    print(
        f"{'round':>5s} {'off median s':>13s} {'on median s':>12s} {'ratio':>7s}   ({args.steps} steps "
        f"each, sampler {args.hz:g} Hz)"
    )
    for r in range(args.rounds):
        on, off = [], []
        for i in range(2 * args.steps):
            sampling = (i + r) % 2 == 0
            sampler.paused = not sampling
            (on if sampling else off).append(trainer.train_step(batches)["seconds"])
        on_all += on
        off_all += off
        print(
            f"{r:5d} {statistics.median(off):13.4f} {statistics.median(on):12.4f} "
            f"{statistics.median(on) / statistics.median(off):7.4f}"
        )
    sampler.stop()
    ratio = statistics.median(on_all) / statistics.median(off_all)
    samples = sink.stream.getvalue().count('"type":"sample"')
    rate = samples / sum(on_all)
    print(
        f"sampler policy {sampler.policy}: {samples} samples in {sum(on_all):.1f} s of sampled steps = "
        f"{rate:.1f} Hz "
        f"(asked {args.hz:g} Hz)"
    )
    print(
        f"overall: off {statistics.median(off_all):.4f} s, on {statistics.median(on_all):.4f} s, ratio "
        f"{ratio:.4f}; "
        f"target within 1%: {'met' if abs(ratio - 1) <= 0.01 else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
