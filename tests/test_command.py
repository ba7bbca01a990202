"""The customer's own command (engine = "command"), measured from outside with real processes: a script
whose step lines carry the step and loss, one that prints nothing, one that fails, one that never ends, one
that leaves a process behind, and a program that does not exist."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from trainsizer.ui_common.messages import evidence

pytestmark = pytest.mark.slow
PATTERN = "step (?P<step>\\\\d+) loss (?P<loss>[0-9.]+)"


def _spec(tmp_path, script: str, extra: str = "", pattern: str | None = PATTERN) -> str:
    (tmp_path / "train.py").write_text(textwrap.dedent(script))
    text = (
        f'[engine]\nname = "command"\ncommand = ["{sys.executable}", "train.py"]\ncwd = "{tmp_path}"\n'
        + (f'step_pattern = "{pattern}"\n' if pattern else "")
        + extra
    )
    path = tmp_path / "spec.toml"
    path.write_text(text)
    return str(path)


def _measure(cli_main, tmp_path, spec):
    out = tmp_path / "run"
    code, stdout, err = cli_main("measure", spec, "--out", str(out))
    return code, json.loads((out / "result.json").read_text()), stdout + err


TRAIN = """
    import sys, time
    blocks = []
    for step in range(6):
        blocks.append(bytearray(40_000_000))  # the script's own memory: 40 MB more each step
        for i in range(0, len(blocks[-1]), 4096):
            blocks[-1][i] = 1
        time.sleep(0.15)
        print(f"step {step} loss {1.0 / (step + 1):.4f}", flush=True)
    print("finished", file=sys.stderr)
"""


def test_a_script_with_step_lines_is_measured_from_outside(cli_main, tmp_path):
    code, result, out = _measure(cli_main, tmp_path, _spec(tmp_path, TRAIN))
    assert code == 0 and result["status"] == "ok", out
    meas = result["measurement"]
    assert meas["engine"]["name"] == "command" and meas["exit_code"] == 0
    assert meas["steps_observed"] == 6 and meas["step_time_s"]["count"] == 4  # without the 2 warm-up steps
    assert 0.1 < meas["step_time_s"]["median"] < 2.0
    assert meas["host_rss"] > 240e6  # six blocks of 40 MB, seen from outside the process
    events = [json.loads(line) for line in (tmp_path / "run" / "events.jsonl").read_text().splitlines()]
    losses = [e["loss"] for e in events if e["type"] == "step"]
    assert losses == pytest.approx([1.0, 0.5, 0.3333, 0.25, 0.2, 0.1667], abs=1e-4)
    assert any(e["type"] == "sample" and e["host"]["rss"] > 0 for e in events)
    from trainsizer.runs.timeline import fold

    timeline = fold(events)  # what the window's live plot draws from the same events
    assert timeline.series[("host", "rss")].peak > 240e6 and timeline.steps == 6
    assert (tmp_path / "run" / "command-stdout.log").read_text().count("loss") == 6
    check = next(c for c in result["checks"] if c["id"] == "peak_and_step")
    assert check["status"] == "passed" and check["code"] == "steps_no_target"


def test_warm_up_and_evaluation_are_not_timed_as_training_steps(cli_main, tmp_path):
    """Issue 29: a step line's time is the time since the one before it — after a slow first step and across
    an evaluation (its metric line between two step lines) that is not a training step's time."""
    script = """
        import time
        for step in range(8):
            time.sleep(1.5 if step == 1 else 0.1)  # a warm-up step: compilation, data-loader start
            print(f"step {step} loss {1.0 / (step + 1):.4f}", flush=True)
            if step == 4:
                time.sleep(1.5)
                print("eval_loss 0.5", flush=True)
    """
    out = tmp_path / "run"
    code, stdout, err = cli_main(
        "measure", _spec(tmp_path, script, 'metric_pattern = "eval_loss (?P<value>[0-9.]+)"\n'), "--out", out
    )
    meas = json.loads((out / "result.json").read_text())["measurement"]
    assert meas["steps_observed"] == 8 and meas["step_time_left_out"] == {"warmup": 2, "evaluation": 1}, meas
    st = meas["step_time_s"]
    assert st["count"] == 5 and st["p95"] < 1.0, st  # neither the warm-up step nor the evaluation
    assert "not timed: 2 warm-up step(s), 1 with an evaluation between its step lines" in stdout, stdout


