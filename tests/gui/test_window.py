"""The window with pytest-qt, offscreen: the form, inline errors, the live estimate, a recorded run replayed
through the GUI's adapter, and real workers (end to end, cancel, a worker that dies)."""

import json
import os
import signal

import pytest

from trainsizer.runs.rundir import read_events
from trainsizer.spec import RunSpec, from_dict

from .conftest import RECORDED

pytestmark = pytest.mark.gui


def test_the_form_round_trips_a_spec(window):
    data = RunSpec().to_dict()
    data["method"].update(kind="lora", lora_rank=8, lora_targets=["q_proj", "v_proj"])
    data["optimizer"].update(lr=1e-5, name="sgd-momentum")
    data["batch"].update(micro_batch=3, seq_len=128, gradient_checkpointing=True)
    data["quality"].update(rule="absolute", threshold=7.5)
    data["model"].update(max_positions=8192)  # an optional number: a line, empty when not set
    spec = from_dict(data)
    window.form.set_spec(spec)
    assert window.form.validate().to_dict() == spec.to_dict()
    window.form.editors["model.max_positions"].widget.setText("")
    assert window.form.validate().model.max_positions is None


def test_a_file_round_trips_through_open_and_save(window, tmp_path):
    path = tmp_path / "a.toml"
    spec = from_dict({**RunSpec().to_dict(), "batch": {**RunSpec().to_dict()["batch"], "micro_batch": 7}})
    spec.save(path)
    assert window.open_spec(str(path))
    assert window.form.editors["batch.micro_batch"].widget.value() == 7
    assert window.save_spec(str(tmp_path / "b.toml"))
    assert (tmp_path / "b.toml").read_text() == path.read_text()


def test_invalid_values_show_the_specs_own_error_beside_the_field(window, qtbot):
    form = window.form
    form.editors["optimizer.lr"].widget.setText("fast")
    qtbot.waitUntil(lambda: form.editors["optimizer.lr"].error.isVisible(), timeout=2000)
    assert "must be a number" in form.editors["optimizer.lr"].error.text()
    assert form.spec is None and not window.measure_button.isEnabled()
    form.editors["optimizer.lr"].widget.setText("0.001")
    form.editors["parallel.strategy"].widget.setCurrentText("ddp")  # ddp on one CPU process
    form.editors["parallel.processes"].widget.setValue(1)
    qtbot.waitUntil(lambda: form.editors["parallel.strategy"].error.isVisible(), timeout=2000)
    assert "two" in form.editors["parallel.strategy"].error.text()
    assert not form.editors["optimizer.lr"].error.isVisible()


def test_a_field_that_does_not_apply_never_blocks(window, qtbot):
    """Offload ticked while the strategy is single (the box is greyed out): the value is kept in the widget
    but left out of the spec — no error, the run can start; choosing fsdp brings it back."""
    form = window.form
    form.editors["parallel.cpu_offload"].widget.setChecked(True)
    qtbot.waitUntil(lambda: form.spec is not None, timeout=2000)
    assert not form.editors["parallel.cpu_offload"].error.isVisible() and window.measure_button.isEnabled()
    assert form.spec.parallel.cpu_offload is False and form.editors["parallel.cpu_offload"].value() is True


def test_fields_that_do_not_apply_are_disabled(window, qtbot):
    eds = window.form.editors
    assert (
        not eds["method.lora_rank"].widget.isEnabled() and not eds["parallel.cpu_offload"].widget.isEnabled()
    )
    eds["method.kind"].widget.setCurrentText("lora")
    eds["parallel.strategy"].widget.setCurrentText("fsdp")
    assert eds["method.lora_rank"].widget.isEnabled() and eds["parallel.cpu_offload"].widget.isEnabled()
    assert eds["model.preset"].widget.toolTip().startswith("Name of a built-in architecture preset")


def test_the_estimate_follows_the_form(window, qtbot):
    qtbot.waitUntil(lambda: window.estimate.report is not None, timeout=60000)  # the first one imports torch
    before = window.estimate.report["estimate"]["devices"]["cpu"]["items"]["activations"]
    window.form.editors["batch.micro_batch"].widget.setValue(8)
    qtbot.waitUntil(
        lambda: window.estimate.report["estimate"]["devices"]["cpu"]["items"]["activations"] != before,
        timeout=10000,
    )
    assert window.estimate.report["estimate"]["devices"]["cpu"]["items"]["activations"] == pytest.approx(
        2 * before, rel=0.01
    )
    window.target.setCurrentText("8xH100-80GB")
    window.target.lineEdit().editingFinished.emit()
    qtbot.waitUntil(lambda: window.estimate.report["target"] == "8xH100-80GB", timeout=10000)
    assert "cuda:0" in window.estimate.report["estimate"]["devices"]
    assert window.findChild(type(window.estimate.verdict), "estimate-verdict").text().startswith("Fits")


