"""The GUI's side of the process boundary. A measurement or a full acceptance check runs as a child process —
the CLI itself, `trainsizer measure|check SPEC --out RUN_DIR --stream` (runs.launcher.orchestrator_command) —
which runs the workers and streams every event as a JSON line. The window only reads lines (QProcess, partial
lines kept), so neither the orchestration's work nor a crash of it can freeze or take down the window.

A recorded run directory is replayed through the same ``event`` signal, so a run from a headless server
shows exactly like a local one.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, QProcessEnvironment, QTimer, Signal

from trainsizer.runs.rundir import read_result

GRACE_MS = 15000  # after the graceful request (SIGINT), then SIGTERM; SIGKILL after as long again


class RunController(QObject):
    event = Signal(dict)  # every protocol event, in arrival order
    stage = Signal(str)  # environment, estimate, measure, quality, resume
    finished = Signal(dict)  # the result (result.json's content), also after a failure
    failed = Signal(str)  # the run ended without a result.json (the reason, and where the log is)
    refused = Signal(str)  # the spec was refused before anything ran (exit 2): not a run, not in the history

    def __init__(self, parent=None):
        super().__init__(parent)
        self.proc: QProcess | None = None
        self.run_dir: Path | None = None
        self.kind: str | None = None
        self._buffer = b""
        self.cancel_requested = False
        # escalation timers are children: they die with the controller, never firing at a deleted process
        self._term = QTimer(self, singleShot=True, interval=GRACE_MS)
        self._term.timeout.connect(lambda: self._signal(signal.SIGTERM))
        self._kill = QTimer(self, singleShot=True, interval=2 * GRACE_MS)
        self._kill.timeout.connect(lambda: self.proc.kill() if self.running() else None)

    def running(self) -> bool:
        return self.proc is not None and self.proc.state() != QProcess.ProcessState.NotRunning

    def start(self, kind: str, spec, out: str | Path, host: str | None = None, slurm: bool = False) -> None:
        """kind: "measure" or "check"; ``host``: a test server over SSH (docs/remote.md), None for here;
        ``slurm``: a Slurm batch job, submitted here or through ``host`` as a login node."""
        from trainsizer.runs.launcher import orchestrator_command

        if self.running():
            raise RuntimeError("a run is already in progress")
        self.kind, self.run_dir = kind, Path(out)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        spec_path = self.run_dir / "spec.toml"
        spec.save(spec_path)
        self._buffer, self.cancel_requested = b"", False
        proc = self.proc = QProcess(self)
        proc.setStandardErrorFile(str(self.run_dir / "orchestrator.log"))
        env = QProcessEnvironment.systemEnvironment()
        env.insert("PYTHONUNBUFFERED", "1")
        proc.setProcessEnvironment(env)
        proc.readyReadStandardOutput.connect(self._read)
        proc.finished.connect(self._finished)
        proc.errorOccurred.connect(self._error)
        program, *args = orchestrator_command(kind, str(spec_path), str(self.run_dir))
        if host:
            args += ["--host", host]
        if slurm:
            args += ["--slurm"]
        proc.start(program, args)

    def _read(self) -> None:
        from trainsizer.runs.protocol import parse_line

        self._buffer += bytes(self.proc.readAllStandardOutput())
        *lines, self._buffer = self._buffer.split(b"\n")
        for line in lines:
            event = parse_line(line)
            if event is None:
                continue
            if event.get("type") == "stage":
                self.stage.emit(str(event.get("name")))
            else:
                self.event.emit(event)

    def _finished(self, code: int, _status) -> None:
        self._term.stop()
        self._kill.stop()
        self._read()
        if self._buffer.strip():
            self._buffer += b"\n"
            self._read()
        result = read_result(self.run_dir)
        if result is not None:
            self.finished.emit(result)
        elif code == 2:
            self.refused.emit(self._forget_refused())
        else:
            self.failed.emit(
                f"the run ended (exit code {code}) without writing result.json; "
                f"see {self.run_dir / 'orchestrator.log'}"
            )

    def _forget_refused(self) -> str:
        """The orchestrator's messages; the folder this controller made for the run goes (only its own
        files)."""
        log = self.run_dir / "orchestrator.log"
        try:
            lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            lines = []
        message = "\n".join(line.removeprefix("trainsizer: ") for line in lines[-20:] if line.strip())
        for name in ("orchestrator.log", "spec.toml"):
            (self.run_dir / name).unlink(missing_ok=True)
        try:
            self.run_dir.rmdir()  # only when nothing else is there
        except OSError:
            pass
        return message

    def _error(self, error) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self.failed.emit(f"could not start the run: {self.proc.errorString()}")

    def cancel(self) -> None:
        """Graceful request (SIGINT: the orchestrator stops and reaps its worker group and writes
        result.json),
        then SIGTERM, then SIGKILL. The run reports its end through ``finished`` only once it has exited."""
        if not self.running():
            return
        self.cancel_requested = True
        self._signal(signal.SIGINT)
        self._term.start()
        self._kill.start()

    def _signal(self, sig: int) -> None:
        if self.running():
            try:
                os.kill(int(self.proc.processId()), sig)
            except ProcessLookupError:
                pass

    def wait(self, timeout: float | None = None) -> bool:
        if self.proc is not None and self.running():
            self.proc.waitForFinished(-1 if timeout is None else int(timeout * 1000))
        return not self.running()


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
        self.result = read_result(self.run_dir)
        if self.result is None and not self.events_file.exists():
            raise FileNotFoundError(f"{p}: no result.json or events.jsonl here")
        self.count = 0
        self._file = None

    def start(self) -> None:
        if self.events_file.exists():
            # closed when the replay ends
            self._file = open(self.events_file, encoding="utf-8", errors="replace")  # noqa: SIM115
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