def test_without_a_step_pattern_the_step_time_is_said_to_be_unobservable(cli_main, tmp_path):
    code, result, out = _measure(cli_main, tmp_path, _spec(tmp_path, TRAIN, pattern=None))
    check = next(c for c in result["checks"] if c["id"] == "peak_and_step")
    assert code == 0 and check["code"] == "command_peak_only", out
    assert "not observable" in evidence(check) and "не наблюдается" in evidence(check, "ru")
    # with an agreed target the same run cannot pass
    spec = _spec(tmp_path, TRAIN, "[measure]\nmax_step_s = 1.0\n", pattern=None)
    (tmp_path / "run").rename(tmp_path / "run-1")
    code, result, out = _measure(cli_main, tmp_path, spec)
    check = next(c for c in result["checks"] if c["id"] == "peak_and_step")
    assert check["status"] == "failed" and check["code"] == "command_steps_not_observable_target"


def test_a_failing_script_is_a_result_with_its_stderr(cli_main, tmp_path):
    script = "import sys\nprint('loading')\nsys.exit('CUDA error: no kernel image is available')\n"
    code, result, out = _measure(cli_main, tmp_path, _spec(tmp_path, script))
    meas = result["measurement"]
    assert result["status"] == "failed" and meas["exit_code"] == 1, out
    assert "exited with code 1: CUDA error: no kernel image" in meas["failure"]
    assert "no kernel image" in out  # the CLI shows the stderr's last lines
    from trainsizer.report.content import load_run
    from trainsizer.report.html import render_html

    html = render_html(load_run(tmp_path / "run"))
    assert "Last lines of the command’s stderr" in html and "no kernel image" in html


def test_a_failing_rank_under_torchrun_is_named_by_its_own_error_not_the_launchers(cli_main, tmp_path):
    """torchrun reports a failed rank with a ChildFailedError of its own, printed after the rank's traceback:
    the failure names the script's exception (it once showed only torchrun's last line)."""
    (tmp_path / "train.py").write_text("raise ValueError('shard 3 has no rows')\n")
    spec = tmp_path / "spec.toml"
    spec.write_text(
        '[engine]\nname = "command"\n'
        f'command = ["{sys.executable}", "-m", "torch.distributed.run", "--standalone", '
        f'"--nproc-per-node", "1", "train.py"]\ncwd = "{tmp_path}"\n'
    )
    code, result, out = _measure(cli_main, tmp_path, str(spec))
    meas = result["measurement"]
    assert result["status"] == "failed" and meas["exit_code"] != 0, out
    assert any("ChildFailedError" in line for line in meas["stderr_tail"]), meas[
        "stderr_tail"
    ]  # the launcher's
    assert meas["failure"].endswith("ValueError: shard 3 has no rows"), meas["failure"]


def test_the_time_limit_stops_a_command_that_never_prints(cli_main, tmp_path):
    spec = _spec(tmp_path, "import time\ntime.sleep(600)\n", "time_limit_s = 3.0\n")
    code, result, out = _measure(cli_main, tmp_path, spec)
    meas = result["measurement"]
    assert result["status"] == "failed" and "time limit" in meas["failure"], out
    assert meas["wall_s"] < 30


