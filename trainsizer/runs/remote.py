"""A test server over SSH (docs/remote.md): the system's OpenSSH client with the person's own configuration,
keys and agent; one master connection per session (ControlMaster in a private socket directory); trainsizer on
the server runs the worker, its JSON lines stream back into the local run directory.

Nothing here stores a password or weakens host-key checking: BatchMode makes a login that needs a password, or
a host key that is not known, an error that names the command the person can run to fix it.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainsizer.problem import BadValue, Problem

REMOTE_PYTHON_ENV = "TRAINSIZER_REMOTE_PYTHON"  # a python on the server to use first (tests, odd layouts)
# What ssh says when the session's connection goes away (rather than the remote command failing).
LOST_MARKERS = (
    "closed by remote host",
    "Broken pipe",
    "Connection reset",
    "client_loop",
    "read from master failed",
    "Timeout, server",
    "Connection closed",
)
SSH_CONFIG_ENV = "TRAINSIZER_SSH_CONFIG"  # an ssh_config to use instead of ~/.ssh/config (ssh -F)
VENV_DIR = "~/.trainsizer/venv"  # where `trainsizer remote setup` installs trainsizer on the server
_HOST_RE = re.compile(
    r"^(?:(?P<user>[A-Za-z0-9._-]+)@)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(?P<port>\d+))?$"
)


class RemoteError(Problem):
    """The server could not be used; ``code`` says why (vocabulary of docs/remote.md), the message how to fix
    it (a template and its parameters: trainsizer.problem)."""

    def __init__(self, code: str, template: str, /, **params):
        from trainsizer.result.model import ErrorKind

        super().__init__(template, **params)
        self.code = str(ErrorKind(code))  # the result's error_kind


@dataclass(frozen=True)
class Host:
    """``user@server[:port]``, ``server`` or an alias of ~/.ssh/config (resolved by ssh itself)."""

    destination: str  # user@host or alias, as ssh takes it
    port: int | None = None

    @classmethod
    def parse(cls, text: str) -> Host:
        text = (text or "").strip()
        m = _HOST_RE.match(text)
        if not m or text.startswith("-"):
            raise BadValue(
                "%(text)r is not a host like user@server, user@server:2222 or an ssh alias", text=text
            )
        port = int(m.group("port")) if m.group("port") else None
        if port is not None and not 1 <= port <= 65535:
            raise BadValue("port %(port)s is out of range 1-65535", port=port)
        host = m.group("host").strip("[]")
        dest = f"{m.group('user')}@{host}" if m.group("user") else host
        return cls(dest, port)

    def __str__(self) -> str:
        return self.destination + (f":{self.port}" if self.port else "")

    def login_command(self) -> str:
        """What the person runs once by hand (accepts the host key after checking it, tries the login)."""
        return "ssh " + (f"-p {self.port} " if self.port else "") + self.destination


def _classify(host: Host, stderr: str) -> RemoteError:
    text = stderr.strip()
    last = text.splitlines()[-1] if text else "no message"
    if "REMOTE HOST IDENTIFICATION HAS CHANGED" in text:
        return RemoteError(
            "host_key_changed",
            "%(host)s: the server's host key differs from the one in known_hosts — refusing to connect. If "
            "the server was reinstalled, check its new fingerprint with its administrator, then remove the "
            "old key: ssh-keygen -R %(server)s",
            host=str(host),
            server=host.destination.split("@")[-1],
        )
    if (
        "Host key verification failed" in text
        or "No ED25519 host key is known" in text
        or ("host key is known" in text)
    ):
        return RemoteError(
            "host_key_unknown",
            "%(host)s: the server's host key is not known here, and trainsizer does not accept one unseen. "
            "Check its fingerprint and accept it once by logging in yourself: %(login)s",
            host=str(host),
            login=host.login_command(),
        )
    if "Permission denied" in text:
        return RemoteError(
            "login_refused",
            "%(host)s: the login was refused (%(said)s). trainsizer logs in with your keys or agent only (no "
            "password prompts); install a key once: %(copy)s",
            host=str(host),
            said=last,
            copy="ssh-copy-id " + (f"-p {host.port} " if host.port else "") + host.destination,
        )
    if "Could not resolve hostname" in text:
        return RemoteError("unknown_host", "%(host)s: no such host (%(said)s)", host=str(host), said=last)
    if any(
        s in text for s in ("Connection refused", "timed out", "No route to host", "Network is unreachable")
    ):
        return RemoteError("unreachable", "%(host)s: cannot connect (%(said)s)", host=str(host), said=last)
    return RemoteError("ssh_failed", "%(host)s: ssh failed (%(said)s)", host=str(host), said=last)


class Connection:
    """One master connection to ``host`` for this process (ControlMaster=auto, ControlPersist), in a socket
    directory only this user can enter; closed (and the directory removed) by ``close``."""

    def __init__(self, host: Host, *, connect_timeout: int = 15):
        self.host = host
        self.connect_timeout = connect_timeout
        self._dir = tempfile.mkdtemp(prefix="trainsizer-ssh-")
        os.chmod(self._dir, 0o700)
        self.python: str | None = None
        self.info: dict[str, Any] = {}
        self._open = False

    # -- ssh ----------------------------------------------------------------------------------------------
    def _base(self) -> list[str]:
        ssh = shutil.which("ssh")
        if ssh is None:
            raise RemoteError("no_ssh", "the OpenSSH client (ssh) is not installed here")
        args = [ssh]
        config = os.environ.get(SSH_CONFIG_ENV)
        if config:
            args += ["-F", config]
        args += [
            "-o", "BatchMode=yes",
            "-o", f"ConnectTimeout={self.connect_timeout}",
            "-o", f"ControlPath={self._dir}/%C",
            "-o", "ServerAliveInterval=5",
            "-o", "ServerAliveCountMax=3",
        ]  # fmt: skip
        if self.host.port:
            args += ["-p", str(self.host.port)]
        return args

    def open(self) -> None:
        """Start the master connection (in the background, its output in a file: never a pipe that a
        persisting master would hold open); a refusal is a RemoteError naming the fix."""
        if self._open:
            return
        with tempfile.TemporaryFile() as errors:
            p = subprocess.run(
                [*self._base(), "-o", "ControlMaster=yes", "-o", "ControlPersist=120", "-f", "-N",
                 self.host.destination],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errors,
                timeout=self.connect_timeout + 30, check=False,
            )  # fmt: skip
            if p.returncode != 0:
                errors.seek(0)
                raise _classify(self.host, errors.read().decode("utf-8", "replace"))
        self._open = True

    def ssh_args(self) -> list[str]:
        self.open()
        return [*self._base(), "-o", "ControlMaster=no", "-T", self.host.destination]

    def run(
        self, command: str, *, input: bytes | None = None, timeout: float = 120
    ) -> subprocess.CompletedProcess:
        """Run ``command`` (a POSIX shell line) on the server; a failure of ssh itself is a RemoteError."""
        p = subprocess.run(
            [*self.ssh_args(), command], input=input, capture_output=True, timeout=timeout, check=False
        )
        if p.returncode == 255:
            raise _classify(self.host, p.stderr.decode("utf-8", "replace"))
        return p

    def popen(self, command: str) -> subprocess.Popen:
        from trainsizer import oscompat

        return subprocess.Popen(
            [*self.ssh_args(), command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            **oscompat.new_group_kwargs(),
        )

    def master_alive(self) -> bool:
        """Whether this session's master connection still runs (a dropped link ends it)."""
        if not self._open:
            return False
        p = subprocess.run(
            [*self._base(), "-O", "check", self.host.destination],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            timeout=15, check=False,
        )  # fmt: skip
        return p.returncode == 0

    def close(self) -> None:
        if self._open and os.path.isdir(self._dir):
            try:
                subprocess.run(
                    [*self._base(), "-O", "exit", self.host.destination],
                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                    timeout=15, check=False,
                )  # fmt: skip
            except (subprocess.TimeoutExpired, OSError, RemoteError):
                pass
        self._open = False
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> Connection:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- trainsizer on the server -------------------------------------------------------------------------
    def probe(self) -> dict[str, Any]:
        """Find Python and trainsizer on the server: {"python", "trainsizer", "protocol", "torch", ...}; the
        first python that has trainsizer wins (TRAINSIZER_REMOTE_PYTHON, ~/.trainsizer/venv, python3)."""
        candidates = [os.environ.get(REMOTE_PYTHON_ENV, ""), f"{VENV_DIR}/bin/python", "python3", "python"]
        snippet = (
            "import json, platform, sys\n"
            "out = {'python': sys.executable, 'python_version': platform.python_version(), "
            "'system': platform.system(), 'machine': platform.machine()}\n"
            "try:\n"
            "    import trainsizer\n"
            "    from trainsizer.runs.protocol import PROTOCOL_VERSION\n"
            "    out.update(trainsizer=trainsizer.__version__, protocol=PROTOCOL_VERSION)\n"
            "except Exception as e:\n"
            "    out.update(trainsizer=None, trainsizer_error=str(e)[:200])\n"
            "try:\n"
            "    from importlib.metadata import version\n"
            "    out['torch'] = version('torch')\n"
            "except Exception:\n"
            "    out['torch'] = None\n"
            "print('TRAINSIZER-PROBE ' + json.dumps(out))\n"
        )
        found: list[dict[str, Any]] = []
        for py in (c for c in candidates if c):
            py_sh = py if py.startswith("~/") else shlex.quote(py)
            if py.startswith("~/"):
                py_sh = '"$HOME"/' + shlex.quote(py[2:])
            line = f"command -v {py_sh} >/dev/null 2>&1 && {py_sh} -c {shlex.quote(snippet)}"
            p = self.run(line, timeout=60)
            m = re.search(rb"TRAINSIZER-PROBE (\{.*\})", p.stdout)
            if m:
                info = json.loads(m.group(1))
                found.append(info)
                if info.get("trainsizer"):
                    break
        if not found:
            raise RemoteError("no_python", "%(host)s: no python3 found on the server", host=str(self.host))
        best = next((f for f in found if f.get("trainsizer")), found[0])
        self.info, self.python = best, best["python"]
        return best

    def check_versions(self) -> dict[str, Any]:
        """The server's trainsizer must be this version and speak this event protocol; else a RemoteError
        that names `trainsizer remote setup` to install it there."""
        from trainsizer import __version__
        from trainsizer.runs.protocol import PROTOCOL_VERSION

        info = self.info or self.probe()
        setup = f"trainsizer remote setup --host {self.host}"
        if not info.get("trainsizer"):
            raise RemoteError(
                "not_installed",
                "%(host)s: trainsizer is not installed for %(python)s on the server; "
                "`%(setup)s` shows what it would install, and where, before doing it",
                host=str(self.host),
                python=info.get("python"),
                setup=setup,
            )
        if info.get("protocol") != PROTOCOL_VERSION or info.get("trainsizer") != __version__:
            raise RemoteError(
                "version_mismatch",
                "%(host)s: the server has trainsizer %(there)s (event protocol %(there_protocol)s), this one "
                "is %(here)s (protocol %(here_protocol)s); `%(setup)s` installs %(here)s there",
                host=str(self.host),
                there=info.get("trainsizer"),
                there_protocol=info.get("protocol"),
                here=__version__,
                here_protocol=PROTOCOL_VERSION,
                setup=setup,
            )
        return info

    def inventory(self) -> dict[str, Any]:
        """The server's devices, host and versions (`trainsizer devices --json` there): the environment a run
        on it records."""
        p = self.run(self.trainsizer("devices --json"), timeout=300)
        try:
            data = json.loads(p.stdout)
        except ValueError:
            data = None
        if p.returncode != 0 or not isinstance(data, dict):
            said = p.stderr.decode("utf-8", "replace").strip().splitlines()
            raise RemoteError(
                "remote_command_failed",
                "%(host)s: cannot read its devices (%(said)s)",
                host=str(self.host),
                said=said[-1] if said else f"exit {p.returncode}",
            )
        return data

    def trainsizer(self, args: str) -> str:
        """The shell line that runs trainsizer on the server with ``args`` (already quoted)."""
        if not self.python:
            self.check_versions()
        return f"{shlex.quote(self.python)} -m trainsizer {args}"


