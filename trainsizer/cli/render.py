"""Text for the terminal: an estimate, a plan, and a result (measured against estimated, per item) —
formatting happens only here, at the edge, in the reader's language (``--lang``, TRAINSIZER_LANG).

Every sentence is one English template through ``t`` (report.text.translator: the one catalog the window and
the report read); tests/test_report.py fails when a template here is not in its word list with a Russian
text."""

from __future__ import annotations

from trainsizer.report.text import duration_word, translator
from trainsizer.ui_common.messages import evidence
from trainsizer.ui_common.textfmt import fmt_bytes, fmt_hours, fmt_seconds, spec_changes_text, table
from trainsizer.vocab import ITEM_WORDS, PEAK_PHASE_WORDS, note_words, placement_words, time_basis_words

ENGLISH = translator("en")


def _bytes(t, n, unit: str | None = None) -> str:
    return t("not available") if n is None else fmt_bytes(n, unit)


def _code(t, code) -> str:
    """A code as the terminal shows it: the code itself in English (scripts read it), its word otherwise."""
    return str(code) if t.lang == "en" else t(str(code))


def _key(t, key: str) -> str:
    """A figure's key ("process_baseline", "all_gather") in words."""
    return t(key).replace("_", " ")


def _phase(t, phase) -> str:
    return t(PEAK_PHASE_WORDS[phase]) if phase in PEAK_PHASE_WORDS else str(phase)


def describe_spec(spec, devices: str | None = None, t=ENGLISH) -> str:
    """One line of the spec; ``devices``: where it runs as resolved (``auto`` on a machine without CUDA is
    the CPU), when known."""
    m = spec.model
    model = m.preset or m.config or m.pretrained or m.hub_id
    line = t(
        "%s · %s · %s · %s · micro-batch %s × %s tokens (accumulate %s)",
        model,
        spec.method.kind,
        spec.precision.compute,
        spec.optimizer.name,
        spec.batch.micro_batch,
        spec.batch.seq_len,
        spec.batch.grad_accum,
    )
    if spec.batch.gradient_checkpointing:
        line += " · " + t("checkpointing")
    strategy = t("one device") if spec.parallel.strategy == "single" else spec.parallel.strategy
    return line + " · " + t("%s on %s", strategy, devices or spec.parallel.devices)


def verdict_line(data, t=ENGLISH) -> str:
    bad = [f for f in data["fit"] if f["fits"] is False]
    if bad:
        f = bad[0]
        return t(
            "does not fit: needs %s on %s, has %s; peak at %s",
            fmt_bytes(f["peak"], "GiB"),
            f["device"],
            fmt_bytes(f["capacity"], "GiB"),
            _phase(t, f["peak_phase"]),
        )
    if any(f["fits"] is None for f in data["fit"]):
        return t("fit unknown: the capacity of a device is not available")
    f = min(data["fit"], key=lambda x: x["headroom"])
    return t(
        "fits: peak %s of %s on %s (headroom %s, %s); peak at %s",
        fmt_bytes(f["peak"]),
        fmt_bytes(f["capacity"]),
        f["device"],
        fmt_bytes(f["headroom"]),
        f"{f['headroom_percent']:.1f}%",
        _phase(t, f["peak_phase"]),
    )


def _estimate_title(data, t) -> str:
    """Where the estimate is for, as a whole sentence in each language: this machine, a server's own devices
    (``estimate --host``), or a described target."""
    kind = t(data["kind"])
    if data.get("target_server"):
        return t("Estimate (%s) on the devices of %s", kind, data["target_server"])
    if data["target"] == "this machine":
        return t("Estimate (%s) on this machine", kind)
    return t("Estimate (%s) on %s", kind, data["target"])


