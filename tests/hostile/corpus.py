"""A generated corpus of hostile inputs for the real CLI (shared by tests/hostile/test_hostile.py and
bench/hostile.py): malformed and absurd specs, every field with a wrong type and an absurd size, files that
block or never end (FIFO, /dev/zero, a socket), huge and deeply nested documents, bad model configs, bad data
paths, crafted run folders. Each case says what its message must name (the field or the file)."""

from __future__ import annotations

import dataclasses
import json
import os
import socket
import typing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from trainsizer.spec import SECTIONS, RunSpec


@dataclass
class Case:
    category: str
    name: str
    make: Callable[[Path], list[str]]  # builds the input under a folder, returns the CLI arguments
    names: str = ""  # a text the message must contain (the field or the file)
    codes: tuple[int, ...] = (2,)  # acceptable exit codes
    blocking: bool = False  # could block forever: run in a subprocess under a timeout


def _spec(tmp: Path, data: dict | str, name: str = "spec.toml") -> Path:
    path = tmp / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    elif name.endswith(".json"):
        path.write_text(json.dumps(data), encoding="utf-8")
    else:
        import tomli_w

        path.write_text(tomli_w.dumps(data), encoding="utf-8")
    return path


def _validate(data, name="spec.toml"):
    return lambda tmp: ["spec", "validate", str(_spec(tmp, data, name))]


def _base(**sections) -> dict:
    d = RunSpec().to_dict()
    for k, v in sections.items():
        d.setdefault(k, {}).update(v)
    return d


# -- every field: a wrong type and an absurd size ----------------------------------------------------------
def _wrong_value(tp) -> object:
    tp = (
        typing.get_args(tp)[0]
        if typing.get_origin(tp) in (typing.Union, __import__("types").UnionType)
        else tp
    )
    if tp is bool:
        return "yes"
    if tp in (int, float):
        return "many"
    if tp is str:
        return 7
    return 7  # list


def field_cases() -> list[Case]:
    out = []
    for section, cls in SECTIONS.items():
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            where = f"[{section}] {f.name}"
            out.append(
                Case(
                    "spec field: wrong type",
                    f"{section}.{f.name}=wrong",
                    _validate(_base(**{section: {f.name: _wrong_value(hints[f.name])}}), "spec.json"),
                    where,
                )
            )
            tp = hints[f.name]
            if tp in (int, float) and f.metadata.get("maximum") is not None:
                out.append(
                    Case(
                        "spec field: absurd size",
                        f"{section}.{f.name}=2^63",
                        _validate(_base(**{section: {f.name: 2**63}}), "spec.json"),
                        where,
                    )
                )
    return out


# -- whole documents -------------------------------------------------------------------------------------
def _fifo(tmp: Path, name: str) -> Path:
    path = tmp / name
    os.mkfifo(path)
    return path


def _socket(tmp: Path, name: str) -> Path:
    path = tmp / name
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(path))  # left bound: the file stays a socket for the case's life
    return path


def _big(tmp: Path, name: str, size: int) -> Path:
    path = tmp / name
    with open(path, "wb") as f:
        f.truncate(size)  # sparse: large without using the disk
    return path


