"""Parameter statistics from the real architecture, built from its config on the meta device.

To stay fast for 400B-class models, one decoder layer is built (num_hidden_layers = 1) and the
count is scaled by the number of layers; the presets test checks the result against the published
counts of every preset.
"""

from __future__ import annotations

import copy
import json
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Any

LAYER_KEYS = ("num_hidden_layers", "n_layer", "num_layers")


@dataclass(frozen=True)
class LinearShape:
    name: str  # module name inside the layer: q_proj, c_attn, ...
    in_features: int
    out_features: int


@dataclass(frozen=True)
class ParamStats:
    model_type: str
    total: int
    embedding: int
    lm_head: int  # 0 when tied to the embedding
    tied_embeddings: bool
    per_layer: int
    non_layer: int
    layers: int
    hidden_size: int
    intermediate_size: int
    heads: int
    kv_heads: int
    head_dim: int
    vocab_size: int
    max_positions: int | None
    largest_tensor: int
    param_tensors: int  # number of parameter tensors (AdamW keeps a step tensor for each)
    layer_linears: tuple[LinearShape, ...] = field(default_factory=tuple)
    # shapes of one layer's parameters
    layer_tensors: tuple[tuple[int, ...], ...] = field(default_factory=tuple)
    other_tensors: tuple[tuple[int, ...], ...] = field(default_factory=tuple)  # shapes outside the layers
    norm_kind: str = "rms"  # rms | layer: the class of the layer's normalisations
    experts: int = 0
    experts_per_token: int = 0

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["layer_linears"] = [asdict(x) for x in self.layer_linears]
        return d


def _get(cfg, *names, default=None):
    for n in names:
        v = getattr(cfg, n, None)
        if v is not None:
            return v
    return default


def config_dims(cfg) -> dict[str, int]:
    h = _get(cfg, "hidden_size", "n_embd")
    heads = _get(cfg, "num_attention_heads", "n_head")
    kv = _get(cfg, "num_key_value_heads", default=heads) or heads
    head_dim = _get(cfg, "head_dim", default=None) or h // heads
    ffn = _get(cfg, "intermediate_size", "n_inner", default=None) or 4 * h
    return {
        "hidden": h,
        "heads": heads,
        "kv_heads": kv,
        "head_dim": head_dim,
        "ffn": ffn,
        "layers": _get(cfg, *LAYER_KEYS),
        "vocab": cfg.vocab_size,
    }


def _layer_key(cfg) -> str:
    for k in LAYER_KEYS:
        if getattr(cfg, k, None) is not None:
            return k
    raise ValueError("the config names no number of layers (num_hidden_layers / n_layer)")


@lru_cache(maxsize=64)
def _stats_cached(config_json: str) -> ParamStats:
    import torch
    from transformers import AutoConfig

    from trainsizer.model.source import causal_lm_class

    data = json.loads(config_json)
    cfg = AutoConfig.for_model(data.pop("model_type"), **data)
    key = _layer_key(cfg)
    layers = getattr(cfg, key)
    small = copy.deepcopy(cfg)
    setattr(small, key, 1)
    if hasattr(small, "layer_types") and isinstance(small.layer_types, list):
        small.layer_types = small.layer_types[:1]
    cls = causal_lm_class(small)
    with torch.device("meta"):
        model = cls(small)
    from trainsizer.model.build import decoder_layers

    block = decoder_layers(model)[0]
    per_layer = sum(p.numel() for p in block.parameters())
    params = dict(model.named_parameters())  # named_parameters() yields tied weights once
    total_small = sum(p.numel() for p in params.values())
    emb = model.get_input_embeddings().weight
    head = model.get_output_embeddings()
    tied = head is not None and head.weight is emb
    lm_head = 0 if tied or head is None else head.weight.numel()
    linears = tuple(LinearShape(n, *_linear_dims(m)) for n, m in block.named_modules() if _linear_dims(m))
    dims = config_dims(cfg)
    return ParamStats(
        model_type=cfg.model_type,
        total=total_small + (layers - 1) * per_layer,
        embedding=emb.numel(),
        lm_head=lm_head,
        tied_embeddings=tied,
        per_layer=per_layer,
        non_layer=total_small - per_layer,
        layers=layers,
        hidden_size=dims["hidden"],
        intermediate_size=dims["ffn"],
        heads=dims["heads"],
        kv_heads=dims["kv_heads"],
        head_dim=dims["head_dim"],
        vocab_size=cfg.vocab_size,
        max_positions=getattr(cfg, "max_position_embeddings", None),
        largest_tensor=max(p.numel() for p in params.values()),
        param_tensors=(len(params) - len(list(block.parameters()))) + layers * len(list(block.parameters())),
        layer_linears=linears,
        layer_tensors=tuple(tuple(p.shape) for p in block.parameters()),
        other_tensors=tuple(
            tuple(p.shape) for n, p in params.items() if not any(p is q for q in block.parameters())
        ),
        norm_kind="layer" if any(isinstance(m, torch.nn.LayerNorm) for m in block.modules()) else "rms",
        experts=_get(cfg, "num_local_experts", "num_experts", default=0) or 0,
        experts_per_token=_get(cfg, "num_experts_per_tok", default=0) or 0,
    )


@lru_cache(maxsize=64)
def _light_cached(config_json: str) -> ParamStats:
    from trainsizer.model.arith import LightConfig, stats

    return stats(LightConfig(**json.loads(config_json)))


def _linear_dims(module) -> tuple[int, int] | None:
    import torch

    if isinstance(module, torch.nn.Linear):
        return module.in_features, module.out_features
    if type(module).__name__ == "Conv1D":  # GPT-2's transposed linear: weight is (in, out)
        return tuple(module.weight.shape)
    return None


def param_stats(config) -> ParamStats:
    """Statistics of a transformers config (a PretrainedConfig), or of a preset's LightConfig (by arithmetic,
    model/arith.py)."""
    from trainsizer.model.arith import LightConfig

    if isinstance(config, LightConfig):
        return _light_cached(json.dumps(vars(config), sort_keys=True, default=str))
    data = config.to_dict()
    data = {
        k: v for k, v in data.items() if k not in ("transformers_version", "architectures", "_name_or_path")
    }
    return _stats_cached(json.dumps(data, sort_keys=True, default=str))