def render_estimate(spec, data, t=ENGLISH) -> str:
    est = data["estimate"]
    devs = est["devices"]
    first_name = next(iter(devs))
    first = devs[first_name]
    label = first_name if len(devs) == 1 else t("%s (each of %s)", first_name, len(devs))
    lines = [
        _estimate_title(data, t),
        "  " + describe_spec(spec, data.get("devices"), t),
        "  "
        + t(
            "parameters: %s total, %s trained",
            f"{data['model']['total_params']:,}",
            f"{data['model']['trainable_params']:,}",
        ),
        "",
    ]
    rows = [[t(ITEM_WORDS[k]), fmt_bytes(v)] for k, v in first["items"].items() if v]
    rows += [[t("alive at %s", _phase(t, p)), fmt_bytes(v)] for p, v in first["phases"].items()]
    rows.append([t("peak"), f"{fmt_bytes(first['peak'])} ({_phase(t, first['peak_phase'])})"])
    rows.append([t("capacity"), _bytes(t, first["capacity"])])
    lines.append(table(rows, [t("item"), label]))
    host = est["host"]
    lines.append("")
    held = ", ".join(f"{_key(t, k)} {fmt_bytes(v)}" for k, v in host.items() if v and k != "peak")
    line = t("host: %s; total %s", held, fmt_bytes(host["peak"]))
    if data.get("host_ram_total"):
        line += " " + t("of %s RAM", fmt_bytes(data["host_ram_total"]))
    lines += [line, "", verdict_line(data, t)]
    tm = data["time"]
    if tm.get("seconds"):
        kind = (tm.get("utilization_basis") or {}).get("kind")
        lines.append(
            t(
                "time: %s per step, %s tokens/s (%s, at %s)",
                fmt_seconds(tm["seconds"], ".3g", duration_word(t)),
                f"{tm['tokens_per_s']:,.0f}",
                time_basis_words(tm, t),
                f"{tm['utilization']:.0%}" + (f" {t(kind)}" if kind in ("fitted", "assumed") else ""),
            )
        )
        if tm.get("communication"):
            busy = ", ".join(
                f"{_key(t, k)} {fmt_seconds(v, '.2g', duration_word(t))} "
                f"({_code(t, (tm.get('communication_where') or {}).get(k, '?'))})"
                for k, v in tm["communication"].items()
            )
            lines.append(
                "  "
                + t(
                    "communication: %s; the compute cannot hide %s of it",
                    busy,
                    fmt_seconds(tm["exposed_s"], ".2g", duration_word(t)),
                )
                + "".join(f"; {b}" for b in _links(tm, t))
            )
    solver = data.get("solver") or {}
    if solver:
        gpus = solver.get("min_gpus")
        line = t(
            "largest micro-batch that fits: %s; longest sequence: %s",
            solver["max_micro_batch"] or t("none"),
            solver["max_seq_len"] or t("none"),
        )
        if gpus:
            line += "; " + t(
                "smallest GPU count: %s × %s (%s)", gpus["gpus"], gpus["device"], gpus["strategy"]
            )
        lines.append(line)
    for a in data.get("advice") or []:
        lines.append(
            "  "
            + t(
                "advice: %s: saves %s (peak %s)",
                t(a["advice"]),
                fmt_bytes(a["saving"]),
                fmt_bytes(a["new_peak"]),
            )
        )
    combo = data.get("advice_combined")
    if combo:
        from trainsizer.vocab import ADVICE_WORDS

        what = " + ".join(t(ADVICE_WORDS.get(i, i)) for i in combo["ids"])
        peak, cap = fmt_bytes(combo["peak"], "GiB"), fmt_bytes(combo["capacity"], "GiB")
        if combo["fits"]:
            lines.append("  " + t("together: %s → %s of %s, fits", what, peak, cap))
        else:
            lines.append(
                "  "
                + t(
                    "closest: %s → %s of %s, lacks %s: more GPUs (trainsizer plan) or a smaller setup",
                    what,
                    peak,
                    cap,
                    fmt_bytes(combo["lacks"], "GiB"),
                )
            )
    place = data.get("placement") or {}
    if place.get("world"):
        lines.append("  " + t("placement: %s", placement_words(place, t)))
    # the estimator's notes from their codes (an older estimate's English sentences, in English only)
    codes = est.get("note_codes")
    for note in codes if codes is not None and t.lang != "en" else est.get("notes") or []:
        text = note_words(note, None if t.lang == "en" else t)
        if text and not text.startswith("placement: "):
            lines.append("  " + t("note: %s", text))
    return "\n".join(lines)