def test_a_recorded_run_replays_into_the_plot_and_the_results(window, qtbot):
    replay = window.open_run(RECORDED)
    with qtbot.waitSignal(replay.finished, timeout=10000):
        pass
    tl = window.plot.timeline
    assert tl.events == replay.count == len(read_events(RECORDED)) and len(tl.series[("host", "rss")]) > 100
    window.plot.redraw()
    assert ("host", "rss") in window.plot.curves and window.plot.curves[("host", "rss")].xData.size > 100
    assert {"forward", "backward", "optimizer"} <= set(window.plot.phase_items)
    assert "pred:host" in window.plot.lines and "cap:host" in window.plot.lines
    assert "ACCEPTED" in window.results.verdict.text()
    assert window.results.checks.rowCount() == 5
    statuses = [window.results.checks.item(i, 1).text() for i in range(5)]
    assert all("passed" in s for s in statuses)
    rows = {
        window.results.anatomy.item(i, 0).text(): window.results.anatomy.item(i, 3).text()
        for i in range(window.results.anatomy.rowCount())
    }
    assert rows["weights"] == "1.000"
    assert "Resume: max |Δloss| 0" in window.results.summary.text()
    assert window.form.spec.measure.steps == 4  # the run's own spec is loaded into the form
    assert window.results.report_button.isEnabled()


def test_a_result_json_alone_opens_too(window, qtbot, tmp_path):
    (tmp_path / "only").mkdir()
    (tmp_path / "only" / "result.json").write_text((RECORDED / "result.json").read_text())
    replay = window.open_run(tmp_path / "only")
    with qtbot.waitSignal(replay.finished, timeout=10000):
        pass
    assert "ACCEPTED" in window.results.verdict.text()


QUICK = {"measure": {"warmup_steps": 1, "steps": 2, "sample_hz": 20.0}}


def _quick_spec(**extra):
    data = RunSpec().to_dict()
    for section, values in {**QUICK, **extra}.items():
        data[section].update(values)
    return from_dict(data)


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["hf-trainer"])  # the builtin loop's: the real check below
def test_the_real_worker_end_to_end_on_the_tiny_preset(window, qtbot, tmp_path, engine):
    """With transformers.Trainer, chosen in the form's own engine box: its run looks like any other."""
    from PySide6.QtWidgets import QComboBox

    window.form.set_spec(_quick_spec())
    box = window.form.findChild(QComboBox, "field:engine.name")
    assert [box.itemText(i) for i in range(box.count())] == ["builtin", "hf-trainer", "trl-sft", "command"]
    box.setCurrentIndex(box.findText(engine))
    qtbot.waitUntil(lambda: window.form.spec is not None and window.form.spec.engine.name == engine)
    with qtbot.waitSignal(window.controller.finished, timeout=120000) as done:
        out = window.start_run("measure", tmp_path / "run")
        assert window.cancel_button.isEnabled() and not window.measure_button.isEnabled()
    result = done.args[0]
    assert result["status"] == "ok" and (out / "events.jsonl").exists()
    assert window.plot.timeline.steps >= 3 and window.plot.timeline.series[("host", "rss")].peak > 100e6
    assert window.results.checks.rowCount() == 5 and window.cancel_button.isEnabled() is False
    assert window.measure_button.isEnabled()
    assert result["spec"]["engine"]["name"] == engine
    if engine != "builtin":
        assert result["measurement"]["engine"]["name"] == engine


@pytest.mark.slow
def test_each_run_of_a_real_check_is_a_labelled_curve_of_its_own(window, qtbot, tmp_path):
    """The builtin loop's real worker end to end in the window (the buttons while it runs, the live plot, the
    results), and issue 29, item 4: a real full check — measure, quality and the resume check's runs — is
    drawn one curve per run (one legend entry per series), each run's start a vertical line with its words;
    before, the separate processes were joined into one unlabelled curve."""
    spec = _quick_spec(
        quality={"train_steps": 4, "eval_batches": 1}, checkpoint={"resume_at": 2, "resume_steps": 3}
    )
    window.form.set_spec(spec)
    with qtbot.waitSignal(window.controller.finished, timeout=300000) as done:
        out = window.start_run("check", tmp_path / "run")
        assert window.cancel_button.isEnabled() and not window.measure_button.isEnabled()
    result = done.args[0]
    assert result["status"] == "ok" and (out / "events.jsonl").exists(), result.get("error")
    assert window.plot.timeline.steps >= 3 and window.plot.timeline.series[("host", "rss")].peak > 100e6
    assert window.results.checks.rowCount() == 5 and window.cancel_button.isEnabled() is False
    assert window.measure_button.isEnabled() and result["spec"]["engine"]["name"] == "builtin"
    plot = window.plot
    qtbot.waitUntil(lambda: len(plot.run_lines) == 5, timeout=5000)
    words = [line.label.toPlainText() for line in plot.run_lines]
    assert words == [
        "measured run",
        "quality: the metric before and after training",
        "A: uninterrupted",
        "B: stopped at step 2",
        "C: resumed from step 2",
    ], words
    starts = [line.value() for line in plot.run_lines]
    assert starts == sorted(starts) and starts[0] < starts[-1] < plot.timeline.now
    # host RSS: one curve per run with points, one legend entry for them all
    parts = [plot.curves[("host", "rss")]] + [
        item for (dev, kind, _), item in plot.more_curves.items() if (dev, kind) == ("host", "rss")
    ]
    assert len(parts) == 5 and all(len(p.getData()[0]) > 0 for p in parts)
    for earlier, later in zip(parts, parts[1:], strict=False):  # each ends before the next run starts
        assert earlier.getData()[0][-1] < later.getData()[0][0]
    legend = [item.text for _, item in plot.legend.items]
    assert sum("RSS" in text for text in legend) == 1, legend


