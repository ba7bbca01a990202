"""The window drives a run on a test server over SSH (issue 20): the Target lists the ssh_config's hosts, the
estimate is the server's, the run's samples plot live here (a real sshd on 127.0.0.1, tests/sshd.py)."""

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from sshd import start_sshd  # noqa: E402

from .conftest import open_window  # noqa: E402

pytestmark = pytest.mark.xdist_group("sshd")  # beside tests/test_remote.py, which counts remote runs


@pytest.fixture
def remote_window(qtbot, tmp_path, monkeypatch):
    try:
        server = start_sshd(tmp_path / "sshd")
    except (RuntimeError, OSError, subprocess.CalledProcessError) as e:
        pytest.skip(f"no OpenSSH server can be started here: {e}")
    for k, v in server.env().items():
        monkeypatch.setenv(k, v)
    try:
        with open_window(qtbot, tmp_path, monkeypatch) as win:
            yield win
    finally:
        server.process.terminate()
        server.process.wait(10)


def test_the_window_runs_on_a_test_server_and_plots_it_live(remote_window, qtbot):
    from trainsizer.spec import RunSpec

    win = remote_window
    entries = [win.target.itemText(i) for i in range(win.target.count())]
    assert "ssh: tsz-server" in entries and "ssh: tsz-unknown" in entries
    win.form.set_spec(RunSpec().replace(measure={"steps": 3, "warmup_steps": 1}))
    win.target.setCurrentIndex(win.target.findText("ssh: tsz-server"))
    assert win.remote_host() == "tsz-server"
    qtbot.waitUntil(
        lambda: win.estimate.report is not None and win.estimate.report.get("target") == "ssh:tsz-server",
        timeout=60000,
    )
    out = win.start_run("measure")
    with qtbot.waitSignal(win.controller.finished, timeout=300000) as blocker:
        pass
    result = blocker.args[0]
    assert result["status"] == "ok" and result["target"]["host"] == "tsz-server"
    qtbot.waitUntil(lambda: win.plot.redraws > 0 and bool(win.plot.curves), timeout=10000)  # drawn here
    assert (out / "events.jsonl").read_text().count('"server":"tsz-server"') > 5


def test_a_server_that_cannot_be_reached_says_why_in_the_window(remote_window, qtbot):
    """Issue 31: an unreachable or refused server showed "INCOMPLETE · failed" with an empty table and log;
    the reason was only in result.json. Now the checks say what was not proven and why, and the progress bar
    and the log carry the reason."""
    from trainsizer.spec import RunSpec

    win = remote_window
    win.form.set_spec(RunSpec().replace(measure={"steps": 2, "warmup_steps": 1}))
    win.target.setCurrentIndex(win.target.findText("ssh: tsz-unknown"))
    win.start_run("measure")
    with qtbot.waitSignal(win.controller.finished, timeout=120000) as blocker:
        pass
    result = blocker.args[0]
    assert result["status"] == "failed" and result["error_kind"] == "host_key_unknown", result
    assert win.results.checks.rowCount() == 5
    texts = [win.results.checks.item(r, 2).text() for r in range(5)]
    assert any("host key is not known" in t for t in texts), texts
    assert "host key is not known" in win.progress.format()
    assert "host key is not known" in win.log.toPlainText()
