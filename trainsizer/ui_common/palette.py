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


HOST_SHADES = ["#555555", "#999999", "#222222", "#bbbbbb"]  # the host series: greys, told apart


def _hue(i: int) -> str:
    """A colour for the i-th series past the fixed ones: hues a golden angle apart (never the same twice in
    the hundreds of series a plot could show), saturated enough to read on white."""
    import colorsys

    r, g, b = colorsys.hsv_to_rgb((0.11 + i * 0.381966) % 1.0, 0.75, 0.8)
    return f"#{int(r * 255):02x}{int(g * 255):02x}{int(b * 255):02x}"


def device_color(device: str, devices: list[str]) -> str:
    """Host series (``host``, ``host (rank 1)``) in greys, GPUs by their order among the other series: the
    eight fixed colours, then hues of their own — no two series of one plot share a colour."""
    if device.startswith("host"):
        hosts = [d for d in devices if d.startswith("host")]
        i = hosts.index(device) if device in hosts else 0
        return HOST_SHADES[i] if i < len(HOST_SHADES) else _hue(-1 - i)  # hues the GPUs' never reach
    gpus = [d for d in devices if not d.startswith("host")]
    i = gpus.index(device) if device in gpus else 0
    return DEVICE_COLORS[i] if i < len(DEVICE_COLORS) else _hue(i - len(DEVICE_COLORS))
