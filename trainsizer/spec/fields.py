"""Field declarations with help text and value rules, and the generic type check used by the loader."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from trainsizer.spec.errors import SpecIssue, show

_MISSING = object()


def spec_field(
    default: Any = _MISSING,
    *,
    help: str,
    choices: tuple | None = None,
    minimum: float | None = None,
    maximum: float | None = None,
    default_factory: Any = _MISSING,
) -> Any:
    """A dataclass field that carries a one-line description (shown by the CLI and the GUI) and its rules."""
    meta = {"help": help, "choices": choices, "minimum": minimum, "maximum": maximum}
    if default_factory is not _MISSING:
        return dataclasses.field(default_factory=default_factory, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def _describe(tp: Any) -> str:
    if tp is bool:
        return "true or false"
    if tp is int:
        return "an integer"
    if tp is float:
        return "a number"
    if tp is str:
        return "a string"
    if typing.get_origin(tp) is list:
        return "a list of strings"
    return str(tp)


# "must be <kind>, got <value>": one sentence per kind, so that each can be translated whole
_MUST_TEMPLATES = {
    "bool": "must be true or false, got %(value)s",
    "int": "must be an integer, got %(value)s",
    "float": "must be a number, got %(value)s",
    "str": "must be a string, got %(value)s",
    "list": "must be a list of strings, got %(value)s",
    "other": "must be %(kind)s, got %(value)s",
}
_NOTHING_TEMPLATES = {
    "bool": "must be true or false, got nothing",
    "int": "must be an integer, got nothing",
    "float": "must be a number, got nothing",
    "str": "must be a string, got nothing",
    "list": "must be a list of strings, got nothing",
    "other": "must be %(kind)s, got nothing",
}


def _kind(tp: Any) -> str:
    if typing.get_origin(tp) is list:
        return "list"
    return next(
        (k for k, t in (("bool", bool), ("int", int), ("float", float), ("str", str)) if tp is t), "other"
    )


def _unwrap_optional(tp: Any) -> tuple[Any, bool]:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        return args[0], True
    return tp, False


def coerce(path: str, tp: Any, value: Any, meta: dict) -> tuple[Any, list[SpecIssue]]:
    """Check ``value`` against the annotated type and the field's rules; return (value, issues)."""
    tp, optional = _unwrap_optional(tp)
    if value is None:
        if optional:
            return None, []
        return value, [SpecIssue(path, "type", _NOTHING_TEMPLATES[_kind(tp)], kind=_describe(tp))]
    ok = True
    if tp is bool:
        ok = isinstance(value, bool)
    elif tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif tp is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        if ok:
            value = float(value)
            if value != value or value in (float("inf"), float("-inf")):
                return value, [
                    SpecIssue(path, "range", "must be a finite number, got %(value)s", value=show(value))
                ]
    elif tp is str:
        ok = isinstance(value, str)
    elif typing.get_origin(tp) is list:
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        if ok:
            value = list(value)
    if not ok:
        return value, [
            SpecIssue(path, "type", _MUST_TEMPLATES[_kind(tp)], kind=_describe(tp), value=show(value))
        ]
    return value, _check_rules(path, value, meta)


def _check_rules(path: str, value: Any, meta: dict) -> list[SpecIssue]:
    choices = meta.get("choices")
    if choices and value not in choices:
        from trainsizer.spec.errors import closest

        close, shown, listed = closest(str(value), choices), show(value), ", ".join(choices)
        if close:
            return [
                SpecIssue(
                    path,
                    "choice",
                    "invalid value %(value)s; did you mean %(close)s?",
                    value=shown,
                    close=close,
                )
            ]
        return [
            SpecIssue(
                path, "choice", "invalid value %(value)s; one of %(choices)s", value=shown, choices=listed
            )
        ]
    lo, hi = meta.get("minimum"), meta.get("maximum")
    if lo is not None and value < lo:
        return [SpecIssue(path, "range", "must be at least %(lo)s, got %(value)s", lo=lo, value=show(value))]
    if hi is not None and value > hi:
        return [SpecIssue(path, "range", "must be at most %(hi)s, got %(value)s", hi=hi, value=show(value))]
    return []


def field_help(cls: type) -> dict[str, str]:
    return {f.name: f.metadata.get("help", "") for f in dataclasses.fields(cls)}
