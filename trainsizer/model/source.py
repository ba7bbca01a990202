"""Model sources — a preset, a config.json, a local pretrained directory, a hub id in the local cache —
resolved to one Hugging Face config. Problems are SpecErrors naming the field and the file."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trainsizer.presets.catalog import get_preset, list_presets
from trainsizer.spec.errors import SpecError, SpecIssue, closest, show

WEIGHT_PATTERNS = ("*.safetensors", "pytorch_model*.bin")
TOKENIZER_FILES = ("tokenizer.json", "tokenizer.model", "tokenizer_config.json", "vocab.json")


@dataclass
class ResolvedModel:
    """Where a model comes from and its config as plain data."""

    kind: str  # preset | config | pretrained | hub
    name: str
    config: dict[str, Any]
    directory: str | None = None  # pretrained or hub snapshot: weights live here
    tokenizer_dir: str | None = None
    published_params: int | None = None
    notes: list[str] = field(default_factory=list)
    source: str | None = None  # the file the config came from (named in messages)

    @property
    def has_weights(self) -> bool:
        return self.directory is not None


# Sizes in a config that must be positive integers when present (names of the common architectures).
POSITIVE_INT_KEYS = (
    "hidden_size",
    "num_hidden_layers",
    "num_attention_heads",
    "num_key_value_heads",
    "intermediate_size",
    "vocab_size",
    "max_position_embeddings",
    "head_dim",
    "n_embd",
    "n_layer",
    "n_head",
    "n_positions",
    "n_inner",
    "num_local_experts",
    "num_experts",
    "num_experts_per_tok",
    "moe_intermediate_size",
    "d_model",
    "num_layers",
    "num_heads",
    "ffn_dim",
)
MAX_SIZE = 2**31 - 1


def _read_config(path: Path, field_path: str) -> dict[str, Any]:
    from trainsizer.spec.files import SPEC_LIMIT, FileProblem, read_text

    try:
        data = json.loads(read_text(path, limit=SPEC_LIMIT))
    except FileProblem as e:
        raise SpecError([SpecIssue(field_path, "file", e.template, **e.params)]) from None
    except RecursionError:
        raise SpecError(
            [SpecIssue(field_path, "file", "%(path)s: nested too deeply to be a config", path=str(path))]
        ) from None
    except ValueError as e:  # JSONDecodeError, and numbers of thousands of digits
        raise SpecError(
            [
                SpecIssue(
                    field_path,
                    "file",
                    "%(path)s: not valid JSON (%(detail)s)",
                    path=str(path),
                    detail=str(e)[:200],
                )
            ]
        ) from None
    if not isinstance(data, dict) or "model_type" not in data:
        raise SpecError(
            [
                SpecIssue(
                    field_path, "file", "%(path)s: not a Hugging Face config (no model_type)", path=str(path)
                )
            ]
        )
    if not isinstance(data["model_type"], str):
        raise SpecError(
            [
                SpecIssue(
                    field_path,
                    "file",
                    "%(path)s: model_type must be a string, got %(data)s",
                    path=str(path),
                    data=show(data["model_type"]),
                )
            ]
        )
    issues = config_value_issues(data, field_path, str(path))
    if issues:
        raise SpecError(issues)
    return data


def config_value_issues(data: dict[str, Any], field_path: str, where: str) -> list[SpecIssue]:
    """Sizes that no model can have (negative, fractional, NaN, text) and heads that do not divide the width,
    each naming the file and the key — before transformers sees them."""
    out = []
    for key in POSITIVE_INT_KEYS:
        value = data.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_SIZE:
            out.append(
                SpecIssue(
                    field_path,
                    "config",
                    "%(where)s: %(key)s must be a positive integer, got %(value)s",
                    where=where,
                    key=key,
                    value=show(value),
                )
            )
    if out:
        return out
    hidden, heads = (
        data.get("hidden_size") or data.get("n_embd"),
        data.get("num_attention_heads") or data.get("n_head"),
    )
    if hidden and heads and data.get("head_dim") is None and hidden % heads:
        out.append(
            SpecIssue(
                field_path,
                "config",
                "%(where)s: hidden_size %(hidden)s is not divisible by num_attention_heads %(heads)s",
                where=where,
                hidden=hidden,
                heads=heads,
            )
        )
    kv = data.get("num_key_value_heads")
    if heads and kv and heads % kv:
        out.append(
            SpecIssue(
                field_path,
                "config",
                "%(where)s: num_attention_heads %(heads)s is not divisible by num_key_value_heads %(kv)s",
                where=where,
                heads=heads,
                kv=kv,
            )
        )
    return out


def _from_directory(directory: Path, field_path: str, kind: str, name: str) -> ResolvedModel:
    if not directory.is_dir():
        raise SpecError(
            [SpecIssue(field_path, "file", "%(directory)s: not a directory", directory=str(directory))]
        )
    if not os.access(directory, os.R_OK | os.X_OK):
        raise SpecError(
            [SpecIssue(field_path, "file", "%(directory)s: not readable", directory=str(directory))]
        )
    config = _read_config(directory / "config.json", field_path)
    if not any(next(directory.glob(p), None) for p in WEIGHT_PATTERNS):
        raise SpecError(
            [
                SpecIssue(
                    field_path,
                    "file",
                    "%(directory)s: no weights (*.safetensors or pytorch_model.bin)",
                    directory=str(directory),
                )
            ]
        )
    tok = str(directory) if any((directory / f).exists() for f in TOKENIZER_FILES) else None
    notes = [] if tok else ["no tokenizer in the model directory: the built-in byte-level tokenizer is used"]
    return ResolvedModel(
        kind, name, config, str(directory), tok, notes=notes, source=str(directory / "config.json")
    )


def _from_hub_cache(hub_id: str, allow_network: bool) -> ResolvedModel:
    # huggingface_hub knows the cache layout (HF_HUB_CACHE / HF_HOME); we never re-implement it.
    from huggingface_hub import snapshot_download
    from huggingface_hub.errors import LocalEntryNotFoundError

    try:
        path = snapshot_download(hub_id, local_files_only=not allow_network)
    except LocalEntryNotFoundError:
        template = (
            "%(hub_id)s is not in the local Hugging Face cache"
            if allow_network
            else "%(hub_id)s is not in the local Hugging Face cache (the network is off: set "
            "model.allow_network = true to download)"
        )
        raise SpecError([SpecIssue("model.hub_id", "file", template, hub_id=repr(hub_id))]) from None
    except Exception as e:  # invalid id, network failure: a message, never a traceback
        raise SpecError(
            [
                SpecIssue(
                    "model.hub_id",
                    "file",
                    "%(hub_id)s cannot be resolved: %(e)s",
                    hub_id=repr(hub_id),
                    e=str(e),
                )
            ]
        ) from None
    return _from_directory(Path(path), "model.hub_id", "hub", hub_id)


# Architectures whose positions are a learned table (its size is in the weights): model.max_positions cannot
# stretch them; rotary and ALiBi models take any number of positions.
LEARNED_POSITIONS = ("gpt2", "gpt_bigcode", "gpt_neo", "opt", "biogpt", "xglm")


def resolve_model(model) -> ResolvedModel:
    """Resolve a ModelSpec to a ResolvedModel (no torch, no transformers import), with ``max_positions``
    (when given) over the config's positions — so the estimate, validation and the worker's build agree."""
    resolved = _resolve(model)
    positions = getattr(model, "max_positions", None)
    if positions:
        kind = resolved.config.get("model_type")
        if kind in LEARNED_POSITIONS or "n_positions" in resolved.config:
            rows = resolved.config.get("n_positions") or resolved.config.get("max_position_embeddings")
            raise SpecError(
                [
                    SpecIssue(
                        "model.max_positions",
                        "unsupported",
                        "%(kind)s learns its position embeddings (a table of %(rows)s rows in its "
                        "weights): its positions cannot be stretched; leave max_positions out",
                        kind=show(kind),
                        rows=rows,
                    )
                ]
            )
        resolved.config["max_position_embeddings"] = int(positions)
    return resolved


def _resolve(model) -> ResolvedModel:
    if model.preset:
        preset = get_preset(model.preset)
        if preset is None:
            close = closest(model.preset, [p.name for p in list_presets()])
            raise SpecError(
                [
                    SpecIssue(
                        "model.preset",
                        "unknown",
                        "unknown preset %(preset)s; did you mean %(close)s? (see trainsizer presets)"
                        if close
                        else "unknown preset %(preset)s (see trainsizer presets)",
                        preset=repr(model.preset),
                        close=close,
                    )
                ]
            )
        return ResolvedModel(
            "preset", preset.name, dict(preset.config), published_params=preset.published_params
        )
    if model.config:
        path = Path(model.config).expanduser()
        if path.is_dir():
            path = path / "config.json"
        return ResolvedModel(
            "config", path.parent.name or str(path), _read_config(path, "model.config"), source=str(path)
        )
    if model.pretrained:
        path = Path(model.pretrained).expanduser()
        return _from_directory(path, "model.pretrained", "pretrained", path.name)
    if model.hub_id:
        return _from_hub_cache(model.hub_id, model.allow_network)
    raise SpecError(
        [SpecIssue("model.preset", "missing", "no model: set one of preset, config, pretrained, hub_id")]
    )


def build_config(resolved: ResolvedModel, *, trust_remote_code: bool = False, field_path: str = "model"):
    """A transformers PretrainedConfig from the resolved data (imports transformers)."""
    from transformers import AutoConfig

    data = dict(resolved.config)
    model_type = data.pop("model_type")
    if resolved.directory and trust_remote_code:
        config = AutoConfig.from_pretrained(resolved.directory, trust_remote_code=True)
        if data.get("max_position_embeddings"):  # model.max_positions, as resolve_model set it
            config.max_position_embeddings = data["max_position_embeddings"]
        return config
    where = resolved.source or resolved.name
    try:
        return AutoConfig.for_model(model_type, **data)
    except ValueError as e:
        if model_type not in _known_model_types():
            remote = "auto_map" in data
            raise SpecError(
                [
                    SpecIssue(
                        field_path,
                        "unknown",
                        "%(where)s: unknown architecture %(model_type)s (it may need trust_remote_code = "
                        "true)"
                        if remote
                        else "%(where)s: unknown architecture %(model_type)s",
                        where=where,
                        model_type=show(model_type),
                    )
                ]
            ) from None
        raise SpecError(
            [SpecIssue(field_path, "config", "%(where)s: %(detail)s", where=where, detail=str(e)[:300])]
        ) from None
    except (
        TypeError,
        AttributeError,
        KeyError,
        OverflowError,
        ZeroDivisionError,
    ) as e:  # values of the wrong kind
        raise SpecError(
            [
                SpecIssue(
                    field_path,
                    "config",
                    "%(where)s: %(error)s: %(detail)s",
                    where=where,
                    error=type(e).__name__,
                    detail=str(e)[:300],
                )
            ]
        ) from None


def _known_model_types():
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING

    return CONFIG_MAPPING


def causal_lm_class(config):
    """The transformers class that AutoModelForCausalLM would build, or None when unknown."""
    from transformers.models.auto.modeling_auto import MODEL_FOR_CAUSAL_LM_MAPPING

    try:
        return MODEL_FOR_CAUSAL_LM_MAPPING[type(config)]
    except KeyError:
        return None


def config_issues(spec) -> list[SpecIssue]:
    """The first, pure stage (no transformers): the model resolves (preset, config file, directory), its
    sizes are sane, and the sequence fits its positions — from the config as plain data."""
    if spec.model.hub_id:  # the hub cache layout is huggingface_hub's: the second stage resolves it
        return []
    try:
        resolved = resolve_model(spec.model)
    except SpecError as e:
        return e.issues
    return positions_issues(
        spec, resolved.config.get("max_position_embeddings") or resolved.config.get("n_positions")
    )


def positions_issues(spec, max_pos) -> list[SpecIssue]:
    """The sequence must fit the model's positions (from the config as data or as a transformers object)."""
    if isinstance(max_pos, int) and spec.batch.seq_len > max_pos:
        return [
            SpecIssue(
                "batch.seq_len",
                "range",
                "%(seq_len)s is longer than the model's %(max_pos)s positions",
                seq_len=spec.batch.seq_len,
                max_pos=max_pos,
            )
        ]
    return []


