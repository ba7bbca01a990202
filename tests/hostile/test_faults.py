"""Faults that once lost data or results: a checkpoint folder deleted whole, two runs in one folder, SIGTERM
without a result, a full disk reported as "did not run", and redaction that let path segments through."""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainsizer.spec import RunSpec

QUICK = {
    "measure": {"warmup_steps": 1, "steps": 2},
    "quality": {"train_steps": 2, "eval_batches": 1},
    "batch": {"micro_batch": 1, "seq_len": 32},
    "checkpoint": {"resume_at": 1, "resume_steps": 2},
}


def _spec(tmp_path, **extra) -> Path:
    data = RunSpec().to_dict()
    for section, values in {**QUICK, **extra}.items():
        data[section].update(values)
    path = tmp_path / "spec.toml"
    RunSpec().replace(**{k: v for k, v in data.items() if k != "schema"}).save(path)
    return path


def _cli(*args, timeout=300, **kw):
    return subprocess.run(
        [sys.executable, "-m", "trainsizer", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(os.environ, HF_HUB_OFFLINE="1"),
        **kw,
    )


@pytest.mark.slow
def test_the_checkpoint_folder_keeps_what_trainsizer_did_not_write(tmp_path):
    mine = tmp_path / "my-checkpoints"
    mine.mkdir()
    (mine / "customer-weights.bin").write_bytes(b"precious")
    (mine / "notes").mkdir()
    p = _cli(
        "check",
        str(_spec(tmp_path, checkpoint={**QUICK["checkpoint"], "dir": str(mine), "keep": False})),
        "--out",
        str(tmp_path / "run"),
    )
    assert p.returncode in (0, 1), p.stderr
    result = json.loads((tmp_path / "run" / "result.json").read_text())
    assert result["resume"]["passed"], result["resume"]
    assert sorted(x.name for x in mine.iterdir()) == [
        "customer-weights.bin",
        "notes",
    ]  # ours is gone, theirs stays
    assert (mine / "customer-weights.bin").read_bytes() == b"precious"


def test_a_checkpoint_dir_that_is_a_file_is_refused_up_front(tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("a file")
    p = _cli("spec", "validate", str(_spec(tmp_path, checkpoint={"dir": str(taken)})))
    assert p.returncode == 2 and "[checkpoint] dir" in p.stderr and "existing file" in p.stderr


def test_a_locked_run_folder_refuses_a_second_run_naming_the_holder(tmp_path):
    from trainsizer.runs.rundir import RunDir, RunDirError

    first = RunDir(tmp_path / "run")
    try:
        p = _cli("measure", str(_spec(tmp_path)), "--out", str(tmp_path / "run"))
        assert p.returncode == 2 and f"pid {os.getpid()}" in p.stderr and str(tmp_path / "run") in p.stderr
        with pytest.raises(RunDirError, match="another trainsizer run"):
            RunDir(tmp_path / "run")
    finally:
        first.close()
    RunDir(
        tmp_path / "run", force=True
    ).close()  # released: the folder is usable again (with --force: events exist)


def test_a_finished_run_is_not_overwritten_without_force(tmp_path):
    from trainsizer.runs.rundir import RunDir, RunDirError

    run = tmp_path / "run"
    run.mkdir()
    (run / "result.json").write_text('{"verdict": "accepted"}')
    (run / "customer.txt").write_text("keep me")
    with pytest.raises(RunDirError, match="already holds a run"):
        RunDir(run)
    assert (run / "result.json").read_text() == '{"verdict": "accepted"}'
    RunDir(run, force=True).close()
    assert not (run / "result.json").exists() and (run / "customer.txt").read_text() == "keep me"


@pytest.mark.slow
@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_of_the_headless_cli_writes_a_cancelled_result(tmp_path, sig, code):
    spec = _spec(tmp_path, measure={"warmup_steps": 1, "steps": 500})
    proc = subprocess.Popen(
        [sys.executable, "-m", "trainsizer", "measure", str(spec), "--out", str(tmp_path / "run")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, HF_HUB_OFFLINE="1"),
    )
    events = tmp_path / "run" / "events.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (events.exists() and '"type":"step"' in events.read_text()):
        time.sleep(0.2)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == code, err
    result = json.loads((tmp_path / "run" / "result.json").read_text())
    assert result["status"] == "cancelled" and result["verdict"] != "accepted"
    assert "cancelled" in err


def _tmpfs(path: Path, size: str) -> bool:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    path.mkdir()
    return (
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], capture_output=True
        ).returncode
        == 0
    )


@pytest.mark.slow
def test_a_full_checkpoint_disk_is_reported_where_it_happened(tmp_path):
    disk = tmp_path / "small"
    if not _tmpfs(disk, "2m"):
        pytest.skip(
            "needs root and mount to make a 2 MiB tmpfs (the checkpoint of the tiny model is ~30 MiB)"
        )
    try:
        p = _cli(
            "check",
            str(_spec(tmp_path, checkpoint={**QUICK["checkpoint"], "dir": str(disk)})),
            "--out",
            str(tmp_path / "run"),
        )
        result = json.loads((tmp_path / "run" / "result.json").read_text())
        resume = result["resume"]
        assert p.returncode == 1 and resume["passed"] is False and resume.get("ran") is True
        from trainsizer.ui_common.messages import evidence

        assert resume["code"] == "resume_failed"
        assert "ran and failed" in evidence(resume) and "errno 28" in evidence(resume)
        assert resume["failure"]["errno"] == 28 and resume["failure"]["stage"] == "resume"
        assert resume["failure"]["phase"] == "checkpoint"
        check = next(c for c in result["checks"] if c["id"] == "resume")
        assert check["status"] == "failed"
        logs = "".join(f.read_text() for f in (tmp_path / "run").glob("worker-*.log"))
        assert "No space left on device" in logs  # the worker's stderr is kept
        assert list(disk.iterdir()) == []  # what this run wrote there is removed again
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


