"""The hf-trainer engine: the customer's chosen code, transformers.Trainer, driven by the same spec.

The Trainer runs its own loop — its data loader and sampler, its accumulation, clipping, optimizer and
scheduler, its evaluation and its checkpoints (``train(resume_from_checkpoint=...)``). trainsizer only watches
it, with the means the Trainer documents for that: a ``TrainerCallback`` (step begin/end, substep end,
pre-optimizer step, log, save) and a forward hook on the model for the forward/backward boundary. The events
are the builtin engine's (``phase``, ``step``, ``sample``, ``accounting``), so every front end shows either
engine the same way; the measured CPU peak is the allocator's record (worker/allocator.py) over the build and
the first steps.

The model, the data and the held-out split are the builtin engine's (model/build.py, data/): the Trainer gets
the same packed token rows as a torch Dataset (``input_ids`` = ``labels``); its sampler decides their order.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

import torch

from trainsizer.worker.engine import Trainer as BuiltinLoop

OPTIM = {
    "adamw": "adamw_torch",
    "adamw-fused": "adamw_torch_fused",
    "adamw-8bit": "adamw_bnb_8bit",
    "adafactor": "adafactor",
    "sgd": "sgd",
    "sgd-momentum": "sgd",
}
SCHEDULER = {"constant": "constant_with_warmup", "cosine": "cosine", "linear": "linear"}


def versions() -> dict[str, str | None]:
    """The chosen code's versions, for the result and the report."""
    from importlib.metadata import PackageNotFoundError, version

    out: dict[str, str | None] = {}
    for name in ("transformers", "peft", "trl", "accelerate"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = None
    return out


class _Rows(torch.utils.data.Dataset):
    """Packed token rows as the Trainer's dataset: labels are the inputs (the model shifts them)."""

    def __init__(self, rows: list[list[int]]):
        self.rows = rows

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i: int) -> dict[str, torch.Tensor]:
        ids = torch.tensor(self.rows[i], dtype=torch.long)
        return {"input_ids": ids, "labels": ids}


def training_arguments(spec, out_dir: str, max_steps: int, device: torch.device, *, cls=None, **extra):
    """TrainingArguments (or ``cls``, a subclass such as TRL's SFTConfig) from the spec: every field the
    Trainer honours is mapped; validation refuses the others (spec/checks.py)."""
    import transformers

    cls = cls or transformers.TrainingArguments
    o, b = spec.optimizer, spec.batch
    kwargs: dict[str, Any] = {}
    fields = cls.__dataclass_fields__
    ckpt = "activation_checkpointing" if "activation_checkpointing" in fields else "gradient_checkpointing"
    kwargs[ckpt] = b.gradient_checkpointing
    kwargs[f"{ckpt}_kwargs"] = {"use_reentrant": False}
    if o.name == "sgd-momentum":
        kwargs["optim_args"] = f"momentum={o.momentum}"
    kwargs.update(extra)
    return cls(
        output_dir=out_dir,
        per_device_train_batch_size=b.micro_batch,
        per_device_eval_batch_size=b.micro_batch,
        gradient_accumulation_steps=b.grad_accum,
        bf16=spec.precision.compute == "bf16-mixed",
        fp16=spec.precision.compute == "fp16-mixed",
        max_steps=max_steps,
        learning_rate=o.lr,
        weight_decay=o.weight_decay,
        lr_scheduler_type=SCHEDULER[o.scheduler]
        if o.warmup_steps or o.scheduler != "constant"
        else "constant",
        warmup_steps=o.warmup_steps,
        max_grad_norm=o.max_grad_norm or 0.0,
        optim=OPTIM[o.name],
        seed=spec.measure.seed,
        data_seed=spec.data.seed,
        logging_steps=1,
        logging_strategy="steps",
        eval_strategy="no",
        report_to="none",
        use_cpu=device.type == "cpu",
        dataloader_num_workers=0,
        remove_unused_columns=False,
        disable_tqdm=True,
        ddp_find_unused_parameters=False,  # as the builtin engine's DistributedDataParallel
        **kwargs,
    )


