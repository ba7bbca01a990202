"""A real OpenSSH server on 127.0.0.1 for the remote tests: throwaway host and user keys in a temporary
folder, `sshd -D -f <temp config>` on a free port, and an ssh_config (trainsizer's TRAINSIZER_SSH_CONFIG)
with host aliases: tsz-server (the key is known and accepted), tsz-unknown (the host key is not known
here) and tsz-refused (a key the server does not accept)."""

from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

SSHD_CANDIDATES = ("/usr/sbin/sshd", "/usr/local/sbin/sshd")


@dataclass
class Sshd:
    port: int
    dir: Path
    config: Path  # the client's ssh_config
    user: str
    process: subprocess.Popen

    def env(self) -> dict[str, str]:
        import sys

        return {"TRAINSIZER_SSH_CONFIG": str(self.config), "TRAINSIZER_REMOTE_PYTHON": sys.executable}


def sshd_binary() -> str | None:
    found = shutil.which("sshd")
    if found:
        return found
    return next((p for p in SSHD_CANDIDATES if os.path.exists(p)), None)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _keygen(path: Path) -> None:
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)], check=True)


def start_sshd(d: Path, alias: str = "tsz", env: dict[str, str] | None = None) -> Sshd:
    """Raises RuntimeError with the reason when the server cannot be started here. ``env``: more variables
    for the server's sessions (a Slurm login node's SLURM_CONF)."""
    binary = sshd_binary()
    if binary is None or shutil.which("ssh-keygen") is None or shutil.which("ssh") is None:
        raise RuntimeError("needs OpenSSH's sshd, ssh and ssh-keygen (apt-get install openssh-server)")
    privsep = Path("/run/sshd")  # sshd's privilege-separation folder (the service's init script makes it)
    if not privsep.exists() and os.geteuid() == 0:
        privsep.mkdir(mode=0o755, parents=True)
    d.mkdir(parents=True, exist_ok=True)
    os.chmod(d, 0o700)
    for name in ("host_key", "user_key", "stranger_key"):
        _keygen(d / name)
    (d / "authorized_keys").write_text((d / "user_key.pub").read_text())
    (d / "home").mkdir()  # the server's $HOME for these sessions: nothing lands in the real one
    os.chmod(d / "authorized_keys", 0o600)
    port = _free_port()
    server_config = d / "sshd_config"
    server_config.write_text(
        f"""Port {port}
ListenAddress 127.0.0.1
HostKey {d}/host_key
PidFile {d}/sshd.pid
AuthorizedKeysFile {d}/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
LogLevel ERROR
SetEnv HOME={d}/home{"".join(f" {k}={v}" for k, v in (env or {}).items())}
"""
    )
    user = getpass.getuser()
    host_pub = (d / "host_key.pub").read_text().split()
    (d / "known_hosts").write_text(f"[127.0.0.1]:{port} {host_pub[0]} {host_pub[1]}\n")
    (d / "empty_known_hosts").write_text("")
    client = d / "ssh_config"
    common = f"  HostName 127.0.0.1\n  Port {port}\n  User {user}\n  IdentitiesOnly yes\n"
    known, empty = f"  UserKnownHostsFile {d}/known_hosts\n", f"  UserKnownHostsFile {d}/empty_known_hosts\n"
    client.write_text(
        f"Host {alias}-server\n{common}  IdentityFile {d}/user_key\n{known}\n"
        f"Host {alias}-unknown\n{common}  IdentityFile {d}/user_key\n{empty}  StrictHostKeyChecking yes\n\n"
        f"Host {alias}-refused\n{common}  IdentityFile {d}/stranger_key\n{known}"
    )
    log = open(d / "sshd.log", "wb")  # noqa: SIM115 - the server's log for the test's life
    proc = subprocess.Popen([binary, "-D", "-e", "-f", str(server_config)], stdout=log, stderr=log)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"sshd exited: {(d / 'sshd.log').read_text()[-300:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return Sshd(port, d, client, user, proc)
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("sshd did not listen within 15 s")
