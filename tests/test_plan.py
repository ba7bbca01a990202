"""Planning (issue 19): a target is a plan, the estimate covers the layouts such plans use, the planner ranks
hardware options for a task, and a request is drafted from a plan with no run."""

import json
import sys
from pathlib import Path

import pytest

from trainsizer.estimate.working_set import estimate
from trainsizer.hardware import hypothetical_targets
from trainsizer.spec import RunSpec, SpecError

DATA = Path(__file__).parent / "data"
GiB = 1 << 30


def spec_of(preset="llama-3.1-8b", **changes):
    base = {"model": {"preset": preset}, "precision": {"compute": "bf16-mixed"}}
    for k, v in changes.items():
        base.setdefault(k, {}).update(v)
    return RunSpec().replace(**base)


# -- a target is a plan ------------------------------------------------------------------------------------
def test_fsdp_with_auto_devices_shards_over_the_targets_gpus():
    """The reported bug: 8xH100 + fsdp + auto estimated one unsharded GPU."""
    spec = spec_of(parallel={"strategy": "fsdp", "devices": "auto"}, batch={"micro_batch": 1})
    one = estimate(spec.replace(parallel={"strategy": "single"}), hypothetical_targets("H100-80GB"))
    eight = estimate(spec, hypothetical_targets("8xH100-80GB"))
    assert len(eight.devices) == 8 and eight.placement["data_parallel"] == 8
    single, each = one.devices[0].items, eight.devices[0].items
    assert each["optimizer_states"] == single["optimizer_states"] // 8
    states_single = single["weights"] + single["gradients"] + single["optimizer_states"]
    states_each = each["weights"] + each["gradients"] + each["optimizer_states"]
    # ≈ single-GPU states ÷ 8 plus the gathered blocks (two layers' weights, one layer's gradients)
    assert states_single / 8 < states_each < states_single / 8 + 4 * GiB
    assert each["activations"] == single["activations"]
    assert "fsdp full shard over 8 data-parallel ranks = 8 GPUs" in eight.placement["text"]


def test_mixed_precision_sized_as_16_bit_weights_under_tensor_parallelism_is_said():
    """Issue 30: `strategy = "fsdp"` with bf16-mixed switched to 16-bit weights and activations once TP > 1
    (as torchtitan and Megatron run it) without a word; the same spec with TP 1 is sized under autocast (the
    builtin loop). The switch stays — it is what those frameworks run — and the estimate now says it."""
    spec = spec_of(parallel={"strategy": "fsdp", "devices": "auto"}, batch={"micro_batch": 1})
    eight = hypothetical_targets("8xH100-80GB")
    autocast = estimate(spec, eight)
    tp = estimate(spec.replace(parallel={"tensor_parallel": 2}), eight)
    assert "mixed_model_parallel" not in {n.code for n in autocast.notes}
    said = [n for n in tp.notes if n.code == "mixed_model_parallel"]
    assert said and said[0].params == {"compute": "bf16-mixed"}
    assert "16-bit weights and activations" in said[0]
    # the switch is what makes the activations smaller than TP's split alone would
    assert tp.devices[0].items["activations"] < autocast.devices[0].items["activations"] / 2
    pure = estimate(spec.replace(precision={"compute": "bf16"}, parallel={"tensor_parallel": 2}), eight)
    assert not {"mixed_model_parallel", "mixed_zero"} & {n.code for n in pure.notes}  # nothing switched
    zero = estimate(spec.replace(parallel={"strategy": "zero"}), eight)
    assert "mixed_zero" in {n.code for n in zero.notes}


def test_several_nodes_and_a_custom_accelerator():
    spec = spec_of(parallel={"strategy": "fsdp", "devices": "auto"})
    t = hypothetical_targets("2x8xH100-80GB")
    assert len(t) == 16 and t[8].label == "node1/cuda:0" and t[15].node == 1
    est = estimate(spec, t)
    assert est.placement["nodes"] == 2 and est.placement["ranks_per_node"] == 8
    assert "16 GPUs on 2 nodes" in est.placement["text"]
    custom = hypothetical_targets("4x{mem=96GiB,bf16=989,fp32=60,link=nvlink}")
    assert len(custom) == 4 and custom[0].memory_total == 96 * GiB and custom[0].interconnect == "NVLink"
    for bad, says in (
        ("2xH100-80G", "did you mean H100-80GB"),
        ("8x{bf16=900}", "needs mem="),
        ("8x{mem=80GiB}", "needs bf16="),
        ("8x{mem=80GiB,bf16=9,colour=red}", "unknown key 'colour'"),
        ("2x2x2xH100", "at most NODESxGPUSxNAME"),
    ):
        with pytest.raises(ValueError, match=says):
            hypothetical_targets(bad)