def test_a_process_the_command_leaves_behind_is_stopped(cli_main, tmp_path):
    """A daemon in its own session (outside the command's process group) outlives the script: trainsizer saw
    it while sampling and stops it — nothing is left running."""
    import psutil

    script = """
        import subprocess, sys, time
        sleeper = [sys.executable, "-c", "import time; time.sleep(600)"]
        child = subprocess.Popen(sleeper, start_new_session=True)
        open("child.pid", "w").write(str(child.pid))
        time.sleep(1.5)
        print("step 0 loss 1.0", flush=True)
    """
    code, result, out = _measure(cli_main, tmp_path, _spec(tmp_path, script))
    pid = int((tmp_path / "child.pid").read_text())
    assert result["measurement"]["left_behind"] == 1, out
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE


@pytest.mark.parametrize(
    "engine,message",
    [
        ('name = "command"\ncommand = ["no-such-trainer-program"]\n', "[engine] command: no-such-trainer"),
        ('name = "command"\n', "[engine] command: engine command needs the command"),
        ('name = "builtin"\ncommand = ["python"]\n', "[engine] command: applies to engine = command only"),
        ('name = "command"\ncommand = ["python"]\nstep_pattern = "step (\\\\d+)"\n', "(?P<step>"),
        ('name = "command"\ncommand = ["python"]\nenv = ["NOPE"]\n', "'NOPE' is not KEY=VALUE"),
    ],
)
def test_bad_command_specs_are_refused_naming_the_field(cli_main, tmp_path, engine, message):
    path = tmp_path / "spec.toml"
    path.write_text("[engine]\n" + engine)
    code, out, err = cli_main("spec", "validate", str(path))
    assert code == 2 and message in out + err, out + err


