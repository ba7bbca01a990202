"""A cluster through its scheduler (docs/remote.md "Slurm"): the run is a Slurm batch job, submitted with
the cluster's own ``sbatch``, followed with ``squeue``/``scontrol``, cancelled with ``scancel`` — as a user of
that cluster would. This is a target (runs/targets.py: ``SlurmCluster``): what runs inside the job is
trainsizer's own ``measure`` or ``check`` on the spec, so every engine works there unchanged.

The batch script is written into the run folder (``job.sbatch``: readable, and submittable by hand); the job
runs trainsizer in ``RUN_DIR/job`` — on the cluster's shared file system, which the login node and the compute
node both see — and the events it appends there stream into ``RUN_DIR/events.jsonl`` here as they come.
Pending (with Slurm's reason), running, and the end (the job's state and exit code) are events too; a job
killed by its time limit, cancelled or failed on its node is a result that says so, never a hang.

One node, submitted from this machine as a login node (``sbatch`` on PATH). Several ranks (ddp/fsdp) are
Slurm's own tasks: the job asks for one task per rank, and each worker of the check is an ``srun`` job step of
that many tasks, whose Slurm ids become torch.distributed's (runs/launcher.py). Several nodes and submitting
over SSH to a login node are not built yet, and are refused by name.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

# Slurm job states that are over (squeue shows them briefly, scontrol keeps them for MinJobAge)
ENDED = {
    "COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "PREEMPTED", "BOOT_FAIL", "DEADLINE",
    "OUT_OF_MEMORY", "REVOKED", "SPECIAL_EXIT",
}  # fmt: skip
WHY_ENDED = {
    "TIMEOUT": "time_limit",
    "CANCELLED": "cancelled",
    "NODE_FAIL": "node_failed",
    "PREEMPTED": "preempted",
    "OUT_OF_MEMORY": "oom",
    "BOOT_FAIL": "node_failed",
    "FAILED": "failed",
    "DEADLINE": "time_limit",
}


class SlurmError(Exception):
    """The scheduler refused or cannot be used; ``code`` says why, the message is the scheduler's own."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def batch_script(
    spec, kind: str, job_dir: Path, python: str = sys.executable, phase: str | None = None
) -> str:
    """The batch script for ``kind`` (measure | check) of the spec in ``job_dir``: readable, every value
    quoted; one node, trainsizer run as it would be by hand there. ``phase``: the half of a check's resume
    check this job runs ("stop": everything up to the stopped run's checkpoint; "continue": the resumed run,
    in the same run folder)."""
    c = spec.cluster
    ranks = spec.parallel.world_size()
    lines = [
        "#!/bin/bash",
        f"#SBATCH --job-name=trainsizer-{kind}" + ("-resume" if phase == "continue" else ""),
        "#SBATCH --nodes=1",
        # several ranks (ddp/fsdp): trainsizer's orchestration runs in the batch step and starts the ranks
        # as one srun job step per worker, one task each
        f"#SBATCH --ntasks={ranks}",
    ]
    if c.partition:
        lines.append(f"#SBATCH --partition={c.partition}")
    if c.account:
        lines.append(f"#SBATCH --account={c.account}")
    if c.gpus_per_node:
        lines.append(f"#SBATCH --gpus-per-node={c.gpus_per_node}")
    lines.append(f"#SBATCH --time={c.time_limit}")
    lines.append(f"#SBATCH --output={job_dir}/slurm-%j.out")
    # at the time limit Slurm sends SIGTERM, then SIGKILL after its KillWait: trainsizer writes its result in
    # between (a SIGTERM is a cancel to it), and the job's state says TIMEOUT
    lines += [f"#SBATCH {line}" for line in c.sbatch_lines]
    run = [python, "-m", "trainsizer", kind, "spec.toml", "--out", "run"]
    run += ["--resume-phase", phase] if phase else []
    run += [] if phase == "continue" else ["--force"]
    inner = " ".join(map(shlex.quote, run))
    if c.container:
        image, workdir = shlex.quote(c.container), shlex.quote(str(job_dir))
        inner = f"srun --container-image={image} --container-workdir={workdir} {inner}"
    lines += [
        "",
        "# written by trainsizer: the run's events and result land in run/ beside this script"
        + (
            "; this job resumes the check's training from the checkpoint the previous job saved"
            if phase == "continue"
            else ""
        ),
        f"cd {shlex.quote(str(job_dir))}",
        *(["export TRAINSIZER_LAUNCH=srun  # the ranks: srun's tasks, not torchrun's"] if ranks > 1 else []),
        f"exec {inner} >>stdout.log 2>>stderr.log",
        "",
    ]
    return "\n".join(lines)


