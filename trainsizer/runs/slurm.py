"""A cluster through its scheduler (docs/remote.md "Slurm"): the run is a Slurm batch job, submitted with
the cluster's own ``sbatch``, followed with ``squeue``/``scontrol``, cancelled with ``scancel`` — as a user of
that cluster would. This is a target (runs/targets.py: ``SlurmCluster``): what runs inside the job is
trainsizer's own ``measure`` or ``check`` on the spec, so every engine works there unchanged.

The batch script is written into the run folder (``job.sbatch``: readable, and submittable by hand); the job
runs trainsizer in ``RUN_DIR/job`` — on the cluster's shared file system, which the login node and the compute
node both see — and the events it appends there stream into ``RUN_DIR/events.jsonl`` here as they come.
Pending (with Slurm's reason), running, and the end (the job's state and exit code) are events too; a job
killed by its time limit, cancelled or failed on its node is a result that says so, never a hang.

Submitted from this machine as a login node (``LocalSite``: sbatch on PATH) or through one over SSH
(``SshSite``: ``--host login1 --slurm``). The full check is a chain of two jobs: the second resumes from the
checkpoint the first one's stopped run saved, as after a preemption. Several ranks (ddp/fsdp) are Slurm's own
tasks: the job asks for one task per rank, and each worker of the check is an ``srun`` job step of that many
tasks, whose Slurm ids become torch.distributed's (runs/launcher.py). Several nodes (``[cluster] nodes``):
the same job steps spread over the job's nodes, ``[parallel]``'s ranks on each; the rendezvous is the batch
step's node, and every node's environment is read on that node by a job step of its own.
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

from trainsizer.problem import Problem

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


class SlurmError(Problem):
    """The scheduler refused or cannot be used; ``code`` says why, the message is the scheduler's own (a
    template and its parameters: trainsizer.problem)."""

    def __init__(self, code: str, template: str, /, **params):
        from trainsizer.result.model import ErrorKind

        super().__init__(template, **params)
        self.code = str(ErrorKind(code))  # the result's error_kind


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
        f"#SBATCH --nodes={c.nodes}",
        # several ranks (ddp/fsdp): trainsizer's orchestration runs in the batch step (on the job's first
        # node) and starts the ranks as one srun job step per worker, one task each, on every node
        f"#SBATCH --ntasks={ranks}",
        *([f"#SBATCH --ntasks-per-node={spec.parallel.ranks_per_node()}"] if c.nodes > 1 else []),
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
        raise SlurmError(
            "no_slurm", "%(command)s is not on PATH: run this on a login node of the cluster", command=name
        )
    return found


class LocalSite:
    """This machine is the login node: Slurm's commands on PATH here, the job folder inside the run folder
    (which must be on the cluster's shared file system)."""

    login = None  # sbatch runs here: this machine is the login node

    def __init__(self):
        self.python = sys.executable

    def slurm(self, argv: list[str], timeout: float = 120) -> subprocess.CompletedProcess:
        return subprocess.run([_tool(argv[0]), *argv[1:]], capture_output=True, text=True, timeout=timeout)

    def job_dir(self, rd) -> str:
        (rd.path / "job").mkdir(exist_ok=True)
        return str(rd.path / "job")

    def put_spec(self, spec, job_dir: str) -> None:
        spec.save(Path(job_dir) / "spec.toml")

    def put_script(self, rd, job_dir: str, name: str, text: str) -> str:
        (rd.path / name).write_text(text, encoding="utf-8")
        return str(rd.path / name)

    def read(self, path: str, offset: int = 0) -> bytes | None:
        try:
            with open(path, "rb") as f:
                f.seek(offset)
                return f.read()
        except OSError:
            return None


class SshSite:
    """A login node over SSH (``--host login1 --slurm``): Slurm's commands run there through one master
    connection (runs/remote.Connection), every word quoted; the job folder is made there under
    ``$HOME/.trainsizer/slurm`` (home is on the cluster's shared file system, where the compute nodes see
    it), the files the spec names are copied into it, and the events and the result are read from it here."""

    def __init__(self, conn):
        self.conn = conn
        self.python: str | None = None  # the login node's, found when the job folder is made
        self.login = str(conn.host)  # the login node, reached over SSH

    def _sh(self, line: str, *, input: bytes | None = None, timeout: float = 120):
        from trainsizer.runs.remote import RemoteError

        try:
            return self.conn.run(line, input=input, timeout=timeout)
        except RemoteError as e:  # the login node cannot be reached (or went away): a result that says so
            raise SlurmError.of(e, e.code) from None

    def slurm(self, argv: list[str], timeout: float = 120) -> subprocess.CompletedProcess:
        p = self._sh(" ".join(shlex.quote(a) for a in argv), timeout=timeout)
        if p.returncode == 127:
            raise SlurmError(
                "no_slurm",
                "%(host)s: %(command)s is not on PATH there: is it a login node of the cluster?",
                host=str(self.conn.host),
                command=argv[0],
            )
        out, err = (x.decode("utf-8", "replace") for x in (p.stdout, p.stderr))
        return subprocess.CompletedProcess(argv, p.returncode, out, err)

    def job_dir(self, rd) -> str:
        from trainsizer.runs.remote import RemoteError

        try:  # the login node's trainsizer is this one (else `trainsizer remote setup` is named)
            self.python = self.conn.check_versions()["python"]
        except RemoteError as e:
            raise SlurmError.of(e, e.code) from None
        p = self._sh('d="$HOME/.trainsizer/slurm" && mkdir -p "$d" && mktemp -d "$d/run.XXXXXX"', timeout=60)
        path = p.stdout.decode("utf-8", "replace").strip()
        if p.returncode != 0 or not path.startswith("/"):
            said = p.stderr.decode("utf-8", "replace").strip()[-200:]
            raise SlurmError(
                "job_dir_failed",
                "%(host)s: cannot make the job folder (%(said)s)",
                host=str(self.conn.host),
                said=said,
            )
        return path

    def put_spec(self, spec, job_dir: str) -> None:
        from trainsizer.runs.remote import _upload, prepare_spec

        text = prepare_spec(self.conn, spec, job_dir).to_toml()
        _upload(self.conn, text.encode("utf-8"), f"{job_dir}/spec.toml")

    def put_script(self, rd, job_dir: str, name: str, text: str) -> str:
        from trainsizer.runs.remote import _upload

        (rd.path / name).write_text(text, encoding="utf-8")  # the copy here: what was submitted, readable
        _upload(self.conn, text.encode("utf-8"), f"{job_dir}/{name}")
        return f"{job_dir}/{name}"

    def read(self, path: str, offset: int = 0) -> bytes | None:
        q = shlex.quote(path)
        p = self._sh(f"test -f {q} && tail -c +{int(offset) + 1} {q}", timeout=120)
        return p.stdout if p.returncode == 0 else None


LOCAL = LocalSite()


def submit(script_path, after: str | None = None, site=LOCAL) -> str:
    """sbatch the script; ``after``: a job it waits for (``--dependency=afterany``: it starts when that job
    has ended, however it ended; trainsizer decides then whether it still has work)."""
    deps = [f"--dependency=afterany:{after}", "--kill-on-invalid-dep=yes"] if after else []
    p = site.slurm(["sbatch", "--parsable", *deps, str(script_path)])
    if p.returncode != 0:
        said = (p.stderr or p.stdout).strip().splitlines()
        raise SlurmError(
            "sbatch_refused", "sbatch: %(said)s", said=said[-1] if said else f"exit {p.returncode}"
        )
    return p.stdout.strip().split(";")[0]


def job_state(job_id: str, site=LOCAL) -> dict[str, str]:
    """The job's state, reason and exit code as Slurm says them (scontrol show job; squeue as a fallback)."""
    p = site.slurm(["scontrol", "show", "job", job_id, "-o"], timeout=60)
    fields = dict(re.findall(r"(\w+)=(\S+)", p.stdout)) if p.returncode == 0 else {}
    if fields:
        return {"state": fields.get("JobState", ""), "reason": fields.get("Reason", ""),
                "exit_code": fields.get("ExitCode", ""),
                "node_list": _nodes_given(fields.get("NodeList", ""))}  # fmt: skip
    q = site.slurm(["squeue", "-h", "-j", job_id, "-o", "%T|%r|%N"], timeout=60)
    state, reason, nodes = (q.stdout.strip().split("|") + ["", ""])[:3]
    return {"state": state or "UNKNOWN", "reason": reason, "exit_code": "", "node_list": _nodes_given(nodes)}


def _nodes_given(node_list: str) -> str | None:
    """The job's nodes as Slurm writes them (``n2,vm``, ``gpu[1-4]``); None before it has any."""
    return node_list if node_list and node_list not in ("(null)", "None") else None


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


def partition_nodes(partition: str | None, site=LOCAL) -> dict[str, Any]:
    """What the nodes of a partition are, as ``sinfo`` says (one line per node: name, Gres, memory in MB,
    CPUs, state): the largest group of alike nodes, its GPU type and count per node, memory and CPUs, and how
    many nodes there are. SlurmError when sinfo fails or the partition has no nodes."""
    cmd = ["sinfo", "-h", "-N", "-o", "%N|%G|%m|%c|%T|%P"]
    if partition:
        cmd[2:2] = ["-p", partition]
    p = site.slurm(cmd, timeout=60)
    if p.returncode != 0:
        said = (p.stderr or p.stdout).strip().splitlines()
        raise SlurmError("sinfo_failed", "sinfo: %(said)s", said=said[-1] if said else f"exit {p.returncode}")
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
        if partition:
            raise SlurmError(
                "no_nodes", "sinfo lists no nodes in partition %(partition)r", partition=partition
            )
        raise SlurmError("no_nodes", "sinfo lists no nodes in the cluster")
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


def partition_target(
    partition: str | None, gpu_class: str | None = None, *, need_gpus: bool = False, site=LOCAL
) -> dict[str, Any]:
    """A partition's nodes as a planning target: ``partition_nodes`` with the catalog's GPU class their Gres
    names (``gpu_class`` overrides it) and ``devices``, the plan string an estimate takes ("8xH100-80GB"; None
    for nodes without GPUs). SlurmError names what is missing: GPUs when ``need_gpus``, a known model."""
    from trainsizer.hardware.accelerators import find_accelerator, match_accelerator

    desc = {"kind": "slurm", **partition_nodes(partition, site)}
    if not desc["gpus_per_node"]:
        if need_gpus:
            raise SlurmError(
                "no_gpus",
                "the nodes of partition %(partition)r have no GPUs in sinfo's Gres (%(gres)s); "
                "plan for another partition with --partition, or for a planned machine with --devices/--gpus",
                partition=desc["partition"],
                gres=desc["gres"],
            )
        return {**desc, "gpu_class": None, "gpu_class_from": None, "devices": None}
    if gpu_class:
        desc["gpu_class_from"] = "--gpus"
    else:
        kind = desc["gpu_type"]
        acc = (find_accelerator(kind) or match_accelerator(kind)) if kind else None
        if acc is None:
            raise SlurmError(
                "unknown_gpu",
                "sinfo's Gres of partition %(partition)r (%(gres)s) names no GPU model trainsizer knows; "
                "name the class with --gpus, e.g. --gpus H100-80GB",
                partition=desc["partition"],
                gres=desc["gres"],
            )
        gpu_class, desc["gpu_class_from"] = acc.key, "gres"
    return {**desc, "gpu_class": gpu_class, "devices": f"{desc['gpus_per_node']}x{gpu_class}"}


def cancel(job_id: str, site=LOCAL) -> None:
    site.slurm(["scancel", job_id], timeout=60)


def run_slurm(
    spec, kind: str, out: str | Path, *, on_event=None, cancel_event: threading.Event | None = None,
    force: bool = False, poll: float = 1.0, site=None,
) -> dict[str, Any]:  # fmt: skip
    """Submit ``kind`` of ``spec`` as a batch job, follow it to its end, and write the run folder here.
    ``site``: where sbatch runs and the job folder lives (LocalSite: this login node; SshSite: one over
    SSH)."""
    site = site or LOCAL
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
        job_dir = site.job_dir(rd)
        site.put_spec(spec, job_dir)
        # the full check is a chain of two jobs: the second resumes the training from the checkpoint the first
        # one's stopped run saved — a new job on whatever node Slurm gives it, as after a preemption
        chain = kind == "check"
        text = batch_script(spec, kind, Path(job_dir), site.python, phase="stop" if chain else None)
        script = site.put_script(rd, job_dir, "job.sbatch", text)
        job_id = submit(script, site=site)
        say(parent_event("log", message=f"submitted job {job_id} ({script})"))
        resume_script = None
        if chain:
            text = batch_script(spec, kind, Path(job_dir), site.python, phase="continue")
            resume_script = site.put_script(rd, job_dir, "job-resume.sbatch", text)
            resume_job = submit(resume_script, after=job_id, site=site)
            say(
                parent_event(
                    "log", message=f"submitted job {resume_job} after job {job_id} ({resume_script})"
                )
            )
        follower = _Follower(f"{job_dir}/run/events.jsonl", say, cancel_event, poll, site)
        st = follower.follow(job_id)
        first = _fetch(job_dir, site, rd)
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
            cancel(resume_job, site)
            resume_st = {"state": "CANCELLED", "reason": "not needed", "exit_code": ""}
        fetched = _fetch(job_dir, site, rd)
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
                "nodes": spec.cluster.nodes,
                "node_list": st.get("node_list"),  # the nodes Slurm gave the job
                "script": str(script),
                "login_node": site.login,  # None: submitted from this machine
                "job_dir": str(job_dir),
                **(
                    {
                        "resume_job_id": resume_job,
                        "resume_state": (resume_st or {}).get("state"),
                        "resume_exit_code": (resume_st or {}).get("exit_code"),
                        "resume_script": str(resume_script),
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
        result.update(finished=now(), **failed_with(e.code, e))
        result["target"] = {"slurm": {"job_id": job_id, "partition": spec.cluster.partition}}
        if resume_job:
            cancel(resume_job, site)
        finish(rd, result)
        raise
    finally:
        rd.close()


def _fetch(job_dir: str, site, rd) -> dict[str, Any] | None:
    """The result the job wrote into the run folder on the shared file system (read through the site: a
    copy beside the run here, read by the one reader), or None."""
    from trainsizer.result.model import read_result_file

    data = site.read(f"{job_dir}/run/result.json")
    if not data:
        return None
    copy = rd.path / ".job-result.json"
    try:
        copy.write_bytes(data)
        return read_result_file(copy)[0]
    except (ValueError, OSError):
        return None
    finally:
        copy.unlink(missing_ok=True)


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

    def __init__(self, events: str, say, cancel_event, poll: float, site=LOCAL):
        self.events, self.say, self.cancel_event, self.poll = events, say, cancel_event, poll
        self.site = site
        self.offset = 0
        self.cancelled = False

    def _relay(self, job_id: str) -> None:
        from trainsizer.runs.protocol import parse_line

        data = self.site.read(self.events, self.offset)
        if not data:
            return
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
            cancel(job_id, self.site)  # a cancel during the chain's first job also cancels its second
        while True:
            try:
                st = job_state(job_id, self.site)
                key = (st["state"], st["reason"])
                if key != last:
                    last = key
                    reason = f" ({st['reason']})" if st["reason"] not in ("", "None") else ""
                    self.say(parent_event("log", message=f"job {job_id}: {st['state']}{reason}"))
                    self.say(
                        parent_event(
                            "job", job_id=job_id, state=st["state"], reason=reason.strip(" ()") or None
                        )
                    )
                self._relay(job_id)  # the job's own events, as they land on the shared file system
                if st["state"] in ENDED:
                    return st
                if st["state"] in ("", "UNKNOWN"):  # forgotten by Slurm: over a while ago
                    gone_by = gone_by or time.monotonic() + 30
                    if time.monotonic() > gone_by:
                        return st
                if self.cancel_event is not None and self.cancel_event.is_set() and not self.cancelled:
                    self.cancelled = True
                    cancel(job_id, self.site)
                time.sleep(self.poll)
            except KeyboardInterrupt:  # Ctrl-C, SIGTERM: scancel, then follow the job to its end
                if not self.cancelled:
                    self.cancelled = True
                    cancel(job_id, self.site)
