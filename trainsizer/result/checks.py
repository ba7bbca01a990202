"""The five acceptance checks (docs/architecture.md) and the verdict, from the parts of a result. Each check
carries its evidence as ``{code, params}``; the edges make the sentence (ui_common.messages)."""

from __future__ import annotations

from typing import Any

from trainsizer.problem import words_of
from trainsizer.result.model import verdict_of
from trainsizer.vocab import CHECK_IDS  # noqa: F401 (the checks' ids, in order)


def _check(id_: str, status: str, code: str, **params) -> dict[str, Any]:
    """One check: its id (a CheckId), status (a CheckStatus), evidence code (MESSAGES) and parameters."""
    from trainsizer.result.model import CheckId, CheckStatus

    return {"id": str(CheckId(id_)), "status": str(CheckStatus(status)), "code": code, "params": params}


def _outcome(id_: str, part: dict[str, Any]) -> dict[str, Any]:
    """A quality or resume outcome as a check: its own code and params (or an old result's reason)."""
    check = _check(
        id_,
        # a resume check waiting for its second half (a new Slurm job) proves nothing yet: not run, not failed
        "passed" if part.get("passed") else "not_run" if part.get("pending") else "failed",
        part.get("code") or "failure",
        **(part["params"] if isinstance(part.get("params"), dict) else {}),
    )
    if not part.get("code"):
        check["params"] = {"message": part.get("reason", "")}
    return check


def evaluate(result: dict[str, Any]) -> tuple[list[dict[str, Any]], str]:
    """The five checks and the verdict of ``result`` (read through the typed model, RunResult)."""
    from trainsizer.result.model import RunResult

    r = RunResult.of(result)
    checks = []
    if r.spec_given and r.environment:
        checks.append(_check("recorded", "passed", "recorded"))
    elif r.measurement:  # something ran, and what it ran on was not written down
        checks.append(_check("recorded", "failed", "not_recorded"))
    else:  # nothing ran (the server was not reached, say): not proven either way
        checks.append(_check("recorded", "not_run", "not_recorded"))
    checks.append(_placement_check(r))
    if not r.measurement and r.error:  # it stopped before measuring: say why
        worded = r.error.words  # the reason's template and parameters: worded in each language
        why = worded if words_of(worded) is not None else r.error.message
        checks.append(_check("peak_and_step", "not_run", "not_measured", why=why))
    else:
        checks.append(_peak_check(r))
    engine = r.spec["engine"]  # a command without a metric pattern has no agreed metric
    not_run = (
        "quality_not_agreed"
        if engine.get("name") == "command" and not engine.get("metric_pattern")
        else "quality_not_run"
    )
    checks.append(_outcome("quality", r.quality.raw) if r.quality else _check("quality", "not_run", not_run))
    checks.append(
        _outcome("resume", r.resume.raw) if r.resume else _check("resume", "not_run", "resume_not_run")
    )
    return checks, str(verdict_of([c["status"] for c in checks]))


def _placement_check(r) -> dict[str, Any]:
    """Where the weights and the training state were: the devices the measurement saw (its peaks), else the
    estimate's; an estimate made for other devices than the run used is a failure, not a placement."""
    estimated = list(r.estimate["devices"])
    measured = [d for d in r.measurement.peak if d != "host"]
    if measured and estimated and set(measured) != set(estimated):
        return _check(
            "placement",
            "failed",
            "placement_differs",
            devices=", ".join(measured),
            estimated=", ".join(estimated),
        )
    if measured:
        return _check("placement", "passed", "placed", devices=", ".join(measured))
    if estimated:
        return _check("placement", "passed", "placed", devices=", ".join(estimated))
    return _check("placement", "not_run", "no_estimate")


