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
                "must be before the end of the resume check's run (checkpoint.resume_steps = "
                "%(resume_steps)s), got %(resume_at)s",
                resume_steps=ck.resume_steps,
                resume_at=ck.resume_at,
            )
        )
    if par.strategy in ("ddp", "fsdp", "zero") and not par.auto and par.world_size() < 2:
        template = (
            "%(strategy)s needs at least two devices; set parallel.processes >= 2 to run it here, or "
            "devices = auto to plan it on a target such as --devices 8xH100-80GB"
            if on_cpu
            else "%(strategy)s needs at least two devices; list at least two devices, e.g. cuda:0,1, or "
            "devices = auto with a target"
        )
        out.append(SpecIssue("parallel.strategy", "conflict", template, strategy=par.strategy))
    out += _job_node_issues(spec)
    if par.hosts and spec.engine.name == "command":  # run_multinode starts trainsizer's worker on each node
        why = (
            "the customer's command on several nodes over SSH is not built yet (it starts its own ranks); "
            "run it on one server with --host"
        )
        out.append(SpecIssue("parallel.hosts", "unsupported", why))
    if par.strategy == "single" and par.world_size() > max(1, par.model_parallel) and spec.cluster.nodes == 1:
        what = "processes" if on_cpu else "devices"
        out.append(
            SpecIssue(
                f"parallel.{what}",
                "conflict",
                "strategy single runs on one device, got %(world_size)s; choose ddp or fsdp",
                world_size=par.world_size(),
            )
        )
    if par.cpu_offload and par.strategy != "fsdp":
        out.append(
            SpecIssue(
                "parallel.cpu_offload",
                "conflict",
                "offload needs strategy fsdp, got %(strategy)s",
                strategy=repr(par.strategy),
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
    if par.strategy == "zero":
        why = (
            "zero (DeepSpeed ZeRO): trainsizer sizes it for planning (estimate, plan), but no engine here "
            "runs it"
        )
        out.append(SpecIssue("parallel.strategy", "planned_only", why))
    for f, why in (
        (
            "tensor_parallel",
            "tensor parallelism: trainsizer sizes it for planning (estimate, plan), but no engine here "
            "runs it",
        ),
        (
            "pipeline_parallel",
            "pipeline parallelism: trainsizer sizes it for planning (estimate, plan), but no engine here "
            "runs it",
        ),
        (
            "context_parallel",
            "context parallelism: trainsizer sizes it for planning (estimate, plan), but no engine here "
            "runs it",
        ),
    ):
        if getattr(par, f) > 1:
            out.append(SpecIssue(f"parallel.{f}", "planned_only", why))
    if spec.batch.gradient_checkpointing and spec.batch.checkpoint_policy == "selective":
        why = (
            "selective checkpointing: trainsizer sizes it for planning (estimate, plan), but no engine here "
            "runs it"
        )
        out.append(SpecIssue("batch.checkpoint_policy", "planned_only", why))
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
                "%(name)s with fsdp is not supported here (the Trainer's FSDP needs accelerate's FSDP "
                "plugin and CUDA); use ddp, or the builtin engine for fsdp",
                name=spec.engine.name,
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
                    "trl-sft needs %(missing)s: pip install 'trainsizer[trl]'",
                    missing=" and ".join(missing),
                )
            )
    devices = par.device_list() if not (par.on_cpu or par.auto) else []
    if par.strategy == "single" and devices and devices != ["cuda:0"]:
        out.append(
            SpecIssue(
                "parallel.devices",
                "conflict",
                "the Trainer places a single-process run on cuda:0, not %(devices)s; use cuda:0 or auto "
                "(or CUDA_VISIBLE_DEVICES)",
                devices=devices[0],
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
                have = ", ".join(f"cuda:{d.index}" for d in devices)
                template = (
                    "%(name)s is not present (this target has %(have)s)"
                    if have
                    else "%(name)s is not present (this target has no CUDA device)"
                )
                out.append(SpecIssue("parallel.devices", "device", template, name=name, have=have))
            else:
                wanted.append(by_index[idx])
    if spec.method.kind == "qlora" and not wanted and spec.parallel.auto:
        out.append(SpecIssue("method.kind", "conflict", "qlora needs a CUDA device; this target has none"))
    compute = spec.precision.compute
    for d in wanted:
        cc = d.compute_capability
        for dtype, least, template in (
            (
                "bf16",
                (8, 0),
                "%(compute)s needs bf16 support (compute capability 8.0+); cuda:%(index)s %(name)s "
                "has %(cc)s.%(cc2)s",
            ),
            (
                "fp16",
                (5, 3),
                "%(compute)s needs fp16 support (compute capability 5.3+); cuda:%(index)s %(name)s "
                "has %(cc)s.%(cc2)s",
            ),
        ):
            if compute.startswith(dtype) and cc is not None and tuple(cc) < least:
                params = {"compute": compute, "index": d.index, "name": d.name, "cc": cc[0], "cc2": cc[1]}
                out.append(SpecIssue("precision.compute", "device", template, **params))
    return out


def path_issues(spec: RunSpec) -> list[SpecIssue]:
    """Files and folders the run will need, checked before anything starts (without reading them): the data
    file exists and is a readable regular file (or a saved dataset folder), the model's config is a regular
    file, the checkpoint folder is not an existing file, the attention kernel exists here."""
    import os
    from pathlib import Path

    from trainsizer.spec.files import SPEC_LIMIT, FileProblem, check_regular

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
                        "%(p)s: is a folder; data.format %(format)s needs a file (a saved dataset folder "
                        "needs format auto or hf-disk)",
                        p=str(p),
                        format=repr(d.format),
                    )
                )
            elif not (p / "dataset_info.json").exists() and not (p / "dataset_dict.json").exists():
                out.append(
                    SpecIssue(
                        "data.path",
                        "file",
                        "%(p)s: is a folder but not a dataset saved with save_to_disk; give a text, JSONL "
                        "or CSV file",
                        p=str(p),
                    )
                )
        else:
            try:
                check_regular(p)
                if not os.access(p, os.R_OK):
                    raise FileProblem("%(path)s: not readable (permission denied)", path=str(p))
            except FileProblem as e:
                out.append(SpecIssue("data.path", "file", e.template, **e.params))
            else:
                if d.format == "hf-disk":
                    out.append(
                        SpecIssue(
                            "data.format", "file", "hf-disk needs a dataset folder; %(p)s is a file", p=p
                        )
                    )
    if spec.model.config:
        p = Path(spec.model.config).expanduser()
        try:
            check_regular(p / "config.json" if p.is_dir() else p, limit=SPEC_LIMIT)
        except FileProblem as e:
            out.append(SpecIssue("model.config", "file", e.template, **e.params))
    if spec.checkpoint.dir:
        p = Path(spec.checkpoint.dir).expanduser()
        if p.exists() and not p.is_dir():
            out.append(
                SpecIssue(
                    "checkpoint.dir",
                    "file",
                    "%(p)s: is an existing file; checkpoints need a folder (it is created when missing)"
                    if p.is_file()
                    else "%(p)s: exists and is not a folder; checkpoints need a folder (it is created when "
                    "missing)",
                    p=str(p),
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
                "a job on %(nodes)s nodes runs one rank or more on each: choose strategy ddp or fsdp, not "
                "%(strategy)s",
                nodes=nodes,
                strategy=par.strategy,
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
        why = "a job on %(nodes)s nodes names its devices per node"
        return [SpecIssue("parallel.devices", "conflict", why, nodes=nodes)]
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
        out.append(SpecIssue("engine.cwd", "file", "%(cwd)s: no such folder", cwd=str(cwd)))
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
                "engine.command",
                "file",
                "%(program)s: not found or not executable (the command's program)",
                program=program,
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
