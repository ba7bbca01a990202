"""Starting and stopping worker processes (alone, or one per rank through torchrun).

The worker runs in its own session (process group). Cancel: SIGINT (a graceful request), then SIGTERM, then
SIGKILL of the whole group; the run ends only when the worker is reaped. Every stdout line is parsed and
appended to events.jsonl as it arrives; a worker that dies without a result gets one written by the parent.
"""

from __future__ import annotations

import collections
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from trainsizer import oscompat
from trainsizer.runs.protocol import RUN_NAMES, LineReader, parent_event, run_event
from trainsizer.runs.rundir import RunDir

log = logging.getLogger(__name__)
BULK = frozenset({"sample", "phase", "step"})  # kept on disk; in memory only the newest RECENT of them
RECENT = 512


def worker_command(
    spec_path: str,
    out: str,
    role: str = "measure",
    world: int = 1,
    python: str = sys.executable,
    frozen: bool | None = None,
) -> list[str]:
    """The worker's command line (a pure function, unit-tested as data). In a PyInstaller bundle the
    executable itself is the worker and torchrun (trainsizer.bundle)."""
    from trainsizer.bundle import TORCHRUN, WORKER, is_frozen

    args = ["--spec", str(spec_path), "--out", str(out), "--role", role]
    if world > 1 and os.environ.get("TRAINSIZER_LAUNCH") == "srun":
        # inside a Slurm job (runs/slurm.py writes TRAINSIZER_LAUNCH into its batch script): the ranks are a
        # job step of srun's own tasks, on the allocation's CPUs or GPUs; each maps Slurm's task ids to
        # torch.distributed's (worker/__main__.py: TRAINSIZER_RANKS=slurm)
        worker = (
            [python, WORKER]
            if (is_frozen() if frozen is None else frozen)
            else [python, "-m", "trainsizer.worker"]
        )
        return [
            "srun",
            f"--ntasks={world}",
            "--kill-on-bad-exit=1",
            "--export=ALL,TRAINSIZER_RANKS=slurm",
            *worker,
            *args,
        ]
    if is_frozen() if frozen is None else frozen:
        if world > 1:
            return [
                python,
                TORCHRUN,
                "--standalone",
                f"--nproc_per_node={world}",
                "--no-python",
                python,
                WORKER,
                *args,
            ]
        return [python, WORKER, *args]
    if world > 1:
        return [
            python,
            "-m",
            "torch.distributed.run",
            "--standalone",
            f"--nproc_per_node={world}",
            "-m",
            "trainsizer.worker",
            *args,
        ]
    return [python, "-m", "trainsizer.worker", *args]


def orchestrator_command(
    kind: str, spec_path: str, out: str, python: str = sys.executable, frozen: bool | None = None
) -> list[str]:
    """The command a front end runs for a measurement or a full check: the CLI itself, streaming every event
    (and the stage changes) as JSON lines on stdout (``--stream``). The GUI runs it as a child process, so the
    orchestration's own work (imports, estimate, comparisons) never holds the window's interpreter."""
    from trainsizer.bundle import is_frozen

    args = [kind, str(spec_path), "--out", str(out), "--stream"]
    if is_frozen() if frozen is None else frozen:
        return [python, *args]
    return [python, "-m", "trainsizer", *args]


