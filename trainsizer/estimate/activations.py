"""Analytic saved activations per token and per layer, from the architecture's structure.

Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large Transformer Models", Table 2) count
what each operation of a GPT layer saves for backward: sbh(34 + 5as/h) bytes in fp16 with dropout masks.
We keep their method — list what every operation saves — and redo it for the layers that transformers
actually runs (pre-norm RMSNorm, gated SiLU MLP, grouped-query attention, SDPA/flash kernels that save
q, k, v, the output and the log-sum-exp instead of the s² probabilities; docs/facts.md, Megatron-LM #1225), in
the dtypes torch autocast produces: norms compute in fp32, every Linear under autocast saves its own
low-precision copy of its input and of its weight. docs/estimator.md lists each term.
"""

from __future__ import annotations

from dataclasses import dataclass

# model_type -> structural traits. Unknown types use the Korthikanti fallback in ``layer_bytes_per_token``.
GATED_MLP = {
    "llama",
    "mistral",
    "qwen2",
    "qwen3",
    "mixtral",
    "phi3",
    "olmo2",
    "gemma2",
    "olmo",
    "qwen2_moe",
    "qwen3_moe",
}
QK_NORM = {"qwen3", "olmo2", "qwen3_moe"}
GELU_COMPOSITE = {"gpt2", "phi"}  # NewGELU written as python ops: saves x, tanh, 0.5x, 1+tanh
PARALLEL_RESIDUAL = {"gpt_neox", "phi"}  # attention and MLP read the same normalised input
OPROJ_INPUT_COPY = {"gpt_neox", "gpt2", "phi3"}  # the attention output is copied before the output projection
# Fused q/k/v projection whose v is a view of the fused output: SDPA saves v, which keeps the whole output
# alive.
FUSED_QKV_V_VIEW = {"gpt_neox", "phi3"}
KNOWN = GATED_MLP | GELU_COMPOSITE | PARALLEL_RESIDUAL | {"starcoder2"}


@dataclass(frozen=True)
class Precision:
    """Bytes per element: ``act`` for matmul inputs/outputs, ``res`` for the residual stream, ``norm`` inside
    norms."""

    act: int
    res: int
    norm: int
    autocast: bool

    @classmethod
    def of(cls, compute: str) -> Precision:
        if compute == "fp32":
            return cls(4, 4, 4, False)
        if compute in ("bf16-mixed", "fp16-mixed"):
            return cls(2, 4, 4, True)
        return cls(2, 2, 4, False)  # pure bf16: weights and residual stream in bf16, norms upcast to fp32


@dataclass(frozen=True)
class Trainable:
    """Which parts of a layer have trainable weights (full: all; lora: adapters on targets; freeze:
    none/all)."""

    all_linears: bool = True
    norms: bool = True
    lora_targets: frozenset[str] = frozenset()
    lora_rank: int = 0

    def linear_saves_input(self, name: str) -> bool:
        return self.all_linears or self.lora_target(name)

    def lora_target(self, name: str) -> bool:
        leaf = name.rsplit(".", 1)[-1]
        return bool(self.lora_targets) and ("all-linear" in self.lora_targets or leaf in self.lora_targets)


def gathered_input_bytes(trainable: Trainable, stats, compute: str, tokens: int, tp: int) -> int:
    """Per layer, what PyTorch's sequence parallelism (DTensor, as torchtitan runs it) keeps beyond the
    tp-way share of the activations: the attention's and the MLP's inputs are each all-gathered to the whole
    sequence once, and the column-parallel linears that need their input for a weight gradient save that
    gathered tensor (Megatron re-gathers it in backward instead; Korthikanti et al. count it split).
    Measured on a real two-rank TP over gloo: tests/test_instrument.py."""
    groups = [g for g in (ATTN_IN, MLP_IN) if any(trainable.linear_saves_input(n) for n in g)]
    return int(len(groups) * Precision.of(compute).act * stats.hidden_size * tokens * (1 - 1 / tp))


def _dims(stats):
    d = stats.head_dim
    return stats.hidden_size, stats.heads * d, stats.kv_heads * d, stats.intermediate_size


