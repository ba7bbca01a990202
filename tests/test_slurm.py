"""Slurm as a target (issue 32), against a real slurmctld and slurmd on localhost (tests/slurm.py): a
measured run streamed from its batch job, a cancelled job, a job killed by its time limit, a pending job shown
with Slurm's reason, and a partition Slurm does not know (sbatch's own error). Skipped, with the reason, where
Slurm cannot be started (no slurm-wlm and munge, not root)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from slurm import running_slurm  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("slurm")]  # one Slurm of the tests at a time
TRAINSIZER = [sys.executable, "-m", "trainsizer"]


slurm = pytest.fixture(scope="module", name="slurm")(running_slurm)


@pytest.fixture
def env(slurm):
    return dict(os.environ, **slurm.env(), HF_HUB_OFFLINE="1")


@pytest.fixture(scope="module")
def time_limited(slurm, tmp_path_factory):
    """A job with a one-minute time limit (Slurm's smallest), started with the module's first test so that its
    minute passes while the others run; the last test reads its result. What it runs is the customer's command
    (a script that waits): the time limit is the target's to report whatever the engine, and a waiting script
    leaves the machine's two cores to the other tests' jobs (a training loop kept one busy for the minute)."""
    from trainsizer.spec import RunSpec

    tmp = tmp_path_factory.mktemp("limited")
    out = tmp / "r"
    env = dict(os.environ, **slurm.env(), HF_HUB_OFFLINE="1")
    spec = tmp / "run.toml"
    script = "import time\nfor i in range(600): print('step', i, flush=True); time.sleep(1)"
    waits = [sys.executable, "-c", script]
    RunSpec().replace(engine={"name": "command", "command": waits}, cluster={"time_limit": "1"}).save(spec)
    proc = subprocess.Popen(
        [*TRAINSIZER, "measure", spec, "--slurm", "--out", out],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    yield proc, out
    if proc.poll() is None:
        proc.kill()


def _spec(tmp_path, steps=2, **cluster) -> Path:
    from trainsizer.spec import RunSpec

    path = tmp_path / "run.toml"
    RunSpec().replace(measure={"steps": steps, "warmup_steps": 1, "sample_hz": 10.0}, cluster=cluster).save(
        path
    )
    return path


def _events(out: Path) -> list[dict]:
    path = out / "events.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


def _not_passed(result: dict, stderr: str) -> str:
    """What kept a check from "accepted": each check that did not pass (its id, status, code and params), the
    run's error and the end of its stderr — first, so that the assertion's message is not cut before them."""
    checks = [(c["id"], c["status"], c["code"], c.get("params")) for c in result.get("checks") or []]
    failed = [c for c in checks if c[1] != "passed"]
    return f"not passed: {failed}; error: {result.get('error')!r}; stderr: {stderr[-1500:]}"


def _wait(pred, proc, out: Path, what: str, stall: float = 240.0):
    """Until ``pred()``, while the run makes progress (its events grow); failing with what was seen if the
    command ends first or nothing new arrives for ``stall`` seconds."""
    size, since = -1, time.monotonic()
    while not pred():
        if proc.poll() is not None:
            raise AssertionError(f"the command ended before {what}: {proc.communicate()[1][-2000:]}")
        now_size = (out / "events.jsonl").stat().st_size if (out / "events.jsonl").exists() else 0
        if now_size != size:
            size, since = now_size, time.monotonic()
        elif time.monotonic() - since > stall:
            raise AssertionError(
                f"nothing new for {stall:.0f} s while waiting for {what}: {_events(out)[-5:]}"
            )
        time.sleep(0.5)


def test_a_measured_run_is_a_batch_job_whose_events_stream_here(slurm, env, tmp_path, time_limited):
    out = tmp_path / "r"
    spec = _spec(tmp_path, partition="debug", time_limit="10:00")
    p = subprocess.run(
        [*TRAINSIZER, "measure", spec, "--slurm", "--out", out],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    result = json.loads((out / "result.json").read_text())
    job = result["target"]["slurm"]
    assert result["status"] == "ok" and job["state"] == "COMPLETED" and job["job_id"].isdigit(), result
    assert result["measurement"]["step_time_s"]["count"] == 2
    script = (out / "job.sbatch").read_text()  # readable, and kept: the user can submit it by hand
    assert "#SBATCH --partition=debug" in script and "#SBATCH --time=10:00" in script
    events = _events(out)
    assert any(e["type"] == "step" and e.get("job") == job["job_id"] for e in events)  # streamed from the job
    said = [e.get("message", "") for e in events if e["type"] == "log"]
    assert any("RUNNING" in m for m in said) and any("COMPLETED" in m for m in said), said
    assert "(measured on a Slurm cluster)" in p.stdout


def test_two_ranks_on_one_node_ask_slurm_for_two_tasks(tmp_path):
    """Issue 32: a two-rank DDP run (gloo, on the one node) asks Slurm for two tasks and starts its ranks
    as srun's tasks, not a torchrun inside one task (the job itself, srun's task ids mapped to
    torch.distributed's ranks in one job step, is run in the two-node check below); a one-rank run has no srun
    launch."""
    from trainsizer.runs.slurm import batch_script
    from trainsizer.spec import RunSpec

    two = RunSpec().replace(parallel={"strategy": "ddp", "devices": "cpu", "processes": 2})
    script = batch_script(two, "measure", tmp_path)
    assert "#SBATCH --ntasks=2" in script and "export TRAINSIZER_LAUNCH=srun" in script, script
    assert "--ntasks-per-node" not in script, script
    one = batch_script(RunSpec(), "measure", tmp_path)
    assert "#SBATCH --ntasks=1" in one and "TRAINSIZER_LAUNCH" not in one, one


def test_a_pending_job_says_slurms_reason_and_cancel_is_scancel(slurm, env, tmp_path):
    out = tmp_path / "r"
    proc = subprocess.Popen(
        [*TRAINSIZER, "measure", _spec(tmp_path, partition="closed"), "--slurm", "--out", out],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    _wait(
        lambda: any("PENDING" in e.get("message", "") for e in _events(out)), proc, out, "the pending state"
    )
    said = next(e["message"] for e in _events(out) if "PENDING" in e.get("message", ""))
    assert "PartitionDown" in said or "PartitionInactive" in said, said  # Slurm's own reason
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=120)
    result = json.loads((out / "result.json").read_text())
    assert result["status"] == "cancelled" and result["target"]["slurm"]["state"] == "CANCELLED", result
    assert proc.returncode == 130


def test_a_cancelled_running_job_keeps_what_was_measured(slurm, env, tmp_path):
    out = tmp_path / "r"
    proc = subprocess.Popen(
        [*TRAINSIZER, "measure", _spec(tmp_path, steps=400), "--slurm", "--out", out],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    _wait(lambda: any(e["type"] == "step" for e in _events(out)), proc, out, "a first step")
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=180)
    result = json.loads((out / "result.json").read_text())
    assert result["status"] == "cancelled" and result["target"]["slurm"]["state"] == "CANCELLED", result
    assert any(e["type"] == "step" for e in _events(out))  # what it measured is kept


def test_a_partition_slurm_does_not_know_is_sbatchs_own_error(slurm, env, tmp_path):
    out = tmp_path / "r"
    p = subprocess.run(
        [*TRAINSIZER, "measure", _spec(tmp_path, partition="nope"), "--slurm", "--out", out],
        env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert p.returncode == 2 and "sbatch: error: " in p.stderr and "nvalid partition" in p.stderr, p.stderr
    result = json.loads((out / "result.json").read_text())
    assert result["error_kind"] == "sbatch_refused" and result["verdict"] == "incomplete"


def test_a_job_killed_by_its_time_limit_is_a_result_that_says_so(time_limited):
    proc, out = time_limited
    _, err = proc.communicate(timeout=600)  # Slurm ends it: a minute after it started, plus its KillWait
    result = json.loads((out / "result.json").read_text())
    assert result["target"]["slurm"]["state"] == "TIMEOUT" and result["error_kind"] == "time_limit", result
    assert result["status"] != "ok" and "TIMEOUT" in result["error"] and proc.returncode != 0
    assert "Traceback" not in err


def test_plan_takes_a_partitions_nodes_from_sinfo_and_the_request_names_them(slurm, env, tmp_path):
    """Issue 32, item 4: `plan --slurm` sizes the options for the nodes sinfo describes (the h100 partition:
    four nodes of 8 H100, from slurm.conf's Gres), within their count and shape; `request --plan` names the
    partition and the nodes it asks for. A partition without GPUs, or one Slurm does not know, is said so."""
    from trainsizer.spec import RunSpec

    spec = tmp_path / "run.toml"
    RunSpec().replace(model={"preset": "llama-3.1-8b"}, precision={"compute": "bf16-mixed"},
                      task={"tokens": 2e9, "deadline_hours": 72}).save(spec)  # fmt: skip
    p = subprocess.run([*TRAINSIZER, "plan", spec, "--slurm", "--partition", "h100", "--all", "--json"],
                       env=env, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert p.returncode == 0, p.stderr
    plan = json.loads(p.stdout)
    target = plan["target"]
    assert (target["partition"], target["nodes"], target["gpus_per_node"]) == ("h100", 4, 8), target
    assert target["gpu_class"] == "H100-80GB" and target["gres"].startswith("gpu:h100:8"), target
    assert target["memory_mb"] == 2000000 and target["cpus"] == 96
    # Issue 30: the host RAM an option needs is held to what sinfo says a node has
    ram = {(o["host_ram_basis"], o["host_ram_per_node"]) for o in plan["options"]}
    assert ram == {("sinfo", 2000000 << 20)}, ram
    shapes = {(o["nodes"], o["gpus_per_node"]) for o in plan["options"]}
    assert shapes and {o["gpu"] for o in plan["options"]} == {"H100-80GB"}
    assert all(n <= 4 and (n == 1 or g == 8) and g <= 8 for n, g in shapes), shapes
    assert (4, 8) in shapes and (8, 8) not in shapes
    text = subprocess.run([*TRAINSIZER, "plan", spec, "--slurm", "--partition", "h100"],
                          env=env, capture_output=True, text=True, timeout=300).stdout  # fmt: skip
    assert "target: Slurm partition h100 as sinfo describes it: 4 node(s) of 8 × H100-80GB" in text, text
    out = tmp_path / "request.md"
    p = subprocess.run([*TRAINSIZER, "request", "--plan", spec, "--slurm", "--partition", "h100", "-o", out],
                       env=env, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert p.returncode == 0, p.stderr
    md = out.read_text()
    best = plan["options"][plan["top"][0] - 1]
    asked = f"h100: {best['nodes']} node(s) × {best['gpus_per_node']} GPUs asked, of its 4 node(s) of 8 × "
    assert "Slurm partition" in md and asked in md, md
    for partition, said in (
        ("debug", "have no GPUs in sinfo's Gres"),
        ("nope", "no nodes in partition 'nope'"),
    ):
        p = subprocess.run([*TRAINSIZER, "plan", spec, "--slurm", "--partition", partition],
                           env=env, capture_output=True, text=True, timeout=300)  # fmt: skip
        assert p.returncode == 2 and said in p.stderr, (partition, p.stderr)


def _start_check(tmp_path, env, out, train_steps: int, **changes) -> subprocess.Popen:
    """`check --slurm` of a small full check (its resume check: 3 steps, stopped at 2), started."""
    from trainsizer.spec import RunSpec

    spec = tmp_path / "run.toml"
    RunSpec().replace(
        batch={"micro_batch": 2, "seq_len": 64},
        measure={"steps": 2, "warmup_steps": 1, "sample_hz": 10.0},
        quality={"train_steps": train_steps, "eval_batches": 1},
        checkpoint={"resume_at": 2, "resume_steps": 3},
        **{"cluster": {"time_limit": "10:00"}, **changes},
    ).save(spec)
    return subprocess.Popen(
        [*TRAINSIZER, "check", spec, "--slurm", "--out", out],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip


def test_a_check_on_two_nodes_runs_a_rank_on_each_and_reads_every_nodes_environment(slurm, env, tmp_path):
    """Issue 32, items 1 and 2: `[cluster] nodes = 2` with DDP, one rank per node — a real two-node job (the
    pair partition: this machine's node and n2, a second slurmd). The batch script asks for 2 nodes, one task
    on each; every worker is an srun job step over both nodes, rank 0 on one and rank 1 on the other; each
    node's environment is read on that node (the "recorded" evidence). `check --slurm` is a chain of two jobs:
    the first measures, checks the quality and runs the resume check's uninterrupted and stopped runs; the
    second (--dependency=afterany) is a new job that resumes from the checkpoint the first one saved
    (bit-identical on the CPU), as after a preemption, and the verdict is read back here (before, the resumed
    run ran in the same job as the stopped one). The terminal, the report and the request say where it ran:
    the jobs and the nodes, not "this machine". (One node's job — no srun steps — is
    test_a_measured_run_is_a_batch_job_whose_events_stream_here; the chain is the same code on one node.)"""
    out = tmp_path / "r"
    parallel = {"strategy": "ddp", "devices": "cpu", "processes": 1}
    cluster = {"time_limit": "10:00", "nodes": 2, "partition": "pair"}
    proc = _start_check(tmp_path, env, out, train_steps=4, parallel=parallel, cluster=cluster)
    _wait(lambda: proc.poll() is not None, proc, out, "the end")
    stdout, stderr = proc.communicate(timeout=60)
    result = json.loads((out / "result.json").read_text())
    job = result["target"]["slurm"]
    assert result["verdict"] == "accepted" and proc.returncode == 0, _not_passed(result, stderr)
    assert job["nodes"] == 2 and sorted(job["node_list"].split(",")) == ["n2", slurm.host], job
    for name in ("job.sbatch", "job-resume.sbatch"):
        script = (out / name).read_text()
        assert "#SBATCH --nodes=2" in script and "#SBATCH --ntasks-per-node=1" in script, script
        assert "export TRAINSIZER_LAUNCH=srun" in script, script
    events = _events(out)
    hellos = [e for e in events if e["type"] == "hello" and "slurm" in e]
    by_step = {}
    for e in hellos:
        by_step.setdefault((e["job"], e["slurm"]["step_id"]), {})[e["rank"]] = e["server"]
    assert len(by_step) >= 5, by_step  # measure, quality, uninterrupted, stopped (job 1), resumed (job 2)
    for ranks in by_step.values():  # each worker's two ranks on the two nodes
        assert sorted(ranks) == [0, 1] and sorted(ranks.values()) == sorted(["n2", slurm.host]), by_step
    tasks = {}
    for e in hellos:  # every worker is one srun job step whose tasks 0 and 1 are the ranks
        tasks.setdefault((e["job"], e["slurm"]["step_id"]), set()).add(e["slurm"]["procid"])
        assert e["world_size"] == 2 and e["slurm"]["job_id"] in (job["job_id"], job["resume_job_id"]), e
    assert all(t == {"0", "1"} for t in tasks.values()) and ("0" in {s for _, s in tasks}), tasks
    assert {j for j, _ in by_step} == {job["job_id"], job["resume_job_id"]}
    servers = [n["server"] for n in result["environment"]["nodes"]]
    assert sorted(servers) == sorted(["n2", slurm.host]), servers
    assert result["measurement"]["world_size"] == 2
    devices = {d for e in events if e["type"] == "sample" for d in e["devices"]}
    assert {f"{n}/cpu" for n in servers} <= devices, devices  # one curve per node
    # the chain: the resumed run is the second job's, from the first job's checkpoint
    assert job["resume_job_id"] != job["job_id"] and job["resume_state"] == "COMPLETED", job
    resume = result["resume"]
    assert resume["code"] == "resume_identical" and resume["resumed_in_new_process"] is True, resume
    runs = {e["name"]: e["job"] for e in events if e["type"] == "run"}
    assert runs["stopped"] == job["job_id"] and runs["resumed"] == job["resume_job_id"], runs
    assert "--resume-phase continue" in (out / "job-resume.sbatch").read_text()
    assert "--resume-phase stop" in (out / "job.sbatch").read_text()
    assert "resumed at steps 2 of 3: bit-identical" in stdout, stdout
    # the report and the request say where it ran: the jobs and the nodes, not "this machine"
    for fmt, name in (("html", "report.html"), ("md", "request.md")):
        cmd = "report" if fmt == "html" else "request"
        p = subprocess.run([*TRAINSIZER, cmd, out, "--format", fmt, "-o", tmp_path / name],
                           env=env, capture_output=True, text=True, timeout=300)  # fmt: skip
        assert p.returncode == 0, p.stderr
        text = (tmp_path / name).read_text()
        assert f"Slurm job {job['job_id']}" in text, name
        assert f"resumed in a new job, {job['resume_job_id']}" in text, name
        assert "this machine" not in text.split("where it ran", 1)[1][:200], name
        # the request redacts host names (this machine's is one of the nodes); the report names them
        assert (f"on 2 nodes: {job['node_list']}" if fmt == "html" else "on 2 nodes: ") in text, name


_RANK_EMITS = """
from trainsizer.worker.__main__ import _ranks_from_slurm
_ranks_from_slurm()  # Slurm's task ids -> RANK, WORLD_SIZE, as the worker's
from trainsizer.worker.events import Emitter
em = Emitter()
for i in range(400):
    em.emit("log", level="info", message=("event %d " % i) * 400)
"""


def test_the_ranks_long_events_cross_a_real_srun_step_whole(slurm, env, tmp_path):
    """Two ranks of an srun job step over two nodes share srun's stdout, and srun forwards a task's output in
    messages of at most 1024 bytes: a longer line of one rank arrives in pieces that the other rank's lines
    may cut (the two-node check's results were lost so — "worker exited with code 0 without a result"; without
    the parts, each of 5 runs of this test lost events, one kept 126 and 127 of the ranks' 400). Each rank
    writes its long events in parts (worker/events.py) and the launcher's reader joins them: every event of
    both ranks arrives whole in events.jsonl."""
    from trainsizer.runs.launcher import WorkerProcess
    from trainsizer.runs.rundir import RunDir

    rd = RunDir(tmp_path / "r")
    cmd = ["srun", "-p", "pair", "--nodes=2", "--ntasks=2", "--export=ALL,TRAINSIZER_RANKS=slurm",
           sys.executable, "-c", _RANK_EMITS]  # fmt: skip
    wp = WorkerProcess(rd, cmd, env={**env, "PYTHONPATH": str(Path(__file__).parents[1])})
    wp.start()
    assert wp.wait(timeout=240) == 0
    raw = (tmp_path / "r" / "events.jsonl").read_text().splitlines()
    events = [json.loads(x) for x in raw]
    got = {r: [e.get("message") for e in events if e.get("rank") == r] for r in (0, 1)}
    want = [f"event {i} " * 400 for i in range(400)]
    cut = [e["message"][:120] for e in events if e.get("level") == "output"]
    assert got == {0: want, 1: want} and not cut, (len(got[0]), len(got[1]), cut[:3])


def test_several_nodes_are_refused_where_slurm_does_not_run_them(tmp_path):
    """A spec of a two-node job is not run as something else: without --slurm it is refused, naming the
    option; a strategy without ranks on each node, or the customer's command, is refused at validation."""
    from trainsizer.spec import RunSpec, SpecError

    spec = tmp_path / "run.toml"
    base = RunSpec().replace(parallel={"strategy": "ddp", "devices": "cpu"}, cluster={"nodes": 2})
    assert base.parallel.world_size() == 2
    base.save(spec)
    p = subprocess.run([*TRAINSIZER, "measure", spec, "--out", tmp_path / "r"], capture_output=True,
                       text=True, timeout=300)  # fmt: skip
    assert p.returncode == 2 and "[cluster] nodes = 2: a job on several nodes runs through Slurm" in p.stderr
    assert not (tmp_path / "r" / "result.json").exists(), "nothing ran"
    with pytest.raises(SpecError, match=r"\[cluster\] nodes: .*choose strategy ddp or fsdp"):
        RunSpec().replace(cluster={"nodes": 2})
    with pytest.raises(SpecError, match=r"\[cluster\] nodes: .*command on several nodes is not built yet"):
        base.replace(engine={"name": "command", "command": [sys.executable, "-c", "pass"]})


def test_a_resume_job_that_never_runs_leaves_the_resume_not_proven(slurm, env, tmp_path):
    """The chain's second job is cancelled (by someone else, with scancel) before it resumes: the check says
    the resume was not proven and names that job — never a pass, never a hang."""
    out = tmp_path / "r"
    proc = _start_check(tmp_path, env, out, train_steps=2)
    said = lambda: [e.get("message", "") for e in _events(out) if e["type"] == "log"]  # noqa: E731
    _wait(lambda: any(" after job " in m for m in said()), proc, out, "the second job's submission")
    second = next(m for m in said() if " after job " in m).split()[2]
    subprocess.run(["scancel", second], env=env, check=True, timeout=60)
    _wait(lambda: proc.poll() is not None, proc, out, "the end")
    result = json.loads((out / "result.json").read_text())
    resume = result["resume"]
    assert resume["code"] == "resume_next_job_not_run" and resume["params"]["job"] == second, resume
    assert "CANCELLED" in resume["params"]["why"] and result["verdict"] == "incomplete", result
    assert next(c for c in result["checks"] if c["id"] == "resume")["status"] == "not_run"


@pytest.fixture(scope="module")
def login_node(slurm, tmp_path_factory):
    """A real sshd on 127.0.0.1 whose sessions see this Slurm (SLURM_CONF): a login node over SSH."""
    from sshd import start_sshd

    try:
        server = start_sshd(tmp_path_factory.mktemp("login"), env=slurm.env())
    except RuntimeError as e:
        pytest.skip(f"no sshd can be started here: {e}")
    yield server
    server.process.terminate()
    server.process.wait(timeout=30)


def test_a_job_is_submitted_and_followed_over_ssh_on_a_login_node(slurm, login_node, tmp_path):
    """Issue 32, item 1: `--host login1 --slurm` — sbatch, scontrol and the job folder on the login node over
    SSH (the job folder in its home, on the shared file system), the events streamed here as they land; a
    login node that refuses the login is a result that says so."""
    env = dict(os.environ, **login_node.env(), HF_HUB_OFFLINE="1")  # no SLURM_CONF here: only over there
    env.pop("SLURM_CONF", None)
    out = tmp_path / "r"
    spec = _spec(tmp_path, time_limit="10:00")
    p = subprocess.run(
        [*TRAINSIZER, "measure", spec, "--slurm", "--host", "tsz-server", "--out", out],
        env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    result = json.loads((out / "result.json").read_text())
    job = result["target"]["slurm"]
    assert result["status"] == "ok" and job["state"] == "COMPLETED", result
    assert job["login_node"] == "tsz-server" and job["script"].startswith(job["job_dir"]), job
    from trainsizer.report.content import load_run, where_it_ran
    from trainsizer.report.text import translator

    said = where_it_ran(load_run(out).typed, translator("en"))
    assert (
        said
        == f"Slurm job {job['job_id']}, partition the cluster's default, submitted from tsz-server over SSH"
    )
    assert job["job_dir"].startswith(str(login_node.dir / "home" / ".trainsizer" / "slurm")), job
    assert (out / "job.sbatch").read_text() == Path(job["script"]).read_text()  # the copy here: what ran
    assert any(e["type"] == "step" and e.get("job") == job["job_id"] for e in _events(out))
    assert "(measured on a Slurm cluster (through tsz-server))" in p.stdout, p.stdout
    refused = tmp_path / "refused"
    p = subprocess.run(
        [*TRAINSIZER, "measure", spec, "--slurm", "--host", "tsz-refused", "--out", refused],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert p.returncode == 2 and "the login was refused" in p.stderr, p.stderr
    assert json.loads((refused / "result.json").read_text())["error_kind"] == "login_refused"


def _probe_doc(p) -> dict:
    assert p.returncode in (0, 1), p.stderr[-2000:]
    return json.loads(p.stdout)


def test_the_probe_of_two_nodes_probes_each_and_the_collectives_between_them(slurm, env, tmp_path):
    """Issue 33: `probe --slurm --nodes 2` — one batch job; each node probes itself (named by Slurm's name:
    both nodes here share a host name), gloo collectives run between the nodes as an srun job step of one rank
    each, the stages stream here, the job folder (trainsizer's) is removed, the probe is kept as the cluster's
    — never as this login node's."""
    from trainsizer.hardware.probes import kept_probes, latest_probe

    disk = tmp_path / "ckpt"
    disk.mkdir()
    args = [*TRAINSIZER, "probe", "--slurm", "--partition", "pair", "--nodes", "2", "--quick", "--dir", disk]
    p = subprocess.run(
        [*args, "--json", "--progress-lines"], env=env, capture_output=True, text=True, timeout=600
    )
    doc = _probe_doc(p)
    job = doc["target"]["slurm"]
    assert job["partition"] == "pair" and job["state"] == "COMPLETED", job
    assert sorted(n["name"] for n in doc["nodes"]) == ["n2", slurm.host], doc["nodes"]
    figures = {(f["scope"], f["what"]): f for f in doc["figures"]}
    for node in ("n2", slurm.host):
        assert figures[(f"{node}/host", "cpu_gemm_float32")]["value"] > 0, node
        assert figures[(f"{node}/disk:{disk}", "disk_write")]["value"] > 0, node
    between = figures[("between_nodes", "all_reduce")]
    assert between["value"] > 0 and between["detail"]["ranks"] == 2 and between["detail"]["backend"] == "gloo"
    assert doc["verdict"] == ("below" if doc["summary"] else "pass") and p.returncode == (
        1 if doc["summary"] else 0
    )
    assert not list(disk.iterdir()), list(disk.iterdir())  # the job folder was trainsizer's, and is gone
    kept = [d for _, d in kept_probes()]
    assert kept and kept[0]["machine"] == f"Slurm {','.join(sorted(['n2', slurm.host]))}", kept[0]["machine"]
    assert latest_probe() is None  # a cluster's probe does not calibrate the login node
    listed = subprocess.run(
        [*TRAINSIZER, "history", "probes", "--json"], env=env, capture_output=True, text=True, timeout=120
    )
    assert json.loads(listed.stdout)[0]["where"].startswith(f"Slurm job {job['job_id']} on "), listed.stdout
    assert "probe: collectives between the nodes" in p.stderr and ": RUNNING" in p.stderr, p.stderr
    from trainsizer.cli.probe_cmds import render_probe

    text = render_probe(doc)  # the terminal's table names the job and every node's figures
    assert f"Readiness probe of Slurm job {job['job_id']} on " in text and "between_nodes" in text, text
    assert "n2/host" in text and "CPU GEMM fp32" in text, text


def test_collectives_that_cannot_run_between_the_nodes_are_below(slurm, env, tmp_path):
    """The probe's between-nodes verdict fails on a broken case: a backend that cannot start (the environment
    reaches the job's steps through sbatch) is below, named, and the probe exits 1 — every run on those nodes
    would fail the same way."""
    p = subprocess.run(
        [*TRAINSIZER, "probe", "--slurm", "--partition", "pair", "--nodes", "2", "--quick", "--json",
         "--no-keep", "--dir", tmp_path],
        env=dict(env, TRAINSIZER_PROBE_BACKEND="no-such"), capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    doc = _probe_doc(p)
    below = [b for b in doc["summary"] if b["scope"] == "between_nodes"]
    assert p.returncode == 1 and doc["verdict"] == "below" and below, doc["summary"]
    assert "could not run" in below[0]["params"]["why"], below


def test_the_probe_job_is_submitted_over_ssh_from_a_login_node(slurm, login_node, tmp_path):
    """`probe --host login1 --slurm`: sbatch and the job folder on the login node over SSH, the probe read
    back from there."""
    env = dict(os.environ, **login_node.env(), HF_HUB_OFFLINE="1")
    env.pop("SLURM_CONF", None)
    p = subprocess.run(
        [*TRAINSIZER, "probe", "--slurm", "--host", "tsz-server", "--quick", "--json", "--no-keep"],
        env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    doc = _probe_doc(p)
    job = doc["target"]["slurm"]
    assert job["login_node"] == "tsz-server" and job["state"] == "COMPLETED", job
    assert job["job_dir"].startswith(str(login_node.dir / "home" / ".trainsizer" / "slurm")), job
    assert [n["name"] for n in doc["nodes"]] == [slurm.host]
    assert not [f for f in doc["figures"] if f["scope"] == "between_nodes"]  # one node: nothing between
