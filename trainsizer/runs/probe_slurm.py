"""The readiness probe of a Slurm cluster's nodes (`trainsizer probe --slurm`, docs/probe.md "On a Slurm
cluster"): one batch job, submitted with the cluster's own ``sbatch`` from this login node or one over SSH
(runs/slurm.py's sites), followed with ``scontrol``, cancelled with ``scancel``.

Inside the job (``trainsizer probe --in-slurm-job``, run by the batch script on the job's first node):
every node probes itself — its GPUs, host and the disk of the folder the probe names (``--dir``, on the
shared file system, where the checkpoints of a run on that cluster go) — as one task per node of an srun
job step; then, with several
nodes, the collectives run between them: an srun job step of one rank per GPU (one per node without GPUs),
NCCL or gloo, whose Slurm ids become torch.distributed's. The job writes ``probe.json`` (the nodes' figures,
each scoped by its node, and the figures between the nodes, judged) and its stages into ``events.jsonl``,
which the login side relays as they land.

A cluster's probe names its nodes as the machine (``Slurm n1,n2``): it never calibrates the login node."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainsizer.runs.probe import ProbeError, between_figures, combine_nodes, gpu_count

EVENTS = "events.jsonl"  # the job's stages, as protocol events (runs/protocol.py)
RESULT = "probe.json"


@dataclass
class Request:
    """What the probe job asks of the cluster (the CLI's flags, else the spec's [cluster])."""

    nodes: int = 1
    partition: str | None = None
    account: str | None = None
    gpus_per_node: int | None = None
    time_limit: str = "00:15:00"
    sbatch_lines: tuple[str, ...] = ()
    quick: bool = False
    planned_checkpoint: int | None = None


def batch_script(
    req: Request, job_dir: str, python: str = sys.executable, disk_dir: str | None = None
) -> str:
    """The probe's batch script: readable, every value quoted, submittable by hand. ``disk_dir``: the folder
    whose disk each node tests (the job folder by default)."""
    per_node = req.gpus_per_node or 1  # a rank per GPU for the collectives between the nodes
    lines = [
        "#!/bin/bash",
        "#SBATCH --job-name=trainsizer-probe",
        f"#SBATCH --nodes={req.nodes}",
        f"#SBATCH --ntasks-per-node={per_node}",
    ]
    lines += [f"#SBATCH --partition={req.partition}"] if req.partition else []
    lines += [f"#SBATCH --account={req.account}"] if req.account else []
    lines += [f"#SBATCH --gpus-per-node={req.gpus_per_node}"] if req.gpus_per_node else []
    lines += [f"#SBATCH --time={req.time_limit}", f"#SBATCH --output={job_dir}/slurm-%j.out"]
    lines += [f"#SBATCH {line}" for line in req.sbatch_lines]
    run = [python, "-m", "trainsizer", "probe", "--in-slurm-job", "--dir", disk_dir or job_dir, "--no-keep"]
    run += ["--quick"] if req.quick else []
    run += ["--checkpoint-bytes", str(int(req.planned_checkpoint))] if req.planned_checkpoint else []
    lines += [
        "",
        "# written by trainsizer: every node's probe, then the collectives between the nodes; probe.json and",
        "# the stages (events.jsonl) land beside this script",
        f"cd {shlex.quote(job_dir)}",
        f"exec {' '.join(map(shlex.quote, run))} >>stdout.log 2>>stderr.log",
        "",
    ]
    return "\n".join(lines)


# -- inside the job ---------------------------------------------------------------------------------------
def _say(folder: Path, stage: str) -> None:
    from trainsizer.runs.protocol import parent_event

    with open(folder / EVENTS, "a", encoding="utf-8") as f:
        f.write(json.dumps(parent_event("log", message=f"probe: {stage}")) + "\n")


def in_job(
    directory: Path, *, quick: bool = False, planned: int | None = None, timeout: float = 900
) -> dict[str, Any]:
    """Run by the batch script on the job's first node, in the job folder: every node's probe (a task per
    node; its disk test in ``directory``), the collectives between the nodes, one document written to
    ``probe.json`` in the job folder."""
    from trainsizer.runs.launcher import _srun_rendezvous

    t0 = time.perf_counter()
    folder = Path.cwd()
    nodes = int(os.environ.get("SLURM_JOB_NUM_NODES") or os.environ.get("SLURM_NNODES") or 1)
    stages: dict[str, float] = {}
    _say(folder, f"every node probes itself ({nodes} node{'s' if nodes > 1 else ''})")
    args = ["probe", "--json", "--no-keep", "--dir", str(directory)] + (["--quick"] if quick else [])
    args += ["--checkpoint-bytes", str(int(planned))] if planned else []
    t = time.perf_counter()
    p = subprocess.run(
        ["srun", f"--nodes={nodes}", f"--ntasks={nodes}", "--ntasks-per-node=1",
         # %n: the node's index in the job (two nodes may share a host name: %N would not tell them apart)
         f"--output={folder}/node-%n.json", f"--error={folder}/node-%n.log",
         sys.executable, "-m", "trainsizer", *args],
        capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
    stages["nodes"] = round(time.perf_counter() - t, 2)
    probed: list[tuple[str, dict | None, str]] = []
    for i, name in enumerate(_node_names(nodes)):
        try:
            probed.append((name, json.loads((folder / f"node-{i}.json").read_text(encoding="utf-8")), ""))
        except (OSError, ValueError):
            probed.append((name, None, _tail(folder / f"node-{i}.log") or p.stderr.strip()[-300:]))
    between: list[dict] = []
    gpus = min((gpu_count(d) for _, d, _ in probed if d), default=0)
    if nodes > 1:
        _say(folder, "collectives between the nodes")
        t = time.perf_counter()
        between = _between_nodes(nodes, gpus, quick, _srun_rendezvous(), timeout)
        stages["between nodes"] = round(time.perf_counter() - t, 2)
    doc = combine_nodes(probed, between, quick=quick, stages=stages, seconds=time.perf_counter() - t0)
    doc["machine"] = "Slurm " + ",".join(name for name, _, _ in probed)
    tmp = folder / (RESULT + ".tmp")
    tmp.write_text(json.dumps(doc, indent=1, default=str) + "\n", encoding="utf-8")
    os.replace(tmp, folder / RESULT)
    _say(folder, "done")
    return doc


def _node_names(nodes: int) -> list[str]:
    """The job's nodes by Slurm's names (scontrol show hostnames of SLURM_JOB_NODELIST)."""
    listed = os.environ.get("SLURM_JOB_NODELIST") or os.environ.get("SLURM_NODELIST") or ""
    try:
        p = subprocess.run(
            ["scontrol", "show", "hostnames", listed], capture_output=True, text=True, timeout=60
        )
        names = p.stdout.split() if p.returncode == 0 else []
    except (OSError, subprocess.SubprocessError):
        names = []
    if len(names) != nodes:
        names = [n.strip() for n in listed.split(",") if n.strip()][:nodes]
    return names if len(names) == nodes else [f"node {i}" for i in range(nodes)]


def _tail(path: Path) -> str:
    try:
        return " | ".join(path.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-3:])
    except OSError:
        return ""


def _between_nodes(nodes: int, gpus: int, quick: bool, rdzv: dict, timeout: float) -> list[dict]:
    """All-reduce, all-gather and reduce-scatter across every node: a rank per GPU (NCCL), one per node
    without GPUs (gloo). Collectives that cannot run between the nodes are below: every run on several nodes
    would fail the same way."""
    per_node = max(1, gpus)
    env = dict(os.environ, **rdzv)
    if not gpus:  # (a backend named in the environment is tried as it is: tests show one that cannot start)
        env.setdefault("TRAINSIZER_PROBE_BACKEND", "gloo")
    cmd = [
        "srun", f"--nodes={nodes}", f"--ntasks={nodes * per_node}", f"--ntasks-per-node={per_node}",
        "--kill-on-bad-exit=1", "--export=ALL,TRAINSIZER_RANKS=slurm",
        sys.executable, "-m", "trainsizer.worker.probe", "collectives", "--scope", "between_nodes",
    ] + (["--quick"] if quick else [])  # fmt: skip
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
        out, err, code = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode("utf-8", "replace") if isinstance(e.stdout, bytes) else e.stdout or ""
        err, code = "", None
    return between_figures(out, err, code)


# -- on the login side ------------------------------------------------------------------------------------
@dataclass
class _Here:
    """A local folder where a site writes its copy of the script (LocalSite/SshSite.put_script's ``rd``)."""

    path: Path


def probe_slurm(
    req: Request,
    *,
    directory: str | Path | None = None,
    site=None,
    on_progress=None,
    cancel_event: threading.Event | None = None,
    poll: float = 1.0,
) -> dict[str, Any]:
    """Submit the probe job, relay its stages, and return its document with ``target.slurm`` (job id,
    partition, node list, script, login node). ``directory``: where the job folder is made on this login
    node (on the cluster's shared file system; the current folder by default). ProbeError when the job
    wrote no probe (the reason: Slurm's state, the job's output)."""
    from trainsizer.runs.slurm import LOCAL, _Follower, submit

    site = site or LOCAL
    on = on_progress or (lambda stage: None)
    made_here = None
    if site is LOCAL:
        base = Path(directory or os.getcwd()).expanduser()
        made_here = Path(tempfile.mkdtemp(prefix=".trainsizer-probe-", dir=base))
        job_dir, here, disk = str(made_here), _Here(made_here), str(base)
    else:
        job_dir = site.job_dir(None)
        here, disk = _Here(Path(tempfile.mkdtemp(prefix="trainsizer-probe-"))), None
    try:
        script = site.put_script(here, job_dir, "probe.sbatch", batch_script(req, job_dir, site.python, disk))
    finally:
        if made_here is None:  # the copy here of what was submitted over SSH
            import shutil

            shutil.rmtree(here.path, ignore_errors=True)
    try:
        job_id = submit(script, site=site)
    except BaseException:  # nothing was submitted: trainsizer's folder goes with its script
        if made_here is not None:
            import shutil

            shutil.rmtree(made_here, ignore_errors=True)
        raise
    on(f"submitted job {job_id} ({script})")

    def say(event: dict) -> None:
        msg = str(event.get("message") or "")
        if event.get("type") == "log" and msg:
            on(msg.removeprefix("probe: ") if msg.startswith("probe: ") else msg)

    follower = _Follower(f"{job_dir}/{EVENTS}", say, cancel_event, poll, site)
    st = follower.follow(job_id)
    data = site.read(f"{job_dir}/{RESULT}")
    doc = None
    if data:
        try:
            doc = json.loads(data)
        except ValueError:
            doc = None
    state = st["state"] + (f", exit code {st['exit_code']}" if st.get("exit_code") else "")
    if follower.cancelled:
        raise KeyboardInterrupt
    if not isinstance(doc, dict) or not isinstance(doc.get("figures"), list):
        out = site.read(f"{job_dir}/stderr.log") or b""
        said = " | ".join(out.decode("utf-8", "replace").strip().splitlines()[-3:])
        if said:
            raise ProbeError(
                "the probe job %(job)s wrote no probe (Slurm: %(state)s): %(said)s; "
                "its folder is kept: %(folder)s",
                job=job_id,
                state=state,
                said=said,
                folder=job_dir,
            )
        raise ProbeError(
            "the probe job %(job)s wrote no probe (Slurm: %(state)s); its folder is kept: %(folder)s",
            job=job_id,
            state=state,
            folder=job_dir,
        )
    doc["target"] = {
        "slurm": {
            "job_id": job_id,
            "state": st["state"],
            "partition": req.partition,
            "nodes": req.nodes,
            "node_list": st.get("node_list"),
            "script": str(script),
            "login_node": site.login,
            "job_dir": job_dir,
        }
    }
    if made_here is not None:  # trainsizer's own folder: the document holds what it measured
        import shutil

        shutil.rmtree(made_here, ignore_errors=True)
        doc["target"]["slurm"]["job_dir"] = None
    return doc
