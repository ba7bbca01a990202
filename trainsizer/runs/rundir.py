"""A run directory (DESIGN.md): spec.toml, events.jsonl appended as events arrive, worker logs,
result.json written atomically — also after a failure."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any


class RunDir:
    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._events = open(self.path / "events.jsonl", "a", encoding="utf-8")  # noqa: SIM115 (closed in close())

    @property
    def spec_path(self) -> Path:
        return self.path / "spec.toml"

    def write_spec(self, spec) -> Path:
        spec.save(self.spec_path)
        return self.spec_path

    def append(self, event: dict[str, Any]) -> None:
        line = json.dumps(event, separators=(",", ":"), default=str)
        with self._lock:
            self._events.write(line + "\n")
            self._events.flush()

    def write_result(self, result: dict[str, Any]) -> Path:
        return write_json_atomic(self.path / "result.json", result)

    def close(self) -> None:
        with self._lock:
            self._events.close()


def write_json_atomic(path: Path, data: Any) -> Path:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2, default=str)
        f.write("\n")
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return path


def read_result(path: str | os.PathLike) -> dict[str, Any] | None:
    """A run directory's result.json, or None when it is missing or unreadable (the run ended before it)."""
    try:
        data = json.loads((Path(path) / "result.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def read_events(path: str | os.PathLike) -> list[dict[str, Any]]:
    """Events of a run directory (or an events.jsonl file), parsed like the live stream."""
    from trainsizer.runs.protocol import parse_line

    p = Path(path)
    if p.is_dir():
        p = p / "events.jsonl"
    out = []
    with open(p, encoding="utf-8", errors="replace") as f:
        for line in f:
            ev = parse_line(line)
            if ev is not None:
                out.append(ev)
    return out