def _children_of(pid):
    import psutil

    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


@pytest.mark.slow
def test_cancel_stops_the_run_and_leaves_no_process(window, qtbot, tmp_path):
    window.form.set_spec(_quick_spec(measure={"warmup_steps": 1, "steps": 200, "sample_hz": 20.0}))
    window.start_run("check", tmp_path / "run")
    qtbot.waitUntil(lambda: window.plot.timeline.steps >= 1, timeout=120000)
    # the orchestrator's real --stream stage lines reach the window as stages, not as log lines (issue 21)
    assert window.stage_name == "measure"
    with qtbot.waitSignal(window.controller.finished, timeout=60000) as done:
        window.cancel_run()
    assert done.args[0]["status"] == "cancelled"
    alive = [c for c in _children_of(os.getpid()) if c.is_running() and c.status() != "zombie"]
    assert alive == []
    assert "cancelled" in window.results.verdict.text()
    # said as what it is (issue 21, item 7): no raw exception, no full bar labelled INCOMPLETE
    assert window.progress.format().startswith("cancelled by you during measure")
    assert window.progress.value() == 0
    assert "Cancelled by you" in window.results.summary.text()
    assert "KeyboardInterrupt" not in window.results.summary.text()


@pytest.mark.slow
def test_a_worker_that_dies_is_shown_as_failed_with_its_last_samples(window, qtbot, tmp_path):
    window.form.set_spec(_quick_spec(measure={"warmup_steps": 1, "steps": 200, "sample_hz": 20.0}))
    window.start_run("measure", tmp_path / "run")
    qtbot.waitUntil(lambda: window.plot.timeline.steps >= 1, timeout=120000)
    hello = next(e for e in _events(tmp_path / "run") if e["type"] == "hello")
    with qtbot.waitSignal(window.controller.finished, timeout=60000):
        os.kill(hello["pid"], signal.SIGKILL)
    assert window.results.verdict.text().count("REJECTED") == 1
    assert "failed" in window.progress.format() and "SIGKILL" in window.progress.format()
    assert len(window.plot.timeline.series[("host", "rss")]) > 0
    assert not window.controller.running() and window.measure_button.isEnabled()


def _events(run_dir):
    from trainsizer.runs.rundir import read_events

    return read_events(run_dir)


def test_the_export_buttons_write_the_report_and_the_request(window, qtbot, tmp_path, monkeypatch):
    import shutil

    run = tmp_path / "recorded"
    shutil.copytree(RECORDED, run)
    replay = window.open_run(run)
    with qtbot.waitSignal(replay.finished, timeout=10000):
        pass
    window.results.report_button.click()
    dialog = window.export_box
    assert dialog.isVisible() and dialog.format.currentData() == "html"
    written = dialog.write(tmp_path / "r.html")
    assert "<svg" in written.read_text()
    dialog.format.setCurrentIndex(dialog.format.findData("pdf"))  # drawn by Qt inside the window's process
    assert dialog.write(tmp_path / "r.pdf").read_bytes()[:5] == b"%PDF-"
    dialog.close()
    window.results.request_button.click()
    dialog = window.export_box
    dialog.format.setCurrentIndex(dialog.format.findData("eml"))
    dialog.to.setText("vendor@example.com")
    assert dialog.write(tmp_path / "r.eml").read_bytes().startswith(b"To: vendor@example.com")
    dialog.copy()
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text().startswith("# Hardware-selection request (draft): tiny-llama")
    assert dialog.status.text() == "Copied to the clipboard"  # issue 31: every export action says what it did
    from PySide6.QtWidgets import QFileDialog

    target = tmp_path / "saved.md"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    dialog.format.setCurrentIndex(dialog.format.findData("md"))
    dialog.save()
    assert target.exists() and dialog.status.text() == f"Saved: {target}"
    assert dialog.mailto().startswith("mailto:vendor%40example.com?subject=Request%3A%20hardware")
    dialog.close()


