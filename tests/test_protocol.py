"""The event parser is pure and total: garbage, truncated and interleaved lines become log events."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from trainsizer.runs.launcher import worker_command
from trainsizer.runs.protocol import parse_line
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