def test_the_command_is_never_replaced_by_trainsizers_loop_on_several_nodes(cli_main, tmp_path):
    """Before: `parallel.hosts` with engine = command started trainsizer's worker on each node, which ran the
    builtin loop and measured it as the customer's script. Now validation refuses it, naming the field, and
    the worker itself refuses a command spec (it never trains something else under the command's name)."""
    path = tmp_path / "spec.toml"
    path.write_text(
        f'[engine]\nname = "command"\ncommand = ["{sys.executable}", "-c", "pass"]\n'
        '[parallel]\nstrategy = "ddp"\nhosts = ["node1", "node2"]\n'
    )
    code, out, err = cli_main("spec", "validate", str(path))
    assert code == 2 and "[parallel] hosts: the customer's command on several nodes over SSH" in out + err
    worker_spec = tmp_path / "worker.toml"
    worker_spec.write_text(f'[engine]\nname = "command"\ncommand = ["{sys.executable}", "-c", "pass"]\n')
    p = subprocess.run(
        [sys.executable, "-m", "trainsizer.worker", "--spec", worker_spec, "--out", tmp_path / "w"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    events = [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]
    assert p.returncode == 0 and events[-1] == {**events[-1], "type": "result", "status": "failed"}, p.stdout
    assert any("not the customer's command" in e.get("message", "") for e in events), events
    assert not any(e["type"] == "step" for e in events)


RESUMABLE = """
    import argparse, json, os, random
    ap = argparse.ArgumentParser()
    ap.add_argument("--max_steps", type=int, default=6)
    ap.add_argument("--resume", default=None)
    a = ap.parse_args()
    rng, state = random.Random(0), {"step": 0, "w": 1.0}
    if a.resume:
        state = json.load(open(a.resume))
        if not os.environ.get("FORGET_RNG"):  # the deliberately broken resume leaves the RNG as it starts
            version, internal, gauss = state["rng"]
            rng.setstate((version, tuple(internal), gauss))
    for step in range(state["step"], a.max_steps):
        state["w"] -= 0.1 * rng.random()
        print(f"step {step} loss {state['w'] ** 2:.6f}", flush=True)
        state["step"] = step + 1
    if a.max_steps < 6:
        os.makedirs("out", exist_ok=True)
        json.dump({**state, "rng": rng.getstate()}, open(f"out/checkpoint-{a.max_steps}.json", "w"))
"""
RESUME_ARGS = (
    'stop_args = ["--max_steps", "{k}"]\nresume_args = ["--resume", "{checkpoint}"]\n'
    'checkpoint_path = "out/checkpoint-{k}.json"\n'
)


@pytest.mark.parametrize("broken", [False, True])
def test_the_resume_check_of_a_command_compares_its_losses(cli_main, runs_drawn, tmp_path, broken):
    """Uninterrupted, stopped at k with the script's own checkpoint, resumed from it: the losses it prints are
    compared step by step — identical when the script resumes right, and the check fails when it does not
    (here: it forgets its RNG state)."""
    extra = RESUME_ARGS + ('env = ["FORGET_RNG=1"]\n' if broken else "")
    out = tmp_path / "run"
    code, stdout, err = cli_main("check", _spec(tmp_path, RESUMABLE, extra), "--out", str(out))
    result = json.loads((out / "result.json").read_text())
    resume = result["resume"]
    assert resume["compared"] == "losses" and resume["saved_at"] == [2], stdout + err
    # a deliberately broken resume is trainsizer's self-test of its own loop: a command is refused it, by name
    refused_code, _, refused = cli_main(
        "check", _spec(tmp_path, RESUMABLE, extra), "--out", str(tmp_path / "b"), "--break-resume", "rng"
    )
    assert refused_code == 2 and "--break-resume" in refused and not (tmp_path / "b").exists(), refused
    # the measured run is the uninterrupted one: the command ran three times (measured, stopped, resumed)
    events = [json.loads(line) for line in (out / "events.jsonl").read_text().splitlines()]
    assert sum(e["type"] == "hello" for e in events) == 3, [e for e in events if e["type"] == "hello"]
    # ... each announced as what it is, and drawn in the report as a labelled curve of its own (issue 29)
    runs = [(e["name"], e["params"]) for e in events if e["type"] == "run"]
    assert runs == [("measure_reference", {}), ("stopped", {"k": 2}), ("resumed", {"k": 2})], runs
    runs_drawn(out, ["measured run = A, uninterrupted", "B: stopped at step 2", "C: resumed from step 2"])
    # the terminal says it too (it once died on the save time a command's check does not have: exit 3)
    assert code == 1 and "internal error" not in err, stdout + err  # quality not agreed: incomplete
    assert f"resume: {evidence(resume)}" in stdout
    if broken:  # the losses before the stop match, the first resumed step does not: the RNG, named
        assert resume["passed"] is False and resume["code"] == "command_resume_first_step", resume
        assert result["verdict"] == "rejected" and "RNG" in evidence(resume)
    else:
        assert resume["passed"] and resume["code"] == "command_resume_identical", resume
        assert "losses compared, not parameters" in evidence(resume)
        assert resume["checkpoint_bytes"] > 0


def test_resume_at_is_held_to_the_steps_the_command_ran_not_to_resume_steps(cli_main, tmp_path):
    """Issue 29: checkpoint.resume_steps is the length of trainsizer's own resume run; a command runs its own
    steps. So a command spec with resume_at past resume_steps is valid, and a resume_at past the steps the
    command ran fails the check saying so (before, validation refused it, comparing it with a field that does
    not apply)."""
    extra = RESUME_ARGS + "[checkpoint]\nresume_at = 5\nresume_steps = 2\n"
    spec = _spec(tmp_path, RESUMABLE, extra)
    code, stdout, err = cli_main("spec", "validate", spec)
    assert code == 0, stdout + err
    out = tmp_path / "run"
    cli_main("check", spec, "--out", str(out))
    resume = json.loads((out / "result.json").read_text())["resume"]  # the script runs steps 0..5
    assert resume["code"] == "command_resume_identical" and resume["first_resumed_step"] == 5, resume
    (tmp_path / "spec.toml").write_text(Path(spec).read_text().replace("resume_at = 5", "resume_at = 6"))
    code, stdout, err = cli_main("check", spec, "--out", str(tmp_path / "run2"))
    resume = json.loads((tmp_path / "run2" / "result.json").read_text())["resume"]
    assert resume["code"] == "resume_failed", resume
    assert "resume_at is 6, but the uninterrupted run ran 6 steps" in resume["params"]["why"], resume
    # the builtin loop's resume check still holds resume_at to its own run's length, naming both fields
    (tmp_path / "b.toml").write_text("[checkpoint]\nresume_at = 5\nresume_steps = 4\n")
    code, stdout, err = cli_main("spec", "validate", tmp_path / "b.toml")
    assert code == 2 and "[checkpoint] resume_at" in stdout + err and "resume_steps = 4" in stdout + err


@pytest.mark.parametrize("recipe", ["callback", "max_steps"])
def test_a_trainer_script_is_stopped_by_the_injected_callback_and_resumes(cli_main, tmp_path, recipe):
    """The customer's own transformers.Trainer script, unchanged, on a linear learning-rate schedule:
    trainsizer's sitecustomize adds its TrainerCallback, so step times and losses arrive without a pattern,
    and the stopped run is stopped by it at step k — the configuration unchanged — and resumes to the losses
    of the uninterrupted run. The old recipe, stopping with --max_steps {k}, changes the schedule: the check
    fails and says that the learning rate differs."""
    from pathlib import Path

    script = (Path(__file__).parent / "data" / "hf_train.py").read_text()
    extra = (
        'command = ["PYTHON", "train.py", "--lr_scheduler", "linear"]\n'
        'resume_args = ["--resume_from_checkpoint", "{checkpoint}"]\ncheckpoint_path = "out/checkpoint-{k}"\n'
        + ('stop_args = ["--max_steps", "{k}"]\n' if recipe == "max_steps" else "")
    ).replace("PYTHON", sys.executable)
    out = tmp_path / "run"
    spec = _spec(tmp_path, script, "", pattern=None)
    text = Path(spec).read_text()
    Path(spec).write_text(text.split("command = ")[0] + extra + "cwd" + text.split("\ncwd", 1)[1])
    code, stdout, err = cli_main("check", spec, "--out", str(out))
    result = json.loads((out / "result.json").read_text())
    meas, resume = result["measurement"], result["resume"]
    assert meas["step_source"] == "Trainer callback" and meas["steps_observed"] == 6, stdout + err
    assert meas["step_time_s"]["count"] == 4 and meas["step_time_s"]["median"] > 0  # 2 warm-up steps left out
    assert "training finished" in (out / "command-stdout.log").read_text()  # the script ran as it is
    if recipe == "callback":
        # the customer's model, read from the live model by the hook — not the spec's default preset
        live = meas["model"]
        assert (
            live["class"] == "LlamaForCausalLM"
            and live["dtype"] == "float32"
            and live["batch_per_device"] == 4
        )
        assert 0 < live["trainable_params"] == live["total_params"] < 1_000_000  # the script's tiny Llama
        # tokens/s from the batches the Trainer trained on (4 rows of 32 tokens a step), counted by the hook
        assert meas["tokens_basis"] == "trainer_batches" and meas["tokens_per_step"] == 4 * 32, meas
        # all counted steps' tokens over their time: between 128 / the slowest and 128 / the fastest step
        # (not the median's figure: one step slowed by a loaded machine moves the mean, rightly)
        times = meas["step_time_s"]
        assert 128 / times["p95"] * 0.999 <= meas["tokens_per_s"] <= 128 / times["min"] * 1.001, meas
        assert "tokens/s (counted from the batches its Trainer trained on: 128 tokens per step)" in stdout
        code, _, err = cli_main("report", out, "--format", "html", "-o", tmp_path / "r.html")
        html = (tmp_path / "r.html").read_text()
        assert code == 0 and f"{live['total_params']:,}" in html and "read from the script" in html, err
        assert "Trainer trained on: 128 tokens per step" in html
        assert ">TFLOP/s</th><td>not known<" in html.replace("\n", ""), "a 0 for what was not measured"
        assert "tiny-llama" not in html
        assert resume["stopped_by"] == "trainer" and resume["first_resumed_step"] == 2, resume
        assert resume["code"] == "command_resume_identical", resume
        assert resume["steps"] == 6 and resume["max_abs_loss_diff"] == 0.0
    else:
        assert resume["stopped_by"] == "args" and resume["code"] == "command_resume_lr", resume
        assert "learning rate differs" in evidence(resume)


FIXED_FILE = (Path(__file__).parent / "data" / "fixed_checkpoint_train.py").read_text()


def test_a_plain_script_with_one_fixed_checkpoint_file_is_stopped_by_a_signal_and_passes(cli_main, tmp_path):
    """A plain PyTorch-style script that always saves to one fixed file and has no stop option: trainsizer
    interrupts it (SIGINT) after its k-th step line, resumes from the file it wrote, checks that the resumed
    run starts where the file says and that no step is missing, and compares every loss."""
    extra = 'resume_args = ["--resume", "{checkpoint}"]\ncheckpoint_path = "ckpt.json"\n'
    out = tmp_path / "run"
    code, stdout, err = cli_main("check", _spec(tmp_path, FIXED_FILE, extra), "--out", out)
    resume = json.loads((out / "result.json").read_text())["resume"]
    assert resume["stopped_by"] == "signal" and resume["code"] == "command_resume_identical", (
        resume.get("params"),
        resume,
    )
    # the signal lands after the 2nd step line, before or after the script rewrote its file: it resumes at the
    # step the file holds, and every step of the uninterrupted run is there exactly once
    assert resume["first_resumed_step"] in (1, 2) and resume["missing_steps"] == [] and resume["steps"] == 8
    assert resume["repeated_steps"] == []
    code, _, err = cli_main("report", out, "--format", "html", "-o", tmp_path / "r.html")
    html = (tmp_path / "r.html").read_text()
    assert "not read from the command" in html  # a black box, labelled so
    # its throughput: the spec's batch over the measured step, said so — never a 0 (issue 29)
    assert "if a step is the spec&#x27;s batch" in html and ">tokens/s</th><td>0<" not in html
    code, stdout, err = cli_main("spec", "validate", tmp_path / "spec.toml")
    assert code == 0, err  # a fixed checkpoint file is a valid spec


def test_a_commands_resume_check_runs_in_two_processes_as_a_slurm_chain_does(cli_main, tmp_path):
    """Issue 32: the resume check in halves (what a Slurm chain's two jobs run): the first process runs A and
    B and hands on their steps; the second resumes from B's checkpoint and compares with A — the same verdict
    as in one process; before the second half it is not proven."""
    extra = 'resume_args = ["--resume", "{checkpoint}"]\ncheckpoint_path = "ckpt.json"\n'
    spec = _spec(tmp_path, FIXED_FILE, extra)
    out = tmp_path / "run"
    cli_main("check", spec, "--out", out, "--resume-phase", "stop")
    half = json.loads((out / "result.json").read_text())
    assert half["resume"]["code"] == "resume_pending" and (out / "resume-state.json").exists(), (
        half["resume"].get("params"),
        half["resume"],
    )
    assert next(c for c in half["checks"] if c["id"] == "resume")["status"] == "not_run"
    cli_main("check", spec, "--out", out, "--resume-phase", "continue")
    whole = json.loads((out / "result.json").read_text())
    resume = whole["resume"]
    assert resume["code"] == "command_resume_identical" and resume["resumed_in_new_process"], resume
    assert not (out / "resume-state.json").exists()
    runs = [
        e["name"]
        for e in map(json.loads, (out / "events.jsonl").read_text().splitlines())
        if e["type"] == "run"
    ]
    assert runs == ["measure_reference", "stopped", "resumed"], runs


@pytest.mark.parametrize("pattern", [None, "eval_loss (?P<value>[0-9.]+)"])
def test_the_quality_of_a_command_is_its_own_metric_or_not_agreed(cli_main, tmp_path, pattern):
    """With engine.metric_pattern the first matching value is "before", the last "after", judged by the
    spec's rule; without it the quality check is "not agreed", never passed."""
    script = """
        for step, loss in enumerate((5.0, 4.0)):
            print(f"eval_loss {loss}", flush=True)
            print(f"step {step} loss {loss}", flush=True)
    """
    extra = f'metric_pattern = "{pattern}"\n' if pattern else ""
    out = tmp_path / "run"
    code, stdout, err = cli_main("check", _spec(tmp_path, script, extra), "--out", str(out))
    result = json.loads((out / "result.json").read_text())
    check = next(c for c in result["checks"] if c["id"] == "quality")
    if pattern:
        assert check["status"] == "passed" and result["quality"]["values"] == [5.0, 4.0], stdout + err
        assert result["quality"]["before"] == 5.0 and result["quality"]["after"] == 4.0
    else:
        assert check["status"] == "not_run" and check["code"] == "quality_not_agreed"
        assert "not agreed" in evidence(check)
    # `measure` runs no quality check: with a pattern it says "not run", never that none was named
    code, stdout, err = cli_main("measure", _spec(tmp_path, script, extra), "--out", str(tmp_path / "m"))
    result = json.loads((tmp_path / "m" / "result.json").read_text())
    check = next(c for c in result["checks"] if c["id"] == "quality")
    assert check["code"] == ("quality_not_run" if pattern else "quality_not_agreed"), check


def test_a_two_rank_torchrun_command_is_measured_as_one_process_tree(cli_main, tmp_path):
    """torchrun and its two ranks (gloo on the CPU): the sampled tree holds all three processes; rank 0's step
    lines give the step times."""
    script = """
        import os, time
        import torch, torch.distributed as dist
        dist.init_process_group("gloo")
        x = torch.ones(10_000_000)  # 40 MB in each rank
        for step in range(4):
            dist.all_reduce(x)
            time.sleep(0.3)
            if dist.get_rank() == 0:
                print(f"step {step} loss {1.0 / (step + 1):.3f}", flush=True)
        dist.destroy_process_group()
    """
    (tmp_path / "train.py").write_text(textwrap.dedent(script))
    spec = tmp_path / "spec.toml"
    spec.write_text(
        '[engine]\nname = "command"\n'
        f'command = ["{sys.executable}", "-m", "torch.distributed.run", "--standalone", '
        f'"--nproc-per-node", "2", "train.py"]\ncwd = "{tmp_path}"\nstep_pattern = "{PATTERN}"\n'
    )
    code, result, out = _measure(cli_main, tmp_path, str(spec))
    meas = result["measurement"]
    assert result["status"] == "ok" and meas["steps_observed"] == 4, out
    assert meas["host_rss"] > 2 * 40e6 + 100e6  # both ranks' tensors and interpreters, seen from outside
    # a sum over torchrun and its two ranks: how many, and the largest of them, named
    big = meas["host_rss_largest"]
    assert meas["host_processes"] >= 3, meas
    assert "torch.distributed.run" in big["name"] or "train.py" in big["name"], big
    assert meas["host_rss"] / meas["host_processes"] <= big["rss"] < meas["host_rss"]
    assert f"summed over {meas['host_processes']} processes; the largest: {big['name']}" in out
    code, _, err = cli_main("report", tmp_path / "run", "--format", "html", "-o", tmp_path / "r.html")
    html = (tmp_path / "r.html").read_text()
    assert code == 0 and f"the largest of its {meas['host_processes']} processes" in html, err


SAVES_ONLY_WHEN_UNINTERRUPTED = """
    import argparse, json, os
    ap = argparse.ArgumentParser()
    ap.add_argument("--max_steps", type=int, default=6)
    ap.add_argument("--resume", default=None)
    a = ap.parse_args()
    state = {"step": 0, "w": 1.0}
    if a.resume:
        state = json.load(open(a.resume))
    for step in range(state["step"], a.max_steps):
        state["w"] *= 0.9
        print(f"step {step} loss {state['w'] ** 2:.6f}", flush=True)
        state["step"] = step + 1
        if a.max_steps == 6 and step + 1 == 2:  # the full run saves its own checkpoint at step 2...
            os.makedirs("out", exist_ok=True)
            json.dump(state, open("out/checkpoint-2.json", "w"))
    # ...and the stopped run (max_steps 2) saves nothing, like --save_strategy no
"""


def test_a_checkpoint_the_stopped_run_did_not_write_is_never_used(cli_main, tmp_path):
    """The uninterrupted run leaves checkpoint-2; the stopped run saves nothing. Resuming from the leftover
    would give identical losses — a pass that proves nothing: the check fails and says why."""
    out = tmp_path / "run"
    code, stdout, err = cli_main(
        "check", _spec(tmp_path, SAVES_ONLY_WHEN_UNINTERRUPTED, RESUME_ARGS), "--out", out
    )
    resume = json.loads((out / "result.json").read_text())["resume"]
    assert resume["passed"] is False and resume["code"] == "resume_failed", resume
    assert "saved nothing" in resume["params"]["why"] and "is not used" in resume["params"]["why"]
    assert code == 1 and "internal error" not in err


TORCHRUN_SCRIPT = """
    import argparse, os, time
    import torch, torch.distributed as dist
    ap = argparse.ArgumentParser()
    ap.add_argument("--resume", default=None)
    a = ap.parse_args()
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    model = torch.nn.Linear(8, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    start = 0
    if a.resume:
        ck = torch.load(a.resume)
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["opt"])
        start = ck["step"]
    for step in range(start, 8):
        x = torch.randn(16, 8, generator=torch.Generator().manual_seed(step))
        loss = ((model(x) - x.sum(1, keepdim=True)) ** 2).mean()
        opt.zero_grad()
        loss.backward()
        for p in model.parameters():
            dist.all_reduce(p.grad)
            p.grad /= dist.get_world_size()
        opt.step()
        if rank == 0:
            print(f"step {step} loss {loss.item():.6f}", flush=True)
            torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "step": step + 1}, "ckpt.tmp")
            os.replace("ckpt.tmp", "ckpt.pt")
        dist.barrier()
        time.sleep(0.3)
    dist.destroy_process_group()
"""


def test_a_script_under_torchrun_is_stopped_by_a_signal_to_its_group_and_resumes(cli_main, tmp_path):
    """The README's torchrun recipe: two gloo ranks under torchrun, rank 0 rewriting ckpt.pt; SIGINT to the
    command's process group stops every rank after the k-th step line, and the resumed run continues it."""
    (tmp_path / "train.py").write_text(textwrap.dedent(TORCHRUN_SCRIPT))
    spec = tmp_path / "spec.toml"
    spec.write_text(
        f'[engine]\nname = "command"\ncommand = ["{sys.executable}", "-m", "torch.distributed.run", '
        f'"--nproc-per-node", "2", "train.py"]\ncwd = "{tmp_path}"\nstep_pattern = "{PATTERN}"\n'
        'resume_args = ["--resume", "{checkpoint}"]\ncheckpoint_path = "ckpt.pt"\n'
    )
    out = tmp_path / "run"
    code, stdout, err = cli_main("check", spec, "--out", out)
    resume = json.loads((out / "result.json").read_text())["resume"]
    assert resume["stopped_by"] == "signal" and resume["code"] == "command_resume_identical", (resume, err)
    assert resume["missing_steps"] == [] and resume["repeated_steps"] == [] and resume["steps"] == 8