def _links(tm: dict, t) -> list[str]:
    """What the links' bandwidths rest on, in words (an older estimate's English sentences, in English)."""
    from trainsizer.vocab import LINK_WORDS, coded_words

    codes = tm.get("link_codes") or {}
    out = []
    for key, text in (tm.get("links") or {}).items():
        worded = coded_words(LINK_WORDS, codes.get(key), t)
        if worded or t.lang == "en":
            out.append(worded or text)
    return out


def _at_most(t, limit, one: str, many: str) -> str:
    """The customer's limit as a clause ("; at most one node", "; at most 8 GPUs"); nothing without one."""
    if not limit:
        return ""
    return "; " + (t(one) if limit == 1 else t(many, limit))


def render_measurement(result, t=ENGLISH) -> str:
    """The summary of a run: ``result`` as result.json holds it, or already read (a RunResult)."""
    from trainsizer.result.model import RunResult
    from trainsizer.runs.compare import anatomy_rows

    typed = result if isinstance(result, RunResult) else RunResult.of(result)
    meas = typed.measurement
    lines = [t("status: %s · verdict: %s", _code(t, typed.status), _code(t, typed.verdict))]
    if meas.oom:
        o = meas.oom
        lines.append(
            t(
                "does not fit: out of memory in %s at step %s: %s",
                t(str(o.get("phase"))),
                o.get("step"),
                o.get("message"),
            )
        )
    if meas.failure:
        lines.append(t("failed: %s", meas.failure))
    command = meas.engine.name == "command"
    if command:
        line = t(
            "command: %s · ran %s · exit code %s · %s step lines matched",
            " ".join(map(str, meas.engine.command)),
            fmt_seconds(meas.wall_s or 0, ".1f", duration_word(t)),
            meas.exit_code,
            meas.steps_observed or 0,
        )
        if not meas.step_source:
            line += " " + t("(no step pattern: step time not observable)")
        lines.append(line)
        if meas.host_rss:
            uss = ", " + t("unique %s", fmt_bytes(meas.host_uss)) if meas.host_uss else ""
            lines.append(t("host: peak RSS of its processes %s (measured)", fmt_bytes(meas.host_rss) + uss))
            big = meas.host_rss_largest
            if big.rss and (meas.host_processes or 0) > 1:
                lines.append(
                    "  "
                    + t(
                        "summed over %s processes; the largest: %s (pid %s), peak RSS %s",
                        meas.host_processes,
                        big.name,
                        big.pid,
                        fmt_bytes(big.rss),
                    )
                )
        if meas.left_behind:
            lines.append(t("stopped %s process(es) it left running", meas.left_behind))
        if meas.failure and meas.stderr_tail:
            lines += [t("last lines of its stderr:"), *("  " + str(x) for x in meas.stderr_tail[-10:])]
    st = meas.step_time_s
    if st.count:
        median = fmt_seconds(st.median or 0, ".3f", duration_word(t))
        figures = (median, f"{st.p95 or 0:.3f}", f"{st.min or 0:.3f}", st.count)
        times = (
            t("step %s median (p95 %s, min %s, %s steps, from the times of its step lines)", *figures)
            if command
            else t("step %s median (p95 %s, min %s, %s steps)", *figures)
        )
    if st.count and command:
        lines.append(times + " · " + _command_tokens(meas, t))
        left = meas.step_time_left_out
        if left.warmup or left.evaluation:
            lines.append(
                "  "
                + t(
                    "not timed: %s warm-up step(s), %s with an evaluation between its step lines",
                    left.warmup or 0,
                    left.evaluation or 0,
                )
            )
    elif st.count:
        mfu = (" · " + t("MFU %s of %s", f"{meas.mfu:.0%}", t(str(meas.peak_basis)))) if meas.mfu else ""
        lines.append(
            times
            + f" · {meas.tokens_per_s or 0:,.0f} "
            + t("tokens/s")
            + f" · {meas.tflops or 0:.3f} TFLOP/s{mfu}"
        )
        predicted = typed.estimate["time"]
        if predicted.get("seconds") and st.median is not None:
            lines.append(
                t(
                    "predicted (estimated): %s, %s tokens/s (%s); measured ÷ predicted %s",
                    fmt_seconds(predicted["seconds"], ".3f", duration_word(t)),
                    f"{predicted.get('tokens_per_s') or 0:,.0f}",
                    time_basis_words(predicted, t),
                    f"{st.median / predicted['seconds']:.2f}",
                )
            )
    ring = meas.collectives.get("all_reduce", {})
    if isinstance(ring.get("bus_gbs"), int | float):
        lines.append(
            t(
                "all-reduce between its %s ranks: %s GB/s bus bandwidth, %s (measured after the timed steps)",
                ring.get("ranks"),
                f"{ring['bus_gbs']:.3g}",
                ring.get("backend"),
            )
        )
    by_device: dict[str, list[list[str]]] = {}
    for r in anatomy_rows(typed):
        if "weights" not in meas.anatomy.get(r["device"], {}):
            continue  # a device measured without an itemization (or only estimated)
        m, e = r["measured"], r["estimated"]
        by_device.setdefault(r["device"], []).append(
            [
                t(ITEM_WORDS.get(r["item"], r["item"])),
                fmt_bytes(m) if m is not None else t("not measured"),
                _bytes(t, e),
                f"{r['ratio']:.3f}" if r["ratio"] else "",
            ]
        )
    for dev, rows in by_device.items():
        lines.append("")
        lines.append(table(rows, [f"{dev}", t("measured"), t("estimated"), t("measured/estimated")]))
    for dev, peak in meas.peak.items():
        if peak.get("allocated") is not None and peak.get("source") != "cpu_allocator":
            lines.append(
                t(
                    "%s: peak allocated %s, reserved %s, NVML used %s",
                    dev,
                    fmt_bytes(peak["allocated"]),
                    _bytes(t, peak.get("reserved")),
                    _bytes(t, peak.get("nvml_used")),
                )
            )
    for dev, peak in meas.peak.items():
        if peak.get("source") == "cpu_allocator" and peak.get("allocated") is not None:
            ratio = meas.anatomy.get(dev, {}).get("tracker_ratio")
            lines.append(
                t("%s: peak %s (measured: the CPU allocator's record)", dev, fmt_bytes(peak["allocated"]))
                + ("; " + t("items (tracker) ÷ allocator peak %s", f"{ratio:.3f}") if ratio else "")
            )
    if meas.host_rss and not command:
        lines.append(t("host: worker RSS peak %s", fmt_bytes(meas.host_rss)))
    for c in typed.checks:
        mark = {"passed": "✓", "failed": "✗", "not_run": "·"}[c.status]
        lines.append(f"  {mark} {_code(t, c.id)}: {evidence(c.as_data(), t.lang)}")
    return "\n".join(lines)


