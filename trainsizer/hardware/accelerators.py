"""Common accelerators for planning: memory as the driver reports it, and peak dense TFLOP/s per dtype.

Memory totals are what nvidia-smi / NVML report as total for each board (MiB), not the marketing GB.
Peak TFLOP/s are NVIDIA's published dense (no sparsity) tensor-core figures from each product's data
sheet; "fp32" is the non-tensor-core FP32 rate, "tf32" the dense TF32 tensor-core rate. For GeForce
boards bf16/fp16 are the rates with fp32 accumulation, which is what training uses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from trainsizer.problem import BadValue

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
    memory_bandwidth_gbs: float | None = None  # the data sheet's device memory bandwidth, GB/s

    @property
    def family(self) -> str:
        """The model token in NVML's name: "h100", "a100", "4090" ..."""
        return self.key.lower().split("-")[0].removeprefix("rtx")

    @property
    def memory_total(self) -> int:
        return self.memory_mib * MiB


# Device memory bandwidth from each product's data sheet, GB/s (the probe judges its copy test against it).
MEMORY_BANDWIDTH_GBS = {
    "H200-141GB": 4800, "H100-80GB": 3350, "H100-PCIe-80GB": 2000, "A100-80GB": 2039, "A100-40GB": 1555,
    "L40S": 864, "L4": 300, "A10": 600, "RTX4090": 1008, "RTX3090": 936, "V100-32GB": 900, "V100-16GB": 900,
}  # fmt: skip


def _acc(key, name, mib, cc, bf16, fp16, tf32, fp32, link, *aliases):
    return Accelerator(
        key, name, mib, cc, {"bf16": bf16, "fp16": fp16, "tf32": tf32, "fp32": fp32}, link, aliases,
        MEMORY_BANDWIDTH_GBS.get(key),
    )  # fmt: skip


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

_CUSTOM_RE = re.compile(r"^\{(.*)\}$")
_SIZE_RE = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*(GiB|GB|MiB|G|M)?\s*$", re.IGNORECASE)
LINKS = {"nvlink": "NVLink", "pcie": "PCIe", "infiniband": "InfiniBand", "ib": "InfiniBand"}


def _memory_mib(text: str) -> int:
    m = _SIZE_RE.match(text)
    if not m:
        raise BadValue("mem=%(text)r is not a size like 96GiB or 80GB", text=text)
    value, unit = float(m.group(1)), (m.group(2) or "GiB").lower()
    mib = value * {"gib": 1024, "g": 1024, "gb": 1e9 / MiB, "mib": 1, "m": 1}[unit]
    return int(mib)


def custom_accelerator(text: str, key: str = "custom") -> Accelerator:
    """``{mem=96GiB,bf16=989,fp32=60,link=nvlink,name=...}`` (the keys of a user table row as well)."""
    fields: dict[str, str] = {}
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        name, eq, value = item.partition("=")
        if not eq:
            raise BadValue(
                "%(item)r is not key=value (keys: mem, bf16, fp16, fp32, tf32, link, name)", item=item
            )
        fields[name.strip().lower()] = value.strip()
    return _accelerator_from(fields, key)


