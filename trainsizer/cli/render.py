"""Text for the terminal: an estimate, and a result (measured against estimated, per item) — formatting
happens only here, at the edge."""

from __future__ import annotations

from trainsizer.ui_common.messages import evidence
from trainsizer.ui_common.textfmt import fmt_bytes, fmt_hours, spec_changes_text, table
from trainsizer.vocab import ITEM_WORDS, PEAK_PHASE_WORDS


def describe_spec(spec, devices: str | None = None) -> str:
    """One line of the spec; ``devices``: where it runs as resolved (``auto`` on a machine without CUDA is
    the CPU), when known."""
    m = spec.model
    model = m.preset or m.config or m.pretrained or m.hub_id
    return (
        f"{model} · {spec.method.kind} · {spec.precision.compute} · {spec.optimizer.name} · micro-batch "
        f"{spec.batch.micro_batch} × {spec.batch.seq_len} tokens (accumulate {spec.batch.grad_accum})"
        f"{' · checkpointing' if spec.batch.gradient_checkpointing else ''} · {spec.parallel.strategy} on "
        f"{devices or spec.parallel.devices}"
    )


def verdict_line(data) -> str:
    bad = [f for f in data["fit"] if f["fits"] is False]
    if bad:
        f = bad[0]
        return (
            f"does not fit: needs {fmt_bytes(f['peak'], 'GiB')} on {f['device']}, has "
            f"{fmt_bytes(f['capacity'], 'GiB')}; "
            f"peak at {PEAK_PHASE_WORDS.get(f['peak_phase'], f['peak_phase'])}"
        )
    if any(f["fits"] is None for f in data["fit"]):
        return "fit unknown: the capacity of a device is not available"
    f = min(data["fit"], key=lambda x: x["headroom"])
    return (
        f"fits: peak {fmt_bytes(f['peak'])} of {fmt_bytes(f['capacity'])} on {f['device']} "
        f"(headroom {fmt_bytes(f['headroom'])}, {f['headroom_percent']:.1f}%); peak at "
        f"{PEAK_PHASE_WORDS.get(f['peak_phase'])}"
    )


def render_estimate(spec, data) -> str:
    est = data["estimate"]
    devs = est["devices"]
    first_name = next(iter(devs))
    first = devs[first_name]
    label = first_name if len(devs) == 1 else f"{first_name} (each of {len(devs)})"
    lines = [
        f"Estimate ({data['kind']}) on {data['target']}",
        "  " + describe_spec(spec, data.get("devices")),
        f"  parameters: {data['model']['total_params']:,} total, {data['model']['trainable_params']:,} "
        "trained",
        "",
    ]
    rows = [[ITEM_WORDS[k], fmt_bytes(v)] for k, v in first["items"].items() if v]
    rows += [[f"alive at {PEAK_PHASE_WORDS.get(p, p)}", fmt_bytes(v)] for p, v in first["phases"].items()]
    rows.append(["peak", f"{fmt_bytes(first['peak'])} ({PEAK_PHASE_WORDS.get(first['peak_phase'])})"])
    rows.append(["capacity", fmt_bytes(first["capacity"])])
    lines.append(table(rows, ["item", label]))
    host = est["host"]
    lines.append("")
    lines.append(
        "host: "
        + ", ".join(f"{k.replace('_', ' ')} {fmt_bytes(v)}" for k, v in host.items() if v and k != "peak")
        + f"; total {fmt_bytes(host['peak'])}"
        + (f" of {fmt_bytes(data['host_ram_total'])} RAM" if data.get("host_ram_total") else "")
    )
    lines.append("")
    lines.append(verdict_line(data))
    t = data["time"]
    if t.get("seconds"):
        kind = (t.get("utilization_basis") or {}).get("kind")
        lines.append(
            f"time: {t['seconds']:.3g} s per step, {t['tokens_per_s']:,.0f} tokens/s "
            f"({t['basis']}, at {t['utilization']:.0%}{f' {kind}' if kind in ('fitted', 'assumed') else ''})"
        )
        if t.get("communication"):
            busy = ", ".join(
                f"{k.replace('_', ' ')} {v:.2g} s ({(t.get('communication_where') or {}).get(k, '?')})"
                for k, v in t["communication"].items()
            )
            lines.append(
                f"  communication: {busy}; the compute cannot hide {t['exposed_s']:.2g} s of it"
                + "".join(f"; {b}" for b in (t.get("links") or {}).values())
            )
    solver = data.get("solver") or {}
    if solver:
        gpus = solver.get("min_gpus")
        lines.append(
            f"largest micro-batch that fits: {solver['max_micro_batch'] or 'none'}; "
            f"longest sequence: {solver['max_seq_len'] or 'none'}"
            + (
                f"; smallest GPU count: {gpus['gpus']} × {gpus['device']} ({gpus['strategy']})"
                if gpus
                else ""
            )
        )
    for a in data.get("advice") or []:
        lines.append(
            f"  advice: {a['advice']}: saves {fmt_bytes(a['saving'])} (peak {fmt_bytes(a['new_peak'])})"
        )
    combo = data.get("advice_combined")
    if combo:
        from trainsizer.vocab import ADVICE_WORDS

        what = " + ".join(ADVICE_WORDS.get(i, i) for i in combo["ids"])
        if combo["fits"]:
            lines.append(
                f"  together: {what} → {fmt_bytes(combo['peak'], 'GiB')} of "
                f"{fmt_bytes(combo['capacity'], 'GiB')}, fits"
            )
        else:
            lines.append(
                f"  closest: {what} → {fmt_bytes(combo['peak'], 'GiB')} of "
                f"{fmt_bytes(combo['capacity'], 'GiB')}"
                f", lacks {fmt_bytes(combo['lacks'], 'GiB')}: more GPUs (trainsizer plan) or a smaller setup"
            )
    place = data.get("placement") or {}
    if place.get("text"):
        lines.append(f"  placement: {place['text']}")
    for note in est.get("notes") or []:
        lines.append(f"  note: {note}")
    return "\n".join(lines)


