"""`trainsizer check`: estimate, measured steps, held-out quality and the resume check, with the five
acceptance checks and a verdict in result.json (written atomically, also when a stage fails)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from trainsizer.result.model import new_result, now, run_status, shaped
from trainsizer.runs.launcher import run_worker
from trainsizer.runs.measure import (
    analytic_estimate,
    devices_present,
    environment,
    finish,
    merge_results,
    newest_probe,
)
from trainsizer.runs.resume import Cancelled, resume_check
from trainsizer.runs.rundir import RunDir
from trainsizer.spec.checks import refuse_planned_only


def _quality(rd, spec_path, spec, on_event, memory_limit, cancel) -> dict[str, Any]:
    wp = run_worker(rd, spec_path, "quality", spec.parallel.world_size(), on_event, memory_limit, cancel)
    if wp.cancel_requested:
        raise Cancelled("cancelled")
    result = next((e for e in wp.events if e.get("type") == "result" and e.get("rank") in (0, None)), None)
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


def _fold_eval_peak(meas: dict, quality: dict) -> None:
    """Evaluation can raise the peak: the measured peaks include the quality run's (DESIGN: checks stand on
    evidence)."""
    meas["host_rss_training_only"] = meas.get("host_rss")
    if quality.get("host_rss"):
        meas["host_rss"] = max(meas.get("host_rss") or 0, quality["host_rss"])
    for dev, peak in shaped("quality", quality)["peak"].items():
        mine = meas.setdefault("peak", {}).setdefault(dev, {})
        for key, value in peak.items():
            if value is not None:
                mine[key] = max(mine.get(key) or 0, value)
    meas["peak_includes_eval"] = True


def check(
    spec,
    out: str | Path,
    *,
    on_event=None,
    on_stage=None,
    memory_limit: int | None = None,
    break_resume: str | None = None,
    cancel_event: threading.Event | None = None,
    force: bool = False,
) -> dict[str, Any]:
    """Run the whole acceptance check of ``spec`` into ``out``. ``cancel_event`` stops it (the running worker
    group is stopped and reaped); result.json then says what ran and that the run was cancelled."""
    refuse_planned_only(spec)
    spec = devices_present(spec)
    if spec.engine.name == "command":
        return _check_command(spec, out, on_event, on_stage, memory_limit, cancel_event, force)
    rd = RunDir(out, force=force)
    result = new_result(spec)
    stages = result["stages"]

    def stage(name, fn):
        if cancel.is_set():
            raise Cancelled("cancelled")
        if on_stage:
            on_stage(name)
        t = time.perf_counter()
        value = fn()
        stages[name] = round(time.perf_counter() - t, 2)
        return value

    cancel = cancel_event or threading.Event()  # also set when the parent is interrupted meanwhile
    worker = None
    try:
        spec_path = rd.write_spec(spec)
        result["environment"] = stage("environment", environment)
        result["probe"] = newest_probe()
        # The measure worker spends its first seconds importing torch and transformers; the parent computes
        # the estimate meanwhile (its CPU time overlaps the worker's start-up and warm-up, not the timed
        # steps).
        box: dict[str, Any] = {}
        t_measure = time.perf_counter()
        worker = threading.Thread(
            target=lambda: box.update(
                wp=run_worker(
                    rd, spec_path, "measure", spec.parallel.world_size(), on_event, memory_limit, cancel
                )
            ),
            daemon=True,
        )
        worker.start()
        result["estimate"] = stage("estimate", lambda: analytic_estimate(spec))
        if on_stage:
            on_stage("measure")
        worker.join()
        stages["measure"] = round(time.perf_counter() - t_measure, 2)
        wp = box["wp"]
        result["measurement"] = merge_results(wp.events) or {"failure": "the worker produced no result"}
        if wp.cancel_requested:
            result["measurement"]["failure"] = "cancelled"
        if run_status(result) == "ok":
            result["quality"] = stage(
                "quality", lambda: _quality(rd, spec_path, spec, on_event, memory_limit, cancel)
            )
            _fold_eval_peak(result["measurement"], result["quality"])
            result["resume"] = stage(
                "resume",
                lambda: resume_check(
                    spec,
                    rd,
                    spec_path,
                    on_event=on_event,
                    break_=break_resume,
                    memory_limit=memory_limit,
                    cancel_event=cancel,
                ),
            )
        result["finished"] = now()
        return finish(rd, result)
    except BaseException as e:  # whatever happens, result.json says what ran and what did not
        cancel.set()
        if worker is not None:
            worker.join(timeout=60)
        result["cancelled"] = isinstance(e, KeyboardInterrupt | Cancelled)
        result.setdefault("measurement", None)
        result["error"] = f"{type(e).__name__}: {e}"
        finish(rd, result)
        raise
    finally:
        rd.close()


def _check_command(spec, out, on_event, on_stage, memory_limit, cancel_event, force) -> dict[str, Any]:
    """The customer's command: measured from outside (runs/command.py), then — when the spec gives its stop
    and resume arguments — its resume check on the losses it prints. Its quality check needs a metric the
    spec cannot name for a command yet: it stays "not run"."""
    from trainsizer.runs.command import resume_command, run_command
    from trainsizer.runs.measure import finish

    rd = RunDir(out, force=force)
    result = new_result(spec)
    try:
        rd.write_spec(spec)
        result["environment"] = environment()
        result["probe"] = newest_probe()
        result["estimate"] = analytic_estimate(spec)
        if on_stage:
            on_stage("measure")
        t = time.perf_counter()
        meas = run_command(spec, rd, on_event, memory_limit, cancel_event)
        result["stages"]["measure"] = round(time.perf_counter() - t, 2)
        result["measurement"] = meas
        failed = meas.get("failure")
        if not failed:
            from trainsizer.runs.command import command_quality

            result["quality"] = command_quality(spec, meas)
        if not failed and spec.engine.resume_args:
            if on_stage:
                on_stage("resume")
            t = time.perf_counter()
            result["resume"] = resume_command(spec, rd, on_event, memory_limit, cancel_event)
            result["stages"]["resume"] = round(time.perf_counter() - t, 2)
        result["finished"] = now()
        return finish(rd, result)
    except KeyboardInterrupt as e:
        result.update(cancelled=True)
        if getattr(e, "measurement", None):
            result["measurement"] = e.measurement
        finish(rd, result)
        raise
    finally:
        rd.close()
