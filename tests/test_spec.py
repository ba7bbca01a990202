import dataclasses
import json

import pytest

from trainsizer.hardware import TargetDevice
from trainsizer.spec import SECTIONS, RunSpec, SpecError, from_dict, load, loads
from trainsizer.spec.checks import environment_issues


def _issues(text, fmt="toml"):
    with pytest.raises(SpecError) as e:
        loads(text, fmt=fmt)
    return [str(i) for i in e.value.issues]


def test_defaults_are_valid_and_round_trip_toml_and_json(tmp_path):
    spec = RunSpec()
    assert loads(spec.to_toml()) == spec
    assert loads(spec.to_json(), fmt="json") == spec
    for suffix in (".toml", ".json"):
        path = tmp_path / f"s{suffix}"
        spec.save(path)
        assert load(path) == spec


def test_round_trip_keeps_every_changed_field(tmp_path):
    spec = RunSpec()
    spec = spec.replace(
        model={"preset": "gpt2"},
        method={"kind": "lora", "lora_rank": 8, "lora_targets": ["c_attn"]},
        precision={"compute": "fp16-mixed"},
        optimizer={"name": "sgd-momentum", "lr": 0.01},
        batch={"micro_batch": 2, "seq_len": 128, "gradient_checkpointing": True},
        parallel={"strategy": "ddp", "processes": 2},
        data={"seed": 7, "eval_fraction": 0.2},
        quality={"metric": "perplexity", "rule": "absolute", "threshold": 50.0},
        checkpoint={"dir": "/tmp/ck", "resume_at": 2, "keep": True},
    )
    path = tmp_path / "x.toml"
    spec.save(path)
    back = load(path)
    assert back == spec
    assert back.method.lora_targets == ["c_attn"] and back.checkpoint.dir == "/tmp/ck"


def test_unknown_key_names_section_and_closest_key():
    assert _issues("[batch]\nseqlen = 3\n") == ["[batch] seqlen: unknown key; did you mean seq_len?"]
    assert _issues("[optimiser]\nname = 'sgd'\n") == ["optimiser: unknown section; did you mean optimizer?"]


def test_all_errors_reported_at_once_with_field_and_value():
    msgs = _issues(
        "[batch]\nmicro_batch = -1\nseq_len = 'long'\n[precision]\ncompute = 'bf17'\n[method]\nkind = 3\n"
    )
    assert "[batch] micro_batch: must be at least 1, got -1" in msgs
    assert "[batch] seq_len: must be an integer, got 'long'" in msgs
    assert any(m.startswith("[precision] compute: invalid value 'bf17'; did you mean bf16") for m in msgs)
    assert "[method] kind: must be a string, got 3" in msgs
    assert len(msgs) == 4


@pytest.mark.parametrize(
    "text, path, fragment",
    [
        ("[parallel]\nstrategy = 'ddp'\n", "parallel.strategy", "at least two devices"),
        ("[parallel]\nstrategy = 'fsdp'\ndevices = 'cuda:0'\n", "parallel.strategy", "at least two devices"),
        ("[method]\nkind = 'qlora'\n", "method.kind", "needs a CUDA device"),
        (
            "[checkpoint]\nresume_at = 9\nresume_steps = 6\n",
            "checkpoint.resume_at",
            "before the end of the resume check",
        ),
        ("[parallel]\ncpu_offload = true\n", "parallel.cpu_offload", "needs strategy fsdp"),
        ("[parallel]\ndevices = 'gpu0'\n", "parallel.devices", "expected cpu, auto"),
        ("[data]\nsource = 'path'\n", "data.path", "needs a path"),
        ("[model]\npreset = 'gpt2'\nconfig = 'x.json'\n", "model.config", "only one model source"),
        ("[quality]\nrule = 'relative'\nthreshold = 1.5\n", "quality.threshold", "relative improvement"),
        ("schema = 2\n", "schema", "unsupported schema version"),
    ],
)
def test_cross_field_rules_name_the_field(text, path, fragment):
    with pytest.raises(SpecError) as e:
        loads(text)
    assert any(i.path == path and fragment in i.message for i in e.value.issues), e.value.issues