def _norm_bytes(stats, prec: Precision, trainable_weight: bool) -> int:
    h = stats.hidden_size
    # native_layer_norm saves input, mean, rstd; its output is saved by the next op
    if stats.norm_kind == "layer":
        return prec.res * h + 8
    # RMSNorm (x.float(); x * rsqrt(mean(x²)+eps); weight * x): saves x, rsqrt and, with a trained weight,
    # x_norm
    upcast = 4 * h if prec.res != 4 else 0  # pure bf16 keeps the fp32 copy of x that pow() saves
    saved_x = 4 * h if prec.res == 4 else 0
    normed = (prec.act if not prec.autocast and prec.res == 2 else 4) * h if trainable_weight else 0
    return saved_x + upcast + 4 + normed


ATTN_IN = {"q_proj", "k_proj", "v_proj", "qkv_proj", "c_attn", "query_key_value", "W_pack", "Wqkv"}
MLP_IN = {"gate_proj", "up_proj", "gate_up_proj", "c_fc", "dense_h_to_4h", "fc1", "w1", "w3"}
SHARED_NORM_OUTPUT = {"phi"}  # one LayerNorm feeds both attention and MLP
ATTN_SOFTCAP = {"gemma2"}


def layer_bytes_per_token(
    stats,
    compute: str,
    *,
    seq_len: int,
    attention: str,
    trainable: Trainable,
    attn_dropout: float = 0.0,
    hidden_dropout: float = 0.0,
) -> float:
    """Bytes saved for backward by one decoder layer, per token (the s² attention term included)."""
    prec = Precision.of(compute)
    mt = stats.model_type
    if mt not in KNOWN:
        return korthikanti_bytes_per_token(stats, prec, seq_len, attention)
    h, qd, kvd, f = _dims(stats)
    c = prec.act
    total = _norms_bytes(stats, prec, trainable)
    total += _linear_input_bytes(stats, prec, trainable)
    total += _attention_bytes(stats, prec, seq_len, attention, attn_dropout)
    # MLP: the activation's saved tensors, then the down projection's input when it is trained.
    down_trained = any(
        trainable.linear_saves_input(lin.name)
        for lin in stats.layer_linears
        if _leaf(lin.name) not in ATTN_IN | MLP_IN and ".mlp." in f".{lin.name}"
    )
    down_trained = down_trained or (trainable.all_linears and stats.experts > 0)
    k = stats.experts_per_token or 1
    if mt in GATED_MLP:
        per = 3 + down_trained  # act(gate) input, act output, up output, product
    elif mt in GELU_COMPOSITE:
        per = 4 + down_trained
    else:
        per = 1 + down_trained  # one fused activation (gelu, gelu_tanh): its input
    # Mixture of experts: transformers' grouped_mm is not autocast, it casts the tokens to the dtype of the
    # experts' weights — under mixed precision the experts run (and save) in fp32.
    ce = prec.res if stats.experts else c
    total += ce * f * per * k
    if stats.experts:
        # the tokens gathered per expert and the experts' outputs (saved for the routing weights' product);
        # fp32 router logits, top-k weights and int64 indices, and the sort permutations of the dispatch
        total += 2 * k * ce * h + 4 * stats.experts + 40 * k + 4
    if hidden_dropout > 0:
        total += 2 * h  # bool masks of the attention and MLP output dropouts
    return float(total)


