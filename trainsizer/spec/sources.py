"""Model sources — a preset, a config.json, a local pretrained directory, a hub id in the local cache —
resolved to one Hugging Face config. Problems are SpecErrors naming the field and the file."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trainsizer.presets.catalog import get_preset, list_presets
from trainsizer.spec.errors import SpecError, SpecIssue, did_you_mean

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

    @property
    def has_weights(self) -> bool:
        return self.directory is not None


def _read_config(path: Path, field_path: str) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SpecError([SpecIssue(field_path, "file", f"{path}: no such file")]) from None
    except (OSError, UnicodeDecodeError) as e:
        raise SpecError([SpecIssue(field_path, "file", f"{path}: cannot be read ({e})")]) from None
    except json.JSONDecodeError as e:
        raise SpecError([SpecIssue(field_path, "file", f"{path}: not valid JSON ({e})")]) from None
    if not isinstance(data, dict) or "model_type" not in data:
        raise SpecError([SpecIssue(field_path, "file", f"{path}: not a Hugging Face config (no model_type)")])
    return data


def _from_directory(directory: Path, field_path: str, kind: str, name: str) -> ResolvedModel:
    if not directory.is_dir():
        raise SpecError([SpecIssue(field_path, "file", f"{directory}: not a directory")])
    if not os.access(directory, os.R_OK | os.X_OK):
        raise SpecError([SpecIssue(field_path, "file", f"{directory}: not readable")])
    config = _read_config(directory / "config.json", field_path)
    if not any(next(directory.glob(p), None) for p in WEIGHT_PATTERNS):
        raise SpecError([SpecIssue(field_path, "file", f"{directory}: no weights (*.safetensors or pytorch_model.bin)")])
    tok = str(directory) if any((directory / f).exists() for f in TOKENIZER_FILES) else None
    notes = [] if tok else ["no tokenizer in the model directory: the built-in byte-level tokenizer is used"]
    return ResolvedModel(kind, name, config, str(directory), tok, notes=notes)


def _from_hub_cache(hub_id: str, allow_network: bool) -> ResolvedModel:
    # huggingface_hub knows the cache layout (HF_HUB_CACHE / HF_HOME); we never re-implement it.
    from huggingface_hub import snapshot_download
    from huggingface_hub.errors import LocalEntryNotFoundError

    try:
        path = snapshot_download(hub_id, local_files_only=not allow_network)
    except LocalEntryNotFoundError:
        hint = "" if allow_network else " (the network is off: set model.allow_network = true to download)"
        raise SpecError([SpecIssue("model.hub_id", "file", f"{hub_id!r} is not in the local Hugging Face cache{hint}")]) from None
    except Exception as e:  # invalid id, network failure: a message, never a traceback
        raise SpecError([SpecIssue("model.hub_id", "file", f"{hub_id!r} cannot be resolved: {e}")]) from None
    return _from_directory(Path(path), "model.hub_id", "hub", hub_id)


def resolve_model(model) -> ResolvedModel:
    """Resolve a ModelSpec to a ResolvedModel (no torch, no transformers import)."""
    if model.preset:
        preset = get_preset(model.preset)
        if preset is None:
            hint = did_you_mean(model.preset, [p.name for p in list_presets()])
            raise SpecError([SpecIssue("model.preset", "unknown", f"unknown preset {model.preset!r}{hint} (see trainsizer presets)")])
        return ResolvedModel("preset", preset.name, dict(preset.config), published_params=preset.published_params)
    if model.config:
        path = Path(model.config).expanduser()
        if path.is_dir():
            path = path / "config.json"
        return ResolvedModel("config", path.parent.name or str(path), _read_config(path, "model.config"))
    if model.pretrained:
        path = Path(model.pretrained).expanduser()
        return _from_directory(path, "model.pretrained", "pretrained", path.name)
    if model.hub_id:
        return _from_hub_cache(model.hub_id, model.allow_network)
    raise SpecError([SpecIssue("model.preset", "missing", "no model: set one of preset, config, pretrained, hub_id")])


def build_config(resolved: ResolvedModel, *, trust_remote_code: bool = False, field_path: str = "model"):
    """A transformers PretrainedConfig from the resolved data (imports transformers)."""
    from transformers import AutoConfig

    data = dict(resolved.config)
    model_type = data.pop("model_type")
    if resolved.directory and trust_remote_code:
        return AutoConfig.from_pretrained(resolved.directory, trust_remote_code=True)
    try:
        return AutoConfig.for_model(model_type, **data)
    except ValueError as e:
        hint = " (it may need trust_remote_code = true)" if "auto_map" in data else ""
        raise SpecError([SpecIssue(field_path, "unknown", f"unknown architecture {model_type!r}{hint}: {e}")]) from None


def causal_lm_class(config):
    """The transformers class that AutoModelForCausalLM would build, or None when unknown."""
    from transformers.models.auto.modeling_auto import MODEL_FOR_CAUSAL_LM_MAPPING

    try:
        return MODEL_FOR_CAUSAL_LM_MAPPING[type(config)]
    except KeyError:
        return None


def model_issues(spec) -> list[SpecIssue]:
    """Rules that need the model's config: it resolves, it is a causal LM, it can do what the spec asks."""
    try:
        resolved = resolve_model(spec.model)
        config = build_config(resolved, trust_remote_code=spec.model.trust_remote_code,
                              field_path=f"model.{resolved.kind if resolved.kind != 'hub' else 'hub_id'}")
    except SpecError as e:
        return e.issues
    out: list[SpecIssue] = []
    cls = causal_lm_class(config)
    if cls is None and not spec.model.trust_remote_code:
        out.append(SpecIssue("model", "unknown", f"{config.model_type!r} is not a causal language model known to transformers"))
    if cls is not None and spec.batch.gradient_checkpointing and not getattr(cls, "supports_gradient_checkpointing", False):
        out.append(SpecIssue("batch.gradient_checkpointing", "conflict", f"{cls.__name__} does not support gradient checkpointing"))
    max_pos = getattr(config, "max_position_embeddings", None)
    if isinstance(max_pos, int) and spec.batch.seq_len > max_pos:
        out.append(SpecIssue("batch.seq_len", "range",
                             f"{spec.batch.seq_len} is longer than the model's {max_pos} positions"))
    return out
