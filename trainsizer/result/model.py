"""The result of a run (result.json, schema ``trainsizer.result/2``): its shape in code (the parts, their
inner shapes and the types of the leaves readers use), the enums of its codes, the one constructor of a new
result, the one function that settles its status, checks and verdict, and the one reader that validates a
file — so that no reader guards every key itself and no writer works a status out on its own.

Schema history: /1 (until 2026-12-04) wrote a failed remote run's ``error`` as {code, message}; /2 writes
``error`` (a sentence) and ``error_kind`` (its code), and may carry ``probe``. The reader takes both."""

from __future__ import annotations

import datetime
import enum
import functools
import typing
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypedDict

from trainsizer import __version__
from trainsizer.problem import Problem
from trainsizer.vocab import CHECK_IDS, CHECK_STATUSES, RUN_STATUSES, VERDICTS

SCHEMA_VERSION = 2
RESULT_SCHEMA = f"trainsizer.result/{SCHEMA_VERSION}"
READABLE_SCHEMAS = ("trainsizer.result/1", RESULT_SCHEMA)


class Status(enum.StrEnum):
    """How the run ended (vocab.RUN_STATUSES)."""

    OK = "ok"
    OOM = "oom"
    FAILED = "failed"
    CRASH = "crash"
    CANCELLED = "cancelled"


