"""What runs: one small interface, ``Engine``, and its implementations — the worker's engines (trainsizer's
loop, transformers.Trainer, TRL's SFTTrainer: one worker process or one per rank) and the customer's own
command, measured from outside. ``conduct`` is the one orchestration of a run on this machine — the spec as
it runs here, the environment, the estimate, the measurement, and for the full check the quality and the
resume checks — with one cancel sequence and one result writer, used by every engine; a target
(runs/targets.py) decides where it happens and never which engine runs.

An engine answers three questions, each a part of the result (result/model.py): ``measure`` (the measured
steps: memory peaks, step times), ``quality`` (the agreed metric before and after, or None when the engine
cannot be asked for one) and ``resume`` (the resume check, or None when it cannot be run). A new engine is one
more class here and one line in ``engine_for``."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from trainsizer.result.model import new_result, now, run_status, shaped

FULL = ("measure", "quality", "resume")  # the stages of `trainsizer check`; `measure` runs the first only


@dataclass
class EngineRun:
    """What every engine is given: the spec as it runs here, the run folder (and the spec written in it),
    the event callback, the worker memory limit, the cancel flag and a deliberately broken resume (tests)."""

    spec: Any
    rd: Any  # runs.rundir.RunDir
    spec_path: Path | None = None
    on_event: Any = None
    memory_limit: int | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    break_resume: str | None = None
    kept: dict[str, Any] = field(default_factory=dict)  # what measure leaves for quality and resume
    stages: tuple[str, ...] = FULL  # what conduct() will run: measure only, or the full check
    resume_phase: str | None = None  # None: all of the resume check here; "stop" / "continue": its halves


class Engine(Protocol):
    name: str

    def measure(self, run: EngineRun) -> dict[str, Any]:
        """The measurement part; on a cancel it returns what was measured with ``failure = "cancelled"``."""

    def quality(self, run: EngineRun, measurement: dict[str, Any]) -> dict[str, Any] | None: ...

    def resume(self, run: EngineRun, measurement: dict[str, Any]) -> dict[str, Any] | None: ...


class WorkerEngine:
    """trainsizer's worker (``python -m trainsizer.worker``; one per rank under torchrun), which runs the
    builtin loop, transformers.Trainer or TRL's SFTTrainer as the spec says; its peaks are read inside it."""

    def __init__(self, name: str):
        self.name = name

    @staticmethod
    def _worker(run: EngineRun, role: str):
        from trainsizer.runs.launcher import run_worker

        world = run.spec.parallel.world_size()
        return run_worker(run.rd, run.spec_path, role, world, run.on_event, run.memory_limit, run.cancel)

    def measure(self, run: EngineRun) -> dict[str, Any]:
        from trainsizer.runs.measure import merge_results

        wp = self._worker(run, "measure")
        meas = merge_results(wp.events) or {"failure": "the worker produced no result"}
        if wp.cancel_requested:
            meas["failure"] = "cancelled"
        return meas

    def quality(self, run: EngineRun, measurement: dict[str, Any]) -> dict[str, Any]:
        from trainsizer.runs.resume import Cancelled

        spec = run.spec
        wp = self._worker(run, "quality")
        if wp.cancel_requested:
            raise Cancelled("cancelled")
        result = next(
            (e for e in wp.events if e.get("type") == "result" and e.get("rank") in (0, None)), None
        )
        if result and result.get("status") == "ok":
            return dict(result["quality"])
        errors = [e for e in wp.events if e.get("type") == "error"]
        err = errors[-1] if errors else {}
        why = (
            f"{err.get('kind')} in {err.get('phase')}: {err.get('message')}"
            + (f" (errno {err['errno']})" if err.get("errno") else "")
            if err
            else "the worker produced no result"
        )
        return {
            "metric": spec.quality.metric,
            "before": None,
            "after": None,
            "passed": False,
            "ran": True,
            "failure": {k: err.get(k) for k in ("kind", "phase", "step", "errno", "message")}
            | {"stage": "quality"},
            "code": "quality_failed",
            "params": {"why": why},
        }

    def resume(self, run: EngineRun, measurement: dict[str, Any]) -> dict[str, Any]:
        from trainsizer.runs.resume import resume_check

        return resume_check(
            run.spec,
            run.rd,
            run.spec_path,
            on_event=run.on_event,
            break_=run.break_resume,
            memory_limit=run.memory_limit,
            cancel_event=run.cancel,
            phase=run.resume_phase,
        )