def needs_model_stage(spec) -> bool:
    """Whether validation must load transformers and build the model (on the meta device): LoRA targets,
    a config or checkpoint that transformers has not validated before, remote code, checkpointing support.
    Every preset is built by the test suite, so a plain preset spec is answered by the pure stage."""
    return (
        spec.model.preset is None
        or spec.method.kind in ("lora", "qlora")
        or spec.batch.gradient_checkpointing
        or spec.model.trust_remote_code
    )


def preset_answers(spec) -> bool:
    """Whether the model stage's rules (model_issues: a causal LM class, checkpointing support) are known
    without transformers: a preset without remote code — the suite builds every preset and checks both."""
    return spec.model.preset is not None and not spec.model.trust_remote_code


def model_issues(spec) -> list[SpecIssue]:
    """Rules that need the model's config: it resolves, it is a causal LM, it can do what the spec asks."""
    try:
        resolved = resolve_model(spec.model)
        config = build_config(
            resolved,
            trust_remote_code=spec.model.trust_remote_code,
            field_path=f"model.{resolved.kind if resolved.kind != 'hub' else 'hub_id'}",
        )
    except SpecError as e:
        return e.issues
    out: list[SpecIssue] = []
    cls = causal_lm_class(config)
    if cls is None and not spec.model.trust_remote_code:
        out.append(
            SpecIssue(
                "model",
                "unknown",
                "%(model_type)s is not a causal language model known to transformers",
                model_type=repr(config.model_type),
            )
        )
    if (
        cls is not None
        and spec.batch.gradient_checkpointing
        and not getattr(cls, "supports_gradient_checkpointing", False)
    ):
        out.append(
            SpecIssue(
                "batch.gradient_checkpointing",
                "conflict",
                "%(model_class)s does not support gradient checkpointing",
                model_class=cls.__name__,
            )
        )
    return out + positions_issues(spec, getattr(config, "max_position_embeddings", None))
