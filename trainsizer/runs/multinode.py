"""Several nodes (docs/remote.md): torchrun on each host over SSH with a c10d rendezvous on the first host;
the ranks' events stream back and are merged into one run here. trainsizer only starts torchrun and collects
its streams: the launching, the rendezvous and the ranks are PyTorch's.

Every host's torchrun runs under `trainsizer.runs.remote_exec`, which stops its process group when the
session's stdin closes: cancel here, a node that fails, or a connection that drops stops every node.
"""

from __future__ import annotations

import shlex
import subprocess
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from trainsizer.runs.remote import (
    Connection,
    Host,
    RemoteError,
    _close_stdin,
    _drain,
    make_scratch,
    send_spec,
)

DEFAULT_PORT = 29400


def torchrun_line(conn: Connection, spec_name: str | None, nnodes: int, node_rank: int, nproc: int,
                  endpoint: str, run_id: str, module: list[str] | None = None,
                  env: dict[str, str] | None = None) -> str:  # fmt: skip
    """The shell line that starts this node's torchrun (under remote_exec) in its scratch folder: the worker
    measuring ``spec_name``, or ``module`` (a module and its arguments: the probe's collectives), with ``env``
    set for it. With the c10d rendezvous torchrun assigns the node ranks itself (it ignores --node-rank), so
    ``node_rank`` only names the node here."""
    py = shlex.quote(conn.python or "python3")
    module = module or ["trainsizer.worker", "--spec", str(spec_name), "--out", "run", "--role", "measure"]
    torchrun = [
        "-m", "torch.distributed.run",
        f"--nnodes={nnodes}", f"--nproc-per-node={nproc}",
        "--rdzv-backend=c10d", f"--rdzv-endpoint={endpoint}", f"--rdzv-id={run_id}",
        "-m", *module,
    ]  # fmt: skip
    inner = " ".join([py, *map(shlex.quote, torchrun)])
    setenv = "".join(f"env {shlex.quote(f'{k}={v}')} " for k, v in (env or {}).items())
    return f"{setenv}{py} -m trainsizer.runs.remote_exec -- {inner}"