def _tool(name: str) -> str:
    found = shutil.which(name)
    if not found:
        raise SlurmError("no_slurm", f"{name} is not on PATH: run this on a login node of the cluster")
    return found


def submit(script_path: Path, after: str | None = None) -> str:
    """sbatch the script; ``after``: a job it waits for (``--dependency=afterany``: it starts when that job
    has ended, however it ended; trainsizer decides then whether it still has work)."""
    deps = [f"--dependency=afterany:{after}", "--kill-on-invalid-dep=yes"] if after else []
    p = subprocess.run(
        [_tool("sbatch"), "--parsable", *deps, str(script_path)], capture_output=True, text=True, timeout=120
    )
    if p.returncode != 0:
        said = (p.stderr or p.stdout).strip().splitlines()
        raise SlurmError("sbatch_refused", "sbatch: " + (said[-1] if said else f"exit {p.returncode}"))
    return p.stdout.strip().split(";")[0]


def job_state(job_id: str) -> dict[str, str]:
    """The job's state, reason and exit code as Slurm says them (scontrol show job; squeue as a fallback)."""
    p = subprocess.run(
        [_tool("scontrol"), "show", "job", job_id, "-o"], capture_output=True, text=True, timeout=60
    )
    fields = dict(re.findall(r"(\w+)=(\S+)", p.stdout)) if p.returncode == 0 else {}
    if fields:
        return {"state": fields.get("JobState", ""), "reason": fields.get("Reason", ""),
                "exit_code": fields.get("ExitCode", "")}  # fmt: skip
    q = subprocess.run(
        [_tool("squeue"), "-h", "-j", job_id, "-o", "%T|%r"], capture_output=True, text=True, timeout=60
    )
    state, _, reason = q.stdout.strip().partition("|")
    return {"state": state or "UNKNOWN", "reason": reason, "exit_code": ""}


def _gres_gpus(gres: str) -> tuple[str | None, int]:
    """sinfo's Gres of a node -> (GPU type or None, GPU count): ``gpu:h100:8(S:0-1)`` -> ("h100", 8),
    ``gpu:4`` -> (None, 4), ``(null)`` -> (None, 0). Several GPU entries: the most numerous."""
    best: tuple[str | None, int] = (None, 0)
    for entry in re.split(r",(?![^(]*\))", gres or ""):
        entry = re.sub(r"\(.*?\)", "", entry).strip()
        parts = entry.split(":")
        if parts[0] != "gpu" or len(parts) < 2:
            continue
        count_text = parts[-1]
        kind = parts[1] if len(parts) >= 3 else None
        if count_text.isdigit() and int(count_text) > best[1]:
            best = (kind, int(count_text))
    return best


def partition_nodes(partition: str | None) -> dict[str, Any]:
    """What the nodes of a partition are, as ``sinfo`` says (one line per node: name, Gres, memory in MB,
    CPUs, state): the largest group of alike nodes, its GPU type and count per node, memory and CPUs, and how
    many nodes there are. SlurmError when sinfo fails or the partition has no nodes."""
    cmd = [_tool("sinfo"), "-h", "-N", "-o", "%N|%G|%m|%c|%T|%P"]
    if partition:
        cmd[2:2] = ["-p", partition]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        said = (p.stderr or p.stdout).strip().splitlines()
        raise SlurmError("sinfo_failed", "sinfo: " + (said[-1] if said else f"exit {p.returncode}"))
    groups: dict[tuple, list[dict[str, Any]]] = {}
    seen: set[str] = set()
    for line in p.stdout.splitlines():
        fields = line.split("|")
        if len(fields) < 6 or fields[0] in seen:
            continue
        seen.add(fields[0])
        kind, count = _gres_gpus(fields[1])
        node = {"name": fields[0], "gres": fields[1], "gpu_type": kind, "gpus": count,
                "memory_mb": int(fields[2]) if fields[2].isdigit() else None,
                "cpus": int(fields[3]) if fields[3].isdigit() else None, "state": fields[4],
                "partition": fields[5].rstrip("*")}  # fmt: skip
        groups.setdefault((kind, count, node["memory_mb"], node["cpus"]), []).append(node)
    if not groups:
        where = f"partition {partition!r}" if partition else "the cluster"
        raise SlurmError("no_nodes", f"sinfo lists no nodes in {where}")
    (kind, count, memory_mb, cpus), nodes = max(groups.items(), key=lambda kv: (len(kv[1]), kv[0][1]))
    return {
        "partition": partition or nodes[0]["partition"],
        "nodes": len(nodes),
        "node_names": [n["name"] for n in nodes],
        "states": sorted({n["state"] for n in nodes}),
        "gres": nodes[0]["gres"],
        "gpu_type": kind,
        "gpus_per_node": count,
        "memory_mb": memory_mb,
        "cpus": cpus,
        "other_nodes": sum(len(v) for v in groups.values()) - len(nodes),
    }