class WorkerProcess:
    def __init__(
        self,
        run_dir: RunDir,
        command: list[str],
        on_event: Callable[[dict], None] | None = None,
        memory_limit: int | None = None,
        env: dict[str, str] | None = None,
        run: dict[str, Any] | None = None,
    ):
        self.run_dir, self.command, self.on_event = run_dir, command, on_event
        self.run = run  # protocol.run_event: which run of the check this process is (announced at start)
        self.memory_limit, self.env = memory_limit, env
        # The stream's bulk (samples, phases, steps: tens of thousands in an hour) goes to events.jsonl and
        # the
        # callback; memory keeps only the rest and the newest of the bulk, so a long run stays bounded.
        self.events: list[dict[str, Any]] = []
        self.recent: collections.deque[dict[str, Any]] = collections.deque(maxlen=RECENT)
        self.proc: subprocess.Popen | None = None
        self._reader: threading.Thread | None = None
        self.cancel_requested = False
        self.returncode: int | None = None

    def announce(self) -> None:
        """The ``run`` event before the process starts: the timeline starts a new, labelled curve there."""
        if self.run is not None:
            self._deliver(dict(self.run))

    def start(self) -> WorkerProcess:
        self.announce()
        env = dict(os.environ, **(self.env or {}))
        env.setdefault("PYTHONUNBUFFERED", "1")
        env.setdefault("HF_HUB_OFFLINE", "1")
        # MKL's results bit for bit the same in every process of a check (its conditional numerical
        # reproducibility): without it, a resumed process whose tensors lie at other addresses may take
        # another kernel path and differ from the uninterrupted run in the last bit (seen once in ~10 CI runs:
        # |Δloss| 4.8e-7 through the Trainer on a loaded machine). Strict CNR keeps the thread count.
        env.setdefault("MKL_CBWR", "AUTO,STRICT")
        env.setdefault("MKL_DYNAMIC", "FALSE")
        # torchrun's own messages; the child keeps its copy of the file
        launcher_log = open(self.run_dir.path / "launcher.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            self.command,
            stdout=subprocess.PIPE,
            stderr=launcher_log,
            stdin=subprocess.DEVNULL,
            env=env,
            **oscompat.new_group_kwargs(),
            preexec_fn=oscompat.memory_limit_preexec(self.memory_limit),
        )
        launcher_log.close()
        self._reader = threading.Thread(target=self._read, name="trainsizer-reader", daemon=True)
        self._reader.start()
        return self

    def _read(self) -> None:
        assert self.proc and self.proc.stdout
        for event in LineReader().events(self.proc.stdout):  # ranks of several: long events come in parts
            self._deliver(event)

    def _deliver(self, event: dict) -> None:
        self.run_dir.append(event)
        (self.recent if event.get("type") in BULK else self.events).append(event)
        if self.on_event:
            try:
                self.on_event(event)
            except Exception:  # a front end's callback must not break the stream; it is logged, not lost
                log.exception("the event callback failed on a %s event", event.get("type"))

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def _signal_group(self, sig: int) -> None:
        oscompat.signal_group(self.proc.pid, sig)

    def cancel(self, grace: float = 5.0) -> None:
        """Graceful request, then SIGTERM, then SIGKILL of the worker's whole group."""
        if not self.proc:
            return
        self.cancel_requested = True
        for sig, wait in ((signal.SIGINT, grace), (signal.SIGTERM, grace), (oscompat.kill_signal(), 30.0)):
            if self.proc.poll() is not None:
                break
            self._signal_group(sig)
            try:
                self.proc.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                continue
        # children that outlived the leader (DataLoader workers, ranks)
        self._signal_group(oscompat.kill_signal())

    def wait(self, timeout: float | None = None) -> int:
        """Wait until the worker is reaped and its output read; write a result event if it left none."""
        assert self.proc
        self.proc.wait(timeout=timeout)
        if self._reader:
            self._reader.join(timeout=30)
        self._signal_group(oscompat.kill_signal())
        self.returncode = self.proc.returncode
        if not any(e.get("type") == "result" for e in self.events):
            self._deliver(self._death_event())
        return self.returncode

    def _death_event(self) -> dict:
        rc = self.returncode
        if rc is not None and rc < 0:
            name = signal.Signals(-rc).name
            why = "cancelled" if self.cancel_requested else "crash"
            msg = f"worker killed by {name}" + (
                " (the kernel's out-of-memory killer sends SIGKILL)"
                if name == "SIGKILL" and not self.cancel_requested
                else ""
            )
        else:
            why, msg = (
                ("cancelled", "cancelled")
                if self.cancel_requested
                else ("crash", f"worker exited with code {rc} without a result")
            )
        last = [e for e in self.recent if e.get("type") == "sample"][-3:]
        phase = next((e.get("name") for e in reversed(self.recent) if e.get("type") == "phase"), None)
        self._deliver(
            parent_event(
                "error", kind=why, phase=phase, step=None, message=msg, exit_code=rc, last_samples=last
            )
        )
        return parent_event("result", status=why, measurement=None, exit_code=rc)