def document_cases() -> list[Case]:
    deep_toml = "[model]\npreset = " + "[" * 5000 + "]" * 5000 + "\n"
    deep_json = "[" * 100000 + "]" * 100000
    return [
        Case(
            "spec file",
            "FIFO",
            lambda t: ["spec", "validate", str(_fifo(t, "spec.toml"))],
            "spec.toml",
            blocking=True,
        ),
        Case(
            "spec file", "/dev/zero", lambda t: ["spec", "validate", "/dev/zero"], "/dev/zero", blocking=True
        ),
        Case(
            "spec file", "socket", lambda t: ["spec", "validate", str(_socket(t, "spec.sock"))], "spec.sock"
        ),
        Case("spec file", "directory", lambda t: ["spec", "validate", str(t)], "is a directory"),
        Case(
            "spec file",
            "17 MiB",
            lambda t: ["spec", "validate", str(_big(t, "big.toml", 17 * 2**20))],
            "big.toml",
        ),
        Case(
            "spec file",
            "3 GB sparse estimate",
            lambda t: ["estimate", str(_big(t, "huge.toml", 3 * 2**30))],
            "huge.toml",
        ),
        Case("spec file", "missing", lambda t: ["spec", "validate", str(t / "none.toml")], "none.toml"),
        Case(
            "spec file",
            "binary",
            lambda t: ["spec", "validate", str(_bytes(t, "bin.toml", bytes(range(256)) * 4))],
            "bin.toml",
        ),
        Case(
            "spec file",
            "empty",
            lambda t: ["spec", "validate", str(_bytes(t, "empty.json", b""))],
            "empty.json",
        ),
        Case("spec syntax", "TOML nested 5000 deep", _validate(deep_toml), "spec.toml"),
        Case("spec syntax", "JSON nested 100000 deep", _validate(deep_json, "spec.json"), "spec.json"),
        Case(
            "spec syntax",
            "5000-digit integer (TOML)",
            _validate("[batch]\nmicro_batch = " + "9" * 5000 + "\n"),
            "spec.toml",
        ),
        Case(
            "spec syntax",
            "5000-digit integer (JSON)",
            _validate('{"batch": {"micro_batch": ' + "9" * 5000 + "}}", "spec.json"),
            "spec.json",
        ),
        Case(
            "spec syntax",
            "NaN learning rate",
            _validate('{"optimizer": {"lr": NaN}}', "spec.json"),
            "[optimizer] lr",
        ),
        Case(
            "spec syntax",
            "Infinity threshold",
            _validate('{"quality": {"threshold": Infinity}}', "spec.json"),
            "[quality] threshold",
        ),
        Case("spec syntax", "top level is a list", _validate("[1, 2]", "spec.json"), "spec.json"),
        Case("spec syntax", "section is a number", _validate('{"batch": 3}', "spec.json"), "batch"),
        Case(
            "spec flood",
            "5 MB preset name",
            _validate(_base(model={"preset": "x" * 5_000_000})),
            "[model] preset",
        ),
        Case(
            "spec flood",
            "100 000 unknown keys",
            _validate({"batch": {f"k{i}": i for i in range(100_000)}}, "spec.json"),
            "more problems",
        ),
        Case(
            "spec flood",
            "bidi controls in a value",
            _validate(_base(model={"preset": "tiny\u202ellama\u200f\x1b[31m"})),
            "[model] preset",
        ),
        Case(
            "spec flood",
            "unknown section with a control name",
            _validate({"\x1b[2Jhack": {}}, "spec.json"),
            "unknown section",
        ),
    ]


def _bytes(tmp: Path, name: str, data: bytes) -> Path:
    path = tmp / name
    path.write_bytes(data)
    return path


# -- model configs -----------------------------------------------------------------------------------------
LLAMA = {
    "model_type": "llama",
    "hidden_size": 64,
    "intermediate_size": 128,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "vocab_size": 512,
    "max_position_embeddings": 256,
}


def _config_case(name: str, config, names: str = "config.json", raw: str | None = None) -> Case:
    def make(tmp: Path) -> list[str]:
        path = tmp / "config.json"
        path.write_text(raw if raw is not None else json.dumps(config), encoding="utf-8")
        return ["spec", "validate", str(_spec(tmp, {"model": {"config": str(path)}}))]

    return Case("model config", name, make, names)


def config_cases() -> list[Case]:
    cases = [
        _config_case(f"{key} {label}", {**LLAMA, key: value}, key)
        for key in (
            "hidden_size",
            "num_hidden_layers",
            "num_attention_heads",
            "vocab_size",
            "intermediate_size",
        )
        for label, value in (("negative", -64), ("string", "big"), ("fractional", 2.5), ("zero", 0))
    ]
    cases += [
        _config_case(
            "hidden_size NaN",
            None,
            "hidden_size",
            raw=json.dumps(LLAMA).replace('"hidden_size": 64', '"hidden_size": NaN'),
        ),
        _config_case(
            "heads do not divide the width",
            {**LLAMA, "num_attention_heads": 5, "num_key_value_heads": 5},
            "not divisible",
        ),
        _config_case(
            "kv heads do not divide heads", {**LLAMA, "num_key_value_heads": 3}, "num_key_value_heads"
        ),
        _config_case("no model_type", {"hidden_size": 64}, "model_type"),
        _config_case("model_type a number", {**LLAMA, "model_type": 3}, "model_type"),
        _config_case("unknown architecture", {**LLAMA, "model_type": "no-such-arch"}, "unknown architecture"),
        _config_case("not JSON", None, "config.json", raw="{model_type: llama"),
        _config_case("nested 100000 deep", None, "config.json", raw="[" * 100000 + "]" * 100000),
        _config_case(
            "huge integer",
            None,
            "config.json",
            raw='{"model_type": "llama", "hidden_size": ' + "9" * 5000 + "}",
        ),
        Case(
            "model config",
            "FIFO",
            lambda t: [
                "spec",
                "validate",
                str(_spec(t, {"model": {"config": str(_fifo(t, "config.json"))}})),
            ],
            "config.json",
            blocking=True,
        ),
        Case(
            "model config",
            "/dev/zero",
            lambda t: ["estimate", str(_spec(t, {"model": {"config": "/dev/zero"}}))],
            "/dev/zero",
            blocking=True,
        ),
        Case(
            "model config",
            "missing",
            lambda t: ["estimate", str(_spec(t, {"model": {"config": str(t / "nope.json")}}))],
            "nope.json",
        ),
    ]
    return cases


