"""NVIDIA GPUs through NVML, behind one module (after nvitop's libnvml).

pynvml is imported lazily. "No library" or "no driver" is a normal state (an empty list and a status);
every field that cannot be read is None ("not available"), never an exception.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from trainsizer.vocab import TOPOLOGY_WORDS as _TOPOLOGY  # the words are made at the edges


@dataclass
class GpuInfo:
    index: int
    name: str
    uuid: str | None = None
    serial: str | None = None
    pci_bus_id: str | None = None
    memory_total: int | None = None
    memory_free: int | None = None
    memory_used: int | None = None
    compute_capability: tuple[int, int] | None = None
    pcie_generation: int | None = None
    pcie_generation_max: int | None = None
    pcie_width: int | None = None
    pcie_width_max: int | None = None
    nvlink_active: int | None = None
    mig_mode: bool | None = None
    power_limit_w: float | None = None

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["compute_capability"] = list(self.compute_capability) if self.compute_capability else None
        return d


@dataclass
class NvmlReport:
    status: str  # ok | no_library | no_driver | error
    message: str = ""
    driver_version: str | None = None
    cuda_driver_version: str | None = None
    gpus: list[GpuInfo] = field(default_factory=list)
    topology: dict[str, str] = field(default_factory=dict)  # "0-1" -> "NVLink" | "PCIe switch" | ...


def _load_nvml():
    import pynvml

    return pynvml


def _safe(fn, *args, default=None):
    try:
        value = fn(*args)
    except Exception:
        return default
    return value.decode() if isinstance(value, bytes) else value


def _gpu(nv, index: int) -> GpuInfo:
    h = nv.nvmlDeviceGetHandleByIndex(index)
    info = GpuInfo(index=index, name=_safe(nv.nvmlDeviceGetName, h) or "not available")
    info.uuid = _safe(nv.nvmlDeviceGetUUID, h)
    info.serial = _safe(nv.nvmlDeviceGetSerial, h)
    pci = _safe(nv.nvmlDeviceGetPciInfo, h)
    info.pci_bus_id = _safe(lambda: pci.busId.decode() if isinstance(pci.busId, bytes) else pci.busId)
    mem = _safe(nv.nvmlDeviceGetMemoryInfo, h)
    if mem is not None:
        info.memory_total, info.memory_free, info.memory_used = int(mem.total), int(mem.free), int(mem.used)
    cc = _safe(nv.nvmlDeviceGetCudaComputeCapability, h)
    info.compute_capability = tuple(cc) if cc else None
    info.pcie_generation = _safe(nv.nvmlDeviceGetCurrPcieLinkGeneration, h)
    info.pcie_generation_max = _safe(nv.nvmlDeviceGetMaxPcieLinkGeneration, h)
    info.pcie_width = _safe(nv.nvmlDeviceGetCurrPcieLinkWidth, h)
    info.pcie_width_max = _safe(nv.nvmlDeviceGetMaxPcieLinkWidth, h)
    info.nvlink_active = _count_nvlinks(nv, h)
    mig = _safe(nv.nvmlDeviceGetMigMode, h)
    info.mig_mode = bool(mig[0]) if mig else None
    power = _safe(nv.nvmlDeviceGetPowerManagementLimit, h)
    info.power_limit_w = power / 1000.0 if power is not None else None
    return info


def _count_nvlinks(nv, handle) -> int | None:
    links = getattr(nv, "NVML_NVLINK_MAX_LINKS", 18)
    states = [_safe(nv.nvmlDeviceGetNvLinkState, handle, i) for i in range(links)]
    if all(s is None for s in states):
        return None
    return sum(1 for s in states if s)


def _topology(nv, count: int) -> dict[str, str]:
    out = {}
    for a in range(count):
        for b in range(a + 1, count):
            ha, hb = nv.nvmlDeviceGetHandleByIndex(a), nv.nvmlDeviceGetHandleByIndex(b)
            level = _safe(nv.nvmlDeviceGetTopologyCommonAncestor, ha, hb)
            out[f"{a}-{b}"] = _TOPOLOGY.get(level, "not available") if level is not None else "not available"
    return out


def read_nvml(nvml: Any = None) -> NvmlReport:
    """Everything NVML tells about the GPUs. ``nvml`` replaces the pynvml module (tests use a double)."""
    try:
        nv = nvml if nvml is not None else _load_nvml()
    except ImportError:
        return NvmlReport("no_library", "nvidia-ml-py (pynvml) is not installed")
    try:
        nv.nvmlInit()
    except Exception as e:  # NVMLError_LibraryNotFound, DriverNotLoaded, ...
        name = type(e).__name__
        status = "no_library" if "LibraryNotFound" in name else "no_driver" if "Driver" in name else "error"
        return NvmlReport(status, f"{name}: {e}")
    try:
        report = NvmlReport("ok")
        report.driver_version = _safe(nv.nvmlSystemGetDriverVersion)
        cuda = _safe(nv.nvmlSystemGetCudaDriverVersion)
        report.cuda_driver_version = f"{cuda // 1000}.{cuda % 1000 // 10}" if cuda else None
        count = _safe(nv.nvmlDeviceGetCount, default=0)
        for i in range(count):
            try:
                report.gpus.append(_gpu(nv, i))
            except Exception as e:
                report.gpus.append(GpuInfo(index=i, name="not available"))
                report.message = f"cuda:{i}: {e}"
        report.topology = _topology(nv, count) if count > 1 else {}
        return report
    finally:
        _safe(nv.nvmlShutdown)
