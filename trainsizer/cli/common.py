"""What every command shares: exit codes, input errors, and printing for people (safe for a terminal)."""

from __future__ import annotations

import json
import sys

from trainsizer.problem import Problem

# Exit codes (README): 0 success / accepted; 1 ran, verdict negative; 2 invalid input; 3 internal or worker
# failure; 130/143/129 cancelled by Ctrl-C/SIGTERM/SIGHUP (trainsizer.oscompat.CANCEL_EXIT).
EXIT_OK, EXIT_NEGATIVE, EXIT_INVALID, EXIT_INTERNAL = 0, 1, 2, 3


class InputError(Problem):
    """Bad input found at the edge (a file, a flag); printed in the terminal's language, exit 2."""


MESSAGE_LIMIT = 600  # characters of one message; a 50 MB value is not echoed whole


def printable(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` safe for a terminal: control and bidirectional-override characters escaped, at most ``limit``
    characters (the rest counted)."""
    import unicodedata

    out = []
    for ch in text[: limit + 1]:
        if ch in "\t" or unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co"):
            out.append(ch)
        else:
            code = ord(ch)
            out.append(
                f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
            )
    safe = "".join(out)
    if len(text) > limit:
        safe = safe[:limit] + f"… ({len(text) - limit} more characters)"
    return safe


def err(msg: str) -> None:
    print(f"trainsizer: {printable(msg)}", file=sys.stderr)


def print_json(data) -> None:
    print(json.dumps(data, indent=2, default=str))


def words(args):
    """The translator of the language a command prints in (``--lang``, else TRAINSIZER_LANG, else English;
    report.text.translator)."""
    import os

    from trainsizer.report.text import LANGS, translator

    lang = getattr(args, "lang", None) or os.environ.get("TRAINSIZER_LANG") or "en"
    return translator(lang if lang in LANGS else "en")
