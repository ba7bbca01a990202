"""A real Slurm on localhost for the tests (issue 32): munged with a throwaway key, slurmctld and slurmd from
Debian's slurm-wlm with a generated slurm.conf in a temporary folder (one node — this machine — with its CPUs
and memory, no GPUs, proctrack/linuxproc, no accounting), on free ports. Partitions: debug (the default),
closed (down: a job there pends with Slurm's reason), pair (this machine and a second node, ``n2``: a second
slurmd on this machine under another node name and port — a real two-node job, whose second node happens to be
the same computer), h100 (four nodes of 8 H100 as slurm.conf describes them, never answering: for `plan
--slurm`). RuntimeError with the reason when it cannot start."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

NEEDED = ("slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "scancel", "sinfo", "munged")


@dataclass
class Slurm:
    dir: Path
    conf: Path
    host: str  # the node this machine is (the pair partition's other node is n2)

    def env(self) -> dict[str, str]:
        return {"SLURM_CONF": str(self.conf)}

    def stop(self) -> None:
        for pidfile in (*sorted(self.dir.glob("slurmd-*.pid")), "slurmctld.pid", "munge/pid"):
            try:
                os.kill(int((self.dir / pidfile).read_text().strip()), 15)
            except (OSError, ValueError):
                pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _which(name: str) -> str | None:
    return shutil.which(name) or next(
        (p for p in (f"/usr/sbin/{name}", f"/usr/bin/{name}") if os.path.exists(p)), None
    )


def start_slurm(d: Path) -> Slurm:
    missing = [n for n in NEEDED if _which(n) is None]
    if missing:
        raise RuntimeError(f"needs Debian's slurm-wlm and munge ({', '.join(missing)} missing)")
    if os.geteuid() != 0:
        raise RuntimeError("slurmd runs as root here (it starts jobs as their users)")
    d.mkdir(parents=True, exist_ok=True)
    for sub in ("state", "spool", "log", "munge"):
        (d / sub).mkdir(exist_ok=True)
    key = d / "munge" / "munge.key"
    key.write_bytes(os.urandom(1024))
    key.chmod(0o400)
    sock = d / "munge" / "sock"
    subprocess.run(
        [_which("munged"), f"--key-file={key}", f"--socket={sock}", f"--pid-file={d}/munge/pid",
         f"--log-file={d}/munge/log", f"--seed-file={d}/munge/seed", "--force"],
        check=True, capture_output=True, timeout=30,
    )  # fmt: skip
    host = socket.gethostname().split(".")[0]
    cpus = os.cpu_count() or 1
    import psutil

    mem = max(1024, psutil.virtual_memory().total // 2**20 - 2048)
    conf = d / "slurm.conf"
    conf.write_text(
        "\n".join(
            [
                "ClusterName=tsz",
                f"SlurmctldHost={host}",
                f"SlurmctldPort={_free_port()}",
                f"SlurmdPort={_free_port()}",
                "AuthType=auth/munge",
                f"AuthInfo=socket={sock}",
                "CredType=cred/munge",
                "SlurmUser=root",
                "SlurmdUser=root",
                f"StateSaveLocation={d}/state",
                f"SlurmdSpoolDir={d}/spool/%n",  # per node: two slurmd share this machine
                f"SlurmctldPidFile={d}/slurmctld.pid",
                f"SlurmdPidFile={d}/slurmd-%n.pid",
                f"SlurmctldLogFile={d}/log/slurmctld.log",
                f"SlurmdLogFile={d}/log/slurmd-%n.log",
                "ProctrackType=proctrack/linuxproc",
                "GresTypes=gpu",
                "TaskPlugin=task/none",
                "JobAcctGatherType=jobacct_gather/none",
                "AccountingStorageType=accounting_storage/none",
                "JobCompType=jobcomp/none",
                "MpiDefault=none",
                "SchedulerType=sched/backfill",
                "SelectType=select/cons_tres",
                "SelectTypeParameters=CR_Core",
                "ReturnToService=2",
                "KillWait=5",
                "MinJobAge=600",
                f"NodeName={host} CPUs={cpus} RealMemory={mem} State=UNKNOWN",
                # the second node: this machine again, its own slurmd on its own port (started with -N n2)
                f"NodeName=n2 NodeHostname={host} NodeAddr=127.0.0.1 Port={_free_port()} CPUs={cpus} "
                f"RealMemory={mem} State=UNKNOWN",
                f"PartitionName=debug Nodes={host} Default=YES MaxTime=INFINITE State=UP",
                f"PartitionName=closed Nodes={host} MaxTime=INFINITE State=DOWN",
                f"PartitionName=pair Nodes={host},n2 MaxTime=INFINITE State=UP",
                # GPU nodes as a cluster describes them (slurm.conf's Gres), for `plan --slurm`: no slurmd
                # answers for them (a documentation address), so they stay down and nothing runs there
                "NodeName=gpu[1-4] NodeAddr=192.0.2.1 Gres=gpu:h100:8 CPUs=96 RealMemory=2000000 State=DOWN",
                "PartitionName=h100 Nodes=gpu[1-4] MaxTime=INFINITE State=UP",
                "",
            ]
        )
    )
    env = dict(os.environ, SLURM_CONF=str(conf))
    for node in (host, "n2"):
        (d / "spool" / node).mkdir(exist_ok=True)
    for daemon, node in (("slurmctld", None), ("slurmd", host), ("slurmd", "n2")):
        p = subprocess.run(
            [_which(daemon), "-f", str(conf), *(["-N", node] if node else [])],
            env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        if p.returncode != 0:
            said = (p.stderr or p.stdout).strip()[-300:]
            raise RuntimeError(f"{daemon} {node or ''} did not start: {said}")
    slurm = Slurm(d, conf, host)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # both nodes register with the controller
        p = subprocess.run(
            [_which("sinfo"), "-h", "-N", "-p", "pair", "-o", "%t"], env=env, capture_output=True, text=True
        )
        if p.stdout.split() == ["idle", "idle"]:
            return slurm
        time.sleep(0.5)
    log = " | ".join(f.read_text(errors="replace")[-300:] for f in sorted((d / "log").glob("slurmd-*.log")))
    slurm.stop()
    raise RuntimeError(f"the nodes did not register with slurmctld within 60 s: {log}")


def running_slurm(tmp_path_factory):
    """The body of the tests' module-scoped ``slurm`` fixture: a started Slurm, stopped at the end; the test
    is skipped, saying why, where none can start."""
    import pytest

    try:
        cluster = start_slurm(tmp_path_factory.mktemp("slurm"))
    except (RuntimeError, OSError, subprocess.SubprocessError) as e:
        pytest.skip(f"no Slurm can be started here: {e}")
    yield cluster
    cluster.stop()
