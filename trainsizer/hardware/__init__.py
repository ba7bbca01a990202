"""Hardware inventory: NVML GPUs, CPU, RAM, disk, versions; hypothetical accelerators for planning."""

from trainsizer.hardware.accelerators import ACCELERATORS, Accelerator, parse_device_spec
from trainsizer.hardware.inventory import Inventory, TargetDevice, hypothetical_targets, inventory

__all__ = [
    "ACCELERATORS",
    "Accelerator",
    "Inventory",
    "TargetDevice",
    "hypothetical_targets",
    "inventory",
    "parse_device_spec",
]