@pytest.mark.slow
def test_an_orchestrator_that_dies_is_shown_as_failed_and_takes_its_worker_along(window, qtbot, tmp_path):
    import psutil

    window.form.set_spec(_quick_spec(measure={"warmup_steps": 1, "steps": 200, "sample_hz": 20.0}))
    window.start_run("measure", tmp_path / "run")
    qtbot.waitUntil(lambda: window.plot.timeline.steps >= 1, timeout=120000)
    worker_pid = next(e for e in _events(tmp_path / "run") if e["type"] == "hello")["pid"]
    with qtbot.waitSignal(window.controller.failed, timeout=60000) as dead:
        os.kill(int(window.controller.proc.processId()), signal.SIGKILL)
    assert "without writing result.json" in dead.args[0]
    assert "failed" in window.progress.format() and not window.cancel_button.isEnabled()
    # the worker writes a line per sample: with its reader gone it ends on the broken pipe
    qtbot.waitUntil(
        lambda: not psutil.pid_exists(worker_pid) or psutil.Process(worker_pid).status() == "zombie",
        timeout=30000,
    )


def test_history_lists_runs_newest_first_and_reopens_them(window, qtbot, tmp_path):
    import json
    import shutil

    from trainsizer.runs.history import list_runs, new_run_dir

    root = window.history_dir
    older = new_run_dir(RunSpec(), "check", root)
    shutil.copytree(RECORDED, older, dirs_exist_ok=True)
    newer = new_run_dir(RunSpec(), "measure", root)
    result = json.loads((RECORDED / "result.json").read_text())
    result.update(created="2099-01-01T00:00:00+00:00", verdict="rejected", status="oom")
    (newer / "result.json").write_text(json.dumps(result))
    (root / "not-a-run").mkdir()
    entries = list_runs(root)
    assert [e.path for e in entries] == [newer, older] and entries[0].verdict == "rejected"
    window.history.refresh(root)
    assert window.history.topLevelItemCount() == 2
    item = window.history.topLevelItem(1)
    # date for people, then what ran (issue 21, item 13)
    assert item.text(1) == "tiny-llama" and item.text(6) == "ACCEPTED"
    assert item.text(2) == "full" and item.text(3) == "fp32" and item.text(4) == "this machine"
    assert item.text(0) == result["created"][:16].replace("T", " ") or len(item.text(0)) == 16
    assert window.history.topLevelItem(0).text(6) == "REJECTED (does not fit (out of memory))"
    with qtbot.waitSignal(window.history.opened, timeout=2000) as opened:
        window.history.itemActivated.emit(item, 0)
    assert opened.args[0] == str(older)
    qtbot.waitUntil(lambda: "ACCEPTED" in window.results.verdict.text(), timeout=10000)


def test_a_missing_file_is_an_error_beside_its_field_and_blocks_the_run(window, qtbot, tmp_path):
    eds = window.form.editors
    eds["data.source"].widget.setCurrentText("path")
    eds["data.path"].widget.setText(str(tmp_path / "no-such-corpus.txt"))
    qtbot.waitUntil(lambda: eds["data.path"].error.isVisible(), timeout=2000)
    assert "no such file" in eds["data.path"].error.text()
    assert (
        window.form.spec is None
        and not window.measure_button.isEnabled()
        and not window.check_button.isEnabled()
    )
    assert window.start_run("measure", tmp_path / "run") is None and not (tmp_path / "run").exists()


@pytest.mark.slow
def test_a_spec_refused_by_the_orchestrator_is_not_a_rejection_and_not_in_the_history(window, qtbot):
    spec = _quick_spec().replace(method={"kind": "lora", "lora_targets": ["no_such_module"]})
    window.form.set_spec(spec)
    with qtbot.waitSignal(window.controller.refused, timeout=120000) as refused:
        out = window.start_run("measure")
    assert "no module named no_such_module" in refused.args[0]
    assert not out.exists()  # the folder made for the run is gone: nothing was recorded
    assert window.history.topLevelItemCount() == 0
    assert "refused" in window.results.verdict.text() or "refused" in window.progress.format()


@pytest.mark.slow
def test_a_customer_command_runs_from_the_window_and_cancels(window, qtbot, tmp_path):
    """The command fields apply when the engine is command; its run plots live from the command's processes,
    and cancel stops its whole tree."""
    import sys

    script = tmp_path / "train.py"
    script.write_text(
        "import time\nblocks = []\nfor step in range(600):\n"
        "    blocks.append(bytearray(4_000_000))\n    print(f'step {step} loss 1.0', flush=True)\n"
        "    time.sleep(0.1)\n"
    )
    spec = _quick_spec().to_dict()
    spec["engine"] = {
        "name": "command",
        "command": [sys.executable, str(script)],
        "step_pattern": "step (?P<step>\\d+) loss (?P<loss>[0-9.]+)",
    }
    window.form.set_spec(from_dict(spec))
    assert window.form.editors["engine.command"].widget.isEnabled()
    window.start_run("measure", tmp_path / "run")
    qtbot.waitUntil(lambda: window.plot.timeline.steps >= 5, timeout=60000)
    assert window.plot.timeline.series[("host", "rss")].peak > 10e6
    with qtbot.waitSignal(window.controller.finished, timeout=60000) as done:
        window.cancel_run()
    result = done.args[0]
    assert result["status"] == "cancelled" and result["measurement"]["engine"]["name"] == "command"
    alive = [c for c in _children_of(os.getpid()) if c.is_running() and c.status() != "zombie"]
    assert alive == []


