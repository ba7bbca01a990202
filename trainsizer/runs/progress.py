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
    # the steps of every process the run will start, in order (planned_runs); None: not known (the ETA is the
    # current process's only)
    planned: list[int] | None = None
    runs_started: int = 0
    _run_began: float | None = None
    startups: list[float] = field(default_factory=list)  # seconds from a process's start to its first step

    def update(self, event: dict) -> bool:
        """Fold one event in; True when the visible state changed."""
        kind = event.get("type")
        if kind == "phase" and event.get("edge") == "begin" and event.get("rank") in (0, None):
            self.phase = event.get("name") or self.phase
            return True
        if kind == "run":
            self.runs_started += 1
            self._run_began = time.monotonic()
            return False
        if kind == "step" and event.get("rank") in (0, None):
            if self._run_began is not None:  # the first step of a process: its start-up is over
                self.startups.append(time.monotonic() - self._run_began)
                self._run_began = None
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
        """Seconds left: the current process's steps, and — when the run's processes are planned — the steps
        of those still to start and a start-up each (as long as the ones seen took), at the recent step
        time. A check no longer says "ETA 0 s" at the end of its first process."""
        if not self.total or not self.step_times:
            return None
        recent = self.step_times[-5:]
        per_step = sum(recent) / len(recent)
        left = max(0, self.total - self.step) * per_step
        if self.planned is not None:
            later = self.planned[max(self.runs_started, 1) :]
            startup = sum(self.startups) / len(self.startups) if self.startups else 0.0
            left += sum(later) * per_step + len(later) * startup
        return max(0.0, left)

    @property
    def waiting_for_slurm(self) -> bool:
        """A batch job that Slurm has not started yet (pending, with its reason)."""
        return bool(self.job) and self.job["state"] in ("PENDING", "CONFIGURING", "REQUEUED")


def planned_runs(spec, stages: tuple[str, ...]) -> list[int] | None:
    """The steps of every process trainsizer's engines (the builtin loop, the Trainer, TRL) start for
    ``stages`` (runs/engines.py FULL) of ``spec``, in order: the measurement (warm-up and timed steps), the
    quality check's training, the resume check's uninterrupted, stopped and resumed runs (and, off the CPU,
    the second reference run of the noise floor). None for the customer's command (its steps are its own)."""
    if spec.engine.name == "command":
        return None
    runs = [spec.measure.warmup_steps + spec.measure.steps]
    if "quality" in stages:
        runs.append(spec.quality.train_steps)
    if "resume" in stages:
        n, k = spec.checkpoint.resume_steps, spec.checkpoint.resume_at
        k2 = (k + n) // 2 if (k + n) // 2 > k else None
        runs += [n, k] + ([k2 - k, n - k2] if k2 else [n - k])
        if not spec.parallel.on_cpu:  # the noise floor's second reference run (runs/resume.py)
            runs.append(n)
    return runs
