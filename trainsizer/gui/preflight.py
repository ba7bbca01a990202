"""Can the window open here? `make run` asks before it starts the window: a QApplication is started in a child
process on the platform plugin Qt would use (xcb, wayland, cocoa, windows), because a plugin that cannot load
(Debian without libxcb-cursor0, say) aborts the process from inside Qt, which no Python code can catch.

    python -m trainsizer.gui.preflight      # exit 0: it opens; else exit 1 and one line saying why
"""

from __future__ import annotations

import subprocess
import sys

PROBE = (
    "import sys\nfrom PySide6.QtWidgets import QApplication\n"
    "app = QApplication(sys.argv[:1])\nprint(app.platformName())\n"
)
# The Debian/Ubuntu packages the xcb plugin needs beyond a desktop's usual ones (README, `make run`).
DEBIAN_PACKAGES = ("libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxkbcommon-x11-0", "libegl1")


def why_not(timeout: float = 60.0) -> str | None:
    """None when a QApplication starts here; else one line: Qt's own reason where it gave one."""
    try:
        p = subprocess.run(
            [sys.executable, "-c", PROBE],
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        return f"Qt did not start within {timeout:.0f} s"
    except OSError as e:
        return f"{type(e).__name__}: {e}"
    if p.returncode == 0:
        return None
    lines = [x.strip() for x in p.stderr.splitlines() if x.strip()]
    said = next(
        (x for x in lines if "plugin" in x.lower() or "display" in x.lower()),
        lines[-1] if lines else f"exit code {p.returncode}",
    )
    return f"Qt cannot start its window here: {said}"


def main() -> int:
    reason = why_not()
    if reason is None:
        return 0
    print(f"{reason} (on Debian/Ubuntu: apt-get install {' '.join(DEBIAN_PACKAGES)})")
    return 1


if __name__ == "__main__":
    sys.exit(main())
