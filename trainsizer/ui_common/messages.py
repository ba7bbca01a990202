"""Words for people, made at the edges from the codes the core returns — from one catalog.

The core writes ``{code, params}`` (a check's evidence, the quality and resume outcome); ``MESSAGES`` holds
the
English template of each code. Translations of every text — the window's labels, the report's words and these
templates — live in one place, Qt Linguist's ``resources/i18n/trainsizer_<lang>.ts``: the window loads the
compiled ``.qm``; the report and the CLI, which must work without Qt, read the ``.ts`` source with the
stdlib's
XML parser (``ts_catalog``). There is no second Russian table to drift.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from trainsizer.problem import words_of

# code -> English template (str.format fields; translators keep the fields)
MESSAGES = {
    "recorded": "specification and environment recorded",
    "not_recorded": "the specification or the environment is missing",
    "placed": "weights and training state placed on {devices} and the host",
    "no_estimate": "no estimate",
    "not_measured": "not measured: {why}",
    # the readiness probe (runs/probe.py): each figure against what its part should give
    "probe_of_peak": "{share:.0%} of the data sheet's {peak:g}",
    "probe_below_peak": "{share:.0%} of the data sheet's {peak:g}: below",
    "probe_throttled": "slowed down by the card itself during the test: {reasons}",
    "probe_pcie_degraded": "PCIe Gen{gen} x{width}, expected Gen{gen_max} x{width_max}",
    "probe_pcie_rate": "link PCIe Gen{gen} x{width}, {raw:.1f} GB/s raw",
    "probe_ecc": "{errors} uncorrected ECC errors since boot",
    "probe_remapped": "{rows} rows remapped for uncorrected errors (pending {pending}, failure {failure})",
    "probe_retired": "retired pages pending: {pending}",
    "probe_power_limit": "power limit {limit:g} W of the default {default:g} W",
    "probe_gpu_free": "no other process on the GPU",
    "probe_gpu_busy": "in use by another process: {processes}",
    "probe_disk_free": "room for two checkpoints of {planned_gib:.1f} GiB",
    "probe_not_measured": "not measured: {why}",
    "probe_no_expected": "no expected value: {why}",
    "probe_measured": "measured; no expected value for this figure",
    "placement_differs": "the run used {devices}, the estimate was made for {estimated}",
    "no_measurement": "no measurement",
    "oom": "does not fit: out of memory in {phase} at step {step}",
    "failure": "the measurement failed: {message}",
    "cancelled": "cancelled",
    "no_steps": "no step was measured",
    "steps_measured": "{count} steps measured, median {median:.3f} s",
    "command_resume_identical": "resumed at step {k} through the command's own checkpoint: the losses of all "
    "{steps} steps identical to the uninterrupted run (losses compared, not parameters)",
    "command_resume_within": "resumed at step {k} through the command's own checkpoint: losses within "
    "{tolerance:g} of the uninterrupted run (max |Δloss| {dloss:.3g}; losses compared, not parameters)",
    "command_resume_differs": "resumed at step {k} through the command's own checkpoint: the losses differ "
    "from the uninterrupted run (max |Δloss| {dloss:.3g}, accepted {tolerance:g}; losses compared)",
    "command_resume_other_step": "resumed at step {k}, but the stopped run ended at step {expected}: the "
    "checkpoint is from another step (check which checkpoint resume_args names)",
    "command_resume_missing": "resumed at step {k}, but steps {missing} of the uninterrupted run never ran: "
    "the resumed run skipped them (a data position or step counter restored wrong)",
    "command_resume_lr": "resumed at step {k}: the learning rate differs from the uninterrupted run "
    "({lr_c:.3g} against {lr_a:.3g}): the scheduler's state is not restored, or the resumed run has another "
    "schedule (max |Δloss| {dloss:.3g}, accepted {tolerance:g})",
    "command_resume_first_step": "resumed at step {k}: the losses before the stop match, the first resumed "
    "step already differs (max |Δloss| {dloss:.3g}, accepted {tolerance:g}): a state that drives the next "
    "step is not restored — RNG, optimizer moments or the data position",
    "command_resume_later": "resumed at step {k}: the first resumed step matches, later ones differ (max "
    "|Δloss| {dloss:.3g}, accepted {tolerance:g}): the data order after resuming, or a later state, differs",
    "command_peak_only": "the command ran {wall_s:.1f} s; peak RSS of its processes {host_rss:,} bytes; step "
    "time not observable (no step pattern given, or no line matched it)",
    "command_steps_not_observable_target": "a target was agreed, but the command's step time is not "
    "observable (no step pattern given, or no line matched it); peak RSS {host_rss:,} bytes",
    "steps_no_target": "{count} steps measured, median {median:.3f} s, {tokens_per_s:,.0f} tokens/s; "
    "no target was agreed",
    "throughput_met": "{tokens_per_s:,.0f} tokens/s (median step {median:.3f} s): meets the agreed "
    "{target_tokens_per_s:,.0f} tokens/s",
    "throughput_missed": "{tokens_per_s:,.0f} tokens/s (median step {median:.3f} s): below the agreed "
    "{target_tokens_per_s:,.0f} tokens/s",
    "step_time_met": "median step {median:.3f} s ({tokens_per_s:,.0f} tokens/s): within the agreed "
    "{max_step_s:g} s",
    "step_time_missed": "median step {median:.3f} s ({tokens_per_s:,.0f} tokens/s): over the agreed "
    "{max_step_s:g} s",
    "quality_not_run": "the quality check was not run",
    "quality_not_agreed": "not agreed: the command's held-out metric was not named (engine.metric_pattern)",
    "quality_relative": "{metric} {before:.4g} → {after:.4g} ({change:+.1%}); rule: {metric} improves by at "
    "least "
    "{threshold:.1%} (relative)",
    "quality_absolute": "{metric} {before:.4g} → {after:.4g}; rule: {metric} {op} {threshold:g} after "
    "training",
    "quality_failed": "the quality check ran and failed: {why}",
    "rule_relative": "{metric} improves by at least {threshold:.1%} (relative)",
    "rule_absolute": "{metric} {op} {threshold:g} after training",
    "resume_not_run": "the resume check was not run",
    "resume_identical": "resumed at steps {steps} of {total}: bit-identical losses, gradient norms, "
    "parameters and "
    "optimizer state",
    "resume_within_noise": "resumed at steps {steps} of {total}: within the measured noise floor",
    "resume_differs": "resumed at steps {steps} of {total}: differs from the uninterrupted run (max |Δloss| "
    "{dloss:.3g}, "
    "max |Δparam| {dparam:.3g})",
    "resume_failed": "the resume check ran and failed: {why}",
    "resume_pending": "the stopped run saved its checkpoint at step {k}; the resumed run is to run in a new "
    "process (a new Slurm job, as a preemption would): not proven until it has",
    "resume_next_job_not_run": "the stopped run saved its checkpoint at step {k}, but the job that was to "
    "resume from it (job {job}) did not: {why}",
    # the runs of a check, each a labelled curve of the memory timeline (protocol.RUN_NAMES)
    "run_measure": "measured run",
    "run_measure_reference": "measured run = A, uninterrupted",
    "run_quality": "quality: the metric before and after training",
    "run_uninterrupted": "A: uninterrupted",
    "run_stopped": "B: stopped at step {k}",
    "run_resumed": "C: resumed from step {k}",
    "run_resumed_to": "C: resumed from step {k}, stopped at step {to}",
    "run_noise_floor": "A again: the noise floor",
}
CONTEXTS = (
    "Messages",
    "Report",
    "Labels",
    "SpecIssue",
    "SpecHelp",  # the spec fields' descriptions (gui/spec_text.py): `spec fields` words them too
)  # where a text is looked up in the .ts, in this order


@cache
def ts_catalog(lang: str) -> dict[tuple[str, str], str]:
    """(context, English source) -> finished translation, from the language's .ts file (empty for English)."""
    import xml.etree.ElementTree as ET

    from trainsizer.datafiles import resource_dir

    path = resource_dir("i18n") / f"trainsizer_{lang}.ts"
    if lang == "en" or not path.is_file():
        return {}
    out: dict[tuple[str, str], str] = {}
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source, tr = message.findtext("source"), message.find("translation")
            if (
                source
                and tr is not None
                and tr.text
                and tr.get("type") not in ("unfinished", "obsolete", "vanished")
            ):
                out[(name, source)] = tr.text
    return out