def test_environment_rules_against_devices():
    v100 = TargetDevice(0, "Tesla V100-SXM2-32GB", 32 << 30, (7, 0))
    a100 = TargetDevice(1, "NVIDIA A100", 80 << 30, (8, 0))
    spec = from_dict({"parallel": {"devices": "cuda:0"}, "precision": {"compute": "bf16-mixed"}})
    [issue] = environment_issues(spec, [v100, a100])
    assert issue.path == "precision.compute" and "7.0" in issue.message
    assert environment_issues(from_dict({"parallel": {"devices": "cuda:1"}}), [v100, a100]) == []
    [missing] = environment_issues(from_dict({"parallel": {"devices": "cuda:3"}}), [v100])
    assert missing.path == "parallel.devices" and "cuda:3 is not present" in missing.message
    qlora = from_dict(
        {"method": {"kind": "qlora"}, "precision": {"compute": "bf16-mixed"}, "parallel": {"devices": "auto"}}
    )
    assert environment_issues(qlora, [])[0].path == "method.kind"


def test_every_field_has_a_description():
    for name, cls in SECTIONS.items():
        for f in dataclasses.fields(cls):
            assert f.metadata.get("help"), f"{name}.{f.name} has no description"


def test_file_problems_name_the_file(tmp_path):
    for path, fragment in ((tmp_path / "missing.toml", "no such file"), (tmp_path, "is a directory")):
        with pytest.raises(SpecError) as e:
            load(path)
        assert str(path) in str(e.value) and fragment in str(e.value)
    bad = tmp_path / "bad.toml"
    bad.write_text("[batch\n")
    with pytest.raises(SpecError, match="not valid TOML"):
        load(bad)
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(SpecError, match="not UTF-8"):
        load(binary)


def test_relative_paths_resolve_against_the_spec_file(tmp_path):
    (tmp_path / "sub").mkdir()
    path = tmp_path / "sub" / "s.json"
    path.write_text(
        json.dumps({"model": {"config": "cfg/config.json"}, "data": {"source": "path", "path": "d.txt"}})
    )
    spec = load(path)
    assert spec.model.config == str(tmp_path / "sub" / "cfg" / "config.json")
    assert spec.model.preset is None
    assert spec.data.path == str(tmp_path / "sub" / "d.txt")


def test_max_positions_stretches_a_rotary_models_context_and_is_refused_for_learned_positions(
    cli_main, tmp_path
):
    """Issue 30: a sequence beyond the model's positions had no override (torchtitan's 262,144-token row of
    Llama 3.1 8B could not be sized). ``model.max_positions`` sets the positions for the estimate, validation
    and the worker's build alike; a model whose positions are a learned table (GPT-2) refuses it by name."""
    from trainsizer.model.build import model_config

    spec = RunSpec().replace(model={"preset": "tiny-llama"}, batch={"seq_len": 4096, "micro_batch": 1})
    path = tmp_path / "long.toml"
    spec.save(path)
    code, _, err = cli_main("spec", "validate", path)
    assert code != 0 and "[batch] seq_len" in err and "positions" in err, err
    longer = spec.replace(model={"max_positions": 8192})
    longer.save(path)
    code, out, err = cli_main("spec", "validate", path)
    assert code == 0, err
    assert model_config(longer)[1].max_position_embeddings == 8192  # what the worker builds
    code, out, err = cli_main("estimate", path, "--json")
    assert code == 0 and json.loads(out)["fits"] is True, err
    RunSpec().replace(model={"preset": "gpt2", "max_positions": 4096}).save(path)
    code, _, err = cli_main("spec", "validate", path)
    assert code != 0 and "max_positions" in err and "learns its position embeddings" in err, err
