"""Redaction for documents that leave the building: host and user names, local paths, network addresses,
serial numbers, UUIDs and long hex ids are replaced by "[redacted]". Applied to every string of a result (and
its events) before anything is rendered, so the HTML, the JSON and the text are redacted alike.

Paths are redacted by their structure, not by a character class: every path-valued field of the result is
a secret as a whole wherever it appears (so ``/home/alice smith/run 1`` goes whole, spaces, brackets and
unicode included), quoted paths go up to their closing quote, and a bare path runs through every ``/``
segment. Host names: this machine's and the recorded ones, ``host:/path`` forms, and fully qualified names
that end in a public or internal suffix.
"""

from __future__ import annotations

import getpass
import ipaddress
import os
import re
import socket
from typing import Any

MARK = "[redacted]"
UUID = re.compile(
    r"\b(?:GPU-|MIG-)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"
)
HEX_ID = re.compile(r"\b[0-9a-fA-F]{16,}\b")  # machine-id, serials, digests
MAC = re.compile(r"\b[0-9A-Fa-f]{2}(?:[:-][0-9A-Fa-f]{2}){5}\b")
IPV4 = re.compile(r"(?<![\d.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\d.])")
IPV6_CANDIDATE = re.compile(r"(?<![\w:])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:%\w+)?(?![\w:])")
# "nfs-server.acme.internal:/export/x", "host:/path": the host part and the path after it
HOST_PATH = re.compile(r"(?<![\w/.-])[A-Za-z0-9][\w.-]*:/(?!/)[^\s\"'<>`]*")
SUFFIXES = (
    "com|net|org|edu|gov|mil|int|io|ai|dev|app|cloud|info|biz|eu|us|uk|de|fr|ru|cn|jp|kr|in|br|ch|nl|se|"
    "fi|no|pl|it|es|local|lan|internal|intranet|corp|home|localdomain|cluster|svc"
)
FQDN = re.compile(
    rf"(?<![\w.-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]{{0,61}}[A-Za-z0-9])?\.)+(?:{SUFFIXES})(?![\w-])",
    re.IGNORECASE,
)
QUOTED_PATH = re.compile(r"""(['"])(?:~|/|[A-Za-z]:\\)[^'"\n]*\1""")
# A bare path: "/" or "~/" then segments; inner segments may hold spaces (they end at the next "/"),
# the last one ends at white space or a closing bracket/punctuation.
BARE_PATH = re.compile(r"(?<![\w:/.\]])(?:~/|/)(?=[^\s/])(?:[^\n\r\t/\"'<>`|]*?/)*[^\s/\"'<>`|,;)\]]*")
WIN_PATH = re.compile(r"\b[A-Za-z]:\\[^\n\r\t\"'<>|]*")
PATH_KEYS = {"config", "pretrained", "path", "dir", "disk_path", "checkpoint_dir", "source", "out", "cwd"}
KEYS = {"hostname", "serial", "uuid", "disk_path", "pci_bus_id", "pid", "user", "machine_id", "mac"}


def _looks_like_path(value: str) -> bool:
    return (
        value.startswith(("/", "~"))
        or bool(re.match(r"[A-Za-z]:\\", value))
        or bool(HOST_PATH.fullmatch(value))
    )


def _paths_in(value: Any, key: str | None = None, found: set[str] | None = None) -> set[str]:
    """Every path-valued string of the result (spec paths, the disk path, checkpoint folders) and its parents
    down to two levels (``/home/alice smith``), so that they are redacted whole wherever they are quoted."""
    found = set() if found is None else found
    if isinstance(value, dict):
        for k, v in value.items():
            _paths_in(v, str(k), found)
    elif isinstance(value, list):
        for v in value:
            _paths_in(v, key, found)
    elif isinstance(value, str) and key in PATH_KEYS and _looks_like_path(value) and len(value) > 1:
        found.add(value.rstrip("/") or value)
        parts = value.replace("\\", "/").split("/")
        for n in range(3, len(parts)):
            found.add("/".join(parts[:n]))
    return found


def identifying_strings(result: dict[str, Any] | None = None) -> list[str]:
    """This machine's names, plus whatever the result records about the machine it ran on, plus its paths."""
    found = {socket.gethostname(), socket.getfqdn(), os.path.expanduser("~")}
    for getter in (
        getpass.getuser,
        lambda: os.environ.get("USER", ""),
        lambda: os.environ.get("LOGNAME", ""),
    ):
        try:
            found.add(getter())
        except (KeyError, OSError):
            pass
    env = (result or {}).get("environment") if isinstance(result, dict) else None
    env = env if isinstance(env, dict) else {}
    host = env.get("host") if isinstance(env.get("host"), dict) else {}
    found.add(str(host.get("hostname") or ""))
    for g in env.get("gpus") if isinstance(env.get("gpus"), list) else []:
        if isinstance(g, dict):
            found.update(str(g.get(k) or "") for k in ("uuid", "serial", "pci_bus_id"))
    found |= _paths_in(result or {})
    for name in list(found):  # "node7.acme.internal" also as "node7"
        if "." in name and not name.startswith(("/", "~")):
            found.add(name.split(".")[0])
    return sorted(
        (s for s in found if s and len(s) >= 2 and s not in ("/", "localhost", "~")), key=len, reverse=True
    )


def _ipv6(match: re.Match) -> str:
    text = match.group(0)
    try:
        ipaddress.IPv6Address(text.split("%")[0])
    except ValueError:
        return text
    return MARK


def redact_text(text: str, secrets: list[str]) -> str:
    out = text
    paths = [s for s in secrets if s.startswith(("/", "~")) or re.match(r"[A-Za-z]:\\", s)]
    names = [s for s in secrets if s not in paths]
    for s in paths:  # known paths first, whole (longest first): spaces, brackets and unicode included
        out = re.sub(rf"(?<![\w]){re.escape(s)}(?![\w])", MARK, out)
    for pattern in (UUID, MAC, HOST_PATH, QUOTED_PATH, WIN_PATH, BARE_PATH, IPV4, FQDN, HEX_ID):
        out = pattern.sub(MARK, out)  # then by structure, before a short name could split a host:/path apart
    out = IPV6_CANDIDATE.sub(_ipv6, out)
    for s in names:  # host and user names, wherever they are left
        out = re.sub(rf"(?<![\w]){re.escape(s)}(?![\w])", MARK, out)
    return out


def redact(value: Any, secrets: list[str], key: str | None = None) -> Any:
    """A deep copy of ``value`` with identifying strings replaced; fields that only identify are blanked."""
    if isinstance(value, dict):
        return {
            k: (MARK if k in KEYS and v not in (None, "") else redact(v, secrets, k))
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [redact(v, secrets) for v in value]
    if isinstance(value, str):
        return redact_text(value, secrets)
    return value