def render_measurement(result: dict) -> str:
    from trainsizer.result.model import part
    from trainsizer.runs.compare import anatomy_rows

    meas = part(result, "measurement")
    lines = [f"status: {result.get('status')} · verdict: {result.get('verdict')}"]
    if meas["oom"]:
        o = meas["oom"]
        lines.append(
            f"does not fit: out of memory in {o.get('phase')} at step {o.get('step')}: {o.get('message')}"
        )
    if meas.get("failure"):
        lines.append(f"failed: {meas['failure']}")
    if meas["engine"]["name"] == "command":
        lines.append(
            f"command: {' '.join(meas['engine'].get('command') or [])} · "
            f"ran {meas.get('wall_s') or 0:.1f} s · "
            f"exit code {meas.get('exit_code')} · {meas.get('steps_observed', 0)} step lines matched"
            + ("" if meas.get("step_source") else " (no step pattern: step time not observable)")
        )
        if meas.get("host_rss"):
            uss = f", unique {fmt_bytes(meas['host_uss'])}" if meas.get("host_uss") else ""
            lines.append(f"host: peak RSS of its processes {fmt_bytes(meas['host_rss'])}{uss} (measured)")
            big = meas["host_rss_largest"]
            if big["rss"] and (meas.get("host_processes") or 0) > 1:
                lines.append(
                    f"  summed over {meas['host_processes']} processes; the largest: {big['name']} "
                    f"(pid {big['pid']}), peak RSS {fmt_bytes(big['rss'])}"
                )
        if meas.get("left_behind"):
            lines.append(f"stopped {meas['left_behind']} process(es) it left running")
        if meas.get("failure") and meas.get("stderr_tail"):
            lines += ["last lines of its stderr:", *("  " + x for x in meas["stderr_tail"][-10:])]
    st = meas["step_time_s"]
    command = meas["engine"]["name"] == "command"
    if st.get("count") and command:
        lines.append(
            f"step {st['median']:.3f} s median (p95 {st['p95']:.3f}, min {st['min']:.3f}, "
            f"{st['count']} steps, from the times of its step lines) · " + _command_tokens(meas)
        )
        left = meas["step_time_left_out"]
        if left["warmup"] or left["evaluation"]:
            lines.append(
                f"  not timed: {left['warmup'] or 0} warm-up step(s), "
                f"{left['evaluation'] or 0} with an evaluation between its step lines"
            )
    elif st.get("count"):
        mfu = f" · MFU {meas['mfu']:.0%} of {meas.get('peak_basis')}" if meas.get("mfu") else ""
        lines.append(
            f"step {st['median']:.3f} s median (p95 {st['p95']:.3f}, min {st['min']:.3f}, {st['count']} "
            "steps) · "
            f"{meas.get('tokens_per_s') or 0:,.0f} tokens/s · {meas.get('tflops') or 0:.3f} TFLOP/s{mfu}"
        )
        predicted = part(result, "estimate")["time"]
        if predicted.get("seconds"):
            lines.append(
                f"predicted (estimated): {predicted['seconds']:.3f} s, "
                f"{predicted.get('tokens_per_s') or 0:,.0f} tokens/s ({predicted.get('basis')}); "
                f"measured ÷ predicted {st['median'] / predicted['seconds']:.2f}"
            )
    by_device: dict[str, list[list[str]]] = {}
    for r in anatomy_rows(result):
        if "weights" not in meas["anatomy"].get(r["device"], {}):
            continue  # a device measured without an itemization (or only estimated)
        m, e = r["measured"], r["estimated"]
        by_device.setdefault(r["device"], []).append(
            [
                ITEM_WORDS.get(r["item"], r["item"]),
                fmt_bytes(m) if m is not None else "not measured",
                fmt_bytes(e),
                f"{r['ratio']:.3f}" if r["ratio"] else "",
            ]
        )
    for dev, rows in by_device.items():
        lines.append("")
        lines.append(table(rows, [f"{dev}", "measured", "estimated", "measured/estimated"]))
    for dev, peak in meas["peak"].items():
        if peak.get("allocated") is not None and peak.get("source") != "cpu_allocator":
            lines.append(
                f"{dev}: peak allocated {fmt_bytes(peak['allocated'])}, reserved "
                f"{fmt_bytes(peak.get('reserved'))}, "
                f"NVML used {fmt_bytes(peak.get('nvml_used'))}"
            )
    for dev, peak in meas["peak"].items():
        if peak.get("source") == "cpu_allocator" and peak.get("allocated") is not None:
            ratio = meas["anatomy"].get(dev, {}).get("tracker_ratio")
            lines.append(
                f"{dev}: peak {fmt_bytes(peak['allocated'])} (measured: the CPU allocator's record)"
                + (f"; items (tracker) ÷ allocator peak {ratio:.3f}" if ratio else "")
            )
    if meas.get("host_rss") and not command:
        lines.append(f"host: worker RSS peak {fmt_bytes(meas['host_rss'])}")
    for c in result.get("checks") or []:
        mark = {"passed": "✓", "failed": "✗", "not_run": "·"}.get(c.get("status"), "?")
        lines.append(f"  {mark} {c.get('id')}: {evidence(c)}")
    return "\n".join(lines)


