"""`trainsizer presets | devices | estimate`: the catalogue, this machine (or a planned one) and the
estimate."""

from __future__ import annotations

import json
from pathlib import Path

from trainsizer.cli.common import EXIT_NEGATIVE, EXIT_OK, InputError, print_json, words
from trainsizer.cli.spec_cmds import load_spec


def cmd_presets(args) -> int:
    from trainsizer.presets import list_presets
    from trainsizer.ui_common.textfmt import fmt_count, table

    presets = list_presets()
    if args.json:
        print_json([p.summary() for p in presets])
        return EXIT_OK
    t = words(args)
    rows = [
        [p.name, p.family, fmt_count(p.published_params), str(p.summary()["layers"]), t(p.description)]
        for p in presets
    ]
    print(table(rows, [t("preset"), t("family"), t("params"), t("layers"), t("description")]))
    return EXIT_OK


def _on_host(host: str, args: str, spec=None):
    from trainsizer.runs.remote import RemoteError, remote_json

    try:
        return remote_json(host, args, spec=spec)
    except (RemoteError, ValueError) as e:
        raise InputError("--host: %(reason)s", reason=e) from None


def cmd_devices(args) -> int:
    if getattr(args, "host", None):
        data = _on_host(args.host, "devices --json" + (" --known" if args.known else ""))
        if args.json:
            print_json(data)
            return EXIT_OK
        if args.known:
            raise InputError("--known lists this trainsizer's table; leave out --host")
        t = words(args)
        print(t("server %s:", args.host))
        _print_inventory(data, t)
        return EXIT_OK
    from trainsizer.hardware import inventory
    from trainsizer.hardware.accelerators import all_accelerators
    from trainsizer.ui_common.textfmt import fmt_bytes, table

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
        t = words(args)
        heads = [t("key"), t("name"), t("memory"), "bf16 TFLOP/s", "fp32 TFLOP/s", t("interconnect")]
        print(table(rows, heads))
        return EXIT_OK
    inv = inventory()
    if args.json:
        print_json(inv.to_dict())
        return EXIT_OK
    _print_inventory(inv.to_dict(), words(args))
    return EXIT_OK


def _print_inventory(d: dict, t) -> None:
    """This machine's or a server's inventory (Inventory.to_dict()), as `trainsizer devices` prints it."""
    from trainsizer.ui_common.textfmt import NOT_AVAILABLE, fmt_bytes, fmt_value, table

    def fv(v) -> str:  # a figure, or "not available"/"yes"/"no" in the terminal's language
        text = fmt_value(v)
        return t(text) if text in (NOT_AVAILABLE, "yes", "no") else text

    h, v, nvml, gpus = d["host"], d["versions"], d["nvml"], d["gpus"]
    if gpus:
        driver, cuda = fv(nvml.get("driver_version")), fv(nvml.get("cuda_driver_version"))
        print(t("NVIDIA driver %s, CUDA driver %s", driver, cuda))
        rows = [
            [
                f"cuda:{g.get('index')}",
                g.get("name"),
                fmt_bytes(g.get("memory_total")),
                fmt_bytes(g.get("memory_free")),
                fv(g.get("compute_capability")),
                f"gen {fv(g.get('pcie_generation'))} x{fv(g.get('pcie_width'))}",
                fv(g.get("nvlink_active")),
                fv(g.get("mig_mode")),
                fv(g.get("uuid")),
            ]
            for g in gpus
        ]
        heads = [t("device"), t("name"), t("total"), t("free"), "cc", "PCIe", "NVLinks", "MIG", "UUID"]
        print(table(rows, heads))
        for pair, level in (nvml.get("topology") or {}).items():
            print(t("  topology %s: %s", pair, t(level)))
    else:  # NVML's status code and its own message, as the library says them
        print(t("GPUs: none (%s: %s)", nvml.get("status"), nvml.get("message")))
    cores = (fv(h["cpu_model"]), fv(h["cpu_cores_physical"]), fv(h["cpu_cores_logical"]))
    print(t("CPU: %s, %s cores / %s threads", *cores))
    ram = (h["ram_total"], h["ram_available"], h["swap_total"], h["swap_used"])
    print(t("RAM: %s total, %s available; swap %s (%s used)", *map(fmt_bytes, ram)))
    print(
        t("Disk: %s free of %s at %s", fmt_bytes(h["disk_free"]), fmt_bytes(h["disk_total"]), h["disk_path"])
    )
    print(t("Software: %s", ", ".join(f"{k} {fv(val)}" for k, val in v.items())))