class CommandEngine:
    """The customer's command (runs/command.py), measured from outside: its process tree's memory, its
    step lines, its metric lines; the resume check stops and resumes it with its own checkpoints. The
    measured run is also the resume check's uninterrupted run (the command runs three times, not four)."""

    name = "command"

    def measure(self, run: EngineRun) -> dict[str, Any]:
        from trainsizer.runs.command import run_command

        # in the full check the measured run is the resume check's uninterrupted run A: its curve says so
        reference = "resume" in run.stages and bool(run.spec.engine.resume_args)
        return run_command(
            run.spec, run.rd, run.on_event, run.memory_limit, run.cancel, keep=run.kept, reference=reference
        )

    def quality(self, run: EngineRun, measurement: dict[str, Any]) -> dict[str, Any] | None:
        from trainsizer.runs.command import command_quality

        return command_quality(run.spec, measurement)

    def resume(self, run: EngineRun, measurement: dict[str, Any]) -> dict[str, Any] | None:
        from trainsizer.runs.command import resume_command

        if not run.spec.engine.resume_args:
            return None  # the spec agreed no way to resume the command: the check says "not run"
        return resume_command(
            run.spec,
            run.rd,
            run.on_event,
            run.memory_limit,
            run.cancel,
            reference=run.kept.get("process"),
            phase=run.resume_phase,
        )


def engine_for(spec) -> Engine:
    """The engine a spec names (spec/sections.py: engine.name)."""
    return CommandEngine() if spec.engine.name == "command" else WorkerEngine(spec.engine.name)


class _Background:
    """A call in a thread whose value (or exception) the caller takes with ``join``. The caller waits on an
    event, not on Thread.join: a Ctrl-C that interrupts Thread.join can leave the thread looking finished to a
    second join, and the measurement it was about to return would be lost."""

    def __init__(self, fn):
        self.box: dict[str, Any] = {}
        self.done = threading.Event()

        def body():
            try:
                self.box["value"] = fn()
            except BaseException as e:  # handed to the caller in join()
                self.box["error"] = e
            finally:
                self.done.set()

        threading.Thread(target=body, daemon=True).start()

    def join(self, timeout: float | None = None):
        self.done.wait(timeout)
        if "error" in self.box:
            raise self.box["error"]
        return self.box.get("value")


def _fold_eval_peak(meas: dict, quality: dict) -> None:
    """Evaluation can raise the peak: the measured peaks include the quality run's (DESIGN: checks stand on
    evidence)."""
    if not quality.get("host_rss") and not quality.get("peak"):
        return
    meas["host_rss_training_only"] = meas.get("host_rss")
    if quality.get("host_rss"):
        meas["host_rss"] = max(meas.get("host_rss") or 0, quality["host_rss"])
    for dev, peak in shaped("quality", quality)["peak"].items():
        mine = meas.setdefault("peak", {}).setdefault(dev, {})
        for key, value in peak.items():
            if value is not None:
                mine[key] = max(mine.get(key) or 0, value)
    meas["peak_includes_eval"] = True


