"""What the CUDA libraries take from the caching allocator on first use (cuBLAS / cuBLASLt workspaces: one per
handle and stream, and autograd's backward runs on a thread of its own, with a handle of its own).

Run on a machine with CUDA: python bench/cuda_workspace.py
Prints, per part of a first training step, the allocated memory that is not a tensor of the step
(allocated after it minus the live tensors it left), and the final figure: what one training process holds for
the libraries. Without CUDA it says so and exits 2.
"""

from __future__ import annotations

import sys


def main() -> int:
    import torch

    if not torch.cuda.is_available():
        print("no CUDA device: this benchmark needs one")
        return 2
    dev = torch.device("cuda:0")
    props = torch.cuda.get_device_properties(dev)
    print(f"device: {props.name} (sm{props.major}{props.minor}), torch {torch.__version__}")
    torch.cuda.init()
    mib = 2**20

    def allocated() -> int:
        torch.cuda.synchronize()
        return torch.cuda.memory_allocated(dev)

    rows = []
    base = allocated()
    w = torch.randn(512, 512, device=dev, requires_grad=True)
    x = torch.randn(64, 512, device=dev)
    tensors = w.numel() * 4 + x.numel() * 4
    rows.append(("two tensors (no library yet)", allocated() - base - tensors))
    y = x @ w  # the first fp32 GEMM on this thread
    tensors += y.numel() * 4
    rows.append(("fp32 GEMM, forward thread", allocated() - base - tensors))
    y.sum().backward()  # the backward GEMM runs on autograd's device thread
    tensors += w.numel() * 4  # w.grad
    rows.append(("+ backward (autograd thread)", allocated() - base - tensors))
    with torch.autocast("cuda", dtype=torch.bfloat16):
        z = x @ w
    tensors += z.numel() * 2 + w.numel() * 2  # the output and the cached bf16 copy of w (freed with autocast)
    rows.append(("+ bf16 GEMM under autocast", allocated() - base - tensors))
    del z
    tensors -= 64 * 512 * 2 + w.numel() * 2
    clear = getattr(torch._C, "_cuda_clearCublasWorkspaces", None)
    if clear is not None:
        clear()
        rows.append(("after torch._C._cuda_clearCublasWorkspaces()", allocated() - base - tensors))
    print(f"{'after':46s} {'not a tensor, MiB':>18s}")
    for name, extra in rows:
        print(f"{name:46s} {extra / mib:18.2f}")
    held = max(extra for _, extra in rows)
    print(f"final: the libraries hold {held / mib:.2f} MiB of allocated memory in one training process")
    return 0


if __name__ == "__main__":
    sys.exit(main())