# -- running there, watching here ----------------------------------------------------------------------------
def _upload(conn: Connection, data: bytes, remote: str) -> None:
    """``data`` into the file ``remote`` on the server (a plain path: quoted here, never a shell word)."""
    p = conn.run(f"cat > {shlex.quote(remote)}", input=data, timeout=600)
    if p.returncode != 0:
        raise RemoteError(
            "upload_failed",
            "%(host)s: cannot write %(path)s (%(said)s)",
            host=str(conn.host),
            path=remote,
            said=p.stderr.decode()[-200:],
        )


_PLAIN_SUFFIX = re.compile(r"\.[A-Za-z0-9_-]{1,16}")


def make_scratch(conn: Connection) -> str:
    """A scratch folder for one run on the server (mktemp -d under its /tmp)."""
    p = conn.run("mktemp -d -t trainsizer-run.XXXXXX", timeout=60)
    scratch = p.stdout.decode().strip()
    if p.returncode != 0 or not scratch.startswith("/"):
        raise RemoteError(
            "scratch_failed",
            "%(host)s: cannot make a scratch folder (%(said)s)",
            host=str(conn.host),
            said=p.stderr.decode()[-200:],
        )
    return scratch


def send_spec(conn: Connection, spec, scratch: str) -> None:
    """The spec into ``scratch``/spec.toml, with the files it names copied beside it (prepare_spec)."""
    remote_spec = prepare_spec(conn, spec, scratch)
    _upload(conn, remote_spec.to_toml().encode("utf-8"), f"{scratch}/spec.toml")


