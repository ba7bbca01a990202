"""The draft hardware-selection request: what to select and why, from the estimate and the measurement;
as Markdown text, an .eml draft (RFC 5322, the HTML report and result.json attached) and a mailto: link."""

from __future__ import annotations

import json
import logging
from email.message import EmailMessage
from email.utils import formatdate
from pathlib import Path
from urllib.parse import quote

from trainsizer.report.content import Run, spec_section, title_line
from trainsizer.report.redact import MARK, identifying_strings, redact
from trainsizer.report.text import duration_word, translator
from trainsizer.ui_common.messages import evidence
from trainsizer.ui_common.textfmt import fmt_bytes, fmt_seconds

DEFAULT_HEADROOM = 0.2  # 20 % above the peak: allocator fragmentation, other processes, longer batches
DEFAULT_KEEP = 3  # checkpoints kept on disk at a time


_MD_SPECIAL = {
    "\\": "\\\\",
    "`": "\\`",
    "*": "\\*",
    "_": "\\_",
    "[": "\\[",
    "]": "\\]",
    "|": "\\|",
    "#": "\\#",
    "<": "&lt;",
    ">": "&gt;",
    "&": "&amp;",
}


def md(value) -> str:
    """A string from the spec or the run, safe inside Markdown: no markup, links, images or raw HTML of its
    own."""
    text = "" if value is None else str(value)
    parts = text.split(MARK)  # the redaction mark is ours: kept as it is
    return MARK.join("".join(_MD_SPECIAL.get(ch, ch) for ch in part) for part in parts).replace("\n", " ")


def redacted_run(run: Run) -> Run:
    secrets = identifying_strings(run.result)
    return Run(run.path, redact(run.result, secrets), redact(run.events, secrets))


def _gpu_figures(run: Run) -> tuple[dict[str, int], str]:
    """Peak bytes per GPU and where they come from: measured on CUDA here, else the estimate for a GPU."""
    measured = run.typed.measurement.gpu_peaks()
    if measured:
        return measured, "measured"
    devs = {
        d: v["peak"]
        for d, v in run.typed.estimate["devices"].items()
        if d.startswith("cuda") and v.get("peak")
    }
    if devs:
        return devs, "estimated"
    gpu = _estimate_on_gpu(run)
    return gpu, "estimated for a GPU" if gpu else "not available"


def _estimate_on_gpu(run: Run) -> dict[str, int]:
    """A CPU run: the same spec estimated on hypothetical GPUs (the CUDA context and allocator included)."""
    try:
        from trainsizer.estimate.working_set import estimate
        from trainsizer.hardware import hypothetical_targets
        from trainsizer.spec import from_dict

        spec = from_dict(run.result["spec"])
        n = spec.parallel.world_size()
        par = {"devices": ",".join(f"cuda:{i}" for i in range(n)), "processes": 1}
        spec = spec.replace(parallel=par)
        est = estimate(spec, hypothetical_targets(f"{n}xH100-80GB"))
        return {d.device: d.peak for d in est.devices}
    except Exception:  # an old or partial result: the request says "not available"
        logging.getLogger(__name__).debug("no GPU estimate for the request", exc_info=True)
        return {}


def requirements(
    run: Run, t, headroom: float = DEFAULT_HEADROOM, keep: int = DEFAULT_KEEP
) -> list[tuple[str, str]]:
    spec = run.typed.spec
    meas = run.typed.measurement
    gpus, basis = _gpu_figures(run)
    rows: list[tuple[str, str]] = []
    if gpus:
        peak = max(gpus.values())
        rows.append(
            (
                t("GPU memory per device"),
                t(
                    "%s peak + %s headroom = at least %s",
                    fmt_bytes(peak),
                    f"{headroom:.0%}",
                    fmt_bytes(peak * (1 + headroom)),
                )
                + f" ({t(basis)})",
            )
        )
        rows.append((t("number of GPUs"), str(len(gpus))))
        strategy = spec["parallel"].get("strategy", "single")
        rows.append(
            (
                t("interconnect"),
                t(
                    "NVLink or an NVSwitch fabric between the GPUs (%s exchanges gradients every step)",
                    strategy,
                )
                if len(gpus) > 1
                else t("not needed (one GPU)"),
            )
        )
    else:
        rows.append((t("GPU memory per device"), t("not available")))
    host_est = run.typed.estimate["host"].get("peak") or 0
    host = max(host_est, meas.host_rss or 0)
    if host:
        rows.append(
            (
                t("host RAM"),
                t(
                    "%s peak + %s headroom = at least %s",
                    fmt_bytes(host),
                    f"{headroom:.0%}",
                    fmt_bytes(host * (1 + headroom)),
                ),
            )
        )
    ck = run.typed.resume.checkpoint_bytes
    rows.append(
        (
            t("disk for checkpoints"),
            t("%s per checkpoint × %s kept = %s", fmt_bytes(ck), keep, fmt_bytes(ck * keep))
            if ck
            else t("not measured"),
        )
    )
    st = meas.step_time_s
    on_gpu = bool(run.typed.environment.gpus) and basis == "measured"
    if st.count and not on_gpu:
        # a CPU step time is no target for a GPU server: said as what it is
        rows.append(
            (
                t("test run step time"),
                f"{fmt_seconds(st.median, '.3f', duration_word(t))} ({t('measured')} "
                f"{t('on the CPU here: not a target for the GPU server')})",
            )
        )
    elif st.count:
        rows.append(
            (
                t("target step time"),
                f"≤ {fmt_seconds(st.median, '.3f', duration_word(t))} ({t('measured here')})",
            )
        )
        rows.append(
            (
                t("target throughput"),
                f"≥ {meas.tokens_per_s or 0:,.0f} {t('tokens/s')} ({t('measured here')})",
            )
        )
    return rows


