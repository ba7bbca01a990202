"""The quality and train (resume) roles of the worker."""

from __future__ import annotations

import math
from typing import Any

import torch

from trainsizer.vocab import METRIC_HIGHER_IS_BETTER


@torch.no_grad()
def evaluate(trainer) -> dict[str, float]:
    """Token-weighted held-out loss and next-token accuracy over quality.eval_batches micro-batches."""
    from trainsizer.model.build import autocast_context

    spec, seqs = trainer.spec, trainer.data.eval
    b = spec.batch.micro_batch
    model = trainer.model
    was_training = model.training
    model.eval()
    total_loss, total_tokens, correct = 0.0, 0, 0
    for i in range(spec.quality.eval_batches):
        rows = [seqs[(i * b + k) % len(seqs)] for k in range(b)]
        ids = torch.tensor(rows, dtype=torch.long, device=trainer.device)
        with autocast_context(spec, trainer.device.type):
            out = model(input_ids=ids, labels=ids)
        tokens = ids[:, 1:].numel()
        total_loss += float(out.loss) * tokens
        total_tokens += tokens
        correct += int((out.logits[:, :-1].argmax(-1) == ids[:, 1:]).sum())
        del out
    model.train(was_training)
    loss = total_loss / total_tokens
    return {
        "eval_loss": loss,
        "perplexity": math.exp(min(loss, 700)),
        "token_accuracy": correct / total_tokens,
        "tokens": total_tokens,
    }


def judge(spec, before: float, after: float) -> dict[str, Any]:
    q = spec.quality
    higher = METRIC_HIGHER_IS_BETTER[q.metric]
    params = {"metric": q.metric, "before": before, "after": after, "threshold": q.threshold}
    if q.rule == "absolute":
        passed = after >= q.threshold if higher else after <= q.threshold
        code, change = "quality_absolute", None
        params["op"] = ">=" if higher else "<="
    else:
        change = (
            (after - before) / abs(before) if higher else (before - after) / abs(before) if before else 0.0
        )
        passed = change >= q.threshold
        code = "quality_relative"
        params["change"] = change
    # the rule as data (metric, rule, threshold); the sentence is made at the edge from code and params
    return {
        "metric": q.metric,
        "before": before,
        "after": after,
        "rule": q.rule,
        "threshold": q.threshold,
        "improvement": change,
        "passed": bool(passed),
        "code": code,
        "params": params,
    }


def run_quality(spec, em, trainer) -> dict[str, Any]:
    em.phase("eval", trainer.step, "begin")
    before = evaluate(trainer)
    em.phase("eval", trainer.step, "end")
    em.emit("eval", when="before", step=trainer.step, **before)
    steps = spec.quality.train_steps
    batches = trainer.make_batches()
    for i in range(steps):
        info = trainer.train_step(batches)
        em.emit("step", index=i, measured=False, total=steps, **info)
    em.phase("eval", trainer.step, "begin")
    after = evaluate(trainer)
    em.phase("eval", trainer.step, "end")
    em.emit("eval", when="after", step=trainer.step, **after)
    verdict = judge(spec, before[spec.quality.metric], after[spec.quality.metric])
    verdict.update(
        {"train_steps": steps, "eval_tokens": before["tokens"], "all_before": before, "all_after": after}
    )
    return verdict


def final_state(trainer) -> dict[str, torch.Tensor]:
    """Every parameter and optimizer-state tensor, flattened by name (for the bit-exact comparison)."""
    out = {f"param/{n}": p.detach().cpu().clone() for n, p in trainer.model.named_parameters()}
    names = {id(p): n for n, p in trainer.model.named_parameters()}
    for p, st in trainer.optimizer.state.items():
        for k, v in st.items():
            if isinstance(v, torch.Tensor):
                out[f"optim/{names.get(id(p), id(p))}/{k}"] = v.detach().cpu().clone()
    return out


def run_train(spec, em, trainer, args, fp) -> dict[str, Any]:
    """Train up to --steps; with --save-at, save a checkpoint there and stop; with --resume-from, start from
    one."""
    from trainsizer.worker.checkpoint import load_checkpoint, save_checkpoint, set_rng_state

    info: dict[str, Any] = {"losses": {}, "grad_norms": {}}
    rng = None
    if args.resume_from:
        em.phase("checkpoint", None, "begin")
        loaded = load_checkpoint(args.resume_from, trainer, fp)
        em.phase("checkpoint", None, "end")
        em.emit(
            "checkpoint", action="load", path=args.resume_from, step=loaded["step"], seconds=loaded["seconds"]
        )
        info["load_s"] = loaded["seconds"]
        rng = loaded["rng"]
    if rng is not None and not args.skip_rng_restore:
        set_rng_state(rng)  # after building model and optimizer, right before the first batch
    batches = trainer.make_batches()
    stop = args.save_at if args.save_at else args.steps
    while trainer.step < stop:
        index = trainer.step
        step_info = trainer.train_step(batches)
        info["losses"][index] = step_info["loss"]
        info["grad_norms"][index] = step_info["grad_norm"]
        em.emit("step", index=index, measured=False, total=args.steps, **step_info)
    if args.save_at:
        em.phase("checkpoint", trainer.step, "begin")
        saved = save_checkpoint(args.checkpoint, trainer, fp)
        em.phase("checkpoint", trainer.step, "end")
        em.emit("checkpoint", action="save", **saved)
        info["saved"] = saved
    else:
        import os

        path = os.path.join(args.out, f"final-{args.tag}-{trainer.dist.rank}.pt")
        torch.save(final_state(trainer), path)
        info["final_state"] = path
    info["step"] = trainer.step
    return info
