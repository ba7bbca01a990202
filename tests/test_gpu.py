"""The GPU suite, for the day a CUDA device is there (`bash bench/gpu_check.sh OUT` runs it with the GPU
benchmarks). Every test is marked ``gpu`` and is skipped on a machine without CUDA, with the reason
(tests/conftest.py). Not here, because one GPU cannot show it: two-process DDP needs two devices (NCCL refuses
two ranks on one GPU); it runs on the CPU with gloo in tests/test_measure.py."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from trainsizer.spec import RunSpec

pytestmark = [pytest.mark.gpu, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[1]


def _bench(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _measure(run_cli, tmp_path, toml: str):
    spec = tmp_path / "spec.toml"
    spec.write_text('[parallel]\ndevices = "cuda:0"\n[measure]\nwarmup_steps = 1\nsteps = 3\n' + toml)
    out = tmp_path / "run"
    rc, stdout, err = run_cli("measure", spec, "--out", out, timeout=600)
    return rc, json.loads((out / "result.json").read_text()), stdout + err


def test_measure_on_cuda_records_allocated_reserved_and_nvml_per_phase(run_cli, tmp_path):
    rc, result, log = _measure(run_cli, tmp_path, "")
    assert rc == 0 and result["status"] == "ok", log
    meas = result["measurement"]
    for phase in ("forward", "backward", "optimizer"):
        assert meas["phase_memory"][phase]["allocated"] > 0 and meas["phase_memory"][phase]["reserved"] > 0
    peak = meas["peak"]["cuda:0"]
    assert peak["allocated"] > 0 and peak["reserved"] >= peak["allocated"] and peak["nvml_used"] > 0
    anatomy = meas["anatomy"]["cuda:0"]
    # the gradients are measured (what zero_grad frees), equal to the estimate's for full fp32 training
    assert anatomy["basis"]["gradients"] == "allocator"
    assert anatomy["gradients"] == result["estimate"]["devices"]["cuda:0"]["items"]["gradients"]
    assert anatomy["basis"]["activations"] == "derived" and anatomy["logits_and_loss"] is None


def test_a_cuda_out_of_memory_is_a_does_not_fit_result_at_its_phase(run_cli, tmp_path):
    # synthetic tokens: the builtin corpus would refuse a batch this large before the GPU could run out
    toml = '[batch]\nmicro_batch = 4096\nseq_len = 2048\n[data]\nsource = "synthetic"\n'
    rc, result, log = _measure(run_cli, tmp_path, toml)
    assert rc == 1 and result["status"] == "oom", log
    oom = result["measurement"]["oom"]
    assert oom["phase"] in ("forward", "backward") and "out of memory" in oom["message"].lower()
    check = next(c for c in result["checks"] if c["id"] == "peak_and_step")
    assert check["status"] == "failed" and check["code"] == "oom"


@pytest.mark.parametrize(
    "preset,precision,batch",
    [("smollm2-135m", "bf16-mixed", 8), ("qwen2.5-0.5b", "bf16-mixed", 4), ("llama-3.2-1b", "bf16", 4)],
)
def test_the_estimate_against_max_memory_allocated(preset, precision, batch):
    """Three presets scaled to the device: allocated within 3%, reserved within the allocator allowance."""
    from trainsizer.estimate.traced import traced_estimate
    from trainsizer.hardware import inventory

    spec = RunSpec().replace(
        model={"preset": preset},
        precision={"compute": precision},
        batch={"micro_batch": batch, "seq_len": 1024},
        parallel={"devices": "cuda:0"},
    )
    measured = _bench("estimator_gpu").measure_cuda(spec)
    est = traced_estimate(spec, inventory().targets()[:1]).devices[0]
    allocated = est.peak - est.items["cuda_context"] - est.items["allocator_overhead"]
    assert allocated == pytest.approx(measured["allocated"], rel=0.03)
    assert measured["reserved"] <= allocated + est.items["allocator_overhead"]


def test_resume_on_cuda_is_within_the_noise_floor_of_two_fresh_runs(tmp_path):
    from trainsizer.runs.resume import resume_check
    from trainsizer.runs.rundir import RunDir

    spec = RunSpec().replace(
        parallel={"devices": "cuda:0"},
        batch={"micro_batch": 4, "seq_len": 128},
        checkpoint={"resume_at": 2, "resume_steps": 4},
    )
    rd = RunDir(tmp_path / "run")
    try:
        r = resume_check(spec, rd, rd.write_spec(spec))
    finally:
        rd.close()
    assert r["passed"] and r["code"] == "resume_within_noise", r
    assert r.get("noise_floor") is not None  # two fresh uninterrupted runs set the floor on CUDA


def test_qlora_with_bitsandbytes_measures(run_cli, tmp_path):
    pytest.importorskip("bitsandbytes", reason="QLoRA needs the bitsandbytes package on the GPU machine")
    rc, result, log = _measure(
        run_cli, tmp_path, '[method]\nkind = "qlora"\n[precision]\ncompute = "bf16-mixed"\n'
    )
    assert rc == 0 and result["status"] == "ok", log


def test_fp16_mixed_with_a_grad_scaler_measures(run_cli, tmp_path):
    rc, result, log = _measure(run_cli, tmp_path, '[precision]\ncompute = "fp16-mixed"\n')
    assert rc == 0 and result["status"] == "ok", log
    assert result["measurement"]["step_time_s"]["count"] == 3


def test_a_real_trainer_step_on_cuda_against_the_estimate():
    """transformers.Trainer on cuda:0 (the loop the hf-trainer engine will drive): its allocated peak is the
    estimate's within 3%."""
    from trainsizer.estimate.traced import traced_estimate
    from trainsizer.hardware import inventory

    spec = RunSpec().replace(
        model={"preset": "smollm2-135m"},
        precision={"compute": "bf16-mixed"},
        batch={"micro_batch": 8, "seq_len": 1024},
        parallel={"devices": "cuda:0"},
    )
    measured = _bench("truth").hf_trainer(spec, device="cuda")["peak"]
    est = traced_estimate(spec, inventory().targets()[:1]).devices[0]
    allocated = est.peak - est.items["cuda_context"] - est.items["allocator_overhead"]
    assert allocated == pytest.approx(measured, rel=0.03)


