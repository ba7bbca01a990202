"""The parent's side of the event protocol: a pure parser. A line that is not a protocol event becomes a
``log`` event; nothing a worker prints can make the parent crash."""

from __future__ import annotations

import json
from typing import Any

PROTOCOL_VERSION = 1
EVENT_TYPES = {
    "hello",
    "phase",
    "sample",
    "step",
    "accounting",
    "eval",
    "checkpoint",
    "log",
    "error",
    "result",
    "stage",  # the orchestrator's: which stage of the check runs now (environment, estimate, measure, …)
    "job",  # the Slurm target's: a batch job's state as Slurm says it (job_id, state, reason)
    "run",  # the parent's: one process of the check starts (measure, quality, A/B/C of the resume check)
}


def parse_line(line: str | bytes) -> dict[str, Any] | None:
    """One stdout line -> one event dict (None for an empty line)."""
    if isinstance(line, bytes):
        line = line.decode("utf-8", errors="replace")
    text = line.rstrip("\r\n")
    if not text.strip():
        return None
    try:  # NaN and Infinity are not JSON: read as "not available"
        data = json.loads(text, parse_constant=lambda _name: None)
    except (ValueError, RecursionError):  # also integers of thousands of digits
        return _log(text)
    if not isinstance(data, dict) or data.get("type") not in EVENT_TYPES or data.get("v") != PROTOCOL_VERSION:
        return _log(text)
    if not isinstance(data.get("t"), int | float) or isinstance(data.get("t"), bool):
        data["t"] = None
    if not isinstance(data.get("rank"), int) or isinstance(data.get("rank"), bool):
        data["rank"] = None
    return data


def _log(text: str) -> dict[str, Any]:
    return {
        "v": PROTOCOL_VERSION,
        "type": "log",
        "t": None,
        "rank": None,
        "level": "output",
        "message": text[:10000],
    }


# The runs of a check (``run`` events, written by the parent before each process starts): codes for the
# edges to word (ui_common/messages.py: ``run_<name>``), with the step parameters they need.
RUN_NAMES = (
    "measure",
    "measure_reference",
    "quality",
    "uninterrupted",
    "stopped",
    "resumed",
    "resumed_to",
    "noise_floor",
)


def run_event(name: str, **params) -> dict[str, Any]:
    """The start of one run of a check: ``name`` one of RUN_NAMES, ``params`` its steps (``k``, ``to``)."""
    assert name in RUN_NAMES, name
    return parent_event("run", name=name, params=params)


def parent_event(type_: str, **fields) -> dict[str, Any]:
    """An event the parent writes itself (e.g. a worker killed by a signal): rank None."""
    return {"v": PROTOCOL_VERSION, "type": type_, "t": None, "rank": None, "source": "parent", **fields}
