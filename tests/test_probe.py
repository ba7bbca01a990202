"""The readiness probe (issue 33): the CPU path for real on this machine (GEMM, two gloo processes, the
disk), the judging of figures against the parts' data sheets (shown to fail on degraded parts), the probe
calibrating the estimate, and bad conditions as results. The GPU path: tests/test_gpu.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trainsizer.runs.probe import judge, summarize

pytestmark = pytest.mark.slow


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "data" / "trainsizer"


def test_the_probe_of_this_machine_judges_every_host_figure_and_is_kept(
    cli_main, english_words, tmp_path, data_home
):
    code, out, err = cli_main("probe", "--quick", "--dir", tmp_path)
    assert code == 0, out + err
    for stage in ("host", "collectives", "disk"):
        assert f"probe: {stage}" in err  # a progress line per stage
    kept = list((data_home / "probes").glob("*.json"))
    assert len(kept) == 1
    doc = json.loads(kept[0].read_text())
    figs = {(f["scope"].split(":")[0], f["what"]): f for f in doc["figures"]}
    for key in (
        ("host", "ram_total"),
        ("host", "cpu_gemm_float32"),
        ("host", "ram_copy_bandwidth"),
        ("between_processes", "all_reduce"),
        ("between_processes", "all_gather"),
        ("between_processes", "reduce_scatter"),
        ("disk", "disk_write"),
        ("disk", "disk_read"),
    ):
        f = figs[key]
        assert isinstance(f["value"], float | int) and f["value"] > 0, f
        assert f["verdict"] in ("pass", "below", "unknown") and f["code"], f
    assert figs[("between_processes", "all_reduce")]["unit"] == "GB/s"
    assert not list(tmp_path.glob(".trainsizer-probe-*"))  # the disk test's file is removed
    assert "GEMM" in out and "verdict:" in out and str(kept[0]) in out
    # kept in history, beside the runs: listed, and printed again as the probe printed it
    code, listed, err = cli_main("history", "probes")
    assert code == 0 and kept[0].name in listed and "quick" in listed and doc["verdict"] in listed, listed
    code, again, err = cli_main("history", "probes", kept[0].name)
    assert code == 0 and again.splitlines()[0] == out.splitlines()[0] and "verdict:" in again, again + err
    code, ru, err = cli_main("history", "probes", kept[0].name, "--lang", "ru")  # in Russian: no English
    assert code == 0 and "вердикт:" in ru and english_words(ru, str(tmp_path), doc["machine"]) == [], ru
    code, rows, _ = cli_main("history", "probes", "--json")
    assert json.loads(rows)[0]["file"] == kept[0].name
    code, _, err = cli_main("history", "probes", str(tmp_path / "nothing.json"))
    assert code != 0 and "nothing.json" in err, err


def test_a_kept_probe_calibrates_the_estimate_of_this_machine(cli_main, tmp_path, data_home):
    from trainsizer.spec import RunSpec

    spec = tmp_path / "run.toml"
    RunSpec().save(spec)
    code, out, err = cli_main("estimate", spec, "--json")
    assert "calibrated by probe" not in json.loads(out)["time"]["basis"]
    code, out, err = cli_main("probe", "--quick", "--dir", tmp_path)
    assert code == 0, err
    code, out, err = cli_main("estimate", spec, "--json")
    time = json.loads(out)["time"]
    assert time["basis"].startswith("CPU GEMM (float32) calibrated by probe of ") and time["seconds"] > 0


def _gpu_figures(**over):
    """What worker/probe.py writes for one H100 SXM, with ``over`` replacing some figures' values/details."""
    figs = [
        {
            "scope": "gpu:3",
            "what": "device",
            "value": None,
            "unit": "",
            "detail": {"name": "NVIDIA H100 80GB HBM3", "memory": 85520809984},
        },
        {
            "scope": "gpu:3",
            "what": "pcie_link_max",
            "value": 5,
            "unit": "generation",
            "detail": {"width_max": 16},
        },
        {
            "scope": "gpu:3",
            "what": "gemm_bf16",
            "value": 720.0,
            "unit": "TFLOP/s",
            "detail": {"throttle_reasons": 0},
        },
        {"scope": "gpu:3", "what": "memory_bandwidth", "value": 2900.0, "unit": "GB/s", "detail": {}},
        {
            "scope": "gpu:3",
            "what": "h2d_pinned",
            "value": 52.0,
            "unit": "GB/s",
            "detail": {"pcie_generation_max_seen": 5, "pcie_width_max_seen": 16},
        },
        {"scope": "gpu:3", "what": "ecc_uncorrected_volatile", "value": 0, "unit": "errors", "detail": {}},
        {
            "scope": "gpu:3",
            "what": "power_limit",
            "value": 700.0,
            "unit": "W",
            "detail": {"default_w": 700.0},
        },
        {
            "scope": "gpu:3",
            "what": "other_processes",
            "value": 0,
            "unit": "processes",
            "detail": {"processes": []},
        },
    ]
    for f in figs:
        if f["what"] in over:
            f.update(over[f["what"]])
    return figs


