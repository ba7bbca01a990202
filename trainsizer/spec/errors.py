"""Spec problems: every one names its field path and the offending value; all are reported at once."""

from __future__ import annotations

from dataclasses import dataclass

_SECTION_NAMES = (
    "model",
    "method",
    "precision",
    "optimizer",
    "batch",
    "parallel",
    "data",
    "quality",
    "measure",
    "checkpoint",
    "engine",
    "task",
    "cluster",
)


@dataclass(frozen=True)
class SpecIssue:
    """One problem in a run specification.

    ``path`` is the dotted field path (``batch.seq_len``) or a file name; ``code`` is a stable
    machine-readable identifier (``unknown_key``, ``type``, ``choice``, ``range``, ``conflict``, ...)
    that front ends may translate; ``message`` is the English text.
    """

    path: str
    code: str
    message: str

    def __str__(self) -> str:
        section, _, key = self.path.partition(".")
        if section not in _SECTION_NAMES:  # a file, a whole document or an unknown section, not a field
            return f"{self.path}: {self.message}"
        where = f"[{section}] {key}" if key else self.path
        return f"{where}: {self.message}"


class SpecError(ValueError):
    """Raised with every problem found, never only the first."""

    def __init__(self, issues: list[SpecIssue]):
        self.issues = capped(list(issues))
        super().__init__("\n".join(str(i) for i in self.issues))


def show(value) -> str:
    """A value as it may be quoted in a message: repr, at most ``80`` characters, safe for any nesting
    depth."""
    import reprlib

    r = reprlib.Repr()
    r.maxlevel, r.maxstring, r.maxother, r.maxlong = 3, 60, 60, 40
    try:
        text = r.repr(value)
    except (RecursionError, ValueError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


MAX_ISSUES = 50  # more problems than this are counted, not listed


def capped(issues: list[SpecIssue]) -> list[SpecIssue]:
    """At most MAX_ISSUES problems, then one that counts the rest."""
    if len(issues) <= MAX_ISSUES:
        return issues
    rest = len(issues) - MAX_ISSUES
    return issues[:MAX_ISSUES] + [SpecIssue("spec", "more", f"and {rest} more problems")]


def did_you_mean(word: str, candidates) -> str:
    import difflib

    if len(word) > 100:  # a long string is not a typo, and difflib on it is slow
        return ""
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f"; did you mean {close[0]}?" if close else ""
