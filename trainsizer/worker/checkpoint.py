"""A complete general checkpoint: weights (safetensors), optimizer state at full precision, scheduler,
GradScaler, RNG states (python, numpy, torch CPU, every CUDA device; per rank), data position, step, a hash
of the spec and an environment fingerprint. Written to a temporary directory, then renamed (atomic); read
back with torch.load(weights_only=True), so non-tensor state is stored as plain data."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import random
import shutil
import time
from pathlib import Path
from typing import Any

import torch

FORMAT = "trainsizer.checkpoint/1"
# Sections that change what is trained; the others (measure, quality, checkpoint) may differ on resume.
TRAINING_SECTIONS = ("model", "method", "precision", "optimizer", "batch", "parallel", "data", "engine")


class CheckpointError(ValueError):
    """A checkpoint that cannot be used: corrupted, truncated, or made for something else (the message says
    what)."""


def spec_hash(spec) -> str:
    data = spec.to_dict()
    return hashlib.sha256(
        json.dumps({k: data[k] for k in TRAINING_SECTIONS}, sort_keys=True).encode()
    ).hexdigest()[:16]


def architecture_hash(config) -> str:
    d = {
        k: v
        for k, v in config.to_dict().items()
        if k not in ("transformers_version", "_name_or_path", "architectures")
    }
    return hashlib.sha256(json.dumps(d, sort_keys=True, default=str).encode()).hexdigest()[:16]


def fingerprint(spec, config, world: int) -> dict[str, Any]:
    import transformers

    data = spec.to_dict()
    return {
        "architecture": architecture_hash(config),
        "world_size": world,
        "spec": spec_hash(spec),
        "training_spec": {k: data[k] for k in TRAINING_SECTIONS},
        "compute": spec.precision.compute,
        "threads": torch.get_num_threads(),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "deterministic": torch.are_deterministic_algorithms_enabled(),
    }


def rng_state() -> dict[str, Any]:
    import numpy as np

    version, state, gauss = random.getstate()
    np_state = np.random.get_state()
    out = {
        "python": [version, list(state), gauss],
        "torch_cpu": torch.get_rng_state(),
        "numpy": {
            "key": np_state[0],
            "state": torch.from_numpy(np_state[1].astype("int64")),
            "pos": int(np_state[2]),
            "has_gauss": int(np_state[3]),
            "cached": float(np_state[4]),
        },
    }
    if torch.cuda.is_available():
        out["cuda"] = torch.cuda.get_rng_state_all()
    return out


def set_rng_state(state: dict[str, Any]) -> None:
    import numpy as np

    version, inner, gauss = state["python"]
    random.setstate((version, tuple(inner), gauss))
    n = state["numpy"]
    np.random.set_state(
        (n["key"], n["state"].numpy().astype("uint32"), n["pos"], n["has_gauss"], n["cached"])
    )
    torch.set_rng_state(state["torch_cpu"])
    if "cuda" in state and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(state["cuda"])


def save_checkpoint(directory: str | Path, trainer, fp: dict[str, Any]) -> dict[str, Any]:
    """Write the checkpoint of ``trainer`` (after an optimizer step) atomically; returns path, bytes,
    seconds."""
    from safetensors.torch import save_model

    t0 = time.perf_counter()
    final = Path(directory)
    tmp = final.with_name(f".{final.name}.tmp")  # one name for all ranks: rank 0 creates and renames it
    rank = trainer.dist.rank
    if rank == 0:
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
    _barrier(trainer)
    if rank == 0:
        save_model(trainer.model, str(tmp / "model.safetensors"))
    torch.save(trainer.optimizer.state_dict(), tmp / f"optimizer-{rank}.pt")
    torch.save(
        {
            "scheduler": trainer.scheduler.state_dict(),
            "scaler": trainer.scaler.state_dict() if trainer.scaler else None,
            "rng": rng_state(),
            "step": trainer.step,
            "data_position": {"step": trainer.step},
        },
        tmp / f"trainer-{rank}.pt",
    )
    _barrier(trainer)
    if rank == 0:
        files = {f.name: sha256_file(f) for f in sorted(tmp.iterdir())}
        meta = {"format": FORMAT, "step": trainer.step, "fingerprint": fp, "files": files}
        (tmp / "meta.json").write_text(json.dumps(meta, indent=2))
        for f in tmp.iterdir():
            with open(f, "rb") as fh:
                os.fsync(fh.fileno())
        if final.exists():
            shutil.rmtree(final)
        os.replace(tmp, final)
    _barrier(trainer)
    size = sum(f.stat().st_size for f in final.iterdir())
    return {"path": str(final), "bytes": size, "seconds": time.perf_counter() - t0, "step": trainer.step}


def _barrier(trainer) -> None:
    if trainer.dist.world > 1:
        torch.distributed.barrier()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 22):
            digest.update(chunk)
    return digest.hexdigest()


# The manifest's keys and the type each must have: anything else is a refusal naming the key, not a crash.
MANIFEST = {"format": str, "step": int, "fingerprint": dict, "files": dict}


def read_meta(directory: str | Path) -> dict[str, Any]:
    path = Path(directory) / "meta.json"
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CheckpointError(f"{directory}: not a checkpoint (no meta.json)") from None
    except (ValueError, UnicodeDecodeError, OSError, RecursionError) as e:
        raise CheckpointError(f"{path}: corrupted ({str(e)[:200]})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise CheckpointError(f"{path}: not a {FORMAT} checkpoint")
    for key, kind in MANIFEST.items():
        if not isinstance(meta.get(key), kind) or isinstance(meta.get(key), bool):
            raise CheckpointError(
                f"{path}: the manifest's {key!r} must be {kind.__name__}, "
                f"got {type(meta.get(key)).__name__}; the checkpoint was not loaded"
            )
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in meta["files"].items()):
        raise CheckpointError(f"{path}: the manifest's 'files' must map file names to SHA-256 digests")
    return meta


def verify_files(meta: dict[str, Any], directory: Path, needed: list[str]) -> None:
    """Every file this rank loads is listed in the manifest and has the SHA-256 recorded at save time."""
    files = meta["files"]
    for name in needed:
        if name not in files:
            raise CheckpointError(
                f"{directory}: {name} is not in the manifest (meta.json); the checkpoint was not loaded"
            )
        path = directory / name
        if not path.is_file():
            raise CheckpointError(f"{directory}: incomplete, {name} is missing")
        if sha256_file(path) != files[name]:
            raise CheckpointError(
                f"{path}: its SHA-256 differs from the one recorded at save time (the file was "
                "changed or damaged); the checkpoint was not loaded"
            )


def _flat(data: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for k, v in data.items():
            out.update(_flat(v, f"{prefix}{k}."))
        return out
    return {prefix.rstrip("."): data}


def spec_differences(theirs: Any, ours: dict[str, Any], limit: int = 8) -> str:
    """``optimizer.lr 0.0003 → 0.001, batch.seq_len 256 → 512``: the training fields that differ."""
    if not isinstance(theirs, dict):
        return ""
    a, b = _flat(theirs), _flat(ours)
    diffs = [
        f"{k} {a.get(k, '(unset)')!r} → {b.get(k, '(unset)')!r}"
        for k in sorted(set(a) | set(b))
        if a.get(k) != b.get(k)
    ]
    more = f" and {len(diffs) - limit} more" if len(diffs) > limit else ""
    return ", ".join(d.replace("'", "") for d in diffs[:limit]) + more


def check_compatible(meta: dict[str, Any], fp: dict[str, Any], directory) -> None:
    theirs = meta["fingerprint"]
    labels = {"architecture": "model architecture", "world_size": "world size", "compute": "precision"}
    diffs = [
        f"{label}: checkpoint {theirs.get(k)!r}, this run {fp.get(k)!r}"
        for k, label in labels.items()
        if theirs.get(k) != fp.get(k)
    ]
    if theirs.get("spec") != fp.get("spec"):
        fields = spec_differences(theirs.get("training_spec"), fp.get("training_spec") or {})
        diffs.append(
            f"run specification: {fields}"
            if fields
            else f"run specification: checkpoint {theirs.get('spec')!r}, this run {fp.get('spec')!r}"
        )
    if diffs:
        raise CheckpointError(f"{directory}: made for a different run — " + "; ".join(diffs))


def _safe_load(path: Path, **kw):
    """torch.load with weights_only=True; a file that needs more (a pickle of arbitrary objects) is refused as
    unsafe — without torch's advice to turn the protection off."""
    try:
        return torch.load(path, weights_only=True, **kw)
    except pickle.UnpicklingError:
        raise CheckpointError(
            f"{path}: unsafe checkpoint refused: it holds Python objects other than tensors and "
            "plain data (such a file can run code when loaded); it was not loaded"
        ) from None