def prepare_spec(conn: Connection, spec, scratch: str):
    """The spec as the server will read it: files it names (the data file, a model config file) copied into
    the scratch folder and pointed at there."""
    changes: dict[str, dict[str, Any]] = {}
    if spec.data.source == "path" and spec.data.path:
        p = Path(spec.data.path).expanduser()
        if p.is_dir():
            raise RemoteError(
                "unsupported",
                "%(path)s: a dataset folder cannot be sent to the server yet; give a file",
                path=str(p),
            )
        # the server's copy is named data<suffix>: the suffix tells the format; an odd one (spaces, quotes,
        # shell words) is dropped, and the format the spec resolves here goes with it
        suffix = p.suffix if _PLAIN_SUFFIX.fullmatch(p.suffix) else ""
        _upload(conn, p.read_bytes(), f"{scratch}/data{suffix}")
        from trainsizer.data.sources import detect_format

        changes["data"] = {"path": f"{scratch}/data{suffix}", "format": detect_format(p, spec.data.format)}
    if spec.model.config and Path(spec.model.config).expanduser().is_file():
        p = Path(spec.model.config).expanduser()
        _upload(conn, p.read_bytes(), f"{scratch}/config.json")
        changes["model"] = {"config": f"{scratch}/config.json"}
    return spec.replace(**changes) if changes else spec


