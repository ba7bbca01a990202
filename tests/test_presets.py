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