def test_a_planned_target_shards_and_the_plan_tab_drafts_a_request_without_a_run(window, qtbot, tmp_path):
    from trainsizer.spec import RunSpec

    spec = RunSpec().replace(
        model={"preset": "llama-3.1-8b"},
        method={"kind": "lora"},
        precision={"compute": "bf16-mixed"},
        parallel={"strategy": "fsdp", "processes": 2},
        batch={"micro_batch": 1, "seq_len": 2048},
        task={"tokens": 1e9, "deadline_hours": 100},
    )
    window.form.set_spec(spec)
    # choosing 8xH100 makes the CPU spec follow the target (devices = auto, shown in the form)
    window.target.setCurrentIndex(window.target.findData("8xH100-80GB"))
    assert window.form.editors["parallel.devices"].value() == "auto"
    qtbot.waitUntil(
        lambda: window.estimate.report is not None and window.estimate.report["target"] == "8xH100-80GB",
        timeout=20000,
    )
    assert window.estimate.report["placement"]["data_parallel"] == 8
    assert window.estimate.bars.count() == 2  # the 8 identical GPUs drawn once ("each of 8"), and the host
    window.tabs.setCurrentWidget(window.plan_panel)
    panel = window.plan_panel
    # Issue 30: the Plan tab takes the Target box — its class and its size are the plan's limits (before, with
    # target 8×H100 the tab ranked 1×H200 first)
    assert (panel.classes.text(), panel.max_nodes.value(), panel.max_gpus.value()) == ("H100-80GB", 1, 8)
    panel.plan_button.click()
    qtbot.waitUntil(lambda: panel.table.rowCount() > 0, timeout=20000)
    assert window.plan_panel.table.item(0, 0).text() == str(window.plan_panel.plan["top"][0])
    assert "meets the task" in window.plan_panel.table.item(0, 9).text()
    options = panel.plan["options"]
    assert {o["gpu"] for o in options} == {"H100-80GB"} and max(o["gpus"] for o in options) <= 8
    assert panel.plan["limits"] == {"max_nodes": 1, "max_gpus": 8}
    # the planned utilisation comes from the fitted table, not a flat assumed 40 % (nor "0 %")
    assert "fitted to published runs, else 40% assumed" in panel.summary.text()
    assert "at most 8 GPUs" in panel.summary.text() and "classes: H100-80GB" in panel.summary.text()
    window.plan_panel.request_button.click()
    dialog = window.export_box
    assert dialog.isVisible() and dialog.headroom.value() == 20 and dialog.keep.value() == 3
    dialog.headroom.setValue(30)
    dialog.keep.setValue(5)
    text = dialog.write(tmp_path / "plan.md").read_text()
    assert "+ 30% headroom" in text and "× 5 kept" in text and "(estimated" in text
    dialog.close()
    # a class the catalog does not know is named in the tab, nothing else is lost
    panel.classes.setText("H999-1GB")
    panel.plan_button.click()
    qtbot.waitUntil(
        lambda: "GPU classes: unknown accelerator 'H999-1GB'" in panel.summary.text(), timeout=20000
    )
    assert "Traceback" not in panel.summary.text()
    window.target.setCurrentIndex(0)  # back to this machine: every class, no limit
    assert (panel.classes.text(), panel.max_nodes.value(), panel.max_gpus.value()) == ("", 0, 0)


def test_the_export_buttons_stay_in_sight_at_1280x800(window, qtbot, tmp_path):
    """Issue 21, item 4: after a run the actions are visible without scrolling."""
    import shutil

    from PySide6.QtCore import QPoint, QRect

    run = tmp_path / "recorded"
    shutil.copytree(RECORDED, run)
    window.resize(1280, 800)
    replay = window.open_run(run)
    with qtbot.waitSignal(replay.finished, timeout=10000):
        pass
    qtbot.wait(50)
    inside = QRect(QPoint(0, 0), window.size())
    for button in (window.results.report_button, window.results.request_button):
        assert button.isVisible() and button.isEnabled()
        top_left = button.mapTo(window, QPoint(0, 0))
        assert inside.contains(QRect(top_left, button.size())), (top_left, button.size(), window.size())
        assert not button.visibleRegion().isEmpty()


def test_a_number_out_of_range_is_kept_and_the_reason_shown(window, qtbot):
    """Issue 21, item 5: "-8" is not silently turned into 8; the field says why."""
    editor = window.form.editors["batch.micro_batch"]
    editor.widget.setValue(-8)
    assert window.form.validate() is None
    assert editor.widget.value() == -8
    assert "at least 1" in window.form.issues["batch.micro_batch"]
    verdict = window.estimate.verdict.text()
    assert "micro" in verdict and "at least 1" in verdict  # the panel names the field, in red
    assert window.estimate.bars.count() == 0


