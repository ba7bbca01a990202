"""Build what a spec trains — model (method applied), optimizer, scheduler — on any device.

Used by the traced estimate (meta / fake tensors), the CPU ground truth and the worker, so that all
three train exactly the same thing.
"""

from __future__ import annotations

import math
from contextlib import contextmanager, nullcontext

import torch

from trainsizer.model.source import build_config, causal_lm_class, resolve_model

COMPUTE_DTYPE = {
    "fp32": torch.float32,
    "bf16-mixed": torch.bfloat16,
    "fp16-mixed": torch.float16,
    "bf16": torch.bfloat16,
}


class BuildError(RuntimeError):
    """This configuration cannot be built here (e.g. QLoRA without CUDA and bitsandbytes)."""


def param_dtype(spec) -> torch.dtype:
    """Weights dtype: fp32 under autocast (torch mixed precision), bf16 for pure bf16."""
    return torch.bfloat16 if spec.precision.compute == "bf16" else torch.float32


def model_config(spec):
    resolved = resolve_model(spec.model)
    config = build_config(resolved, trust_remote_code=spec.model.trust_remote_code)
    config.use_cache = False
    return resolved, config


def decoder_layers(model) -> torch.nn.ModuleList | None:
    """The ModuleList of transformer blocks: the outermost ModuleList (the longest among equals). Not the
    longest overall: a one-layer build of a mixture of experts holds a longer list of experts inside its
    block (transformers 4.x)."""
    lists = [
        (name.count("."), -len(module), i, module)
        for i, (name, module) in enumerate(model.named_modules())
        if isinstance(module, torch.nn.ModuleList)
    ]
    return min(lists)[3] if lists else None


def enable_checkpointing(model) -> None:
    # transformers 5.x renamed gradient_checkpointing_enable (deprecated, removed in v6); 4.57 has only the
    # old name.
    if hasattr(model, "activation_checkpointing_enable"):
        model.activation_checkpointing_enable(activation_checkpointing_kwargs={"use_reentrant": False})
    else:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})


def build_model(
    spec, *, device: str | torch.device = "cpu", config=None, load_weights: bool = True, base_context=None
):
    """The model to train, method applied, on ``device`` ("meta" builds without memory).

    ``base_context`` (e.g. a FakeTensorMode) wraps the build of the base model only: peft then adds its
    adapters outside it, as real tensors of the adapters' (small) size.
    """
    with base_context if base_context is not None else nullcontext(), _default_dtype(param_dtype(spec)):
        model = _build_base(spec, device, config, load_weights)
    model = apply_method(spec, model)
    if spec.batch.gradient_checkpointing:
        enable_checkpointing(model)
        if spec.method.kind in ("lora", "freeze"):
            model.enable_input_require_grads()  # the checkpointed blocks need an input that requires grad
    model.train()
    return model


def _build_base(spec, device, config, load_weights):
    resolved, cfg = model_config(spec) if config is None else (None, config)
    if spec.method.kind == "qlora":
        raise BuildError(
            "qlora needs bitsandbytes 4-bit kernels on a CUDA device; it cannot be built on "
            f"{torch.device(device).type}"
        )
    attn = spec.model.attn_implementation
    if resolved is not None and resolved.directory and load_weights and str(device) != "meta":
        from transformers import AutoModelForCausalLM

        kwargs = {"config": cfg} if spec.model.max_positions else {}  # the positions the spec asks for
        model = AutoModelForCausalLM.from_pretrained(
            resolved.directory,
            attn_implementation=attn,
            trust_remote_code=spec.model.trust_remote_code,
            **kwargs,
        )
        model.to(device=device, dtype=param_dtype(spec))
    else:
        cls = causal_lm_class(cfg)
        if cls is None:
            from transformers import AutoModelForCausalLM

            with torch.device(device):
                model = AutoModelForCausalLM.from_config(
                    cfg, attn_implementation=attn, trust_remote_code=spec.model.trust_remote_code
                )
        else:
            if attn == "sdpa" and not getattr(cls, "_supports_sdpa", True):
                attn = "eager"  # e.g. Gemma 2: transformers has no SDPA path for it
            cfg._attn_implementation = attn
            with torch.device(device):
                model = cls(cfg)
    model.config.use_cache = False
    return model


@contextmanager
def _default_dtype(dtype):
    """Build parameters directly in ``dtype`` (a .to() afterwards cannot swap fake tensors, and copies)."""
    old = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        yield
    finally:
        torch.set_default_dtype(old)