def translate(text: str, lang: str) -> str:
    """``text`` in ``lang`` from the .ts catalog (the English text when there is no translation)."""
    catalog = ts_catalog(lang)
    return next((catalog[(c, text)] for c in CONTEXTS if (c, text) in catalog), text)


def render(
    code: str | None, params: dict[str, Any] | None, lang: str = "en", translated: str | None = None
) -> str:
    """The sentence for a code and its parameters, in ``lang`` (``translated``: a template already translated,
    as the window gets it from Qt). An unknown code or a parameter that does not fit shows as data, never
    fails."""
    template = MESSAGES.get(code or "")
    params = dict(params or {})
    if template is None:
        return str(params.get("message") or code or "")
    text = translated if translated is not None else translate(template, lang)
    if lang != "en" and isinstance(params.get("why"), str):  # a fixed reason (PROBE_WHY) is worded too
        params["why"] = translate(params["why"], lang)
    for key, value in params.items():  # a problem's template and parameters (result.json's error_words)
        worded = words_of(value, lambda s: translate(s, lang)) if isinstance(value, dict) else None
        if worded is not None:
            params[key] = worded
    for candidate in (text, template):
        try:
            return candidate.format(**params)
        except (KeyError, ValueError, TypeError, IndexError):
            continue
    return f"{code} {params}"


def run_label(name: str, params: dict[str, Any] | None, lang: str = "en", translated=None) -> str:
    """The words for one run of a check (a ``run`` event's name and parameters) in ``lang``; ``translated``
    as in ``evidence`` (the window's Qt translator)."""
    code = f"run_{name}"
    template = MESSAGES.get(code)
    if template is None:
        return name
    return render(code, params, lang, translated(template) if translated else None)


def evidence(part: dict[str, Any] | None, lang: str = "en", translated=None) -> str:
    """A check's (or a quality/resume outcome's) evidence: rendered from its code, or the English reason an
    older result carries."""
    if not isinstance(part, dict):
        return ""
    if part.get("code"):
        template = MESSAGES.get(part["code"])
        return render(
            part["code"], part.get("params"), lang, translated(template) if translated and template else None
        )
    return str(part.get("reason") or "")