def test_an_empty_window_says_what_to_do(window):
    """Issue 21, item 11."""
    assert "Pick a model and a target" in window.results.verdict.text()
    assert window.plot_hint.isVisible() and "during a run" in window.plot_hint.text()
    assert window.estimate_button.text() == "Traced estimate"


def test_two_runs_compare_and_a_run_opened_from_a_folder_is_listed(window, qtbot, tmp_path):
    """Issue 21, item 13: "what did the change save?" — curves overlaid, items side by side."""
    import json
    import shutil

    a, b = tmp_path / "elsewhere-a", tmp_path / "elsewhere-b"
    shutil.copytree(RECORDED, a)
    shutil.copytree(RECORDED, b)
    result = json.loads((b / "result.json").read_text())
    result["spec"]["batch"]["micro_batch"] = 2
    result["measurement"]["anatomy"]["cpu"]["activations"] //= 2
    result["created"] = "2099-01-01T00:00:00+00:00"
    result["environment"]["versions"]["torch"] = "2.99.0"  # and on another torch
    result["verdict"] = "rejected"
    (b / "result.json").write_text(json.dumps(result))
    for run in (a, b):  # opened from folders outside the history: listed from now on
        replay = window.open_run(run)
        with qtbot.waitSignal(replay.finished, timeout=10000):
            pass
    listed = [window.history.topLevelItem(i).text(7) for i in range(window.history.topLevelItemCount())]
    assert str(a.resolve()) in listed and str(b.resolve()) in listed
    window.tabs.setCurrentWidget(window.history_panel)
    for i in range(window.history.topLevelItemCount()):
        window.history.topLevelItem(i).setSelected(True)
    assert window.history_panel.compare_button.isEnabled()
    window.history_panel.compare_button.click()
    box = window.compare_box
    assert box.isVisible() and "batch.micro_batch: 4 → 2" in box.changed.text()
    assert box.curves >= 2  # both runs' memory curves, overlaid
    rows = {box.table.item(r, 0).text(): box.table.item(r, 3).text() for r in range(box.table.rowCount())}
    assert rows["cpu: activations"].startswith("-41.1 MiB")
    assert "versions.torch: " in box.environment.text() and "→ 2.99.0" in box.environment.text()
    assert "Verdict: A ACCEPTED, B REJECTED" in box.figures.text() and "Tokens/s: A " in box.figures.text()
    box.close()


def test_the_live_view_has_the_loss_and_gpu_activity_and_a_legend_clear_of_the_lines(window, qtbot, tmp_path):
    """Issue 21, item 12: the loss per step beside memory; NVML utilisation and power as optional curves
    (fed here as a GPU worker's samples would carry them: this machine has no GPU); the legend never covers
    the predicted-peak line."""
    import shutil

    from PySide6.QtCore import QPointF

    from trainsizer.gui.plot import SIDE_MARGIN

    run = tmp_path / "recorded"
    shutil.copytree(RECORDED, run)
    replay = window.open_run(run)
    with qtbot.waitSignal(replay.finished, timeout=10000):
        pass
    plot = window.plot
    plot.redraw()
    xs, ys = plot.loss_curve.getData()
    steps = [
        json.loads(line)
        for line in (run / "events.jsonl").read_text().splitlines()
        if '"type":"step"' in line
    ]
    assert len(xs) == len([s for s in steps if s.get("rank") in (0, None)]) and ys[0] == pytest.approx(
        steps[0]["loss"]
    )
    assert (
        not plot.show_activity.isEnabled() and not plot.activity_widget.isVisible()
    )  # no GPU data: no curves
    # issue 31: the loss plot ends inside the window (not on its right edge), its last point inside the view
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    plot.redraw()
    loss = plot.loss_widget
    right = loss.mapTo(window, loss.rect().topRight()).x()
    assert right <= window.width() - 1 - SIDE_MARGIN, (right, window.width())
    vb = loss.getPlotItem().getViewBox()
    (x0, x1), _ = vb.viewRange()
    assert x0 < xs[0] and xs[-1] < x1, (vb.viewRange(), xs[-1])
    # the legend's band: above every reference line
    legend = plot.legend.sceneBoundingRect()
    for key, line in plot.lines.items():
        y_scene = plot.plot.vb.mapViewToScene(QPointF(0, line.value())).y()
        assert not (legend.top() <= y_scene <= legend.bottom()), (key, legend, y_scene)
    # a GPU worker's samples with NVML activity
    for i in range(5):
        plot.feed({"v": 1, "type": "sample", "t": 20.0 + i, "rank": 0, "host": {"rss": 1 << 30},
                   "devices": {"cuda:0": {"allocated": 1 << 30, "reserved": 2 << 30, "nvml_used": 3 << 30,
                                          "util": 90.0 + i, "power_w": 400.0 + i}}})  # fmt: skip
    plot.redraw()
    assert (
        plot.show_activity.isEnabled() and plot.show_activity.isVisible() and plot.activity_widget.isVisible()
    )
    assert set(plot.activity_curves) == {("cuda:0", "util"), ("cuda:0", "power_w")}
    plot.show_activity.setChecked(False)
    assert not plot.activity_widget.isVisible()