class HFTrainerEngine(BuiltinLoop):
    """The builtin loop's model, data and phase bookkeeping, with transformers.Trainer running the steps."""

    hf: Any = None
    _t0: float = 0.0
    _last_seconds: dict[int, float]
    _stop_at: int | None = None
    save_at_stop: bool = False
    record: Any = None  # the allocator record (CPU measure), stopped after record_steps steps
    record_steps: int = 0
    allocator: dict | None = None
    on_step: Any = None  # (index, info) -> None: the role's handling of a finished step
    on_first_step: Any = None  # (state) -> None, once, before the first step of train()

    def build(self, total_steps: int) -> None:
        from trainsizer.model.build import build_model, model_config

        _, config = model_config(self.spec)
        self.vocab = config.vocab_size
        torch.manual_seed(self.spec.measure.seed)
        self.model = build_model(self.spec, device=self.device, config=config)
        self.total_steps = total_steps
        self._last_seconds = {}
        self._hook = self.model.register_forward_pre_hook(self._before_forward)
        self._hook_after = self.model.register_forward_hook(self._after_forward)

    # -- the Trainer ---------------------------------------------------------------------------------
    def make_trainer(self, out_dir: str, max_steps: int, callbacks=(), **extra):
        import transformers

        transformers.logging.set_verbosity_error()
        if self.data is not None:
            train, held_out = self.data.train, self.data.eval
        else:  # synthetic: random rows, enough for every step of every rank
            g = torch.Generator().manual_seed(self.spec.data.seed)
            n = max_steps * self.spec.batch.micro_batch * self.spec.batch.grad_accum * self.dist.world
            train = torch.randint(0, self.vocab, (max(n, 1), self.spec.batch.seq_len), generator=g).tolist()
            held_out = []
        eval_rows = held_out[: self.spec.quality.eval_batches * self.spec.batch.micro_batch]
        self.hf = self.trainer_class()(
            model=self.model,
            args=self.arguments(out_dir, max_steps, **extra),
            train_dataset=self.dataset(train),
            eval_dataset=self.dataset(eval_rows) if eval_rows else None,
            callbacks=[_Watch(self), *callbacks],
            compute_metrics=_token_accuracy,
            preprocess_logits_for_metrics=lambda logits, labels: logits.argmax(-1),
            **self.trainer_kwargs(),
        )
        return self.hf

    # what differs between the Trainer and the trainers built on it (TRL)
    def trainer_class(self):
        import transformers

        return transformers.Trainer

    def arguments(self, out_dir: str, max_steps: int, **extra):
        return training_arguments(self.spec, out_dir, max_steps, self.device, **extra)

    def dataset(self, rows: list[list[int]]):
        return _Rows(rows)

    def trainer_kwargs(self) -> dict[str, Any]:
        return {}

    @property
    def inner_optimizer(self):
        opt = self.hf.optimizer if self.hf is not None else None
        return getattr(opt, "optimizer", opt)

    # -- phases, from the Trainer's callback and the model's hooks -------------------------------------
    def _before_forward(self, module, args):
        if not torch.is_grad_enabled() or not module.training:
            return  # evaluation
        if self._open("backward"):
            self._end("backward")  # the next micro-batch of an accumulated step
        self._begin("forward")

    def _after_forward(self, module, args, output):
        if self._open("forward") and torch.is_grad_enabled() and module.training:
            self._end("forward")
            self._begin("backward")

    def _open(self, phase: str) -> bool:
        return self.current_phase == phase and self._range is not None

    def _close(self, phase: str) -> None:
        if self._open(phase):
            self._end(phase)


class _Watch:
    """The TrainerCallback that turns the Trainer's steps into trainsizer's events."""

    def __new__(cls, engine):
        import transformers

        class Watch(transformers.TrainerCallback):
            def on_step_begin(self, args, state, control, **kw):
                if engine.on_first_step is not None:
                    first, engine.on_first_step = engine.on_first_step, None
                    first(state)
                engine._t0 = time.perf_counter()

            def on_pre_optimizer_step(self, args, state, control, **kw):
                engine._close("backward")
                engine._begin("optimizer")

            def on_step_end(self, args, state, control, **kw):
                engine._close("optimizer")
                engine.step = state.global_step
                engine._last_seconds[state.global_step] = time.perf_counter() - engine._t0
                if engine.record is not None and state.global_step == engine.record_steps:
                    engine.allocator = engine.record.stop()
                if engine._stop_at is not None and state.global_step >= engine._stop_at:
                    control.should_save = engine.save_at_stop
                    control.should_training_stop = True
                    engine._save_t0 = time.perf_counter()
                return control

            def on_log(self, args, state, control, logs=None, **kw):
                logs = logs or {}
                if "loss" not in logs or state.global_step not in engine._last_seconds:
                    return
                index = state.global_step - 1
                seconds = engine._last_seconds[state.global_step]
                info = {
                    "loss": float(logs["loss"]),
                    "grad_norm": float(logs.get("grad_norm") or 0.0),
                    "lr": float(logs.get("learning_rate") or 0.0),
                    "seconds": seconds,
                    "tokens": engine.spec.batch.micro_batch
                    * engine.spec.batch.seq_len
                    * engine.spec.batch.grad_accum
                    * engine.dist.world,
                }
                engine.on_step(index, info)

            def on_save(self, args, state, control, **kw):
                engine.saved_seconds = time.perf_counter() - getattr(engine, "_save_t0", time.perf_counter())

        return Watch()