def apply_method(spec, model):
    kind = spec.method.kind
    if kind == "freeze":
        for p in model.parameters():
            p.requires_grad_(False)
        layers = decoder_layers(model)
        keep = spec.method.trainable_layers
        if layers is not None and keep:
            for layer in list(layers)[-keep:]:
                for p in layer.parameters():
                    p.requires_grad_(True)
        return model
    if kind == "lora":
        from peft import LoraConfig, get_peft_model

        targets = spec.method.lora_targets
        target = "all-linear" if targets == ["all-linear"] else targets
        _check_targets(model, targets)
        cfg = LoraConfig(
            r=spec.method.lora_rank,
            lora_alpha=spec.method.lora_alpha,
            lora_dropout=spec.method.lora_dropout,
            target_modules=target,
            task_type="CAUSAL_LM",
        )
        return get_peft_model(model, cfg)
    return model


def _check_targets(model, targets: list[str]) -> None:
    if targets == ["all-linear"]:
        return
    names = {
        n.rsplit(".", 1)[-1]
        for n, m in model.named_modules()
        if isinstance(m, torch.nn.Linear | torch.nn.Conv1d)
    }
    names |= {n.rsplit(".", 1)[-1] for n, m in model.named_modules() if type(m).__name__ == "Conv1D"}
    missing = [t for t in targets if t not in names]
    if missing:
        from trainsizer.spec.errors import SpecError, SpecIssue

        raise SpecError(
            [
                SpecIssue(
                    "method.lora_targets",
                    "unknown",
                    "no module named %(missing)s in this model; it has %(names)s",
                    missing=", ".join(missing),
                    names=", ".join(sorted(names)),
                )
            ]
        )


def trainable_parameters(model) -> list[torch.nn.Parameter]:
    return [p for p in model.parameters() if p.requires_grad]


def build_optimizer(spec, params):
    o = spec.optimizer
    name = o.name
    if name in ("adamw", "adamw-fused"):
        return torch.optim.AdamW(
            params, lr=o.lr, weight_decay=o.weight_decay, fused=True if name == "adamw-fused" else None
        )
    if name == "adamw-8bit":
        try:
            import bitsandbytes as bnb
        except ImportError:
            raise BuildError("adamw-8bit needs the bitsandbytes package and a CUDA device") from None
        return bnb.optim.AdamW8bit(params, lr=o.lr, weight_decay=o.weight_decay)
    if name == "sgd":
        return torch.optim.SGD(params, lr=o.lr, weight_decay=o.weight_decay)
    if name == "sgd-momentum":
        return torch.optim.SGD(params, lr=o.lr, momentum=o.momentum, weight_decay=o.weight_decay)
    if name == "adafactor":
        return torch.optim.Adafactor(params, lr=o.lr, weight_decay=o.weight_decay)
    raise BuildError(f"unknown optimizer {name!r}")


def build_scheduler(spec, optimizer, total_steps: int):
    o = spec.optimizer
    warm = o.warmup_steps

    def factor(step: int) -> float:
        if warm and step < warm:
            return (step + 1) / warm
        if o.scheduler == "constant" or total_steps <= warm:
            return 1.0
        progress = min(1.0, (step - warm) / max(1, total_steps - warm))
        return 0.5 * (1 + math.cos(math.pi * progress)) if o.scheduler == "cosine" else 1.0 - progress

    return torch.optim.lr_scheduler.LambdaLR(optimizer, factor)


def autocast_context(spec, device_type: str):
    compute = spec.precision.compute
    if compute in ("bf16-mixed", "fp16-mixed"):
        return torch.autocast(device_type=device_type, dtype=COMPUTE_DTYPE[compute])
    return nullcontext()


def needs_grad_scaler(spec) -> bool:
    return spec.precision.compute == "fp16-mixed"


def build_issues(spec) -> list:
    """The second stage of validation: build the model on the meta device (no memory, no weights read) and
    check what needs its modules — LoRA target names, and config values that transformers itself refuses."""
    from trainsizer.spec.errors import SpecError, SpecIssue

    if spec.method.kind == "qlora":  # built on CUDA only; its targets are checked there
        return []
    try:
        _, config = model_config(spec)
        with torch.device("meta"):
            model = _build_base(spec, "meta", config, load_weights=False)
        if spec.method.kind == "lora":
            _check_targets(model, spec.method.lora_targets)
    except SpecError as e:
        return e.issues
    except Exception as e:  # transformers' own validation of a config: name the file, not a traceback
        where = f"model.{resolved_kind(spec)}"
        return [
            SpecIssue(
                where,
                "config",
                "the model cannot be built: %(error)s: %(detail)s",
                error=type(e).__name__,
                detail=str(e)[:300],
            )
        ]
    return []


def resolved_kind(spec) -> str:
    return next(iter(spec.model.sources()), "preset")