def run_worker(
    run_dir: RunDir,
    spec_path: Path,
    role: str,
    world: int,
    on_event=None,
    memory_limit=None,
    cancel_event: threading.Event | None = None,
    timeout: float | None = None,
    extra: list[str] | None = None,
    run: dict[str, Any] | None = None,
) -> WorkerProcess:
    """Start a worker, follow it to the end (or cancel it), and return it reaped. ``run``: its run event
    (protocol.run_event); the worker's role when not given."""
    command = worker_command(str(spec_path), str(run_dir.path), role, world) + list(extra or [])
    run = run if run is not None else run_event(role) if role in RUN_NAMES else None
    env = _srun_rendezvous() if command[0] == "srun" else None
    wp = WorkerProcess(run_dir, command, on_event, memory_limit, env=env, run=run)
    return follow(wp.start(), cancel_event, timeout)


def slurm_job_nodes() -> int:
    """The nodes of the Slurm job this orchestration runs in (runs/slurm.py's batch script), else 1."""
    if os.environ.get("TRAINSIZER_LAUNCH") != "srun":
        return 1
    return int(os.environ.get("SLURM_JOB_NUM_NODES") or os.environ.get("SLURM_NNODES") or 1)


NODE_INVENTORY = (
    "import json, os\n"
    "from trainsizer.hardware import inventory\n"
    "print(json.dumps({**inventory().to_dict(), 'server': os.environ.get('SLURMD_NODENAME')}))\n"
)


def node_environments(timeout: float = 600) -> list[dict[str, Any]]:
    """Every node's environment, read on that node: one srun job step of one task per node, each writing
    this trainsizer's inventory (and Slurm's name of its node) into a file of its own in a folder beside the
    run (the job folder, on the cluster's shared file system). The batch step's node comes first.
    RuntimeError with srun's own words when it fails."""
    import json
    import shutil
    import tempfile

    nodes = slurm_job_nodes()
    folder = tempfile.mkdtemp(prefix="nodes.", dir=".")
    try:
        p = subprocess.run(
            ["srun", f"--nodes={nodes}", f"--ntasks={nodes}", "--ntasks-per-node=1", "--kill-on-bad-exit=1",
             f"--output={folder}/node-%n.json", sys.executable, "-c", NODE_INVENTORY],
            capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
        if p.returncode != 0:
            raise RuntimeError(f"srun could not read the nodes' environment: {p.stderr.strip()[-300:]}")
        found = [json.loads(f.read_text(encoding="utf-8")) for f in sorted(Path(folder).glob("node-*.json"))]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    here = os.environ.get("SLURMD_NODENAME")
    return sorted(found, key=lambda n: (n.get("server") != here, str(n.get("server"))))


def _srun_rendezvous() -> dict[str, str]:
    """Where srun's ranks meet (torch.distributed's env:// rendezvous): this process runs the batch script on
    the allocation's first node, where rank 0 runs too; a free port of this node. On one node, loopback."""
    import socket

    nodes = int(os.environ.get("SLURM_JOB_NUM_NODES") or os.environ.get("SLURM_NNODES") or 1)
    addr = "127.0.0.1" if nodes <= 1 else socket.gethostname()
    with socket.socket() as s:
        s.bind(("" if nodes > 1 else "127.0.0.1", 0))
        port = s.getsockname()[1]
    return {"MASTER_ADDR": addr, "MASTER_PORT": str(port)}


def follow(
    wp: WorkerProcess, cancel_event: threading.Event | None = None, timeout: float | None = None
) -> WorkerProcess:
    """Wait for a started worker; cancel it (group, reaped) on request, on timeout or on Ctrl-C."""
    start = time.monotonic()
    try:
        while wp.running():
            if cancel_event is not None and cancel_event.is_set():
                wp.cancel()
                break
            if timeout and time.monotonic() - start > timeout:
                wp.cancel()
                break
            time.sleep(0.05)
    except KeyboardInterrupt:
        wp.cancel()
        wp.wait()
        raise
    wp.wait()
    return wp