def _token_accuracy(pred) -> dict[str, float]:
    import numpy as np

    predictions, labels = pred.predictions, pred.label_ids
    right = (predictions[:, :-1] == labels[:, 1:]).sum()
    return {"token_accuracy": float(right) / float(np.prod(labels[:, 1:].shape))}


# -- the roles ------------------------------------------------------------------------------------------
def run_measure(spec, em, engine: HFTrainerEngine, sampler, context, record, scratch: str) -> dict[str, Any]:
    from trainsizer.worker.measure import RECORD_STEPS, summarize

    warm, steps = spec.measure.warmup_steps, spec.measure.steps
    if record is not None:
        warm = max(warm, RECORD_STEPS)
    total = warm + steps
    engine.record, engine.record_steps, engine.allocator = record, warm, None
    engine.times = []

    def on_step(index, info):
        measured = index >= warm
        if measured:
            engine.times.append(info["seconds"])
        em.emit("step", index=index, measured=measured, total=total, **info)

    engine.on_step = on_step
    engine.make_trainer(scratch, total).train()

    def ready_for_accounting() -> None:  # the attribution step runs the model itself: no Trainer phases
        engine._hook.remove()
        engine._hook_after.remove()
        engine.optimizer = engine.inner_optimizer

    result = summarize(
        spec, em, engine, engine.allocator, warm, context, engine.make_batches(), ready_for_accounting
    )
    result["engine"] = _engine_info(spec)  # on CUDA the gradients stay unmeasured: the Trainer zeroes them
    return result


def run_quality(spec, em, engine: HFTrainerEngine, scratch: str) -> dict[str, Any]:
    """Trainer.evaluate on the held-out rows, before and after quality.train_steps of Trainer.train."""
    import math

    from trainsizer.worker.roles import judge

    steps = spec.quality.train_steps

    def on_step(index, info):
        em.emit("step", index=index, measured=False, total=steps, **info)

    engine.on_step = on_step
    engine.record = None
    hf = engine.make_trainer(scratch, steps)

    def evaluate(when: str) -> dict[str, float]:
        em.phase("eval", engine.step, "begin")
        m = hf.evaluate()
        em.phase("eval", engine.step, "end")
        loss = float(m["eval_loss"])
        tokens = len(hf.eval_dataset) * (spec.batch.seq_len - 1)
        out = {
            "eval_loss": loss,
            "perplexity": math.exp(min(loss, 700)),
            "token_accuracy": float(m["eval_token_accuracy"]),
            "tokens": tokens,
        }
        em.emit("eval", when=when, step=engine.step, **out)
        return out

    before = evaluate("before")
    hf.train()
    after = evaluate("after")
    verdict = judge(spec, before[spec.quality.metric], after[spec.quality.metric])
    verdict.update(
        {
            "train_steps": steps,
            "eval_tokens": before["tokens"],
            "all_before": before,
            "all_after": after,
            "engine": _engine_info(spec),
        }
    )
    return verdict


