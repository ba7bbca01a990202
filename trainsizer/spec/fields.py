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
        return value, [SpecIssue(path, "type", f"must be {_describe(tp)}, got nothing")]
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
                return value, [SpecIssue(path, "range", f"must be a finite number, got {show(value)}")]
    elif tp is str:
        ok = isinstance(value, str)
    elif typing.get_origin(tp) is list:
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        if ok:
            value = list(value)
    if not ok:
        return value, [SpecIssue(path, "type", f"must be {_describe(tp)}, got {show(value)}")]
    return value, _check_rules(path, value, meta)


def _check_rules(path: str, value: Any, meta: dict) -> list[SpecIssue]:
    choices = meta.get("choices")
    if choices and value not in choices:
        from trainsizer.spec.errors import did_you_mean

        hint = did_you_mean(str(value), choices) or f"; one of {', '.join(choices)}"
        return [SpecIssue(path, "choice", f"invalid value {show(value)}{hint}")]
    lo, hi = meta.get("minimum"), meta.get("maximum")
    if lo is not None and value < lo:
        return [SpecIssue(path, "range", f"must be at least {lo}, got {show(value)}")]
    if hi is not None and value > hi:
        return [SpecIssue(path, "range", f"must be at most {hi}, got {show(value)}")]
    return []


def field_help(cls: type) -> dict[str, str]:
    return {f.name: f.metadata.get("help", "") for f in dataclasses.fields(cls)}