# -- redaction -----------------------------------------------------------------------------------------------
segment = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="/\\\n\r\t'\"<>`|"),
    min_size=1,
    max_size=12,
).filter(lambda s: s.strip() == s and s not in (".", ".."))
label = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789"), min_size=2, max_size=10)


@settings(max_examples=150, deadline=None)
@given(
    parts=st.lists(segment, min_size=2, max_size=5),
    host=st.lists(label, min_size=1, max_size=3),
    suffix=st.sampled_from(["com", "internal", "local", "corp", "ru"]),
)
def test_no_path_or_host_survives_redaction(parts, host, suffix):
    from trainsizer.report.content import Run
    from trainsizer.report.request import redacted_run, render_markdown

    def result_with(path, fqdn, first):
        return {
            "spec": {"data": {"source": "path", "path": path}, "model": {"preset": "tiny-llama"}},
            "environment": {"host": {"hostname": "node7", "cpu_model": "x"}},
            "error": f"OSError: [Errno 28] No space left on device: '{path}/ckpt 1' on "
            f"{fqdn}:/export/{first} "
            f"from 10.0.0.7 and fe80::1 (mac 00:1a:2b:3c:4d:5e, id {'ab' * 16})",
            "checks": [{"id": "resume", "status": "failed", "reason": f"could not write {path}/x"}],
        }

    def shown(res):
        return json.dumps(redacted_run(Run(Path("."), res, [])).result, ensure_ascii=False) + render_markdown(
            Run(Path("."), res, [])
        )

    path, fqdn = "/home/" + "/".join(parts), ".".join(host + ["acme", suffix])
    text = shown(result_with(path, fqdn, parts[0]))
    for secret in [path, fqdn, "10.0.0.7", "fe80::1", "00:1a:2b:3c:4d:5e", "ab" * 16]:
        assert secret not in text
    # every segment of the path, spaces and unicode included — unless our own words hold it ("/NVSwitch")
    baseline = shown(result_with("/p/q", "h.example.com", "p"))
    for part in parts:
        seg = re.compile(rf"/{re.escape(part)}(?=[/\s'\"]|$)")
        assert not seg.search(text) or seg.search(baseline), part


def test_markup_in_spec_strings_is_escaped_in_the_request():
    from trainsizer.report.content import Run
    from trainsizer.report.request import render_markdown

    result = {
        "spec": {
            "model": {"preset": "<img src=x onerror=alert(1)>"},
            "engine": {"name": "[click](javascript:x)"},
        }
    }
    md = render_markdown(Run(Path("."), result, []), redacted=False)
    import re

    assert "<img" not in md and "&lt;img" in md
    assert not re.search(r"(?<!\\)\]\(javascript", md) and "\\[click\\]" in md  # no link: brackets escaped


def test_a_1_gb_events_file_gives_a_report_that_says_it_was_cut(tmp_path):
    from trainsizer import cli

    run = tmp_path / "run"
    run.mkdir()
    (run / "result.json").write_text('{"status": "ok", "verdict": "incomplete"}')
    with open(run / "events.jsonl", "wb") as f:
        f.write(b'{"v":1,"type":"sample","t":1.0,"rank":0,"devices":{},"host":{"rss":5}}\n' * 1000)
        f.truncate(2**30)  # sparse: a gigabyte without newlines after the first thousand events
    t0 = time.perf_counter()
    assert cli.main(["report", str(run), "-o", str(tmp_path / "r.html")]) == 0
    assert time.perf_counter() - t0 < 30
    html = (tmp_path / "r.html").read_text()
    assert "events.jsonl: 1024 MiB; only its beginning was read" in html


def test_the_history_skips_a_result_json_that_is_a_fifo_without_blocking(tmp_path):
    (tmp_path / "good").mkdir()
    (tmp_path / "good" / "result.json").write_text(
        '{"created": "2026-01-01", "verdict": "accepted", "created2": 1}'
    )
    (tmp_path / "bad").mkdir()
    os.mkfifo(tmp_path / "bad" / "result.json")
    (tmp_path / "odd").mkdir()
    (tmp_path / "odd" / "result.json").write_text('{"created": 5, "checks": [1, {"id": "recorded"}]}')
    probe = (
        "import sys; from pathlib import Path; from trainsizer.runs.history import list_runs; "
        "from trainsizer.runs.rundir import read_result; r = Path(sys.argv[1]); "
        "assert read_result(r / 'bad') is None; odd = read_result(r / 'odd'); "
        "assert 'created' not in odd and odd['checks'] == [{'id': 'recorded'}], odd; "
        "print(sorted(e.path.name for e in list_runs(r)))"
    )
    p = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "['good', 'odd']"