def run_remote(
    host: str | Host,
    kind: str,
    spec,
    out: str | Path,
    *,
    on_event=None,
    on_stage=None,
    cancel_event: threading.Event | None = None,
    force: bool = False,
    keep_remote: bool = False,
    extra: list[str] | None = None,
) -> dict[str, Any]:
    """Run `trainsizer measure|check` on the server; events and result land in ``out`` here, as for a local
    run.

    Cancel (``cancel_event`` or Ctrl-C) closes the remote command's stdin: it stops its worker group and still
    writes its result. A dropped connection ends the run as "failed" with code connection_lost, keeping all
    events received; the remote command stops itself when its stdin closes (the session went away)."""
    from trainsizer.result.model import failed_with, new_result, now
    from trainsizer.runs.measure import finish
    from trainsizer.runs.protocol import parse_line
    from trainsizer.runs.rundir import RunDir

    host = host if isinstance(host, Host) else Host.parse(host)
    rd = RunDir(out, force=force)
    result: dict[str, Any] | None = None
    conn = Connection(host)
    scratch = None
    received = 0
    try:
        rd.write_spec(spec)
        info = conn.check_versions()
        scratch = make_scratch(conn)
        send_spec(conn, spec, scratch)
        args = f"{kind} spec.toml --out run --stream --stop-on-stdin-eof " + " ".join(
            map(shlex.quote, extra or [])
        )
        proc = conn.popen(f"cd {shlex.quote(scratch)} && exec {conn.trainsizer(args)}")
        stderr_tail: list[str] = []
        t = threading.Thread(target=_drain, args=(proc.stderr, stderr_tail), daemon=True)
        t.start()
        cancelled = False
        watcher = threading.Thread(target=_watch_cancel, args=(proc, cancel_event), daemon=True)
        watcher.start()
        try:
            for raw in proc.stdout:
                ev = parse_line(raw)
                if ev is None:
                    continue
                received += 1
                ev["server"] = str(host)
                if ev.get("type") == "stage" and on_stage is not None:
                    on_stage(ev.get("name"))
                rd.append(ev)
                if on_event is not None:
                    on_event(ev)
        except KeyboardInterrupt:
            cancelled = True
            _close_stdin(proc)
            try:
                for raw in proc.stdout:  # the rest: the cancel's own events
                    ev = parse_line(raw)
                    if ev is not None:
                        rd.append(ev)
            except Exception:
                pass
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            from trainsizer import oscompat

            oscompat.signal_group(proc.pid, oscompat.kill_signal())
            proc.wait(timeout=10)
        t.join(timeout=5)
        cancelled = cancelled or bool(cancel_event is not None and cancel_event.is_set())
        said = "\n".join(stderr_tail)
        ended = proc.returncode == 255 or proc.returncode < 0  # ssh's own failure, or killed here
        lost = (
            ended
            and not cancelled
            and (any(m in said for m in LOST_MARKERS) or not conn.master_alive() or not _alive(conn))
        )
        fetched = _fetch_result(conn, scratch, rd) if not lost or _alive(conn) else None
        if lost:
            result = new_result(spec)
            last = said.strip().splitlines()[-1] if said.strip() else "the session ended"
            result.update(
                finished=now(),
                **failed_with(
                    "connection_lost",
                    f"{host}: the connection was lost ({last}); the {received} events received were kept, "
                    "and the run on the server stopped itself",
                ),
            )
            if fetched is not None:  # the server's own account of how it stopped
                result["remote_status"] = fetched.get("status")
        else:
            result = fetched
            if result is None:
                result = new_result(spec)
                result.update(
                    cancelled=cancelled,
                    finished=now(),
                    **failed_with(
                        "no_result", f"{host}: the remote run wrote no result; " + " ".join(stderr_tail[-3:])
                    ),
                )
        result["target"] = {
            "host": str(host),
            "python": info.get("python"),
            "trainsizer": info.get("trainsizer"),
            "remote_dir": scratch if keep_remote else None,
        }
        finish(rd, result)  # the one status and verdict, also of the server's own result
        if cancelled:
            raise KeyboardInterrupt
        return result
    except RemoteError as e:
        if result is None:
            result = new_result(spec)
            result.update(finished=now(), **failed_with(e.code, e))
            result["target"] = {"host": str(host)}
            finish(rd, result)
        raise
    finally:
        if scratch and not keep_remote:
            try:
                conn.run(f"rm -rf -- {shlex.quote(scratch)}", timeout=60)
            except (RemoteError, subprocess.TimeoutExpired, OSError):
                pass  # the connection is gone: the scratch folder stays (said in docs/remote.md)
        conn.close()
        rd.close()


