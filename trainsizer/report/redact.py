"""Redaction for documents that leave the building: host and user names, local paths, serial numbers and
UUIDs are replaced by "[redacted]". Applied to every string of a result (and its events) before anything
is rendered, so the HTML, the JSON and the text are redacted alike."""

from __future__ import annotations

import getpass
import os
import re
import socket
from typing import Any

MARK = "[redacted]"
UUID = re.compile(r"\b(?:GPU-|MIG-)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b")
ABS_PATH = re.compile(r"(?<![\w:/.])(?:~|/)(?:[\w.@+-]+/)*[\w.@+-]+/?")  # /home/x/run, ~/models (not URLs)
KEYS = {"hostname", "serial", "uuid", "disk_path", "pci_bus_id", "pid", "user"}


def identifying_strings(result: dict[str, Any] | None = None) -> list[str]:
    """This machine's names, plus whatever the result records about the machine it ran on."""
    found = {socket.gethostname(), socket.getfqdn(), os.path.expanduser("~")}
    for getter in (getpass.getuser, lambda: os.environ.get("USER", ""), lambda: os.environ.get("LOGNAME", "")):
        try:
            found.add(getter())
        except (KeyError, OSError):
            pass
    env = (result or {}).get("environment") or {}
    found.add(((env.get("host") or {}).get("hostname")) or "")
    for g in env.get("gpus") or []:
        found.update(str(g.get(k) or "") for k in ("uuid", "serial", "pci_bus_id"))
    return sorted((s for s in found if s and len(s) >= 2 and s not in ("/", "localhost")), key=len, reverse=True)


def redact_text(text: str, secrets: list[str]) -> str:
    out = UUID.sub(MARK, text)
    out = ABS_PATH.sub(MARK, out)
    for s in secrets:
        out = re.sub(rf"(?<![\w]){re.escape(s)}(?![\w])", MARK, out)
    return out


def redact(value: Any, secrets: list[str], key: str | None = None) -> Any:
    """A deep copy of ``value`` with identifying strings replaced; fields that only identify are blanked."""
    if isinstance(value, dict):
        return {k: (MARK if k in KEYS and v not in (None, "") else redact(v, secrets, k)) for k, v in value.items()}
    if isinstance(value, list):
        return [redact(v, secrets) for v in value]
    if isinstance(value, str):
        return redact_text(value, secrets)
    return value
