"""python -m trainsizer.worker --spec SPEC.json --out RUN_DIR [--role measure]

A separate process (docs/architecture.md, "The process boundary"): stdout carries JSON-line events only;
stderr goes
to RUN_DIR/worker-<rank>.log. Failures are results: out-of-memory is reported as such, with its phase.
Exit code 0 whenever a result was emitted (even a negative one); non-zero means the worker itself failed.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
import traceback


def _redirect_stderr(out_dir: str, rank: int) -> None:
    os.makedirs(out_dir, exist_ok=True)
    fd = os.open(os.path.join(out_dir, f"worker-{rank}.log"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(fd, 2)
    os.close(fd)
    sys.stderr = os.fdopen(2, "w", buffering=1, closefd=False)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m trainsizer.worker")
    ap.add_argument("--spec", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--role", default="measure", choices=["measure", "quality", "train"])
    ap.add_argument("--steps", type=int, help="train: total optimizer steps")
    ap.add_argument("--save-at", type=int, help="train: save a checkpoint after this step and stop")
    ap.add_argument("--checkpoint", help="train: where --save-at writes the checkpoint")
    ap.add_argument("--resume-from", help="train: continue from this checkpoint")
    ap.add_argument("--tag", default="run", help="train: name of the final-state file")
    ap.add_argument(
        "--break",
        dest="break_",
        choices=["rng", "data"],
        help="train: resume wrongly on purpose (leave RNG or data position unrestored), to prove the check "
        "can fail",
    )
    args = ap.parse_args(argv)
    args.skip_rng_restore = args.break_ == "rng"
    _ranks_from_slurm()
    rank = int(os.environ.get("RANK", "0"))
    _redirect_stderr(args.out, rank)
    from trainsizer import configure_logging

    configure_logging("INFO")  # into worker-<rank>.log
    from trainsizer.worker.events import Emitter

    em = Emitter()
    em.phase("load", None, "begin")
    state = {"phase": "load", "step": None}

    def on_term(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, on_term)
    try:
        return _run(args, em, state)
    except KeyboardInterrupt as e:
        em.emit(
            "error", kind="cancelled", phase=state["phase"], step=state["step"], message=f"cancelled ({e})"
        )
        em.emit("result", status="cancelled", measurement=None)
        return 0


def _ranks_from_slurm() -> None:
    """A rank started as a task of an srun job step (runs/launcher.py, TRAINSIZER_RANKS=slurm): Slurm's task
    ids become torch.distributed's environment (RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE); the
    rendezvous address and port are the orchestrator's (MASTER_ADDR, MASTER_PORT, set before srun)."""
    env = os.environ
    if env.get("TRAINSIZER_RANKS") != "slurm" or "SLURM_PROCID" not in env:
        return
    env["RANK"] = env["SLURM_PROCID"]
    env["WORLD_SIZE"] = env.get("SLURM_STEP_NUM_TASKS") or env.get("SLURM_NTASKS", "1")
    env["LOCAL_RANK"] = env.get("SLURM_LOCALID", "0")
    per_node = env.get("SLURM_STEP_TASKS_PER_NODE") or env.get("SLURM_TASKS_PER_NODE") or ""
    env["LOCAL_WORLD_SIZE"] = per_node.split("(")[0].split(",")[0] or env["WORLD_SIZE"]


