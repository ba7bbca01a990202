"""The event parser is pure and total: garbage, truncated and interleaved lines become log events."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from trainsizer.runs.launcher import worker_command
from trainsizer.runs.protocol import LineReader, parse_line
from trainsizer.worker.events import Emitter


def test_events_round_trip_through_the_parser(tmp_path):
    import io

    buf = io.StringIO()
    em = Emitter(buf, rank=3)
    em.emit("step", index=1, loss=2.5)
    em.phase("forward", 1, "begin")
    lines = buf.getvalue().splitlines()
    events = [parse_line(x) for x in lines]
    assert [e["type"] for e in events] == ["step", "phase"]
    assert events[0]["rank"] == 3 and events[0]["v"] == 1 and events[0]["loss"] == 2.5
    assert events[1]["t"] >= events[0]["t"] >= 0


def _rank_lines(rank: int, messages: list[str], monkeypatch) -> list[str]:
    import io

    monkeypatch.setenv("WORLD_SIZE", "2")
    buf = io.StringIO()
    em = Emitter(buf, rank=rank)
    for m in messages:
        em.emit("log", level="info", message=m)
    return buf.getvalue().splitlines()


def test_a_rank_of_several_writes_a_long_event_in_parts_that_the_reader_joins(monkeypatch):
    """Two ranks share one stdout (torchrun's pipe, srun's job step). srun forwards a task's output in
    messages of at most 1024 bytes, so a longer line arrives in pieces that the other rank's lines cut (the
    ranks' results, written together after their all-reduce, were lost so: "worker exited with code 0
    without a result", issue 28). A rank of several writes a long event as parts under that size; the reader
    joins each rank's parts whatever lies between them (tests/test_slurm.py: the same through srun)."""
    import random

    long = [f"r0-{i} " * 900 for i in range(5)] + ["short"]
    other = ["short1", ("r1 " + "é" * 3000), "short2"]  # a multi-byte character may fall across two parts
    a, b = _rank_lines(0, long, monkeypatch), _rank_lines(1, other, monkeypatch)
    assert max(len(x.encode()) + 1 for x in a + b) <= 1024 and len(a) > len(long)
    rnd = random.Random(7)
    for _ in range(20):  # any interleaving that keeps each rank's own order
        merged, ia, ib = [], iter(a), iter(b)
        pending = [ia, ib]
        while pending:
            it = rnd.choice(pending)
            line = next(it, None)
            if line is None:
                pending.remove(it)
            else:
                merged.append(line)
        events = list(LineReader().events(merged))
        got = {r: [e["message"] for e in events if e["rank"] == r] for r in (0, 1)}
        assert got == {0: long, 1: other} and all(e["type"] == "log" for e in events)
    # one rank alone keeps its long lines whole (nothing shares its stdout)
    monkeypatch.delenv("WORLD_SIZE")
    import io

    buf = io.StringIO()
    Emitter(buf, rank=0).emit("log", level="info", message=long[0])
    assert len(buf.getvalue().splitlines()) == 1 and parse_line(buf.getvalue())["message"] == long[0]


def test_parts_that_do_not_join_are_said_not_guessed(monkeypatch):
    a = _rank_lines(0, ["x" * 3000, "y" * 3000], monkeypatch)
    n = json.loads(a[0])["n"]
    first, second = a[:n], a[n:]
    assert n >= 5 and json.loads(second[0])["i"] == 0
    # a part lost: the next part is out of order, and the event is a log that says so, not a guess
    events = list(LineReader().events(first[:2] + first[3:] + second))
    assert [e["message"] for e in events if e.get("level") == "info"] == ["y" * 3000]
    assert any("came as part 3 after 2" in e["message"] for e in events)
    # a rank that ended in the middle of an event: said at the end of the stream
    events = list(LineReader().events(first[:3]))
    assert len(events) == 1 and "ended after 3 parts" in events[0]["message"]
    # a part that is not one (bad base64, a bad index) is a log event too
    bad = json.loads(first[0]) | {"data": "@@@"}
    assert "left out" in LineReader().feed(json.dumps(bad))["message"]
    bad = json.loads(first[0]) | {"i": 9}
    assert "left out" in LineReader().feed(json.dumps(bad))["message"]


