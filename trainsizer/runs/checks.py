"""The five acceptance checks of docs/architecture.md and the verdict, from the parts of a result."""

from __future__ import annotations

from typing import Any

from trainsizer.vocab import CHECK_IDS  # noqa: F401 (the checks' ids, in order)


def _check(id_: str, status: str, reason: str) -> dict[str, str]:
    return {"id": id_, "status": status, "reason": reason}


def evaluate(result: dict[str, Any]) -> tuple[list[dict[str, str]], str]:
    spec, est, meas = result.get("spec"), result.get("estimate"), result.get("measurement")
    quality, resume = result.get("quality"), result.get("resume")
    checks = []
    if spec and result.get("environment"):
        checks.append(_check("recorded", "passed", "specification and environment recorded"))
    else:
        checks.append(_check("recorded", "failed", "the specification or the environment is missing"))
    if est and est.get("devices"):
        where = ", ".join(est["devices"])
        checks.append(_check("placement", "passed", f"weights and training state placed on {where} and the host"))
    else:
        checks.append(_check("placement", "not_run", "no estimate"))
    checks.append(_peak_check(meas))
    if quality is None:
        checks.append(_check("quality", "not_run", "the quality check was not run"))
    else:
        checks.append(_check("quality", "passed" if quality.get("passed") else "failed", quality.get("reason", "")))
    if resume is None:
        checks.append(_check("resume", "not_run", "the resume check was not run"))
    else:
        checks.append(_check("resume", "passed" if resume.get("passed") else "failed", resume.get("reason", "")))
    statuses = [c["status"] for c in checks]
    verdict = "rejected" if "failed" in statuses else "incomplete" if "not_run" in statuses else "accepted"
    return checks, verdict


def _peak_check(meas) -> dict[str, str]:
    if not meas:
        return _check("peak_and_step", "not_run", "no measurement")
    if meas.get("oom"):
        o = meas["oom"]
        return _check("peak_and_step", "failed", f"does not fit: out of memory in {o.get('phase')} at step {o.get('step')}")
    if meas.get("failure"):
        return _check("peak_and_step", "failed", meas["failure"])
    st = meas.get("step_time_s") or {}
    if not st.get("count"):
        return _check("peak_and_step", "failed", "no step was measured")
    return _check("peak_and_step", "passed", f"{st['count']} steps measured, median {st['median']:.3f} s")
