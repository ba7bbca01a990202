"""Colours shared by the live plot and the report's charts, so a device or a phase looks the same in both."""

from __future__ import annotations

DEVICE_COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf"]
HOST_COLOR = "#555555"
PHASE_COLORS = {
    "load": "#bdbdbd",
    "data": "#c6dbef",
    "forward": "#6baed6",
    "backward": "#fd8d3c",
    "optimizer": "#74c476",
    "accounting": "#dadaeb",
    "eval": "#9e9ac8",
    "checkpoint": "#fdd0a2",
}


def device_color(device: str, devices: list[str]) -> str:
    """Host series (also "host (rank 1)") in grey; GPUs by their order among the non-host series."""
    if device.startswith("host"):
        return HOST_COLOR
    gpus = [d for d in devices if not d.startswith("host")]
    return DEVICE_COLORS[gpus.index(device) % len(DEVICE_COLORS)] if device in gpus else DEVICE_COLORS[0]