def cancel(job_id: str) -> None:
    subprocess.run([_tool("scancel"), job_id], capture_output=True, timeout=60)


def run_slurm(
    spec, kind: str, out: str | Path, *, on_event=None, cancel_event: threading.Event | None = None,
    force: bool = False, poll: float = 1.0,
) -> dict[str, Any]:  # fmt: skip
    """Submit ``kind`` of ``spec`` as a batch job, follow it to its end, and write the run folder here."""
    from trainsizer.result.model import failed_with, new_result, now
    from trainsizer.runs.measure import finish
    from trainsizer.runs.protocol import parent_event
    from trainsizer.runs.rundir import RunDir

    rd = RunDir(out, force=force)
    result = new_result(spec)
    on = on_event or (lambda e: None)

    def say(event):
        rd.append(event)
        try:
            on(event)
        except Exception:  # a front end's callback must not break the follower
            pass

    job_id = resume_job = None
    try:
        rd.write_spec(spec)
        job_dir = rd.path / "job"
        job_dir.mkdir(exist_ok=True)
        spec.save(job_dir / "spec.toml")
        # the full check is a chain of two jobs: the second resumes the training from the checkpoint the first
        # one's stopped run saved — a new job on whatever node Slurm gives it, as after a preemption
        chain = kind == "check"
        script = rd.path / "job.sbatch"
        script.write_text(batch_script(spec, kind, job_dir, phase="stop" if chain else None), "utf-8")
        job_id = submit(script)
        say(parent_event("log", message=f"submitted job {job_id} ({script})"))
        if chain:
            resume_script = rd.path / "job-resume.sbatch"
            resume_script.write_text(batch_script(spec, kind, job_dir, phase="continue"), "utf-8")
            resume_job = submit(resume_script, after=job_id)
            say(
                parent_event(
                    "log", message=f"submitted job {resume_job} after job {job_id} ({resume_script})"
                )
            )
        follower = _Follower(job_dir / "run" / "events.jsonl", say, cancel_event, poll)
        st = follower.follow(job_id)
        first = _fetch(job_dir)
        waiting = (
            chain
            and not follower.cancelled
            and first is not None
            and isinstance(first.get("resume"), dict)
            and first["resume"].get("pending")
        )
        resume_st = None
        if resume_job and waiting:
            resume_st = follower.follow(resume_job)
        elif resume_job:  # nothing left for it to do (the first job did not reach the stop, or was cancelled)
            cancel(resume_job)
            resume_st = {"state": "CANCELLED", "reason": "not needed", "exit_code": ""}
        fetched = _fetch(job_dir)
        if fetched is not None:
            result = fetched
        cancelled = follower.cancelled
        why = _why(st, fetched if resume_st is None else first)
        if why:
            message = f"Slurm ended job {job_id}: {st['state']}"
            message += f", exit code {st['exit_code']}" if st["exit_code"] else ""
            message += "; what it measured until then is kept" if fetched else ""
            result.update(cancelled=cancelled or why == "cancelled", **failed_with(why, message))
        elif waiting and resume_st is not None:
            resume_why = _why(resume_st, fetched)
            still = isinstance(result.get("resume"), dict) and result["resume"].get("pending")
            if still or resume_why:
                said = resume_st["state"] + (
                    f", exit code {resume_st['exit_code']}" if resume_st["exit_code"] else ""
                )
                result["resume"] = {
                    **(result.get("resume") or {}),
                    "pending": True,
                    "code": "resume_next_job_not_run",
                    "params": {"k": spec.checkpoint.resume_at, "job": resume_job, "why": f"Slurm: {said}"},
                }
                if resume_why == "cancelled" or follower.cancelled:
                    result["cancelled"] = True
        result["target"] = {
            "slurm": {
                "job_id": job_id,
                "state": st["state"],
                "exit_code": st["exit_code"],
                "partition": spec.cluster.partition,
                "script": str(script),
                **(
                    {
                        "resume_job_id": resume_job,
                        "resume_state": (resume_st or {}).get("state"),
                        "resume_exit_code": (resume_st or {}).get("exit_code"),
                        "resume_script": str(rd.path / "job-resume.sbatch"),
                    }
                    if resume_job
                    else {}
                ),
            }
        }
        result["finished"] = now()
        finish(rd, result)
        if follower.cancelled:
            raise KeyboardInterrupt
        return result
    except SlurmError as e:
        result.update(finished=now(), **failed_with(e.code, str(e)))
        result["target"] = {"slurm": {"job_id": job_id, "partition": spec.cluster.partition}}
        if resume_job:
            cancel(resume_job)
        finish(rd, result)
        raise
    finally:
        rd.close()