def _leaf(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def _norms_bytes(stats, prec: Precision, trainable: Trainable) -> int:
    mt = stats.model_type
    one = _norm_bytes(stats, prec, trainable.norms)
    if mt in SHARED_NORM_OUTPUT:
        return one
    if mt in PARALLEL_RESIDUAL:  # two LayerNorms of the same x: x is saved once
        return one + 8
    if mt == "gemma2":
        return 4 * one
    return 2 * one


def _linear_input_bytes(stats, prec: Precision, trainable: Trainable) -> int:
    """Inputs of the Linear layers fed by a normalisation; the others are counted with the op that made them.

    Under autocast each Linear casts (and saves) its own copy of an fp32 input; otherwise the Linear layers
    that read one tensor share it. A LoRA adapter adds the output of its A matrix (saved by B).
    """
    total = 0
    groups: dict[str, list] = {"attn": [], "mlp": []}
    for lin in stats.layer_linears:
        leaf = _leaf(lin.name)
        if trainable.lora_target(lin.name):
            total += (prec.act if prec.autocast else 4) * trainable.lora_rank
        if leaf in ATTN_IN:
            groups["attn"].append(lin)
        elif leaf in MLP_IN or (leaf == "gate" and stats.experts):
            groups["mlp"].append(lin)
    shared_once = stats.model_type in SHARED_NORM_OUTPUT
    counted_shared = False
    for members in groups.values():
        needed = [
            lin for lin in members if trainable.linear_saves_input(lin.name) or _leaf(lin.name) == "gate"
        ]
        if not needed:
            continue
        if prec.autocast:
            total += sum(prec.act * lin.in_features for lin in needed)
        elif not (shared_once and counted_shared):
            total += prec.act * stats.hidden_size
            counted_shared = True
    return total


def _attention_bytes(stats, prec: Precision, s: int, attention: str, attn_dropout: float) -> int:
    _, qd, kvd, _ = _dims(stats)
    c, heads = prec.act, stats.heads
    total = 0
    if attention == "eager":  # q, k, v repeated to all heads; softmax out (fp32) and its cast; dropout mask
        total += c * 3 * qd + heads * s * (4 + (c if c != 4 else 0)) + (heads * s if attn_dropout > 0 else 0)
        if stats.model_type in ATTN_SOFTCAP:
            total += c * heads * s  # tanh(scores / cap) saved for backward
    elif attention == "math":  # SDPA's math path (dropout on the CPU): scores, softmax output, dropout output
        total += c * 3 * qd + 3 * c * heads * s
    else:  # flash / memory-efficient kernels: q, k, v (grouped: kv heads only), output, log-sum-exp (fp32)
        total += c * (2 * qd + 2 * kvd) + 4 * heads
    if stats.model_type in OPROJ_INPUT_COPY:
        total += c * qd
    if stats.model_type in FUSED_QKV_V_VIEW and attention != "eager":
        total += c * (qd + kvd)
    if stats.model_type in QK_NORM:
        total += 8 * (qd + kvd) + 4 * (heads + stats.kv_heads)
    return total


def selective_bytes_per_token(stats, compute: str) -> float:
    """Selective activation checkpointing as torchtitan's "op" policy runs it (torch's
    ``create_selective_checkpoint_contexts``; torchtitan ``selective_ac_option = "op"``): per token and layer,
    the layer input, every other matmul's output in forward order (model.flops.op_sac_split: q, v, gate and
    down of a Llama layer), the attention kernel's output and its log-sum-exp. The other matmuls, the norms,
    activations and products are recomputed in backward."""
    from trainsizer.model.flops import op_sac_split

    prec = Precision.of(compute)
    h, qd, _, _ = _dims(stats)
    saved, _ = op_sac_split(stats)
    return float(prec.res * h + prec.act * (saved + qd) + 4 * stats.heads)


def post_layers_bytes_per_token(stats, compute: str, trainable_head: bool, trainable_norm: bool) -> float:
    """The final norm and the lm_head input (logits and loss are their own item)."""
    prec = Precision.of(compute)
    return float(
        _norm_bytes(stats, prec, trainable_norm) + (prec.act * stats.hidden_size if trainable_head else 0)
    )


def korthikanti_bytes_per_token(stats, prec: Precision, seq_len: int, attention: str) -> float:
    """Korthikanti et al. 2022, Table 2, per token: h(34 + 5as/h) in 2-byte activations; scaled to our dtypes.

    Without dropout the masks (2 of 34 and 1 of 5) go; flash attention removes the 5as/h term.
    """
    h, a = stats.hidden_size, stats.heads
    per = h * 32 * (prec.act / 2)
    if attention == "eager":
        per += 4 * a * seq_len * (prec.act / 2)
    return per


def autocast_weight_copy_bytes(stats, prec: Precision, layers: bool = True) -> int:
    """Under autocast every Linear saves a low-precision copy of its weight (cached once per forward)."""
    if not prec.autocast:
        return 0
    per_layer = sum(lin.in_features * lin.out_features for lin in stats.layer_linears) if layers else 0
    head = stats.vocab_size * stats.hidden_size
    return prec.act * (per_layer * stats.layers + head)
