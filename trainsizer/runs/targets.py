"""Where a run happens: one small interface, ``Target``, and its implementations — this machine, a test
server over SSH, several nodes over SSH. The CLI (and through it the window) picks one with ``target_for`` and
calls ``run``; what runs — trainsizer's loop, transformers.Trainer / TRL, the customer's command — is chosen
from the spec by the machine that runs it (runs/measure.py, runs/check.py), so a new target (a cluster
scheduler, say) is one more class here with ``run``, and touches no engine; a new engine touches no target.

A target that cannot do what is asked (the full check across several nodes, the search for the largest batch
on a server) raises ``Unsupported`` naming the option: a request is never run as something else."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from trainsizer.problem import Problem

KINDS = ("measure", "check")


class Unsupported(Problem, ValueError):
    """This target cannot run what was asked; the message names the option and what to do instead."""


@dataclass
class RunRequest:
    """What to run and how: the spec, the run folder here, the callbacks for events and stages, and the
    options some targets honour (each target refuses the ones it cannot)."""

    spec: Any
    out: str | Path
    on_event: Any = None
    on_stage: Any = None
    cancel_event: threading.Event | None = None
    force: bool = False
    memory_limit: int | None = None  # this machine only: an address-space limit on the worker
    break_resume: str | None = None  # this machine only: a deliberately broken resume (tests, demos)
    keep_remote: bool = False  # a server: keep its scratch folder
    extra: dict[str, Any] = field(default_factory=dict)


class Target(Protocol):
    """Where a run happens. ``run`` writes the run folder (events.jsonl, result.json) as every target does
    and returns the result; a cancel (``cancel_event`` or Ctrl-C) stops what runs there, and it is written."""

    kind: str  # "local", "ssh", "nodes": the result's target kind
    where: str  # for people: "this machine", "gpu1", "2 nodes"

    def run(self, what: str, request: RunRequest) -> dict[str, Any]: ...


class ThisMachine:
    kind, where = "local", "this machine"

    def run(self, what: str, request: RunRequest) -> dict[str, Any]:
        r = request
        if what == "measure":
            from trainsizer.runs.measure import measure

            if r.break_resume:
                raise Unsupported("--break-resume: measure has no resume check; use check")
            return measure(
                r.spec,
                r.out,
                on_event=r.on_event,
                memory_limit=r.memory_limit,
                cancel_event=r.cancel_event,
                force=r.force,
            )
        from trainsizer.runs.check import check

        return check(
            r.spec,
            r.out,
            on_event=r.on_event,
            on_stage=r.on_stage,
            memory_limit=r.memory_limit,
            break_resume=r.break_resume,
            cancel_event=r.cancel_event,
            force=r.force,
            resume_phase=r.extra.get("resume_phase"),
        )


@dataclass
class SshServer:
    """A test server over SSH: this trainsizer on the server runs the spec; events stream back here."""

    host: str
    kind: str = "ssh"

    @property
    def where(self) -> str:
        return self.host

    def run(self, what: str, request: RunRequest) -> dict[str, Any]:
        from trainsizer.runs.remote import run_remote

        r = request
        _this_machine_only(r, "--host")
        return run_remote(
            self.host,
            what,
            r.spec,
            r.out,
            on_event=r.on_event,
            on_stage=r.on_stage,
            cancel_event=r.cancel_event,
            force=r.force,
            keep_remote=r.keep_remote,
        )


@dataclass
class SshNodes:
    """Several nodes over SSH (``[parallel] hosts``): torchrun on each, a c10d rendezvous on the first."""

    hosts: tuple[str, ...]
    kind: str = "nodes"

    @property
    def where(self) -> str:
        return f"{len(self.hosts)} nodes"

    def run(self, what: str, request: RunRequest) -> dict[str, Any]:
        from trainsizer.runs.multinode import run_multinode

        r = request
        if what == "check":
            raise Unsupported(
                "parallel.hosts: the full check across several nodes is not built yet; "
                "`trainsizer measure` runs the spec there"
            )
        _this_machine_only(r, "parallel.hosts")
        return run_multinode(r.spec, r.out, on_event=r.on_event, cancel_event=r.cancel_event, force=r.force)


@dataclass
class SlurmCluster:
    """A cluster through its scheduler (``--slurm``, ``[cluster]``): a batch job submitted with sbatch from
    this machine as a login node — or from ``host``, a login node over SSH — followed with squeue/scontrol,
    cancelled with scancel (runs/slurm.py)."""

    host: str | None = None
    kind: str = "slurm"

    @property
    def where(self) -> str:
        return f"a Slurm cluster (through {self.host})" if self.host else "a Slurm cluster"

    def run(self, what: str, request: RunRequest) -> dict[str, Any]:
        from trainsizer.runs.slurm import SlurmError, run_slurm

        r = request
        _this_machine_only(r, "--slurm")
        if r.spec.parallel.hosts:
            raise Unsupported("--slurm: the scheduler picks the nodes; leave out parallel.hosts")
        if r.spec.cluster.container and r.spec.parallel.world_size() > 1:
            raise Unsupported(
                "[cluster] container: several ranks in a container are not built yet (their srun steps would "
                "start outside it); leave out the container or run one rank"
            )
        conn = None
        site = None
        if self.host:
            from trainsizer.runs.remote import Connection, Host
            from trainsizer.runs.slurm import SshSite

            try:
                conn = Connection(Host.parse(self.host))
            except ValueError as e:
                raise Unsupported("--host: %(reason)s", reason=e) from None
            site = SshSite(conn)
        try:
            return run_slurm(
                r.spec,
                what,
                r.out,
                on_event=r.on_event,
                cancel_event=r.cancel_event,
                force=r.force,
                site=site,
            )
        except SlurmError as e:
            raise Unsupported.of(e) from None
        finally:
            if conn is not None:
                conn.close()


def _this_machine_only(request: RunRequest, option: str) -> None:
    if request.memory_limit or request.break_resume:
        raise Unsupported(
            "%(option)s: a worker memory limit and --break-resume apply to runs on this machine only",
            option=option,
        )


def _inside_the_job(spec) -> bool:
    """This process is the batch step of the spec's Slurm job (runs/slurm.py's script): the job's nodes are
    here, and its ranks are srun's tasks over them."""
    from trainsizer.runs.launcher import slurm_job_nodes

    return slurm_job_nodes() == spec.cluster.nodes


def target_for(spec, host: str | None = None, slurm: bool = False) -> Target:
    """The target a spec and a command line name: a Slurm cluster (``--slurm``), several nodes (``[parallel]
    hosts``), a server (``--host``), else this machine. Two at once is refused."""
    if slurm:
        return SlurmCluster(host)  # sbatch here, or on the login node --host names (over SSH)
    if spec.cluster.nodes > 1 and not _inside_the_job(spec):
        raise Unsupported(
            "[cluster] nodes = %(nodes)s: a job on several nodes runs through Slurm; "
            "add --slurm (or set nodes = 1)",
            nodes=spec.cluster.nodes,
        )
    if spec.parallel.hosts:
        if host:
            raise Unsupported("parallel.hosts names the nodes: leave out --host")
        return SshNodes(tuple(spec.parallel.hosts))
    if host:
        from trainsizer.runs.remote import Host

        try:
            Host.parse(host)
        except ValueError as e:
            raise Unsupported("--host: %(reason)s", reason=e) from None
        return SshServer(host)
    return ThisMachine()