def _judged(figs):
    from trainsizer.runs.probe import _parts

    parts = _parts(figs)
    return {f["what"]: judge(dict(f), parts) for f in figs}


def test_a_healthy_part_passes_and_each_degraded_one_is_named():
    ok = _judged(_gpu_figures())
    assert {w: f["verdict"] for w, f in ok.items() if w not in ("device", "pcie_link_max")} == {
        "gemm_bf16": "pass",
        "memory_bandwidth": "pass",
        "h2d_pinned": "pass",
        "ecc_uncorrected_volatile": "pass",
        "power_limit": "pass",
        "other_processes": "pass",
    }
    assert ok["gemm_bf16"]["params"]["peak"] == 989.4
    broken = _judged(
        _gpu_figures(
            gemm_bf16={"value": 400.0},
            memory_bandwidth={"value": 1500.0},
            h2d_pinned={"value": 12.0, "detail": {"pcie_generation_max_seen": 4, "pcie_width_max_seen": 8}},
            ecc_uncorrected_volatile={"value": 3},
            power_limit={"value": 450.0},
            other_processes={
                "value": 1,
                "detail": {"processes": [{"pid": 77, "name": "python", "memory": 2**31}]},
            },
        )
    )
    below = {s["what"]: s for s in summarize(list(broken.values()))}
    assert set(below) == {
        "gemm_bf16",
        "memory_bandwidth",
        "h2d_pinned",
        "ecc_uncorrected_volatile",
        "power_limit",
        "other_processes",
    }
    from trainsizer.cli.probe_cmds import figure_words

    assert figure_words(broken["h2d_pinned"]) == "PCIe Gen4 x8, expected Gen5 x16"
    assert figure_words(broken["other_processes"]) == "in use by another process: python (pid 77, 2.0 GiB)"
    assert figure_words(broken["gemm_bf16"]).startswith("40% of the data sheet's 989.4: below")
    throttled = _judged(_gpu_figures(gemm_bf16={"detail": {"throttle_reasons": 0x40}}))["gemm_bf16"]
    assert throttled["verdict"] == "below" and throttled["params"]["reasons"] == "hardware thermal slowdown"


def test_the_russian_report_words_the_probe_from_the_same_codes(tmp_path):
    from trainsizer.ui_common.messages import render

    broken = _judged(
        _gpu_figures(h2d_pinned={"detail": {"pcie_generation_max_seen": 4, "pcie_width_max_seen": 8}})
    )
    f = broken["h2d_pinned"]
    assert render(f["code"], f["params"], "ru") == "PCIe Gen4 x8, ожидалось Gen5 x16"