def _plan_row(o, t=ENGLISH) -> list[str]:
    from trainsizer.ui_common.textfmt import plan_cells
    from trainsizer.vocab import PLAN_REASON_WORDS, layout_words

    return plan_cells(
        o,
        lambda layout: layout_words(layout, t),
        lambda r: t(PLAN_REASON_WORDS.get(r, r)),
        duration_word(t) if t.lang != "en" else None,
        "ok" if t.lang == "en" else t("meets it"),
    )


def render_plan(spec, result: dict, show_all: bool = False, t=ENGLISH) -> str:
    from trainsizer.vocab import CAVEAT_WORDS, LINK_WORDS, NEEDS_WORDS, PLAN_REASON_WORDS, coded_words

    task = result["task"]
    lines = [t("Plan: hardware options (estimated)"), "  " + describe_spec(spec, None, t).rsplit(" · ", 1)[0]]
    what = []
    if task["tokens"]:
        what.append(t("%s tokens over %s epoch(s)", f"{task['tokens']:.3g}", f"{task['epochs']:g}"))
    else:
        what.append(t("no [task] tokens given: time to train not computed"))
    if task["deadline_hours"]:
        what.append(t("deadline %s", fmt_hours(task["deadline_hours"], duration_word(t))))
    if task["budget_gpu_hours"]:
        what.append(t("budget %s GPU-hours", f"{task['budget_gpu_hours']:,.0f}"))
    lines.append("  " + t("task: %s", ", ".join(what)))
    target = result.get("target") or {}
    if target.get("kind") == "slurm":
        line = t(
            "target: Slurm partition %s as sinfo describes it: %s node(s) of %s × %s (class from %s: %s), "
            "%s RAM and %s CPUs each",
            target["partition"],
            target["nodes"],
            target["gpus_per_node"],
            target["gpu_class"],
            t("its Gres") if target["gpu_class_from"] == "gres" else "--gpus",
            target["gres"],
            fmt_bytes((target["memory_mb"] or 0) * 2**20),
            target["cpus"],
        )
        if target["other_nodes"]:
            line += "; " + t("%s node(s) of another kind left out", target["other_nodes"])
        lines.append("  " + line)
    cal = {o["gpu"]: (o["utilization"], o["utilization_basis"]) for o in result["options"]}
    measured = sorted(k for k, (_, v) in cal.items() if v["kind"] == "measured")
    probed = sorted(k for k, (_, v) in cal.items() if v["kind"] == "probe")
    source = next(
        (t("probe of %s (%s)", v["machine"], v["date"]) if v.get("machine") else v["source"]
         for _, v in cal.values() if v["kind"] == "probe"),
        "",
    )  # fmt: skip
    fitted = sorted(f"{k} {u:.0%}" for k, (u, v) in cal.items() if v["kind"] == "fitted")
    assumed = sorted({f"{u:.0%}" for u, v in cal.values() if v["kind"] == "assumed"})
    networks: dict[str, set[str]] = {}  # the assumed network between nodes -> the classes it is assumed for
    probed_nets: dict[str, set[str]] = {}  # the network a probe of several nodes measured -> its classes
    for o in result["options"]:
        inter = (o.get("link_codes") or {}).get("inter_basis") or {}
        if inter.get("code") == "probe_network":
            probed_nets.setdefault(coded_words(LINK_WORDS, inter, t), set()).add(o["gpu"])
        elif (o.get("links") or {}).get("inter_basis"):
            networks.setdefault(o["links"]["inter_basis"].split(" per GPU")[0], set()).add(o["gpu"])
    sources = []
    if fitted:
        sources.append(t("fitted to published runs for %s", ", ".join(fitted)))
    if assumed:
        sources.append(
            t("%s assumed (task.utilization)", ", ".join(assumed))
            if task["utilization"]
            else t("%s assumed for the classes without a fit", ", ".join(assumed))
        )
    if measured:
        sources.append(t("measured for %s by a kept run", ", ".join(measured)))
    if probed:
        sources.append(t("calibrated by probe for %s (%s)", ", ".join(probed), source))
    limits = result.get("limits") or {}
    lines.append(
        "  "
        + t("utilisation of peak %s, compute alone: %s", result["precision_key"], "; ".join(sources))
        + "; "
        + t("memory headroom %s", f"{result['headroom']:.0%}")
        + _at_most(t, limits.get("max_nodes"), "at most one node", "at most %s nodes")
        + _at_most(t, limits.get("max_gpus"), "at most one GPU", "at most %s GPUs")
    )
    line = t(
        "communication: the layout's collectives over each class's link, what the compute cannot hide added"
    )
    if networks:
        line += "; " + t(
            "between nodes a NIC per GPU assumed: %s",
            ", ".join(f"{k} ({', '.join(sorted(v))})" for k, v in sorted(networks.items())),
        )
    for worded, classes in sorted(probed_nets.items()):
        line += "; " + t("between nodes of %s: %s", ", ".join(sorted(classes)), worded)
    lines += ["  " + line, ""]
    header = ["#", t("target"), t("layout"), t("peak / GPU"), t("free"), t("step"), t("tokens/s"), t("time"),
              t("GPU-h"), ""]  # fmt: skip
    opts = result["options"]
    shown = opts if show_all else [opts[i - 1] for i in result["top"]]
    if not shown and result.get("closest"):
        lines.append(t("nothing fits the task; the closest option:"))
        shown = [opts[result["closest"] - 1]]
    lines.append(table([_plan_row(o, t) for o in shown], header))
    if shown and not shown[0]["why_not"]:
        best = shown[0]
        line = t(
            "best: option %s, %s — %s; host RAM per node %s",
            best["option"],
            best["target"],
            placement_words(best["placement"], t),
            fmt_bytes(best["host_per_node"], "GiB"),
        )
        if best.get("host_ram_per_node"):
            line += " " + t(
                "of %s (%s)",
                fmt_bytes(best["host_ram_per_node"], "GiB"),
                "sinfo" if best.get("host_ram_basis") == "sinfo" else t("assumed: the class's usual server"),
            )
        lines += ["", line]
        if best.get("spec_changes"):
            lines.append("  " + t("changes to the agreed spec: %s", spec_changes_text(best["spec_changes"])))
        for need in best["needs"]:
            lines.append("  " + t("needs %s", t(NEEDS_WORDS[need])))
        for caveat in best["caveats"]:
            lines.append("  " + t("note: %s", t(CAVEAT_WORDS[caveat])))
    fewest = result.get("fewest_gpus_meeting_task") or {}
    if fewest:
        shown_classes = sorted(fewest.items(), key=lambda kv: kv[1])[:6]
        lines.append(
            t("fewest GPUs that meet the task: %s", ", ".join(f"{n} × {gpu}" for gpu, n in shown_classes))
        )
    if result["fallen_out"]:
        lines.append(
            t(
                "fell out: %s (of %s GPU class × count options; --all lists them)",
                ", ".join(
                    f"{n} {t(PLAN_REASON_WORDS.get(r, r))}" for r, n in sorted(result["fallen_out"].items())
                ),
                len(opts),
            )
        )
    lines.append(
        t(
            "%s layouts sized in %s; `trainsizer request --plan SPEC --option N` drafts the request",
            f"{result['candidates']:,}",
            fmt_seconds(result["seconds"], ".2f", duration_word(t)),
        )
    )
    return "\n".join(lines)


