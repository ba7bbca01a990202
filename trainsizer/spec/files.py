"""Reading the files a person points trainsizer at (specs, configs, data, run folders) without hanging on a
FIFO or a device and without reading a multi-gigabyte file whole: regular files only, a size limit, and
every problem one sentence naming the file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from trainsizer.problem import Problem

SPEC_LIMIT = 16 * 2**20  # a spec or a config.json larger than this is not one
TEXT_LIMIT = 64 * 2**20  # result.json and other small documents of a run folder


class FileProblem(Problem, ValueError):
    """A file that cannot be read as asked; ``str()`` names the file and says why (a trainsizer.problem:
    ``template`` and ``params`` are that sentence for the edges to word in another language)."""


_KINDS = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a directory"),
)


def kind_of(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "file"
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


_NOT_REGULAR_TEMPLATES = {
    "a FIFO (named pipe)": "%(path)s: is a FIFO (named pipe), not a regular file",
    "a character device": "%(path)s: is a character device, not a regular file",
    "a block device": "%(path)s: is a block device, not a regular file",
    "a socket": "%(path)s: is a socket, not a regular file",
    "a directory": "%(path)s: is a directory, not a regular file",
    "not a regular file": "%(path)s: is not a regular file",
}


def check_regular(path: str | os.PathLike, *, limit: int | None = None) -> os.stat_result:
    """The file's stat when it is a regular file within ``limit`` bytes; else FileProblem (never blocks)."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise FileProblem("%(path)s: no such file", path=str(p)) from None
    except NotADirectoryError:
        raise FileProblem("%(path)s: no such file (a parent is not a folder)", path=str(p)) from None
    except OSError as e:
        raise FileProblem("%(path)s: cannot be read (%(why)s)", path=str(p), why=e.strerror) from None
    if not stat.S_ISREG(st.st_mode):
        raise FileProblem(_NOT_REGULAR_TEMPLATES[kind_of(st.st_mode)], path=str(p))
    if limit is not None and st.st_size > limit:
        raise FileProblem(
            "%(path)s: %(size)s MiB is too large (at most %(limit)s MiB)",
            path=str(p),
            size=f"{st.st_size / 2**20:.0f}",
            limit=limit // 2**20,
        )
    return st


def read_bytes(path: str | os.PathLike, *, limit: int) -> bytes:
    """The whole content of a small regular file (opened without blocking, read at most ``limit`` bytes)."""
    check_regular(path, limit=limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise FileProblem("%(path)s: cannot be read (%(why)s)", path=str(path), why=e.strerror) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced between the two looks
            raise FileProblem("%(path)s: is not a regular file", path=str(path))
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as e:
        raise FileProblem("%(path)s: cannot be read (%(why)s)", path=str(path), why=e.strerror) from None
    finally:
        os.close(fd)
    if total > limit:
        raise FileProblem("%(path)s: too large (at most %(limit)s MiB)", path=str(path), limit=limit // 2**20)
    return b"".join(chunks)


def read_text(path: str | os.PathLike, *, limit: int) -> str:
    raw = read_bytes(path, limit=limit)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise FileProblem(
            "%(path)s: is not UTF-8 text (byte %(byte)s, line %(line)s)",
            path=str(path),
            byte=e.start,
            line=line,
        ) from None
