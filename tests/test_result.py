"""The result model (trainsizer/result): one status function, one reader that validates (older schemas read,
newer ones refused by name, wrong leaves named and left out), and the targets a run can go to."""

from __future__ import annotations

import json

import pytest

from trainsizer.result.model import RESULT_SCHEMA, ResultFileError, read_result_file, run_status, settle
from trainsizer.spec import RunSpec

OK_MEAS = {"step_time_s": {"count": 3, "median": 0.2}, "peak": {"cpu": {"allocated": 1}}}


@pytest.mark.parametrize(
    "result,status",
    [
        ({"measurement": OK_MEAS}, "ok"),
        ({"measurement": {**OK_MEAS, "oom": {"phase": "forward", "step": 0}}}, "oom"),
        ({"measurement": {"failure": "data: too short"}}, "failed"),
        ({"measurement": {"failure": "cancelled"}}, "cancelled"),
        ({"measurement": OK_MEAS, "cancelled": True}, "cancelled"),  # a cancel in a later stage
        ({"measurement": OK_MEAS, "error": "OSError: disk full"}, "failed"),  # a later stage raised
        ({"measurement": None, "error": "gpu1: cannot connect"}, "failed"),
        ({"measurement": None}, "failed"),  # nothing measured is never ok
    ],
)
def test_one_function_says_how_a_run_ended(result, status):
    assert run_status(result) == status


def test_settle_gives_status_checks_and_verdict_together():
    r = settle({"spec": RunSpec().to_dict(), "environment": {"host": {}}, "measurement": OK_MEAS})
    assert r["status"] == "ok" and r["schema"] == RESULT_SCHEMA
    assert [c["id"] for c in r["checks"]] == ["recorded", "placement", "peak_and_step", "quality", "resume"]
    assert r["verdict"] == "incomplete"  # quality and resume did not run
    unreached = settle({"spec": RunSpec().to_dict(), "measurement": None, "error": "gpu1: cannot connect"})
    checks = {c["id"]: c for c in unreached["checks"]}
    assert unreached["verdict"] == "incomplete" and checks["recorded"]["status"] == "not_run"
    assert checks["peak_and_step"]["params"]["why"] == "gpu1: cannot connect"


def _write(tmp_path, data) -> str:
    path = tmp_path / "result.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_an_older_result_is_read_in_todays_form(tmp_path):
    old = {
        "schema": "trainsizer.result/1",
        "status": "failed",
        "error": {"code": "connection_lost", "message": "gpu1: the connection was lost"},
    }
    result, problems = read_result_file(_write(tmp_path, old))
    assert result["error"] == "gpu1: the connection was lost" and result["error_kind"] == "connection_lost"
    assert problems == []


def test_a_newer_result_is_refused_by_name_and_wrong_leaves_are_named(tmp_path, cli_main):
    with pytest.raises(ResultFileError, match="newer than this trainsizer reads"):
        read_result_file(_write(tmp_path, {"schema": "trainsizer.result/9"}))
    code, out, err = cli_main("report", tmp_path, "--format", "html", "-o", tmp_path / "r.html")
    assert code == 2 and "trainsizer.result/9" in err and "Traceback" not in err
    bad = {
        "schema": RESULT_SCHEMA,
        "status": "ok",
        "measurement": {"step_time_s": {"count": "three", "median": [0.2]}, "tokens_per_s": True},
        "resume": {"save_s": "fast", "saved_at": [2]},
    }
    result, problems = read_result_file(_write(tmp_path, bad))
    named = " | ".join(problems)
    fields = ("step_time_s.count", "step_time_s.median", "measurement.tokens_per_s", "resume.save_s")
    for field in fields:
        assert field in named, named
    assert result["measurement"]["step_time_s"]["count"] is None and result["resume"]["saved_at"] == [2]
    code, out, err = cli_main("report", tmp_path, "--format", "html", "-o", tmp_path / "r.html")
    assert code == 0 and "Traceback" not in err, err