def test_the_sampler_reads_nvml_utilisation_and_power():
    from types import SimpleNamespace

    from trainsizer.worker.sampler import NvmlReader

    reader = NvmlReader([])
    reader.nv = SimpleNamespace(
        nvmlDeviceGetUtilizationRates=lambda h: SimpleNamespace(gpu=87, memory=40),
        nvmlDeviceGetPowerUsage=lambda h: 412_500,  # milliwatts
    )
    reader.handles = {0: object()}
    assert reader.activity(0) == {"util": 87.0, "power_w": 412.5}
    assert reader.activity(1) == {"util": None, "power_w": None}


def test_the_working_set_bars_read_for_people(window, qtbot):
    """Issue 21, item 9: captions beside the bars, words not keys, the host in the legend, a planned target's
    host capacity said unknown, durations and rates for people."""
    from trainsizer.gui.bars import StackedBar
    from trainsizer.ui_common.textfmt import fmt_duration, fmt_rate

    window.form.set_spec(RunSpec().replace(parallel={"strategy": "ddp", "processes": 2}))
    window.target.setCurrentIndex(window.target.findData("8xH100-80GB"))
    qtbot.waitUntil(
        lambda: window.estimate.report is not None and window.estimate.report["target"] == "8xH100-80GB",
        timeout=20000,
    )
    bars = window.estimate.bars_box.findChildren(StackedBar)
    host = next(b for b in bars if b.objectName() == "bar:host")
    assert "capacity unknown" in host.caption() and "process baseline" in host.toolTip()
    assert "process_baseline" not in host.toolTip()
    assert "process baseline" in window.estimate.legend.text()
    gpu = next(b for b in bars if b.objectName() == "bar:cuda:0")
    assert "(each of 8)" in gpu.caption()
    assert (
        fmt_duration(1730) == "28 min 50 s"
        and fmt_duration(0.2414) == "0.241 s"
        and fmt_duration(7200) == "2.0 h"
    )
    assert fmt_rate(1.0) == "1" and fmt_rate(0.8512) == "0.851" and fmt_rate(33943.2) == "33,943"


def test_a_bar_that_fits_draws_nothing_past_its_capacity(qtbot):
    """Issue 31: the items of the phases sum to more than the peak (they do not all live at once); the bar
    once drew their sum past the capacity line while the text said it fits. Drawn, it ends at the peak."""
    from PySide6.QtGui import QColor

    from trainsizer.gui.bars import COLORS, StackedBar

    gib = 1 << 30
    bar = StackedBar("cpu")
    qtbot.addWidget(bar)
    bar.resize(600, 24)
    items = {"weights": 8 * gib, "activations": 12 * gib, "other": 10 * gib}  # 30 GiB summed
    bar.set_data(items, capacity=24 * gib, peak=20 * gib)
    image = bar.grab().toImage()
    text_w = bar.fontMetrics().horizontalAdvance(bar.caption()) + 12
    w = max(40, bar.width() - 1 - text_w)
    capacity_x = int(w * 24 / 24)  # the capacity is the longest: the bar's full width
    peak_x = int(w * 20 / 24)
    colours = {QColor(c).rgb() for c in COLORS.values()}
    drawn = [x for x in range(w) if image.pixelColor(x, 12).rgb() in colours]
    assert drawn and max(drawn) <= peak_x + 1 < capacity_x, (max(drawn), peak_x, capacity_x)
    # over the capacity: red line, the bar as long as the peak
    bar.set_data(items, capacity=16 * gib, peak=20 * gib)
    image = bar.grab().toImage()
    assert image.pixelColor(int(w * 16 / 20), 12).rgb() == QColor("#c62828").rgb()


def test_the_estimate_panel_links_to_the_field_in_error(window, qtbot):
    """Issue 21, item 2: invalid -> red, names the field; clicking the name scrolls the form to it."""
    editor = window.form.editors["task.tokens"]  # the last section: far down the form
    editor.widget.setText("-5")
    window.form.validate()
    verdict = window.estimate.verdict
    assert 'href="field:task.tokens"' in verdict.text() and "c62828" in verdict.styleSheet()
    bar = window.form.scroll.verticalScrollBar()
    bar.setValue(0)
    verdict.linkActivated.emit("field:task.tokens")
    assert bar.value() > 0


