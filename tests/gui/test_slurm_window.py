"""The window drives a Slurm batch job (issue 32): the Target lists the cluster where sbatch is on PATH,
the estimate is for the partition's nodes (sinfo), a pending job shows Slurm's state and reason in the
progress bar, cancel is scancel, and a finished job's result and samples come back — against a real
slurmctld and slurmd on localhost (tests/slurm.py)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from slurm import running_slurm  # noqa: E402

from .conftest import open_window  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("slurm")]


slurm = pytest.fixture(scope="module", name="slurm")(running_slurm)


@pytest.fixture
def slurm_window(slurm, qtbot, tmp_path, monkeypatch):
    for k, v in slurm.env().items():
        monkeypatch.setenv(k, v)
    with open_window(qtbot, tmp_path, monkeypatch) as win:
        yield win


def _quick(**cluster):
    from trainsizer.spec import RunSpec

    return RunSpec().replace(
        measure={"steps": 2, "warmup_steps": 1, "sample_hz": 10.0}, cluster={"time_limit": "10:00", **cluster}
    )


def test_a_pending_job_shows_slurms_reason_and_cancel_is_scancel(slurm_window, qtbot):
    win = slurm_window
    index = win.target.findText("Slurm cluster (sbatch here)")
    assert index > 0, [win.target.itemText(i) for i in range(win.target.count())]
    win.target.setCurrentIndex(index)
    assert win.slurm_target() == (True, None) and win.remote_host() is None
    win.form.set_spec(_quick(partition="closed"))
    out = win.start_run("measure")
    qtbot.waitUntil(lambda: "pending (PartitionDown" in win.progress.format(), timeout=120000)
    assert win.progress.format().startswith("Slurm job ")
    with qtbot.waitSignal(win.controller.finished, timeout=120000) as done:
        win.cancel_run()
    result = done.args[0]
    assert result["status"] == "cancelled" and result["target"]["slurm"]["state"] == "CANCELLED", result
    assert (out / "job.sbatch").exists()


def test_a_job_runs_and_its_result_and_samples_come_back(slurm_window, qtbot):
    win = slurm_window
    win.target.setCurrentText("slurm:")  # typed, as for a login node: slurm:login1
    win.target.lineEdit().editingFinished.emit()
    win.form.set_spec(_quick(partition="debug"))
    # the estimate for the partition's nodes (here: CPU nodes, no GPUs in sinfo's Gres)
    qtbot.waitUntil(
        lambda: win.estimate.report is not None and win.estimate.report.get("target") == "slurm:",
        timeout=60000,
    )
    assert list(win.estimate.report["estimate"]["devices"]) == ["cpu"]
    win.start_run("measure")
    with qtbot.waitSignal(win.controller.finished, timeout=300000) as done:
        pass
    result = done.args[0]
    assert result["status"] == "ok" and result["target"]["slurm"]["state"] == "COMPLETED", result
    qtbot.waitUntil(lambda: win.plot.redraws > 0 and bool(win.plot.curves), timeout=10000)
    log = win.log.toPlainText()
    assert "RUNNING" in log and "COMPLETED" in log, log