def test_the_typed_model_reads_a_real_result_field_by_field_and_loses_nothing():
    """RunResult (result.model): every typed field of a recorded run's parts holds what the file says; keys it
    does not type stay in ``raw``; a stage that did not run is an empty part (false), not a missing key."""
    import dataclasses
    from pathlib import Path

    from trainsizer.result.model import CheckId, Part, RunResult, Status, Verdict

    path = Path(__file__).parent / "data" / "recorded_check" / "result.json"
    result, problems = read_result_file(path)
    r = RunResult.of(result, problems)
    assert problems == []
    assert r.status is Status.OK and r.verdict is Verdict.ACCEPTED and r.error is None
    assert [c.id for c in r.checks] == list(CheckId)
    compared = 0
    for key in ("measurement", "quality", "resume", "environment"):
        part, written = getattr(r, key), result[key]
        assert part and part.raw is written
        for f in dataclasses.fields(part):
            if f.name == "raw" or f.name not in written:
                continue
            value = getattr(part, f.name)
            got = value.raw if isinstance(value, Part) else value
            if f.name in type(part).INNER:  # its values gain their inner shape (a device's basis, say)
                assert all(got[k].items() >= v.items() for k, v in written[f.name].items()), (key, f.name)
            elif written[f.name] is None:  # written as null: an empty container or None, never a value
                assert not got, (key, f.name)
            else:
                assert got == written[f.name], (key, f.name)
            compared += 1
    assert compared >= 40  # the recorded run's parts are typed, not passed through
    assert r.measurement.step_time_s.median == result["measurement"]["step_time_s"]["median"]
    assert r.resume.save_s == result["resume"]["save_s"] and r.quality.passed is True
    nothing = RunResult.of({"status": "failed", "error": "gpu1: cannot connect", "error_kind": "unreachable"})
    assert not nothing.measurement and not nothing.resume and nothing.measurement.step_time_s.count is None
    assert nothing.error.kind == "unreachable" and nothing.error.text() == "gpu1: cannot connect"
    assert nothing.verdict is Verdict.INCOMPLETE


def test_the_typed_model_names_each_leaf_of_the_wrong_type_and_leaves_it_out():
    """A part or leaf of the wrong type is named (field path) and read as not available, never a traceback;
    the writers' shapes (SHAPES) are the same annotations, so a typed field is shaped alike."""
    from trainsizer.result.model import SHAPES, Measurement, RunResult

    bad = {
        "status": "ok",
        "measurement": {
            "tokens_per_s": "many",
            "host_rss_largest": 7,
            "peak_includes_eval": "yes",
            "mfu": True,
        },
        "resume": {"passed": 1, "saved_at": "3", "checkpoint_bytes": 10},
        "environment": {"nvml": [], "gpus": {"a": 1}},
        "checks": [{"id": "recorded", "status": "passed", "code": "recorded", "params": {}}, {"id": "nope"}],
    }
    problems: list[str] = []
    r = RunResult.of(bad, problems)
    named = " | ".join(problems)
    wrong = [f"measurement.{k}" for k in ("tokens_per_s", "host_rss_largest", "peak_includes_eval", "mfu")]
    wrong += ["resume.passed", "resume.saved_at", "environment.nvml", "environment.gpus", "a check"]
    for where in wrong:
        assert where in named, (where, named)
    assert (
        r.measurement.tokens_per_s is None
        and r.measurement.mfu is None
        and r.measurement.host_rss_largest.rss is None
    )
    assert r.resume.passed is None and r.resume.saved_at == [] and r.resume.checkpoint_bytes == 10
    assert r.environment.gpus == [] and r.environment.nvml.topology == {} and len(r.checks) == 1
    assert set(SHAPES["measurement"]) >= {"tokens_per_s", "step_time_s", "host_rss_largest", "anatomy"}
    assert SHAPES["measurement"]["step_time_s"]["count"] is int and Measurement().step_time_s.count is None


