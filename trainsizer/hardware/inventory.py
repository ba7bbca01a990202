"""What this machine has (or a hypothetical one has): the devices a run can be sized against."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from trainsizer.hardware.accelerators import match_accelerator, parse_cluster
from trainsizer.hardware.host import host_info, software_versions
from trainsizer.hardware.nvml import NvmlReport, read_nvml


@dataclass(frozen=True)
class TargetDevice:
    """One CUDA device of a target machine, detected or hypothetical."""

    index: int
    name: str
    memory_total: int | None
    compute_capability: tuple[int, int] | None
    tflops: dict[str, float] = field(default_factory=dict)  # empty when the device is not in the table
    hypothetical: bool = False
    node: int = 0
    interconnect: str = ""
    nodes: int = 1  # of the target this device belongs to

    @property
    def label(self) -> str:
        """cuda:i on one node; node<n>/cuda:i when the target has several."""
        return f"cuda:{self.index}" if self.nodes == 1 else f"node{self.node}/cuda:{self.index}"


@dataclass
class Inventory:
    nvml: NvmlReport
    host: dict[str, Any]
    versions: dict[str, str | None]

    @property
    def gpus(self):
        return self.nvml.gpus

    def targets(self) -> list[TargetDevice]:
        out = []
        for g in self.nvml.gpus:
            acc = match_accelerator(g.name, g.memory_total)
            out.append(
                TargetDevice(
                    g.index, g.name, g.memory_total, g.compute_capability, dict(acc.tflops) if acc else {}
                )
            )
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "gpus": [g.to_dict() for g in self.nvml.gpus],
            "nvml": {
                "status": self.nvml.status,
                "message": self.nvml.message,
                "driver_version": self.nvml.driver_version,
                "cuda_driver_version": self.nvml.cuda_driver_version,
                "topology": self.nvml.topology,
            },
            "host": self.host,
            "versions": self.versions,
        }


def inventory(disk_path: str = ".", nvml: Any = None) -> Inventory:
    return Inventory(read_nvml(nvml), host_info(disk_path), software_versions())


def hypothetical_targets(text: str) -> list[TargetDevice]:
    """Devices for planning from "8xH100-80GB" or "2x8xH100-80GB" (accelerators.parse_cluster); raises
    ValueError naming what is wrong."""
    c = parse_cluster(text)
    return [
        TargetDevice(
            i,
            a.name,
            a.memory_total,
            a.compute_capability,
            dict(a.tflops),
            hypothetical=True,
            node=n,
            interconnect=a.interconnect,
            nodes=c.nodes,
        )
        for n in range(c.nodes)
        for i, a in enumerate(c.gpus)
    ]
