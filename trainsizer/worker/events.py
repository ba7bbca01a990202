"""The worker's side of the event protocol (docs/protocol.md): one JSON object per line on stdout,
flushed per line, each with the protocol version, a monotonic time since worker start and the rank."""

from __future__ import annotations

import json
import os
import sys
import threading
import time

PROTOCOL_VERSION = 1
_T0 = time.monotonic()


class Emitter:
    def __init__(self, stream=None, rank: int | None = None):
        self.stream = stream or sys.stdout
        self.rank = int(os.environ.get("RANK", "0")) if rank is None else rank
        self._lock = threading.Lock()
        self.last_phase: str | None = None  # the phase begun last: where a failure happened

    def now(self) -> float:
        return round(time.monotonic() - _T0, 6)

    def emit(self, type_: str, **fields) -> dict:
        event = {"v": PROTOCOL_VERSION, "type": type_, "t": self.now(), "rank": self.rank, **fields}
        line = json.dumps(event, separators=(",", ":"), default=_default)
        with self._lock:
            self.stream.write(line + "\n")
            self.stream.flush()
        return event

    def phase(self, name: str, step: int | None, edge: str) -> None:
        if edge == "begin":
            self.last_phase = name
        self.emit("phase", name=name, step=step, edge=edge)

    def log(self, message: str, level: str = "info") -> None:
        self.emit("log", level=level, message=message)


def _default(o):
    if hasattr(o, "item"):
        return o.item()
    if isinstance(o, tuple | set):
        return list(o)
    return str(o)
