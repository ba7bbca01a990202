"""What a report says, as plain data (title, rows, tables, charts), built from a run directory.

Renderers (HTML, PDF, Markdown) only lay it out. Every part says "not run" or "not available" when the
run did not produce it, so a failed run still gives a truthful report.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from trainsizer.problem import Problem
from trainsizer.report.text import duration_word
from trainsizer.result.model import Measurement, Resume, RunResult
from trainsizer.runs.compare import ITEM_KEYS
from trainsizer.ui_common.messages import evidence
from trainsizer.ui_common.textfmt import fmt_bytes, fmt_seconds
from trainsizer.vocab import BASIS_WORDS


class ReportError(Problem):
    """The run directory cannot give a report (names the path)."""


@dataclass
class Section:
    key: str
    title: str
    rows: list[tuple[str, str]] = field(default_factory=list)
    header: list[str] | None = None
    table: list[list[str]] = field(default_factory=list)
    charts: list[str] = field(default_factory=list)  # SVG strings
    notes: list[str] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)  # the checks' status codes (for colour), row by row


@dataclass
class Run:
    path: Path
    result: dict[str, Any]
    events: list[dict[str, Any]]
    problems: list[str] = field(default_factory=list)  # what was missing or unreadable in the run folder

    @functools.cached_property
    def typed(self) -> RunResult:
        """The result as the typed model (result.model.RunResult): what every section reads."""
        return RunResult.of(self.result)


def _read_events(run_dir: Path, problems: list[str]) -> list[dict[str, Any]]:
    from trainsizer.runs.rundir import events_truncated, read_events
    from trainsizer.spec.files import FileProblem

    if not (run_dir / "events.jsonl").exists():
        return []
    try:
        events = read_events(run_dir)
    except (FileProblem, OSError) as e:
        problems.append(f"events.jsonl: {e}")
        return []
    size = events_truncated(run_dir)
    if size:
        problems.append(f"events.jsonl: {size / 2**20:.0f} MiB; only its beginning was read")
    return events


def load_run(path: str | Path) -> Run:
    from trainsizer.result.checks import evaluate
    from trainsizer.result.model import ResultFileError, normalize, read_result_file
    from trainsizer.spec.files import FileProblem

    p = Path(path)
    run_dir = p.parent if p.is_file() else p
    if not run_dir.is_dir():
        raise ReportError("%(path)s: no such run folder", path=str(p))
    problems: list[str] = []
    events = _read_events(run_dir, problems)
    try:
        result, found = read_result_file(run_dir / "result.json")
        problems += found
    except FileProblem as e:
        if (run_dir / "result.json").exists() and "no such file" not in str(e):
            raise ReportError.of(e) from None
        if not events:
            raise ReportError(
                "%(path)s: neither result.json nor events.jsonl is here; is this a run folder?",
                path=str(run_dir),
            ) from None
        result = {
            "status": "incomplete",
            "error": "result.json is missing: the parent process ended before writing it",
        }
        result["checks"], result["verdict"] = evaluate(result)
        result = normalize(result, problems)
    except ResultFileError as e:
        raise ReportError.of(e) from None
    return Run(run_dir, result, events, problems)


def title_line(run: Run) -> str:
    """What was trained, for titles: the model; for the customer's command, its live model as the hook read
    it, else the command itself (the spec's [model] is only a description of a black box)."""
    from trainsizer.runs.compare import model_name

    spec = run.typed.spec
    if spec["engine"].get("name") == "command":
        live = run.typed.measurement.model
        if live and (live.get("name") or live.get("class")):
            return str(live.get("name") or live.get("class"))
        command = [str(c) for c in spec["engine"].get("command") or []]
        shown = next(
            (Path(c).name for c in command if c.endswith(".py")), Path(command[0]).name if command else ""
        )
        return shown or model_name(spec)
    return model_name(spec)


def model_name_of(run: Run) -> str:
    from trainsizer.runs.compare import model_name

    return model_name(run.typed.spec)


def checks_section(run: Run, t) -> Section:
    s = Section("checks", t("The five acceptance checks"), header=[t("check"), t("status"), t("evidence")])
    from trainsizer.result.checks import worded_checks

    for c in worded_checks(run.result):
        s.table.append([t(c["id"]), t(c["status"]), evidence(c, t.lang)])
        s.statuses.append(c["status"])
    r = run.typed
    if r.status not in (None, "ok"):
        meas = r.measurement
        why = (r.error.text(t) if r.error else None) or meas.failure or ""
        oom = meas.oom
        if oom:
            why = (
                t("out of memory in %s at step %s", oom.get("phase"), oom.get("step"))
                + f": {oom.get('message', '')}"
            )
        s.notes.append(f"{t('The run did not complete')}: {t(r.status)}" + (f" — {why}" if why else ""))
        tail = [x for x in meas.stderr_tail if isinstance(x, str) and x.strip()][-10:]
        if tail:  # the customer's command: what it said last
            s.notes.append(f"{t('Last lines of the command’s stderr')}: " + " ⏎ ".join(tail))
    missing = [t(c.id) for c in r.checks if c.status == "not_run"]
    if missing:
        s.notes.append(f"{t('What did not run')}: {', '.join(missing)}")
    s.notes += [f"{t('Problem in the run folder')}: {p}" for p in run.problems]
    return s


def engine_line(r: RunResult, t) -> str:
    """The engine that ran and its versions (from the parts it wrote), in words."""
    name = r.spec["engine"].get("name", "?")
    ran = next((p.engine for p in (r.measurement, r.quality, r.resume) if p.get("engine")), None)
    if name in ("hf-trainer", "trl-sft"):
        versions = ran.versions if ran else {}
        text = t(
            "transformers.Trainer — the customer's chosen code"
            if name == "hf-trainer"
            else "TRL's SFTTrainer — the customer's chosen code"
        )
        listed = ", ".join(f"{k} {v}" for k, v in versions.items() if v)
        return text + (f" ({listed})" if listed else "")
    return t("trainsizer's builtin loop") if name == "builtin" else str(name)


def spec_section(run: Run, t) -> Section:
    spec = run.typed.spec
    s = Section("spec", t("Run specification"))
    if not run.typed.spec_given:
        s.notes.append(t("not available"))
        return s
    b, m, par, d, q = (spec[k] for k in ("batch", "method", "parallel", "data", "quality"))
    est = run.typed.estimate
    method = m.get("kind", "?") + (
        f" (r={m.get('lora_rank')}, α={m.get('lora_alpha')}, {', '.join(m.get('lora_targets') or [])})"
        if m.get("kind") in ("lora", "qlora")
        else ""
    )
    data = (
        d.get("source", "?")
        + (f": {d.get('path')}" if d.get("path") else "")
        + t(", held-out share %s, seed %s", d.get("eval_fraction"), d.get("seed"))
    )
    model, params = (
        title_line(run),
        (
            f"{est['total_params']:,} / {est['trainable_params']:,}"
            if est.get("total_params")
            else t("not available")
        ),
    )
    if spec["engine"].get("name") == "command":
        live = run.typed.measurement.model
        if live and live.get("total_params"):  # the script's own model, read by the hook
            model = f"{live.get('name') or live.get('class')} ({live.get('class')}, {live.get('dtype')})"
            params = (
                f"{live['total_params']:,} / {live.get('trainable_params') or 0:,} "
                f"({t('read from the script’s model by trainsizer’s TrainerCallback')})"
            )
        else:  # a black box: what the spec says of it, labelled so
            model = f"{model} ({t('as the spec’s [model] describes it; not read from the command')})"
            params += f" ({t('estimated from the spec’s [model]')})" if est.get("total_params") else ""
    s.rows = [
        (t("model"), model),
        (t("parameters"), params),
        (t("method"), method),
        (t("compute dtype"), spec["precision"].get("compute", "?")),
        (
            t("optimizer"),
            t("%s, learning rate %s", spec["optimizer"].get("name"), spec["optimizer"].get("lr")),
        ),
        (t("batch"), t("micro-batch %s × accumulation %s", b.get("micro_batch"), b.get("grad_accum"))),
        (t("sequence length"), str(b.get("seq_len"))),
        (t("gradient checkpointing"), t("on") if b.get("gradient_checkpointing") else t("off")),
        (
            t("parallelism"),
            t("%s on %s", par.get("strategy"), par.get("devices"))
            + (t(" + offload to the CPU") if par.get("cpu_offload") else ""),
        ),
        (t("data"), data),
        (t("quality rule"), rule_words(q.get("metric"), q.get("rule"), q.get("threshold"), t)),
        (t("engine"), engine_line(run.typed, t)),
    ]
    return s


def environment_section(run: Run, t) -> Section:
    env = run.typed.environment
    s = Section("environment", t("Environment"))
    s.rows.append((t("where it ran"), where_it_ran(run.typed, t)))
    if not env:
        s.notes.append(t("not available"))
        return s
    host, nv, versions, gpus = env.host, env.nvml, env.versions, env.gpus
    for g in gpus:
        pcie = (
            f"PCIe gen {g.get('pcie_generation')} x{g.get('pcie_width')}" if g.get("pcie_generation") else ""
        )
        s.rows.append(
            (
                f"GPU {g.get('index')}",
                " · ".join(
                    str(x)
                    for x in (
                        g.get("name"),
                        fmt_bytes(g.get("memory_total")),
                        g.get("uuid"),
                        f"serial {g.get('serial')}" if g.get("serial") else None,
                        pcie,
                        f"NVLink ×{g.get('nvlink_active')}" if g.get("nvlink_active") else None,
                    )
                    if x
                ),
            )
        )
    if not gpus:
        why = {
            "no_library": t("no NVIDIA driver found"),
            "no_driver": t("no NVIDIA driver found"),
        }.get(nv.status, nv.message or nv.status or "")
        s.rows.append((t("GPUs"), f"{t('none')} ({why})"))
    s.rows += [
        (t("driver"), str(nv.driver_version or t("not available"))),
        (t("CUDA"), str(nv.cuda_driver_version or versions.get("torch_cuda") or t("not available"))),
        (
            t("topology"),
            ", ".join(f"{k}: {t(v)}" for k, v in nv.topology.items()) or t("not available"),
        ),
        (
            t("CPU"),
            f"{host.get('cpu_model')} · {host.get('cpu_cores_physical')} / {host.get('cpu_cores_logical')}",
        ),
        (t("RAM"), fmt_bytes(host.get("ram_total"))),
        (t("disk free"), f"{fmt_bytes(host.get('disk_free'))} ({host.get('disk_path')})"),
        (t("operating system"), str(host.get("os"))),
        (t("host name"), str(host.get("hostname"))),
        (t("versions"), ", ".join(f"{k} {v}" for k, v in versions.items() if v)),
    ]
    return s


def where_it_ran(result: RunResult, t) -> str:
    """This machine, a test server over SSH (as the person named it), several nodes, or a Slurm job (its id,
    partition, where it was submitted from, and the job that resumed it)."""
    target = result.target
    slurm = target.get("slurm") if isinstance(target.get("slurm"), dict) else None
    if slurm:
        text = t(
            "Slurm job %s, partition %s, submitted from %s",
            slurm.get("job_id") or "?",
            slurm.get("partition") or t("the cluster's default"),
            t("%s over SSH", slurm["login_node"]) if slurm.get("login_node") else t("this login node"),
        )
        if (slurm.get("nodes") or 1) > 1:
            text += "; " + t("on %s nodes: %s", slurm["nodes"], slurm.get("node_list") or "?")
        if slurm.get("resume_job_id"):
            text += "; " + t(
                "resumed in a new job, %s (%s)", slurm["resume_job_id"], slurm.get("resume_state") or "?"
            )
        return text
    if target.get("hosts"):
        hosts = [str(h) for h in target["hosts"]]
        return t("%s nodes over SSH: %s", len(hosts), ", ".join(hosts))
    if target.get("host"):
        return t("%s over SSH", target["host"])
    return t("this machine")


def placement_section(run: Run, t) -> Section:
    est = run.typed.estimate
    devs = est["devices"]
    s = Section("placement", t("Placement of weights and training state"))
    if not devs:
        s.notes.append(t("not available") + (f": {est['error']}" if est.get("error") else ""))
        return s
    s.header = [t("item"), *devs, t("host")]
    host = est["host"]
    for key in ITEM_KEYS:
        values = [d["items"].get(key) for d in devs.values()]
        if any(values):
            s.table.append([t(key), *[fmt_bytes(v) for v in values], ""])
    for key, value in host.items():
        if key != "peak" and value:
            s.table.append([t(key), *["" for _ in devs], fmt_bytes(value)])
    s.table.append(
        [
            t("peak"),
            *[f"{fmt_bytes(d.get('peak'))} ({_phase(d.get('peak_phase'), t)})" for d in devs.values()],
            fmt_bytes(host.get("peak")),
        ]
    )
    if est.get("world_size", 1) > 1:
        s.notes.append(t("%s ranks; per-device figures shown for each rank's device", est["world_size"]))
    return s


def memory_section(run: Run, t) -> Section:
    from trainsizer.report.charts import anatomy_svg, memory_timeline_svg
    from trainsizer.runs.timeline import fold

    s = Section("memory", t("Memory"))
    meas = run.typed.measurement
    if run.events:
        from trainsizer.runs.compare import result_levels

        predicted, capacity = result_levels(run.result)
        s.charts.append(memory_timeline_svg(fold(run.events), t, predicted, capacity))
    else:
        s.notes.append(f"{t('Memory over the run')}: {t('not available')}")
    for dev, p in meas.peak.items():
        if p.get("source") == "cpu_allocator" and p.get("allocated") is not None:
            s.rows.append(
                (
                    f"{t('peak per device')} {dev}",
                    f"{fmt_bytes(p['allocated'])} ({t('measured: the CPU allocator record')})",
                )
            )
        elif p and any(v is not None for k, v in p.items() if k != "source"):
            s.rows.append(
                (
                    f"{t('peak per device')} {dev}",
                    f"{t('allocated')} {fmt_bytes(p.get('allocated'))}, "
                    f"{t('reserved')} {fmt_bytes(p.get('reserved'))}, {t('NVML used')} "
                    f"{fmt_bytes(p.get('nvml_used'))}",
                )
            )
    for dev, a in meas.anatomy.items():
        if a.get("tracker_ratio"):
            s.rows.append(
                (
                    f"{t('items (tracker) ÷ allocator peak')} {dev}",
                    f"{a['tracker_ratio']:.3f} ({t('the items are the attribution of the measured peak')})",
                )
            )
    s.rows.append((t("host RSS"), fmt_bytes(meas.host_rss) if meas.host_rss else t("not measured")))
    big = meas.host_rss_largest
    if big.rss and (meas.host_processes or 0) > 1:  # the customer's command: a tree, summed above
        s.rows.append(
            (
                t("host RSS: the largest of its %s processes", meas.host_processes),
                f"{fmt_bytes(big.rss)} — {big.name} (pid {big.pid})",
            )
        )
    from trainsizer.runs.compare import anatomy_rows

    rows = anatomy_rows(run.result)
    if rows:
        s.header = [t("item"), t("estimated"), t("measured"), t("ratio"), t("source of the measured figure")]
        chart_rows = []
        for r in rows:
            name = f"{r['device']}: {t(r['item'])}"
            e, m = r["estimated"], r["measured"]
            s.table.append(
                [
                    name,
                    fmt_bytes(e) if e is not None else "—",
                    fmt_bytes(m) if m is not None else t("not measured"),
                    f"{r['ratio']:.3f}" if r["ratio"] is not None else "—",
                    t(BASIS_WORDS[r["basis"]]) if r["basis"] in BASIS_WORDS else "—",
                ]
            )
            chart_rows.append((name, e, m))
        s.charts.append(anatomy_svg(chart_rows, t))
    return s


def step_section(run: Run, t) -> Section:
    meas = run.typed.measurement
    st = meas.step_time_s
    s = Section("step", t("Step time and throughput"))
    if not st.count:
        s.notes.append(t("not measured"))
        return s
    word = duration_word(t)
    s.rows = [
        (t("median"), fmt_seconds(st.median, ".4f", word)),
        (t("p95"), fmt_seconds(st.p95, ".4f", word)),
        (t("min"), fmt_seconds(st.min, ".4f", word)),
        (t("steps"), str(st.count)),
        (t("tokens/s"), _tokens_per_s(meas, t)),
        (t("samples/s"), _known(meas.samples_per_s, ",.2f", t)),
        (t("TFLOP/s"), _known(meas.tflops, ".4g", t)),
        (
            t("utilization (MFU)"),
            f"{meas.mfu:.1%} ({_peak_basis(meas.peak_basis, t)})" if meas.mfu else t("not available"),
        ),
    ]
    predicted = run.typed.estimate["time"]
    if predicted.get("seconds"):
        s.rows += [
            (
                t("predicted (estimated)"),
                f"{fmt_seconds(predicted['seconds'], '.4f', word)}, "
                f"{predicted.get('tokens_per_s') or 0:,.0f} {t('tokens/s')} "
                f"({predicted.get('basis')}, {t('at')} {predicted.get('utilization') or 0:.0%})",
            ),
            (t("measured ÷ predicted step time"), f"{st.median / predicted['seconds']:.2f}"),
        ]
    agreed = run.typed.spec["measure"]
    target, limit = agreed.get("target_tokens_per_s"), agreed.get("max_step_s")
    s.rows.append(
        (
            t("agreed target"),
            " · ".join(
                x
                for x in (
                    f"≥ {target:,.0f} {t('tokens/s')}" if target else "",
                    f"≤ {fmt_seconds(limit, 'g', word)} {t('per step')}" if limit else "",
                )
                if x
            )
            or t("none agreed"),
        )
    )
    return s


def _known(v, spec: str, t) -> str:
    """A measured figure, or "not known" — never a 0 for what was not measured (a command's samples/s)."""
    return format(v, spec) if isinstance(v, int | float) and v > 0 else t("not known")


def _tokens_per_s(meas: Measurement, t) -> str:
    """Tokens per second, saying where a command's come from: counted from the batches its Trainer trained
    on, or the spec's batch over the measured step (an assumption about the script); else "not known"."""
    basis = meas.tokens_basis
    if meas.tokens_per_s and basis == "trainer_batches":
        return t(
            "%s (counted from the batches the script's Trainer trained on: %s tokens per step)",
            f"{meas.tokens_per_s:,.0f}",
            f"{meas.tokens_per_step or 0:,}",
        )
    if meas.tokens_per_s:
        return f"{meas.tokens_per_s:,.0f}"
    if meas.tokens_per_s_assumed:
        return t(
            "%s if a step is the spec's batch (%s tokens; not read from the command)",
            f"{meas.tokens_per_s_assumed:,.0f}",
            f"{meas.tokens_per_step or 0:,}",
        )
    return t("not known")


def _num(v, spec: str, t) -> str:
    return format(v, spec) if isinstance(v, int | float) else t("not measured")


def quality_section(run: Run, t) -> Section:
    q = run.typed.quality
    s = Section("quality", t("Quality on held-out data"))
    if not q:
        s.notes.append(t("not_run"))
        return s

    def fmt(v):
        return _num(v, ".5g", t)

    s.rows = [
        (t("metric"), str(q.metric)),
        (t("before"), fmt(q.before)),
        (t("after"), fmt(q.after)),
        (
            t("rule"),
            rule_words(q.metric, q.rule, q.threshold, t)
            if q.rule in ("relative", "absolute")
            else f"{q.rule or ''} {'' if q.threshold is None else q.threshold}".strip(),  # an older result's
        ),
        (t("status"), t("passed") if q.passed else t("failed")),
    ]
    if q.reason or q.code:
        s.notes.append(evidence(q.raw, t.lang))
    return s


def resume_section(run: Run, t) -> Section:
    r = run.typed.resume
    s = Section("resume", t("Resume from a checkpoint"))
    if not r:
        s.notes.append(t("not_run"))
        return s

    def num(v):
        return _num(v, ".3g", t)

    s.rows = [
        (t("status"), t("passed") if r.passed else t("failed")),
        (t("steps"), str(r.steps)),
        (t("saved at steps"), ", ".join(map(str, r.saved_at))),
        (t("max |Δloss|"), num(r.max_abs_loss_diff)),
        (t("max |Δparam|"), num(r.max_abs_param_diff)),
        (t("noise floor"), _noise_floor(r, t)),
        (
            t("checkpoint size"),
            fmt_bytes(r.checkpoint_bytes) if r.checkpoint_bytes else t("not measured"),
        ),
        (t("save time"), _secs(r.save_s, t)),
        (t("load time"), _secs(r.load_s, t)),
    ]
    if r.reason or r.code:
        s.notes.append(evidence(r.raw, t.lang))
    return s


NOISE_BASIS = {  # runs/resume.py's noise_floor_basis, in words
    "cpu_bit_identical": "not measured on the CPU: the criterion there is bit-identical",
    "two_reference_runs": "two fresh reference runs with the same seed",
}


def _peak_basis(basis, t) -> str:
    """What the MFU is a share of: the catalog's class of the GPU, or the CPU's matmul probe (in words)."""
    return t("of the CPU’s matmul probe") if basis == "CPU matmul probe" else str(basis)


def _phase(name, t) -> str:
    """A phase or stage of a run in words (vocab.PHASE_WORDS; an unknown one as it was written)."""
    from trainsizer.vocab import PHASE_WORDS

    return t(PHASE_WORDS[name]) if name in PHASE_WORDS else str(name)


def rule_words(metric, rule, threshold, t) -> str:
    """The agreed quality rule in words ([quality] rule: relative improvement or an absolute bound)."""
    from trainsizer.ui_common.messages import render

    if rule == "relative" and isinstance(threshold, int | float):
        return render("rule_relative", {"metric": metric, "threshold": threshold}, t.lang)
    if rule == "absolute" and isinstance(threshold, int | float):
        from trainsizer.vocab import METRIC_HIGHER_IS_BETTER

        op = ">=" if METRIC_HIGHER_IS_BETTER.get(str(metric)) else "<="
        return render("rule_absolute", {"metric": metric, "op": op, "threshold": threshold}, t.lang)
    return " ".join(
        str(x) for x in (metric, rule, threshold) if x not in (None, "")
    )  # an older result's words


def _noise_floor(r: Resume, t) -> str:
    """How far two fresh runs with the same seed differ (the bound a GPU resume is held to), and how it was
    found — in words, never the part's raw data."""
    floor = r.noise_floor
    basis = NOISE_BASIS.get(str(r.noise_floor_basis))
    if basis is None and r.noise_floor_note in NOISE_BASIS.values():  # an older result: the same words
        basis = r.noise_floor_note
    said = t(basis) if basis else str(r.noise_floor_note or "")  # an older result: its own words
    if isinstance(floor, dict) and floor:
        names = {"max_abs_loss_diff": "max |Δloss|", "max_abs_param_diff": "max |Δparam|"}
        numbers = {k: v for k, v in floor.items() if isinstance(v, int | float)}
        bounds = "; ".join(f"{t(names.get(k, k))} {_num(v, '.3g', t)}" for k, v in numbers.items())
        return f"{bounds} ({said})" if said else bounds
    return said or "—"


def _secs(value, t) -> str:
    return t("not measured") if value is None else fmt_seconds(value, ".2f", duration_word(t))


def probe_section(run: Run, t) -> Section | None:
    """The newest readiness probe of the machine that ran (trainsizer probe), each figure with its verdict
    against what the part should give; None when the machine was not probed."""
    from trainsizer.ui_common.probe_words import FIGURE_WORDS, MARK

    pr = run.typed.probe
    if pr is None:
        return None
    s = Section(
        "probe",
        t("Readiness probe of the machine"),
        header=[t("where"), t("figure"), t("measured"), t("verdict"), t("against")],
    )
    for f in pr["figures"]:
        if not isinstance(f, dict):
            continue
        value, unit = f.get("value"), f.get("unit") or ""
        shown = (
            "—"
            if not isinstance(value, int | float)
            else fmt_bytes(value)
            if unit == "B"
            else f"{value:,.1f} {unit}"
            if unit in ("TFLOP/s", "GB/s", "GFLOP/s")
            else f"{value:g} {unit}".strip()
        )
        verdict = f.get("verdict") or "unknown"
        s.table.append(
            [
                str(f.get("scope", "")),
                t(FIGURE_WORDS.get(f.get("what"), str(f.get("what", "")))),
                shown,
                f"{MARK.get(verdict, '?')} {t(verdict)}",
                evidence(f, t.lang) if f.get("code") else "",
            ]
        )
        s.statuses.append({"pass": "passed", "below": "failed"}.get(verdict, "not_run"))
    s.notes.append(
        t("measured by `trainsizer probe` on %s at %s, before this run", pr.get("machine"), pr.get("created"))
    )
    return s


def tool_section(run: Run, t) -> Section:
    r = run.typed
    stages = ", ".join(f"{_phase(k, t)} {fmt_seconds(v, '', duration_word(t))}" for k, v in r.stages.items())
    return Section(
        "tool",
        t("Tool and time"),
        rows=[
            (t("tool version"), r.tool_version or "?"),
            (t("created"), r.created or "?"),
            (t("finished"), r.finished or "—"),
            (t("stages"), stages or "—"),
            (t("schema"), str(r.raw.get("schema", "?"))),
        ],
    )


def report_sections(run: Run, t) -> list[Section]:
    from trainsizer.result.checks import worded_outcomes

    # an old result's outcomes get their codes (a copy: what was written stays as it was)
    run = Run(run.path, worded_outcomes(run.result), run.events, run.problems)
    return [
        checks_section(run, t),
        spec_section(run, t),
        environment_section(run, t),
        placement_section(run, t),
        memory_section(run, t),
        step_section(run, t),
        quality_section(run, t),
        resume_section(run, t),
        *[x for x in (probe_section(run, t),) if x is not None],
        tool_section(run, t),
    ]
