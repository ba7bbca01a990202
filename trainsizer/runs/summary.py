"""A text summary of a result (measured against estimated, per item), for the terminal."""

from __future__ import annotations

from trainsizer.textfmt import fmt_bytes, table

ITEMS = ("weights", "gradients", "optimizer_states", "activations", "logits_and_loss", "cuda_context",
         "allocator_overhead", "comm_buffers", "other")


def render_measurement(result: dict) -> str:
    meas = result.get("measurement") or {}
    lines = [f"status: {result.get('status')} · verdict: {result.get('verdict')}"]
    if meas.get("oom"):
        o = meas["oom"]
        lines.append(f"does not fit: out of memory in {o.get('phase')} at step {o.get('step')}: {o.get('message')}")
    if meas.get("failure"):
        lines.append(f"failed: {meas['failure']}")
    st = meas.get("step_time_s") or {}
    if st.get("count"):
        mfu = f" · MFU {meas['mfu']:.0%} of {meas.get('peak_basis')}" if meas.get("mfu") else ""
        lines.append(f"step {st['median']:.3f} s median (p95 {st['p95']:.3f}, min {st['min']:.3f}, {st['count']} steps) · "
                     f"{meas.get('tokens_per_s', 0):,.0f} tokens/s · {meas.get('tflops') or 0:.3f} TFLOP/s{mfu}")
    est = result.get("estimate") or {}
    est_devs = est.get("devices") or {}
    for dev, anatomy in (meas.get("anatomy") or {}).items():
        if not isinstance(anatomy, dict) or "weights" not in anatomy:
            continue
        predicted = (est_devs.get(dev) or {}).get("items", {})
        rows = []
        for key in ITEMS:
            m, p = anatomy.get(key), predicted.get(key)
            if not m and not p:
                continue
            ratio = f"{m / p:.3f}" if m and p else ""
            rows.append([key.replace("_", " "), fmt_bytes(m) if m is not None else "not measured", fmt_bytes(p), ratio])
        p_peak = (est_devs.get(dev) or {}).get("peak")
        rows.append(["peak", fmt_bytes(anatomy.get("peak")), fmt_bytes(p_peak),
                     f"{anatomy['peak'] / p_peak:.3f}" if anatomy.get("peak") and p_peak else ""])
        lines.append("")
        lines.append(table(rows, [f"{dev}", "measured", "estimated", "measured/estimated"]))
    for dev, peak in (meas.get("peak") or {}).items():
        if peak.get("allocated") is not None:
            lines.append(f"{dev}: peak allocated {fmt_bytes(peak['allocated'])}, reserved {fmt_bytes(peak['reserved'])}, "
                         f"NVML used {fmt_bytes(peak.get('nvml_used'))}")
    if meas.get("host_rss"):
        lines.append(f"host: worker RSS peak {fmt_bytes(meas['host_rss'])}")
    for c in result.get("checks") or []:
        mark = {"passed": "✓", "failed": "✗", "not_run": "·"}[c["status"]]
        lines.append(f"  {mark} {c['id']}: {c['reason']}")
    return "\n".join(lines)