def _run(args, em, state) -> int:
    import torch

    from trainsizer.spec import SpecError, load
    from trainsizer.worker.engine import Dist, Trainer, is_oom, pick_device

    try:
        spec = load(args.spec)
    except SpecError as e:
        em.emit("error", kind="spec", phase="load", step=None, message=str(e))
        em.emit("result", status="failed", measurement=None)
        return 0
    if spec.engine.name == "command":  # the customer's command runs as itself (runs/command.py), never here
        why = "engine.name = command: the worker runs trainsizer's engines, not the customer's command"
        em.emit("error", kind="spec", phase="load", step=None, message=why)
        em.emit("result", status="failed", measurement=None)
        return 0
    dist = Dist.from_env()
    device = pick_device(spec, dist)
    if dist.world > 1:
        backend = "nccl" if device.type == "cuda" else "gloo"
        if device.type == "cuda":
            torch.cuda.set_device(device)
        torch.distributed.init_process_group(backend)
    em.emit(
        "hello",
        pid=os.getpid(),
        world_size=dist.world,
        device=str(device),
        threads=torch.get_num_threads(),
        versions={"torch": torch.__version__, "python": sys.version.split()[0]},
        cuda=torch.cuda.is_available(),
        devices=[str(device)],
        **(
            {"slurm": {k: os.environ.get(f"SLURM_{k.upper()}") for k in ("job_id", "step_id", "procid")}}
            if os.environ.get("TRAINSIZER_RANKS") == "slurm"
            else {}
        ),
    )
    context = _cuda_context(device)
    from trainsizer.data import DataError
    from trainsizer.worker.checkpoint import CheckpointError
    from trainsizer.worker.measure import RECORD_STEPS, run_measure
    from trainsizer.worker.sampler import Sampler

    sampler = Sampler(em, spec.measure.sample_hz, [device.index] if device.type == "cuda" else []).start()
    hf = spec.engine.name in ("hf-trainer", "trl-sft")
    if hf:
        from trainsizer.worker.hf_engine import ENGINE_CLASSES

        trainer = ENGINE_CLASSES[spec.engine.name](spec, em, dist, device)
    else:
        trainer = Trainer(spec, em, dist, device)
    scratch = os.path.join(args.out, f"trainer-{args.role}-{dist.rank}")  # the Trainer's output_dir: ours
    record = None
    if args.role == "measure" and device.type == "cpu":
        from trainsizer.worker.allocator import AllocatorRecord

        record = AllocatorRecord().start()  # before the build: the running total counts every byte
    total = {
        "measure": max(spec.measure.warmup_steps, RECORD_STEPS if record else 0) + spec.measure.steps,
        "quality": spec.quality.train_steps,
        "train": args.steps or spec.checkpoint.resume_steps,
    }[args.role]
    from trainsizer.worker.allocator import phase_range

    try:
        with phase_range("load"):  # the allocator record's name for the build (worker/allocator.py)
            trainer.build(total)
            state["phase"] = "data"
            try:
                data_info = trainer.prepare_data(_tokenizer_dir(spec))
            except DataError as e:
                em.emit("error", kind="data", phase="data", step=None, message=str(e))
                em.emit("result", status="failed", measurement=None)
                return 0
        if data_info:
            em.emit("log", level="info", message="data prepared", data=data_info)
        em.phase("load", None, "end")
        if hf:
            from trainsizer.worker import hf_engine
        if args.role == "measure":
            if hf:
                measurement = hf_engine.run_measure(spec, em, trainer, sampler, context, record, scratch)
            else:
                measurement = run_measure(spec, em, trainer, sampler, context, record)
            measurement["data"] = data_info
        else:
            from trainsizer.worker import roles
            from trainsizer.worker.checkpoint import fingerprint

            if args.role == "quality":
                payload = (
                    hf_engine.run_quality(spec, em, trainer, scratch)
                    if hf
                    else roles.run_quality(spec, em, trainer)
                )
            elif hf:
                payload = hf_engine.run_train(spec, em, trainer, args)
            else:
                if args.break_ == "data":
                    trainer.batch_at = _from_zero(trainer)
                payload = roles.run_train(
                    spec, em, trainer, args, fingerprint(spec, _config(spec), dist.world)
                )
            payload["data"] = data_info
            payload["host_rss"] = sampler.peak_rss
            payload["peak"] = _peaks(trainer, sampler)
            em.emit("result", status="ok", role=args.role, **{args.role: payload})
            return 0
    except CheckpointError as e:
        em.emit("error", kind="checkpoint", phase="checkpoint", step=trainer.step, message=str(e))
        em.emit("result", status="failed", measurement=None)
        return 0
    except Exception as e:
        if not is_oom(e):
            # errno and the traceback's tail travel in the event too: on a full disk the log may stay empty
            em.emit(
                "error",
                kind="crash",
                phase=em.last_phase or trainer.current_phase,
                step=trainer.step,
                message=f"{type(e).__name__}: {e}",
                errno=_errno_of(e),
                trace=traceback.format_exc()[-3000:],
            )
            try:
                traceback.print_exc()
            except OSError:
                pass
            em.emit("result", status="failed", measurement=None)
            return 0
        trainer.model = trainer.optimizer = None
        import gc

        gc.collect()
        oom = {
            "phase": trainer.current_phase,
            "step": trainer.step,
            "message": str(e).splitlines()[0][:500],
            "memory": sampler.last,
        }
        em.emit("error", kind="oom", **oom)
        em.emit("result", status="oom", measurement={"oom": oom, "host_rss": sampler.peak_rss})
        return 0
    finally:
        sampler.stop()
        if record is not None and record.running:
            record.stop()
        if hf and os.path.isdir(scratch):
            import shutil

            shutil.rmtree(scratch, ignore_errors=True)  # created by this worker for the Trainer
    measurement["oom"] = None
    measurement["host_rss"] = sampler.peak_rss
    measurement["peak"] = _peaks(trainer, sampler, measurement.get("allocator"))
    measurement["world_size"] = dist.world
    measurement["threads"] = torch.get_num_threads()
    if dist.world > 1 and torch.distributed.is_initialized():
        # after the timed steps (it times nothing of theirs): the ranks' own all-reduce, over this run's link
        from trainsizer.worker.probe import all_reduce_bus

        model = getattr(trainer, "model", None)
        trained = sum(p.numel() for p in model.parameters() if p.requires_grad) if model is not None else 0
        try:
            measurement["collectives"] = {"all_reduce": all_reduce_bus(device, trained * 4)}
        except Exception as e:  # the measured steps stand: the result says why there is no figure
            measurement["collectives"] = {"all_reduce": {"error": f"{type(e).__name__}: {e}"[:300]}}
    em.emit("result", status="ok", role="measure", measurement=measurement)
    if dist.world > 1:
        torch.distributed.destroy_process_group()
    return 0


