"""Step-time statistics, the same for every engine (the builtin loop, the Trainer, the customer's command)."""

from __future__ import annotations

import math
import statistics


def step_statistics(times: list[float]) -> dict[str, float | int | None]:
    """Median, 95th percentile (nearest rank), minimum and count of step times in seconds."""
    if not times:
        return {"median": None, "p95": None, "min": None, "count": 0}
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return {"median": statistics.median(ordered), "p95": p95, "min": ordered[0], "count": len(ordered)}