def run_train(spec, em, engine: HFTrainerEngine, args) -> dict[str, Any]:
    """The resume check's runs with the Trainer's own checkpointing: ``--save-at k`` trains to k and saves a
    Trainer checkpoint (model, optimizer, scheduler, RNG states, trainer_state.json) into ``--checkpoint``;
    ``--resume-from`` calls ``train(resume_from_checkpoint=...)`` in this fresh process. The schedule is
    always that of ``--steps`` total steps. ``--break data`` resumes with ``ignore_data_skip`` (the data
    restart from the beginning); ``--break rng`` deletes the checkpoint's RNG state before loading it."""
    from trainsizer.worker.roles import final_state

    info: dict[str, Any] = {"losses": {}, "grad_norms": {}}
    n = args.steps or spec.checkpoint.resume_steps
    engine.record = None

    def on_step(index, step_info):
        info["losses"][index] = step_info["loss"]
        info["grad_norms"][index] = step_info["grad_norm"]
        em.emit("step", index=index, measured=False, total=n, **step_info)

    engine.on_step = on_step
    out_dir = args.checkpoint or os.path.join(args.out, f"trainer-{args.tag}-{engine.dist.rank}")
    extra: dict[str, Any] = {"save_strategy": "steps" if args.save_at else "no"}
    if args.save_at:
        extra["save_steps"] = args.save_at
        engine._stop_at, engine.save_at_stop = args.save_at, True
    if args.resume_from and args.break_ == "data":
        extra["ignore_data_skip"] = True
    hf = engine.make_trainer(out_dir, n, **extra)
    resume = None
    if args.resume_from:
        resume = _trainer_checkpoint(args.resume_from)
        if args.break_ == "rng":
            for f in Path(resume).glob("rng_state*.pth"):
                f.unlink()  # our own checkpoint: the deliberately broken resume of the check's self-test
        em.phase("checkpoint", None, "begin")
    t0 = time.perf_counter()
    if resume:

        def loaded(state) -> None:  # the load happens inside train(): timed up to the first step
            info["load_s"] = time.perf_counter() - t0
            em.phase("checkpoint", None, "end")
            em.emit("checkpoint", action="load", path=resume, step=state.global_step, seconds=info["load_s"])

        engine.on_first_step = loaded
    hf.train(resume_from_checkpoint=resume)
    if args.save_at:
        path = os.path.join(out_dir, f"checkpoint-{args.save_at}")
        size = sum(p.stat().st_size for p in Path(path).rglob("*") if p.is_file())
        seconds = getattr(engine, "saved_seconds", 0.0)
        saved = {"path": path, "step": args.save_at, "bytes": size, "seconds": seconds}
        em.emit("checkpoint", action="save", **saved)
        info["saved"] = saved
    else:
        engine.optimizer = engine.inner_optimizer
        path = os.path.join(args.out, f"final-{args.tag}-{engine.dist.rank}.pt")
        torch.save(final_state(engine), path)
        info["final_state"] = path
        if not args.checkpoint:
            shutil.rmtree(out_dir, ignore_errors=True)  # the Trainer's output folder of this run: ours
    info["step"] = hf.state.global_step
    info["engine"] = _engine_info(spec)
    return info


def _trainer_checkpoint(folder: str) -> str:
    """The Trainer's ``checkpoint-<step>`` folder inside ``folder`` (or ``folder`` itself)."""
    found = sorted(Path(folder).glob("checkpoint-*"), key=lambda p: int(p.name.split("-")[-1]))
    return str(found[-1]) if found else folder


class TRLSFTEngine(HFTrainerEngine):
    """TRL's SFTTrainer (a transformers.Trainer) on the same rows: an SFTConfig from the spec, the dataset
    already tokenized (``skip_prepare_dataset``; TRL's language-modeling collator makes the labels), and a
    stand-in tokenizer that only supplies the padding id TRL asks for — the rows are of equal length."""

    def trainer_class(self):
        from trl import SFTTrainer

        return SFTTrainer

    def arguments(self, out_dir: str, max_steps: int, **extra):
        from trl import SFTConfig

        extra = {"dataset_kwargs": {"skip_prepare_dataset": True}, "packing": False, **extra}
        return training_arguments(self.spec, out_dir, max_steps, self.device, cls=SFTConfig, **extra)

    def dataset(self, rows: list[list[int]]):
        import datasets

        return datasets.Dataset.from_dict({"input_ids": rows})

    def trainer_kwargs(self) -> dict[str, Any]:
        from tokenizers import Tokenizer
        from tokenizers.models import WordLevel
        from transformers import PreTrainedTokenizerFast

        pad = Tokenizer(WordLevel({"<pad>": 0}, unk_token="<pad>"))
        return {"processing_class": PreTrainedTokenizerFast(tokenizer_object=pad, pad_token="<pad>")}


ENGINE_CLASSES = {"hf-trainer": HFTrainerEngine, "trl-sft": TRLSFTEngine}


def _engine_info(spec) -> dict[str, Any]:
    return {"name": spec.engine.name, "versions": versions()}
