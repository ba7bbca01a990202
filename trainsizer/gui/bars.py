"""A stacked bar of itemized bytes against a capacity (painted; cheap enough to redraw on every estimate)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from trainsizer.gui.labels import HOST_ITEMS, ITEMS, label
from trainsizer.ui_common.textfmt import fmt_bytes

# One colour per item, the same in the bar, the plot legend and the report.
COLORS = {
    "weights": "#1f77b4",
    "master_weights": "#aec7e8",
    "gradients": "#ff7f0e",
    "optimizer_states": "#2ca02c",
    "activations": "#d62728",
    "logits_and_loss": "#9467bd",
    "cuda_context": "#8c564b",
    "allocator_overhead": "#e377c2",
    "comm_buffers": "#7f7f7f",
    "other": "#bcbd22",
    "process_baseline": "#8c564b",
    "model_loading_peak": "#17becf",
    "offloaded_states": "#2ca02c",
    "pinned_buffers": "#e377c2",
    "device_working_set": "#d62728",
}


class StackedBar(QWidget):
    def __init__(self, name: str, parent=None):
        super().__init__(parent)
        self.name = name
        self.items: dict[str, int] = {}
        self.capacity: int | None = None
        self.peak: int | None = None
        self.setMinimumHeight(26)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_data(self, items: dict[str, int], capacity: int | None, peak: int | None = None) -> None:
        self.items = {k: v for k, v in items.items() if isinstance(v, int | float) and v > 0}
        self.capacity, self.peak = capacity, peak
        self.setToolTip(
            "\n".join(f"{item_label(k)}: {fmt_bytes(v)}" for k, v in self.items.items())
            + (f"\n{self.capacity_text()}" if self.capacity is not None else "")
        )
        self.update()

    def total(self) -> int:
        return int(self.peak if self.peak is not None else sum(self.items.values()))

    def capacity_text(self) -> str:
        return fmt_bytes(self.capacity) if self.capacity else self.tr("capacity unknown")

    def caption(self) -> str:
        return f"{self.name}  {fmt_bytes(self.total())} / {self.capacity_text()}"

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        # the caption beside the bar, never over its segments
        text_w = p.fontMetrics().horizontalAdvance(self.caption()) + 12
        w, h = max(40, self.width() - 1 - text_w), self.height() - 1
        p.fillRect(0, 0, w, h, QColor("#f3f3f3"))
        # The bar is as long as the peak: the items of the phases do not all live at the peak moment (their
        # sum is larger), so each is drawn as its share of the peak — never past a capacity the peak fits in.
        items_sum = sum(self.items.values()) or 1
        total = self.total()
        scale = max(self.capacity or 0, total, 1)
        x = 0.0
        for key, value in self.items.items():
            width = w * (value / items_sum) * total / scale
            p.fillRect(QRectF(x, 0, width, h), QColor(COLORS.get(key, "#999999")))
            x += width
        if self.capacity:
            over = total > self.capacity
            p.setPen(QPen(QColor("#c62828" if over else "#333333"), 2))
            cx = w * self.capacity / scale
            p.drawLine(int(cx), 0, int(cx), h)
        p.setPen(QColor("#000000"))
        p.drawText(
            QRectF(w + 6, 0, self.width() - w - 6, h),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
            self.caption(),
        )
        p.end()


def item_label(key: str) -> str:
    """Words for an item of a device or of the host, never the key ("process_baseline")."""
    return label(ITEMS, key) if key in ITEMS else label(HOST_ITEMS, key)