def test_a_command_is_measured_on_the_gpu_from_outside(cli_main, tmp_path):
    """The customer's command allocates 1 GiB on cuda:0: NVML sees it per process (or, without per-process
    figures, above the device's idle baseline — the result names which)."""
    import sys

    (tmp_path / "gpu.py").write_text(
        "import time, torch\nx = torch.empty(2**30, dtype=torch.uint8, device='cuda')\n"
        "torch.cuda.synchronize()\nprint('step 0 loss 1.0', flush=True)\ntime.sleep(2)\n"
    )
    spec = tmp_path / "spec.toml"
    spec.write_text(
        f'[engine]\nname = "command"\ncommand = ["{sys.executable}", "gpu.py"]\ncwd = "{tmp_path}"\n'
        '[parallel]\ndevices = "cuda:0"\n'
    )
    code, out, err = cli_main("measure", str(spec), "--out", str(tmp_path / "run"))
    result = json.loads((tmp_path / "run" / "result.json").read_text())
    meas = result["measurement"]
    assert result["status"] == "ok", out + err
    assert meas["peak"]["cuda:0"]["nvml_used"] >= 2**30
    assert meas["gpu_basis"] in ("nvml_process", "nvml_device_minus_idle")


def _probe(run_cli, tmp_path, *extra):
    out = tmp_path / "probe.json"
    rc, stdout, err = run_cli(
        "probe", "--quick", "--no-keep", "--dir", tmp_path, "-o", out, *extra, timeout=600
    )
    return rc, json.loads(out.read_text()), stdout + err


def test_the_probe_measures_every_gpu_against_its_data_sheet(run_cli, tmp_path):
    """GEMM in four precisions, memory copy, host↔device copies and NVML's health per GPU, each judged
    against the catalog row of the detected part; the exit code follows the summary."""
    import torch

    rc, doc, log = _probe(run_cli, tmp_path)
    figs = {(f["scope"], f["what"]): f for f in doc["figures"]}
    for i in range(torch.cuda.device_count()):
        scope = f"gpu:{i}"
        for what in ("gemm_bf16", "gemm_fp16", "gemm_tf32", "gemm_fp32", "memory_bandwidth", "h2d_pinned"):
            f = figs[(scope, what)]
            assert f["value"] and f["value"] > 0, (what, f)
            assert f["verdict"] in ("pass", "below", "unknown"), f
        bf16 = figs[(scope, "gemm_bf16")]
        assert bf16["expected"] and bf16["params"]["peak"] > 0, bf16  # the catalog knows this part
        assert figs[(scope, "gemm_fp32")]["value"] < bf16["value"]  # no TF32 in the fp32 figure
        assert (scope, "other_processes") in figs and (scope, "power_limit") in figs
    assert rc == (0 if doc["verdict"] == "pass" else 1), log
    assert doc["verdict"] == ("below" if doc["summary"] else "pass")
    print(log)  # the table, for bench/gpu_check.sh's log


def test_the_probe_names_another_process_using_the_gpu(run_cli, tmp_path):
    """A GPU in use by another process is "below", naming the process and its memory (NVML's view)."""
    import subprocess
    import sys

    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import torch, time, sys; x = torch.empty(2**30, dtype=torch.uint8, device='cuda:0'); "
         "print('ready', flush=True); time.sleep(600)"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout.readline().strip() == "ready"
        rc, doc, log = _probe(run_cli, tmp_path)
    finally:
        holder.kill()
        holder.wait()
    busy = next(f for f in doc["figures"] if f["scope"] == "gpu:0" and f["what"] == "other_processes")
    assert busy["verdict"] == "below" and f"pid {holder.pid}" in busy["params"]["processes"], busy
    assert rc == 1, log