def test_the_mouse_wheel_scrolls_the_form_and_never_changes_a_value_it_passes(window, qtbot):
    """Issue 31: scrolling the form over a number box or a list changed warm-up steps to -5 and switched
    combo boxes; the wheel now changes a field only after the person clicked into it."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    def wheel(widget, steps=-3):
        event = QWheelEvent(
            QPointF(5, 5), QPointF(widget.mapToGlobal(QPoint(5, 5))), QPoint(0, 0), QPoint(0, 120 * steps),
            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False,
        )  # fmt: skip
        QApplication.sendEvent(widget, event)

    spin = window.form.editors["measure.warmup_steps"].widget
    combo = window.form.editors["precision.compute"].widget
    window.setFocus()
    before = (spin.value(), combo.currentIndex())
    for _ in range(5):
        wheel(spin)
        wheel(combo, steps=2)
    assert (spin.value(), combo.currentIndex()) == before
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    wheel(spin)  # clicked into: the wheel is the person's intent
    assert spin.value() != before[0]


def test_a_target_that_is_not_a_device_description_changes_nothing_and_enter_adds_no_entry(window, qtbot):
    """Issue 31: typing "banana" into the Target switched the spec's devices from cpu to auto, and Enter
    added the typed text as a new entry every time."""
    from PySide6.QtCore import Qt

    editor = window.form.editors["parallel.devices"]
    editor.set_value("cpu")
    count = window.target.count()
    window.target.setFocus()
    window.target.lineEdit().setText("banana")
    qtbot.keyClick(window.target.lineEdit(), Qt.Key.Key_Return)
    assert editor.value() == "cpu" and window.target.count() == count
    window.target.lineEdit().setText("8xH100-80GB")
    qtbot.keyClick(window.target.lineEdit(), Qt.Key.Key_Return)
    assert editor.value() == "auto" and window.target.count() == count  # a plan does switch it, said


def test_a_run_the_estimate_says_does_not_fit_asks_first(window, qtbot, monkeypatch):
    """Issue 31: Measure and Full acceptance started a run estimated at 124 GiB on a 23 GiB machine without a
    word; now the buttons ask, and "No" starts nothing."""
    from PySide6.QtWidgets import QMessageBox

    from trainsizer.spec import RunSpec

    asked = []

    def answer(parent, title, text, buttons, default):
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "warning", answer)
    window.form.set_spec(RunSpec().replace(model={"preset": "llama-3.1-70b"}))
    qtbot.waitUntil(lambda: window.estimate.report is not None and window.estimate.report["fits"] is False,
                    timeout=30000)  # fmt: skip
    window.measure_button.click()
    assert asked and "does not fit" in asked[0] and not window.controller.running()
    assert window.controller.run_dir is None


def test_the_window_probes_this_machine_and_words_it_in_its_language(window, qtbot, tmp_path, monkeypatch):
    """Issue 33: the window's Probe action runs `trainsizer probe` as a child process, shows its stages as
    they run and every figure with its verdict; the probe is kept, so the estimate of this machine is
    calibrated by it afterwards."""
    import json as _json

    monkeypatch.chdir(tmp_path)  # the disk test's file goes here, and is removed
    box = window.probe_machine(quick=True)
    with qtbot.waitSignal(box.finished_probe, timeout=180000) as blocker:
        pass
    doc = blocker.args[0]
    assert doc.get("verdict") == "pass", doc
    rows = box.table.rowCount()
    assert rows == len([f for f in doc["figures"] if f["what"] != "device"]) and rows >= 8
    figures = {box.table.item(r, 1).text() for r in range(rows)}
    assert {"CPU GEMM fp32", "all-reduce bus bw", "write (fsync'd)"} <= figures
    assert box.table.item(0, 3).text().endswith(("pass", "below", "unknown"))
    kept = list((tmp_path / "xdg" / "trainsizer" / "probes").glob("*.json"))
    assert len(kept) == 1 and _json.loads(kept[0].read_text())["machine"] == doc["machine"]
    assert not list(tmp_path.glob(".trainsizer-probe-*"))
    box.close()


def test_no_two_series_of_the_live_plot_share_a_colour(qtbot):
    """Issue 31: the legend's colours repeated — every host series (``host``, ``host (rank 1)``) was the same
    grey, and a ninth GPU took the first one's colour. Fed as a two-rank run on ten GPUs would feed it."""
    from trainsizer.gui.plot import MemoryPlot

    plot = MemoryPlot()
    qtbot.addWidget(plot)
    for t in (0.5, 1.0):
        for rank in (0, 1):
            devices = {f"cuda:{i}": {"allocated": (i + 1) * 2**28} for i in range(5 * rank, 5 * rank + 5)}
            plot.feed({"type": "sample", "t": t, "rank": rank, "devices": devices, "host": {"rss": 2**30}})
    plot.redraw()
    pens = {}
    for sample, label in plot.legend.items:
        pens[label.text] = sample.item.opts["pen"].color().name()
    named = {k: v for k, v in pens.items() if "allocated" in k or "RSS" in k}
    assert len(named) == 12, pens  # ten GPUs' allocated memory and two hosts' RSS
    assert len(set(named.values())) == len(named), named