def _fetch(job_dir: Path) -> dict[str, Any] | None:
    """The result the job wrote into the run folder on the shared file system, or None."""
    from trainsizer.result.model import read_result_file

    path = job_dir / "run" / "result.json"
    if not path.exists():
        return None
    try:
        return read_result_file(path)[0]
    except (ValueError, OSError):
        return None


def _why(st: dict[str, str], fetched: dict[str, Any] | None) -> str | None:
    """Why Slurm ended a job, as an error kind (None: it ended as trainsizer ended it). trainsizer's own exit
    code 1 — a check whose verdict is not "accepted" — makes Slurm say FAILED: the result says what it is."""
    state = st["state"]
    why = WHY_ENDED.get(state)
    if why == "failed" and fetched is not None and st["exit_code"].split(":")[0] == "1":
        return None
    return why if why and why != "oom" else None


class _Follower:
    """Follows one job after another: its state changes (with Slurm's reason) and the events the jobs append
    to the run folder's events.jsonl, relayed as they land; a cancel (the event, or Ctrl-C/SIGTERM) is
    scancel, and the job is followed to its end."""

    def __init__(self, events: Path, say, cancel_event, poll: float):
        self.events, self.say, self.cancel_event, self.poll = events, say, cancel_event, poll
        self.offset = 0
        self.cancelled = False

    def _relay(self, job_id: str) -> None:
        from trainsizer.runs.protocol import parse_line

        if not self.events.exists():
            return
        with open(self.events, "rb") as f:
            f.seek(self.offset)
            data = f.read()
        complete = data[: data.rfind(b"\n") + 1]
        self.offset += len(complete)
        for raw in complete.splitlines():
            ev = parse_line(raw)
            if ev is not None:
                ev["job"] = job_id
                self.say(ev)

    def follow(self, job_id: str) -> dict[str, str]:
        from trainsizer.runs.protocol import parent_event

        last, gone_by = None, None
        if self.cancelled:
            cancel(job_id)  # a cancel during the chain's first job also cancels its second
        while True:
            try:
                st = job_state(job_id)
                key = (st["state"], st["reason"])
                if key != last:
                    last = key
                    reason = f" ({st['reason']})" if st["reason"] not in ("", "None") else ""
                    self.say(parent_event("log", message=f"job {job_id}: {st['state']}{reason}"))
                self._relay(job_id)  # the job's own events, as they land on the shared file system
                if st["state"] in ENDED:
                    return st
                if st["state"] in ("", "UNKNOWN"):  # forgotten by Slurm: over a while ago
                    gone_by = gone_by or time.monotonic() + 30
                    if time.monotonic() > gone_by:
                        return st
                if self.cancel_event is not None and self.cancel_event.is_set() and not self.cancelled:
                    self.cancelled = True
                    cancel(job_id)
                time.sleep(self.poll)
            except KeyboardInterrupt:  # Ctrl-C, SIGTERM: scancel, then follow the job to its end
                if not self.cancelled:
                    self.cancelled = True
                    cancel(job_id)