REDACTED_NOTE = "Identifying details (host and user names, local paths, serial numbers, UUIDs) are redacted."
CPU_NOTE = "The measurement ran on the CPU here; the GPU figures are the estimate's."
QUESTIONS = (
    "Which GPU models and counts meet these requirements, with their delivery times?",
    "What interconnect (NVLink/NVSwitch, PCIe generation) do the offered servers have between GPUs?",
    "Can the offered configuration be lent for an acceptance run with this tool before purchase?",
    "What are the power and cooling requirements of the offered servers?",
)


def render_markdown(
    run: Run,
    lang: str = "en",
    *,
    redacted: bool = True,
    headroom: float = DEFAULT_HEADROOM,
    keep: int = DEFAULT_KEEP,
) -> str:
    t = translator(lang)
    if redacted:
        run = redacted_run(run)
    r = run.result
    lines = [
        f"# {t('Hardware-selection request (draft)')}: {md(title_line(run))}",
        "",
        t("Hello,"),
        "",
        t(
            "please find below the requirements of a training workload and the acceptance report of a test "
            "run."
        ),
        "",
        f"## {t('Task')}",
        "",
    ]
    lines += [f"- {k}: {md(v)}" for k, v in spec_section(run, t).rows]
    lines += ["", f"## {t('Requirements')}", ""]
    lines += [f"- {k}: {md(v)}" for k, v in requirements(run, t, headroom, keep)]
    lines += ["", f"## {t('What was measured here')}", ""]
    from trainsizer.report.content import where_it_ran

    lines.append(f"- {t('where it ran')}: {md(where_it_ran(run.typed, t))}")
    env = run.typed.environment
    env_host, gpus = env.host, env.gpus
    lines.append(
        f"- {t('GPUs')}: "
        + (", ".join(f"{md(g.get('name'))} ({fmt_bytes(g.get('memory_total'))})" for g in gpus) or t("none"))
        + f"; {t('CPU')}: {md(env_host.get('cpu_model'))}; {t('RAM')}: {fmt_bytes(env_host.get('ram_total'))}"
    )
    if not gpus:
        lines.append(f"- {t(CPU_NOTE)}")
    if (pr := run.typed.probe) is not None:
        below = [b for b in pr["summary"] if isinstance(b, dict)]
        lines.append(
            f"- {t('readiness probe of the machine')} ({md(pr.get('created'))}): "
            + (
                "; ".join(md(evidence(b, t.lang)) for b in below)
                if below
                else t("nothing below what its parts should give")
            )
        )
    from trainsizer.result.checks import worded_checks

    for c in worded_checks(r):
        lines.append(f"- {t(c['id'])}: {t(c['status'])} — {md(evidence(c, t.lang))}")
    lines.append(f"- **{t('Verdict')}: {t(run.typed.verdict)}**")
    lines += ["", f"## {t('Open questions for the vendor')}", ""]
    lines += [f"{i}. {t(q)}" for i, q in enumerate(QUESTIONS, 1)]
    lines += ["", t("Regards"), ""]
    if redacted:
        note = t(REDACTED_NOTE)
        lines += ["", f"_{note}_"]
    return "\n".join(lines) + "\n"


def subject(run: Run, lang: str = "en") -> str:
    return translator(lang)("Request: hardware for training %s", title_line(run))


def render_eml(
    run: Run,
    lang: str = "en",
    *,
    to: str | None = None,
    redacted: bool = True,
    headroom: float = DEFAULT_HEADROOM,
    keep: int = DEFAULT_KEEP,
) -> bytes:
    """An unsent message (X-Unsent: 1: Outlook and Thunderbird open it as a draft) with the report
    attached."""
    from trainsizer.report.html import render_html

    shown = redacted_run(run) if redacted else run
    msg = EmailMessage()
    if to:
        msg["To"] = to
    msg["Subject"] = subject(shown, lang)
    msg["Date"] = formatdate(localtime=True)
    msg["X-Unsent"] = "1"
    msg.set_content(
        render_markdown(shown, lang, redacted=False, headroom=headroom, keep=keep)
        + (
            "\n"
            + translator(lang)(
                "Identifying details (host and user names, local paths, serial numbers, UUIDs) are redacted."
            )
            if redacted
            else ""
        )
    )
    msg.add_attachment(
        render_html(shown, lang).encode("utf-8"), maintype="text", subtype="html", filename="report.html"
    )
    msg.add_attachment(
        json.dumps(shown.result, indent=2, default=str).encode("utf-8"),
        maintype="application",
        subtype="json",
        filename="result.json",
    )
    return bytes(msg)


def mailto_link(
    run: Run,
    lang: str = "en",
    *,
    to: str = "",
    redacted: bool = True,
    limit: int = 1800,
    headroom: float = DEFAULT_HEADROOM,
    keep: int = DEFAULT_KEEP,
) -> str:
    """For "open in mail client": mail clients cap a URL's length, so the body is cut with a note."""
    body = render_markdown(run, lang, redacted=redacted, headroom=headroom, keep=keep)
    if len(body) > limit:
        body = body[:limit] + "\n…"
    shown = redacted_run(run) if redacted else run
    return f"mailto:{quote(to)}?subject={quote(subject(shown, lang))}&body={quote(body)}"


def write_request(run: Run, fmt: str, out: Path, lang: str = "en", **kw) -> Path:
    if fmt == "md":
        out.write_text(
            render_markdown(
                run,
                lang,
                redacted=kw.get("redacted", True),
                headroom=kw.get("headroom", DEFAULT_HEADROOM),
                keep=kw.get("keep", DEFAULT_KEEP),
            ),
            encoding="utf-8",
        )
    else:
        out.write_bytes(render_eml(run, lang, **kw))
    return out