def _accelerator_from(fields: dict, key: str) -> Accelerator:
    allowed = {"mem", "memory_gib", "bf16", "fp16", "fp32", "tf32", "link", "name", "cc", "mem_bw"}
    unknown = sorted(set(fields) - allowed)
    if unknown:
        raise BadValue(
            "%(key)s: unknown key %(unknown)r (keys: mem, bf16, fp16, fp32, tf32, link, name, mem_bw)",
            key=key,
            unknown=unknown[0],
        )
    if "mem" in fields:
        mib = _memory_mib(str(fields["mem"]))
    elif "memory_gib" in fields:
        mib = _memory_mib(f"{fields['memory_gib']}GiB")
    else:
        raise BadValue("%(key)s: needs mem= (memory per GPU, e.g. mem=96GiB)", key=key)
    if not 1024 <= mib <= 16 << 20:
        raise BadValue("%(key)s: memory per GPU must be between 1 GiB and 16 TiB", key=key)
    tflops = {}
    for dtype in ("bf16", "fp16", "fp32", "tf32"):
        if dtype in fields:
            try:
                tflops[dtype] = float(fields[dtype])
            except (TypeError, ValueError):
                raise BadValue(
                    "%(key)s: %(dtype)s=%(value)r is not a number of TFLOP/s",
                    key=key,
                    dtype=dtype,
                    value=fields[dtype],
                ) from None
            if not 0 < tflops[dtype] < 1e6:
                raise BadValue("%(key)s: %(dtype)s TFLOP/s must be positive", key=key, dtype=dtype)
    if "bf16" not in tflops:
        raise BadValue("%(key)s: needs bf16= (peak dense bf16 TFLOP/s)", key=key)
    tflops.setdefault("fp16", tflops["bf16"])
    tflops.setdefault("tf32", tflops["bf16"] / 2)
    tflops.setdefault("fp32", tflops["bf16"] / 15)
    link = str(fields.get("link", "pcie"))
    cc = (9, 0)
    if "cc" in fields:
        major, _, minor = str(fields["cc"]).partition(".")
        cc = (int(major), int(minor or 0))
    name = str(fields.get("name") or key)
    bandwidth = None
    if "mem_bw" in fields:
        try:
            bandwidth = float(fields["mem_bw"])
        except (TypeError, ValueError):
            raise BadValue(
                "%(key)s: mem_bw=%(value)r is not a number of GB/s", key=key, value=fields["mem_bw"]
            ) from None
        if not 0 < bandwidth < 1e6:
            raise BadValue("%(key)s: mem_bw must be a positive number of GB/s", key=key)
    return Accelerator(key, name, mib, cc, tflops, LINKS.get(link.lower(), link), (), bandwidth)


def user_table_path():
    """The user's own accelerators: ``accelerators.toml`` in trainsizer's config directory."""
    from pathlib import Path

    import platformdirs

    return Path(platformdirs.user_config_dir("trainsizer", appauthor=False)) / "accelerators.toml"


def user_accelerators() -> dict[str, Accelerator]:
    """Rows of the user table (``[NAME]`` with mem, bf16, fp32, link); a broken table raises ValueError naming
    the file and the row."""
    import tomllib

    path = user_table_path()
    if not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise BadValue("%(path)s: %(reason)s", path=str(path), reason=str(e)) from None
    out = {}
    for key, row in data.items():
        if not isinstance(row, dict):
            raise BadValue(
                "%(path)s: [%(key)s] must be a table with mem, bf16, fp32, link", path=str(path), key=key
            )
        try:
            out[key] = _accelerator_from(dict(row), key)
        except ValueError as e:
            raise BadValue("%(path)s: %(reason)s", path=str(path), reason=e) from None
    return out


def all_accelerators() -> dict[str, Accelerator]:
    """The built-in table and the user's own rows (a user row of the same name wins)."""
    return {**ACCELERATORS, **user_accelerators()}


def find_accelerator(name: str) -> Accelerator | None:
    wanted = name.strip().lower()
    for acc in reversed(all_accelerators().values()):
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


@dataclass(frozen=True)
class Cluster:
    """A planned machine: ``nodes`` nodes of ``per_node`` GPUs each (mixed GPUs only on one node)."""

    nodes: int
    gpus: tuple[Accelerator, ...]  # one node's GPUs

    @property
    def count(self) -> int:
        return self.nodes * len(self.gpus)

    def describe(self) -> str:
        head = self.gpus[0]
        same = all(g is head for g in self.gpus)
        one = f"{len(self.gpus)}×{head.key}" if same else ",".join(g.key for g in self.gpus)
        return f"{self.nodes}×{one}" if self.nodes > 1 else one


_COUNT_RE = re.compile(r"^\s*(\d+)\s*[x×*]\s*(.*)$", re.DOTALL)


def _counts(part: str) -> tuple[list[int], str]:
    counts = []
    while True:
        m = _COUNT_RE.match(part)
        if not m:
            return counts, part.strip()
        counts.append(int(m.group(1)))
        part = m.group(2)


