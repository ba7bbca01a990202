"""The CPU allocator's own record of a run — the measured peak of a CPU measurement.

torch.profiler with ``profile_memory=True`` receives every allocation and free of the CPU allocator (c10's
ProfiledCPUMemoryReporter reports each with the running total of bytes it allocated since profiling began),
kernel workspaces and op-internal buffers included. Those events are the instrument: they share no code with
the live-storage tracker (model/tracker.py) that itemizes the peak, nor with the estimate. Phases come from
``record_function`` ranges named ``trainsizer.<phase>`` around the loop's phases (worker/engine.py).

The record starts before the model is built, so its running total counts every byte the run allocates — the
weights, the optimizer states and each step's activations. It is read from the exported Chrome trace (the
profiler's documented output: ``[memory]`` instant events with the address and size of each allocation and
free; ``user_annotation`` ranges for the phases). See docs/protocol.md ("The measured peak on the CPU").
"""

from __future__ import annotations

import bisect
import json
import os
import tempfile
from typing import Any

import torch

PREFIX = "trainsizer."
INSTRUMENT = "cpu_allocator"  # the code the result carries for this instrument


def phase_range(name: str):
    """A profiler range for one phase of the loop; costs next to nothing when no profiler runs."""
    return torch.profiler.record_function(PREFIX + name)


class AllocatorRecord:
    """The CPU allocator's record over a window of the run: start(), then stop() → the peak per phase."""

    def __init__(self) -> None:
        self._prof: Any = None

    def start(self) -> AllocatorRecord:
        from torch.profiler import ProfilerActivity, profile

        self._prof = profile(activities=[ProfilerActivity.CPU], profile_memory=True)
        self._prof.start()
        return self

    @property
    def running(self) -> bool:
        return self._prof is not None

    def stop(self) -> dict[str, Any]:
        prof, self._prof = self._prof, None
        prof.stop()
        fd, path = tempfile.mkstemp(prefix="trainsizer-trace-", suffix=".json")
        os.close(fd)
        try:
            prof.export_chrome_trace(path)
            with open(path, encoding="utf-8") as f:
                events = json.load(f).get("traceEvents", [])
        finally:
            os.unlink(path)
        return summarize(events)


def summarize(events: list[dict[str, Any]]) -> dict[str, Any]:
    """Peak of the bytes the CPU allocator holds for this record, overall and per phase, from Chrome-trace
    events. The running total is summed here from each event's address and size (an allocation adds, the free
    of an address allocated within the record subtracts): the allocator's own "Total Allocated" also carries
    what earlier profiling sessions in the process left in its table."""
    ranges = sorted(
        (float(e["ts"]), float(e["ts"]) + float(e.get("dur", 0)), e["name"][len(PREFIX) :])
        for e in events
        if e.get("cat") == "user_annotation" and str(e.get("name", "")).startswith(PREFIX)
    )
    starts = [r[0] for r in ranges]
    memory = sorted(
        (float(e["ts"]), e.get("args", {}))
        for e in events
        if e.get("name") == "[memory]" and e.get("args", {}).get("Device Type") == 0  # 0: the CPU
    )
    live: dict[int, int] = {}
    phases: dict[str, int] = {}
    total = peak = 0
    peak_phase = None
    for ts, args in memory:
        nbytes, addr = int(args.get("Bytes", 0)), int(args.get("Addr", 0))
        if nbytes > 0:
            live[addr] = live.get(addr, 0) + nbytes
            total += nbytes
        else:
            total -= live.pop(addr, 0)
        i = bisect.bisect_right(starts, ts) - 1
        name = ranges[i][2] if i >= 0 and ts <= ranges[i][1] else "other"
        if total > phases.get(name, -1):
            phases[name] = total
        if total > peak:
            peak, peak_phase = total, name
    return {
        "instrument": INSTRUMENT,
        "peak": peak if memory else None,
        "peak_phase": peak_phase,
        "phases": phases,
        "events": len(memory),
    }


def record_builtin(spec, steps: int = 2) -> dict[str, Any]:
    """The allocator's record of the builtin loop on the CPU: the model build and ``steps`` optimizer steps
    (synthetic or the spec's data, as `trainsizer measure` runs them), in this process."""
    import io

    from trainsizer.worker.engine import Dist, Trainer
    from trainsizer.worker.events import Emitter

    record = AllocatorRecord().start()
    try:
        trainer = Trainer(spec, Emitter(io.StringIO()), Dist(), torch.device("cpu"))
        trainer.build(steps)
        batches = trainer.make_batches()
        for _ in range(steps):
            trainer.train_step(batches)
    finally:
        summary = record.stop()
    return summary
