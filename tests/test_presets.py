"""Every shipped preset builds on the meta device and matches its published parameter count (after litgpt)."""

import pytest

from trainsizer.model.source import ResolvedModel, build_config, causal_lm_class
from trainsizer.presets import get_preset, list_presets

PRESETS = list_presets()


def test_at_least_twenty_presets_across_families():
    assert len(PRESETS) >= 21
    assert len({p.family for p in PRESETS}) >= 8
    for required in (
        "gpt2",
        "gpt2-xl",
        "llama-3.2-1b",
        "llama-3.2-3b",
        "llama-3.1-8b",
        "llama-3.1-70b",
        "llama-3.1-405b",
        "mistral-7b",
        "mixtral-8x7b",
        "qwen2.5-0.5b",
        "qwen2.5-7b",
        "qwen2.5-72b",
        "gemma-2-2b",
        "gemma-2-9b",
        "phi-3-mini",
        "olmo-2-7b",
        "pythia-160m",
        "tiny-llama",
    ):
        assert get_preset(required) is not None, required


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_preset_parameter_count_matches_published(preset):
    import torch

    config = build_config(ResolvedModel("preset", preset.name, dict(preset.config)))
    cls = causal_lm_class(config)
    assert cls is not None, f"{preset.config['model_type']} is not a causal LM"
    with torch.device("meta"):
        model = cls(config)
    counted = sum(p.numel() for p in model.parameters())  # parameters() yields tied weights once
    assert abs(counted - preset.published_params) <= 0.01 * preset.published_params, (
        counted,
        preset.published_params,
    )


def test_tiny_llama_is_the_small_default():
    tiny = get_preset("tiny-llama")
    assert 5_000_000 <= tiny.published_params <= 10_000_000


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_arithmetic_statistics_match_the_meta_build_to_the_parameter(preset):
    """The fast path (model/arith.py: shapes from the config, no model build) against the meta-device build
    of the real architecture: every count equal, the same tensors and Linear layers."""
    from dataclasses import asdict

    from trainsizer.model import arith
    from trainsizer.model.params import param_stats

    if not arith.known(preset.config["model_type"]):
        pytest.skip(f"{preset.config['model_type']} takes the meta build with this transformers version")
    built = asdict(param_stats(build_config(ResolvedModel("preset", preset.name, dict(preset.config)))))
    computed = asdict(arith.stats(arith.LightConfig.of(dict(preset.config))))
    for key in ("layer_tensors", "other_tensors", "layer_linears"):  # the same multisets, in any order
        built[key], computed[key] = sorted(map(str, built[key])), sorted(map(str, computed[key]))
    assert computed == built


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_every_preset_is_a_causal_lm_that_checkpoints(preset):
    """What lets the estimate of a preset with LoRA or checkpointing skip transformers
    (source.preset_answers): the model stage's rules hold for every preset — its class is a causal LM
    supporting checkpointing."""
    from trainsizer.model.source import model_issues, preset_answers
    from trainsizer.spec import RunSpec

    spec = RunSpec().replace(
        model={"preset": preset.name}, method={"kind": "lora"}, batch={"gradient_checkpointing": True}
    )
    assert preset_answers(spec) and model_issues(spec) == []


@pytest.mark.parametrize("extra", ["", '[method]\nkind = "lora"\n[batch]\ngradient_checkpointing = true\n'])
def test_the_estimate_of_a_preset_needs_neither_torch_nor_transformers(tmp_path, extra):
    """`trainsizer estimate` of a preset answers by arithmetic: no model build, no torch import (the CPU's
    matmul rate is probed once and cached) — with LoRA and checkpointing too (issue 30: those imported
    transformers and took ~5 s); a LoRA target the preset's layers lack is refused by name, not "0
    trained"."""
    import subprocess
    import sys

    spec = tmp_path / "spec.toml"
    spec.write_text('[model]\npreset = "llama-3.1-8b"\n[parallel]\ndevices = "cuda:0"\n' + extra)
    code = (
        "import sys; from trainsizer.cli.parser import main; rc = main(['estimate', sys.argv[1], "
        "'--devices', 'H100-80GB']); print(sorted(m for m in ('torch', 'transformers') if m in sys.modules))"
    )
    p = subprocess.run([sys.executable, "-c", code, str(spec)], capture_output=True, text=True, timeout=120)
    assert p.stdout.strip().splitlines()[-1] == "[]", p.stdout + p.stderr
    assert "Estimate (analytic) on H100-80GB" in p.stdout
    if extra:
        assert "trained" in p.stdout and " 0 trained" not in p.stdout, p.stdout
        spec.write_text(spec.read_text().replace('kind = "lora"', 'kind = "lora"\nlora_targets = ["nope"]'))
        p = subprocess.run(
            [sys.executable, "-m", "trainsizer", "estimate", spec], capture_output=True, text=True
        )
        assert p.returncode == 2 and "[method] lora_targets: no module named nope in this model" in p.stderr
