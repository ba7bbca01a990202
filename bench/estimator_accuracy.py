"""Estimator accuracy against the ground truth of a real training step on the CPU.

Ground truth: exact accounting of two real optimizer steps (trainsizer.model.stepaccount): parameter,
gradient and optimizer-state storages, saved activations (saved-tensor hooks, deduplicated by storage),
and the live-tensor peak at every operation. Each row compares the analytic and the traced estimate to it.

Run: .venv/bin/python bench/estimator_accuracy.py [--quick]
Prints one row per configuration and, last, the worst ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import warnings

warnings.filterwarnings("ignore")

H, F, L, NH, KV, V = 128, 352, 3, 4, 2, 4096
ARCHS = {
    "llama": dict(
        model_type="llama",
        hidden_size=H,
        intermediate_size=F,
        num_hidden_layers=L,
        num_attention_heads=NH,
        num_key_value_heads=KV,
        vocab_size=V,
        max_position_embeddings=2048,
    ),
    "qwen2": dict(
        model_type="qwen2",
        hidden_size=H,
        intermediate_size=F,
        num_hidden_layers=L,
        num_attention_heads=NH,
        num_key_value_heads=KV,
        vocab_size=V,
        max_position_embeddings=2048,
    ),
    "phi3": dict(
        model_type="phi3",
        hidden_size=H,
        intermediate_size=F,
        num_hidden_layers=L,
        num_attention_heads=NH,
        num_key_value_heads=KV,
        vocab_size=V,
        max_position_embeddings=2048,
        pad_token_id=0,
        bos_token_id=1,
        eos_token_id=2,
        original_max_position_embeddings=2048,
    ),
    "gpt_neox": dict(
        model_type="gpt_neox",
        hidden_size=H,
        intermediate_size=4 * H,
        num_hidden_layers=L,
        num_attention_heads=NH,
        vocab_size=V,
        rotary_pct=0.25,
        max_position_embeddings=2048,
    ),
    "gpt2": dict(
        model_type="gpt2",
        n_embd=H,
        n_layer=L,
        n_head=NH,
        vocab_size=V,
        n_positions=2048,
        bos_token_id=0,
        eos_token_id=0,
    ),
    "gemma2": dict(
        model_type="gemma2",
        hidden_size=H,
        intermediate_size=F,
        num_hidden_layers=L,
        num_attention_heads=NH,
        num_key_value_heads=KV,
        head_dim=32,
        vocab_size=V,
        max_position_embeddings=2048,
        sliding_window=4096,
    ),
}
ROWS = [  # (architecture, precision, checkpointing, method, micro_batch, seq_len)
    ("llama", "fp32", False, "full", 4, 256),
    ("llama", "bf16-mixed", False, "full", 2, 128),
    ("llama", "fp32", True, "full", 4, 256),
    ("llama", "fp32", False, "lora", 4, 256),
    ("llama", "bf16-mixed", True, "lora", 2, 128),
    ("qwen2", "fp32", False, "full", 4, 256),
    ("qwen2", "bf16-mixed", False, "lora", 2, 128),
    ("phi3", "fp32", False, "full", 4, 256),
    ("phi3", "fp32", True, "full", 4, 256),
    ("gpt_neox", "fp32", False, "full", 4, 256),
    ("gpt_neox", "bf16-mixed", True, "full", 2, 128),
    ("gpt2", "fp32", False, "full", 4, 256),
    ("gpt2", "fp32", False, "lora", 4, 256),
    ("gemma2", "fp32", False, "full", 4, 256),
]
QUICK = ROWS[:1] + ROWS[5:6] + ROWS[9:10]
ITEMS = ("weights", "gradients", "optimizer_states", "activations")


def spec_for(cfg_dir, arch, precision, ckpt, method, b, s):
    from trainsizer.spec import RunSpec

    path = os.path.join(cfg_dir, f"{arch}.json")
    with open(path, "w") as f:
        json.dump(ARCHS[arch], f)
    targets = (
        ["c_attn"]
        if arch == "gpt2"
        else ["query_key_value"]
        if arch == "gpt_neox"
        else ["qkv_proj", "o_proj"]
        if arch == "phi3"
        else ["q_proj", "k_proj", "v_proj", "o_proj"]
    )
    return RunSpec().replace(
        model={"config": path},
        precision={"compute": precision},
        batch={"micro_batch": b, "seq_len": s, "gradient_checkpointing": ckpt},
        method={"kind": method, "lora_targets": targets},
    )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="three rows only")
    args = ap.parse_args()
    from trainsizer.estimate.traced import traced_estimate
    from trainsizer.estimate.working_set import estimate
    from trainsizer.model.stepaccount import account_step

    rows = QUICK if args.quick else ROWS
    header = (
        f"{'arch':9s} {'precision':10s} {'ckpt':4s} {'method':6s} {'b×s':8s} | "
        + " ".join(f"{k[:6]:>6s}" for k in ITEMS)
        + " |  peak MiB true | analytic act  peak | traced peak | s"
    )
    print(header)
    print("-" * len(header))
    worst = {"states": 0.0, "analytic_act": 0.0, "analytic_peak": 0.0, "traced_peak": 0.0}
    with tempfile.TemporaryDirectory() as d:
        for arch, prec, ckpt, method, b, s in rows:
            spec = spec_for(d, arch, prec, ckpt, method, b, s)
            t0 = time.perf_counter()
            truth = account_step(spec)
            ana = estimate(spec).devices[0]
            tra = traced_estimate(spec).devices[0]
            secs = time.perf_counter() - t0
            exact = [
                ana.items[k] / truth.items[k]
                if truth.items[k]
                else (1.0 if not ana.items[k] else float("inf"))
                for k in ITEMS
            ]
            act_ratio = ana.items["activations"] / truth.items["activations"]
            peak_ratio = ana.peak / truth.peak
            traced_ratio = tra.peak / truth.peak
            worst["states"] = max(worst["states"], max(abs(r - 1) for r in exact[:3]))
            worst["analytic_act"] = max(worst["analytic_act"], abs(act_ratio - 1))
            worst["analytic_peak"] = max(worst["analytic_peak"], abs(peak_ratio - 1))
            worst["traced_peak"] = max(worst["traced_peak"], abs(traced_ratio - 1))
            print(
                f"{arch:9s} {prec:10s} {'yes' if ckpt else 'no':4s} {method:6s} {f'{b}×{s}':8s} | "
                + " ".join(f"{r:6.3f}" for r in exact)
                + f" | {truth.peak / 2**20:8.1f} {truth.peak_phase[:3]} | {act_ratio:6.3f} "
                f"{peak_ratio:6.3f} |"
                f" {traced_ratio:6.3f}     | {secs:4.1f}",
                flush=True,
            )
    print()
    print(
        "columns: predicted/measured for weights, gradients, optimizer states, activations (analytic);"
        " peak ratios analytic and traced"
    )
    print(
        f"worst: model states off by {worst['states']:.4%}; analytic activations "
        f"{worst['analytic_act']:.2%}; "
        f"analytic peak {worst['analytic_peak']:.2%}; traced peak {worst['traced_peak']:.2%}"
    )
    ok = (
        worst["states"] == 0
        and worst["analytic_act"] <= 0.10
        and worst["analytic_peak"] <= 0.10
        and worst["traced_peak"] <= 0.02
    )
    print(f"targets (states exact, analytic within 10%, traced within 2%): {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
