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
        # a rank of an srun job step over several nodes: its events name its node, and its devices are that
        # node's (the same device name on two nodes is two devices), as for several nodes over SSH
        several = int(os.environ.get("SLURM_STEP_NUM_NODES") or 1) > 1
        srun_rank = os.environ.get("TRAINSIZER_RANKS") == "slurm"
        self.node = os.environ.get("SLURMD_NODENAME") if several and srun_rank else None

    def now(self) -> float:
        return round(time.monotonic() - _T0, 6)

    def emit(self, type_: str, **fields) -> dict:
        event = {"v": PROTOCOL_VERSION, "type": type_, "t": self.now(), "rank": self.rank, **fields}
        if self.node:
            event["server"] = self.node
            if type_ == "sample" and isinstance(event.get("devices"), dict):
                event["devices"] = {f"{self.node}/{d}": v for d, v in event["devices"].items()}
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
