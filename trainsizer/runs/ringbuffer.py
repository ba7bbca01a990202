"""Bounded, peak-preserving time series for the live plot and the report's timeline (numpy only, no Qt).

A series holds at most ``capacity`` points in preallocated arrays. When it is full, neighbouring pairs
are merged into one point that keeps the *larger* value (and the later time), so the whole run stays
visible at half the resolution and no spike is ever hidden; an hour-long run keeps a fixed footprint.
"""

from __future__ import annotations

import numpy as np


class PeakRing:
    def __init__(self, capacity: int = 4096):
        if capacity < 4 or capacity % 2:
            raise ValueError("capacity must be an even number >= 4")
        self.capacity = capacity
        self.t = np.zeros(capacity, dtype=np.float64)  # float64 x values (pyqtgraph precision note)
        self.y = np.zeros(capacity, dtype=np.float64)
        self.n = 0
        self.stride = 1  # raw samples per stored point
        self._pending: tuple[float, float] | None = None  # a partial bucket while stride > 1
        self._pending_count = 0
        self.peak = float("-inf")

    def append(self, t: float, y: float) -> None:
        self.peak = max(self.peak, y)
        if self.stride > 1:
            kept = self._pending[1] if self._pending else y
            self._pending = (t, max(kept, y))
            self._pending_count += 1
            if self._pending_count < self.stride:
                return
            t, y = self._pending
            self._pending, self._pending_count = None, 0
        if self.n == self.capacity:
            self._halve()
        self.t[self.n], self.y[self.n] = t, y
        self.n += 1

    def _halve(self) -> None:
        half = self.capacity // 2
        self.t[:half] = self.t[1::2]
        self.y[:half] = np.maximum(self.y[0::2], self.y[1::2])
        self.n = half
        self.stride *= 2

    def view(self) -> tuple[np.ndarray, np.ndarray]:
        """Stored points plus the partial bucket (so the newest sample is always drawn)."""
        if self._pending is None:
            return self.t[: self.n], self.y[: self.n]
        return np.append(self.t[: self.n], self._pending[0]), np.append(self.y[: self.n], self._pending[1])

    def __len__(self) -> int:
        return self.n + (self._pending is not None)
