"""The run specification: typed sections, strict loading, TOML/JSON round trip (pure Python)."""

from trainsizer.spec.errors import SpecError, SpecIssue
from trainsizer.spec.runspec import SCHEMA_VERSION, SECTIONS, RunSpec, from_dict, load, loads

__all__ = ["SCHEMA_VERSION", "SECTIONS", "RunSpec", "SpecError", "SpecIssue", "from_dict", "load", "loads"]
