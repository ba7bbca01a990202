"""The readiness probe's measurements (`trainsizer probe`, runs/probe.py): run in a process of their own, so
that a CUDA fault or a hung collective is a result of the parent, never its crash.

    python -m trainsizer.worker.probe local [--quick]          # host CPU and memory, every local GPU
    python -m torch.distributed.run --standalone --nproc-per-node N -m trainsizer.worker.probe collectives
    srun … python -m trainsizer.worker.probe collectives --scope between_nodes   # TRAINSIZER_RANKS=slurm

Each prints JSON lines ``{"figure": {...}}`` (one measured figure: what, where, value, unit, details) and
``{"stage": name}`` as it goes; the parent judges the figures against the expected values (runs/probe.py).
The instruments here are torch's own kernels and NVML's counters: nothing is shared with the estimator.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from typing import Any

GiB = 1 << 30
MiB = 1 << 20


def emit(**payload) -> None:
    sys.stdout.write(json.dumps(payload, default=str) + "\n")
    sys.stdout.flush()


def figure(scope: str, what: str, value: float | None, unit: str, **detail) -> None:
    emit(figure={"scope": scope, "what": what, "value": value, "unit": unit, "detail": detail})


def _timed(fn, sync, min_seconds: float, max_iters: int = 1000) -> tuple[float, int]:
    """Seconds per call of ``fn``: one warm-up, one synchronised call to size the loop, then as many calls as
    fill ``min_seconds`` (at most ``max_iters``) and one synchronisation. Launches are asynchronous on a GPU:
    the loop is sized from a synchronised call, never from how fast the calls return."""
    fn()
    sync()
    t = time.perf_counter()
    fn()
    sync()
    one = max(time.perf_counter() - t, 1e-7)
    iters = max(1, min(max_iters, int(min_seconds / one)))
    start = time.perf_counter()
    for _ in range(iters):
        fn()
    sync()
    return (time.perf_counter() - start) / iters, iters


# -- host ------------------------------------------------------------------------------------------------
def host_figures(quick: bool) -> None:
    import psutil
    import torch

    emit(stage="host")
    vm = psutil.virtual_memory()
    figure("host", "ram_total", vm.total, "B", available=vm.available)
    n = 1024 if quick else 2048
    for name in ("float32", "bfloat16"):
        dtype = getattr(torch, name)
        a, b = torch.randn(n, n, dtype=dtype), torch.randn(n, n, dtype=dtype)
        per, iters = _timed(lambda a=a, b=b: a @ b, lambda: None, 0.3 if quick else 1.0)
        figure(
            "host",
            f"cpu_gemm_{name}",
            2 * n**3 / per / 1e9,
            "GFLOP/s",
            n=n,
            iterations=iters,
            threads=torch.get_num_threads(),
        )
    size = (128 if quick else 512) * MiB
    src = torch.empty(size, dtype=torch.uint8).fill_(1)
    dst = torch.empty_like(src)
    per, iters = _timed(lambda: dst.copy_(src), lambda: None, 0.3 if quick else 1.0)
    figure("host", "ram_copy_bandwidth", 2 * size / per / 1e9, "GB/s", bytes=size, iterations=iters)


# -- GPUs ------------------------------------------------------------------------------------------------
class NvmlWatch:
    """NVML samples of one GPU while a kernel runs: SM clock, throttle reasons, PCIe link, power,
    temperature (the sampler is a thread; NVML calls do not touch the CUDA context)."""

    def __init__(self, index: int):
        self.index = index
        self.samples: list[dict[str, Any]] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        try:
            import pynvml as nv

            nv.nvmlInit()
            self.nv, self.handle = nv, nv.nvmlDeviceGetHandleByIndex(index)
        except Exception:
            self.nv = self.handle = None

    def read(self) -> dict[str, Any]:
        nv, h = self.nv, self.handle
        if nv is None:
            return {}
        reasons_fn = getattr(nv, "nvmlDeviceGetCurrentClocksEventReasons", None) or getattr(
            nv, "nvmlDeviceGetCurrentClocksThrottleReasons", None
        )
        return {
            "sm_clock_mhz": _safe(nv.nvmlDeviceGetClockInfo, h, 1),
            "reasons": _safe(reasons_fn, h) if reasons_fn else None,
            "pcie_generation": _safe(nv.nvmlDeviceGetCurrPcieLinkGeneration, h),
            "pcie_width": _safe(nv.nvmlDeviceGetCurrPcieLinkWidth, h),
            "power_w": (_safe(nv.nvmlDeviceGetPowerUsage, h) or 0) / 1000 or None,
            "temperature_c": _safe(nv.nvmlDeviceGetTemperature, h, 0),
        }

    def _run(self):
        while not self._stop.is_set():
            self.samples.append(self.read())
            self._stop.wait(0.05)

    def __enter__(self):
        self.samples = []
        self._stop.clear()
        if self.nv is not None:
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def summary(self) -> dict[str, Any]:
        s = [x for x in self.samples if x]
        if not s:
            return {}
        reasons = 0
        for x in s:
            reasons |= x.get("reasons") or 0
        clocks = [x["sm_clock_mhz"] for x in s if x.get("sm_clock_mhz")]
        return {
            "sm_clock_mhz_median": sorted(clocks)[len(clocks) // 2] if clocks else None,
            "throttle_reasons": reasons,
            "pcie_generation_max_seen": max((x.get("pcie_generation") or 0 for x in s), default=None),
            "pcie_width_max_seen": max((x.get("pcie_width") or 0 for x in s), default=None),
            "power_w_max": max((x.get("power_w") or 0 for x in s), default=None),
            "temperature_c_max": max((x.get("temperature_c") or 0 for x in s), default=None),
            "samples": len(s),
        }


def _safe(fn, *args):
    try:
        value = fn(*args)
    except Exception:
        return None
    return value.decode() if isinstance(value, bytes) else value


def gpu_health(index: int) -> None:
    """What NVML says of GPU ``index`` before any load: ECC, remapped rows / retired pages, limits, clocks,
    and the processes of others on it."""
    try:
        import pynvml as nv

        nv.nvmlInit()
        h = nv.nvmlDeviceGetHandleByIndex(index)
    except Exception as e:
        figure(f"gpu:{index}", "nvml", None, "", error=f"{type(e).__name__}: {e}")
        return
    scope = f"gpu:{index}"
    figure(scope, "ecc_uncorrected_volatile", _safe(nv.nvmlDeviceGetTotalEccErrors, h, 1, 0), "errors")
    figure(scope, "ecc_uncorrected_aggregate", _safe(nv.nvmlDeviceGetTotalEccErrors, h, 1, 1), "errors")
    rows = _safe(
        nv.nvmlDeviceGetRemappedRows, h
    )  # Ampere and later: (corrected, uncorrected, pending, failed)
    if rows is not None:
        figure(
            scope,
            "remapped_rows",
            rows[1],
            "rows",
            corrected=rows[0],
            pending=bool(rows[2]),
            failure=bool(rows[3]),
        )
    pending = _safe(nv.nvmlDeviceGetRetiredPagesPendingStatus, h)
    if pending is not None:
        figure(scope, "retired_pages_pending", int(bool(pending)), "flag")
    limit = _safe(nv.nvmlDeviceGetPowerManagementLimit, h)
    default = _safe(nv.nvmlDeviceGetPowerManagementDefaultLimit, h)
    figure(
        scope,
        "power_limit",
        limit / 1000 if limit else None,
        "W",
        default_w=default / 1000 if default else None,
    )
    figure(scope, "temperature_idle", _safe(nv.nvmlDeviceGetTemperature, h, 0), "°C")
    figure(
        scope,
        "sm_clock_max",
        _safe(nv.nvmlDeviceGetMaxClockInfo, h, 1),
        "MHz",
        memory_clock_max=_safe(nv.nvmlDeviceGetMaxClockInfo, h, 2),
    )
    figure(
        scope,
        "pcie_link_max",
        _safe(nv.nvmlDeviceGetMaxPcieLinkGeneration, h),
        "generation",
        width_max=_safe(nv.nvmlDeviceGetMaxPcieLinkWidth, h),
    )
    others = []
    for fn in ("nvmlDeviceGetComputeRunningProcesses", "nvmlDeviceGetGraphicsRunningProcesses"):
        for p in _safe(getattr(nv, fn), h) or []:
            if p.pid == os.getpid():
                continue
            name = None
            try:
                import psutil

                name = psutil.Process(p.pid).name()
            except Exception:
                pass
            used = getattr(p, "usedGpuMemory", None)
            others.append({"pid": p.pid, "name": name, "memory": used if isinstance(used, int) else None})
    figure(scope, "other_processes", len(others), "processes", processes=others)
    links = []
    for i in range(getattr(nv, "NVML_NVLINK_MAX_LINKS", 18)):
        state = _safe(nv.nvmlDeviceGetNvLinkState, h, i)
        if state is None:
            break
        links.append(bool(state))
    figure(scope, "nvlink_active", sum(links) if links else None, "links", links=len(links))


def gpu_figures(index: int, quick: bool) -> None:
    import torch

    emit(stage=f"gpu:{index}")
    gpu_health(index)
    dev = torch.device(f"cuda:{index}")
    scope = f"gpu:{index}"
    watch = NvmlWatch(index)
    props = torch.cuda.get_device_properties(dev)
    figure(
        scope, "device", None, "", name=props.name, memory=props.total_memory, sms=props.multi_processor_count
    )
    n = 4096 if quick else 8192
    budget = 0.3 if quick else 1.0

    def sync():
        torch.cuda.synchronize(dev)

    for what, dtype, tf32 in (
        ("gemm_bf16", torch.bfloat16, False),
        ("gemm_fp16", torch.float16, False),
        ("gemm_tf32", torch.float32, True),
        ("gemm_fp32", torch.float32, False),
    ):
        torch.backends.cuda.matmul.allow_tf32 = tf32
        try:
            a = torch.randn(n, n, device=dev, dtype=dtype)
            b = torch.randn(n, n, device=dev, dtype=dtype)
            out = torch.empty(n, n, device=dev, dtype=dtype)
            with watch:
                per, iters = _timed(lambda a=a, b=b, out=out: torch.mm(a, b, out=out), sync, budget)
            figure(
                scope,
                what,
                2 * n**3 / per / 1e12,
                "TFLOP/s",
                n=n,
                iterations=iters,
                tf32=tf32,
                **watch.summary(),
            )
            del a, b, out
        except Exception as e:  # a kernel that does not run here is a figure that says why
            figure(scope, what, None, "TFLOP/s", error=f"{type(e).__name__}: {str(e)[:300]}")
    torch.backends.cuda.matmul.allow_tf32 = False
    _device_copy(dev, scope, (512 if quick else 2048) * MiB, sync, budget)
    for pinned in (True, False):
        _host_copies(dev, scope, (256 if quick else 1024) * MiB, pinned, sync, budget, watch)
    torch.cuda.empty_cache()


def _device_copy(dev, scope: str, size: int, sync, budget: float) -> None:
    """Device memory bandwidth: a device-to-device copy, bytes read and written counted."""
    import torch

    try:
        src = torch.empty(size, dtype=torch.uint8, device=dev).fill_(1)
        dst = torch.empty_like(src)
        per, iters = _timed(lambda: dst.copy_(src), sync, budget)
    except Exception as e:
        figure(scope, "memory_bandwidth", None, "GB/s", error=f"{type(e).__name__}: {str(e)[:300]}")
        return
    figure(scope, "memory_bandwidth", 2 * size / per / 1e9, "GB/s", bytes=size, iterations=iters,
           counted="bytes read + written")  # fmt: skip


def _host_copies(dev, scope: str, size: int, pinned: bool, sync, budget: float, watch: NvmlWatch) -> None:
    """Host-to-device and back, from pinned or pageable memory; NVML watches the PCIe link meanwhile."""
    import torch

    kind = "pinned" if pinned else "pageable"
    try:
        host = torch.empty(size, dtype=torch.uint8, pin_memory=pinned).fill_(1)
        device = torch.empty(size, dtype=torch.uint8, device=dev)
        with watch:
            per, iters = _timed(lambda: device.copy_(host, non_blocking=pinned), sync, budget)
        figure(
            scope, f"h2d_{kind}", size / per / 1e9, "GB/s", bytes=size, iterations=iters, **watch.summary()
        )
        per, iters = _timed(lambda: host.copy_(device, non_blocking=pinned), sync, budget)
        figure(scope, f"d2h_{kind}", size / per / 1e9, "GB/s", bytes=size, iterations=iters)
    except Exception as e:
        figure(scope, f"h2d_{kind}", None, "GB/s", error=f"{type(e).__name__}: {str(e)[:300]}")


def peer_figures(count: int) -> None:
    import torch

    for a in range(count):
        for b in range(count):
            if a != b:
                figure(
                    f"gpu:{a}", "peer_access", int(torch.cuda.can_device_access_peer(a, b)), "flag", peer=b
                )


def local(quick: bool, gpus: bool) -> int:
    host_figures(quick)
    if gpus:
        import torch

        if torch.cuda.is_available():
            count = torch.cuda.device_count()
            for i in range(count):
                gpu_figures(i, quick)
            if count > 1:
                peer_figures(count)
    emit(done=True)
    return 0


# -- between processes (under torchrun) -------------------------------------------------------------------
def time_collective(fn, sync, dev, budget: float) -> tuple[float, int]:
    """Seconds per call of the collective ``fn`` and the calls timed: one warm-up, one call to size the
    loop to ``budget`` seconds, then the loop. Every rank takes the slowest rank's figures (an all-reduce
    of the maximum), so each runs the same number of collectives — a rank that stopped early would leave
    the others waiting forever — and the slowest rank sets the pace."""
    import torch
    import torch.distributed as dist

    def agreed(value: float) -> float:
        t = torch.tensor([value], dtype=torch.float64, device=dev)
        dist.all_reduce(t, op=dist.ReduceOp.MAX)
        return float(t.item())

    fn()
    sync()
    t0 = time.perf_counter()
    fn()
    sync()
    one = agreed(time.perf_counter() - t0)
    iters = max(1, min(200, int(budget / max(one, 1e-7))))
    t0 = time.perf_counter()
    for _ in range(iters):
        fn()
    sync()
    return agreed((time.perf_counter() - t0) / iters), iters


def all_reduce_bus(dev, nbytes: int, budget: float = 0.3) -> dict[str, Any]:
    """The all-reduce bus bandwidth of a training run's own process group, timed after its measured steps
    on a tensor of its gradients' size (1–64 MiB of fp32): nccl-tests' bus bandwidth, 2(n-1)/n of S/t. The
    plan uses it for the run's GPU class instead of the assumed link (runs/history.measured_utilization)."""
    import torch
    import torch.distributed as dist

    world = dist.get_world_size()
    elems = max(MiB, min(64 * MiB, int(nbytes))) // 4
    elems -= elems % world
    x = torch.ones(elems, dtype=torch.float32, device=dev)

    def sync():
        if dev.type == "cuda":
            torch.cuda.synchronize(dev)
        dist.barrier()

    per, iters = time_collective(lambda: dist.all_reduce(x), sync, dev, budget)
    size = elems * 4
    return {
        "bus_gbs": size / per * 2 * (world - 1) / world / 1e9,
        "bytes": size,
        "seconds": per,
        "iterations": iters,
        "ranks": world,
        "backend": dist.get_backend(),
    }


