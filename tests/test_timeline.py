"""The peak-preserving ring buffer and the run timeline (shared by the live plot and the report)."""

from pathlib import Path

import numpy as np
import pytest

from trainsizer.runs.ringbuffer import PeakRing
from trainsizer.runs.rundir import read_events
from trainsizer.runs.timeline import fold

RECORDED = Path(__file__).resolve().parent / "data" / "recorded_check"


def test_ring_keeps_its_footprint_and_every_spike_over_an_hour():
    ring = PeakRing(256)
    rng = np.random.default_rng(0)
    values = rng.uniform(0, 1, 20 * 3600)  # an hour at 20 Hz
    values[12345] = 50.0  # one short spike
    for i, v in enumerate(values):
        ring.append(i / 20, float(v))
    t, y = ring.view()
    assert len(t) <= 257 and ring.t.nbytes == 256 * 8
    assert y.max() == 50.0 and ring.peak == 50.0
    assert np.all(np.diff(t) > 0) and t[-1] == pytest.approx((len(values) - 1) / 20)


def test_ring_rejects_a_capacity_it_cannot_halve():
    with pytest.raises(ValueError):
        PeakRing(7)


def test_timeline_lays_successive_workers_end_to_end():
    events = read_events(RECORDED)
    workers = sum(1 for e in events if e["type"] == "hello")
    tl = fold(events)
    assert workers >= 4  # measure, quality, the resume runs
    t, y = tl.series[("host", "rss")].view()
    assert np.all(np.diff(t) >= 0), "time must not run backwards across workers"
    assert t[-1] > max(e["t"] for e in events if isinstance(e.get("t"), float))
    names = {name for _, _, name in tl.phases}
    assert {"load", "forward", "backward", "optimizer", "eval", "checkpoint"} <= names
    assert tl.failed() is None and tl.progress.step > 0


def test_timeline_reports_the_error_that_ended_a_run():
    events = [
        {
            "type": "sample",
            "t": 0.1,
            "rank": 0,
            "devices": {"cuda:0": {"allocated": 5, "reserved": 8, "nvml_used": None}},
            "host": {"rss": 10, "system_total": 100},
        },
        {"type": "error", "t": None, "rank": None, "kind": "crash", "message": "worker killed by SIGKILL"},
        {"type": "result", "t": None, "rank": None, "status": "crash"},
    ]
    tl = fold(events)
    assert tl.failed()["message"] == "worker killed by SIGKILL"
    assert ("cuda:0", "allocated") in tl.series and ("cuda:0", "nvml_used") not in tl.series
    assert tl.host_total == 100


def _sample(t, rss):
    return {"type": "sample", "t": t, "rank": 0, "devices": {}, "host": {"rss": rss}}


def test_each_announced_run_is_a_segment_of_its_own_even_when_its_clock_does_not_go_back():
    """Issue 29, item 4: the runs of a check are told apart by the parent's ``run`` events — also when a
    process starts later on its own clock than the previous one ended (a slow start), where the old rule
    (time going back) would have joined the two into one curve."""
    from trainsizer.runs.protocol import run_event

    events = [run_event("uninterrupted"), _sample(0.1, 10), _sample(1.0, 20)]
    events += [run_event("stopped", k=2), _sample(1.5, 30), _sample(2.0, 40)]  # 1.5 > 1.0: no "time back"
    events += [run_event("resumed", k=2), _sample(0.2, 50)]
    tl = fold(events)
    t, y = tl.series[("host", "rss")].view()
    assert [(a, b, r) for a, b, r in tl.segments(t)] == [(0, 2, 0), (2, 4, 1), (4, 5, 2)]
    assert [name for _, _, name, _ in tl.run_spans()] == ["uninterrupted", "stopped", "resumed"]
    assert tl.runs[1][0] == pytest.approx(t[1], abs=1e-5) == t[2] and t[1] < t[2]  # B starts where A ended
    assert np.all(np.diff(t) >= 0)


def test_an_older_file_without_run_events_is_one_unlabelled_segment():
    tl = fold([_sample(0.1, 1), _sample(0.2, 2)])
    t, _ = tl.series[("host", "rss")].view()
    assert tl.segments(t) == [(0, 2, -1)] and tl.run_spans() == []


def test_the_eta_of_a_check_counts_the_processes_still_to_start(monkeypatch):
    """Issue 31: the ETA said "0 s" at the end of a check's first process with about a minute to go: it
    counted the current process's steps only. With the planned processes (planned_runs) it counts theirs,
    and a start-up each as long as the ones seen."""
    from trainsizer.runs import progress as pg
    from trainsizer.runs.engines import FULL
    from trainsizer.runs.protocol import run_event
    from trainsizer.spec import RunSpec

    spec = RunSpec().replace(
        measure={"steps": 4, "warmup_steps": 1},
        quality={"train_steps": 10},
        checkpoint={"resume_steps": 8, "resume_at": 3},
    )
    planned = pg.planned_runs(spec, FULL)
    # measure 1+4, quality 10, uninterrupted 8, stopped at 3, resumed 3→5 and 5→8 (on the CPU: no noise run)
    assert planned == [5, 10, 8, 3, 2, 3]
    assert pg.planned_runs(spec, FULL[:1]) == [5]
    assert pg.planned_runs(spec.replace(engine={"name": "command", "command": ["true"]}), FULL) is None
    clock = [100.0]
    monkeypatch.setattr(pg.time, "monotonic", lambda: clock[0])
    p = pg.Progress(planned=planned)
    p.update(run_event("measure"))
    clock[0] += 4.0  # the worker's start-up
    for i in range(5):
        p.update({"type": "step", "rank": 0, "index": i, "total": 5, "seconds": 0.5})
    # the first process is over: the steps and start-ups of the five still to start remain
    assert p.eta == pytest.approx((10 + 8 + 3 + 2 + 3) * 0.5 + 5 * 4.0)
    unplanned = pg.Progress()
    for i in range(5):
        unplanned.update({"type": "step", "rank": 0, "index": i, "total": 5, "seconds": 0.5})
    assert unplanned.eta == 0.0  # what it said before: only the current process