def cmd_estimate(args) -> int:
    from trainsizer.cli.render import render_estimate
    from trainsizer.estimate import run_estimate

    spec = load_spec(args.spec)
    if getattr(args, "host", None):
        if args.devices:
            raise InputError("--host sizes the run on that server's own devices; leave out --devices")
        data = _on_host(args.host, "estimate {spec} --json" + (" --traced" if args.traced else ""), spec)
        data["target"] = f"{args.host} (the server's devices)"
        data["target_server"] = args.host
    else:
        data = run_estimate(spec, devices=args.devices, traced=args.traced)
    if args.output:
        Path(args.output).write_text(json.dumps(data, indent=2, default=str) + "\n", encoding="utf-8")
    if args.json:
        print_json(data)
    else:
        print(render_estimate(spec, data, words(args)))
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


def run_plan(spec, args) -> dict:
    from trainsizer.estimate.plan import plan
    from trainsizer.hardware.accelerators import split_outside_braces
    from trainsizer.runs.history import plan_calibration
    from trainsizer.spec import SpecError, SpecIssue

    gpus = split_outside_braces(args.gpus or "") or None
    max_nodes = _limit("--max-nodes", getattr(args, "max_nodes", None))
    shapes = target = None
    if getattr(args, "slurm", False):
        target, gpus, shapes = slurm_target(args.partition or spec.cluster.partition, gpus)
        max_nodes = min(max_nodes or target["nodes"], target["nodes"])
    elif getattr(args, "partition", None):
        raise InputError("--partition: applies with --slurm only")
    try:
        return plan(
            spec,
            gpus=gpus,
            headroom=args.plan_headroom,
            calibration=plan_calibration(spec, getattr(args, "root", None) and Path(args.root)),
            top=args.top,
            max_nodes=max_nodes,
            max_gpus=_limit("--max-gpus", getattr(args, "max_gpus", None)),
            shapes=shapes,
            cluster=target,
        )
    except ValueError as e:
        raise SpecError([SpecIssue.of("--gpus", "device", e)]) from None


def slurm_target(partition: str | None, gpus: list[str] | None):
    """A Slurm partition's nodes as the plan's target (sinfo): the GPU class its Gres names (or ``--gpus``),
    the shapes its nodes can give, and what sinfo said. InputError names what is missing."""
    from trainsizer.estimate.plan import cluster_shapes
    from trainsizer.runs.slurm import SlurmError, partition_target

    try:
        desc = partition_target(partition, gpus[0] if gpus else None, need_gpus=True)
    except SlurmError as e:
        raise InputError("--slurm: %(reason)s", reason=e) from None
    return desc, [desc["gpu_class"]], cluster_shapes(desc["nodes"], desc["gpus_per_node"])


def _limit(option: str, value: int | None) -> int | None:
    if value is not None and value < 1:
        raise InputError("%(option)s: must be at least 1, got %(value)s", option=option, value=value)
    return value


def cmd_plan(args) -> int:
    from trainsizer.cli.render import render_plan
    from trainsizer.estimate.plan import public

    spec = plan_spec(args)
    result = run_plan(spec, args)
    if args.json:
        print_json(public(result))
    else:
        print(render_plan(spec, result, show_all=args.all, t=words(args)))
    return EXIT_OK if result["top"] else EXIT_NEGATIVE


def cmd_remote_setup(args) -> int:
    """Install this trainsizer on a server, in a virtual environment under the user's home there — saying
    what will be installed, and where, before doing it."""
    import sys
    import tempfile

    from trainsizer.problem import fill
    from trainsizer.runs.remote import Connection, Host, RemoteError, local_wheel, run_setup, setup_plan

    try:
        host = Host.parse(args.host)
    except ValueError as e:
        raise InputError("--host: %(reason)s", reason=e) from None
    with tempfile.TemporaryDirectory() as tmp, Connection(host) as conn:
        try:
            info = conn.probe()
            wheel = local_wheel(Path(tmp), args.wheel)
            plan = setup_plan(conn, wheel, args.torch)
        except RemoteError as e:
            raise InputError.of(e) from None
        t = words(args)
        missing = t("not installed")
        print(
            t(
                "%s: python %s (%s), trainsizer %s, torch %s",
                host,
                info.get("python_version"),
                info.get("python"),
                info.get("trainsizer") or missing,
                info.get("torch") or missing,
            )
        )
        print(t("trainsizer remote setup will:"))
        for i, step in enumerate(plan["steps"], 1):
            print(f"  {i}. {fill(t(step['template']), step['params'], step['template'])}")
        if not args.yes:
            if not sys.stdin.isatty():
                print(t("nothing done: add --yes to do it"))
                return EXIT_NEGATIVE
            if input(t("Proceed? [y/N] ")).strip().lower() not in ("y", "yes", "д", "да"):
                print(t("nothing done"))
                return EXIT_NEGATIVE
        try:
            done = run_setup(
                conn, plan, args.torch, on_line=lambda line: print(f"  | {line}", file=sys.stderr)
            )
        except RemoteError as e:
            raise InputError.of(e) from None
    print(t("%s: trainsizer %s installed in %s", host, done["trainsizer"], done["venv"]))
    return EXIT_OK
