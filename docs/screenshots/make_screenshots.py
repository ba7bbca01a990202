"""Screenshots of the window in a real X server: `xvfb-run -a -s "-screen 0 1600x1000x24"
python docs/screenshots/make_screenshots.py [RUN_DIR]` writes, beside this file:

- first-start-en.png: the window as a new user first sees it;
- plan-8xh100-en.png: the Plan tab for Llama 3.1 8B (LoRA) on the planned target 8xH100-80GB;
- live-run-en.png: a real measurement of the tiny preset in progress (memory and loss live);
- main-en.png / main-ru.png: the results of a recorded run, in English and in Russian;
- history-compare-en.png: two real measurements compared, micro-batch 4 against 2 (memory overlaid, the
  items side by side).

RUN_DIR defaults to the recorded `trainsizer check` of the tiny preset in tests/data (a real run on a 2-core
CPU)."""

import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUN = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[1] / "tests" / "data" / "recorded_check"
WORK = Path(tempfile.mkdtemp(prefix="trainsizer-shots-"))


def _wait(condition, timeout_ms: int = 60000) -> None:
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    deadline = QTimer(singleShot=True, interval=timeout_ms)
    deadline.timeout.connect(loop.quit)
    poll = QTimer(interval=100)
    poll.timeout.connect(lambda: loop.quit() if condition() else None)
    deadline.start()
    poll.start()
    loop.exec()
    poll.stop()


def _settle(ms: int = 500) -> None:
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def _window(lang: str):
    from trainsizer.gui import i18n
    from trainsizer.gui.window import MainWindow

    i18n.install(lang)
    win = MainWindow(lang, history=WORK / "history")
    win.resize(1560, 960)
    win.show()
    return win


def _grab(widget, name: str) -> Path:
    out = HERE / name
    widget.screen().grabWindow(widget.winId()).save(str(out))
    return out


def _close(win) -> None:
    from PySide6.QtWidgets import QApplication

    if win.controller.running():
        win.controller.cancel()
        win.controller.wait(60)
    win.estimate.shutdown()
    win.plan_panel.shutdown()
    win.close()
    QApplication.processEvents()


def first_start() -> Path:
    win = _window("en")
    _wait(lambda: win.estimate.report is not None)
    _settle()
    out = _grab(win, "first-start-en.png")
    _close(win)
    return out


def plan() -> Path:
    from trainsizer.spec import RunSpec

    win = _window("en")
    spec = RunSpec().replace(
        model={"preset": "llama-3.1-8b"},
        method={"kind": "lora"},
        precision={"compute": "bf16-mixed"},
        parallel={"strategy": "fsdp", "processes": 2},
        batch={"micro_batch": 2, "seq_len": 4096},
        task={"tokens": 2e9, "deadline_hours": 48},
    )
    win.form.set_spec(spec)
    win.target.setCurrentIndex(win.target.findData("8xH100-80GB"))
    _wait(lambda: win.estimate.report is not None and win.estimate.report.get("target") == "8xH100-80GB")
    win.tabs.setCurrentWidget(win.plan_panel)
    win.plan_panel.plan_now()
    _wait(lambda: win.plan_panel.table.rowCount() > 0)
    _settle()
    out = _grab(win, "plan-8xh100-en.png")
    _close(win)
    return out


def live_run() -> Path:
    from trainsizer.spec import RunSpec

    win = _window("en")
    win.form.set_spec(RunSpec().replace(measure={"warmup_steps": 1, "steps": 40, "sample_hz": 20.0}))
    _wait(lambda: win.estimate.report is not None)
    win.start_run("measure", WORK / "live")
    _wait(lambda: win.plot.timeline.steps >= 6, timeout_ms=300000)
    _settle(800)
    out = _grab(win, "live-run-en.png")
    _close(win)
    return out


def results(lang: str) -> Path:
    win = _window(lang)
    replay = win.open_run(RUN)
    _wait(lambda: win.results.result is not None)
    _wait(lambda: win.estimate.report is not None)
    win.tabs.setCurrentWidget(win.results_scroll)
    _settle()
    out = _grab(win, f"main-{lang}.png")
    del replay
    _close(win)
    return out


def compare() -> Path:
    """Two real measurements of the tiny preset, micro-batch 4 against 2: what halving it saves."""
    import subprocess

    from trainsizer.spec import RunSpec

    runs = []
    for mb in (4, 2):
        spec = WORK / f"mb{mb}.toml"
        RunSpec().replace(batch={"micro_batch": mb}, measure={"warmup_steps": 1, "steps": 4}).save(spec)
        out = WORK / f"micro-batch-{mb}"
        cmd = [sys.executable, "-m", "trainsizer", "measure", str(spec), "--out", str(out), "--json"]
        subprocess.run(cmd, check=True, capture_output=True)
        runs.append(out)
    win = _window("en")
    win.compare_runs(str(runs[0]), str(runs[1]))
    box = win.compare_box
    box.resize(1100, 760)
    _settle(800)
    out = _grab(box, "history-compare-en.png")
    box.close()
    _close(win)
    return out


if __name__ == "__main__":
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("XDG_CONFIG_HOME", str(WORK / "config"))
    os.environ.setdefault("XDG_DATA_HOME", str(WORK / "data"))
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    for make in (first_start, plan, lambda: results("en"), lambda: results("ru"), compare, live_run):
        print(make())
    shutil.rmtree(WORK, ignore_errors=True)
