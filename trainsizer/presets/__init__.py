"""Architecture presets as data (resources/presets/*.json), and model sources resolved to a config."""

from trainsizer.presets.catalog import Preset, get_preset, list_presets

__all__ = ["Preset", "get_preset", "list_presets"]