def run_multinode(
    spec, out: str | Path, *, on_event=None, cancel_event: threading.Event | None = None, force: bool = False
) -> dict[str, Any]:
    """Measure ``spec`` across ``spec.parallel.hosts``; the result goes to ``out`` as for one machine."""
    from trainsizer.result.model import failed_with, new_result, now
    from trainsizer.runs.measure import finish, merge_results
    from trainsizer.runs.protocol import parent_event
    from trainsizer.runs.rundir import RunDir

    par = spec.parallel
    hosts = [Host.parse(h) for h in par.hosts]
    rd = RunDir(out, force=force)
    result = new_result(spec)
    conns: list[Connection] = []
    scratches: dict[int, str] = {}
    procs: list[subprocess.Popen] = []
    events: list[dict[str, Any]] = []
    lock = threading.Lock()
    failed: list[str] = []
    try:
        rd.write_spec(spec)
        nodes = []
        for h in hosts:
            conn = Connection(h)
            conns.append(conn)
            conn.check_versions()
            nodes.append({**conn.inventory(), "server": str(h)})
        # the environment of every node (the first's at the top, as one machine's): the evidence of "recorded"
        result["environment"] = {**nodes[0], "nodes": nodes}
        endpoint = par.rendezvous or f"{_address(conns[0])}:{DEFAULT_PORT}"
        run_id = uuid.uuid4().hex[:12]
        for i, conn in enumerate(conns):
            scratches[i] = make_scratch(conn)
            send_spec(conn, spec, scratches[i])
        on = on_event or (lambda e: None)
        on(parent_event("log", message=f"torchrun on {len(hosts)} nodes, rendezvous {endpoint}"))
        for i, conn in enumerate(conns):
            line = torchrun_line(conn, "spec.toml", len(hosts), i, par.ranks_per_host, endpoint, run_id)
            proc = conn.popen(f"cd {shlex.quote(scratches[i])} && exec {line}")
            procs.append(proc)
        readers = []
        for i, (conn, proc) in enumerate(zip(conns, procs, strict=True)):
            tail: list[str] = []
            threading.Thread(target=_drain, args=(proc.stderr, tail), daemon=True).start()
            t = threading.Thread(
                target=_read, args=(proc, str(conn.host), i, rd, events, lock, on), daemon=True
            )
            t.start()
            readers.append((t, tail))
        cancelled = False
        try:
            while any(p.poll() is None for p in procs):
                if cancel_event is not None and cancel_event.is_set():
                    cancelled = True
                    break
                for conn, p in zip(conns, procs, strict=True):
                    if p.poll() not in (None, 0) and not failed:
                        failed.append(f"{conn.host} (exit {p.returncode})")
                if failed:
                    break
                time.sleep(0.1)
        except KeyboardInterrupt:
            cancelled = True
        end_nodes(procs, stop=cancelled or bool(failed))
        for t, _ in readers:
            t.join(timeout=10)
        if not failed and not cancelled:  # a node that ended badly on its own (not stopped by us)
            for conn, p in zip(conns, procs, strict=True):
                if p.returncode not in (0, None):
                    failed.append(f"{conn.host} (exit {p.returncode})")
        meas = merge_results(events) or {"failure": "no rank produced a result"}
        if cancelled:
            meas["failure"] = "cancelled"
        elif failed:
            why = "; ".join(failed)
            bad = {f.split(" (")[0] for f in failed}
            tails = " | ".join(
                " ".join(tail[-2:]) for (_, tail), conn in zip(readers, conns, strict=True)
                if tail and str(conn.host) in bad
            )  # fmt: skip
            meas["failure"] = f"a node failed: {why}" + (f" — {tails[-300:]}" if tails else "")
        result["measurement"] = meas
        result["target"] = {
            "hosts": [str(h) for h in hosts],
            "ranks_per_host": par.ranks_per_host,
            "rendezvous": endpoint,
            "failed_nodes": failed,
        }
        result["finished"] = now()
        finish(rd, result)
        if cancelled:
            raise KeyboardInterrupt
        return result
    except RemoteError as e:
        result.update(finished=now(), **failed_with(e.code, e))
        finish(rd, result)
        raise
    finally:
        for p in procs:
            if p.poll() is None:
                _close_stdin(p)
                p.kill()
        for i, conn in enumerate(conns):
            if i in scratches:
                try:
                    conn.run(f"rm -rf -- {shlex.quote(scratches[i])}", timeout=60)
                except (RemoteError, subprocess.TimeoutExpired, OSError):
                    pass
            conn.close()
        rd.close()


def end_nodes(procs: list[subprocess.Popen], stop: bool) -> None:
    """Wait for every node's ssh session to end; ``stop``: first close their stdin (remote_exec stops that
    node's torchrun group). A session that does not end within a minute is killed."""
    if stop:
        for p in procs:
            if p.poll() is None:
                _close_stdin(p)
    for p in procs:
        try:
            p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(timeout=10)


def _address(conn: Connection) -> str:
    """The first host's address as the others reach it: its first address (hostname -I), else its name."""
    p = conn.run("hostname -I 2>/dev/null || hostname", timeout=30)
    words = p.stdout.decode().split()
    return words[0] if words else conn.host.destination.split("@")[-1]


def _read(proc, server: str, node: int, rd, events: list, lock: threading.Lock, on_event) -> None:
    from trainsizer.runs.protocol import LineReader

    for ev in LineReader().events(proc.stdout):  # the node's ranks share its stdout: long events in parts
        ev["server"], ev["node"] = server, node
        if ev.get("type") == "sample" and isinstance(ev.get("devices"), dict):
            # per-host curves: the same device name on two nodes is two devices
            ev["devices"] = {f"{server}/{d}": v for d, v in ev["devices"].items()}
        with lock:
            events.append(ev)
            rd.append(ev)
        try:
            on_event(ev)
        except Exception:  # a front end's callback must not break the stream
            pass