def parse_cluster(text: str) -> Cluster:
    """``8xH100-80GB``; ``2x8xH100-80GB`` (nodes × GPUs per node); ``8x{mem=96GiB,bf16=989,link=nvlink}``;
    ``A100-40GB,RTX4090`` (one node, mixed); a name from the user table. Raises ValueError with the reason."""
    text = text.strip()
    if not text:
        raise BadValue("empty device description; expected e.g. 8xH100-80GB or 2x8xH100-80GB")
    counts, rest = _counts(text)
    custom = _CUSTOM_RE.match(rest)
    if custom:
        if len(counts) > 2:
            raise BadValue("%(text)r: at most NODESxGPUSxNAME", text=text)
        nodes, per = (counts[0], counts[1]) if len(counts) == 2 else (1, counts[0] if counts else 1)
        acc = custom_accelerator(custom.group(1))
        return _cluster(nodes, [acc] * per)
    if len(counts) == 2:
        nodes, per = counts
        return _cluster(nodes, [_named(rest)] * per)
    if len(counts) > 2:
        raise BadValue("%(text)r: at most NODESxGPUSxNAME, e.g. 2x8xH100-80GB", text=text)
    gpus: list[Accelerator] = []
    for part in text.split(","):
        c, name = _counts(part)
        if len(c) > 1:
            raise BadValue("%(part)r: several nodes need one GPU kind, e.g. 2x8xH100-80GB", part=part)
        if not re.match(r"^[A-Za-z0-9][A-Za-z0-9._-]*$", name):
            raise BadValue("%(part)r is not a device description like 8xH100-80GB", part=part)
        gpus += [_named(name)] * (c[0] if c else 1)
    return _cluster(1, gpus)


def _cluster(nodes: int, gpus: list[Accelerator]) -> Cluster:
    if not 1 <= nodes <= 4096:
        raise BadValue("node count must be between 1 and 4096, got %(nodes)s", nodes=nodes)
    if not 1 <= len(gpus) <= 1024:
        raise BadValue("device count must be between 1 and 1024, got %(count)s", count=len(gpus))
    return Cluster(nodes, tuple(gpus))


def _named(name: str) -> Accelerator:
    acc = find_accelerator(name)
    if acc is None:
        import difflib

        known = list(all_accelerators())
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.4)
        if close:
            raise BadValue(
                "unknown accelerator %(name)r; did you mean %(close)s? (or describe it: "
                "8x{mem=96GiB,bf16=989,link=nvlink}, or add it to %(table)s)",
                name=name,
                close=close[0],
                table=str(user_table_path()),
            )
        raise BadValue(
            "unknown accelerator %(name)r; known: %(known)s (or describe it: "
            "8x{mem=96GiB,bf16=989,link=nvlink}, or add it to %(table)s)",
            name=name,
            known=", ".join(known),
            table=str(user_table_path()),
        )
    return acc


def parse_device_spec(text: str) -> list[Accelerator]:
    """ "8xH100-80GB" -> eight H100s; "A100-40GB,A100-40GB" -> two; "2x8xH100-80GB" -> sixteen."""
    c = parse_cluster(text)
    return list(c.gpus) * c.nodes


def split_outside_braces(text: str) -> list[str]:
    """ "H100-80GB,{mem=96GiB,bf16=989}" -> ["H100-80GB", "{mem=96GiB,bf16=989}"]."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return [x.strip() for x in [*out, cur] if x.strip()]


def target_limits(text: str) -> tuple[str, int, int] | None:
    """A planned target as the plan's limits: (its GPU class as ``--gpus`` takes it, nodes, GPUs), or None
    for a target that is not a plan of one class (``this machine``, a server, a mixed node)."""
    try:
        cluster = parse_cluster(text)
    except ValueError:
        return None
    head = cluster.gpus[0]
    if not all(g is head for g in cluster.gpus):
        return None
    _, rest = _counts(text.strip())
    return (head.key if head.key in ACCELERATORS else rest), cluster.nodes, cluster.count
