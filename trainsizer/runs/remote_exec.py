"""On a server: run a command (torchrun) in a process group of its own and stop that group when this
process's stdin closes — the SSH session that started it went away, or the parent cancelled. Its stdout and
stderr pass through. Used by several-node runs (runs/multinode.py):

    python -m trainsizer.runs.remote_exec -- python -m torch.distributed.run ... -m trainsizer.worker ...
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading


def main(argv: list[str]) -> int:
    if argv[:1] == ["--"]:
        argv = argv[1:]
    if not argv:
        print("usage: python -m trainsizer.runs.remote_exec -- COMMAND ...", file=sys.stderr)
        return 2
    from trainsizer import oscompat

    child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, **oscompat.new_group_kwargs())
    stopped = threading.Event()

    def watch() -> None:
        try:
            while os.read(0, 4096):
                pass
        except OSError:
            pass
        stopped.set()
        for sig, wait in ((signal.SIGINT, 10.0), (signal.SIGTERM, 10.0), (oscompat.kill_signal(), 10.0)):
            if child.poll() is not None:
                break
            oscompat.signal_group(child.pid, sig)
            try:
                child.wait(timeout=wait)
            except subprocess.TimeoutExpired:
                continue
        oscompat.signal_group(child.pid, oscompat.kill_signal())  # ranks that outlived torchrun

    threading.Thread(target=watch, name="trainsizer-stdin-watch", daemon=True).start()
    try:
        code = child.wait()
    except KeyboardInterrupt:
        oscompat.signal_group(child.pid, signal.SIGTERM)
        code = child.wait()
    oscompat.signal_group(child.pid, oscompat.kill_signal())
    return 130 if stopped.is_set() and code != 0 else code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
