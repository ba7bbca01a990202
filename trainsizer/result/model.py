"""The result of a run (result.json, schema ``trainsizer.result/2``): its shape in code (the parts, their
inner shapes and the types of the leaves readers use), the enums of its codes, the one constructor of a new
result, the one function that settles its status, checks and verdict, and the one reader that validates a
file — so that no reader guards every key itself and no writer works a status out on its own.

Schema history: /1 (until 2026-12-04) wrote a failed remote run's ``error`` as {code, message}; /2 writes
``error`` (a sentence) and ``error_kind`` (its code), and may carry ``probe``. The reader takes both."""

from __future__ import annotations

import datetime
import enum
from typing import Any, TypedDict

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
# ``part`` fills what a part lacks and replaces what has the wrong type, so that a reader indexes instead of
# guarding every level with ``.get(...) or {}``.
_SECTIONS = (
    "model", "method", "precision", "optimizer", "batch", "parallel", "data", "quality", "engine",
    "checkpoint", "measure",
)  # fmt: skip
NUMBER = (int, float)  # a leaf that must be a number (a bool is not one)
# Leaves: a type (or a tuple of types) that a value must have, else the reader names it and leaves it out.
STEP_TIMES = {k: NUMBER for k in ("median", "p95", "min", "max", "mean")} | {"count": int}
SHAPES: dict[str, dict[str, Any]] = {
    "spec": {k: {} for k in _SECTIONS},
    "environment": {"host": {}, "nvml": {"topology": {}}, "versions": {}, "gpus": []},
    "estimate": {"devices": {"*": {"items": {}}}, "host": {}, "notes": [], "time": {"seconds": NUMBER}},
    "measurement": {
        "peak": {"*": {}},
        "anatomy": {"*": {"basis": {}}},
        "step_time_s": STEP_TIMES,
        "oom": {},
        "engine": {"name": str},
        "tokens_per_s": NUMBER,
        "tokens_per_s_assumed": NUMBER,  # a command's: the spec's batch over its measured step
        "tokens_per_step": int,
        "tokens_basis": str,  # measured (absent) | trainer_batches (counted by the hook) | spec_batch
        "samples_per_s": NUMBER,
        "tflops": NUMBER,
        "host_rss": NUMBER,
        "host_processes": int,
        "step_time_left_out": {"warmup": int, "evaluation": int},
        "host_rss_largest": {"pid": int, "name": str, "rss": NUMBER},
    },
    "quality": {"peak": {"*": {}}, "before": NUMBER, "after": NUMBER},
    "resume": {
        "saved_at": [],
        "checkpoint_bytes": NUMBER,
        "save_s": NUMBER,
        "load_s": NUMBER,
        "max_abs_loss_diff": NUMBER,
    },
    "probe": {"figures": [], "summary": []},
}


def _conform(value: Any, shape: Any, where: str = "", problems: list[str] | None = None) -> Any:
    """A copy of ``value`` in ``shape`` (see SHAPES): a container of the wrong type becomes an empty one,
    missing keys are filled, a leaf of the wrong type becomes None (named in ``problems``); the result itself
    is never changed (what is written stays what ran)."""
    if isinstance(shape, type | tuple):
        ok = value is None or (isinstance(value, shape) and not isinstance(value, bool))
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


def part(result: dict[str, Any], key: str) -> dict[str, Any]:
    """A part of a result as a dict in its SHAPES, empty (with its inner parts) when it did not run; use
    ``result[key] is None`` to tell "did not run" apart."""
    return shaped(key, result.get(key))


def shaped(key: str, value: Any) -> dict[str, Any]:
    """``value`` (a part named ``key``, or None) in that part's SHAPES; see ``part``."""
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
    in the reader's language (``error_text``)."""
    out: dict[str, Any] = {"error": str(message), "error_kind": str(ErrorKind(kind))}
    if isinstance(message, Problem):
        out["error_words"] = message.as_data()
    return out


def error_text(result, t=None) -> str | None:
    """Why the run failed, in the language of ``t`` (a translator of templates; English without one): the
    worded ``error_words`` when the result has them, else ``error`` as it was written."""
    from trainsizer.problem import words_of

    worded = words_of(result.get("error_words"), t) if t else None
    return worded or result.get("error")


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