def test_non_protocol_lines_become_log_events():
    for line in [
        "Traceback (most recent call last):",
        '{"v": 1, "type": "step"',
        "[1, 2]",
        '{"type": "step"}',
        '{"v": 2, "type": "step", "t": 1, "rank": 0}',
        '{"v": 1, "type": "nonsense", "t": 0, "rank": 0}',
        b"\xff\xfe binary",
    ]:
        ev = parse_line(line)
        assert ev["type"] == "log" and ev["rank"] is None
    assert parse_line("   \n") is None


def test_interleaved_and_truncated_lines():
    a = json.dumps({"v": 1, "type": "sample", "t": 1.0, "rank": 0, "host": {"rss": 1}})
    b = json.dumps({"v": 1, "type": "step", "t": 1.1, "rank": 1, "index": 0})
    assert parse_line(a[:20] + b)["type"] == "log"  # two ranks' halves glued together
    assert parse_line(a[: len(a) // 2])["type"] == "log"
    ok = parse_line(b + "\r\n")
    assert ok["type"] == "step" and ok["rank"] == 1


def test_bad_field_types_are_neutralised():
    ev = parse_line('{"v": 1, "type": "step", "t": "soon", "rank": true}')
    assert ev["type"] == "step" and ev["t"] is None and ev["rank"] is None


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        st.text(max_size=300),
        st.binary(max_size=300),
        st.dictionaries(
            st.text(max_size=5), st.one_of(st.integers(), st.text(max_size=5), st.none()), max_size=5
        ).map(json.dumps),
    )
)
def test_parser_never_raises(line):
    ev = parse_line(line)
    assert ev is None or (
        isinstance(ev, dict)
        and ev["type"]
        in {"log", "hello", "phase", "sample", "step", "accounting", "eval", "checkpoint", "error", "result"}
    )


def test_worker_command_is_data():
    single = worker_command("s.toml", "out", "measure", 1, python="py")
    assert single == [
        "py",
        "-m",
        "trainsizer.worker",
        "--spec",
        "s.toml",
        "--out",
        "out",
        "--role",
        "measure",
    ]
    multi = worker_command("s.toml", "out", "measure", 2, python="py")
    assert multi[:5] == ["py", "-m", "torch.distributed.run", "--standalone", "--nproc_per_node=2"]
    assert multi[5:] == single[1:]


def test_in_a_bundle_the_executable_is_the_worker_and_torchrun():
    single = worker_command("s.toml", "out", "quality", 1, python="/opt/ts/trainsizer", frozen=True)
    assert single == [
        "/opt/ts/trainsizer",
        "_worker",
        "--spec",
        "s.toml",
        "--out",
        "out",
        "--role",
        "quality",
    ]
    multi = worker_command("s.toml", "out", "quality", 2, python="/opt/ts/trainsizer", frozen=True)
    assert multi[:5] == [
        "/opt/ts/trainsizer",
        "_torchrun",
        "--standalone",
        "--nproc_per_node=2",
        "--no-python",
    ]
    assert multi[5:] == single


def test_the_bundle_entry_dispatches_the_hidden_verbs(capsys):
    import runpy
    from pathlib import Path

    import pytest

    main = runpy.run_path(str(Path(__file__).resolve().parent.parent / "packaging" / "entry.py"))["main"]

    with pytest.raises(SystemExit) as e:
        main(["_worker", "--help"])
    assert e.value.code == 0 and "trainsizer.worker" in capsys.readouterr().out
    assert main(["presets", "--json"]) == 0 and '"tiny-llama"' in capsys.readouterr().out


def test_a_long_stream_is_kept_on_disk_not_in_memory(tmp_path):
    from trainsizer.runs.launcher import RECENT, WorkerProcess
    from trainsizer.runs.rundir import RunDir, read_events

    rd = RunDir(tmp_path / "run")
    wp = WorkerProcess(rd, ["true"])
    for i in range(5000):  # over four minutes of 20 Hz samples
        wp._deliver({"v": 1, "type": "sample", "t": i / 20, "rank": 0, "host": {"rss": i}})
    wp._deliver({"v": 1, "type": "result", "t": 250.0, "rank": 0, "status": "ok"})
    rd.close()
    assert [e["type"] for e in wp.events] == ["result"] and len(wp.recent) == RECENT
    assert wp.recent[-1]["host"]["rss"] == 4999
    assert len(read_events(rd.path)) == 5001