class CheckStatus(enum.StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    NOT_RUN = "not_run"


class Verdict(enum.StrEnum):
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    INCOMPLETE = "incomplete"


class CheckId(enum.StrEnum):
    """The five acceptance checks, in the order they are shown (vocab.CHECK_IDS)."""

    RECORDED = "recorded"
    PLACEMENT = "placement"
    PEAK_AND_STEP = "peak_and_step"
    QUALITY = "quality"
    RESUME = "resume"


class ErrorKind(enum.StrEnum):
    """Why a run could not be carried out (``error_kind``): the server (docs/remote.md), the scheduler
    (docs/remote.md, "A cluster through Slurm") or a failure of its own; ``error`` says it in words."""

    # a test server over SSH (runs/remote.py)
    NO_SSH = "no_ssh"
    UNKNOWN_HOST = "unknown_host"
    UNREACHABLE = "unreachable"
    HOST_KEY_UNKNOWN = "host_key_unknown"
    HOST_KEY_CHANGED = "host_key_changed"
    LOGIN_REFUSED = "login_refused"
    SSH_FAILED = "ssh_failed"
    NO_PYTHON = "no_python"
    NOT_INSTALLED = "not_installed"
    VERSION_MISMATCH = "version_mismatch"
    UNSUPPORTED = "unsupported"
    SCRATCH_FAILED = "scratch_failed"
    UPLOAD_FAILED = "upload_failed"
    REMOTE_COMMAND_FAILED = "remote_command_failed"
    NO_WHEEL = "no_wheel"
    SETUP_FAILED = "setup_failed"
    CONNECTION_LOST = "connection_lost"
    NO_RESULT = "no_result"
    # a Slurm cluster (runs/slurm.py: what sbatch/sinfo said, and why Slurm ended a job)
    NO_SLURM = "no_slurm"
    SINFO_FAILED = "sinfo_failed"
    NO_NODES = "no_nodes"
    NO_GPUS = "no_gpus"
    UNKNOWN_GPU = "unknown_gpu"
    SBATCH_REFUSED = "sbatch_refused"
    JOB_DIR_FAILED = "job_dir_failed"
    TIME_LIMIT = "time_limit"
    NODE_FAILED = "node_failed"
    PREEMPTED = "preempted"
    CANCELLED = "cancelled"
    OOM = "oom"
    # anything else: the run failed (a schema /1 error without a code reads as this)
    FAILED = "failed"


assert tuple(Status) == RUN_STATUSES and tuple(CheckStatus) == CHECK_STATUSES and tuple(Verdict) == VERDICTS
assert tuple(CheckId) == CHECK_IDS


class Check(TypedDict):
    id: str  # a CheckId
    status: str  # a CheckStatus
    code: str  # ui_common.messages.MESSAGES: the evidence, worded at the edges
    params: dict[str, Any]


class Result(TypedDict, total=False):
    """result.json as it is written (the writer's side: engines and targets fill it part by part)."""

    schema: str
    tool_version: str
    created: str
    finished: str
    spec: dict[str, Any]
    environment: dict[str, Any] | None
    estimate: dict[str, Any] | None
    measurement: dict[str, Any] | None
    quality: dict[str, Any] | None
    resume: dict[str, Any] | None
    probe: dict[str, Any] | None  # the newest readiness probe of the machine that ran (trainsizer probe)
    stages: dict[str, float]
    status: str  # vocab.RUN_STATUSES
    error: str  # the reason, in words (what failed and how to fix it)
    error_kind: str  # its code: an ErrorKind (connection_lost, unreachable, time_limit, ...)
    write_errors: list[str]
    checks: list[Check]
    verdict: str  # vocab.VERDICTS


# -- the typed model (the readers' side) ------------------------------------------------------------------
# Each part a reader uses is a frozen dataclass whose annotations are the types of its leaves: ``Part.of``
# builds one from the part as written, leaving out (and naming) each leaf of the wrong type, and keeps the
# whole part in ``raw`` so that nothing written is lost (a reader of an untyped key says ``raw``). The
# shapes ``shaped`` gives the writers' dicts are derived from the same annotations (SHAPES).
Number = float  # an annotation: int or float, never a bool (JSON has one number type)


@dataclass(frozen=True)
class Part:
    raw: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    INNER: ClassVar[dict[str, Any]] = {}  # inner shapes of a field's values the annotation cannot say

    @classmethod
    def of(cls, value: Any, where: str = "", problems: list[str] | None = None):
        """The part ``value`` (a dict as written) typed, or None when it is not a dict."""
        if not isinstance(value, dict):
            return None
        kw = {
            name: _typed(value[name], hint, f"{where}.{name}", problems)
            for name, hint in _hints(cls).items()
            if name in value
        }
        for name, shape in cls.INNER.items():  # the values' inner shapes (per device: its basis, say)
            kw[name] = _conform(kw.get(name), shape)
        return cls(raw=value, **{k: v for k, v in kw.items() if v is not None or _optional(_hints(cls)[k])})

    def get(self, key: str, default: Any = None) -> Any:
        """A key as written, also one this part does not type (a figure of a newer worker, say)."""
        return self.raw.get(key, default)

    def __bool__(self) -> bool:
        """Whether the stage that writes this part ran (an empty part stands in for one that did not)."""
        return bool(self.raw)


def _optional(hint: Any) -> bool:
    return type(None) in typing.get_args(hint)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return {k: v for k, v in typing.get_type_hints(cls).items() if k != "raw" and not k.isupper()}


def _strip(hint: Any) -> Any:
    """``hint`` without its None (``X | None``: X; a union of several types: Any)."""
    args = [a for a in typing.get_args(hint) if a is not type(None)] if _optional(hint) else [hint]
    return args[0] if len(args) == 1 else Any


def _leaf(hint: Any) -> Any:
    """The type a leaf annotated ``hint`` must have (a part's class, a container, a type, or Any)."""
    inner = _strip(hint)
    return typing.get_origin(inner) or inner


def _dict_of_dicts(hint: Any) -> bool:
    """Whether ``hint`` is a map whose values are dicts (per device: its figures)."""
    args = typing.get_args(_strip(hint))
    return len(args) == 2 and _leaf(args[1]) is dict


def _typed(value: Any, hint: Any, where: str, problems: list[str] | None) -> Any:
    kind = _leaf(hint)
    if isinstance(kind, type) and issubclass(kind, Part):
        if value is not None and not isinstance(value, dict) and problems is not None:
            problems.append(f"result.json: {where} is {type(value).__name__}, not a dict; left out")
        return kind.of(value, where, problems) or kind()
    if kind is Any:
        return value
    if kind in (dict, list):
        if isinstance(value, kind):
            if kind is dict and _dict_of_dicts(hint):
                return {k: v if isinstance(v, dict) else {} for k, v in value.items()}
            return value
        if value is not None and problems is not None:
            problems.append(
                f"result.json: {where} is {type(value).__name__}, not a {kind.__name__}; left out"
            )
        return None if _optional(hint) else kind()
    return _conform(value, NUMBER if kind is float else kind, where, problems)


def shape_of(cls: type) -> dict[str, Any]:
    """The SHAPES entry of a part's class: its nested parts, containers and typed leaves."""
    out: dict[str, Any] = {}
    for name, hint in _hints(cls).items():
        kind = _leaf(hint)
        if name in cls.INNER:
            out[name] = cls.INNER[name]
        elif isinstance(kind, type) and issubclass(kind, Part):
            out[name] = shape_of(kind)
        elif kind is dict:
            out[name] = {"*": {}} if _dict_of_dicts(hint) else {}
        elif kind is list:
            out[name] = []
        elif kind is not Any:
            out[name] = NUMBER if kind is float else kind
    return out


@dataclass(frozen=True)
class StepTimes(Part):
    median: Number | None = None
    p95: Number | None = None
    min: Number | None = None
    max: Number | None = None
    mean: Number | None = None
    count: int | None = None


@dataclass(frozen=True)
class LeftOut(Part):
    """Steps left out of the step-time statistics, and why."""

    warmup: int | None = None
    evaluation: int | None = None


@dataclass(frozen=True)
class Process(Part):
    pid: int | None = None
    name: str | None = None
    rss: Number | None = None


@dataclass(frozen=True)
class EngineInfo(Part):
    name: str | None = None
    versions: dict[str, Any] = field(default_factory=dict)
    command: list[Any] = field(default_factory=list)  # the customer's command, as it ran


@dataclass(frozen=True)
class Measurement(Part):
    """The measured steps (worker/measure.py, runs/command.py): memory per device, time, throughput."""

    INNER: ClassVar[dict[str, Any]] = {"anatomy": {"*": {"basis": {}}}}
    peak: dict[str, dict[str, Any]] = field(
        default_factory=dict
    )  # per device: allocated, reserved, nvml_used
    anatomy: dict[str, dict[str, Any]] = field(default_factory=dict)  # per device: item → bytes, and basis
    phase_memory: dict[str, Any] = field(default_factory=dict)
    step_time_s: StepTimes = field(default_factory=StepTimes)
    step_time_left_out: LeftOut = field(default_factory=LeftOut)
    oom: dict[str, Any] = field(default_factory=dict)  # empty unless the run ran out of memory
    failure: Any = None  # why it failed: a sentence, or {kind, phase, step, errno, message} from the worker
    engine: EngineInfo = field(default_factory=EngineInfo)
    tokens_per_s: Number | None = None
    tokens_per_s_assumed: Number | None = None  # a command's: the spec's batch over its measured step
    tokens_per_step: int | None = None
    tokens_basis: str | None = None  # measured (absent) | trainer_batches (counted by the hook) | spec_batch
    samples_per_s: Number | None = None
    tflops: Number | None = None
    mfu: Number | None = None
    peak_tflops: Number | None = None
    peak_basis: str | None = None
    host_rss: Number | None = None
    host_uss: Number | None = None
    host_rss_training_only: Number | None = None
    host_processes: int | None = None
    host_rss_largest: Process = field(default_factory=Process)
    peak_includes_eval: bool | None = None
    world_size: int | None = None
    threads: int | None = None
    wall_s: Number | None = None  # a command's wall-clock time
    exit_code: int | None = None
    steps_observed: int | None = None
    step_source: str | None = None
    stderr_tail: list[str] = field(default_factory=list)
    left_behind: int | None = None  # processes a command left running (stopped by trainsizer)
    data: dict[str, Any] = field(default_factory=dict)
    model: dict[str, Any] | None = None  # a command's live model, as the hook read it
    # several ranks: their own all-reduce after the timed steps, {"all_reduce": {bus_gbs, bytes, seconds,
    # iterations, ranks, backend}} (worker/probe.all_reduce_bus)
    collectives: dict[str, dict[str, Any]] = field(default_factory=dict)

    def gpu_peaks(self) -> dict[str, Number]:
        """The largest measured figure (reserved, NVML used, allocated) of each CUDA device that has one."""
        return {
            dev: max(v for v in (p.get("reserved"), p.get("nvml_used"), p.get("allocated")) if v is not None)
            for dev, p in self.peak.items()
            if dev.startswith("cuda")
            and any(p.get(k) is not None for k in ("reserved", "nvml_used", "allocated"))
        }


@dataclass(frozen=True)
class Quality(Part):
    """The agreed metric before and after training, on held-out data (worker/quality.py)."""

    peak: dict[str, dict[str, Any]] = field(default_factory=dict)
    metric: str | None = None
    before: Number | None = None
    after: Number | None = None
    rule: str | None = None
    threshold: Number | None = None
    improvement: Number | None = None
    passed: bool | None = None
    pending: bool | None = None
    code: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    reason: str | None = None
    engine: EngineInfo = field(default_factory=EngineInfo)  # the engine that ran it
    host_rss: Number | None = None


@dataclass(frozen=True)
class Resume(Part):
    """Save, stop, load, continue — compared with the run that did not stop (worker/resume.py)."""

    saved_at: list[Any] = field(default_factory=list)
    steps: int | None = None
    checkpoint_bytes: Number | None = None
    save_s: Number | None = None
    load_s: Number | None = None
    max_abs_loss_diff: Number | None = None
    max_abs_param_diff: Number | None = None
    noise_floor: Any = None  # a number (one bound) or {figure: bound}
    noise_floor_note: str | None = None
    noise_floor_basis: str | None = None
    passed: bool | None = None
    pending: bool | None = None
    code: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    reason: str | None = None
    engine: EngineInfo = field(default_factory=EngineInfo)  # the engine that ran it


@dataclass(frozen=True)
class Nvml(Part):
    status: str | None = None
    message: str | None = None
    driver_version: str | None = None
    cuda_driver_version: Any = None
    topology: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Environment(Part):
    """What the run ran on (runs/environment.py): the host, its GPUs, NVML, the versions."""

    host: dict[str, Any] = field(default_factory=dict)
    nvml: Nvml = field(default_factory=Nvml)
    versions: dict[str, Any] = field(default_factory=dict)
    gpus: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class RunError:
    """Why a run could not be carried out: the sentence (English), its code and its words (failed_with)."""

    message: str
    kind: ErrorKind = ErrorKind.FAILED
    words: dict[str, Any] | None = None  # the problem's template and parameters, worded at the edges

    def text(self, t=None) -> str:
        """In the language of ``t`` (a translator of templates; English without one)."""
        from trainsizer.problem import words_of

        return (words_of(self.words, t) if t else None) or self.message


@dataclass(frozen=True)
class CheckResult:
    id: CheckId
    status: CheckStatus
    code: str  # ui_common.messages.MESSAGES: the evidence, worded at the edges
    params: dict[str, Any]
    reason: str | None = None  # an older result's English evidence, where it has no code

    def as_data(self) -> dict[str, Any]:
        out = {"id": str(self.id), "status": str(self.status), "code": self.code, "params": self.params}
        return out | ({"reason": self.reason} if self.reason and not self.code else {})


@dataclass(frozen=True)
class RunResult:
    """A result as readers read it: every part typed — an empty part (false) where its stage did not run, so
    that a reader indexes instead of guarding —, the status, the error, the checks and the verdict as enums.
    The spec, the estimate and the probe are the dicts of their own producers in their SHAPES (the spec's
    model is trainsizer.spec; the estimator's report and the probe's document are theirs); ``raw`` is the
    result as read."""

    raw: dict[str, Any] = field(repr=False, compare=False)
    spec: dict[str, Any]
    estimate: dict[str, Any]  # empty (in its shape) when nothing was estimated
    environment: Environment
    measurement: Measurement
    quality: Quality
    resume: Resume
    probe: dict[str, Any] | None  # None: no probe of the machine that ran
    target: dict[str, Any]  # where it ran as the person named it: host, hosts, slurm (empty: this machine)
    stages: dict[str, float]
    status: Status | None
    error: RunError | None
    checks: tuple[CheckResult, ...]
    verdict: Verdict
    created: str | None = None
    finished: str | None = None
    tool_version: str | None = None

    @classmethod
    def of(cls, result: dict[str, Any], problems: list[str] | None = None) -> RunResult:
        """The typed form of ``result`` (as ``normalize`` or ``read_result_file`` gave it)."""

        def typed(key: str, kind: type[Part]):
            return kind.of(result.get(key), key, problems) or kind()

        def shaped_or_none(key: str):
            return shaped(key, result[key]) if isinstance(result.get(key), dict) else None

        err, kind, words = result.get("error"), result.get("error_kind"), result.get("error_words")
        if isinstance(err, dict) and isinstance(err.get("message"), str):  # schema /1, not yet normalized
            err, kind = err["message"], err.get("code")
        checks = []
        checks_written = result.get("checks")
        for c in checks_written if isinstance(checks_written, list) else ():
            try:
                checks.append(
                    CheckResult(
                        CheckId(c["id"]),
                        CheckStatus(c["status"]),
                        str(c.get("code") or ""),
                        c["params"] if isinstance(c.get("params"), dict) else {},
                        str(c["reason"]) if c.get("reason") else None,
                    )
                )
            except (KeyError, TypeError, ValueError):
                if problems is not None:
                    problems.append(
                        f"result.json: a check {str(c)[:80]} is not one trainsizer makes; left out"
                    )
        status = result.get("status")
        verdict = result.get("verdict")
        return cls(
            raw=result,
            spec=shaped("spec", result.get("spec")),
            estimate=shaped("estimate", result.get("estimate")),
            environment=typed("environment", Environment),
            measurement=typed("measurement", Measurement),
            quality=typed("quality", Quality),
            resume=typed("resume", Resume),
            probe=shaped_or_none("probe"),
            target=result["target"] if isinstance(result.get("target"), dict) else {},
            stages={k: v for k, v in shaped("stages", result.get("stages")).items() if isinstance(v, NUMBER)},
            status=Status(status) if status in set(Status) else None,
            error=RunError(
                err,
                ErrorKind(kind) if kind in set(ErrorKind) else ErrorKind.FAILED,
                words if isinstance(words, dict) else None,
            )
            if isinstance(err, str)
            else None,
            checks=tuple(checks),
            verdict=Verdict(verdict) if verdict in set(Verdict) else Verdict.INCOMPLETE,
            created=result.get("created") if isinstance(result.get("created"), str) else None,
            finished=result.get("finished") if isinstance(result.get("finished"), str) else None,
            tool_version=result.get("tool_version") if isinstance(result.get("tool_version"), str) else None,
        )

    @property
    def spec_given(self) -> bool:
        """Whether the result records the spec that ran (a result made when nothing started has none)."""
        return bool(self.raw.get("spec"))


ABSENT = object()  # a part that stays absent when a result lacks it
# The parts a reader may rely on: the type each must have (a part of another type is left out and named), and
# what stands in for it when a result lacks it.
PARTS: dict[str, tuple[type, Any]] = {
    "spec": (dict, None),
    "environment": (dict, None),
    "estimate": (dict, None),
    "measurement": (dict, None),
    "quality": (dict, None),
    "resume": (dict, None),
    "probe": (dict, ABSENT),
    "checks": (list, list),
    "verdict": (str, "incomplete"),
    "status": (str, None),
    "stages": (dict, dict),
    "error": (str, ABSENT),
    "error_kind": (str, ABSENT),
    "error_words": (dict, ABSENT),  # the error's template and parameters (failed_with), schema /2 and later
    "created": (str, ABSENT),
}


# The inner shape of each part that readers walk: a dict ({...}: its keys; "*": every value) or a list ([]).
# ``part`` fills what a part lacks and replaces what has the wrong type, so that a writer indexes instead of
# guarding every level. The typed parts' shapes come from their dataclasses.
_SECTIONS = (
    "model", "method", "precision", "optimizer", "batch", "parallel", "data", "quality", "engine",
    "checkpoint", "measure",
)  # fmt: skip
NUMBER = (int, float)  # a leaf that must be a number (a bool is not one)
SHAPES: dict[str, dict[str, Any]] = {
    "spec": {k: {} for k in _SECTIONS},
    "environment": shape_of(Environment),
    "estimate": {"devices": {"*": {"items": {}}}, "host": {}, "notes": [], "time": {"seconds": NUMBER}},
    "measurement": shape_of(Measurement),
    "quality": shape_of(Quality),
    "resume": shape_of(Resume),
    "probe": {"figures": [], "summary": []},
}


def _conform(value: Any, shape: Any, where: str = "", problems: list[str] | None = None) -> Any:
    """A copy of ``value`` in ``shape`` (see SHAPES): a container of the wrong type becomes an empty one,
    missing keys are filled, a leaf of the wrong type becomes None (named in ``problems``); the result itself
    is never changed (what is written stays what ran)."""
    if isinstance(shape, type | tuple):
        ok = value is None or (isinstance(value, shape) and (shape is bool or not isinstance(value, bool)))
        if not ok and problems is not None:
            want = "a number" if shape is NUMBER else f"a {getattr(shape, '__name__', shape)}"
            problems.append(f"result.json: {where} is {type(value).__name__}, not {want}; left out")
        return value if ok else None
    if isinstance(shape, list):
        return value if isinstance(value, list) else []
    value = dict(value) if isinstance(value, dict) else {}
    for key, inner in shape.items():
        if key == "*":
            for k, v in list(value.items()):
                value[k] = _conform(v, inner, f"{where}.{k}", problems)
        else:
            value[key] = _conform(value.get(key), inner, f"{where}.{key}", problems)
    return value


def shaped(key: str, value: Any) -> dict[str, Any]:
    """``value`` (a part named ``key``, or None) in that part's SHAPES: empty (with its inner parts) when it
    did not run, so that a writer indexes instead of guarding."""
    return _conform(value, SHAPES.get(key, {}))


class ResultFileError(Problem, ValueError):
    """result.json cannot be read as a result; the message names the file."""


def now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def new_result(spec) -> Result:
    """A result before anything ran: every part present, each None until its stage fills it."""
    result: Result = {
        "schema": RESULT_SCHEMA,
        "tool_version": __version__,
        "created": now(),
        "spec": spec.to_dict(),
    }
    for key, (_, default) in PARTS.items():
        if key not in result and default is not ABSENT:
            result[key] = default() if callable(default) else default
    return result


def failed_with(kind: str, message) -> dict[str, Any]:
    """The parts that say why a run failed: ``error`` (a sentence) and ``error_kind`` (its code, an ErrorKind:
    a kind not in the vocabulary is a bug here, never a word a reader cannot look up); for a problem of
    trainsizer's (trainsizer.problem) also ``error_words``, its template and parameters, which the edges word
    in the reader's language (``RunError.text``)."""
    out: dict[str, Any] = {"error": str(message), "error_kind": str(ErrorKind(kind))}
    if isinstance(message, Problem):
        out["error_words"] = message.as_data()
    return out


def normalize(result: dict[str, Any], problems: list[str] | None = None) -> Result:
    """A result as readers may rely on it: parts of the wrong type left out (each named in ``problems``),
    leaves of the wrong type in the parts readers walk left out (named), checks that are not objects dropped,
    every part present (missing ones filled with their stand-ins), an older schema's fields as today's."""
    err = result.get("error")
    if isinstance(err, dict) and isinstance(err.get("message"), str):  # schema /1: a remote run's error
        code = err.get("code")
        result.update(failed_with(code if code in set(ErrorKind) else "failed", err["message"]))
    for key, (kind, default) in PARTS.items():
        value = result.get(key)
        if value is not None and not isinstance(value, kind):
            if problems is not None:
                problems.append(
                    f"result.json: {key} is a {type(value).__name__}, not a {kind.__name__}; left out"
                )
            value = None
            del result[key]
        if value is None and default is not ABSENT:
            result[key] = default() if callable(default) else default
    result["checks"] = [c for c in result["checks"] if isinstance(c, dict)]
    for key, shape in SHAPES.items():
        if isinstance(result.get(key), dict):  # the parts as written, with their bad leaves left out
            result[key] = _merge_valid(result[key], shape, key, problems)
    return result  # type: ignore[return-value]


def _merge_valid(value: dict, shape: dict, where: str, problems: list[str] | None) -> dict:
    """``value`` with every leaf of the wrong type that SHAPES names set to None (nothing added)."""
    out = dict(value)
    for key, inner in shape.items():
        keys = list(out) if key == "*" else [key] if key in out else []
        for k in keys:
            v = out[k]
            if isinstance(inner, type | tuple):
                out[k] = _conform(v, inner, f"{where}.{k}", problems)
            elif isinstance(inner, dict) and isinstance(v, dict):
                out[k] = _merge_valid(v, inner, f"{where}.{k}", problems)
    return out


def read_result_file(path) -> tuple[Result, list[str]]:
    """The one reader of result.json: a regular file within the size limit (never a FIFO or a device), numbers
    that are not finite read as not available, the parts normalized; returns the result and what was wrong
    with it. Raises FileProblem (missing, not a regular file, too large) or ResultFileError."""
    import json

    from trainsizer.spec.files import TEXT_LIMIT, read_text

    text = read_text(path, limit=TEXT_LIMIT)
    nonfinite: list[str] = []
    try:
        data = json.loads(text, parse_constant=lambda name: nonfinite.append(name))
    except (ValueError, RecursionError) as e:  # also integers of thousands of digits, nesting too deep
        raise ResultFileError(
            "%(path)s: cannot be read (%(said)s)", path=str(path), said=str(e)[:200]
        ) from None
    if not isinstance(data, dict):
        raise ResultFileError("%(path)s: not a trainsizer result", path=str(path))
    schema = data.get("schema")
    if isinstance(schema, str) and schema.startswith("trainsizer.result/") and schema not in READABLE_SCHEMAS:
        raise ResultFileError(
            "%(path)s: schema is %(schema)r, newer than this trainsizer reads (%(readable)s); "
            "update trainsizer to read it",
            path=str(path),
            schema=schema,
            readable=RESULT_SCHEMA,
        )
    problems = []
    if nonfinite:
        problems.append(
            f"result.json: {len(nonfinite)} numbers were not finite ({', '.join(sorted(set(nonfinite)))}); "
            "shown as not available"
        )
    return normalize(data, problems), problems


# -- the one status ---------------------------------------------------------------------------------------
def run_status(result: dict[str, Any]) -> str:
    """How the run ended, from what it recorded: cancelled (a cancel was asked, or the measurement says so),
    oom, failed (the measurement failed, a stage raised, or nothing was measured), else ok."""
    meas = result.get("measurement")
    meas = meas if isinstance(meas, dict) else None
    if result.get("cancelled") or (meas is not None and meas.get("failure") == "cancelled"):
        return Status.CANCELLED
    if meas is not None and meas.get("oom"):
        return Status.OOM
    if meas is None or meas.get("failure") or isinstance(result.get("error"), str):
        return Status.FAILED
    return Status.OK


def settle(result: dict[str, Any]) -> dict[str, Any]:
    """The status, the five checks and the verdict of ``result``, computed in one place from what it
    recorded (result.checks.evaluate for the checks; the verdict from their statuses)."""
    from trainsizer.result.checks import evaluate

    result["schema"] = RESULT_SCHEMA
    result["status"] = str(run_status(result))
    checks, verdict = evaluate(result)
    result["checks"], result["verdict"] = checks, str(verdict)
    return result


def verdict_of(statuses: list[str]) -> str:
    """rejected when a check failed, incomplete when one did not run, else accepted."""
    if CheckStatus.FAILED in statuses:
        return Verdict.REJECTED
    if CheckStatus.NOT_RUN in statuses:
        return Verdict.INCOMPLETE
    return Verdict.ACCEPTED
