"""Problems trainsizer words for people: an English template with ``%(name)s`` slots and its parameters.

The core raises them; the edges (the CLI's one line, the window) word them in the user's language by
looking the template up in the catalog (its "SpecIssue" context, written by ``make lupdate`` from
trainsizer.spec.issue_catalog, which reads every template from the sources). ``str()`` is the English
sentence, so logs, result.json and tests read as before.

A parameter may itself be a problem (``InputError("--host: %(reason)s", reason=e)``): it is worded in the same
language. Another library's message (``OSError``, ssh's stderr) is a plain parameter and stays as it was said.
"""

from __future__ import annotations


def fill(template: str, params: dict, english: str | None = None) -> str:
    """``template`` filled with ``params``; ``english`` (the source template) when a translation does not fit
    them; a template without parameters is taken as it is (a foreign error's text may hold ``%``)."""
    if not params:
        return template
    for candidate in (template, english or template):
        try:
            return candidate % params
        except (KeyError, TypeError, ValueError):
            continue
    return f"{english or template} {params}"


def _identity(text: str) -> str:
    return text


def worded(value, t=None):
    """A parameter in the language of ``t`` (English without one): a problem (or a spec's SpecIssue) worded,
    anything else as is."""
    t = t or _identity
    if isinstance(value, Problem):
        return value.words(t)
    if hasattr(value, "worded") and hasattr(value, "template"):
        return value.worded(t(value.template), t)
    return value


class Problem(Exception):
    """A problem with its English template and parameters (see the module's docstring)."""

    def __init__(self, template: str, /, **params):
        self.template, self.params = template, params
        super().__init__(self.words())

    def words(self, t=_identity) -> str:
        """The sentence in the language of ``t`` (a translator: English template → that language's)."""
        params = {k: worded(v, t) for k, v in self.params.items()}
        return fill(t(self.template), params, self.template)

    def as_data(self) -> dict:
        """The template and parameters as JSON can hold them (result.json's ``error_words``): a parameter
        that is a problem nested the same way, anything else as its text unless it is a number."""
        params = {
            k: v.as_data() if isinstance(v, Problem) else v if isinstance(v, int | float) else str(v)
            for k, v in self.params.items()
        }
        return {"template": self.template, "params": params}

    @classmethod
    def of(cls, e: BaseException, *args):
        """``e`` as a problem of this class (``args`` before the template: a code): its template and
        parameters when it is a problem, its text as it was said otherwise."""
        if isinstance(e, Problem):
            return cls(*args, e.template, **e.params)
        return cls(*args, str(e))


class BadValue(Problem, ValueError):
    """A value that cannot be read (a device description, a host, a size); names the value."""


def words_of(data, t=_identity) -> str | None:
    """``Problem.as_data``'s form worded in the language of ``t``; None when ``data`` is not that form."""
    if not (
        isinstance(data, dict)
        and isinstance(data.get("template"), str)
        and isinstance(data.get("params"), dict)
    ):
        return None
    params = {k: words_of(v, t) if isinstance(v, dict) else v for k, v in data["params"].items()}
    return fill(t(data["template"]), {k: "" if v is None else v for k, v in params.items()}, data["template"])
