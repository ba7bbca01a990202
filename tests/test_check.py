"""The full acceptance check end to end through the CLI, and a resume check that is made to break."""

import json

import pytest

from trainsizer.runs.resume import resume_check
from trainsizer.runs.rundir import RunDir
from trainsizer.spec import RunSpec
from trainsizer.ui_common.messages import evidence

pytestmark = pytest.mark.slow
FAST = (
    "[batch]\nmicro_batch = 2\nseq_len = 128\n[measure]\nwarmup_steps = 1\nsteps = 2\n"
    "[quality]\ntrain_steps = 12\neval_batches = 2\n[checkpoint]\nresume_at = 2\nresume_steps = 4\n"
)


def test_full_check_on_the_tiny_preset_is_accepted(run_cli, runs_drawn, english_words, tmp_path):
    spec = tmp_path / "spec.toml"
    spec.write_text(FAST)
    out = tmp_path / "run"
    rc, stdout, err = run_cli("check", spec, "--out", out)
    assert rc == 0, stdout + err
    result = json.loads((out / "result.json").read_text())
    assert result["verdict"] == "accepted"
    assert [c["status"] for c in result["checks"]] == ["passed"] * 5
    q, r = result["quality"], result["resume"]
    assert q["after"] < q["before"] and q["passed"]
    assert (
        r["passed"]
        and r["saved_at"] == [2, 3]
        and r["max_abs_loss_diff"] == 0.0
        and r["max_abs_param_diff"] == 0.0
    )
    assert r["checkpoint_bytes"] > 0 and r["save_s"] > 0 and r["load_s"] > 0
    assert not (out / "checkpoints").exists()  # removed unless kept
    assert "bit-identical" in stdout and "stages:" in stdout
    # the same result in the terminal in Russian (issue 31, item 3): every word but the data it quotes
    rc, ru, err = run_cli("history", "show", out, "--lang", "ru")
    assert rc == 0 and "вердикт: принято" in ru and "побитно" in ru, ru + err
    assert english_words(ru, result["spec"], result["environment"], str(out)) == [], ru
    # issue 29, item 4: each run of the check is announced, and the report draws each as a curve of its own
    events = [json.loads(line) for line in (out / "events.jsonl").read_text().splitlines()]
    runs = [(e["name"], e["params"]) for e in events if e["type"] == "run"]
    assert runs == [
        ("measure", {}),
        ("quality", {}),
        ("uninterrupted", {"steps": 4}),
        ("stopped", {"k": 2}),
        ("resumed_to", {"k": 2, "to": 3}),
        ("resumed", {"k": 3}),
    ], runs
    assert sum(e["type"] == "hello" for e in events) == len(runs)  # one announcement per process
    runs_drawn(
        out,
        [
            "measured run",
            "quality: the metric before and after training",
            "A: uninterrupted",
            "B: stopped at step 2",
            "C: resumed from step 2, stopped at step 3",
            "C: resumed from step 3",
        ],
    )


def _resume(tmp_path, spec, break_=None):
    rd = RunDir(tmp_path / "run")
    path = rd.write_spec(spec)
    try:
        return resume_check(spec, rd, path, break_=break_)
    finally:
        rd.close()


def test_a_broken_resume_is_detected(tmp_path):
    spec = RunSpec().replace(
        batch={"micro_batch": 2, "seq_len": 64}, checkpoint={"resume_at": 2, "resume_steps": 4}
    )
    r = _resume(tmp_path, spec, break_="data")
    assert r["passed"] is False and r["max_abs_loss_diff"] > 0 and r["code"] == "resume_differs"
    assert "differs from the uninterrupted run" in evidence(r) and "отличается" in evidence(r, "ru")


def test_resume_is_bit_identical_with_two_rank_gloo_ddp(tmp_path):
    spec = RunSpec().replace(
        batch={"micro_batch": 2, "seq_len": 64},
        parallel={"strategy": "ddp", "processes": 2},
        checkpoint={"resume_at": 2, "resume_steps": 4},
    )
    r = _resume(tmp_path, spec)
    assert r["passed"], evidence(r)
    assert r["max_abs_param_diff"] == 0.0 and r["max_abs_optimizer_diff"] == 0.0


@pytest.mark.parametrize(
    "agreed,status,code",
    [
        ({}, "passed", "steps_no_target"),
        ({"target_tokens_per_s": 1000.0}, "passed", "throughput_met"),
        ({"target_tokens_per_s": 5000.0}, "failed", "throughput_missed"),
        ({"max_step_s": 1.0}, "passed", "step_time_met"),
        ({"max_step_s": 0.25}, "failed", "step_time_missed"),
        ({"target_tokens_per_s": 1000.0, "max_step_s": 0.25}, "failed", "step_time_missed"),
    ],
)
def test_the_step_check_holds_the_measured_step_to_the_agreed_target(agreed, status, code):
    """Without a target the check says none was agreed; with one, a miss fails the check (and the verdict);
    the predicted step time travels beside the measured one."""
    from trainsizer.result.checks import evaluate

    spec = RunSpec().replace(measure=agreed).to_dict()
    result = {
        "spec": spec,
        "environment": {"host": {}},
        "estimate": {"devices": {"cpu": {"peak": 1}}, "time": {"seconds": 0.125}},
        "measurement": {"step_time_s": {"count": 10, "median": 0.5}, "tokens_per_s": 2048.0, "oom": None},
        "quality": None,
        "resume": None,
    }
    checks, verdict = evaluate(result)
    check = next(c for c in checks if c["id"] == "peak_and_step")
    assert (check["status"], check["code"]) == (status, code)
    assert check["params"]["predicted"] == 0.125 and check["params"]["ratio"] == 4.0
    assert (verdict == "rejected") == (status == "failed")
    for lang in ("en", "ru"):
        text = evidence(check, lang)
        assert "0.500" in text and code not in text
    if not agreed:
        assert "no target was agreed" in evidence(check)
