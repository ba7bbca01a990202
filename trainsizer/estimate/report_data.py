"""The estimate as one plain-data document: items per device, host, fit, time, solvers and advice."""

from __future__ import annotations

from typing import Any

from trainsizer.spec.errors import SpecError, SpecIssue


def resolve_targets(devices: str | None):
    """Hypothetical devices from "8xH100-80GB" (a SpecError naming --devices when malformed), or this
    machine's detected GPUs; with the host inventory (None for hypothetical targets)."""
    from trainsizer.hardware import hypothetical_targets, inventory

    if devices:
        try:
            return hypothetical_targets(devices), None
        except ValueError as e:
            raise SpecError([SpecIssue.of("--devices", "device", e)]) from None
    inv = inventory()
    return inv.targets(), inv.host


def build_report(
    spec, *, devices: str | None = None, traced: bool = False, solve: bool = True
) -> dict[str, Any]:
    from trainsizer.estimate import fit as fitmod
    from trainsizer.estimate.timing import step_time
    from trainsizer.estimate.traced import traced_estimate
    from trainsizer.estimate.working_set import EstimateError, estimate
    from trainsizer.model.arith import light_config
    from trainsizer.model.source import model_issues, positions_issues, preset_answers
    from trainsizer.spec.checks import environment_issues

    light = light_config(spec)
    if light is not None and preset_answers(spec):
        # a preset of a known family: every preset is built by the test suite, its class a causal LM that
        # supports checkpointing (tests/test_presets.py); LoRA targets are checked by the analytic estimate
        # against the preset's own module names — no transformers here
        issues = positions_issues(spec, light.max_position_embeddings) + lora_target_issues(spec, light)
    else:
        issues = model_issues(spec)
    if issues:
        raise SpecError(issues)
    targets, host = resolve_targets(devices)
    if not devices:
        spec = spec.on_devices_present(len(targets))  # auto on a machine without CUDA: the CPU
    if spec.parallel.on_cpu and not devices:
        targets = []  # a CPU run on this machine: the CPU is the device
    issues = environment_issues(spec, targets) if targets or not devices else []
    if issues:
        raise SpecError(issues)
    host_ram = host["ram_available"] if host and not targets else None
    try:
        est = (traced_estimate if traced else estimate)(spec, targets, host_ram=host_ram)
    except EstimateError as e:
        raise SpecError([SpecIssue(e.path, "range", e.template, **e.params)]) from None
    fits = fitmod.fit_of(est)
    verdict = fitmod.fits(est)
    out: dict[str, Any] = {
        "kind": est.kind,
        "target": devices or "this machine",
        "devices": spec.parallel.devices,  # as resolved here: "auto" without a CUDA device is "cpu"
        "model": {
            "total_params": est.stats.total,
            "trainable_params": est.trainable_params,
            "stats": est.stats.to_dict(),
        },
        "estimate": est.to_dict(),
        "fit": [f.to_dict() for f in fits],
        "fits": verdict,
        "host_fits": None if not host else est.host["peak"] <= host["ram_total"],
        "host_ram_total": host["ram_total"] if host else None,
        "placement": est.placement,
        "time": step_time(
            spec,
            est.stats,
            targets[0] if targets and not spec.parallel.on_cpu else None,
            data_parallel=est.placement.get("data_parallel"),
            placement=est.placement,
            trainable=est.trainable_params,
        ),
    }
    if solve:
        out["solver"] = {
            "max_micro_batch": fitmod.max_micro_batch(spec, targets, host_ram),
            "max_seq_len": fitmod.max_seq_len(spec, targets, est.stats, host_ram),
            "min_gpus": fitmod.min_gpus(spec, targets) if targets else None,
        }
        out["advice"] = fitmod.advice(spec, targets, host_ram) if verdict is False else []
        out["advice_combined"] = (
            fitmod.combined_advice(spec, targets, host_ram, out["advice"]) if out["advice"] else None
        )
    return out


def lora_target_issues(spec, light) -> list:
    """LoRA targets the preset's layers do not have, named as the model stage names them (model/build.py):
    without it an unknown target trained nothing and the estimate said "0 trained"."""
    from trainsizer.model.arith import stats
    from trainsizer.spec import SpecIssue

    targets = spec.method.lora_targets
    if spec.method.kind not in ("lora", "qlora") or not targets or targets == ["all-linear"]:
        return []
    names = {lin.name.rsplit(".", 1)[-1] for lin in stats(light).layer_linears}
    missing = [t for t in targets if t not in names | {"lm_head"}]  # the head is a Linear outside the layers
    if not missing:
        return []
    return [
        SpecIssue(
            "method.lora_targets",
            "unknown",
            "no module named %(missing)s in this model; its layers have %(names)s",
            missing=", ".join(missing),
            names=", ".join(sorted(names)),
        )
    ]