def _alive(conn: Connection) -> bool:
    """Whether the server still answers (a remote command killed by a signal also makes ssh exit 255)."""
    try:
        return conn.run("true", timeout=20).returncode == 0
    except (RemoteError, subprocess.TimeoutExpired, OSError):
        return False


def _drain(stream, tail: list[str]) -> None:
    for raw in stream:
        tail.append(raw.decode("utf-8", "replace").rstrip())
        del tail[:-50]


def _close_stdin(proc: subprocess.Popen) -> None:
    try:
        if proc.stdin and not proc.stdin.closed:
            proc.stdin.close()
    except OSError:
        pass


def _watch_cancel(proc: subprocess.Popen, cancel_event: threading.Event | None) -> None:
    while proc.poll() is None:
        if cancel_event is not None and cancel_event.is_set():
            _close_stdin(proc)  # the remote command stops its worker group and writes its result
            return
        time.sleep(0.1)


def _fetch_result(conn: Connection, scratch: str, rd) -> dict[str, Any] | None:
    """result.json and the logs of the remote run folder (checkpoints stay there: their sizes are in the
    result)."""
    q = shlex.quote(scratch)
    try:
        p = conn.run(f"cat {q}/run/result.json", timeout=120)
        result = json.loads(p.stdout) if p.returncode == 0 and p.stdout.strip() else None
        logs = conn.run(f"cd {q}/run && tar -cf - --exclude=checkpoints -- *.log 2>/dev/null", timeout=120)
    except (RemoteError, subprocess.TimeoutExpired, ValueError):
        return None
    import io
    import tarfile

    try:
        with tarfile.open(fileobj=io.BytesIO(logs.stdout)) as tar:
            for member in tar.getmembers():
                name = Path(member.name).name
                if not member.isfile() or not name.endswith(".log"):
                    continue
                body = tar.extractfile(member)
                if body is not None:
                    (rd.path / f"remote-{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}").write_bytes(body.read())
    except (tarfile.TarError, OSError):
        pass  # the logs are a convenience; the result says what ran
    return result if isinstance(result, dict) else None


