"""What the live plot, the progress bar and the report's timeline show, folded from protocol events (no Qt).

A run may be several worker processes one after another (measure, quality, the resume runs), each
counting its own time from zero. The timeline lays them end to end: the parent announces each process with
a ``run`` event (which run of the check it is: protocol.RUN_NAMES), and its clock is offset to continue where
the previous one stopped; each run is a curve of its own (``segments``), labelled at the edges. In an older
file without ``run`` events, an event whose time goes back starts a new worker.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from trainsizer.runs.progress import Progress
from trainsizer.runs.ringbuffer import PeakRing

GPU_KINDS = ("allocated", "reserved", "nvml_used")
ACTIVITY_KINDS = ("util", "power_w")  # NVML's GPU utilisation (%) and power draw (W), where measured
MAX_PHASES = 4096  # phase intervals kept for shading (the newest ones; older are summarised by their name)


class RunTimeline:
    def __init__(self, capacity: int = 4096):
        self.capacity = capacity
        self.series: dict[tuple[str, str], PeakRing] = {}
        self.phases: deque[tuple[float, float, str]] = deque(maxlen=MAX_PHASES)
        self._open: dict[str, float] = {}
        self.progress = Progress()
        self.offset = 0.0
        self.now = 0.0
        self.host_total: int | None = None
        self.errors: list[dict[str, Any]] = []
        self.results: list[dict[str, Any]] = []
        self.steps = 0
        self.events = 0
        self.losses: deque[tuple[int, float]] = deque(maxlen=capacity)  # (step number, loss) of rank 0
        self.activity: dict[tuple[str, str], PeakRing] = {}
        self.runs: list[tuple[float, str, dict[str, Any]]] = []  # (start time, run name, its parameters)
        self.loss_runs: deque[int] = deque(maxlen=capacity)  # the run of each loss point (an index of runs)
        self._new_run = False

    # -- folding -----------------------------------------------------------------------------------------
    def _time(self, event: dict) -> float:
        t = event.get("t")
        if not isinstance(t, int | float):
            return self.now  # parent events carry no worker time: they happen "now"
        if self._new_run or t + self.offset < self.now - 0.5:  # a new process: continue its clock from here
            self.offset = self.now - t
            self._new_run = False
        self.now = max(self.now, t + self.offset)
        return t + self.offset

    def feed(self, event: dict) -> None:
        self.events += 1
        t = self._time(event)
        self.progress.update(event)
        kind = event.get("type")
        if kind == "run":
            params = event.get("params") if isinstance(event.get("params"), dict) else {}
            # a run starts just after the previous one's last point: no point falls on the boundary
            t = self.now = self.now + 1e-6
            self.runs.append((t, str(event.get("name") or "?"), params))
            self._new_run = True
        elif kind == "sample":
            self._sample(t, event)
        elif kind == "phase" and event.get("rank") in (0, None):
            self._phase(t, event)
        elif kind == "step":
            self.steps += 1
            loss = event.get("loss")
            if event.get("rank") in (0, None) and isinstance(loss, int | float) and loss == loss:
                self.losses.append((self.steps, float(loss)))
                self.loss_runs.append(len(self.runs) - 1)
        elif kind == "error":
            self.errors.append(event)
        elif kind == "result":
            self.results.append(event)

    def _ring(self, key: tuple[str, str]) -> PeakRing:
        ring = self.series.get(key)
        if ring is None:
            ring = self.series[key] = PeakRing(self.capacity)
        return ring

    def _sample(self, t: float, event: dict) -> None:
        rank = event.get("rank")
        for dev, values in (event.get("devices") or {}).items():
            if dev == "cpu":
                continue  # the CPU device's memory is the host's: plotted once, as host RSS
            for k in GPU_KINDS:
                if isinstance(values.get(k), int | float):
                    self._ring((dev, k)).append(t, float(values[k]))
            for k in ACTIVITY_KINDS:
                if isinstance(values.get(k), int | float):
                    ring = self.activity.get((dev, k))
                    if ring is None:
                        ring = self.activity[(dev, k)] = PeakRing(self.capacity)
                    ring.append(t, float(values[k]))
        host = event.get("host") or {}
        if isinstance(host.get("system_total"), int):
            self.host_total = host["system_total"]
        suffix = "" if rank in (0, None) else f" (rank {rank})"
        if isinstance(host.get("rss"), int | float):
            self._ring(("host" + suffix, "rss")).append(t, float(host["rss"]))

    def _phase(self, t: float, event: dict) -> None:
        name = event.get("name") or "?"
        if event.get("edge") == "begin":
            self._open[name] = t
        elif event.get("edge") == "end" and name in self._open:
            self.phases.append((self._open.pop(name), t, name))

    # -- queries -----------------------------------------------------------------------------------------
    def devices(self) -> list[str]:
        seen: list[str] = []
        for dev, _ in self.series:
            if dev not in seen:
                seen.append(dev)
        return seen

    def segments(self, times) -> list[tuple[int, int, int]]:
        """Split a series' sorted ``times`` by run: (first index, end index, run index) for each run that
        has points; run index -1 for points before the first ``run`` event (an older file, or none)."""
        import numpy as np

        starts = [r[0] for r in self.runs]
        cuts = np.searchsorted(np.asarray(times, dtype=float), starts, side="left").tolist()
        bounds = [0, *cuts, len(times)]
        out = []
        for i in range(len(bounds) - 1):
            a, b = bounds[i], bounds[i + 1]
            if b > a:
                out.append((a, b, i - 1))
        return out

    def run_spans(self) -> list[tuple[float, float, str, dict[str, Any]]]:
        """Each announced run with its start and end time (the next run's start, or now)."""
        ends = [r[0] for r in self.runs[1:]] + [self.now] if self.runs else []
        return [
            (t0, max(t1, t0), name, params) for (t0, name, params), t1 in zip(self.runs, ends, strict=True)
        ]

    def failed(self) -> dict[str, Any] | None:
        """The error that ended the run, or None (a result with a status other than ok ends it too)."""
        bad = [r for r in self.results if r.get("status") not in (None, "ok")]
        if not bad:
            return None
        return self.errors[-1] if self.errors else {"kind": bad[-1].get("status"), "message": ""}


def fold(events) -> RunTimeline:
    tl = RunTimeline()
    for e in events:
        tl.feed(e)
    return tl
