"""Hardware inventory: an NVML double for GPUs this machine lacks, the real path everywhere."""

from types import SimpleNamespace

import pytest

from trainsizer.hardware import hypothetical_targets, inventory
from trainsizer.hardware.accelerators import match_accelerator
from trainsizer.hardware.nvml import read_nvml


class NVMLError_LibraryNotFound(Exception):
    pass


class FakeNvml:
    """Answers like pynvml for two H100s; some fields raise like an old driver does."""

    NVML_NVLINK_MAX_LINKS = 4

    def __init__(self, count=2, fail_init=None):
        self.count, self.fail_init, self.shutdown = count, fail_init, False

    def nvmlInit(self):
        if self.fail_init:
            raise self.fail_init

    def nvmlShutdown(self):
        self.shutdown = True

    def nvmlSystemGetDriverVersion(self):
        return b"560.35.03"

    def nvmlSystemGetCudaDriverVersion(self):
        return 12060

    def nvmlDeviceGetCount(self):
        return self.count

    def nvmlDeviceGetHandleByIndex(self, i):
        return i

    def nvmlDeviceGetName(self, h):
        return "NVIDIA H100 80GB HBM3"

    def nvmlDeviceGetUUID(self, h):
        return f"GPU-0000000{h}-aaaa"

    def nvmlDeviceGetSerial(self, h):
        raise RuntimeError("NVML_ERROR_NOT_SUPPORTED")

    def nvmlDeviceGetPciInfo(self, h):
        return SimpleNamespace(busId=f"00000000:0{h}:00.0".encode())

    def nvmlDeviceGetMemoryInfo(self, h):
        return SimpleNamespace(total=81559 << 20, free=80000 << 20, used=1559 << 20)

    def nvmlDeviceGetCudaComputeCapability(self, h):
        return (9, 0)

    def nvmlDeviceGetCurrPcieLinkGeneration(self, h):
        return 5

    def nvmlDeviceGetMaxPcieLinkGeneration(self, h):
        return 5

    def nvmlDeviceGetCurrPcieLinkWidth(self, h):
        return 16

    def nvmlDeviceGetMaxPcieLinkWidth(self, h):
        return 16

    def nvmlDeviceGetNvLinkState(self, h, link):
        return 1 if link < 3 else 0

    def nvmlDeviceGetMigMode(self, h):
        raise RuntimeError("NVML_ERROR_NOT_SUPPORTED")

    def nvmlDeviceGetPowerManagementLimit(self, h):
        return 700000

    def nvmlDeviceGetTopologyCommonAncestor(self, a, b):
        return 10


def test_two_gpus_with_unreadable_fields_are_not_available():
    nv = FakeNvml()
    rep = read_nvml(nv)
    assert rep.status == "ok" and rep.driver_version == "560.35.03" and rep.cuda_driver_version == "12.6"
    g = rep.gpus[1]
    assert (
        g.name == "NVIDIA H100 80GB HBM3"
        and g.uuid == "GPU-00000001-aaaa"
        and g.pci_bus_id == "00000000:01:00.0"
    )
    assert g.memory_total == 81559 << 20 and g.compute_capability == (9, 0)
    assert (g.pcie_generation, g.pcie_width, g.nvlink_active, g.power_limit_w) == (5, 16, 3, 700.0)
    assert g.serial is None and g.mig_mode is None  # not available, no exception
    assert rep.topology == {"0-1": "PCIe switch (single)"}
    assert nv.shutdown


def test_no_library_is_a_normal_state():
    rep = read_nvml(FakeNvml(fail_init=NVMLError_LibraryNotFound("NVML Shared Library Not Found")))
    assert rep.status == "no_library" and rep.gpus == []


def test_inventory_targets_carry_peak_tflops():
    inv = inventory(nvml=FakeNvml())
    [t0, t1] = inv.targets()
    assert t1.label == "cuda:1" and t0.tflops["bf16"] == pytest.approx(989.4) and not t0.hypothetical
    d = inv.to_dict()
    assert d["gpus"][0]["compute_capability"] == [9, 0] and d["host"]["ram_total"] > 0


def test_devices_prints_the_inventory_in_the_terminals_language(capsys, english_words):
    """Issue 31: `trainsizer devices --lang ru` — the GPUs (an NVML double: this machine has none), CPU, RAM,
    disk and software in Russian; NVML's own status words and the library names stay as they are."""
    from trainsizer.cli.machine import _print_inventory
    from trainsizer.report.text import translator

    d = inventory(nvml=FakeNvml()).to_dict()
    _print_inventory(d, translator("ru"))
    ru = capsys.readouterr().out
    assert "драйвер NVIDIA 560.35.03" in ru and "ОЗУ: всего" in ru and "Программы:" in ru, ru
    data = [d["host"], d["versions"], [g["name"] for g in d["gpus"]], [g["uuid"] for g in d["gpus"]]]
    assert english_words(ru, *data, "cc", "gen", "MIG", "NVLinks", "GiB", "B") == [], ru
    _print_inventory(d, translator("en"))
    en = capsys.readouterr().out
    assert "NVIDIA driver 560.35.03" in en and english_words(en, *data, "cc", "gen", "MIG", "NVLinks")


def test_real_inventory_on_this_machine():
    inv = inventory()
    assert inv.nvml.status in ("ok", "no_library", "no_driver", "error")
    assert inv.host["cpu_cores_logical"] >= 1 and inv.host["ram_total"] > 0 and inv.host["disk_free"] > 0
    assert inv.versions["torch"] and inv.versions["transformers"]


@pytest.mark.gpu
def test_real_nvml_sees_the_cuda_devices():
    import torch

    inv = inventory()
    assert inv.nvml.status == "ok" and len(inv.gpus) >= torch.cuda.device_count()
    assert all(g.memory_total and g.uuid for g in inv.gpus)


def test_hypothetical_devices():
    t = hypothetical_targets("8xH100-80GB")
    assert len(t) == 8 and all(d.hypothetical and d.memory_total == 81559 << 20 for d in t)
    assert [d.name for d in hypothetical_targets("A100-40GB,RTX4090")] == [
        "NVIDIA A100-SXM4-40GB",
        "NVIDIA GeForce RTX 4090",
    ]
    with pytest.raises(ValueError, match="did you mean H100-80GB"):
        hypothetical_targets("2xH100-80G")
    with pytest.raises(ValueError, match="not a device description"):
        hypothetical_targets("8 x")


@pytest.mark.parametrize(
    "name, memory, key",
    [
        ("NVIDIA H100 80GB HBM3", 81559 << 20, "H100-80GB"),
        ("NVIDIA H100 PCIe", None, "H100-PCIe-80GB"),
        ("NVIDIA A100-SXM4-40GB", 40960 << 20, "A100-40GB"),
        ("NVIDIA L4", None, "L4"),
        ("NVIDIA L40S", None, "L40S"),
        ("NVIDIA A10", None, "A10"),
        ("NVIDIA GeForce RTX 4090", None, "RTX4090"),
        ("NVIDIA B200", None, None),
    ],
)
def test_match_detected_names_to_the_table(name, memory, key):
    acc = match_accelerator(name, memory)
    assert (acc.key if acc else None) == key
