"""The readiness probe's figures in words (English; the report and the window translate them through the one
catalog, like every other text: report.text.WORDS lists them)."""

from __future__ import annotations

FIGURE_WORDS = {
    "gemm_bf16": "GEMM bf16",
    "gemm_fp16": "GEMM fp16",
    "gemm_tf32": "GEMM TF32",
    "gemm_fp32": "GEMM fp32 (no TF32)",
    "memory_bandwidth": "memory copy",
    "h2d_pinned": "host→device pinned",
    "d2h_pinned": "device→host pinned",
    "h2d_pageable": "host→device pageable",
    "d2h_pageable": "device→host pageable",
    "ecc_uncorrected_volatile": "ECC uncorrected (boot)",
    "ecc_uncorrected_aggregate": "ECC uncorrected (life)",
    "remapped_rows": "remapped rows",
    "retired_pages_pending": "retired pages pending",
    "power_limit": "power limit",
    "temperature_idle": "temperature (idle)",
    "sm_clock_max": "SM clock max",
    "pcie_link_max": "PCIe link max",
    "other_processes": "other processes",
    "nvlink_active": "NVLink links active",
    "peer_access": "peer access",
    "cpu_gemm_float32": "CPU GEMM fp32",
    "cpu_gemm_bfloat16": "CPU GEMM bf16",
    "ram_total": "RAM",
    "ram_copy_bandwidth": "RAM copy",
    "all_reduce": "all-reduce bus bw",
    "all_gather": "all-gather bus bw",
    "reduce_scatter": "reduce-scatter bus bw",
    "disk_free": "free space",
    "disk_write": "write (fsync'd)",
    "disk_read": "read (page cache dropped)",
    "collectives": "collectives",
    "device": "device",
    "local": "probe",
    "nvml": "NVML",
}
MARK = {"pass": "✓", "below": "✗", "unknown": "·"}
SCOPES = ("between_processes", "between_gpus", "between_nodes")  # a figure's scope between parts (codes)
# The fixed reasons a figure has no expected value (runs/probe.py, the ``why`` of probe_no_expected); the
# edges word them through the catalog (messages.render).
PROBE_WHY = (
    "no peak in the accelerator catalog (accelerators.toml can add one)",
    "no memory bandwidth in the catalog",
    "the PCIe link is not known (NVML)",
    "ECC is off or not reported",
    "NVML gives no power limit",
    "no planned checkpoint (give --spec)",
    "one GPU: nothing between GPUs to measure",
)


def figure_value(f: dict) -> str:
    from trainsizer.ui_common.textfmt import fmt_bytes

    v, unit = f.get("value"), f.get("unit") or ""
    if v is None:
        d = f.get("detail") or {}
        return str(d.get("name") or "—")
    if unit == "B":
        return fmt_bytes(v)
    if unit in ("TFLOP/s", "GB/s", "GFLOP/s"):
        return f"{v:,.1f} {unit}"
    return f"{v:g} {unit}".strip()


def probe_where(doc: dict, words=None) -> str:
    """Where a probe ran, in words: this machine, a server over SSH, or a Slurm job's nodes (``words``
    translates a template, at the edges; English by default)."""

    def w(template: str, *args) -> str:
        return words(template, *args) if words else (template % args if args else template)

    target = doc.get("target") if isinstance(doc.get("target"), dict) else {}
    job = target.get("slurm")
    if isinstance(job, dict):
        text = w("Slurm job %s on %s", job.get("job_id"), job.get("node_list") or "?")
        return text + (" " + w("(login node %s)", job["login_node"]) if job.get("login_node") else "")
    if isinstance(target.get("hosts"), list):
        return w("%s over SSH", ", ".join(map(str, target["hosts"])))
    return target.get("host") or w("this machine")