# -- data, checkpoints, methods ------------------------------------------------------------------------------
def _data_case(
    name: str, path_of: Callable[[Path], str], names: str, fmt: str = "auto", blocking=False
) -> Case:
    def make(tmp: Path) -> list[str]:
        return [
            "spec",
            "validate",
            str(_spec(tmp, _base(data={"source": "path", "path": path_of(tmp), "format": fmt}))),
        ]

    return Case("data and run fields", name, make, names, blocking=blocking)


def run_field_cases() -> list[Case]:
    def file_at(tmp: Path, name="taken") -> str:
        (tmp / name).write_text("not a folder")
        return str(tmp / name)

    return [
        _data_case("data.path missing", lambda t: str(t / "corpus.txt"), "corpus.txt"),
        _data_case("data.path a plain folder", lambda t: str(t), "[data] path"),
        _data_case("data.path a FIFO", lambda t: str(_fifo(t, "corpus.fifo")), "corpus.fifo", blocking=True),
        _data_case("data.path /dev/zero", lambda t: "/dev/zero", "/dev/zero", blocking=True),
        _data_case("data.path a socket", lambda t: str(_socket(t, "corpus.sock")), "corpus.sock"),
        _data_case("hf-disk given a file", lambda t: file_at(t, "c.txt"), "[data] format", fmt="hf-disk"),
        Case(
            "data and run fields",
            "checkpoint.dir an existing file",
            lambda t: ["spec", "validate", str(_spec(t, _base(checkpoint={"dir": file_at(t)})))],
            "[checkpoint] dir",
        ),
        Case(
            "data and run fields",
            "checkpoint.dir /dev/null",
            lambda t: ["spec", "validate", str(_spec(t, _base(checkpoint={"dir": "/dev/null"})))],
            "[checkpoint] dir",
        ),
        Case(
            "data and run fields",
            "lora target that matches nothing",
            _validate(_base(method={"kind": "lora", "lora_targets": ["no_such_proj"]})),
            "[method] lora_targets",
        ),
        Case(
            "data and run fields",
            "flash_attention_2 on the CPU",
            _validate(_base(model={"attn_implementation": "flash_attention_2"})),
            "[model] attn_implementation",
        ),
        Case(
            "data and run fields",
            "seq_len beyond the model",
            _validate(_base(batch={"seq_len": 1_000_000})),
            "[batch] seq_len",
        ),
        Case(
            "data and run fields",
            "measure with a missing data file",
            lambda t: [
                "measure",
                str(_spec(t, _base(data={"source": "path", "path": str(t / "gone.txt")}))),
                "--out",
                str(t / "run"),
            ],
            "gone.txt",
        ),
        Case(
            "data and run fields",
            "check with a bad lora target",
            lambda t: [
                "check",
                str(_spec(t, _base(method={"kind": "lora", "lora_targets": ["nope"]}))),
                "--out",
                str(t / "run"),
            ],
            "[method] lora_targets",
        ),
    ]


# -- crafted run folders -------------------------------------------------------------------------------------
def _run_folder(tmp: Path, result: str | None, events: str | None = None) -> Path:
    run = tmp / "run"
    run.mkdir()
    if result is not None:
        (run / "result.json").write_text(result, encoding="utf-8")
    if events is not None:
        (run / "events.jsonl").write_text(events, encoding="utf-8")
    return run


def _report(result: str | None, events: str | None = None, what: str = "report", fmt: str = "html"):
    return lambda t: [what, str(_run_folder(t, result, events)), "--format", fmt, "-o", str(t / f"out.{fmt}")]