def test_too_little_disk_and_collectives_that_cannot_start_are_results(tmp_path, monkeypatch):
    import shutil

    from trainsizer.runs.probe import _collectives, disk_figures

    free = shutil.disk_usage(tmp_path).free
    figs = disk_figures(tmp_path, free, None, None)  # twice the free space would be needed
    write = next(f for f in figs if f["what"] == "disk_write")
    assert write["value"] is None and "too little free space" in write["detail"]["error"]
    monkeypatch.setenv("TRAINSIZER_PROBE_BACKEND", "nccl")  # no NCCL on a CPU machine
    figs = _collectives(True, 0, None)
    assert figs[-1]["what"] == "collectives" and "could not run" in figs[-1]["detail"]["error"], figs
    judged = judge(figs[-1], {"gpu_count": 0})
    assert judged["verdict"] == "unknown" and judged["code"] == "probe_not_measured"


def test_a_probe_of_a_gpu_calibrates_the_plan_for_its_class(cli_main, tmp_path, data_home):
    """The probe the H200 of the device machine wrote on 2026-12-04 (tests/data: the GPU this machine lacks),
    kept as this machine's: the plan's H200 class is calibrated by it — its GEMM share of the data sheet
    scales the assumed utilisation — and says so; the H100 class, not probed, keeps the assumption."""
    import socket

    from trainsizer.spec import RunSpec

    doc = json.loads((Path(__file__).parent / "data" / "probe-h200-2026-12-04.json").read_text())
    doc["machine"] = socket.gethostname()
    (data_home / "probes").mkdir(parents=True)
    (data_home / "probes" / "h200.json").write_text(json.dumps(doc))
    spec = tmp_path / "run.toml"
    RunSpec().replace(
        model={"preset": "llama-3.1-70b"}, precision={"compute": "bf16-mixed"}, parallel={"devices": "auto"},
        task={"tokens": 2e9},
    ).save(spec)  # fmt: skip
    code, out, err = cli_main("plan", spec, "--gpus", "H200-141GB,H100-80GB")
    assert "calibrated by probe for H200-141GB" in out, out
    code, out, err = cli_main("plan", spec, "--gpus", "H200-141GB,H100-80GB", "--json")
    options = json.loads(out)["options"]
    h200 = next(o for o in options if o["gpu"] == "H200-141GB")
    h100 = next(o for o in options if o["gpu"] == "H100-80GB")
    share = next(f["value"] for f in doc["figures"] if f["what"] == "gemm_bf16") / 989.4
    from trainsizer.estimate.timing import FITTED_UTILIZATION, size_factor

    # the H100/H200 row of the fitted table at 70B's layer size
    fitted = FITTED_UTILIZATION["h100", "bf16"][0] * size_factor(8192)
    assert h200["utilization_basis"]["kind"] == "probe" and h200["utilization"] == pytest.approx(
        fitted * share / 0.75
    )
    assert h100["utilization_basis"]["kind"] == "fitted" and h100["utilization"] == pytest.approx(fitted)


def test_the_probes_command_lines_are_data_in_python_and_in_a_bundle():
    from trainsizer.runs.probe import probe_command

    assert probe_command("local", ["--quick"], python="py", frozen=False) == [
        "py", "-m", "trainsizer.worker.probe", "local", "--quick",
    ]  # fmt: skip
    assert probe_command("collectives", [], world=2, port=5, python="py", frozen=False) == [
        "py", "-m", "torch.distributed.run", "--standalone", "--nproc-per-node=2", "--master-port=5",
        "-m", "trainsizer.worker.probe", "collectives",
    ]  # fmt: skip
    assert probe_command("local", ["--no-gpus"], python="/opt/ts/trainsizer", frozen=True) == [
        "/opt/ts/trainsizer", "_probe", "local", "--no-gpus",
    ]  # fmt: skip
    assert probe_command("collectives", ["--quick"], world=2, port=5, python="/b", frozen=True) == [
        "/b", "_torchrun", "--standalone", "--nproc-per-node=2", "--master-port=5", "--no-python",
        "/b", "_probe", "collectives", "--quick",
    ]  # fmt: skip


