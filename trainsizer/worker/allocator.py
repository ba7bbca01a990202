"""The CPU allocator's own record of a run — the measured peak of a CPU measurement.

torch.profiler with ``profile_memory=True`` receives every allocation and free of the CPU allocator (c10's
ProfiledCPUMemoryReporter reports each with the running total of bytes it allocated since profiling began),
kernel workspaces and op-internal buffers included. Those events are the instrument: they share no code with
the live-storage tracker (model/tracker.py) that itemizes the peak, nor with the estimate. Phases come from
``record_function`` ranges named ``trainsizer.<phase>`` around the loop's phases (worker/engine.py).

The record starts before the model is built, so the running total counts every byte the run allocates — the
weights, the optimizer states and each step's activations — and is read from the exported Chrome trace (the
profiler's documented output: ``[memory]`` instant events with ``Total Allocated``; ``user_annotation`` ranges
for the phases). See docs/protocol.md ("The measured peak on the CPU").
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
    """Peak of the CPU allocator's running total, overall and per phase, from Chrome-trace events."""
    ranges = sorted(
        (float(e["ts"]), float(e["ts"]) + float(e.get("dur", 0)), e["name"][len(PREFIX) :])
        for e in events
        if e.get("cat") == "user_annotation" and str(e.get("name", "")).startswith(PREFIX)
    )
    starts = [r[0] for r in ranges]
    phases: dict[str, int] = {}
    peak, peak_phase, count = 0, None, 0
    for e in events:
        if e.get("name") != "[memory]":
            continue
        args = e.get("args", {})
        if args.get("Device Type") != 0:  # 0: the CPU
            continue
        count += 1
        total = int(args.get("Total Allocated", 0))
        ts = float(e["ts"])
        i = bisect.bisect_right(starts, ts) - 1
        name = ranges[i][2] if i >= 0 and ts <= ranges[i][1] else "other"
        if total > phases.get(name, -1):
            phases[name] = total
        if total > peak:
            peak, peak_phase = total, name
    return {
        "instrument": INSTRUMENT,
        "peak": peak if count else None,
        "peak_phase": peak_phase,
        "phases": phases,
        "events": count,
    }
