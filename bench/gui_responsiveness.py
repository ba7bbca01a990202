"""While a worker streams samples at 50 Hz, how long does the Qt event loop stall?

A real measured run of the tiny preset (the orchestrating CLI and its worker, sample_hz = 50) drives the real
main window; a 5 ms QTimer records the gap between its ticks, and every gap beyond the interval is a stall of
the event loop
(events, plot redraws, progress updates all run on it). Target: longest stall under 50 ms, p99 under 20 ms.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python bench/gui_responsiveness.py [--steps 40]
(or under xvfb-run for a real window).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

TICK_MS = 5


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--hz", type=float, default=50.0)
    ap.add_argument(
        "--activity",
        action="store_true",
        help="also draw GPU utilisation and power curves: each sample the window gets carries NVML-like util "
        "and power_w values for a cuda:0 (this machine has no GPU; the values only load the drawing)",
    )
    args = ap.parse_args()
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from trainsizer.gui.window import MainWindow
    from trainsizer.spec import RunSpec

    app = QApplication(sys.argv[:1])  # noqa: F841 (kept alive for the run)
    tmp = Path(tempfile.mkdtemp(prefix="trainsizer-bench-"))
    opened = time.perf_counter()
    win = MainWindow(history=tmp / "history")
    win.show()
    win.form.set_spec(
        RunSpec().replace(measure={"warmup_steps": 1, "steps": args.steps, "sample_hz": args.hz})
    )
    gaps: list[float] = []
    last = [time.perf_counter()]
    samples = [0]

    long_ones: list[tuple[float, float]] = []

    def tick():
        now = time.perf_counter()
        gaps.append((now - last[0]) * 1000.0)
        if gaps[-1] - TICK_MS > 50:
            long_ones.append((last[0] - started, gaps[-1] - TICK_MS))
        last[0] = now

    sample_times: list[float] = []

    def count(event):
        if event.get("type") == "sample":
            samples[0] += 1
            sample_times.append(time.perf_counter())

    # As a person would: the window opens, the live estimate appears (a preset: by arithmetic, no torch
    # import), then Measure.
    ready = QEventLoop()
    first_estimate = [None]

    def seen():
        if win.estimate.report is not None and first_estimate[0] is None:
            first_estimate[0] = time.perf_counter() - opened
            ready.quit()

    poll = QTimer(interval=5)
    poll.timeout.connect(seen)
    poll.start()
    QTimer.singleShot(120000, ready.quit)
    ready.exec()
    poll.stop()
    win.controller.event.connect(count)
    if args.activity:
        feed = win.plot.feed

        def with_activity(event):
            if event.get("type") == "sample":
                event = dict(event)
                event["devices"] = {**event.get("devices", {}), "cuda:0": {"util": 90.0, "power_w": 400.0}}
            feed(event)

        win.plot.feed = with_activity  # the window's on_event feeds the plot through this
    timer = QTimer(interval=TICK_MS)
    timer.timeout.connect(tick)
    loop = QEventLoop()
    win.controller.finished.connect(lambda _r: loop.quit())
    win.controller.failed.connect(lambda _m: loop.quit())
    started = time.perf_counter()
    last[0] = started
    win.start_run("measure", tmp / "run")
    timer.start()
    loop.exec()
    timer.stop()
    wall = time.perf_counter() - started
    win.estimate.shutdown()
    stalls = sorted(max(0.0, g - TICK_MS) for g in gaps)
    p = lambda q: stalls[min(len(stalls) - 1, int(q * len(stalls)))]  # noqa: E731
    rate = (len(sample_times) - 1) / (sample_times[-1] - sample_times[0]) if len(sample_times) > 1 else 0.0
    print(f"{'metric':<34s} {'value':>10s}")
    print("-" * 45)
    for name, value in (
        ("first estimate after opening, s", f"{first_estimate[0] or float('nan'):.2f}"),
        ("run wall time, s", f"{wall:.1f}"),
        ("sample events received", samples[0]),
        ("sample rate while streaming, Hz", f"{rate:.1f}"),
        ("plot redraws", win.plot.redraws),
        ("loss points drawn", len(win.plot.timeline.losses)),
        ("activity curves drawn", len(win.plot.activity_curves)),
        ("timer ticks", len(gaps)),
        ("stall p50, ms", f"{p(0.50):.2f}"),
        ("stall p99, ms", f"{p(0.99):.2f}"),
        ("stall max, ms", f"{stalls[-1]:.2f}"),
    ):
        print(f"{name:<34s} {value!s:>10s}")
    if long_ones:
        print(
            "stalls over 50 ms (seconds into the run: ms): "
            + ", ".join(f"{t:.1f}: {d:.0f}" for t, d in long_ones)
        )
    ok = stalls[-1] < 50 and p(0.99) < 20 and (first_estimate[0] or 99) < 1
    print(
        f"first estimate {first_estimate[0] or float('nan'):.2f} s after opening (target < 1), "
        f"longest stall {stalls[-1]:.1f} ms (target < 50), p99 {p(0.99):.1f} ms (target < 20): "
        f"{'met' if ok else 'NOT met'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
