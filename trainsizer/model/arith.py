"""Parameter statistics by arithmetic, for the architectures of the presets: no torch, no transformers.

The first estimate must come in well under a second, and a model build on the meta device costs seconds of
imports. For a known family the shapes follow from the config: embedding (vocab × hidden), attention with
grouped-query heads (q: heads·head_dim, k and v: kv_heads·head_dim, fused where the family fuses them), the
MLP (SwiGLU gate/up/down, fused gate_up, or two plain projections; mixture-of-experts weights as the 3-D
tensors transformers 5 keeps), the norms (RMSNorm weight, LayerNorm weight and bias; Gemma 2's four per
layer; Qwen 3's and OLMo 2's q/k norms), biases where the family has them, and a separate or a tied head.
tests/test_presets.py checks every preset against the meta-device build to the parameter; an architecture not
listed here, or a config file, takes that build (model/params.py) — the fallback for everything else.

``LightConfig`` carries the few config values the analytic estimate reads, with the defaults of the family's
transformers config class for what a preset leaves out.
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

from trainsizer.model.params import LinearShape, ParamStats, _get

RMS, LAYER = "rms", "layer"

# The values of transformers' config classes that the analytic estimate reads, where a preset leaves them out.
DEFAULTS: dict[str, dict[str, Any]] = {
    "llama": {"tie_word_embeddings": False, "attention_bias": False, "mlp_bias": False},
    "mistral": {"tie_word_embeddings": False},
    "qwen2": {"tie_word_embeddings": False},
    "qwen3": {"tie_word_embeddings": False, "attention_bias": False, "head_dim": 128},
    "gemma2": {"tie_word_embeddings": True, "head_dim": 256, "final_logit_softcapping": 30.0},
    "olmo2": {"tie_word_embeddings": False, "attention_bias": False},
    "phi3": {"tie_word_embeddings": False, "resid_pdrop": 0.0},
    "phi": {"tie_word_embeddings": False, "resid_pdrop": 0.0},
    "gpt2": {"tie_word_embeddings": True, "attn_pdrop": 0.1, "resid_pdrop": 0.1},
    "gpt_neox": {"tie_word_embeddings": False, "hidden_dropout": 0.0, "attention_bias": True},
    "starcoder2": {"tie_word_embeddings": True, "use_bias": True},
    "mixtral": {"tie_word_embeddings": False},
}
COMMON = {"attention_dropout": 0.0}
LAYER_NORM = {"gpt2", "gpt_neox", "phi", "starcoder2"}


def transformers_major() -> int:
    """The installed transformers' major version, read from its metadata (no import)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return int(version("transformers").split(".")[0])
    except (PackageNotFoundError, ValueError):
        return 0


def known(model_type: str) -> bool:
    """Whether the family is computed here: the dense families always; mixture of experts with the 3-D
    expert tensors of transformers 5 (4.x builds one Linear per expert)."""
    if model_type not in DEFAULTS:
        return False
    return model_type != "mixtral" or transformers_major() >= 5


class LightConfig(SimpleNamespace):
    """A preset's config as plain attributes, with the family's defaults: what the analytic estimate reads."""

    @classmethod
    def of(cls, data: dict[str, Any]) -> LightConfig:
        mt = data["model_type"]
        values = {**COMMON, **DEFAULTS[mt], **data}
        if mt == "gpt2":
            values.setdefault("max_position_embeddings", data.get("n_positions", 1024))
        cfg = cls(**values)
        # Gemma 2 runs eager attention in transformers 5 (its class refuses SDPA); 4.x ran SDPA
        cfg.supports_sdpa = not (mt == "gemma2" and transformers_major() >= 5)
        return cfg

    def get(self, *names, default=None):
        """The first of ``names`` that is set (as model/params.py reads a transformers config)."""
        return _get(self, *names, default=default)


def _lin(name: str, i: int, o: int, bias: bool) -> tuple[LinearShape, list[tuple[int, ...]]]:
    return LinearShape(name, i, o), [(o, i)] + ([(o,)] if bias else [])


