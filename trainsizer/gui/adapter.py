"""The GUI's side of the process boundary: runs a measurement or a full acceptance check through the
runs layer (the same functions as the CLI) in a thread, and turns the worker's events into Qt signals.

A recorded run directory is replayed through the same ``event`` signal, so a run from a headless server
shows exactly like a local one.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal


class RunController(QObject):
    event = Signal(dict)        # every protocol event, in arrival order
    stage = Signal(str)         # environment, estimate, measure, quality, resume
    finished = Signal(dict)     # the result (result.json's content), also after a failure
    failed = Signal(str)        # an exception in the parent (no result could be written)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self.run_dir: Path | None = None
        self.kind: str | None = None

    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, kind: str, spec, out: str | Path) -> None:
        """kind: "measure" or "check"."""
        if self.running():
            raise RuntimeError("a run is already in progress")
        self.kind, self.run_dir = kind, Path(out)
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(kind, spec, Path(out)), name="trainsizer-run",
                                        daemon=True)
        self._thread.start()

    def _run(self, kind: str, spec, out: Path) -> None:
        from trainsizer.runs.check import check
        from trainsizer.runs.measure import measure

        try:
            if kind == "measure":
                result = measure(spec, out, on_event=self.event.emit, cancel_event=self._cancel)
            else:
                result = check(spec, out, on_event=self.event.emit, on_stage=self.stage.emit,
                               cancel_event=self._cancel)
        except BaseException as e:  # check() has written result.json saying what ran; show it
            result = _read_result(out)
            if result is None:
                self.failed.emit(f"{type(e).__name__}: {e}")
                return
        self.finished.emit(result)

    def cancel(self) -> None:
        """Graceful request → SIGTERM → SIGKILL of the worker group (runs.launcher); returns at once, the
        run reports its end through ``finished`` only once the worker is reaped."""
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        if self._thread:
            self._thread.join(timeout)
        return not self.running()


def _read_result(out: Path) -> dict | None:
    import json

    try:
        return json.loads((out / "result.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


class Replay(QObject):
    """Feeds a recorded run (a directory with events.jsonl and/or result.json) through the same signals,
    reading the file in chunks on the event loop: a long recording neither freezes the window nor is held
    in memory at once."""

    event = Signal(dict)
    finished = Signal(dict)

    CHUNK = 2000

    def __init__(self, path: str | Path, parent=None):
        super().__init__(parent)
        p = Path(path)
        self.run_dir = p if p.is_dir() else p.parent
        self.events_file = self.run_dir / "events.jsonl"
        self.result = _read_result(self.run_dir)
        if self.result is None and not self.events_file.exists():
            raise FileNotFoundError(f"{p}: no result.json or events.jsonl here")
        self.count = 0
        self._file = None

    def start(self) -> None:
        if self.events_file.exists():
            self._file = open(self.events_file, encoding="utf-8", errors="replace")  # noqa: SIM115 (closed at the end)
        QTimer.singleShot(0, self._next)

    def _next(self) -> None:
        from trainsizer.runs.protocol import parse_line

        if self._file is not None:
            for _ in range(self.CHUNK):
                line = self._file.readline()
                if not line:
                    self._file.close()
                    self._file = None
                    break
                event = parse_line(line)
                if event is not None:
                    self.count += 1
                    self.event.emit(event)
        if self._file is not None:
            QTimer.singleShot(0, self._next)
        else:
            self.finished.emit(self.result or {"status": "incomplete", "verdict": "incomplete", "checks": []})