def test_a_user_table_of_accelerators(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    table = tmp_path / "trainsizer" / "accelerators.toml"
    table.parent.mkdir()
    table.write_text('[MI300X]\nmem = "192GiB"\nbf16 = 1307\nfp32 = 163\nlink = "infinity-fabric"\n')
    t = hypothetical_targets("8xMI300X")
    assert len(t) == 8 and t[0].memory_total == 192 * GiB and t[0].tflops["bf16"] == 1307
    table.write_text("[MI300X]\nbf16 = 1307\n")
    with pytest.raises(ValueError, match=r"accelerators.toml: MI300X: needs mem="):
        hypothetical_targets("8xMI300X")


def test_devices_that_contradict_the_target_are_refused(run_cli, tmp_path):
    from trainsizer.estimate import run_estimate

    with pytest.raises(SpecError) as e:
        run_estimate(spec_of(), devices="8xH100-80GB")  # devices = cpu
    msg = str(e.value.issues[0])
    assert "[parallel] devices" in msg and "cpu" in msg and "8 × NVIDIA H100" in msg
    with pytest.raises(SpecError, match="cuda:9 is not present"):
        run_estimate(spec_of(parallel={"devices": "cuda:0,9", "strategy": "ddp"}), devices="8xH100-80GB")
    with pytest.raises(SpecError, match="does not divide the 8 devices"):
        run_estimate(
            spec_of(parallel={"devices": "auto", "strategy": "ddp", "tensor_parallel": 3}),
            devices="8xH100-80GB",
        )
    path = tmp_path / "cpu.toml"
    spec_of(parallel={"strategy": "fsdp", "processes": 2}).save(path)
    rc, out, err = run_cli("estimate", path, "--devices", "8xH100-80GB")
    assert rc == 2 and "devices = cpu contradicts the planned target" in err and 'devices = "auto"' in err


def test_a_task_field_is_named_as_every_field_is():
    from trainsizer.spec import SECTIONS
    from trainsizer.spec.errors import _SECTION_NAMES

    assert set(_SECTION_NAMES) == set(SECTIONS)
    with pytest.raises(SpecError, match=r"\[task\] tokens: must be a number"):
        RunSpec().replace(task={"tokens": "many"})


def test_the_fsdp_hint_on_a_cpu_spec_points_at_the_target():
    with pytest.raises(SpecError) as e:
        spec_of(parallel={"strategy": "fsdp"})
    assert "devices = auto" in str(e.value) and "--devices 8xH100-80GB" in str(e.value)


# -- the estimate covers what plans use ---------------------------------------------------------------------
def test_degrees_of_one_reduce_exactly_to_the_estimate_before_plans():
    sys.path.insert(0, str(DATA))
    try:
        from estimates_before_plans import snapshot
    finally:
        sys.path.pop(0)
    from importlib.metadata import version

    # the estimate follows the installed transformers (its attention defaults, Mixtral's expert tensors): each
    # major version has its snapshot, written by the previous trainsizer under that version
    major = int(version("transformers").split(".")[0])
    name = "estimates_before_plans.json" if major >= 5 else "estimates_before_plans-transformers4.json"
    before = json.loads((DATA / name).read_text())
    assert len(before) == 300
    for row in before:
        now = snapshot(row["changes"])
        assert now == row, row["changes"]


def _items(spec, target="8xH100-80GB"):
    return estimate(spec, hypothetical_targets(target)).devices[0].items


def test_sharding_identities():
    fp32 = {"precision": {"compute": "fp32"}}
    auto = {"devices": "auto"}
    single = _items(spec_of(**fp32, parallel={"devices": "auto"}), "H100-80GB")
    fsdp = _items(spec_of(**fp32, parallel={**auto, "strategy": "fsdp"}))
    zero3 = _items(spec_of(**fp32, parallel={**auto, "strategy": "zero", "zero_stage": 3}))
    for k in ("weights", "gradients", "optimizer_states", "comm_buffers"):
        assert zero3[k] == fsdp[k], k  # ZeRO-3 is FSDP full shard
    zero1 = _items(spec_of(**fp32, parallel={**auto, "strategy": "zero", "zero_stage": 1}))
    assert zero1["weights"] == single["weights"] and zero1["gradients"] == single["gradients"]
    assert zero1["optimizer_states"] == single["optimizer_states"] // 8
    zero2 = _items(spec_of(**fp32, parallel={**auto, "strategy": "zero", "zero_stage": 2}))
    assert zero2["gradients"] - zero2["comm_buffers"] == single["gradients"] // 8
    # mixed precision under DeepSpeed: 2 + 2 + 12 bytes per parameter (memory.rst)
    mixed = estimate(
        spec_of(parallel={**auto, "strategy": "zero", "zero_stage": 1}), hypothetical_targets("8xH100-80GB")
    )
    n = mixed.stats.total
    it = mixed.devices[0].items
    assert it["weights"] == 2 * n and it["gradients"] == 2 * n
    assert it["optimizer_states"] == pytest.approx(12 * n / 8, rel=1e-6)
    # tensor parallel: the states split over the group; activations with sequence parallelism too
    tp = _items(spec_of(**fp32, parallel={**auto, "strategy": "single", "tensor_parallel": 8}))
    base = _items(spec_of(**fp32, parallel={**auto, "strategy": "single"}), "H100-80GB")
    assert tp["weights"] == pytest.approx(base["weights"] / 8, rel=1e-6)
    # ... beside the whole-sequence inputs PyTorch's TP saves in every layer (tests/test_instrument.py)
    from trainsizer.estimate.activations import Trainable, gathered_input_bytes

    stats = mixed.stats
    spec = spec_of(**fp32)
    held = stats.layers * gathered_input_bytes(
        Trainable(), stats, "fp32", spec.batch.micro_batch * spec.batch.seq_len, 8
    )
    assert tp["activations"] == pytest.approx(base["activations"] / 8 + held, rel=1e-6)
    # context parallel: each GPU holds 1/c of the tokens
    cp = _items(
        spec_of(**fp32, parallel={**auto, "strategy": "single", "context_parallel": 4}), "4xH100-80GB"
    )
    assert cp["activations"] == pytest.approx(base["activations"] / 4, rel=1e-6)
    assert cp["weights"] == base["weights"]


def test_pipeline_stages_hold_the_model_once_and_the_first_holds_the_micro_batches_in_flight():
    spec = spec_of(
        precision={"compute": "fp32"},
        parallel={"devices": "auto", "strategy": "single", "pipeline_parallel": 4},
        batch={"grad_accum": 8},
    )
    est = estimate(spec, hypothetical_targets("4xH100-80GB"))
    one = estimate(
        spec.replace(parallel={"pipeline_parallel": 1}), hypothetical_targets("H100-80GB")
    ).devices[0]
    weights = [d.items["weights"] for d in est.devices]
    # untied embedding and head: the stages together hold every parameter once
    assert sum(weights) == pytest.approx(one.items["weights"], rel=1e-6)
    acts = [d.items["activations"] for d in est.devices]
    assert acts[0] > acts[-1]  # 1F1B: stage 0 keeps min(4, 8) micro-batches, the last keeps one
    assert est.devices[-1].items["logits_and_loss"] == one.items["logits_and_loss"]
    assert est.devices[0].items["logits_and_loss"] == 0


def test_a_pipelined_zero3_stage_accumulates_its_unsharded_gradients_in_fp32_under_autocast():
    """The schedule turns gradient sync off for all but the last micro-batch and FSDP2 then keeps the stage's
    unsharded gradients in its reduce dtype (fp32): 4 bytes per parameter of the stage, twice its 16-bit
    weights. Pure bf16 has no fp32 reduce dtype to upcast to: its gradients stay 16-bit."""
    targets = hypothetical_targets("2x8xH100-80GB")

    def stage0(compute):
        spec = spec_of(
            precision={"compute": compute},
            parallel={"devices": "auto", "strategy": "zero", "zero_stage": 3, "pipeline_parallel": 2},
            batch={"grad_accum": 4, "gradient_checkpointing": True},
        )
        est = estimate(spec, targets)
        return est.devices[0], {n.code for n in est.notes if hasattr(n, "code")}

    mixed, notes = stage0("bf16-mixed")
    assert mixed.items["gradients"] == 2 * mixed.items["weights"]
    assert "zero3_pipeline_fp32_grads" in notes
    pure, notes = stage0("bf16")
    assert pure.items["gradients"] == pure.items["weights"]
    assert "zero3_pipeline_fp32_grads" not in notes


def test_selective_checkpointing_lies_between_none_and_full():
    targets = hypothetical_targets("H100-80GB")
    par = {"parallel": {"devices": "auto"}}
    none = estimate(spec_of(**par), targets).devices[0].items["activations"]
    full = (
        estimate(spec_of(**par, batch={"gradient_checkpointing": True}), targets)
        .devices[0]
        .items["activations"]
    )
    sel = (
        estimate(
            spec_of(**par, batch={"gradient_checkpointing": True, "checkpoint_policy": "selective"}), targets
        )
        .devices[0]
        .items["activations"]
    )
    assert full < sel < none


def test_planned_only_options_are_refused_for_a_run(run_cli, tmp_path):
    for changes, field in (
        ({"parallel": {"strategy": "zero", "processes": 2}}, "parallel.strategy"),
        ({"parallel": {"tensor_parallel": 2}}, "parallel.tensor_parallel"),
        (
            {"batch": {"gradient_checkpointing": True, "checkpoint_policy": "selective"}},
            "batch.checkpoint_policy",
        ),
    ):
        path = tmp_path / "planned.toml"
        RunSpec().replace(**changes).save(path)
        rc, out, err = run_cli("measure", path, "--out", tmp_path / "r")
        section, name = field.split(".")
        assert rc == 2 and f"[{section}] {name}" in err and "planning" in err, err
        assert not (tmp_path / "r").exists()


# -- the planner ---------------------------------------------------------------------------------------
def _plan(preset, **kw):
    from trainsizer.estimate.plan import plan

    return plan(spec_of(preset, **kw))


@pytest.mark.parametrize(
    "preset,changes",
    [
        ("llama-3.1-8b", {"method": {"kind": "lora"}, "batch": {"micro_batch": 1, "seq_len": 2048}}),
        ("llama-3.1-70b", {"method": {"kind": "lora"}, "precision": {"compute": "bf16"}}),
        ("llama-3.1-70b", {"batch": {"micro_batch": 1, "seq_len": 4096, "grad_accum": 8}}),
    ],
)
def test_the_plan_ranks_a_known_good_option_first(preset, changes):
    from trainsizer.estimate.plan import public

    result = _plan(preset, **changes, task={"tokens": 1e9})
    json.dumps(public(result))  # JSON-safe
    first = result["options"][result["top"][0] - 1]
    # known good: it fits with the headroom on its own estimate ...
    est = estimate(first["_spec"], hypothetical_targets(first["target"].replace(first["gpu"], "H100-80GB")))
    assert max(d.peak for d in est.devices) * 1.1 <= first["capacity"]
    # ... and no option with fewer GPUs fits without changing the method or the precision (issue 30: those
    # variants rank after it)
    assert not first["_variant"]
    assert all(o["why_not"] or o["_variant"] for o in result["options"] if o["gpus"] < first["gpus"])
    assert first["time_to_train_h"] == pytest.approx(1e9 / first["tokens_per_s"] / 3600)
    if preset == "llama-3.1-8b":
        assert first["gpus"] == 1  # an 8B LoRA fits one big GPU
    if "grad_accum" in changes.get("batch", {}):
        # full fine-tuning of 70B keeps 16 bytes per parameter: on 8+ GPUs, or offloaded to the host
        n = first["_est"].stats.total
        assert first["gpus"] >= 8 or first["host_per_node"] * first["nodes"] >= 12 * n
        assert "offload" not in first["layout"] or "host_optimizer_not_timed" in first["caveats"]


def test_a_deadline_needs_more_gpus_and_a_measured_run_calibrates(tmp_path):
    from trainsizer.estimate.plan import plan

    spec = spec_of(method={"kind": "lora"}, batch={"micro_batch": 1, "seq_len": 2048})
    loose = plan(spec.replace(task={"tokens": 1e9}), gpus=["H100-80GB"])
    fast = loose["options"][loose["top"][0] - 1]
    tight = plan(
        spec.replace(task={"tokens": 1e9, "deadline_hours": fast["time_to_train_h"] / 3}), gpus=["H100-80GB"]
    )
    first = tight["options"][tight["top"][0] - 1]
    assert first["gpus"] >= 3 * fast["gpus"] and first["meets_deadline"]
    assert tight["fallen_out"].get("misses_deadline")
    cal = plan(spec, gpus=["H100-80GB"], calibration={"H100-80GB": {"utilization": 0.2, "source": "run-x"}})
    o = cal["options"][cal["top"][0] - 1]
    assert o["utilization"] == 0.2 and o["utilization_basis"] == {"kind": "measured", "source": "run-x"}


def test_kept_gpu_runs_calibrate_and_cpu_runs_do_not(tmp_path):
    from trainsizer.runs.history import measured_utilization

    recorded = json.loads((DATA / "recorded_check" / "result.json").read_text())
    cpu = tmp_path / "cpu-run"
    cpu.mkdir()
    (cpu / "result.json").write_text(json.dumps(recorded))
    gpu = tmp_path / "gpu-run"
    gpu.mkdir()
    on_gpu = json.loads(json.dumps(recorded))
    on_gpu["environment"]["gpus"] = [{"name": "NVIDIA H100 80GB HBM3", "memory_total": 85520809984}]
    on_gpu["measurement"]["peak_basis"] = "NVIDIA H100 peak 989.4 TFLOP/s (bf16)"
    on_gpu["measurement"]["mfu"] = 0.37
    (gpu / "result.json").write_text(json.dumps(on_gpu))
    cal = measured_utilization(tmp_path)
    assert list(cal) == ["H100-80GB"] and cal["H100-80GB"]["utilization"] == 0.37
    # issue 30: a run on several GPUs measured its communication in its step time; the plan adds the layout's
    # again, so the exposed share its estimate predicted is taken out (MFU 0.30 over 2.0 s, 0.5 s exposed:
    # 0.40 of compute) — and without that prediction the run does not calibrate (it would count it twice)
    from trainsizer.result.model import RunResult
    from trainsizer.runs.history import compute_utilization

    two = json.loads(json.dumps(on_gpu))
    two["environment"]["gpus"] *= 2
    two["measurement"].update(world_size=2, mfu=0.30)
    two["measurement"]["step_time_s"]["median"] = 2.0
    assert compute_utilization(RunResult.of(two)) is None
    two["estimate"].setdefault("time", {})["exposed_s"] = 0.5  # (the recorded run predates the time part)
    assert compute_utilization(RunResult.of(two)) == pytest.approx(0.40)
    later = tmp_path / "two-gpu-run"
    later.mkdir()
    two["created"] = "2099-01-01T00:00:00+00:00"
    (later / "result.json").write_text(json.dumps(two))
    assert measured_utilization(tmp_path)["H100-80GB"]["utilization"] == pytest.approx(0.40)
    assert "bus" not in measured_utilization(tmp_path)["H100-80GB"]  # it measured no all-reduce of its own
    # issue 30, item 2: a run on several GPUs of one machine times its ranks' own all-reduce after the timed
    # steps (worker/probe.all_reduce_bus); the plan takes it as the link inside a node of that class
    ring = {"bus_gbs": 123.0, "bytes": 64 << 20, "seconds": 0.001, "iterations": 50, "ranks": 2}
    two["measurement"]["collectives"] = {"all_reduce": {**ring, "backend": "nccl"}}
    (later / "result.json").write_text(json.dumps(two))
    bus = measured_utilization(tmp_path)["H100-80GB"]["bus"]
    assert bus["gbs"] == 123.0 and bus["code"] == "run_bus" and "two-gpu-run" in bus["source"], bus
    from trainsizer.estimate.plan import plan

    spec = spec_of(parallel={"strategy": "fsdp", "devices": "auto"}, batch={"micro_batch": 1})
    cal = {"H100-80GB": measured_utilization(tmp_path)["H100-80GB"]}
    options = plan(spec, gpus=["H100-80GB"], max_nodes=1, calibration=cal)["options"]
    eight = next(o for o in options if o["gpus"] == 8)
    said = [c for c in eight["link_codes"].values() if c.get("code") == "run_bus"]
    assert said and said[0]["params"]["gbs"] == "123", eight["link_codes"]
    # a run whose ring spans nodes measured the network, not the link inside one: it does not calibrate it
    two["target"] = {"hosts": ["a", "b"]}  # as a run over two servers writes it: each node's environment
    two["environment"]["nodes"] = [dict(two["environment"], server="a"), dict(two["environment"], server="b")]
    (later / "result.json").write_text(json.dumps(two))
    assert "bus" not in measured_utilization(tmp_path)["H100-80GB"]


def test_advice_is_searched_until_it_fits():
    from trainsizer.estimate import run_estimate

    spec = spec_of(
        parallel={"strategy": "fsdp", "devices": "auto"}, batch={"micro_batch": 8, "seq_len": 2048}
    )
    data = run_estimate(spec, devices="8xH100-80GB")
    assert data["fits"] is False
    combo = data["advice_combined"]
    assert combo["fits"] and combo["peak"] <= combo["capacity"]
    assert all(a["new_peak"] < data["estimate"]["devices"]["cuda:0"]["peak"] for a in data["advice"])
    huge = spec_of("llama-3.1-405b", parallel={"devices": "auto"})
    closest = run_estimate(huge, devices="H100-80GB")["advice_combined"]
    assert closest["fits"] is False and closest["lacks"] > 0


def test_plan_cli_and_request_from_a_plan_without_a_run(run_cli, tmp_path):
    path = tmp_path / "job.toml"
    spec_of("llama-3.1-70b", method={"kind": "lora"}, precision={"compute": "bf16"}).save(path)
    rc, out, err = run_cli("plan", path, "--tokens", "2e9", "--deadline-hours", "200", "--json")
    assert rc == 0, err
    plan = json.loads(out)
    assert plan["options"][plan["top"][0] - 1]["fits"] and plan["task"]["tokens"] == 2e9
    rc, out, err = run_cli("plan", path, "--tokens", "2e9", "--gpus", "H100-80GB,{mem=96GiB,bf16=989}")
    assert rc == 0 and "best: option 1" in out and "H100-80GB" in out
    md = tmp_path / "req.md"
    rc, out, err = run_cli("request", "--plan", path, "--tokens", "2e9", "--deadline-hours", "200", "-o", md)
    assert rc == 0, err
    text = md.read_text()
    assert "option 1" in text and "(estimated" in text and "deadline" in text and "measured" not in text
    assert "Runners-up" in text and "deadline: 8.3 d" in text
    ru = tmp_path / "req-ru.md"
    rc, out, err = run_cli(
        "request", "--plan", path, "--lang", "ru", "-o", ru, "--option", "2", "--deadline-hours", "200"
    )
    assert rc == 0 and "оценка" in ru.read_text() and "8.3 дн." in ru.read_text()
    rc, out, err = run_cli("request", "--plan", path, "--option", "999", "-o", tmp_path / "x.md")
    assert rc == 2 and "--option must be between 1 and" in err
    rc, out, err = run_cli("request")
    assert rc == 2 and "--plan" in err


def test_a_cpu_runs_step_time_is_never_the_gpu_target(tmp_path, run_cli):
    import shutil

    run = tmp_path / "run"
    shutil.copytree(DATA / "recorded_check", run)
    rc, out, err = run_cli("request", run, "-o", tmp_path / "r.md")
    text = (tmp_path / "r.md").read_text()
    assert rc == 0 and "target step time" not in text and "not a target for the GPU server" in text
    path = tmp_path / "job.toml"
    spec_of("llama-3.2-1b").save(path)
    rc, out, err = run_cli("request", run, "--plan", path, "-o", tmp_path / "both.md")
    both = (tmp_path / "both.md").read_text()
    assert rc == 0 and "not a target for the GPU server" in both and "measured" in both


def test_tensor_parallelism_stays_inside_an_nvlink_domain_and_the_request_never_asks_for_a_missing_link():
    """PCIe cards (L40S, RTX 4090) get no tensor parallelism over more than 2 GPUs, and a 2-way one says it
    crosses PCIe; NVLink classes keep it. Before, 8-way tensor parallelism was the best L40S option for a long
    sequence and its request asked for NVLink the card does not have."""
    from trainsizer.estimate.plan import plan
    from trainsizer.report.plan_request import render_plan_markdown

    spec = spec_of(
        model={"preset": "llama-3.1-8b"},
        precision={"compute": "bf16-mixed"},
        batch={"micro_batch": 1, "seq_len": 32768},
        parallel={"devices": "auto"},
        task={"tokens": 2e9, "deadline_hours": 24},
    )
    result = plan(spec, gpus=["L40S", "RTX4090", "H100-80GB"])
    pcie = [o for o in result["options"] if o["gpu"] in ("L40S", "RTX4090")]
    assert pcie and all(o["placement"]["tensor_parallel"] <= 2 for o in pcie)
    assert not any("nvlink" in o["needs"] for o in pcie)
    for o in pcie:
        if o["placement"]["tensor_parallel"] == 2:
            assert "tp_over_pcie" in o["caveats"] and "pcie_p2p" in o["needs"]
        text = render_plan_markdown(spec, result, o["option"])
        assert "NVLink inside a node" not in text, o["target"]
    nvlink = [
        o for o in result["options"] if o["gpu"] == "H100-80GB" and o["placement"]["tensor_parallel"] > 1
    ]
    assert nvlink and all("nvlink" in o["needs"] for o in nvlink)  # the layout stays where the link is


def test_the_customers_limits_cap_the_search(cli_main, tmp_path):
    """Issue 30: at most 2 nodes / at most 8 GPUs — no option beyond them, said in the header; a limit below
    one is refused naming the option."""
    import json as _json

    from trainsizer.estimate.plan import plan

    spec = spec_of(preset="llama-3.1-70b", parallel={"devices": "auto"}, task={"tokens": 2e9})
    capped = plan(spec, gpus=["H100-80GB"], max_nodes=2)
    assert capped["options"] and max(o["nodes"] for o in capped["options"]) <= 2
    assert max(o["gpus"] for o in plan(spec, gpus=["H100-80GB"], max_gpus=8)["options"]) <= 8
    path = tmp_path / "run.toml"
    spec.save(path)
    code, out, err = cli_main("plan", path, "--gpus", "H100-80GB", "--max-gpus", "8", "--json")
    data = _json.loads(out)
    assert code in (0, 1) and data["limits"]["max_gpus"] == 8 and all(o["gpus"] <= 8 for o in data["options"])
    code, out, err = cli_main("plan", path, "--max-nodes", "0")
    assert code == 2 and "--max-nodes" in err
    code, out, err = cli_main("plan", path, "--gpus", "H200-141GB", "--max-nodes", "1", "--max-gpus", "8")
    assert "; at most one node; at most 8 GPUs" in out, out  # said in the header, as English says it
    code, out, err = cli_main("plan", path, "--gpus", "H200-141GB", "--max-nodes", "2", "--lang", "ru")
    assert "не более 2 узлов" in out and "at most" not in out, out


def test_the_plan_times_communication_and_says_over_which_links(cli_main, tmp_path):
    """Issue 30: tokens/s per GPU was the same on one node and on sixteen (communication was not timed) and
    the header said so. Now an option over several nodes waits for the network (exposed seconds > 0, its
    tokens/s per GPU below the one-node option's of the same layout), a one-GPU option waits for nothing, and
    the header and the request say what the links were taken to be."""
    from trainsizer.estimate.plan import plan
    from trainsizer.report.plan_request import render_plan_markdown

    spec = spec_of(
        batch={"micro_batch": 2, "seq_len": 8192, "gradient_checkpointing": True},
        parallel={"devices": "auto"},
        task={"tokens": 2e10},
    )
    result = plan(spec, gpus=["H100-80GB"], shapes=[(1, 1), (1, 8), (4, 8)])
    by = {(o["nodes"], o["gpus"]): o for o in result["options"]}
    assert by[(1, 1)]["exposed_communication_s"] == 0 and by[(1, 1)]["communication"] == {}
    one, four = by[(1, 8)], by[(4, 32)]
    assert four["links"]["inter_basis"].startswith("400 Gb/s per GPU") and "inter_basis" not in one["links"]
    if one["layout"] == four["layout"]:
        assert four["exposed_communication_s"] > one["exposed_communication_s"]
        assert four["tokens_per_s"] / 32 < one["tokens_per_s"] / 8
    assert four["step_s"] == pytest.approx(four["compute_s"] + four["exposed_communication_s"])
    assert four["utilization_basis"]["kind"] == "fitted"
    from trainsizer.estimate.timing import FITTED_UTILIZATION

    fitted = f"{FITTED_UTILIZATION['h100', 'bf16'][0]:.0%}"  # the H100 row at 8B's layer size
    text = render_plan_markdown(spec, result, four["option"])
    assert f"utilisation {fitted} fitted to published runs of this GPU class" in text, text
    assert "between nodes a NIC per GPU assumed" in text
    path = tmp_path / "plan.toml"
    spec.save(path)
    code, out, err = cli_main("plan", path, "--gpus", "H100-80GB", "--max-nodes", "2")
    assert code == 0 and "communication not timed" not in out, err
    assert f"fitted to published runs for H100-80GB {fitted}" in out, out
    assert "between nodes a NIC per GPU assumed: 400 Gb/s (H100-80GB)" in out, out
    spec.replace(parallel={"strategy": "fsdp"}).save(path)
    code, out, err = cli_main("estimate", path, "--devices", "2x8xH100-80GB")
    assert code == 0 and f"at {fitted} fitted" in out and "communication: fsdp all gather" in out, out
    assert "(network)" in out and "400 Gb/s per GPU between nodes (assumed)" in out


def test_an_offload_layout_needs_the_host_ram_a_server_has():
    """Issue 30: host RAM was never checked — a 70B offload layout on 2 PCIe cards needing over a terabyte of
    host RAM per node was "ok". An option whose host peak (with the headroom) exceeds the server's RAM
    (sinfo's for a Slurm partition, else the class's usual server, said assumed) falls out by name."""
    from trainsizer.estimate.plan import HOST_RAM_PCIE_SERVER, plan

    spec = spec_of("llama-3.1-70b", parallel={"devices": "auto"}, task={"tokens": 2e9})
    result = plan(spec, gpus=["L40S", "H100-80GB"], shapes=[(1, 2), (1, 8)])
    options = {(o["gpu"], o["gpus"]): o for o in result["options"]}
    short = [o for o in result["options"] if "host_ram_short" in o["why_not"]]
    assert short, [(o["target"], o["host_per_node"]) for o in result["options"]]
    for o in short:
        assert o["host_per_node"] * (1 + result["headroom"]) > o["host_ram_per_node"]
        assert o["option"] not in result["top"]
    pcie = options[("L40S", 2)]
    assert pcie["host_ram_per_node"] == HOST_RAM_PCIE_SERVER
    assert pcie["host_ram_basis"] == "assumed_pcie_server"
    for o in result["options"]:
        if o["option"] in result["top"]:
            assert o["host_fits"] and o["host_per_node"] * (1 + result["headroom"]) <= o["host_ram_per_node"]


def test_zero3_with_only_the_optimizer_offloaded_and_every_change_to_the_spec_said(cli_main, tmp_path):
    """Issue 30: no ZeRO-3 layout offloaded only the optimizer, so 70B on 8 H100 took the parameter offload
    (free, as offload then cost no time); and the chosen option swapped in 8-bit AdamW or checkpointing
    without saying so. Now the optimizer-only offload is a layout, its copies over PCIe are timed, and each
    option lists every field it changes in the agreed spec — in the terminal, the request and the JSON."""
    from trainsizer.estimate.plan import plan
    from trainsizer.report.plan_request import render_plan_markdown

    # full checkpointing agreed (with selective checkpointing the parameter offload is faster: 7.2 s against
    # 7.5 s, as op-SAC recomputes a third of the matmuls where full recomputes the forward)
    spec = spec_of("llama-3.1-70b", batch={"micro_batch": 1, "seq_len": 4096, "gradient_checkpointing": True},
                   parallel={"devices": "auto"}, task={"tokens": 2e9})  # fmt: skip
    result = plan(spec, gpus=["H100-80GB"], shapes=[(1, 8), (2, 8)])
    eight = next(o for o in result["options"] if o["gpus"] == 8)
    assert eight["layout"].startswith("zero3-offload-optimizer"), eight["layout"]
    assert (
        eight["communication"]["offload_optimizer_copy"] > 0
        and "offload_params_copy" not in eight["communication"]
    )
    changed = {c["field"]: (c["from"], c["to"]) for c in eight["spec_changes"]}
    assert changed["parallel.strategy"] == ("single", "zero") and changed["parallel.offload_optimizer"] == (
        False,
        True,
    )
    assert "parallel.offload_params" not in changed and "parallel.devices" not in changed
    for o in result["options"]:
        if "adamw-8bit" in o["layout"]:
            assert {"field": "optimizer.name", "from": "adamw", "to": "adamw-8bit"} in o["spec_changes"]
    md = render_plan_markdown(spec, result, eight["option"]).replace("\\_", "_")  # Markdown's escapes
    assert "changes to the agreed spec" in md and "parallel.offload_optimizer false → true" in md, md
    path = tmp_path / "run.toml"
    spec.save(path)
    code, out, err = cli_main("plan", path, "--gpus", "H100-80GB")
    assert code == 0 and "  changes to the agreed spec: " in out, out


def test_selective_checkpointing_is_torchtitans_op_policy():
    """Issue 30: trainsizer's "selective" is torchtitan's op-SAC — of a layer's matmuls in forward order every
    second one is recomputed: Llama's q, v, gate and down outputs are kept (with the attention output and
    its log-sum-exp, and the layer input); k, o and up run again in backward, and their FLOPs are counted.
    Before, every matmul output was kept and none recomputed (the 8B FSDP rows were 29–36 % over torchtitan's
    peaks)."""
    from trainsizer.estimate.activations import selective_bytes_per_token
    from trainsizer.model.build import model_config
    from trainsizer.model.flops import flops_per_step
    from trainsizer.model.params import param_stats

    spec = spec_of(batch={"micro_batch": 1, "seq_len": 2048})
    st = param_stats(model_config(spec.replace(model={"preset": "llama-3.1-8b"}))[1])
    h, f, q, kv = st.hidden_size, st.intermediate_size, st.heads * st.head_dim, st.kv_heads * st.head_dim
    assert [lin.name.split(".")[-1] for lin in st.layer_linears] == [
        "q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj",
    ]  # fmt: skip
    assert selective_bytes_per_token(st, "bf16") == 2 * h + 2 * (q + kv + f + h + q) + 4 * st.heads
    ckpt = {"gradient_checkpointing": True, "checkpoint_policy": "selective"}
    sel = spec.replace(model={"preset": "llama-3.1-8b"}, batch=ckpt)
    recomputed = flops_per_step(sel, st)["recompute"]
    assert recomputed == 2 * (h * kv + q * h + h * f) * 2048 * st.layers
    full = flops_per_step(sel.replace(batch={"checkpoint_policy": "full"}), st)["recompute"]
    assert 0.3 < recomputed / full < 0.45  # a third of the layer's matmuls, no attention


def test_precision_and_method_variants_are_options_marked_as_changes():
    """Issue 30: the plan never varied precision or method, though `estimate`'s own advice names them —
    8B LoRA fits one 24 GB card in pure bf16 or as QLoRA. Now bf16 weights, LoRA and QLoRA are options of
    their own, chosen only where no layout of the agreed method and precision fits, ranked after the options
    that keep them, each listing what it changes."""
    from trainsizer.estimate.plan import plan

    spec = spec_of("llama-3.1-8b", method={"kind": "lora"}, precision={"compute": "bf16-mixed"},
                   batch={"micro_batch": 1, "seq_len": 2048}, parallel={"devices": "auto"},
                   task={"tokens": 1e8})  # fmt: skip
    result = plan(spec, gpus=["RTX4090"], shapes=[(1, 1), (1, 2)])
    one = next(o for o in result["options"] if o["gpus"] == 1)
    assert one["layout"].endswith(("+bf16", "+qlora")) and not one["why_not"], one["layout"]
    changed = {c["field"]: (c["from"], c["to"]) for c in one["spec_changes"]}
    assert changed.get("precision.compute") == ("bf16-mixed", "bf16") or changed.get("method.kind") == (
        "lora", "qlora"), one["spec_changes"]  # fmt: skip
    # QLoRA is among the layouts sized, and fits the same card on its own
    from trainsizer.estimate.plan import _applied, layouts
    from trainsizer.estimate.working_set import estimate as sized

    qlora = next(lay for lay in layouts(spec, 1, 1) if lay.id.endswith("+qlora"))
    est = sized(_applied(spec, qlora, 1), hypothetical_targets("RTX4090"))
    assert est.devices[0].peak * 1.1 < est.devices[0].capacity, est.devices[0].peak
    # where the agreed method fits, it is kept: no variant on an 80 GB card
    big = plan(spec, gpus=["H100-80GB"], shapes=[(1, 1)])["options"][0]
    assert not big["why_not"] and not big["layout"].endswith(("+qlora", "+lora", "+bf16")), big["layout"]
    assert "method.kind" not in {c["field"] for c in big["spec_changes"]}
    # full fine-tuning in fp32 that fits no single 80 GB card: a bf16 or LoRA variant, said as a change
    full = spec_of("llama-3.1-8b", batch={"micro_batch": 1, "seq_len": 2048}, parallel={"devices": "auto"},
                   task={"tokens": 1e8})  # fmt: skip
    alone = plan(full, gpus=["H100-80GB"], shapes=[(1, 1)])["options"][0]
    assert alone["layout"].rsplit("+", 1)[-1] in ("bf16", "lora", "qlora"), alone["layout"]
    fields = {c["field"] for c in alone["spec_changes"]}
    assert fields & {"precision.compute", "method.kind"}, alone["spec_changes"]
