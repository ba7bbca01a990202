"""Model sources: preset, config.json, pretrained directory, hub id from the local cache only."""

import json

import pytest

from trainsizer.model.source import model_issues, resolve_model
from trainsizer.spec import RunSpec, SpecError, from_dict

TINY_GPT2 = {
    "model_type": "gpt2",
    "n_embd": 64,
    "n_layer": 2,
    "n_head": 2,
    "vocab_size": 300,
    "n_positions": 128,
}


def _model(**kw):
    return from_dict({"model": kw}).model


def test_preset_and_unknown_preset():
    assert resolve_model(_model(preset="gpt2")).config["n_layer"] == 12
    with pytest.raises(SpecError) as e:
        resolve_model(_model(preset="lama-3.1-8b"))
    assert (
        e.value.issues[0].path == "model.preset" and "did you mean llama-3.1-8b" in e.value.issues[0].message
    )


def test_config_json_file_and_bad_ones(tmp_path):
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(TINY_GPT2))
    assert resolve_model(_model(config=str(cfg))).config["n_embd"] == 64
    assert resolve_model(_model(config=str(tmp_path))).kind == "config"  # a folder with config.json
    for text, fragment in (("{", "not valid JSON"), ('{"a": 1}', "no model_type")):
        cfg.write_text(text)
        with pytest.raises(SpecError, match=fragment) as e:
            resolve_model(_model(config=str(cfg)))
        assert e.value.issues[0].path == "model.config" and str(cfg) in e.value.issues[0].message
    with pytest.raises(SpecError, match="no such file"):
        resolve_model(_model(config=str(tmp_path / "none.json")))


@pytest.fixture
def pretrained_dir(tmp_path):
    """A real pretrained directory written by transformers' save_pretrained."""
    from transformers import AutoConfig, AutoModelForCausalLM

    cfg = dict(TINY_GPT2)
    model = AutoModelForCausalLM.from_config(AutoConfig.for_model(cfg.pop("model_type"), **cfg))
    out = tmp_path / "tiny-gpt2"
    model.save_pretrained(out)
    return out


@pytest.mark.slow
def test_pretrained_directory(pretrained_dir, tmp_path):
    resolved = resolve_model(_model(pretrained=str(pretrained_dir)))
    assert resolved.kind == "pretrained" and resolved.has_weights and resolved.config["n_layer"] == 2
    assert resolved.tokenizer_dir is None and "byte-level" in resolved.notes[0]
    for f in pretrained_dir.glob("*.safetensors"):
        f.unlink()
    with pytest.raises(SpecError, match="no weights"):
        resolve_model(_model(pretrained=str(pretrained_dir)))
    with pytest.raises(SpecError, match="not a directory") as e:
        resolve_model(_model(pretrained=str(tmp_path / "absent")))
    assert e.value.issues[0].path == "model.pretrained"


@pytest.mark.slow
def test_hub_id_from_local_cache_only(pretrained_dir, tmp_path, monkeypatch):
    # Lay out a real hub cache (models--org--name/refs/main + snapshots/<rev>/) as huggingface_hub writes it.
    cache = tmp_path / "hub"
    repo = cache / "models--acme--tiny-gpt2"
    rev = "0123456789abcdef0123456789abcdef01234567"
    snap = repo / "snapshots" / rev
    snap.mkdir(parents=True)
    for f in pretrained_dir.iterdir():
        (snap / f.name).write_bytes(f.read_bytes())
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(rev)
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    import huggingface_hub.constants as hc

    monkeypatch.setattr(hc, "HF_HUB_CACHE", str(cache))
    resolved = resolve_model(_model(hub_id="acme/tiny-gpt2"))
    assert resolved.kind == "hub" and resolved.directory == str(snap)
    with pytest.raises(SpecError, match="not in the local Hugging Face cache") as e:
        resolve_model(_model(hub_id="acme/absent"))
    assert e.value.issues[0].path == "model.hub_id"


def test_model_issues_positions_and_checkpointing(tmp_path):
    spec = RunSpec().replace(model={"preset": "gpt2"}, batch={"seq_len": 2048})
    [issue] = model_issues(spec)
    assert issue.path == "batch.seq_len" and "1024 positions" in issue.message
    cfg = tmp_path / "config.json"  # OpenAI GPT (gpt-1) has no gradient checkpointing in transformers
    cfg.write_text(
        json.dumps({"model_type": "openai-gpt", "n_embd": 32, "n_layer": 1, "n_head": 2, "vocab_size": 100})
    )
    spec = RunSpec().replace(
        model={"config": str(cfg)}, batch={"gradient_checkpointing": True, "seq_len": 64}
    )
    assert [i.path for i in model_issues(spec)] == ["batch.gradient_checkpointing"]
    assert model_issues(spec.replace(batch={"gradient_checkpointing": False})) == []
