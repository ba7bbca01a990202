"""Two truths for one spec on the CPU, both from the CPU allocator's own record
(trainsizer/worker/allocator.py), each covering the model build and two optimizer steps (the second is
the steady state):

- ``builtin``: the worker's builtin loop (worker/engine.Trainer.train_step), as `trainsizer measure` runs it;
- ``hf_trainer``: a real ``transformers.Trainer`` training on the same model, batch, sequence and optimizer.

Used by bench/estimator_accuracy.py; each truth runs in a fresh process (``python bench/truth.py KIND SPEC``
prints one JSON line) so that no allocator state or cached kernel of one row changes the next.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import tempfile

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def builtin(spec) -> dict:
    from trainsizer.worker.allocator import record_builtin

    return record_builtin(spec, steps=2)


def hf_trainer(spec, device: str = "cpu") -> dict:
    """transformers.Trainer on the same spec: TrainingArguments from the precision, optimizer, batch and
    checkpointing; a dataset of random token rows with labels = input_ids (as the builtin synthetic data).
    On "cuda" the peak is the CUDA allocator's (max_memory_allocated above what was allocated before)."""
    import torch
    import transformers

    from trainsizer.model.build import build_model, model_config
    from trainsizer.worker.allocator import AllocatorRecord

    transformers.logging.set_verbosity_error()
    b, s = spec.batch.micro_batch, spec.batch.seq_len
    _, config = model_config(spec)
    g = torch.Generator().manual_seed(spec.data.seed)
    rows = [
        torch.randint(0, config.vocab_size, (s,), generator=g) for _ in range(2 * b * spec.batch.grad_accum)
    ]

    class Rows(torch.utils.data.Dataset):
        def __len__(self):
            return len(rows)

        def __getitem__(self, i):
            return {"input_ids": rows[i], "labels": rows[i]}

    optim = {
        "adamw": "adamw_torch",
        "adamw-fused": "adamw_torch_fused",
        "sgd": "sgd",
        "adafactor": "adafactor",
    }
    name = spec.optimizer.name
    extra = {}
    fields = transformers.TrainingArguments.__dataclass_fields__
    ckpt = "activation_checkpointing" if "activation_checkpointing" in fields else "gradient_checkpointing"
    extra[ckpt] = spec.batch.gradient_checkpointing
    extra[f"{ckpt}_kwargs"] = {"use_reentrant": False}
    if name == "sgd-momentum":
        name = "sgd"
        extra["optim_args"] = f"momentum={spec.optimizer.momentum}"
    with tempfile.TemporaryDirectory() as out:
        args = transformers.TrainingArguments(
            output_dir=out,
            per_device_train_batch_size=b,
            gradient_accumulation_steps=spec.batch.grad_accum,
            bf16=spec.precision.compute == "bf16-mixed",
            max_steps=2,
            learning_rate=spec.optimizer.lr,
            weight_decay=spec.optimizer.weight_decay,
            max_grad_norm=spec.optimizer.max_grad_norm or 0.0,
            optim=optim.get(name, name),
            lr_scheduler_type="constant",
            logging_steps=1,
            save_strategy="no",
            report_to="none",
            use_cpu=device == "cpu",
            seed=spec.measure.seed,
            dataloader_num_workers=0,
            disable_tqdm=True,
            **extra,
        )
        if device == "cuda":
            torch.cuda.empty_cache()
            torch.cuda.reset_peak_memory_stats()
            base = torch.cuda.memory_allocated()
        else:
            record = AllocatorRecord().start()
        model = build_model(spec, device="cpu", config=config)
        trainer = transformers.Trainer(model=model, args=args, train_dataset=Rows())
        trainer.train()
        if device == "cuda":
            torch.cuda.synchronize()
            summary = {"instrument": "cuda_allocator", "peak": torch.cuda.max_memory_allocated() - base}
        else:
            summary = record.stop()
        del trainer, model
        gc.collect()
    return summary


def main() -> int:
    from trainsizer.spec import load

    kind, path = sys.argv[1], sys.argv[2]
    spec = load(path)
    print(json.dumps({"builtin": builtin, "hf_trainer": hf_trainer}[kind](spec)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