def collectives(quick: bool, size_mib: int | None, scope: str | None = None) -> int:
    import torch
    import torch.distributed as dist

    from trainsizer.worker.__main__ import _ranks_from_slurm

    _ranks_from_slurm()  # the ranks of an srun job step (a Slurm job's nodes: runs/probe_slurm.py)

    local_rank = int(os.environ.get("LOCAL_RANK", 0))
    # TRAINSIZER_PROBE_BACKEND: gloo between CPU processes (the parent's choice without two GPUs), or a
    # backend to try as it is (a test shows that one which cannot start is a result)
    wanted = os.environ.get("TRAINSIZER_PROBE_BACKEND", "")
    use_cuda = torch.cuda.is_available() and wanted != "gloo"
    backend = wanted or ("nccl" if use_cuda else "gloo")
    if use_cuda:
        torch.cuda.set_device(local_rank)
    dev = torch.device(f"cuda:{local_rank}" if use_cuda else "cpu")
    dist.init_process_group(backend)
    rank, world = dist.get_rank(), dist.get_world_size()
    size = (size_mib or (16 if quick else 64) * (8 if use_cuda else 1)) * MiB
    elems = size // 4
    elems -= elems % world
    x = torch.ones(elems, dtype=torch.float32, device=dev)
    gathered = torch.empty(elems * world, dtype=torch.float32, device=dev)
    shard = torch.empty(elems // world, dtype=torch.float32, device=dev)

    def sync():
        if use_cuda:
            torch.cuda.synchronize(dev)
        dist.barrier()

    budget = 0.3 if quick else 1.0
    # nccl-tests' bus bandwidth (PERFORMANCE.md): all-reduce 2(n-1)/n, all-gather and reduce-scatter (n-1)/n
    # of the algorithm bandwidth S/t, S being the size of the full tensor
    tests = (
        ("all_reduce", lambda: dist.all_reduce(x), elems * 4, 2 * (world - 1) / world),
        (
            "all_gather",
            lambda: dist.all_gather_into_tensor(gathered, x),
            elems * 4 * world,
            (world - 1) / world,
        ),
        ("reduce_scatter", lambda: dist.reduce_scatter_tensor(shard, x), elems * 4, (world - 1) / world),
    )
    scope = scope or ("between_gpus" if use_cuda else "between_processes")

    for what, fn, nbytes, factor in tests:
        per, iters = time_collective(fn, sync, dev, budget)
        if rank == 0:
            figure(
                scope,
                what,
                nbytes / per * factor / 1e9,
                "GB/s",
                backend=backend,
                ranks=world,
                bytes=nbytes,
                iterations=iters,
                algbw=nbytes / per / 1e9,
            )
    dist.destroy_process_group()
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m trainsizer.worker.probe")
    ap.add_argument("what", choices=("local", "collectives"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-gpus", action="store_true")
    ap.add_argument("--size-mib", type=int)
    ap.add_argument("--scope", choices=("between_nodes",), help="where the collectives run (default: here)")
    args = ap.parse_args(argv)
    if args.what == "local":
        return local(args.quick, not args.no_gpus)
    return collectives(args.quick, args.size_mib, args.scope)


if __name__ == "__main__":
    sys.exit(main())