def remote_json(host: str | Host, args: str, *, spec=None) -> Any:
    """Run a `--json` trainsizer command on the server (devices, estimate) and return its JSON; with ``spec``
    the spec is sent in a temporary file the command reads as {spec}."""
    host = host if isinstance(host, Host) else Host.parse(host)
    with Connection(host) as conn:
        conn.check_versions()
        if spec is None:
            p = conn.run(conn.trainsizer(args), timeout=600)
        else:
            line = (
                'f=$(mktemp -t trainsizer-spec.XXXXXX) && cat > "$f" && '
                + conn.trainsizer(args.replace("{spec}", '"$f"'))
                + '; rc=$?; rm -f "$f"; exit $rc'
            )
            p = conn.run(line, input=spec.to_toml().encode("utf-8"), timeout=600)
    if p.returncode not in (0, 1):
        message = p.stderr.decode("utf-8", "replace").strip().splitlines()
        raise RemoteError(
            "remote_command_failed",
            "%(host)s: %(said)s",
            host=str(host),
            said=message[-1] if message else "failed",
        )
    return json.loads(p.stdout)


# -- preparing the server ----------------------------------------------------------------------------------
def local_wheel(into: Path, wheel: str | None = None) -> Path:
    """This trainsizer as a wheel: the file given, or built from the source tree it runs from (a
    RemoteError when it runs from an installed wheel and none is given)."""
    if wheel:
        path = Path(wheel).expanduser()
        if not path.is_file() or path.suffix != ".whl":
            raise RemoteError("no_wheel", "%(path)s: not a wheel file", path=str(path))
        return path
    import sys

    import trainsizer

    root = Path(trainsizer.__file__).resolve().parent.parent
    if (
        not (root / "pyproject.toml").is_file()
        or 'name = "trainsizer"' not in (root / "pyproject.toml").read_text()
    ):
        raise RemoteError(
            "no_wheel", "this trainsizer was installed from a wheel: pass that wheel with --wheel FILE"
        )
    p = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(into),
         str(root)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    found = sorted(into.glob("trainsizer-*.whl"))
    if p.returncode != 0 or not found:
        raise RemoteError(
            "no_wheel", "building the wheel failed: %(said)s", said=(p.stderr or p.stdout)[-300:]
        )
    return found[-1]


