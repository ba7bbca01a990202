"""Training and held-out data: sources, tokenizers, packing and a checked train/eval split (no Qt)."""

from trainsizer.data.prepare import DataError, PreparedData, prepare_data

__all__ = ["DataError", "PreparedData", "prepare_data"]