def test_a_bundle_probes_with_its_own_executable(tmp_path):
    """The bundle's path for real: sys.frozen set and sys.executable an executable that is the bundle's entry
    (packaging/entry.py), so every child of the probe — the host measurements and torchrun's two gloo ranks —
    is started as ``<bundle> _probe …`` / ``<bundle> _torchrun --no-python <bundle> _probe …``."""
    import subprocess
    import sys

    entry = Path(__file__).resolve().parent.parent / "packaging" / "entry.py"
    exe = tmp_path / "trainsizer"
    calls = tmp_path / "calls.txt"
    exe.write_text(f'#!/bin/sh\necho "$1" >> {calls}\nexec {sys.executable} {entry} "$@"\n')
    exe.chmod(0o755)
    code = (
        "import json, sys; sys.frozen = True; sys.executable = sys.argv[1]\n"
        "from trainsizer.runs.probe import run_probe\n"
        "doc = run_probe(quick=True, directory=sys.argv[2], gpus=False)\n"
        "print(json.dumps(doc['figures']))\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", code, str(exe), str(tmp_path)], capture_output=True, text=True, timeout=300
    )
    assert p.returncode == 0, p.stderr[-2000:]
    figures = {(f["scope"], f["what"]): f for f in json.loads(p.stdout.splitlines()[-1])}
    assert not [f for f in figures.values() if (f.get("detail") or {}).get("error")], figures
    assert figures[("host", "cpu_gemm_float32")]["value"] > 0
    assert figures[("between_processes", "all_reduce")]["detail"]["ranks"] == 2
    said = calls.read_text().split()
    # the host child, torchrun, and the two ranks torchrun started from the bundle
    assert said.count("_probe") == 3 and said.count("_torchrun") == 1, said


@pytest.mark.parametrize(
    "flags, said",
    [
        (["--nodes", "2"], "--nodes: applies with --slurm only"),
        (["--slurm", "--nodes", "65"], "--nodes: 65 is not between 1 and 64"),
        (["--slurm", "--time", "soon"], "--time: 'soon' is not like 30:00"),
        (["--slurm", "--partition", "a;b"], "--partition: 'a;b' is not a Slurm name"),
    ],
)
def test_the_slurm_probes_flags_are_checked_by_name_before_anything_is_submitted(cli_main, flags, said):
    code, out, err = cli_main("probe", *flags)
    assert code == 2 and said in err, err


