"""The few operating-system calls trainsizer needs, behind one small module with portable fallbacks.

The window and the CLI may run on Windows or macOS while the worker runs on a Linux server: everything that
differs between them (exclusive file locks, process groups, termination signals, resource limits) lives
here, so that no other module tests ``os.name`` or imports ``fcntl``/``msvcrt``.
"""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Callable

POSIX = os.name == "posix"

# Exit codes of a run stopped by a signal (the shell's 128 + signal number convention; README "Exit codes").
CANCEL_EXIT = {"SIGINT": 130, "SIGTERM": 143, "SIGHUP": 129}


# -- exclusive file locks (held for a process's life; the OS releases them when it dies) -----------------
def try_lock(fd: int) -> bool:
    """Take an exclusive, non-blocking lock on the open file ``fd``; False when another process holds it."""
    if POSIX:
        import fcntl

        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True
    import msvcrt  # pragma: no cover - Windows

    try:  # pragma: no cover - Windows
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:  # pragma: no cover - Windows
        return False
    return True  # pragma: no cover - Windows


def unlock(fd: int) -> None:
    if POSIX:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)
        return
    import msvcrt  # pragma: no cover - Windows

    os.lseek(fd, 0, os.SEEK_SET)  # pragma: no cover - Windows
    msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # pragma: no cover - Windows


# -- process groups -----------------------------------------------------------------------------------------
def new_group_kwargs() -> dict:
    """Popen keyword arguments that start a child in a process group of its own."""
    if POSIX:
        return {"start_new_session": True}
    return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}  # pragma: no cover - Windows


def signal_group(pid: int, sig: int) -> None:
    """Send ``sig`` to the group led by ``pid`` (POSIX) or to the process (elsewhere); gone is fine."""
    try:
        if POSIX:
            os.killpg(pid, sig)
        elif sig == signal.SIGINT:  # pragma: no cover - Windows
            os.kill(pid, signal.CTRL_BREAK_EVENT)
        else:  # pragma: no cover - Windows
            os.kill(pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def kill_signal() -> int:
    return getattr(signal, "SIGKILL", signal.SIGTERM)


def drop_file_cache(fd: int) -> bool:
    """Ask the OS to forget the cached pages of the open file ``fd`` (so a read measures the disk, not RAM);
    False where it cannot (no posix_fadvise: macOS, Windows)."""
    advise = getattr(os, "posix_fadvise", None)
    if advise is None:
        return False
    try:
        os.fsync(fd)
        advise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    except OSError:
        return False
    return True


def memory_limit_preexec(limit: int | None) -> Callable[[], None] | None:
    """A preexec function that caps the child's address space (POSIX only; makes out-of-memory
    reproducible)."""
    if not limit or not POSIX:
        return None

    def apply():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


def command_preexec(limit: int | None) -> Callable[[], None] | None:
    """The preexec function of the customer's command (POSIX): the memory cap, and SIGINT back to its default.
    An ignored SIGINT is inherited across exec (a test runner's worker, nohup, a service manager ignore it),
    and Python then installs no KeyboardInterrupt handler: the signal that stops the command at step k would
    be lost and the command would run to its end."""
    if not POSIX:
        return None
    cap = memory_limit_preexec(limit)

    def apply():
        import signal

        signal.signal(signal.SIGINT, signal.SIG_DFL)
        if cap is not None:
            cap()

    return apply


# -- termination signals ------------------------------------------------------------------------------------
class Stopped(KeyboardInterrupt):
    """Raised in the main thread when SIGTERM or SIGHUP arrives: handled like Ctrl-C (cancel, write the
    result)."""

    def __init__(self, signame: str):
        super().__init__(signame)
        self.signame = signame


def stop_on_signals() -> None:
    """Treat SIGTERM and SIGHUP like SIGINT: raise ``Stopped`` in the main thread (POSIX; SIGTERM
    elsewhere)."""
    names = ("SIGTERM", "SIGHUP") if POSIX else ("SIGTERM",)

    def handler(signum, _frame):
        raise Stopped(signal.Signals(signum).name)

    for name in names:
        sig = getattr(signal, name, None)
        if sig is not None:
            signal.signal(sig, handler)


def interrupt_self() -> None:
    """Stop this process's run from another thread as SIGTERM would (stop_on_signals turns it into
    ``Stopped`` in the main thread; elsewhere the default SIGTERM ends the process)."""
    os.kill(os.getpid(), signal.SIGTERM)


def exit_code_for(exc: BaseException) -> int:
    """The documented exit code of a run stopped by ``exc`` (a KeyboardInterrupt or ``Stopped``)."""
    return CANCEL_EXIT.get(getattr(exc, "signame", "SIGINT"), 130)


def is_main_thread() -> bool:
    """Signal handlers can only be installed from the main thread (the CLI called from a test thread
    cannot)."""
    import threading

    return threading.current_thread() is threading.main_thread()