def stats(cfg: LightConfig) -> ParamStats:
    """ParamStats of a known family (``known``), by arithmetic."""
    mt = cfg.model_type
    h = cfg.get("hidden_size", "n_embd")
    heads = cfg.get("num_attention_heads", "n_head")
    kv = cfg.get("num_key_value_heads", default=heads)
    hd = cfg.get("head_dim", default=h // heads)
    f = cfg.get("intermediate_size", "n_inner", default=4 * h)
    layers = cfg.get("num_hidden_layers", "n_layer")
    vocab = cfg.vocab_size
    qd, kvd = heads * hd, kv * hd
    linears: list[LinearShape] = []
    tensors: list[tuple[int, ...]] = []

    def add(name, i, o, bias=False):
        lin, shapes = _lin(name, i, o, bias)
        linears.append(lin)
        tensors.extend(shapes)

    def norm(dim=h):
        tensors.extend([(dim,), (dim,)] if mt in LAYER_NORM else [(dim,)])

    if mt == "gpt2":  # Conv1D: weights stored (in, out)
        for name, i, o in (("attn.c_attn", h, 3 * h), ("attn.c_proj", h, h), ("mlp.c_fc", h, f)):
            linears.append(LinearShape(name, i, o))
        linears.append(LinearShape("mlp.c_proj", f, h))
        tensors += [(h,), (h,), (h, 3 * h), (3 * h,), (h, h), (h,), (h,), (h,), (h, f), (f,), (f, h), (h,)]
    elif mt == "gpt_neox":
        norm()
        norm()
        add("attention.query_key_value", h, 3 * h, True)
        add("attention.dense", h, h, True)
        add("mlp.dense_h_to_4h", h, f, True)
        add("mlp.dense_4h_to_h", f, h, True)
    elif mt == "phi3":
        add("self_attn.o_proj", qd, h)
        add("self_attn.qkv_proj", h, qd + 2 * kvd)
        add("mlp.gate_up_proj", h, 2 * f)
        add("mlp.down_proj", f, h)
        norm()
        norm()
    else:
        o_bias = bool(cfg.get("attention_bias")) or mt == "phi" or bool(cfg.get("use_bias"))
        qkv_bias = o_bias or mt == "qwen2"
        add("self_attn.q_proj", h, qd, qkv_bias)
        add("self_attn.k_proj", h, kvd, qkv_bias)
        add("self_attn.v_proj", h, kvd, qkv_bias)
        add("self_attn.dense" if mt == "phi" else "self_attn.o_proj", qd, h, o_bias)
        if mt == "qwen3":
            tensors += [(hd,), (hd,)]
        if mt == "olmo2":
            tensors += [(qd,), (kvd,)]
        if mt == "mixtral":
            e = cfg.num_local_experts
            tensors += [(e, h), (e, 2 * f, h), (e, h, f)]
        elif mt == "phi":
            add("mlp.fc1", h, f, True)
            add("mlp.fc2", f, h, True)
        elif mt == "starcoder2":
            add("mlp.c_fc", h, f, bool(cfg.get("use_bias")))
            add("mlp.c_proj", f, h, bool(cfg.get("use_bias")))
        else:
            mlp_bias = bool(cfg.get("mlp_bias"))
            add("mlp.gate_proj", h, f, mlp_bias)
            add("mlp.up_proj", h, f, mlp_bias)
            add("mlp.down_proj", f, h, mlp_bias)
        for _ in range(1 if mt == "phi" else 4 if mt == "gemma2" else 2):
            norm()
    tied = bool(cfg.tie_word_embeddings)
    other: list[tuple[int, ...]] = [(vocab, h)]
    if mt == "gpt2":
        other.append((cfg.max_position_embeddings, h))
    other += [(h,), (h,)] if mt in LAYER_NORM else [(h,)]
    if not tied:
        other.append((vocab, h))
        if mt == "phi":
            other.append((vocab,))  # phi's lm_head has a bias
    per_layer = sum(math.prod(s) for s in tensors)
    non_layer = sum(math.prod(s) for s in other)
    return ParamStats(
        model_type=mt,
        total=non_layer + layers * per_layer,
        embedding=vocab * h,
        lm_head=0 if tied else vocab * h,
        tied_embeddings=tied,
        per_layer=per_layer,
        non_layer=non_layer,
        layers=layers,
        hidden_size=h,
        intermediate_size=f,
        heads=heads,
        kv_heads=kv,
        head_dim=hd,
        vocab_size=vocab,
        max_positions=cfg.get("max_position_embeddings"),
        largest_tensor=max(math.prod(s) for s in [*tensors, *other]),
        param_tensors=len(other) + layers * len(tensors),
        layer_linears=tuple(linears),
        layer_tensors=tuple(tensors),
        other_tensors=tuple(other),
        norm_kind=LAYER if mt in LAYER_NORM else RMS,
        experts=cfg.get("num_local_experts", "num_experts", default=0),
        experts_per_token=cfg.get("num_experts_per_tok", default=0),
    )


def light_config(spec) -> LightConfig | None:
    """The preset's config as a LightConfig when its family is computed here; None otherwise (a config
    file, a pretrained folder, a hub id, an unknown family: the full path through transformers)."""
    if not spec.model.preset:
        return None
    from trainsizer.presets import get_preset

    preset = get_preset(spec.model.preset)
    if preset is None or not known(preset.config.get("model_type", "")):
        return None
    from trainsizer.model.source import resolve_model

    return LightConfig.of(resolve_model(spec.model).config)  # with model.max_positions, when given
