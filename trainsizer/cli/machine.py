"""`trainsizer presets | devices | estimate`: the catalogue, this machine (or a planned one) and the
estimate."""

from __future__ import annotations

import json
from pathlib import Path

from trainsizer.cli.common import EXIT_NEGATIVE, EXIT_OK, print_json
from trainsizer.cli.spec_cmds import load_spec


def cmd_presets(args) -> int:
    from trainsizer.presets import list_presets
    from trainsizer.ui_common.textfmt import fmt_count, table

    presets = list_presets()
    if args.json:
        print_json([p.summary() for p in presets])
        return EXIT_OK
    rows = [
        [p.name, p.family, fmt_count(p.published_params), str(p.summary()["layers"]), p.description]
        for p in presets
    ]
    print(table(rows, ["preset", "family", "params", "layers", "description"]))
    return EXIT_OK


def cmd_devices(args) -> int:
    from trainsizer.hardware import inventory
    from trainsizer.hardware.accelerators import all_accelerators
    from trainsizer.ui_common.textfmt import fmt_bytes, fmt_value, table

    if args.known:
        if args.json:
            print_json(
                [
                    {
                        "key": a.key,
                        "name": a.name,
                        "memory_total": a.memory_total,
                        "tflops": a.tflops,
                        "compute_capability": list(a.compute_capability),
                        "interconnect": a.interconnect,
                    }
                    for a in all_accelerators().values()
                ]
            )
            return EXIT_OK
        rows = [
            [
                a.key,
                a.name,
                fmt_bytes(a.memory_total),
                f"{a.tflops['bf16']:g}",
                f"{a.tflops['fp32']:g}",
                a.interconnect,
            ]
            for a in all_accelerators().values()
        ]
        print(table(rows, ["key", "name", "memory", "bf16 TFLOP/s", "fp32 TFLOP/s", "interconnect"]))
        return EXIT_OK
    inv = inventory()
    if args.json:
        print_json(inv.to_dict())
        return EXIT_OK
    h, v = inv.host, inv.versions
    if inv.gpus:
        print(
            f"NVIDIA driver {fmt_value(inv.nvml.driver_version)}, CUDA driver "
            f"{fmt_value(inv.nvml.cuda_driver_version)}"
        )
        rows = [
            [
                f"cuda:{g.index}",
                g.name,
                fmt_bytes(g.memory_total),
                fmt_bytes(g.memory_free),
                fmt_value(g.compute_capability),
                f"gen {fmt_value(g.pcie_generation)} x{fmt_value(g.pcie_width)}",
                fmt_value(g.nvlink_active),
                fmt_value(g.mig_mode),
                fmt_value(g.uuid),
            ]
            for g in inv.gpus
        ]
        print(table(rows, ["device", "name", "total", "free", "cc", "PCIe", "NVLinks", "MIG", "UUID"]))
        for pair, level in inv.nvml.topology.items():
            print(f"  topology {pair}: {level}")
    else:
        print(f"GPUs: none ({inv.nvml.status.replace('_', ' ')}: {inv.nvml.message})")
    print(
        f"CPU: {fmt_value(h['cpu_model'])}, {fmt_value(h['cpu_cores_physical'])} cores / "
        f"{fmt_value(h['cpu_cores_logical'])} threads"
    )
    print(
        f"RAM: {fmt_bytes(h['ram_total'])} total, {fmt_bytes(h['ram_available'])} available; "
        f"swap {fmt_bytes(h['swap_total'])} ({fmt_bytes(h['swap_used'])} used)"
    )
    print(f"Disk: {fmt_bytes(h['disk_free'])} free of {fmt_bytes(h['disk_total'])} at {h['disk_path']}")
    print("Software: " + ", ".join(f"{k} {fmt_value(val)}" for k, val in v.items()))
    return EXIT_OK


def cmd_estimate(args) -> int:
    from trainsizer.cli.render import render_estimate
    from trainsizer.estimate import run_estimate

    spec = load_spec(args.spec)
    data = run_estimate(spec, devices=args.devices, traced=args.traced)
    if args.output:
        Path(args.output).write_text(json.dumps(data, indent=2, default=str) + "\n", encoding="utf-8")
    if args.json:
        print_json(data)
    else:
        print(render_estimate(spec, data))
    return EXIT_NEGATIVE if data["fits"] is False or data["host_fits"] is False else EXIT_OK


def plan_spec(args):
    """The spec with the command line's [task] values over the file's."""
    spec = load_spec(args.spec)
    task = {
        k: v
        for k, v in (
            ("tokens", args.tokens),
            ("epochs", args.epochs),
            ("deadline_hours", args.deadline_hours),
            ("budget_gpu_hours", args.budget_gpu_hours),
            ("utilization", args.utilization),
        )
        if v is not None
    }
    return spec.replace(task=task) if task else spec


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


def run_plan(spec, args) -> dict:
    from trainsizer.estimate.plan import plan
    from trainsizer.runs.history import measured_utilization
    from trainsizer.spec import SpecError, SpecIssue

    try:
        return plan(
            spec,
            gpus=split_outside_braces(args.gpus or "") or None,
            headroom=args.plan_headroom,
            calibration=measured_utilization(getattr(args, "root", None) and Path(args.root)),
            top=args.top,
        )
    except ValueError as e:
        raise SpecError([SpecIssue("--gpus", "device", str(e))]) from None


def cmd_plan(args) -> int:
    from trainsizer.cli.render import render_plan
    from trainsizer.estimate.plan import public

    spec = plan_spec(args)
    result = run_plan(spec, args)
    if args.json:
        print_json(public(result))
    else:
        print(render_plan(spec, result, show_all=args.all))
    return EXIT_OK if result["top"] else EXIT_NEGATIVE
