"""The resume check, three-run protocol (torchtitan's checkpoint_compat_test, docs/facts.md): a reference run
of
N steps; a run of k1 steps that saves and exits; a fresh process that loads it, runs to k2 and saves again; a
third that loads that and runs to N. Per-step losses, gradient norms, final parameters and optimizer state are
compared: bit-identical on the CPU; on a GPU against a noise floor measured with a second reference run."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from trainsizer.runs.launcher import run_worker
from trainsizer.runs.protocol import run_event
from trainsizer.runs.rundir import RunDir


class Cancelled(Exception):
    """The person cancelled the resume check; its workers are reaped."""


class WorkerFailed(RuntimeError):
    """A worker of the resume check ended without a result: ``failure`` says where (phase, step, errno)."""

    def __init__(self, message: str, failure: dict[str, Any]):
        super().__init__(message)
        self.failure = failure


def _train(
    rd: RunDir, spec_path, world, on_event, extra: list[str], memory_limit=None, cancel_event=None, run=None
):
    if cancel_event is not None and cancel_event.is_set():
        raise Cancelled("cancelled")
    wp = run_worker(rd, spec_path, "train", world, on_event, memory_limit, cancel_event, extra=extra, run=run)
    if wp.cancel_requested:
        raise Cancelled("cancelled")
    results = [e for e in wp.events if e.get("type") == "result"]
    ok = results and all(r.get("status") == "ok" for r in results)
    if not ok:
        errors = [e for e in wp.events if e.get("type") == "error"]
        err = errors[-1] if errors else {}
        failure = {k: err.get(k) for k in ("kind", "phase", "step", "errno", "message")}
        failure["stage"] = "resume"
        where = f"in {err.get('phase')}" + (f" at step {err['step']}" if err.get("step") is not None else "")
        errno = f" (errno {err['errno']})" if err.get("errno") else ""
        raise WorkerFailed(
            f"{err.get('kind', 'crash')} {where}: "
            f"{err.get('message', 'the worker produced no result')}{errno}"
            if err
            else "the worker produced no result",
            failure,
        )
    return next(r for r in results if r.get("rank") in (0, None))["train"]


def _max_diff(a: dict, b: dict, prefix: str) -> float:
    import torch

    keys = [k for k in a if k.startswith(prefix)]
    if set(keys) != {k for k in b if k.startswith(prefix)}:
        return float("inf")
    worst = 0.0
    for k in keys:
        x, y = a[k], b[k]
        if x.shape != y.shape:
            return float("inf")
        if x.dtype.is_floating_point:
            worst = max(worst, float((x.double() - y.double()).abs().max()) if x.numel() else 0.0)
        elif not torch.equal(x, y):
            worst = max(worst, float("inf"))
    return worst


def _compare(ref: dict, other: dict, ref_state_path: str, other_state_path: str) -> dict[str, float]:
    import torch

    ref_state = torch.load(ref_state_path, weights_only=True)
    other_state = torch.load(other_state_path, weights_only=True)
    steps = sorted(set(ref["losses"]) | set(other["losses"]), key=int)
    dl = max(
        (
            abs(ref["losses"][s] - other["losses"][s])
            if s in ref["losses"] and s in other["losses"]
            else float("inf")
        )
        for s in steps
    )
    dg = max(
        (
            abs(ref["grad_norms"][s] - other["grad_norms"][s])
            if s in ref["grad_norms"] and s in other["grad_norms"]
            else float("inf")
        )
        for s in steps
    )
    return {
        "max_abs_loss_diff": dl,
        "max_abs_grad_norm_diff": dg,
        "max_abs_param_diff": _max_diff(ref_state, other_state, "param/"),
        "max_abs_optimizer_diff": _max_diff(ref_state, other_state, "optim/"),
    }


STATE_FILE = (
    "resume-state.json"  # a resume check split over two processes (two Slurm jobs): what A and B left
)


def pending_resume(k: int, steps: int) -> dict[str, Any]:
    """The resume part after its first half (A uninterrupted, B stopped at k with its checkpoint): the resumed
    run is to run in a new process — a new Slurm job, as a preemption would. Not proven until it has."""
    return {
        "passed": False,
        "pending": True,
        "steps": steps,
        "code": "resume_pending",
        "params": {"k": k},
    }


def resume_check(
    spec,
    rd: RunDir,
    spec_path: Path,
    *,
    on_event=None,
    break_: str | None = None,
    memory_limit: int | None = None,
    cancel_event=None,
    phase: str | None = None,
) -> dict[str, Any]:
    """A uninterrupted, B stopped at k with its checkpoint, C resumed from it (and, for a longer run, a second
    stop and resume), compared bit for bit on the CPU. ``phase``: None runs it all here; "stop" runs A and B
    and leaves them in RUN_DIR/resume-state.json (the checkpoint kept); "continue" runs the rest from that
    file, in another process (a new Slurm job)."""
    n, k1 = spec.checkpoint.resume_steps, spec.checkpoint.resume_at
    k2 = (k1 + n) // 2 if (k1 + n) // 2 > k1 else None
    world = spec.parallel.world_size()
    state_path = rd.path / STATE_FILE
    if phase == "continue":
        state = json.loads(state_path.read_text(encoding="utf-8"))
        owned = OwnedFolder.adopt(Path(state["checkpoints"]), [Path(p) for p in state["created"]])
    else:
        owned = OwnedFolder(
            Path(spec.checkpoint.dir).expanduser() if spec.checkpoint.dir else rd.path / "checkpoints"
        )
    ck = owned.path
    steps = ["--steps", str(n)]
    handed_on = False
    try:
        if phase == "continue":
            ref, part_a = state["reference"], state["stopped"]
        else:
            ref = _train(
                rd,
                spec_path,
                world,
                on_event,
                steps + ["--tag", "reference"],
                memory_limit,
                cancel_event,
                run_event("uninterrupted", steps=n),
            )
            part_a = _train(
                rd,
                spec_path,
                world,
                on_event,
                steps + ["--save-at", str(k1), "--checkpoint", str(ck / f"step-{k1}")],
                memory_limit,
                cancel_event,
                run_event("stopped", k=k1),
            )
        if phase == "stop":
            state = {
                "reference": ref,
                "stopped": part_a,
                "checkpoints": str(ck),
                "created": [str(p) for p in owned.created],
            }
            state_path.write_text(json.dumps(state, default=str), encoding="utf-8")
            handed_on = True
            return pending_resume(k1, n)
        broken = ["--break", break_] if break_ else []
        merged = {"losses": dict(part_a["losses"]), "grad_norms": dict(part_a["grad_norms"])}
        load_s = []
        source = ck / f"step-{k1}"
        if k2:
            part_b = _train(
                rd,
                spec_path,
                world,
                on_event,
                steps
                + ["--resume-from", str(source), "--save-at", str(k2), "--checkpoint", str(ck / f"step-{k2}")]
                + broken,
                memory_limit,
                cancel_event,
                run_event("resumed_to", k=k1, to=k2),
            )
            merged["losses"].update(part_b["losses"])
            merged["grad_norms"].update(part_b["grad_norms"])
            load_s.append(part_b.get("load_s"))
            source = ck / f"step-{k2}"
        part_c = _train(
            rd,
            spec_path,
            world,
            on_event,
            steps + ["--resume-from", str(source), "--tag", "resumed"] + broken,
            memory_limit,
            cancel_event,
            run_event("resumed", k=k2 or k1),
        )
        merged["losses"].update(part_c["losses"])
        merged["grad_norms"].update(part_c["grad_norms"])
        load_s.append(part_c.get("load_s"))
        diffs = _compare(ref, merged, ref["final_state"], part_c["final_state"])
        on_cpu = spec.parallel.on_cpu
        if on_cpu:
            noise, noise_note = None, "not measured on the CPU: the criterion there is bit-identical"
            noise_basis = "cpu_bit_identical"
            passed = all(v == 0.0 for v in diffs.values())
        else:
            again = _train(
                rd,
                spec_path,
                world,
                on_event,
                steps + ["--tag", "reference-2"],
                memory_limit,
                cancel_event,
                run_event("noise_floor", steps=n),
            )
            floor = _compare(ref, again, ref["final_state"], again["final_state"])
            noise, noise_note = floor, "two fresh reference runs with the same seed"
            noise_basis = "two_reference_runs"
            passed = all(diffs[k] <= floor[k] for k in diffs)
        saved = part_a["saved"]
        resumes = [k1] + ([k2] if k2 else [])
        code = (
            "resume_identical" if passed and on_cpu else "resume_within_noise" if passed else "resume_differs"
        )
        params = {
            "steps": ", ".join(map(str, resumes)),
            "total": n,
            "dloss": diffs["max_abs_loss_diff"],
            "dparam": diffs["max_abs_param_diff"],
        }
        return {
            "passed": passed,
            "steps": n,
            "saved_at": resumes,
            **diffs,
            "noise_floor": noise,
            "noise_floor_note": noise_note,  # the words of older results; noise_floor_basis: its code
            "noise_floor_basis": noise_basis,
            "checkpoint_bytes": saved["bytes"],
            "save_s": saved["seconds"],
            "load_s": max(x for x in load_s if x is not None),
            "code": code,
            "params": params,
            "checkpoint_dir": str(ck) if spec.checkpoint.keep else None,
            "engine": ref.get("engine") or {"name": spec.engine.name},
            "resumed_in_new_process": phase == "continue",
        }
    except WorkerFailed as e:
        return {
            "passed": False,
            "steps": n,
            "ran": True,
            "failure": e.failure,
            "code": "resume_failed",
            "params": {"why": str(e)},
        }
    finally:
        if not handed_on:  # else A's final state and B's checkpoint stay for the process that resumes
            state_path.unlink(missing_ok=True)
            if not spec.checkpoint.keep:
                owned.remove()
        for tag in ("resumed", "reference-2", *(() if handed_on else ("reference",))):
            for rank in range(world):
                (rd.path / f"final-{tag}-{rank}.pt").unlink(missing_ok=True)


class OwnedFolder:
    """A folder of this run's own inside ``root`` (``root/trainsizer-<time>-<pid>``): created new, and on
    removal only it and the parents this run created (when empty) go — nothing that was there before."""

    @classmethod
    def adopt(cls, path: Path, created: list[Path]) -> OwnedFolder:
        """The folder an earlier process of this run created (a resume check's first half)."""
        self = cls.__new__(cls)
        self.path, self.created = path, created
        return self

    def __init__(self, root: Path):
        import datetime
        import os

        self.created: list[Path] = []
        missing = [p for p in [root, *root.parents] if not p.exists()]
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        self.path = root / f"trainsizer-{stamp}-{os.getpid()}"
        for p in reversed(missing):
            p.mkdir()
            self.created.append(p)
        self.path.mkdir()
        self.created.append(self.path)

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        for p in reversed(self.created[:-1]):
            try:
                p.rmdir()  # only when empty: something else may have been put there meanwhile
            except OSError:
                break