def _peak_check(r) -> dict[str, Any]:
    """The peak and step check: the step ran (no OOM, no failure), and when a target was agreed
    (measure.target_tokens_per_s, measure.max_step_s) the measured median meets it. The predicted step time
    travels in the params so the edges can show measured beside predicted."""
    meas = r.measurement
    if not meas:
        return _check("peak_and_step", "not_run", "no_measurement")
    if meas.oom:
        o = meas.oom
        return _check("peak_and_step", "failed", "oom", phase=o.get("phase"), step=o.get("step"))
    if meas.failure:
        if meas.failure == "cancelled":
            return _check("peak_and_step", "failed", "cancelled")
        return _check("peak_and_step", "failed", "failure", message=meas.failure)
    st = meas.step_time_s
    agreed = r.spec["measure"]
    if meas.engine.name == "command" and not st.count:
        # measured from outside, and the script said no step times (no step pattern, or no matching line)
        peak = {"host_rss": meas.host_rss or 0, "wall_s": meas.wall_s or 0.0}
        if agreed.get("target_tokens_per_s") or agreed.get("max_step_s"):
            return _check("peak_and_step", "failed", "command_steps_not_observable_target", **peak)
        return _check("peak_and_step", "passed", "command_peak_only", **peak)
    if not st.count or st.median is None:
        return _check("peak_and_step", "failed", "no_steps")
    predicted = r.estimate["time"]["seconds"]
    params = {
        "count": st.count,
        "median": st.median,
        # a command's tokens per step come from the spec's batch (an assumption about the script, stated)
        "tokens_per_s": meas.tokens_per_s or meas.tokens_per_s_assumed or 0.0,
        "predicted": predicted,
        "ratio": st.median / predicted if predicted else None,
    }
    target, limit = agreed.get("target_tokens_per_s") or 0, agreed.get("max_step_s") or 0
    if target and params["tokens_per_s"] < target:
        return _check("peak_and_step", "failed", "throughput_missed", target_tokens_per_s=target, **params)
    if limit and st.median > limit:
        return _check("peak_and_step", "failed", "step_time_missed", max_step_s=limit, **params)
    if target:
        return _check("peak_and_step", "passed", "throughput_met", target_tokens_per_s=target, **params)
    if limit:
        return _check("peak_and_step", "passed", "step_time_met", max_step_s=limit, **params)
    return _check("peak_and_step", "passed", "steps_no_target", **params)


def worded_checks(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The result's checks, each with the code of its evidence: a result written before checks carried
    codes (only an English reason) gets them from the same rules run on its own data, so the edges can word
    it in any language. Statuses stay as the result recorded them."""
    checks = [dict(c) for c in (result.get("checks") or []) if isinstance(c, dict)]
    if all(c.get("code") for c in checks):
        return checks
    fresh = {c["id"]: c for c in evaluate(worded_outcomes(result))[0]}
    for c in checks:
        again = fresh.get(c.get("id"))
        same = again and again.get("status") == c.get("status") and again.get("code") != "failure"
        if not c.get("code") and same:
            c["code"], c["params"] = again.get("code"), again.get("params")
    return checks


def worded_outcomes(result: dict[str, Any]) -> dict[str, Any]:
    """An old result's quality and resume outcomes with the codes the current workers write, found from their
    own numbers and the spec's rule (the same sentence, now in any language)."""
    from trainsizer.result.model import shaped

    out = dict(result)
    spec = shaped("spec", result.get("spec"))
    q = result.get("quality")
    rule = spec.get("quality") if isinstance(spec.get("quality"), dict) else {}
    if isinstance(q, dict) and not q.get("code") and isinstance(q.get("before"), int | float):
        metric = q.get("metric") or rule.get("metric", "eval_loss")
        params = {
            "metric": metric,
            "before": q["before"],
            "after": q.get("after"),
            "threshold": rule.get("threshold"),
        }
        if rule.get("rule") == "absolute":
            params["op"] = ">=" if metric == "token_accuracy" else "<="
            out["quality"] = {**q, "code": "quality_absolute", "params": params}
        elif isinstance(q.get("improvement"), int | float) and isinstance(rule.get("threshold"), int | float):
            out["quality"] = {
                **q,
                "code": "quality_relative",
                "params": {**params, "change": q["improvement"]},
            }
    r = result.get("resume")
    if isinstance(r, dict) and not r.get("code") and "max_abs_loss_diff" in r:
        ck = spec.get("checkpoint") if isinstance(spec.get("checkpoint"), dict) else {}
        at = r.get("saved_at") or [ck.get("resume_at", "?")]
        code = (
            "resume_identical"
            if r.get("passed") and r.get("noise_floor") is None
            else "resume_within_noise"
            if r.get("passed")
            else "resume_differs"
        )
        params = {
            "steps": ", ".join(map(str, at)),
            "total": r.get("steps"),
            "dloss": r.get("max_abs_loss_diff"),
            "dparam": r.get("max_abs_param_diff"),
        }
        out["resume"] = {**r, "code": code, "params": params}
    return out
