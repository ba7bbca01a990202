"""Rules across sections, and rules against a target machine (its devices)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from trainsizer.spec.errors import SpecIssue

if TYPE_CHECKING:
    from trainsizer.spec.runspec import RunSpec


def cross_field_issues(spec: RunSpec) -> list[SpecIssue]:
    out: list[SpecIssue] = []
    par = spec.parallel
    on_cpu = par.on_cpu
    ck = spec.checkpoint
    # trainsizer's own engines run the resume check for resume_steps; a command runs its own steps, and a k
    # past its end is found when it runs ("the stopped run ended before step k"), not guessed here
    if spec.engine.name != "command" and ck.resume_at >= ck.resume_steps:
        out.append(
            SpecIssue(
                "checkpoint.resume_at",
                "range",
                f"must be before the end of the resume check's run (checkpoint.resume_steps = "
                f"{ck.resume_steps}), got {ck.resume_at}",
            )
        )
    if par.strategy in ("ddp", "fsdp", "zero") and not par.auto and par.world_size() < 2:
        how = (
            "set parallel.processes >= 2 to run it here, or devices = auto to plan it on a target such as "
            "--devices 8xH100-80GB"
            if on_cpu
            else "list at least two devices, e.g. cuda:0,1, or devices = auto with a target"
        )
        out.append(
            SpecIssue("parallel.strategy", "conflict", f"{par.strategy} needs at least two devices; {how}")
        )
    out += _job_node_issues(spec)
    if par.hosts and spec.engine.name == "command":  # run_multinode starts trainsizer's worker on each node
        why = "the customer's command on several nodes over SSH is not built yet (it starts its own ranks)"
        out.append(SpecIssue("parallel.hosts", "unsupported", why + "; run it on one server with --host"))
    if par.strategy == "single" and par.world_size() > max(1, par.model_parallel) and spec.cluster.nodes == 1:
        what = "processes" if on_cpu else "devices"
        out.append(
            SpecIssue(
                f"parallel.{what}",
                "conflict",
                f"strategy single runs on one device, got {par.world_size()}; choose ddp or fsdp",
            )
        )
    if par.cpu_offload and par.strategy != "fsdp":
        out.append(
            SpecIssue(
                "parallel.cpu_offload", "conflict", f"offload needs strategy fsdp, got {par.strategy!r}"
            )
        )
    if par.processes > 1 and not on_cpu:
        out.append(
            SpecIssue(
                "parallel.processes", "conflict", 'applies to devices = "cpu" only; list CUDA devices instead'
            )
        )
    if spec.method.kind == "qlora":
        if on_cpu:
            out.append(
                SpecIssue(
                    "method.kind",
                    "conflict",
                    "qlora needs a CUDA device (bitsandbytes 4-bit kernels); devices is cpu",
                )
            )
        if spec.precision.compute == "fp32":
            out.append(
                SpecIssue(
                    "precision.compute", "conflict", "qlora computes in bf16 or fp16; fp32 is not supported"
                )
            )
    if spec.optimizer.name == "adamw-8bit" and on_cpu:
        out.append(
            SpecIssue(
                "optimizer.name", "conflict", "adamw-8bit needs a CUDA device (bitsandbytes); devices is cpu"
            )
        )
    if spec.optimizer.name == "adamw-fused" and spec.precision.compute == "fp16-mixed" and on_cpu:
        out.append(
            SpecIssue(
                "optimizer.name", "conflict", "fused AdamW with a GradScaler needs CUDA; use adamw on the CPU"
            )
        )
    if spec.engine.name in ("hf-trainer", "trl-sft"):
        out += _trainer_issues(spec)
    return out


def run_issues(spec: RunSpec) -> list[SpecIssue]:
    """Options the estimator and planner size but no engine here runs: refused for measure and check
    (sections.PLANNED_ONLY), never accepted and ignored."""
    par, out = spec.parallel, []
    planned = "trainsizer sizes it for planning (estimate, plan), but no engine here runs it"
    if par.strategy == "zero":
        out.append(SpecIssue("parallel.strategy", "planned_only", f"zero (DeepSpeed ZeRO): {planned}"))
    for f, what in (
        ("tensor_parallel", "tensor parallelism"),
        ("pipeline_parallel", "pipeline parallelism"),
        ("context_parallel", "context parallelism"),
    ):
        if getattr(par, f) > 1:
            out.append(SpecIssue(f"parallel.{f}", "planned_only", f"{what}: {planned}"))
    if spec.batch.gradient_checkpointing and spec.batch.checkpoint_policy == "selective":
        out.append(
            SpecIssue("batch.checkpoint_policy", "planned_only", f"selective checkpointing: {planned}")
        )
    return out


def refuse_planned_only(spec: RunSpec) -> None:
    """Raise SpecError when a run is asked of options that only the planner sizes."""
    issues = run_issues(spec)
    if issues:
        from trainsizer.spec.errors import SpecError

        raise SpecError(issues)


def _trainer_issues(spec: RunSpec) -> list[SpecIssue]:
    """What transformers.Trainer cannot honour from a spec: refused, never ignored (worker/hf_engine.py)."""
    par, out = spec.parallel, []
    if par.strategy == "fsdp":
        out.append(
            SpecIssue(
                "engine.name",
                "conflict",
                f"{spec.engine.name} with fsdp is not supported here (the Trainer's FSDP needs "
                "accelerate's FSDP plugin and CUDA); use ddp, or the builtin engine for fsdp",
            )
        )
    if spec.engine.name == "trl-sft":
        from importlib.util import find_spec

        missing = [m for m in ("trl", "datasets") if find_spec(m) is None]
        if missing:
            out.append(
                SpecIssue(
                    "engine.name",
                    "unsupported",
                    f"trl-sft needs {' and '.join(missing)}: pip install 'trainsizer[trl]'",
                )
            )
    devices = par.device_list() if not (par.on_cpu or par.auto) else []
    if par.strategy == "single" and devices and devices != ["cuda:0"]:
        out.append(
            SpecIssue(
                "parallel.devices",
                "conflict",
                f"the Trainer places a single-process run on cuda:0, not {devices[0]}; use cuda:0 or auto "
                "(or CUDA_VISIBLE_DEVICES)",
            )
        )
    return out


def environment_issues(spec: RunSpec, devices: list[Any]) -> list[SpecIssue]:
    """Rules that depend on the target's devices (objects with ``index``, ``name``, ``compute_capability``).

    ``devices`` are the CUDA devices of the target (this machine, or hypothetical ones); empty means none.
    """
    out: list[SpecIssue] = []
    names = spec.parallel.device_list()
    if spec.parallel.on_cpu or spec.parallel.auto:
        wanted = [] if spec.parallel.on_cpu or not devices else [devices[0]]
    else:
        by_index = {d.index: d for d in devices}
        wanted = []
        for name in names:
            idx = int(name.split(":")[1])
            if idx not in by_index:
                have = ", ".join(f"cuda:{d.index}" for d in devices) or "no CUDA device"
                out.append(
                    SpecIssue("parallel.devices", "device", f"{name} is not present (this target has {have})")
                )
            else:
                wanted.append(by_index[idx])
    if spec.method.kind == "qlora" and not wanted and spec.parallel.auto:
        out.append(SpecIssue("method.kind", "conflict", "qlora needs a CUDA device; this target has none"))
    compute = spec.precision.compute
    for d in wanted:
        cc = d.compute_capability
        if compute.startswith("bf16") and cc is not None and tuple(cc) < (8, 0):
            out.append(
                SpecIssue(
                    "precision.compute",
                    "device",
                    f"{compute} needs bf16 support (compute capability 8.0+); cuda:{d.index} {d.name} has "
                    f"{cc[0]}.{cc[1]}",
                )
            )
        if compute.startswith("fp16") and cc is not None and tuple(cc) < (5, 3):
            out.append(
                SpecIssue(
                    "precision.compute",
                    "device",
                    f"{compute} needs fp16 support (compute capability 5.3+); cuda:{d.index} {d.name} has "
                    f"{cc[0]}.{cc[1]}",
                )
            )
    return out


def path_issues(spec: RunSpec) -> list[SpecIssue]:
    """Files and folders the run will need, checked before anything starts (without reading them): the data
    file exists and is a readable regular file (or a saved dataset folder), the model's config is a regular
    file, the checkpoint folder is not an existing file, the attention kernel exists here."""
    import os
    from pathlib import Path

    from trainsizer.spec.files import SPEC_LIMIT, FileProblem, check_regular, kind_of

    out: list[SpecIssue] = []
    d = spec.data
    if d.source == "path" and d.path:
        p = Path(d.path).expanduser()
        if p.is_dir():
            if d.format not in ("auto", "hf-disk"):
                out.append(
                    SpecIssue(
                        "data.path",
                        "file",
                        f"{p}: is a folder; data.format {d.format!r} needs a file "
                        "(a saved dataset folder needs format auto or hf-disk)",
                    )
                )
            elif not (p / "dataset_info.json").exists() and not (p / "dataset_dict.json").exists():
                out.append(
                    SpecIssue(
                        "data.path",
                        "file",
                        f"{p}: is a folder but not a dataset saved with save_to_disk; "
                        "give a text, JSONL or CSV file",
                    )
                )
        else:
            try:
                check_regular(p)
                if not os.access(p, os.R_OK):
                    raise FileProblem(f"{p}: not readable (permission denied)")
            except FileProblem as e:
                out.append(SpecIssue("data.path", "file", str(e)))
            else:
                if d.format == "hf-disk":
                    out.append(
                        SpecIssue("data.format", "file", f"hf-disk needs a dataset folder; {p} is a file")
                    )
    if spec.model.config:
        p = Path(spec.model.config).expanduser()
        try:
            check_regular(p / "config.json" if p.is_dir() else p, limit=SPEC_LIMIT)
        except FileProblem as e:
            out.append(SpecIssue("model.config", "file", str(e)))
    if spec.checkpoint.dir:
        p = Path(spec.checkpoint.dir).expanduser()
        if p.exists() and not p.is_dir():
            out.append(
                SpecIssue(
                    "checkpoint.dir",
                    "file",
                    f"{p}: is an existing {kind_of(p.stat().st_mode)}; "
                    "checkpoints need a folder (it is created when missing)",
                )
            )
    out += _attention_issues(spec)
    out += _command_issues(spec)
    return out


def _job_node_issues(spec: RunSpec) -> list[SpecIssue]:
    """A Slurm job of several nodes ([cluster] nodes > 1): [parallel]'s ranks on each, as srun's tasks."""
    nodes, par = spec.cluster.nodes, spec.parallel
    if nodes == 1:
        return []
    if par.hosts:
        why = "parallel.hosts names the nodes over SSH; give one of them"
        return [SpecIssue("cluster.nodes", "conflict", why)]
    if par.strategy not in ("ddp", "fsdp"):
        return [
            SpecIssue(
                "cluster.nodes",
                "conflict",
                f"a job on {nodes} nodes runs one rank or more on each: choose strategy ddp or fsdp, not "
                f"{par.strategy}",
            )
        ]
    if spec.engine.name == "command":
        return [
            SpecIssue(
                "cluster.nodes",
                "unsupported",
                "the customer's command on several nodes is not built yet (it starts its own ranks); "
                "run it on one node",
            )
        ]
    if par.auto:
        why = f"a job on {nodes} nodes names its devices per node"
        return [SpecIssue("parallel.devices", "conflict", why)]
    return []


def _command_issues(spec: RunSpec) -> list[SpecIssue]:
    """The customer's command: its working folder exists and its program can be found (as the OS will look
    for it: a path relative to the working folder, or a name on PATH)."""
    import os
    import shutil
    from pathlib import Path

    e = spec.engine
    if e.name != "command" or not e.command:
        return []
    out = []
    cwd = Path(e.cwd).expanduser() if e.cwd else None
    if cwd is not None and not cwd.is_dir():
        out.append(SpecIssue("engine.cwd", "file", f"{cwd}: no such folder"))
        return out
    program = e.command[0]
    if os.sep in program or (os.altsep and os.altsep in program):
        found = Path(program).expanduser()
        found = found if found.is_absolute() or cwd is None else cwd / found
        ok = found.is_file() and os.access(found, os.X_OK)
    else:
        ok = shutil.which(program) is not None
    if not ok:
        out.append(
            SpecIssue(
                "engine.command", "file", f"{program}: not found or not executable (the command's program)"
            )
        )
    return out


def _attention_issues(spec: RunSpec) -> list[SpecIssue]:
    import importlib.util

    if spec.model.attn_implementation != "flash_attention_2":
        return []
    if spec.parallel.on_cpu:
        return [
            SpecIssue(
                "model.attn_implementation",
                "conflict",
                "flash_attention_2 runs on CUDA devices only; devices is cpu (use sdpa)",
            )
        ]
    if importlib.util.find_spec("flash_attn") is None:
        return [
            SpecIssue(
                "model.attn_implementation",
                "conflict",
                "flash_attention_2 needs the flash-attn package, which is not installed here (use sdpa)",
            )
        ]
    return []