def conduct(
    spec,
    out: str | Path,
    stages: tuple[str, ...] = FULL,
    *,
    on_event=None,
    on_stage=None,
    memory_limit: int | None = None,
    break_resume: str | None = None,
    cancel_event: threading.Event | None = None,
    force: bool = False,
    resume_phase: str | None = None,
) -> dict[str, Any]:
    """Run ``stages`` of ``spec`` on this machine into ``out`` and write result.json (atomically, also when a
    stage fails or the run is cancelled). ``cancel_event`` — or Ctrl-C, SIGTERM, SIGHUP as KeyboardInterrupt —
    stops what runs (the worker group or the command's tree, reaped); result.json then keeps what was measured
    and says "cancelled", and the interrupt goes on out to the caller."""
    from trainsizer.runs.measure import analytic_estimate, devices_present, environment, finish, newest_probe
    from trainsizer.runs.resume import Cancelled
    from trainsizer.runs.rundir import RunDir
    from trainsizer.spec.checks import refuse_planned_only

    refuse_planned_only(spec)
    spec = devices_present(spec)
    engine = engine_for(spec)
    if break_resume and isinstance(engine, CommandEngine):
        from trainsizer.runs.targets import Unsupported

        raise Unsupported("--break-resume: the customer's command is resumed as it is, never broken")
    rd = RunDir(out, force=force)
    result = new_result(spec)
    times = result["stages"]
    cancel = cancel_event or threading.Event()  # also set when this process is interrupted meanwhile
    run = EngineRun(
        spec,
        rd,
        None,
        on_event,
        memory_limit,
        cancel,
        break_resume,
        stages=tuple(stages),
        resume_phase=resume_phase,
    )
    measuring: _Background | None = None

    def stage(name, fn):
        if cancel.is_set():
            raise Cancelled("cancelled")
        if on_stage:
            on_stage(name)
        t = time.perf_counter()
        value = fn()
        times[name] = round(time.perf_counter() - t, 2)
        return value

    try:
        run.spec_path = rd.write_spec(spec)
        result["environment"] = stage("environment", environment)
        result["probe"] = newest_probe()
        # The measured process spends its first seconds importing torch and transformers; the estimate is
        # made meanwhile (its CPU time overlaps the start-up and warm-up, not the timed steps).
        t_measure = time.perf_counter()
        measuring = _Background(lambda: engine.measure(run))
        result["estimate"] = stage("estimate", lambda: analytic_estimate(spec))
        if on_stage:
            on_stage("measure")
        meas = measuring.join()
        times["measure"] = round(time.perf_counter() - t_measure, 2)
        result["measurement"] = meas
        if "quality" in stages and run_status(result) == "ok":
            quality = stage("quality", lambda: engine.quality(run, meas))
            if quality is not None:
                result["quality"] = quality
                _fold_eval_peak(meas, quality)
        if "resume" in stages and run_status(result) == "ok":
            resumed = stage("resume", lambda: engine.resume(run, meas))
            if resumed is not None:
                result["resume"] = resumed
        result["finished"] = now()
        return finish(rd, result)
    except BaseException as e:  # whatever happens, result.json says what ran and what did not
        cancel.set()
        if measuring is not None and result.get("measurement") is None:
            try:  # the cancel reaches the measured process: keep what it measured until then
                result["measurement"] = measuring.join(timeout=60)
            except BaseException:
                pass
        cancelled = isinstance(e, KeyboardInterrupt | Cancelled)
        result["cancelled"] = cancelled
        if result.get("measurement") is None:
            result["measurement"] = {"failure": "cancelled"} if cancelled else None
        if not cancelled:
            result["error"] = f"{type(e).__name__}: {e}"
        finish(rd, result)
        raise
    finally:
        rd.close()


def continue_resume(
    spec, out: str | Path, *, on_event=None, on_stage=None, cancel_event: threading.Event | None = None
) -> dict[str, Any]:
    """The second half of a resume check split over two processes (``conduct(..., resume_phase="stop")``
    wrote the first): in the run folder ``out``, the resumed run from the checkpoint the stopped run left,
    compared with the uninterrupted one; result.json gets the resume part and its verdict. A folder whose
    resume check is not waiting for its second half is left as it is."""
    from trainsizer.result.model import read_result_file
    from trainsizer.runs.measure import finish
    from trainsizer.runs.resume import STATE_FILE, Cancelled
    from trainsizer.runs.rundir import RunDir

    path = Path(out)
    result, _ = read_result_file(path / "result.json")
    pending = isinstance(result.get("resume"), dict) and result["resume"].get("pending")
    if not pending or not (path / STATE_FILE).exists():
        return result  # the first half did not get to the stop (it failed, or was cancelled): nothing to do
    rd = RunDir(path, append=True)
    cancel = cancel_event or threading.Event()
    run = EngineRun(spec, rd, rd.spec_path, on_event, None, cancel, None, resume_phase="continue")
    try:
        if on_stage:
            on_stage("resume")
        t = time.perf_counter()
        result["resume"] = engine_for(spec).resume(run, result.get("measurement") or {})
        result["stages"]["resume (new process)"] = round(time.perf_counter() - t, 2)
        result["finished"] = now()
        return finish(rd, result)
    except BaseException as e:
        cancelled = isinstance(e, KeyboardInterrupt | Cancelled)
        result["resume"] = {
            **result["resume"],
            "pending": False,
            "code": "resume_failed",
            "params": {"why": "cancelled" if cancelled else f"{type(e).__name__}: {e}"},
        }
        result["cancelled"] = cancelled
        finish(rd, result)
        raise
    finally:
        rd.close()
