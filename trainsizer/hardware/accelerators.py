"""Common accelerators for planning: memory as the driver reports it, and peak dense TFLOP/s per dtype.

Memory totals are what nvidia-smi / NVML report as total for each board (MiB), not the marketing GB.
Peak TFLOP/s are NVIDIA's published dense (no sparsity) tensor-core figures from each product's data
sheet; "fp32" is the non-tensor-core FP32 rate, "tf32" the dense TF32 tensor-core rate. For GeForce
boards bf16/fp16 are the rates with fp32 accumulation, which is what training uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

MiB = 1 << 20


@dataclass(frozen=True)
class Accelerator:
    key: str
    name: str
    memory_mib: int
    compute_capability: tuple[int, int]
    tflops: dict[str, float]  # dtype -> peak dense TFLOP/s
    interconnect: str
    aliases: tuple[str, ...] = field(default_factory=tuple)

    @property
    def family(self) -> str:
        """The model token in NVML's name: "h100", "a100", "4090" ..."""
        return self.key.lower().split("-")[0].removeprefix("rtx")

    @property
    def memory_total(self) -> int:
        return self.memory_mib * MiB


def _acc(key, name, mib, cc, bf16, fp16, tf32, fp32, link, *aliases):
    return Accelerator(
        key, name, mib, cc, {"bf16": bf16, "fp16": fp16, "tf32": tf32, "fp32": fp32}, link, aliases
    )


ACCELERATORS: dict[str, Accelerator] = {
    a.key: a
    for a in (
        _acc(
            "H200-141GB",
            "NVIDIA H200",
            143771,
            (9, 0),
            989.4,
            989.4,
            494.7,
            66.9,
            "NVLink 4 (900 GB/s)",
            "H200",
        ),
        _acc(
            "H100-80GB",
            "NVIDIA H100 80GB HBM3 (SXM)",
            81559,
            (9, 0),
            989.4,
            989.4,
            494.7,
            66.9,
            "NVLink 4 (900 GB/s)",
            "H100",
            "H100-SXM",
        ),
        _acc(
            "H100-PCIe-80GB",
            "NVIDIA H100 PCIe",
            81559,
            (9, 0),
            756.0,
            756.0,
            378.0,
            51.2,
            "PCIe 5.0 x16",
            "H100-PCIe",
        ),
        _acc(
            "A100-80GB",
            "NVIDIA A100-SXM4-80GB",
            81920,
            (8, 0),
            312.0,
            312.0,
            156.0,
            19.5,
            "NVLink 3 (600 GB/s)",
            "A100-80",
        ),
        _acc(
            "A100-40GB",
            "NVIDIA A100-SXM4-40GB",
            40960,
            (8, 0),
            312.0,
            312.0,
            156.0,
            19.5,
            "NVLink 3 (600 GB/s)",
            "A100",
            "A100-40",
        ),
        _acc("L40S", "NVIDIA L40S", 46068, (8, 9), 362.05, 362.05, 183.0, 91.6, "PCIe 4.0 x16", "L40S-48GB"),
        _acc("L4", "NVIDIA L4", 23034, (8, 9), 121.0, 121.0, 60.0, 30.3, "PCIe 4.0 x16", "L4-24GB"),
        _acc("A10", "NVIDIA A10", 23028, (8, 6), 125.0, 125.0, 62.5, 31.2, "PCIe 4.0 x16", "A10-24GB"),
        _acc(
            "RTX4090",
            "NVIDIA GeForce RTX 4090",
            24564,
            (8, 9),
            165.2,
            165.2,
            82.6,
            82.6,
            "PCIe 4.0 x16",
            "RTX-4090",
            "4090",
        ),
        _acc(
            "RTX3090",
            "NVIDIA GeForce RTX 3090",
            24576,
            (8, 6),
            71.0,
            71.0,
            35.6,
            35.6,
            "PCIe 4.0 x16",
            "RTX-3090",
            "3090",
        ),
        _acc(
            "V100-32GB",
            "Tesla V100-SXM2-32GB",
            32768,
            (7, 0),
            0.0,
            125.0,
            0.0,
            15.7,
            "NVLink 2 (300 GB/s)",
            "V100",
        ),
        _acc(
            "V100-16GB", "Tesla V100-SXM2-16GB", 16384, (7, 0), 0.0, 125.0, 0.0, 15.7, "NVLink 2 (300 GB/s)"
        ),
    )
}

_SPEC_RE = re.compile(r"^\s*(?:(\d+)\s*[x×*]\s*)?([A-Za-z0-9][A-Za-z0-9._-]*)\s*$")


def find_accelerator(name: str) -> Accelerator | None:
    wanted = name.strip().lower()
    for acc in ACCELERATORS.values():
        if wanted == acc.key.lower() or wanted in (a.lower() for a in acc.aliases):
            return acc
    return None


def match_accelerator(device_name: str, memory_total: int | None = None) -> Accelerator | None:
    """The table entry for a detected device's NVML name (for its peak TFLOP/s), or None."""
    tokens = set(re.split(r"[\s_-]+", device_name.lower()))
    family = [a for a in ACCELERATORS.values() if a.family in tokens]
    if not family:
        return None
    pcie = "pcie" in tokens
    family = [a for a in family if ("pcie" in a.key.lower()) == pcie] or family
    if memory_total is None:
        return family[0]
    return min(family, key=lambda a: abs(a.memory_total - memory_total))


def parse_device_spec(text: str) -> list[Accelerator]:
    """ "8xH100-80GB" -> eight H100s; "A100-40GB,A100-40GB" -> two. Raises ValueError with the reason."""
    out: list[Accelerator] = []
    for part in text.split(","):
        m = _SPEC_RE.match(part)
        if not m:
            raise ValueError(f"{part!r} is not a device description like 8xH100-80GB")
        count = int(m.group(1) or 1)
        acc = find_accelerator(m.group(2))
        if acc is None:
            import difflib

            close = difflib.get_close_matches(m.group(2), list(ACCELERATORS), n=1, cutoff=0.4)
            hint = f"; did you mean {close[0]}?" if close else f"; known: {', '.join(ACCELERATORS)}"
            raise ValueError(f"unknown accelerator {m.group(2)!r}{hint}")
        if not 1 <= count <= 1024:
            raise ValueError(f"device count must be between 1 and 1024, got {count}")
        out += [acc] * count
    return out