def _plan_row(o) -> list[str]:
    from trainsizer.ui_common.textfmt import plan_cells
    from trainsizer.vocab import PLAN_REASON_WORDS, layout_words

    return plan_cells(o, layout_words, lambda r: PLAN_REASON_WORDS.get(r, r), None, "ok")


def render_plan(spec, result: dict, show_all: bool = False) -> str:
    from trainsizer.vocab import CAVEAT_WORDS, NEEDS_WORDS, PLAN_REASON_WORDS

    task = result["task"]
    lines = ["Plan: hardware options (estimated)", "  " + describe_spec(spec).rsplit(" · ", 1)[0]]
    what = []
    if task["tokens"]:
        what.append(f"{task['tokens']:.3g} tokens over {task['epochs']:g} epoch(s)")
    else:
        what.append("no [task] tokens given: time to train not computed")
    if task["deadline_hours"]:
        what.append(f"deadline {fmt_hours(task['deadline_hours'])}")
    if task["budget_gpu_hours"]:
        what.append(f"budget {task['budget_gpu_hours']:,.0f} GPU-hours")
    lines.append("  task: " + ", ".join(what))
    target = result.get("target") or {}
    if target.get("kind") == "slurm":
        source = "its Gres" if target["gpu_class_from"] == "gres" else "--gpus"
        lines.append(
            f"  target: Slurm partition {target['partition']} as sinfo describes it: "
            f"{target['nodes']} node(s) of {target['gpus_per_node']} × {target['gpu_class']} "
            f"(class from {source}: {target['gres']}), "
            f"{fmt_bytes((target['memory_mb'] or 0) * 2**20)} RAM and {target['cpus']} CPUs each"
            + (f"; {target['other_nodes']} node(s) of another kind left out" if target["other_nodes"] else "")
        )
    cal = {o["gpu"]: (o["utilization"], o["utilization_basis"]) for o in result["options"]}
    measured = sorted(k for k, (_, v) in cal.items() if v["kind"] == "measured")
    probed = sorted(k for k, (_, v) in cal.items() if v["kind"] == "probe")
    source = next((v["source"] for _, v in cal.values() if v["kind"] == "probe"), "")
    fitted = sorted(f"{k} {u:.0%}" for k, (u, v) in cal.items() if v["kind"] == "fitted")
    assumed = sorted({f"{u:.0%}" for u, v in cal.values() if v["kind"] == "assumed"})
    networks: dict[str, set[str]] = {}  # the assumed network between nodes -> the classes it is assumed for
    for o in result["options"]:
        if (o.get("links") or {}).get("inter_basis"):
            networks.setdefault(o["links"]["inter_basis"].split(" per GPU")[0], set()).add(o["gpu"])
    lines.append(
        f"  utilisation of peak {result['precision_key']}, compute alone: "
        + "; ".join(
            x
            for x in (
                f"fitted to published runs for {', '.join(fitted)}" if fitted else "",
                f"{', '.join(assumed)} assumed"
                + (" (task.utilization)" if task["utilization"] else " for the classes without a fit")
                if assumed
                else "",
                f"measured for {', '.join(measured)} by a kept run" if measured else "",
                f"calibrated by probe for {', '.join(probed)} ({source})" if probed else "",
            )
            if x
        )
        + f"; memory headroom {result['headroom']:.0%}"
        + "".join(
            f"; at most {v} {w}"
            for w, v in (
                ("nodes", (result.get("limits") or {}).get("max_nodes")),
                ("GPUs", (result.get("limits") or {}).get("max_gpus")),
            )
            if v
        )
    )
    lines.append(
        "  communication: the layout's collectives over each class's link, what the compute cannot hide added"
        + (
            "; between nodes a NIC per GPU assumed: "
            + ", ".join(f"{k} ({', '.join(sorted(v))})" for k, v in sorted(networks.items()))
            if networks
            else ""
        )
    )
    lines.append("")
    header = ["#", "target", "layout", "peak / GPU", "free", "step", "tokens/s", "time", "GPU-h", ""]
    opts = result["options"]
    shown = opts if show_all else [opts[i - 1] for i in result["top"]]
    if not shown and result.get("closest"):
        lines.append("nothing fits the task; the closest option:")
        shown = [opts[result["closest"] - 1]]
    lines.append(table([_plan_row(o) for o in shown], header))
    if shown and not shown[0]["why_not"]:
        best = shown[0]
        lines.append("")
        lines.append(
            f"best: option {best['option']}, {best['target']} — {best['placement']['text']}; "
            "host RAM per node "
            f"{fmt_bytes(best['host_per_node'], 'GiB')}"
            + (
                f" of {fmt_bytes(best['host_ram_per_node'], 'GiB')} "
                + (
                    "(sinfo)"
                    if best.get("host_ram_basis") == "sinfo"
                    else "(assumed: the class's usual server)"
                )
                if best.get("host_ram_per_node")
                else ""
            )
        )
        if best.get("spec_changes"):
            lines.append("  changes to the agreed spec: " + spec_changes_text(best["spec_changes"]))
        for need in best["needs"]:
            lines.append(f"  needs {NEEDS_WORDS[need]}")
        for caveat in best["caveats"]:
            lines.append(f"  note: {CAVEAT_WORDS[caveat]}")
    fewest = result.get("fewest_gpus_meeting_task") or {}
    if fewest:
        shown_classes = sorted(fewest.items(), key=lambda kv: kv[1])[:6]
        lines.append(
            "fewest GPUs that meet the task: " + ", ".join(f"{n} × {gpu}" for gpu, n in shown_classes)
        )
    if result["fallen_out"]:
        lines.append(
            "fell out: "
            + ", ".join(f"{n} {PLAN_REASON_WORDS.get(r, r)}" for r, n in sorted(result["fallen_out"].items()))
            + " (of "
            + f"{len(opts)} GPU class × count options; --all lists them)"
        )
    lines.append(
        f"{result['candidates']:,} layouts sized in {result['seconds']:.2f} s; "
        "`trainsizer request --plan SPEC --option N` drafts the request"
    )
    return "\n".join(lines)


def _command_tokens(meas: dict) -> str:
    """A command's throughput and where it comes from (never a 0 for what is not known)."""
    if meas.get("tokens_per_s") and meas.get("tokens_basis") == "trainer_batches":
        return (
            f"{meas['tokens_per_s']:,.0f} tokens/s (counted from the batches its Trainer trained on: "
            f"{meas.get('tokens_per_step') or 0:,} tokens per step)"
        )
    if meas.get("tokens_per_s_assumed"):
        return f"{meas['tokens_per_s_assumed']:,.0f} tokens/s if a step is the spec's batch"
    return "tokens/s not known"
