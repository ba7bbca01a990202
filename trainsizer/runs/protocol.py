"""The parent's side of the event protocol: a pure parser. A line that is not a protocol event becomes a
``log`` event; nothing a worker prints can make the parent crash."""

from __future__ import annotations

import base64
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
    "part",  # a piece of a long event of a rank of several (worker/events.py); LineReader joins them
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


class LineReader:
    """A worker's stdout, line by line -> its events, with the ``part`` events of a rank of several joined
    into the event they carry (worker/events.py writes a long event so, as other ranks' lines may cut a long
    line). A part out of order, or a rank's event whose parts stop, is a ``log`` event that says so: the
    pieces are not guessed into an event."""

    def __init__(self) -> None:
        self._parts: dict[tuple[Any, Any], list[bytes]] = {}

    def feed(self, line: str | bytes) -> dict[str, Any] | None:
        ev = parse_line(line)
        if ev is None or ev.get("type") != "part":
            return ev
        key, i, n, data = (ev.get("rank"), ev.get("id")), ev.get("i"), ev.get("n"), ev.get("data")
        try:
            if not (isinstance(i, int) and isinstance(n, int) and 0 <= i < n and isinstance(data, str)):
                raise ValueError("its fields are not a part's")
            piece = base64.b64decode(data, validate=True)
        except ValueError as e:
            return _log(f"a part of a rank's event was left out ({e}): {str(line)[:200]}")
        got = self._parts.setdefault(key, [])
        if i != len(got):
            del self._parts[key]
            return _log(
                f"a part of rank {key[0]}'s event {key[1]} came as part {i} after {len(got)}: left out"
            )
        got.append(piece)
        if len(got) < n:
            return None
        del self._parts[key]
        return parse_line(b"".join(got))

    def events(self, lines):
        """Every event of a stream of lines, then a ``log`` event for each that its rank left unfinished."""
        for raw in lines:
            ev = self.feed(raw)
            if ev is not None:
                yield ev
        yield from self.unfinished()

    def unfinished(self) -> list[dict[str, Any]]:
        """At the end of the stream: a ``log`` event for each event whose parts stopped (its rank ended)."""
        left = [
            _log(f"rank {r}'s event {k} ended after {len(p)} parts: left out")
            for (r, k), p in self._parts.items()
        ]
        self._parts.clear()
        return left


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
