"""The hardware-selection request drafted from a plan (estimate/plan.py), with no run — or with one, whose
measured figures stand beside the estimates. Every figure says whether it is estimated, measured or assumed;
a CPU run's step time is never a target for the GPU server."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import formatdate

from trainsizer.problem import BadValue
from trainsizer.report.request import DEFAULT_HEADROOM, DEFAULT_KEEP, QUESTIONS, md
from trainsizer.report.text import duration_word, translator
from trainsizer.ui_common.textfmt import fmt_bytes, fmt_hours, fmt_seconds, spec_changes_text
from trainsizer.vocab import NEEDS_WORDS, layout_words, placement_words


def _hours(h: float | None, t) -> str:
    return fmt_hours(h, duration_word(t), t("not computed (no [task] tokens)"))


def plan_requirements(plan: dict, option: dict, t, headroom: float, keep: int, run=None):
    rows: list[tuple[str, str]] = []
    est_word, meas_word = t("estimated"), t("measured")
    rows.append(
        (
            t("GPUs"),
            f"{option['gpus']} × {md(option['gpu_name'])} ({md(option['target'])})"
            + f" — {md(layout_words(option['layout'], t))}",
        )
    )
    rows.append((t("layout"), md(placement_words(option["placement"], t)) + f" ({est_word})"))
    if option.get("spec_changes"):
        rows.append(
            (
                t("changes to the agreed spec"),
                md(spec_changes_text(option["spec_changes"])),
            )
        )
    target = plan.get("target") or {}
    if target.get("kind") == "slurm":  # planned for a partition's nodes, as sinfo described them
        rows.append(
            (
                t("Slurm partition"),
                t(
                    "%s: %s node(s) × %s GPUs asked, of its %s node(s) of %s × %s (sinfo: Gres %s, %s RAM, "
                    "%s CPUs per node)",
                    md(target["partition"]),
                    option["nodes"],
                    option["gpus_per_node"],
                    target["nodes"],
                    target["gpus_per_node"],
                    md(target["gpu_class"]),
                    md(target["gres"]),
                    fmt_bytes((target["memory_mb"] or 0) * 2**20),
                    target["cpus"] or "?",
                ),
            )
        )
    peak = option["peak"]
    line = t(
        "%s peak + %s headroom = at least %s",
        fmt_bytes(peak),
        f"{headroom:.0%}",
        fmt_bytes(peak * (1 + headroom)),
    )
    line += f" ({est_word}; {t('the class has')} {fmt_bytes(option['capacity'])})"
    measured_gpu = _measured_gpu_peak(run)
    if measured_gpu:
        line += f"; {meas_word}: {fmt_bytes(measured_gpu)}"
    rows.append((t("GPU memory per device"), line))
    needs = [t(NEEDS_WORDS[n]) for n in option["needs"]]
    rows.append(
        (
            t("interconnect"),
            "; ".join(needs)
            if needs
            else (t("PCIe or better between the GPUs") if option["gpus"] > 1 else t("not needed (one GPU)")),
        )
    )
    host = option["host_per_node"]
    rows.append(
        (
            t("host RAM per node"),
            t(
                "%s peak + %s headroom = at least %s",
                fmt_bytes(host),
                f"{headroom:.0%}",
                fmt_bytes(host * (1 + headroom)),
            )  # fmt: skip
            + f" ({est_word})",
        )
    )
    ck = option.get("checkpoint_bytes") or 0
    measured_ck = run.typed.resume.checkpoint_bytes if run else None
    disk = t("%s per checkpoint × %s kept = %s", fmt_bytes(ck), keep, fmt_bytes(ck * keep)) + f" ({est_word})"
    if measured_ck:
        disk += f"; {meas_word} {t('for the test run')}: {fmt_bytes(measured_ck)}"
    rows.append((t("disk for checkpoints"), disk))
    util = option["utilization_basis"]
    basis = (
        t("utilisation %s measured by a run on this GPU class", f"{option['utilization']:.0%}")
        if util["kind"] == "measured"
        else t("utilisation %s calibrated by a probe of this GPU class", f"{option['utilization']:.0%}")
        if util["kind"] == "probe"
        else t("utilisation %s fitted to published runs of this GPU class", f"{option['utilization']:.0%}")
        if util["kind"] == "fitted"
        else t("utilisation %s assumed", f"{option['utilization']:.0%}")
    )
    if option.get("exposed_communication_s"):
        basis += "; " + t(
            "communication the compute cannot hide: %s",
            fmt_seconds(option["exposed_communication_s"], ".2g", duration_word(t)),
        )
    if option.get("step_s"):
        rows.append(
            (
                t("step time and throughput"),
                f"{fmt_seconds(option['step_s'], '.3g', duration_word(t))}, "
                f"{option['tokens_per_s']:,.0f} {t('tokens/s')} "
                f"({est_word}, {basis})",
            )
        )
    for caveat in option.get("caveats") or []:
        from trainsizer.vocab import CAVEAT_WORDS

        rows.append((t("note"), t(CAVEAT_WORDS[caveat])))
    task = plan["task"]
    time_line = _hours(option.get("time_to_train_h"), t)
    if task["deadline_hours"] and option.get("time_to_train_h") is not None:
        time_line += " " + t("against a deadline of %s", _hours(task["deadline_hours"], t))
        time_line += f" — {t('meets it') if option['meets_deadline'] else t('misses it')}"
    rows.append((t("time to train"), time_line + f" ({est_word})"))
    if option.get("gpu_hours") is not None:
        gh = f"{option['gpu_hours']:,.0f}"
        if task["budget_gpu_hours"]:
            gh += " " + t("of a budget of %s", f"{task['budget_gpu_hours']:,.0f}")
        rows.append((t("GPU-hours"), gh + f" ({est_word})"))
    if run is not None:
        st = run.typed.measurement.step_time_s
        if st.count:
            where = (
                t("on this run's GPU")
                if run.typed.environment.gpus
                else t("on the CPU here: not a target for the GPU server")
            )
            median = fmt_seconds(st.median, ".3f", duration_word(t))
            rows.append((t("test run step time"), f"{median} ({meas_word} {where})"))
    return rows


def _measured_gpu_peak(run) -> int | None:
    if run is None:
        return None
    return max(run.typed.measurement.gpu_peaks().values(), default=None)


def render_plan_markdown(
    spec,
    plan: dict,
    option_no: int | None = None,
    lang: str = "en",
    *,
    headroom: float = DEFAULT_HEADROOM,
    keep: int = DEFAULT_KEEP,
    run=None,
) -> str:
    t = translator(lang)
    option = chosen_option(plan, option_no)
    m = spec.model
    model = m.preset or m.config or m.pretrained or m.hub_id
    task = plan["task"]
    lines = [
        f"# {t('Hardware-selection request (draft)')}: {md(model)} · {md(spec.method.kind)}",
        "",
        t("Hello,"),
        "",
        t("please find below the requirements of a training workload, sized by trainsizer's estimate."),
        "",
        f"## {t('Task')}",
        "",
        f"- {t('model')}: {md(model)}",
        f"- {t('method')}: {md(spec.method.kind)}; {t('compute dtype')}: {md(spec.precision.compute)}; "
        f"{t('optimizer')}: {md(spec.optimizer.name)}",
        f"- {t('batch')}: {spec.batch.micro_batch} × {spec.batch.seq_len} "
        f"({t('accumulate')} {spec.batch.grad_accum})",
    ]
    if task["tokens"]:
        lines.append(f"- {t('tokens to train')}: {task['tokens']:,.0f} ({t('epochs')}: {task['epochs']:g})")
    if task["deadline_hours"]:
        lines.append(f"- {t('deadline')}: {_hours(task['deadline_hours'], t)}")
    if task["budget_gpu_hours"]:
        lines.append(f"- {t('budget')}: {task['budget_gpu_hours']:,.0f} {t('GPU-hours')}")
    lines += ["", f"## {t('Requirements')} — {t('option')} {option['option']}", ""]
    if option["why_not"]:
        from trainsizer.vocab import PLAN_REASON_WORDS

        lines.append(
            f"- **{t('This option does not meet the task')}: "
            + ", ".join(t(PLAN_REASON_WORDS[r]) for r in option["why_not"])
            + "**"
        )
    lines += [f"- {k}: {v}" for k, v in plan_requirements(plan, option, t, headroom, keep, run)]
    others = [plan["options"][i - 1] for i in plan["top"] if i != option["option"]][:3]
    if others:
        lines += ["", f"## {t('Runners-up')}", ""]
        for o in others:
            lines.append(
                f"- {t('option')} {o['option']}: {md(o['target'])}, {md(layout_words(o['layout'], t))}; "
                f"{fmt_bytes(o['peak'])} {t('per GPU')}; "
                f"{_hours(o.get('time_to_train_h'), t)} ({t('estimated')})"
            )
    lines += ["", f"## {t('How these figures were made')}", ""]
    lines.append(
        "- "
        + t(
            "estimated: trainsizer's analytic working set for this layout (docs/estimator.md); time at the "
            "stated utilisation of the GPU class's peak, plus the layout's collectives over the class's link "
            "that the compute cannot hide (between nodes a NIC per GPU assumed: 400 Gb/s on NVLink servers, "
            "100 Gb/s on PCIe ones)"
        )
    )
    if run is not None:
        lines.append("- " + t("measured: a test run with trainsizer on the hardware described in its report"))
    lines += ["", f"## {t('Open questions for the vendor')}", ""]
    lines += [f"{i}. {t(q)}" for i, q in enumerate(QUESTIONS, 1)]
    lines += ["", t("Regards"), ""]
    return "\n".join(lines) + "\n"


def chosen_option(plan: dict, option_no: int | None) -> dict:
    """The option asked for, or the best one (the closest when nothing fits); ValueError names --option."""
    opts = plan["options"]
    if option_no is None:
        option_no = plan["top"][0] if plan["top"] else plan.get("closest")
    if option_no is None or not 1 <= option_no <= len(opts):
        raise BadValue(
            "--option must be between 1 and %(count)s, got %(value)s", count=len(opts), value=option_no
        )
    return opts[option_no - 1]


def render_plan_eml(spec, plan, option_no=None, lang="en", *, to=None, **kw) -> bytes:
    t = translator(lang)
    body = render_plan_markdown(spec, plan, option_no, lang, **kw)
    msg = EmailMessage()
    if to:
        msg["To"] = to
    m = spec.model
    msg["Subject"] = t("Request: hardware for training %s", m.preset or m.config or m.pretrained or m.hub_id)
    msg["Date"] = formatdate(localtime=True)
    msg["X-Unsent"] = "1"
    msg.set_content(body)
    return bytes(msg)