def load_checkpoint(directory: str | Path, trainer, fp: dict[str, Any]) -> dict[str, Any]:
    """Restore model, optimizer, scheduler, scaler and step; returns the RNG state to set before the first
    batch."""
    from safetensors import SafetensorError
    from safetensors.torch import load_model

    t0 = time.perf_counter()
    directory = Path(directory)
    meta = read_meta(directory)
    check_compatible(meta, fp, directory)
    rank = trainer.dist.rank
    verify_files(meta, directory, ["model.safetensors", f"optimizer-{rank}.pt", f"trainer-{rank}.pt"])
    try:
        missing, unexpected = load_model(
            trainer.model, str(directory / "model.safetensors"), strict=False, device=str(trainer.device)
        )
        opt = _safe_load(directory / f"optimizer-{rank}.pt", map_location=trainer.device)
        state = _safe_load(directory / f"trainer-{rank}.pt")
    except FileNotFoundError as e:
        raise CheckpointError(f"{directory}: incomplete, {Path(e.filename).name} is missing") from None
    except (SafetensorError, RuntimeError, EOFError, OSError, ValueError) as e:
        raise CheckpointError(
            f"{directory}: corrupted or truncated ({type(e).__name__}: {str(e)[:200]})"
        ) from None
    if missing:
        raise CheckpointError(f"{directory}: weights missing for {', '.join(missing[:5])}")
    trainer.optimizer.load_state_dict(opt)
    trainer.scheduler.load_state_dict(state["scheduler"])
    if trainer.scaler and state["scaler"]:
        trainer.scaler.load_state_dict(state["scaler"])
    trainer.step = int(state["step"])
    return {"rng": state["rng"], "seconds": time.perf_counter() - t0, "step": trainer.step}
