"""Estimator accuracy on a CUDA GPU: the matrix of estimator_accuracy.py measured with
torch.cuda.max_memory_allocated / max_memory_reserved over two real optimizer steps (one GPU, < 8 minutes).

Run on a machine with CUDA: .venv/bin/python bench/estimator_gpu.py
Prints predicted (analytic, allocated part without context and allocator allowance), measured peak
allocated and reserved, their ratios per row, and the worst ratio last. Without CUDA it says so and exits 2.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import warnings

os.environ.setdefault("HF_HUB_OFFLINE", "1")
warnings.filterwarnings("ignore")
sys.path.insert(0, os.path.dirname(__file__))


def measure_cuda(spec) -> dict[str, int]:
    import torch

    from trainsizer.model.build import (
        autocast_context,
        build_model,
        build_optimizer,
        model_config,
        trainable_parameters,
    )

    torch.manual_seed(0)
    _, config = model_config(spec)
    # every row starts as a fresh process does: without the cuBLAS workspaces an earlier row made (they are
    # allocated on first use, one per thread and stream, and count in a real run's peak)
    clear = getattr(torch._C, "_cuda_clearCublasWorkspaces", None)
    if clear is not None:
        torch.cuda.synchronize()
        clear()
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    base = torch.cuda.memory_allocated()
    model = build_model(spec, device="cuda", config=config)
    opt = build_optimizer(spec, trainable_parameters(model))
    ids = torch.randint(0, config.vocab_size, (spec.batch.micro_batch, spec.batch.seq_len), device="cuda")
    torch.cuda.reset_peak_memory_stats()
    for _ in range(2):
        with autocast_context(spec, "cuda"):
            loss = model(input_ids=ids, labels=ids).loss
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
    torch.cuda.synchronize()
    out = {
        "allocated": torch.cuda.max_memory_allocated() - base,
        "reserved": torch.cuda.max_memory_reserved(),
    }
    del model, opt
    torch.cuda.empty_cache()
    return out


def main() -> int:
    import torch

    if not torch.cuda.is_available():
        print("no CUDA device: this benchmark needs one")
        return 2
    from estimator_accuracy import ROWS, spec_for

    from trainsizer.estimate.traced import traced_estimate
    from trainsizer.estimate.working_set import estimate
    from trainsizer.hardware import inventory

    targets = inventory().targets()[:1]
    print(f"device: {torch.cuda.get_device_name(0)}, torch {torch.__version__}")
    print(
        f"{'arch':14s} {'precision':10s} {'ckpt':4s} {'method':6s} {'optim':12s} {'b×s':8s} | "
        f"{'alloc MiB':>9s} {'reserv':>9s} | {'analytic/alloc':>14s} {'traced/alloc':>12s} "
        f"{'a+ovh/res':>9s}"
    )
    worst = {"analytic": 0.0, "traced": 0.0}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        for arch, prec, ckpt, method, optim, b, s in ROWS:
            spec = spec_for(d, arch, prec, ckpt, method, optim, b, s).replace(parallel={"devices": "cuda:0"})
            ratios = {}
            m = measure_cuda(spec)
            for kind, fn in (("analytic", estimate), ("traced", traced_estimate)):
                est = fn(spec, targets).devices[0]
                allocated_pred = est.peak - est.items["cuda_context"] - est.items["allocator_overhead"]
                ratios[kind] = allocated_pred / m["allocated"]
                worst[kind] = max(worst[kind], abs(ratios[kind] - 1))
                if kind == "analytic":
                    r_res = (allocated_pred + est.items["allocator_overhead"]) / m["reserved"]
            print(
                f"{arch:14s} {prec:10s} {'yes' if ckpt else 'no':4s} {method:6s} {optim:12s} "
                f"{f'{b}×{s}':8s} | "
                f"{m['allocated'] / 2**20:9.1f} {m['reserved'] / 2**20:9.1f} | "
                f"{ratios['analytic']:14.3f} {ratios['traced']:12.3f} {r_res:9.3f}",
                flush=True,
            )
    print(
        f"final: worst analytic/allocated off by {worst['analytic']:.2%}, traced {worst['traced']:.2%} "
        f"({time.perf_counter() - t0:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