def test_the_target_is_named_by_the_spec_and_the_command_line():
    from trainsizer.runs.targets import RunRequest, SshNodes, SshServer, ThisMachine, Unsupported, target_for

    assert isinstance(target_for(RunSpec()), ThisMachine)
    assert target_for(RunSpec(), "me@gpu1:2222") == SshServer("me@gpu1:2222")
    nodes = RunSpec().replace(parallel={"strategy": "ddp", "hosts": ["a", "b"]})
    assert target_for(nodes) == SshNodes(("a", "b"))
    with pytest.raises(Unsupported, match="leave out --host"):
        target_for(nodes, "gpu1")
    with pytest.raises(Unsupported, match="--host"):
        target_for(RunSpec(), "-oProxyCommand=x")
    with pytest.raises(Unsupported, match="full check across several nodes"):
        SshNodes(("a", "b")).run("check", RunRequest(nodes, "/nonexistent"))
    with pytest.raises(Unsupported, match="--break-resume"):
        SshServer("gpu1").run("check", RunRequest(RunSpec(), "/nonexistent", break_resume="rng"))


def test_every_error_kind_and_check_id_trainsizer_writes_is_in_its_enum():
    """Issue 28: error kinds and check ids are enums. Every code the sources give RemoteError, SlurmError,
    failed_with or Slurm's WHY_ENDED is an ErrorKind; a kind or a check id outside them is refused where it is
    made (a bug, never a word a reader cannot look up); a schema /1 error with a code of its own reads as
    "failed"."""
    import ast
    from pathlib import Path

    import trainsizer
    from trainsizer.result.checks import _check
    from trainsizer.result.model import CheckId, ErrorKind, failed_with, normalize
    from trainsizer.runs.remote import RemoteError
    from trainsizer.runs.slurm import WHY_ENDED, SlurmError

    made = set(WHY_ENDED.values())
    for path in Path(trainsizer.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) in ("RemoteError", "SlurmError", "failed_with")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                made.add(node.args[0].value)
    assert len(made) > 15 and made <= set(ErrorKind), sorted(made - set(ErrorKind))
    for refuse in (lambda: failed_with("no_such_kind", "x"), lambda: RemoteError("oops", "x"),
                   lambda: SlurmError("oops", "x"), lambda: _check("speed", "passed", "placed")):  # fmt: skip
        with pytest.raises(ValueError):
            refuse()
    assert [str(c) for c in CheckId] == ["recorded", "placement", "peak_and_step", "quality", "resume"]
    old = normalize({"error": {"code": "kaboom", "message": "the server said no"}, "checks": []})
    assert old["error"] == "the server said no" and old["error_kind"] == "failed"
    old = normalize({"error": {"code": "unreachable", "message": "gone"}, "checks": []})
    assert old["error_kind"] == ErrorKind.UNREACHABLE


READERS = (
    "result/model.py", "result/checks.py", "report/content.py", "report/request.py", "report/export.py",
    "report/html.py", "report/pdf.py", "gui/results.py", "gui/compare_dialog.py", "gui/history.py",
    "runs/compare.py", "runs/history.py", "runs/findmax.py", "cli/run_cmds.py", "cli/export_cmds.py",
)  # fmt: skip


def test_no_result_reader_guards_a_part_by_hand():
    """Issue 28, done-when: the readers of results read the typed model (RunResult), so none of them guards a
    level with `.get(...) or {}` (the check fails on a reader that does: see the planted line)."""
    import re
    from pathlib import Path

    import trainsizer

    guard = re.compile(r"\.get\([^)]*\) or \{\}")
    assert guard.search('meas = result.get("measurement") or {}')  # the pattern finds what it is for
    root = Path(trainsizer.__file__).parent
    found = {f: len(guard.findall((root / f).read_text())) for f in READERS}
    assert sum(found.values()) == 0, {f: n for f, n in found.items() if n}