# the steps of `trainsizer remote setup`, worded by the CLI (in the catalog through this table)
SETUP_TEMPLATES = {
    "venv": "create the virtual environment %(venv)s with %(python)s -m venv --system-site-packages "
    "(so that the server's own torch, if it has one, is used)",
    "copy": "copy %(wheel)s (%(kib)s KiB) to %(venv)s/",
    "install": "install it with %(venv)s/bin/pip: its dependencies are resolved on the server from its "
    "package index; torch: the server's own, else from that index",
    "install_torch": "install it with %(venv)s/bin/pip: its dependencies are resolved on the server from its "
    "package index; torch as you asked: %(torch)s",
}


def setup_plan(conn: Connection, wheel: Path, torch: str | None = None) -> dict[str, Any]:
    """What `trainsizer remote setup` will do on the server, said before it is done: each step an English
    template and its parameters (``{"template", "params"}``; the CLI words it in the terminal's language)."""
    base = _base_python(conn)
    kib = wheel.stat().st_size // 1024
    steps = [
        {"template": SETUP_TEMPLATES["venv"], "params": {"venv": VENV_DIR, "python": base}},
        {"template": SETUP_TEMPLATES["copy"], "params": {"wheel": wheel.name, "kib": kib, "venv": VENV_DIR}},
        {
            "template": SETUP_TEMPLATES["install_torch" if torch else "install"],
            "params": {"venv": VENV_DIR, "torch": torch},
        },
    ]
    return {"server": str(conn.host), "python": base, "venv": VENV_DIR, "wheel": str(wheel), "steps": steps}


def _base_python(conn: Connection) -> str:
    p = conn.run("command -v python3 || command -v python", timeout=60)
    found = p.stdout.decode().strip().splitlines()
    if not found:
        raise RemoteError(
            "no_python",
            "%(host)s: no python3 on the server to make a virtual environment",
            host=str(conn.host),
        )
    return found[0]


def run_setup(
    conn: Connection, plan: dict[str, Any], torch: str | None = None, on_line=None
) -> dict[str, Any]:
    """Carry out ``plan``; pip's output goes to ``on_line``; returns the new probe."""
    wheel = Path(plan["wheel"])
    venv = '"$HOME"/.trainsizer/venv'
    line = (
        f'mkdir -p "$HOME"/.trainsizer && {shlex.quote(plan["python"])} -m venv --system-site-packages {venv}'
    )
    p = conn.run(line, timeout=600)
    if p.returncode != 0:
        raise RemoteError(
            "setup_failed",
            "%(host)s: making the venv failed: %(said)s",
            host=str(conn.host),
            said=p.stderr.decode()[-300:],
        )
    _upload(conn, wheel.read_bytes(), f'"$HOME"/.trainsizer/{shlex.quote(wheel.name)}')
    extra = " ".join(shlex.quote(t) for t in shlex.split(torch)) if torch else ""
    proc = conn.popen(
        f'{venv}/bin/python -m pip install --upgrade "$HOME"/.trainsizer/{shlex.quote(wheel.name)} '
        f"{extra} 2>&1"
    )
    proc.stdin.close()
    for raw in proc.stdout:
        if on_line is not None:
            on_line(raw.decode("utf-8", "replace").rstrip())
    proc.wait()
    if proc.returncode != 0:
        raise RemoteError(
            "setup_failed",
            "%(host)s: pip install failed (exit %(code)s); see above",
            host=str(conn.host),
            code=proc.returncode,
        )
    check = f"{venv}/bin/python -c 'import trainsizer; print(trainsizer.__version__)'"
    p = conn.run(check, timeout=300)
    if p.returncode != 0:
        raise RemoteError(
            "setup_failed", "%(host)s: the new venv cannot import trainsizer", host=str(conn.host)
        )
    conn.info, conn.python = {}, None
    return {"venv": VENV_DIR, "trainsizer": p.stdout.decode().strip()}


def ssh_config_hosts(path: str | Path | None = None) -> list[str]:
    """The host aliases of the person's ssh_config (``Host`` lines without wildcards), for pickers."""
    path = Path(path or os.environ.get(SSH_CONFIG_ENV) or Path.home() / ".ssh" / "config")
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    out: list[str] = []
    for line in text.splitlines():
        words = line.strip().split()
        if len(words) >= 2 and words[0].lower() == "host":
            out += [w for w in words[1:] if not any(c in w for c in "*?!") and w not in out]
    return out
