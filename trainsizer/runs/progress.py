"""Progress of a run from its events: phase, step, elapsed time and ETA (for the CLI and the GUI)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass
class Progress:
    started: float = field(default_factory=time.monotonic)
    phase: str = "start"
    step: int = 0
    total: int | None = None
    step_times: list[float] = field(default_factory=list)
    last_error: str | None = None
    job: dict | None = None  # a Slurm job's state as Slurm says it: {job_id, state, reason}

    def update(self, event: dict) -> bool:
        """Fold one event in; True when the visible state changed."""
        kind = event.get("type")
        if kind == "phase" and event.get("edge") == "begin" and event.get("rank") in (0, None):
            self.phase = event.get("name") or self.phase
            return True
        if kind == "step" and event.get("rank") in (0, None):
            self.step = int(event.get("index", 0)) + 1
            self.total = event.get("total") or self.total
            if isinstance(event.get("seconds"), int | float):
                self.step_times.append(float(event["seconds"]))
            return True
        if kind == "job":
            self.job = {k: event.get(k) for k in ("job_id", "state", "reason")}
            return True
        if kind == "error":
            self.last_error = f"{event.get('kind')}: {event.get('message')}"
            return True
        return False

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    @property
    def eta(self) -> float | None:
        if not self.total or not self.step_times:
            return None
        recent = self.step_times[-5:]
        return max(0.0, (self.total - self.step) * sum(recent) / len(recent))

    @property
    def waiting_for_slurm(self) -> bool:
        """A batch job that Slurm has not started yet (pending, with its reason)."""
        return bool(self.job) and self.job["state"] in ("PENDING", "CONFIGURING", "REQUEUED")

    def line(self) -> str:
        if self.waiting_for_slurm:
            why = f" ({self.job['reason']})" if self.job["reason"] else ""
            state = self.job["state"].lower()
            return f"Slurm job {self.job['job_id']} {state}{why}  elapsed {self.elapsed:.0f} s"
        total = f"/{self.total}" if self.total else ""
        eta = f", ETA {self.eta:.0f} s" if self.eta is not None else ""
        return f"{self.phase:<10s} step {self.step}{total}  elapsed {self.elapsed:.0f} s{eta}"
