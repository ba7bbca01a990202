"""Spec problems: every one names its field path and the offending value; all are reported at once."""

from __future__ import annotations

from dataclasses import dataclass, field

from trainsizer.problem import Problem, fill, worded

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


@dataclass(frozen=True, init=False)
class SpecIssue:
    """One problem in a run specification.

    ``path`` is the dotted field path (``batch.seq_len``) or a file name; ``code`` is a stable
    machine-readable identifier (``unknown_key``, ``type``, ``choice``, ``range``, ``conflict``, ...);
    ``template`` is the English sentence with ``%(name)s`` slots, ``params`` fill them: the edges word it in
    the user's language (report.text.issue_words; the window through Qt's "Spec" context). ``message`` is
    the English text. A template without parameters is taken as it is (a foreign error's text may hold %).
    """

    path: str
    code: str
    template: str
    params: dict = field(hash=False, compare=False)

    def __init__(self, path: str, code: str, template: str, /, **params):
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "template", template)
        object.__setattr__(self, "params", params)

    @property
    def message(self) -> str:
        return self.worded(self.template)

    def worded(self, template: str, t=None) -> str:
        """``template`` (this issue's, or its translation) filled with the parameters; the English
        sentence when a translation does not fit them. A parameter that is a problem (trainsizer.problem)
        is worded through ``t`` (a translator; English without one)."""
        params = {k: worded(v, t) for k, v in self.params.items()}
        return fill(template, params, self.template)

    @classmethod
    def of(cls, path: str, code: str, e: BaseException) -> SpecIssue:
        """A problem another part raised (``e``) as one of ``path``: its template when it has one."""
        if isinstance(e, Problem):
            return cls(path, code, e.template, **e.params)
        return cls(path, code, str(e))

    def where(self) -> str:
        """The field as the spec file writes it (``[batch] seq_len``), or the file or document path."""
        section, _, key = self.path.partition(".")
        if section not in _SECTION_NAMES:  # a file, a whole document or an unknown section, not a field
            return self.path
        return f"[{section}] {key}" if key else self.path

    def __str__(self) -> str:
        return f"{self.where()}: {self.message}"


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
    return issues[:MAX_ISSUES] + [SpecIssue("spec", "more", "and %(rest)s more problems", rest=rest)]


def closest(word: str, candidates) -> str:
    """The candidate ``word`` was probably meant to be ("" when none is close)."""
    import difflib

    if len(word) > 100:  # a long string is not a typo, and difflib on it is slow
        return ""
    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return close[0] if close else ""
