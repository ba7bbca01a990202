"""RunSpec: the whole run specification, its strict loader and a lossless TOML/JSON round trip."""

from __future__ import annotations

import dataclasses
import json
import typing
from pathlib import Path
from typing import Any

from trainsizer.spec import sections as s
from trainsizer.spec.errors import MAX_ISSUES, SpecError, SpecIssue, closest, show
from trainsizer.spec.fields import coerce

SCHEMA_VERSION = 1
MODEL_SOURCES = {"preset", "config", "pretrained", "hub_id"}

SECTIONS: dict[str, type] = {
    "model": s.ModelSpec,
    "method": s.MethodSpec,
    "precision": s.PrecisionSpec,
    "optimizer": s.OptimizerSpec,
    "batch": s.BatchSpec,
    "parallel": s.ParallelSpec,
    "data": s.DataSpec,
    "quality": s.QualitySpec,
    "measure": s.MeasureSpec,
    "checkpoint": s.CheckpointSpec,
    "engine": s.EngineSpec,
    "task": s.TaskSpec,
    "cluster": s.ClusterSpec,
}


@dataclasses.dataclass(kw_only=True)
class RunSpec:
    schema: int = SCHEMA_VERSION
    model: s.ModelSpec = dataclasses.field(default_factory=s.ModelSpec)
    method: s.MethodSpec = dataclasses.field(default_factory=s.MethodSpec)
    precision: s.PrecisionSpec = dataclasses.field(default_factory=s.PrecisionSpec)
    optimizer: s.OptimizerSpec = dataclasses.field(default_factory=s.OptimizerSpec)
    batch: s.BatchSpec = dataclasses.field(default_factory=s.BatchSpec)
    parallel: s.ParallelSpec = dataclasses.field(default_factory=s.ParallelSpec)
    data: s.DataSpec = dataclasses.field(default_factory=s.DataSpec)
    quality: s.QualitySpec = dataclasses.field(default_factory=s.QualitySpec)
    measure: s.MeasureSpec = dataclasses.field(default_factory=s.MeasureSpec)
    checkpoint: s.CheckpointSpec = dataclasses.field(default_factory=s.CheckpointSpec)
    engine: s.EngineSpec = dataclasses.field(default_factory=s.EngineSpec)
    task: s.TaskSpec = dataclasses.field(default_factory=s.TaskSpec)
    cluster: s.ClusterSpec = dataclasses.field(default_factory=s.ClusterSpec)

    def __post_init__(self) -> None:
        self.parallel.job_nodes = self.cluster.nodes  # a Slurm job's nodes multiply its ranks

    # -- conversion ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain data; None values are left out (TOML has no null), which the loader reads back as
        defaults."""
        out: dict[str, Any] = {"schema": self.schema}
        for name in SECTIONS:
            sec = getattr(self, name)
            out[name] = {k: v for k, v in dataclasses.asdict(sec).items() if v is not None}
        return out

    def to_toml(self) -> str:
        import tomli_w

        return tomli_w.dumps(self.to_dict())

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=False) + "\n"

    def save(self, path: str | Path) -> None:
        path = Path(path)
        text = self.to_json() if path.suffix.lower() == ".json" else self.to_toml()
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)

    def issues(self) -> list[SpecIssue]:
        """Every rule that relates fields; environment-dependent rules are in spec.checks."""
        out: list[SpecIssue] = []
        for name in SECTIONS:
            out += getattr(self, name).issues()
        from trainsizer.spec.checks import cross_field_issues

        return out + cross_field_issues(self)

    def replace(self, **changes: dict[str, Any]) -> RunSpec:
        """A copy with some fields changed, validated: ``spec.replace(batch={"micro_batch": 8})``."""
        data = self.to_dict()
        for section, values in changes.items():
            if section == "model" and MODEL_SOURCES & set(values):  # a new source replaces the old one
                data["model"] = {k: v for k, v in data["model"].items() if k not in MODEL_SOURCES}
            data.setdefault(section, {}).update(values)
        return from_dict(data)

    def on_devices_present(self, gpus: int) -> RunSpec:
        """``devices = "auto"`` resolved against the CUDA devices present: the CPU where there are none, so
        that the estimate, validation, the worker, result.json and the report all say what is used (never a
        cuda:0 the machine lacks). Unchanged otherwise (GPUs present, a planned target, explicit devices)."""
        if self.parallel.auto and gpus == 0 and not self.parallel.hosts:
            return self.replace(parallel={"devices": "cpu"})
        return self


def _section_from_dict(name: str, cls: type, raw: Any, issues: list[SpecIssue]):
    if not isinstance(raw, dict):
        issues.append(SpecIssue(name, "type", "must be a table of keys, got %(raw)s", raw=show(raw)))
        return cls()
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in fields:
            close = closest(str(key), fields) if len(issues) < MAX_ISSUES else ""
            template = "unknown key; did you mean %(close)s?" if close else "unknown key"
            issues.append(SpecIssue(f"{name}.{show_key(key)}", "unknown_key", template, close=close))
            continue
        value, found = coerce(f"{name}.{key}", hints[key], value, fields[key].metadata)
        issues.extend(found)
        if not found:
            values[key] = value
    if name == "model" and MODEL_SOURCES & set(values) and "preset" not in raw:
        values["preset"] = None  # a model given another way replaces the default preset
    return cls(**values)


def from_dict(data: Any, *, source: str = "spec") -> RunSpec:
    """Build and validate a RunSpec; raises SpecError listing every problem."""
    if not isinstance(data, dict):
        raise SpecError(
            [
                SpecIssue(
                    source,
                    "type",
                    "must be a table of sections, got %(type)s",
                    type=type(data).__name__,
                )
            ]
        )
    issues: list[SpecIssue] = []
    schema = data.get("schema", SCHEMA_VERSION)
    if schema != SCHEMA_VERSION or isinstance(schema, bool):
        issues.append(
            SpecIssue(
                "schema",
                "schema",
                "unsupported schema version %(schema)s; this trainsizer reads %(schema_version)s",
                schema=show(schema),
                schema_version=SCHEMA_VERSION,
            )
        )
    built: dict[str, Any] = {}
    for key, raw in data.items():
        if key == "schema":
            continue
        if key not in SECTIONS:
            close = closest(str(key), SECTIONS) if len(issues) < MAX_ISSUES else ""
            template = "unknown section; did you mean %(close)s?" if close else "unknown section"
            issues.append(SpecIssue(show_key(key), "unknown_key", template, close=close))
            continue
        built[key] = _section_from_dict(key, SECTIONS[key], raw, issues)
    spec = RunSpec(**built)
    # Rules across fields are checked too, except for sections whose own fields are already wrong
    # (their defaults would stand in and could give misleading errors).
    broken = {i.path.split(".")[0] for i in issues}
    issues += [i for i in spec.issues() if i.path.split(".")[0] not in broken]
    if issues:
        raise SpecError(issues)
    return spec


def show_key(key) -> str:
    text = str(key)
    return (text if len(text) <= 60 else text[:57] + "...") or '""'


def parse_document(text: str, fmt: str, source: str) -> Any:
    """TOML or JSON text to plain data; syntax errors, numbers too long to convert and nesting too deep
    for the parser are SpecErrors naming ``source``."""
    try:
        if fmt == "json":
            return json.loads(text)
        import tomllib

        return tomllib.loads(text)
    except RecursionError:
        raise SpecError([SpecIssue(source, "syntax", "nested too deeply to be a specification")]) from None
    except ValueError as e:  # JSONDecodeError, TOMLDecodeError, and int() of thousands of digits
        kind = "JSON" if fmt == "json" else "TOML"
        raise SpecError(
            [SpecIssue(source, "syntax", "not valid %(kind)s: %(detail)s", kind=kind, detail=str(e)[:200])]
        ) from None


def loads(text: str, *, fmt: str = "toml", source: str = "spec") -> RunSpec:
    data = parse_document(text, fmt, source)
    try:
        return from_dict(data, source=source)
    except RecursionError:
        raise SpecError([SpecIssue(source, "syntax", "nested too deeply to be a specification")]) from None


def load(path: str | Path) -> RunSpec:
    """Load a .toml or .json spec; relative paths inside it are resolved against the file's folder."""
    from trainsizer.spec.files import SPEC_LIMIT, FileProblem, read_text

    path = Path(path)
    try:
        text = read_text(path, limit=SPEC_LIMIT)
    except FileProblem as e:
        rest = {k: v for k, v in e.params.items() if k != "path"}  # the issue's path names the file
        raise SpecError(
            [SpecIssue(str(path), "file", e.template.removeprefix("%(path)s: "), **rest)]
        ) from None
    fmt = "json" if path.suffix.lower() == ".json" else "toml"
    spec = loads(text, fmt=fmt, source=str(path))
    return _resolve_paths(spec, path.parent)


def _resolve_paths(spec: RunSpec, base: Path) -> RunSpec:
    for sec, key in (("model", "config"), ("model", "pretrained"), ("data", "path"), ("checkpoint", "dir")):
        value = getattr(getattr(spec, sec), key)
        if value and not Path(value).expanduser().is_absolute():
            setattr(getattr(spec, sec), key, str((base / value).resolve()))
    return spec
