"""The shipped presets: one JSON file each, a Hugging Face config plus its published parameter count."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from trainsizer.datafiles import resource_dir


@dataclass(frozen=True)
class Preset:
    name: str
    family: str
    description: str
    published_params: int
    params_source: str
    config: dict[str, Any]

    def summary(self) -> dict[str, Any]:
        c = self.config
        return {
            "name": self.name,
            "family": self.family,
            "model_type": c["model_type"],
            "published_params": self.published_params,
            "layers": c.get("num_hidden_layers", c.get("n_layer")),
            "hidden_size": c.get("hidden_size", c.get("n_embd")),
            "vocab_size": c.get("vocab_size"),
            "description": self.description,
        }


@cache
def _catalog() -> dict[str, Preset]:
    out = {}
    for path in sorted(resource_dir("presets").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[data["name"]] = Preset(**data)
    return out


def list_presets() -> list[Preset]:
    return sorted(_catalog().values(), key=lambda p: (p.published_params, p.name))


def get_preset(name: str) -> Preset | None:
    return _catalog().get(name)
