"""Background memory sampling: psutil for the host, torch.cuda and NVML for GPUs, at a fixed rate.

The thread only reads counters and writes one line per sample; it holds no lock the training loop
needs, so it does not slow the step it measures (bench/sampler_overhead.py shows the ratio).
"""

from __future__ import annotations

import os
import threading


def process_tree_rss(proc, children=None) -> int:
    """RSS of ``proc`` and its children (``children``: a cached list; None scans /proc, ~2 ms)."""
    total = 0
    try:
        total = proc.memory_info().rss
        for child in proc.children(recursive=True) if children is None else children:
            try:
                total += child.memory_info().rss
            except Exception:
                pass
    except Exception:
        pass
    return total


CHILDREN_REFRESH_S = 2.0  # finding children scans all of /proc: do it every 2 s, not at every sample


class ProcReader:
    """Linux fast path: RSS from /proc/<pid>/statm and system memory from /proc/meminfo through file
    descriptors kept open (a few microseconds instead of psutil's ~0.2 ms per sample). None elsewhere."""

    PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096

    def __init__(self):
        self.meminfo = os.open("/proc/meminfo", os.O_RDONLY)
        self.statm: dict[int, int] = {}

    def rss(self, pid: int) -> int:
        fd = self.statm.get(pid)
        if fd is None:
            fd = self.statm[pid] = os.open(f"/proc/{pid}/statm", os.O_RDONLY)
        return int(os.pread(fd, 256, 0).split()[1]) * self.PAGE

    def system(self) -> dict[str, int]:
        fields = {}
        for line in os.pread(self.meminfo, 8192, 0).split(b"\n"):
            key, _, rest = line.partition(b":")
            if key in (b"MemTotal", b"MemAvailable", b"SwapTotal", b"SwapFree"):
                fields[key.decode()] = int(rest.split()[0]) * 1024
        return {
            "system_used": fields["MemTotal"] - fields["MemAvailable"],
            "system_total": fields["MemTotal"],
            "swap_used": fields["SwapTotal"] - fields["SwapFree"],
        }

    def forget(self, pids) -> None:
        for pid in [p for p in self.statm if p not in pids]:
            os.close(self.statm.pop(pid))

    @classmethod
    def create(cls):
        try:
            reader = cls()
            reader.system()
            reader.rss(os.getpid())
            return reader
        except (OSError, ValueError, KeyError, IndexError):
            return None


class NvmlReader:
    """Device used memory through NVML, for the CUDA devices this process uses; None when unavailable."""

    def __init__(self, cuda_indices: list[int]):
        self.handles = {}
        try:
            import pynvml

            pynvml.nvmlInit()
            self.nv = pynvml
            visible = os.environ.get("CUDA_VISIBLE_DEVICES")
            ids = (
                [int(x) for x in visible.split(",")]
                if visible and visible.replace(",", "").isdigit()
                else None
            )
            for i in cuda_indices:
                physical = ids[i] if ids and i < len(ids) else i
                self.handles[i] = pynvml.nvmlDeviceGetHandleByIndex(physical)
        except Exception:
            self.nv = None

    def activity(self, index: int) -> dict[str, float | None]:
        """GPU utilisation (%) and power draw (W) now, each None where NVML cannot say."""
        out: dict[str, float | None] = {"util": None, "power_w": None}
        if self.nv is None or index not in self.handles:
            return out
        h = self.handles[index]
        try:
            out["util"] = float(self.nv.nvmlDeviceGetUtilizationRates(h).gpu)
        except Exception:
            pass
        try:
            out["power_w"] = self.nv.nvmlDeviceGetPowerUsage(h) / 1000.0
        except Exception:
            pass
        return out

    def used(self, index: int) -> int | None:
        if self.nv is None or index not in self.handles:
            return None
        try:
            return int(self.nv.nvmlDeviceGetMemoryInfo(self.handles[index]).used)
        except Exception:
            return None


def lower_priority() -> str:
    """Put the calling thread under SCHED_IDLE (Linux): a waking sampler then never preempts a training
    thread and runs only in the gaps. Off by default: bench/sampler_overhead.py measured no overhead to save
    (ratio 1.001 with the normal policy) while SCHED_IDLE halved the sample rate on a fully busy CPU.
    Returns the policy in force ("idle", or "normal" where it is unavailable)."""
    import os

    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))  # pid 0: this thread only
        return "idle"
    except (AttributeError, OSError):
        return "normal"


class Sampler:
    def __init__(self, emitter, hz: float, cuda_indices: list[int], idle_priority: bool = False):
        import psutil

        self.emitter, self.period = emitter, 1.0 / hz
        self.proc = psutil.Process()
        self.cuda = cuda_indices
        self.nvml = NvmlReader(cuda_indices) if cuda_indices else None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="trainsizer-sampler", daemon=True)
        self.peak_rss = 0
        self._children: list = []
        self._children_at = -1e9
        self.peak_nvml: dict[int, int] = {}
        self.last: dict | None = None
        self.paused = False  # a paused sampler keeps its thread asleep (bench/sampler_overhead.py alternates)
        self.fast = ProcReader.create()
        self.policy = "normal"
        self.idle_priority = idle_priority

    def sample(self) -> dict:
        import time

        import psutil

        now = time.monotonic()
        if now - self._children_at > CHILDREN_REFRESH_S:
            try:
                self._children = self.proc.children(recursive=True)
            except Exception:
                self._children = []
            self._children_at = now
            if self.fast:
                self.fast.forget({self.proc.pid, *(c.pid for c in self._children)})
        host = self._host_fast() if self.fast else None
        if host is None:
            vm, sw = psutil.virtual_memory(), psutil.swap_memory()
            host = {
                "rss": process_tree_rss(self.proc, self._children),
                "system_used": vm.total - vm.available,
                "system_total": vm.total,
                "swap_used": sw.used,
            }
        rss = host["rss"]
        self.peak_rss = max(self.peak_rss, rss)
        devices = {}
        if self.cuda:
            import torch

            for i in self.cuda:
                used = self.nvml.used(i) if self.nvml else None
                if used is not None:
                    self.peak_nvml[i] = max(self.peak_nvml.get(i, 0), used)
                devices[f"cuda:{i}"] = {
                    "allocated": torch.cuda.memory_allocated(i),
                    "reserved": torch.cuda.memory_reserved(i),
                    "nvml_used": used,
                    **(self.nvml.activity(i) if self.nvml else {}),
                }
        else:
            devices["cpu"] = {"allocated": None, "reserved": None, "nvml_used": None}
        data = {"devices": devices, "host": host}
        self.last = data
        return data

    def _host_fast(self) -> dict | None:
        try:
            rss = self.fast.rss(self.proc.pid)
            for child in self._children:
                try:
                    rss += self.fast.rss(child.pid)
                except (OSError, ValueError, IndexError):
                    pass
            return {"rss": rss, **self.fast.system()}
        except (OSError, ValueError, KeyError, IndexError):
            return None

    def _run(self) -> None:
        if self.idle_priority:
            self.policy = lower_priority()
        while not self._stop.wait(self.period):
            if not self.paused:
                self.emitter.emit("sample", **self.sample())

    def start(self) -> Sampler:
        self.emitter.emit("sample", **self.sample())
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.emitter.emit("sample", **self.sample())