def run_folder_cases() -> list[Case]:
    ok = (0,)
    either = (0, 2)
    sample = '{"v":1,"type":"sample","t":Infinity,"rank":0,"devices":{},"host":{"rss":1}}\n'
    cases = [
        Case("run folder", "t: Infinity in events", _report('{"status": "ok"}', sample * 20), codes=ok),
        Case(
            "run folder",
            "Infinity in result.json",
            _report(
                '{"status": "ok", "measurement": {"host_rss": Infinity, '
                '"step_time_s": {"median": NaN, "count": 3}}}'
            ),
            "result.json",
            codes=either,
        ),
        Case("run folder", "result.json is a list", _report("[1, 2, 3]"), "result.json"),
        Case("run folder", "result.json nested deep", _report("[" * 100000 + "]" * 100000), "result.json"),
        Case(
            "run folder", "result.json huge integer", _report('{"status": ' + "9" * 5000 + "}"), codes=either
        ),
        Case("run folder", "result.json not JSON", _report("{status"), "result.json"),
        Case("run folder", "neither file", _report(None), "run"),
        Case(
            "run folder",
            "events only, garbage lines",
            _report(None, "not json\n\x00\x01\n{]\n" * 50),
            codes=ok,
        ),
        Case(
            "run folder",
            "result.json a FIFO",
            lambda t: ["report", str(_fifo_result(t)), "-o", str(t / "r.html")],
            "result.json",
            blocking=True,
        ),
    ]
    wrong_types = {
        "spec": "'x'",
        "environment": "[]",
        "estimate": "3",
        "measurement": "'m'",
        "quality": "[1]",
        "resume": "true",
        "checks": "{}",
        "verdict": "{}",
        "status": "[]",
    }
    for key, value in wrong_types.items():
        for what, fmt in (("report", "html"), ("request", "md"), ("request", "eml")):
            cases.append(
                Case(
                    "run folder",
                    f"{key} of the wrong type ({what} {fmt})",
                    _report(json.dumps({key: json.loads(value.replace("'", '"'))}), None, what, fmt),
                    codes=ok,
                )
            )
    nested_wrong = [
        '{"checks": [{"id": 3, "status": [], "reason": {}}]}',
        '{"measurement": {"peak": {"cuda:0": "x"}, "step_time_s": "fast"}}',
        '{"estimate": {"devices": {"cuda:0": 5}, "host": []}}',
        '{"spec": {"batch": [], "model": {"preset": 5}}}',
        '{"resume": {"checkpoint_bytes": "many"}}',
        '{"environment": {"gpus": [1, "x"], "host": 3}}',
    ]
    for i, text in enumerate(nested_wrong):
        for what, fmt in (("report", "html"), ("request", "md")):
            cases.append(
                Case(
                    "run folder",
                    f"nested wrong types #{i} ({what})",
                    _report(text, None, what, fmt),
                    codes=either,
                )
            )
    return cases


def _fifo_result(tmp: Path) -> Path:
    run = tmp / "run"
    run.mkdir()
    os.mkfifo(run / "result.json")
    (run / "events.jsonl").write_text("")
    return run


def all_cases() -> list[Case]:
    return field_cases() + document_cases() + config_cases() + run_field_cases() + run_folder_cases()


@dataclass
class Outcome:
    code: int | None  # None: it did not finish in time (a hang)
    stderr: str
    seconds: float


def run_case(case: Case, tmp: Path, timeout: float = 60.0) -> Outcome:
    """The real CLI on the case: in this process (stdout/stderr captured), or in a subprocess under a timeout
    for inputs that could block."""
    import contextlib
    import io
    import subprocess
    import sys
    import time

    tmp.mkdir(parents=True, exist_ok=True)
    argv = case.make(tmp)
    t0 = time.perf_counter()
    if case.blocking:
        try:
            p = subprocess.run(
                [sys.executable, "-m", "trainsizer", *argv],
                capture_output=True,
                text=True,
                timeout=timeout,
                env=dict(os.environ, HF_HUB_OFFLINE="1"),
            )
        except subprocess.TimeoutExpired as e:
            return Outcome(
                None,
                (e.stderr or b"").decode() if isinstance(e.stderr, bytes) else (e.stderr or ""),
                time.perf_counter() - t0,
            )
        return Outcome(p.returncode, p.stderr, time.perf_counter() - t0)
    from trainsizer import cli

    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = cli.main(argv)
    return Outcome(code, err.getvalue(), time.perf_counter() - t0)


def problems(case: Case, outcome: Outcome) -> list[str]:
    """What is wrong with an outcome: a hang, exit 3, a traceback, a message that names nothing, a flood."""
    found = []
    if outcome.code is None:
        return ["hang"]
    if outcome.code not in case.codes and outcome.code not in (0, 1, 2):
        found.append(f"exit {outcome.code}")
    elif outcome.code not in case.codes:
        found.append(f"exit {outcome.code}, expected {case.codes}")
    if "Traceback" in outcome.stderr or "internal error" in outcome.stderr:
        found.append("traceback")
    if case.names and outcome.code == 2 and case.names not in outcome.stderr:
        found.append(f"message does not name {case.names!r}")
    if len(outcome.stderr) > 40_000 or any(c in outcome.stderr for c in "\x1b\u202e\u200f\x00"):
        found.append("flood or raw control characters")
    return found
