"""A run directory (docs/architecture.md): spec.toml, events.jsonl appended as events arrive, worker logs,
result.json written atomically — also after a failure."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

from trainsizer.problem import Problem

LOCK_NAME = ".lock"
# What a run writes into its directory (replaced by --force; nothing else there is ever touched).
RUN_FILES = ("result.json", "events.jsonl", "launcher.log", "worker-*.log", "remote-*.log")


class RunDirError(Problem):
    """The run directory cannot take this run (busy, already used, not a folder); the message names it."""


class RunDir:
    """A run directory, locked for the life of the run: a second run into it is refused while this one
    writes (the OS releases the lock when the process dies), and a finished run is not overwritten
    unless ``force`` is given."""

    def __init__(self, path: str | os.PathLike, *, force: bool = False, append: bool = False):
        self.path = Path(path)
        if self.path.exists() and not self.path.is_dir():
            raise RunDirError(
                "%(path)s: exists and is not a folder; choose another --out", path=str(self.path)
            )
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise RunDirError(
                "%(path)s: cannot be created (%(said)s)", path=str(self.path), said=e.strerror
            ) from None
        self._lock_fd = self._take_lock()
        try:
            if not append:  # append: a later process of the same run (the resume check's second half)
                self._claim(force)
            # closed in close()
            self._events = open(self.path / "events.jsonl", "a", encoding="utf-8")  # noqa: SIM115
        except BaseException:
            self._release_lock()
            raise
        self._lock = threading.Lock()
        self.write_errors: list[str] = []  # events that could not be stored (a full disk): said in the result

    def _take_lock(self) -> int:
        from trainsizer import oscompat

        fd = os.open(self.path / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
        if not oscompat.try_lock(fd):
            holder = os.read(fd, 64).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise RunDirError(
                "%(path)s: another trainsizer run (pid %(pid)s) is writing into this folder; "
                "wait for it, cancel it, or choose another --out",
                path=str(self.path),
                pid=holder,
            )
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        return fd

    def _claim(self, force: bool) -> None:
        used = [n for n in ("result.json", "events.jsonl") if (self.path / n).exists()]
        if used and not force:
            raise RunDirError(
                "%(path)s: already holds a run (%(files)s); choose another --out, "
                "or pass --force to replace that run",
                path=str(self.path),
                files=", ".join(used),
            )
        if used:
            for pattern in RUN_FILES:
                for f in self.path.glob(pattern):
                    f.unlink()

    def _release_lock(self) -> None:
        from trainsizer import oscompat

        if self._lock_fd is not None:
            oscompat.unlock(self._lock_fd)
            os.close(self._lock_fd)
            self._lock_fd = None

    @property
    def spec_path(self) -> Path:
        return self.path / "spec.toml"

    def write_spec(self, spec) -> Path:
        spec.save(self.spec_path)
        return self.spec_path

    def append(self, event: dict[str, Any]) -> None:
        line = json.dumps(event, separators=(",", ":"), default=str)
        with self._lock:
            if self._events.closed:
                return
            try:
                self._events.write(line + "\n")
                self._events.flush()
            except (
                OSError
            ) as e:  # a full disk must not lose the run: the events stay in memory, the result says so
                if len(self.write_errors) < 20:
                    self.write_errors.append(f"events.jsonl: {e.strerror} (errno {e.errno})")

    def write_result(self, result: dict[str, Any]) -> Path:
        return write_json_atomic(self.path / "result.json", result)

    def close(self) -> None:
        with self._lock:
            try:
                self._events.close()
            except OSError as e:
                self.write_errors.append(f"events.jsonl: {e.strerror} (errno {e.errno})")
        self._release_lock()


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
    from trainsizer.result.model import read_result_file
    from trainsizer.spec.files import FileProblem

    try:
        return read_result_file(Path(path) / "result.json")[0]
    except (FileProblem, ValueError, OSError):
        return None


EVENTS_READ_LIMIT = 64 * 2**20  # bytes of events.jsonl read for a report (about 300 000 events)
LINE_LIMIT = 1 << 20  # one event line longer than this is not one


def read_events(path: str | os.PathLike, limit: int = EVENTS_READ_LIMIT) -> list[dict[str, Any]]:
    """Events of a run directory (or an events.jsonl file), parsed like the live stream: at most ``limit``
    bytes (``events_truncated(path)`` says when a file was longer), never a line of unbounded length."""
    from trainsizer.runs.protocol import parse_line
    from trainsizer.spec.files import check_regular

    p = Path(path)
    if p.is_dir():
        p = p / "events.jsonl"
    check_regular(p)
    out, read = [], 0
    with open(p, "rb") as f:
        while read < limit and (line := f.readline(LINE_LIMIT)):
            read += len(line)
            if len(line) >= LINE_LIMIT and not line.endswith(b"\n"):
                while read < limit and (rest := f.readline(LINE_LIMIT)):
                    read += len(rest)
                    if rest.endswith(b"\n"):
                        break
                continue  # an endless line is skipped, not kept
            ev = parse_line(line)
            if ev is not None:
                out.append(ev)
    return out


def events_truncated(path: str | os.PathLike, limit: int = EVENTS_READ_LIMIT) -> int | None:
    """The size of a run folder's events.jsonl when read_events stops before its end, else None."""
    p = Path(path)
    p = p / "events.jsonl" if p.is_dir() else p
    try:
        size = p.stat().st_size
    except OSError:
        return None
    return size if size > limit else None
