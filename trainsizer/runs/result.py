"""The result of a run (result.json, schema ``trainsizer.result/1``): its shape in code, the one constructor
of a
new result, and the one reader that fills what a result lacks — so that no reader guards every key itself."""

from __future__ import annotations

import datetime
from typing import Any, TypedDict

from trainsizer import __version__

RESULT_SCHEMA = "trainsizer.result/1"


class Check(TypedDict):
    id: str  # vocab.CHECK_IDS
    status: str  # vocab.CHECK_STATUSES
    code: str  # ui_common.messages.MESSAGES: the evidence, worded at the edges
    params: dict[str, Any]


class Result(TypedDict, total=False):
    schema: str
    tool_version: str
    created: str
    finished: str
    spec: dict[str, Any]
    environment: dict[str, Any] | None
    estimate: dict[str, Any] | None
    measurement: dict[str, Any] | None
    quality: dict[str, Any] | None
    resume: dict[str, Any] | None
    probe: dict[str, Any] | None  # the newest readiness probe of the machine that ran (trainsizer probe)
    stages: dict[str, float]
    status: str  # vocab.RUN_STATUSES
    error: str  # the reason, in words (what failed and how to fix it)
    error_kind: (
        str  # its code: docs/remote.md's vocabulary (connection_lost, unreachable, ...) or an exception
    )
    write_errors: list[str]
    checks: list[Check]
    verdict: str  # vocab.VERDICTS


ABSENT = object()  # a part that stays absent when a result lacks it
# The parts a reader may rely on: the type each must have (a part of another type is left out and named), and
# what stands in for it when a result lacks it.
PARTS: dict[str, tuple[type, Any]] = {
    "spec": (dict, None),
    "environment": (dict, None),
    "estimate": (dict, None),
    "measurement": (dict, None),
    "quality": (dict, None),
    "resume": (dict, None),
    "probe": (dict, None),
    "checks": (list, list),
    "verdict": (str, "incomplete"),
    "status": (str, None),
    "stages": (dict, dict),
    "error": (str, ABSENT),
    "created": (str, ABSENT),
}


# The inner shape of each part that readers walk: a dict ({...}: its keys; "*": every value) or a list ([]).
# ``part`` fills what a part lacks and replaces what has the wrong type, so that a reader indexes instead of
# guarding every level with ``.get(...) or {}``.
_SECTIONS = (
    "model", "method", "precision", "optimizer", "batch", "parallel", "data", "quality", "engine",
    "checkpoint", "measure",
)  # fmt: skip
SHAPES: dict[str, dict[str, Any]] = {
    "spec": {k: {} for k in _SECTIONS},
    "environment": {"host": {}, "nvml": {"topology": {}}, "versions": {}, "gpus": []},
    "estimate": {"devices": {"*": {"items": {}}}, "host": {}, "notes": []},
    "measurement": {"peak": {"*": {}}, "anatomy": {"*": {}}, "step_time_s": {}, "oom": {}},
    "quality": {"peak": {"*": {}}},
    "resume": {"saved_at": []},
    "probe": {"figures": [], "summary": []},
}


def _conform(value: Any, shape: Any) -> Any:
    """A copy of ``value`` in ``shape`` (see SHAPES): a value of the wrong type becomes an empty one, missing
    keys are filled; the result itself is never changed (what is written stays what ran)."""
    if isinstance(shape, list):
        return value if isinstance(value, list) else []
    value = dict(value) if isinstance(value, dict) else {}
    for key, inner in shape.items():
        if key == "*":
            for k, v in list(value.items()):
                value[k] = _conform(v, inner)
        else:
            value[key] = _conform(value.get(key), inner)
    return value


def part(result: dict[str, Any], key: str) -> dict[str, Any]:
    """A part of a result as a dict in its SHAPES, empty (with its inner parts) when it did not run; use
    ``result[key] is None`` to tell "did not run" apart."""
    return shaped(key, result.get(key))


def shaped(key: str, value: Any) -> dict[str, Any]:
    """``value`` (a part named ``key``, or None) in that part's SHAPES; see ``part``."""
    return _conform(value, SHAPES.get(key, {}))


class ResultFileError(ValueError):
    """result.json cannot be read as a result; the message names the file."""


def now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def new_result(spec) -> Result:
    """A result before anything ran: every part present, each None until its stage fills it."""
    result: Result = {
        "schema": RESULT_SCHEMA,
        "tool_version": __version__,
        "created": now(),
        "spec": spec.to_dict(),
    }
    for key, (_, default) in PARTS.items():
        if key not in result and default is not ABSENT:
            result[key] = default() if callable(default) else default
    return result


def failed_with(kind: str, message: str) -> dict[str, str]:
    """The parts that say why a run failed: ``error`` (a sentence) and ``error_kind`` (its code)."""
    return {"error": str(message), "error_kind": str(kind)}


def normalize(result: dict[str, Any], problems: list[str] | None = None) -> Result:
    """A result as readers may rely on it: parts of the wrong type left out (each named in ``problems``),
    checks that are not objects dropped, every part present (missing ones filled with their stand-ins)."""
    err = result.get("error")
    if isinstance(err, dict) and isinstance(err.get("message"), str):  # written so by 0.x remote runs
        result.update(failed_with(err.get("code") or "failed", err["message"]))
    for key, (kind, default) in PARTS.items():
        value = result.get(key)
        if value is not None and not isinstance(value, kind):
            if problems is not None:
                problems.append(
                    f"result.json: {key} is a {type(value).__name__}, not a {kind.__name__}; left out"
                )
            value = None
            del result[key]
        if value is None and default is not ABSENT:
            result[key] = default() if callable(default) else default
    result["checks"] = [c for c in result["checks"] if isinstance(c, dict)]
    return result  # type: ignore[return-value]


def read_result_file(path) -> tuple[Result, list[str]]:
    """The one reader of result.json: a regular file within the size limit (never a FIFO or a device), numbers
    that are not finite read as not available, the parts normalized; returns the result and what was wrong
    with it. Raises FileProblem (missing, not a regular file, too large) or ResultFileError."""
    import json

    from trainsizer.spec.files import TEXT_LIMIT, read_text

    text = read_text(path, limit=TEXT_LIMIT)
    nonfinite: list[str] = []
    try:
        data = json.loads(text, parse_constant=lambda name: nonfinite.append(name))
    except (ValueError, RecursionError) as e:  # also integers of thousands of digits, nesting too deep
        raise ResultFileError(f"{path}: cannot be read ({str(e)[:200]})") from None
    if not isinstance(data, dict):
        raise ResultFileError(f"{path}: not a trainsizer result")
    problems = []
    if nonfinite:
        problems.append(
            f"result.json: {len(nonfinite)} numbers were not finite ({', '.join(sorted(set(nonfinite)))}); "
            "shown as not available"
        )
    return normalize(data, problems), problems
