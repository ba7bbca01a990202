"""The worker's side of the event protocol (docs/protocol.md): one JSON object per line on stdout,
flushed per line, each with the protocol version, a monotonic time since worker start and the rank.

A rank of a run of several writes an event longer than ``MAX_LINE`` bytes as ``part`` events: the ranks share
one stdout (torchrun's pipe, or srun's), and a long line is not delivered whole there — srun forwards a task's
output in messages of at most 1024 bytes (Slurm's SLURM_IO_MAX_MSG_LEN), and a pipe keeps a write whole only
up to PIPE_BUF (4096 bytes) — so another rank's line can cut it (the ranks' results, written at the same
moment after their all-reduce, cut each other). The parent joins the parts (runs/protocol.LineReader)."""

from __future__ import annotations

import base64
import itertools
import json
import os
import sys
import threading
import time

PROTOCOL_VERSION = 1
_T0 = time.monotonic()
MAX_LINE = 960  # bytes of one line of a rank of several, its newline included: under srun's 1024
_PART = 600  # bytes of the event per part: 800 characters of base64, with the part's fields under MAX_LINE


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
        # other ranks share this stdout (torchrun's and srun's ranks have WORLD_SIZE): long lines go in parts
        self.shared = int(os.environ.get("WORLD_SIZE") or 1) > 1
        self._ids = itertools.count()

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
            for text in self._lines(line):
                self.stream.write(text + "\n")
                self.stream.flush()
        return event

    def _lines(self, line: str) -> list[str]:
        """The line itself, or its ``part`` events when other ranks share the stream and it is too long."""
        data = line.encode("utf-8")
        if not self.shared or len(data) < MAX_LINE:
            return [line]
        pieces = [data[i : i + _PART] for i in range(0, len(data), _PART)]
        ident, t = next(self._ids), self.now()
        return [
            json.dumps(
                {
                    "v": PROTOCOL_VERSION,
                    "type": "part",
                    "t": t,
                    "rank": self.rank,
                    "id": ident,
                    "i": i,
                    "n": len(pieces),
                    "data": base64.b64encode(piece).decode("ascii"),
                },
                separators=(",", ":"),
            )  # fmt: skip
            for i, piece in enumerate(pieces)
        ]

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
