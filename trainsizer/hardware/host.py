"""The host: CPU, RAM, swap, free disk, software versions (psutil; no torch import)."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import platform
import re
import shutil
import socket
from pathlib import Path
from typing import Any


def cpu_model() -> str | None:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith(("model name", "hardware", "processor\t: ")) and ":" in line:
                value = line.split(":", 1)[1].strip()
                if value and not value.isdigit():
                    return value
    except OSError:
        pass
    return platform.processor() or None


def host_info(disk_path: str | os.PathLike = ".") -> dict[str, Any]:
    import psutil

    vm, sw = psutil.virtual_memory(), psutil.swap_memory()
    path = Path(disk_path)
    while not path.exists() and path != path.parent:
        path = path.parent
    try:
        disk = shutil.disk_usage(path)
        disk_free, disk_total = disk.free, disk.total
    except OSError:
        disk_free = disk_total = None
    return {
        "hostname": socket.gethostname(),
        "os": f"{platform.system()} {platform.release()}",
        "cpu_model": cpu_model(),
        "cpu_cores_physical": psutil.cpu_count(logical=False),
        "cpu_cores_logical": psutil.cpu_count(logical=True),
        "ram_total": vm.total,
        "ram_available": vm.available,
        "swap_total": sw.total,
        "swap_used": sw.used,
        "disk_path": str(path.resolve()),
        "disk_free": disk_free,
        "disk_total": disk_total,
    }


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def torch_cuda_version() -> str | None:
    """torch's CUDA build version, read from torch/version.py without importing torch (1.5 s)."""
    spec = importlib.util.find_spec("torch")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "version.py"
    try:
        m = re.search(r"^cuda\s*(?::[^=]*)?=\s*['\"]([^'\"]+)['\"]", path.read_text(), re.M)
    except OSError:
        return None
    return m.group(1) if m else None


def software_versions() -> dict[str, str | None]:
    from trainsizer import __version__

    return {
        "python": platform.python_version(),
        "trainsizer": __version__,
        "torch": _version("torch"),
        "torch_cuda": torch_cuda_version(),
        "transformers": _version("transformers"),
        "peft": _version("peft"),
        "pyside6": _version("PySide6-Essentials") or _version("PySide6"),
        "nvidia-ml-py": _version("nvidia-ml-py"),
    }