def _command_tokens(meas, t=ENGLISH) -> str:
    """A command's throughput (a result.model.Measurement) and where it comes from (never a 0 for what is
    not known)."""
    if meas.tokens_per_s and meas.tokens_basis == "trainer_batches":
        return t(
            "%s tokens/s (counted from the batches its Trainer trained on: %s tokens per step)",
            f"{meas.tokens_per_s:,.0f}",
            f"{meas.tokens_per_step or 0:,}",
        )
    if meas.tokens_per_s_assumed:
        return t("%s tokens/s if a step is the spec's batch", f"{meas.tokens_per_s_assumed:,.0f}")
    return t("tokens/s not known")


def render_compare(path_a, path_b, c: dict, t=ENGLISH) -> str:
    """Two runs side by side (runs.compare.compare_runs): what changed in the spec and where they ran, the
    measured memory per item, step time, tokens/s and the verdicts."""

    def delta(v):
        return "—" if v is None else ("+" if v > 0 else "") + fmt_bytes(v)

    def pairs(rows) -> str:
        return "; ".join(f"{x['field']} {x['a']} → {x['b']}" for x in rows)

    lines = [f"A: {path_a}", f"B: {path_b}", t("changed: %s", pairs(c["changed"]) or t("nothing"))]
    lines.append(t("where they ran: %s", pairs(c.get("environment") or []) or t("the same")))
    rows = [
        [f"{r['device']}: {t(ITEM_WORDS.get(r['item'], r['item']))}", _bytes(t, r["a"]), _bytes(t, r["b"]),
         delta(r["delta"])]
        for r in c["items"]
    ]  # fmt: skip
    lines.append(table(rows, [t("measured"), "A", "B", "B − A"]))
    st, tps, verdict = c["step_time"], c["tokens_per_s"], c["verdict"]
    if st["a"] and st["b"]:
        word = duration_word(t)
        lines.append(
            t(
                "step time: A %s, B %s (B/A %s)",
                fmt_seconds(st["a"], ".3f", word),
                fmt_seconds(st["b"], ".3f", word),
                f"{st['b'] / st['a']:.2f}",
            )
        )
    if tps["a"] or tps["b"]:
        lines.append(t("tokens/s: A %s, B %s", *(f"{v:,.0f}" if v else "—" for v in (tps["a"], tps["b"]))))
    lines.append(t("verdict: A %s, B %s", _code(t, verdict["a"]), _code(t, verdict["b"])))
    return "\n".join(lines)
