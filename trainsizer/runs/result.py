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
    stages: dict[str, float]
    status: str  # vocab.RUN_STATUSES
    error: str
    write_errors: list[str]
    checks: list[Check]
    verdict: str  # vocab.VERDICTS


# The parts a reader may rely on, and what stands in for each when a result lacks it.
PARTS: dict[str, Any] = {
    "spec": None,
    "environment": None,
    "estimate": None,
    "measurement": None,
    "quality": None,
    "resume": None,
    "checks": list,
    "verdict": "incomplete",
    "status": None,
    "stages": dict,
}


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
    for key, default in PARTS.items():
        if key not in result:
            result[key] = default() if callable(default) else default
    return result


def with_defaults(result: dict[str, Any]) -> Result:
    """A result read from disk with every part present (missing ones filled with their stand-ins)."""
    for key, default in PARTS.items():
        if result.get(key) is None and default is not None:
            result[key] = default() if callable(default) else default
        result.setdefault(key, None)
    return result  # type: ignore[return-value]