def _errno_of(e: BaseException) -> int | None:
    """The OS error number of a failure, also when a library wrapped it in its own text (safetensors:
    "I/O error: No space left on device (os error 28)")."""
    import re

    if isinstance(getattr(e, "errno", None), int):
        return e.errno
    m = re.search(r"os error (\d+)|\[Errno (\d+)\]", str(e))
    return int(m.group(1) or m.group(2)) if m else None


def _tokenizer_dir(spec) -> str | None:
    from trainsizer.model.source import resolve_model

    return resolve_model(spec.model).tokenizer_dir


def _config(spec):
    from trainsizer.model.build import model_config

    return model_config(spec)[1]


def _from_zero(trainer):
    """--break data: after a resume, the data position is ignored and batches start again from step 0."""
    original, first = trainer.batch_at, []

    def batch_at(step):
        if not first:
            first.append(step)  # the first step trained in this process: the resumed position
        return original(step - first[0])

    return batch_at


def _cuda_context(device) -> int | None:
    """NVML used minus torch reserved right after CUDA initialisation: the context, measured."""
    if device.type != "cuda":
        return None
    import torch

    from trainsizer.worker.sampler import NvmlReader

    before = NvmlReader([device.index]).used(device.index)
    torch.zeros(1, device=device)
    torch.cuda.synchronize(device)
    time.sleep(0.05)
    after = NvmlReader([device.index]).used(device.index)
    if before is None or after is None:
        return None
    return max(0, after - before - torch.cuda.memory_reserved(device))


def _peaks(trainer, sampler, allocator: dict | None = None) -> dict:
    dev = str(trainer.device)
    if trainer.device.type == "cuda":
        mem = trainer.phase_memory
        return {
            dev: {
                "allocated": max((m["allocated"] for m in mem.values()), default=0),
                "reserved": max((m["reserved"] for m in mem.values()), default=0),
                "nvml_used": sampler.peak_nvml.get(trainer.device.index),
            }
        }
    allocated = (allocator or {}).get("peak")
    return {
        dev: {
            "allocated": allocated,
            "reserved": None,
            "nvml_used": None,
            "source": (allocator or {}).get("instrument") if allocated is not None else None,
        }
    }


if __name__ == "__main__":
    sys.exit(main())