def test_a_slurm_probe_without_slurm_says_where_to_run_it(cli_main, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no sbatch here
    code, out, err = cli_main("probe", "--slurm", "--dir", tmp_path)
    assert code == 2 and "--slurm: sbatch is not on PATH: run this on a login node" in err, err
    assert not list(tmp_path.iterdir())  # nothing left behind


def test_the_probes_batch_script_quotes_every_value(tmp_path):
    from trainsizer.runs.probe_slurm import Request, batch_script

    text = batch_script(
        Request(nodes=2, partition="gpu", gpus_per_node=8, quick=True, planned_checkpoint=5 << 30),
        "/shared/my jobs/x",
        "/opt/py thon",
        "/shared/ckpt dir",
    )
    assert "#SBATCH --nodes=2" in text and "#SBATCH --ntasks-per-node=8" in text
    assert "#SBATCH --gpus-per-node=8" in text and "#SBATCH --partition=gpu" in text
    assert "cd '/shared/my jobs/x'" in text
    assert (
        "exec '/opt/py thon' -m trainsizer probe --in-slurm-job --dir '/shared/ckpt dir' --no-keep --quick "
        f"--checkpoint-bytes {5 << 30} >>stdout.log 2>>stderr.log"
    ) in text


@pytest.mark.parametrize(
    "flags, said",
    [
        (["--hosts", "a"], "--hosts: 'a' names fewer than two different servers"),
        (["--hosts", "a,a"], "--hosts: 'a,a' names fewer than two different servers"),
        (["--hosts", "a,b", "--host", "c"], "--hosts: give either --hosts or --host"),
        (["--hosts", "a,-oProxyCommand=x"], "--hosts: "),
        (["--rendezvous", "h:1"], "--rendezvous: applies with --hosts only"),
    ],
)
def test_the_probe_of_several_servers_checks_its_hosts_by_name(cli_main, flags, said):
    code, out, err = cli_main("probe", *flags)
    assert code == 2 and said in err, err


def test_the_bus_bandwidth_a_probe_measured_between_gpus_replaces_the_assumed_link(
    cli_main, tmp_path, data_home
):
    """Issue 30, item 2: a probe of a machine with several GPUs measures the all-reduce bus bandwidth between
    them (NCCL); the step time of that machine — and a plan's options of that GPU class — then time the
    collectives over the measured ring, labelled measured by the probe, not over the assumed NVLink rate. (The
    probe document is what worker/probe.py writes for 8 H100s: this machine has none.)"""
    import socket

    from trainsizer.estimate.timing import step_time
    from trainsizer.estimate.working_set import estimate
    from trainsizer.hardware import TargetDevice, hypothetical_targets
    from trainsizer.runs.history import plan_calibration
    from trainsizer.runs.probe import judge
    from trainsizer.spec import RunSpec

    card = {"name": "NVIDIA H100 80GB HBM3", "memory": 85520809984}
    figures = [{"scope": f"gpu:{i}", "what": "device", "value": None, "unit": "", "detail": card}
               for i in range(8)]  # fmt: skip
    figures.append({"scope": "gpu:0", "what": "gemm_bf16", "value": 700.0, "unit": "TFLOP/s", "detail": {}})
    figures.append({"scope": "between_gpus", "what": "all_reduce", "value": 120.0, "unit": "GB/s",
                    "detail": {"backend": "nccl", "ranks": 8}})  # fmt: skip
    doc = {"schema": "trainsizer.probe/1", "machine": socket.gethostname(), "created": "2026-12-07T01:00:00",
           "figures": [judge(dict(f), {}) for f in figures], "summary": [], "verdict": "pass"}  # fmt: skip
    from trainsizer.hardware.probes import PROBE_SCHEMA

    doc["schema"] = PROBE_SCHEMA
    (data_home / "probes").mkdir(parents=True)
    (data_home / "probes" / "h100x8.json").write_text(json.dumps(doc))
    spec = RunSpec().replace(model={"preset": "llama-3.1-8b"}, precision={"compute": "bf16-mixed"},
                             parallel={"strategy": "fsdp", "devices": "auto"})  # fmt: skip
    planned = hypothetical_targets("8xH100-80GB")
    mine = [TargetDevice(i, "NVIDIA H100 80GB HBM3", 85520809984, (9, 0), dict(planned[0].tflops),
                         interconnect=planned[0].interconnect) for i in range(8)]  # fmt: skip
    est = estimate(spec, planned)
    assumed = step_time(spec, est.stats, planned[0], placement=est.placement)
    measured = step_time(spec, est.stats, mine[0], placement=est.placement)
    assert assumed["link_codes"]["intra_basis"]["code"] == "nvlink"
    assert measured["link_codes"]["intra_basis"]["code"] == "probe_bus"
    assert "120 GB/s measured by probe of" in measured["links"]["intra_basis"]
    # 120 GB/s against the assumed 360 (450 one way at 80 %): the collectives take three times as long
    comm = measured["communication"]["fsdp_all_gather"] / assumed["communication"]["fsdp_all_gather"]
    assert comm == pytest.approx(360 / 120, rel=0.01)
    cal = plan_calibration(spec)
    assert cal["H100-80GB"]["bus"]["gbs"] == 120.0
    path = tmp_path / "run.toml"
    spec.save(path)
    code, out, err = cli_main("plan", path, "--gpus", "H100-80GB", "--json")
    eight = next(o for o in json.loads(out)["options"] if o["gpus"] == 8)
    assert "measured by probe of" in eight["links"]["intra_basis"], eight["links"]


def test_the_network_a_probe_of_several_nodes_measured_replaces_the_assumed_one(
    cli_main, tmp_path, data_home
):
    """Issue 30, item 2, between nodes: a probe of two nodes of 8 H100 each (probe --hosts or --slurm
    --nodes 2; the document runs/probe.combine_nodes writes) measured the all-reduce bus bandwidth between
    them; the step time of a two-node layout of that class — the estimate's and the plan's options — then
    times the collectives that span the nodes over it, labelled measured by that probe, and the plan says so
    in English and in Russian. (The figures are what worker/probe.py writes for such nodes: this machine
    has none.)"""
    from trainsizer.estimate.timing import step_time
    from trainsizer.estimate.working_set import estimate
    from trainsizer.hardware import hypothetical_targets
    from trainsizer.hardware.probes import PROBE_SCHEMA
    from trainsizer.runs.probe import combine_nodes, judge
    from trainsizer.spec import RunSpec

    card = {"name": "NVIDIA H100 80GB HBM3", "memory": 85520809984}
    node = {"schema": PROBE_SCHEMA, "verdict": "pass", "seconds": 1.0, "environment": {}, "figures": [
        judge({"scope": f"gpu:{i}", "what": "device", "value": None, "unit": "", "detail": card}, {})
        for i in range(8)]}  # fmt: skip
    between = [judge({"scope": "between_nodes", "what": "all_reduce", "value": 10.0, "unit": "GB/s",
                      "detail": {"backend": "nccl", "ranks": 16}}, {})]  # fmt: skip
    doc = combine_nodes([("n1", node, ""), ("n2", node, "")], between, quick=True, stages={}, seconds=2.0)
    (data_home / "probes").mkdir(parents=True)
    (data_home / "probes" / "n1-n2.json").write_text(json.dumps(doc))
    spec = RunSpec().replace(model={"preset": "llama-3.1-8b"}, precision={"compute": "bf16-mixed"},
                             parallel={"strategy": "fsdp", "devices": "auto"})  # fmt: skip
    planned = hypothetical_targets("2x8xH100-80GB")
    est = estimate(spec, planned)
    measured = step_time(spec, est.stats, planned[0], placement=est.placement)
    assumed = step_time(spec, est.stats, planned[0], placement=est.placement, measured_network={})
    assert assumed["link_codes"]["inter_basis"]["code"] == "network"
    assert measured["link_codes"]["inter_basis"]["code"] == "probe_network"
    assert "10 GB/s between nodes measured by probe of n1,n2" in measured["links"]["inter_basis"]
    spanning = [k for k, where in measured["communication_where"].items() if where == "network"]
    assert spanning, measured["communication_where"]
    from trainsizer.estimate.comm import links

    ratio = links(planned[0].interconnect, 2)["inter"] / 10e9  # the assumed network over the measured 10 GB/s
    assert ratio > 2
    for k in spanning:  # the collectives between nodes take that much longer; those inside a node do not
        assert measured["communication"][k] == pytest.approx(assumed["communication"][k] * ratio, rel=0.02), k
    inside = [k for k, where in measured["communication_where"].items() if where == "node"]
    assert all(measured["communication"][k] == assumed["communication"][k] for k in inside)
    path = tmp_path / "run.toml"
    spec.save(path)
    code, out, err = cli_main("plan", path, "--gpus", "H100-80GB", "--json")
    two = [o for o in json.loads(out)["options"] if o["nodes"] == 2]
    assert two and all(o["link_codes"]["inter_basis"]["code"] == "probe_network" for o in two), two[0]
    code, out, err = cli_main("plan", path, "--gpus", "H100-80GB")
    said = "between nodes of H100-80GB: all-reduce bus bandwidth 10 GB/s between nodes measured by probe of "
    assert said + "n1,n2" in out, out
    code, out, err = cli_main("plan", path, "--gpus", "H100-80GB", "--lang", "ru")
    assert (
        "между узлами H100-80GB: пропускная способность шины при полной редукции между узлами 10 GB/s" in out
    )
