"""`trainsizer probe`: is this machine (or a test server) what it claims? The figures and their verdicts,
worded here from the codes runs/probe.py returns."""

from __future__ import annotations

import sys
from pathlib import Path

from trainsizer.cli.common import EXIT_NEGATIVE, EXIT_OK, InputError, print_json, words
from trainsizer.ui_common.messages import render
from trainsizer.ui_common.probe_words import FIGURE_WORDS, MARK, SCOPES, figure_value, probe_where


def figure_words(f: dict, t=None) -> str:
    from trainsizer.report.text import translator

    t = t or translator("en")
    text = render(f.get("code"), f.get("params"), t.lang) if f.get("code") else ""
    d = f.get("detail") or {}
    if f.get("what") in ("disk_read",) and d.get("page_cache_dropped") is False:
        text = (text + "; " if text else "") + t("the page cache could not be dropped: may read from RAM")
    if f.get("what", "").startswith(("all_", "reduce_")) and d.get("backend"):
        mib = f"{d.get('bytes', 0) / 2**20:.0f} MiB"
        text = t("%s, %s ranks, %s", d["backend"], d.get("ranks"), mib) + "; " + text
    return text


def _scope(scope: str, t) -> str:
    """Where a figure was taken, in words: "host", "between_processes", "disk:/data" (GPUs and nodes by
    their names)."""
    if t.lang == "en":
        return scope
    head, sep, rest = scope.partition(":")
    return t(head) + sep + rest if head in ("host", "disk", *SCOPES) else scope


def render_probe(doc: dict, t=None) -> str:
    from trainsizer.report.text import translator
    from trainsizer.ui_common.textfmt import fmt_seconds, table

    t = t or translator("en")
    en = t.lang == "en"
    where = probe_where(doc, t)
    several = {"slurm", "hosts"} & set(doc.get("target") or {})  # the place names its nodes already
    machine = "" if several else f" ({doc.get('machine')})"
    lines = [t("Readiness probe of %s, %s", f"{where}{machine}", doc.get("created", "")[:16])
             + (" — " + t("quick") if doc.get("quick") else "")]  # fmt: skip
    rows = []
    for f in doc.get("figures") or []:
        if f.get("what") == "device":
            continue
        verdict = f.get("verdict", "")
        rows.append([
            _scope(f.get("scope", ""), t), t(FIGURE_WORDS.get(f.get("what"), f.get("what", ""))),
            figure_value(f),
            f"{MARK.get(verdict, '?')} {verdict if en else t(verdict)}", figure_words(f, t),
        ])  # fmt: skip
    lines.append(table(rows, [t("where"), t("figure"), t("measured"), t("verdict"), t("against")]))
    gpus = [f for f in doc.get("figures") or [] if f.get("what") == "device"]
    for g in gpus:
        d = g.get("detail") or {}
        lines.append(
            f"{g['scope']}: {d.get('name')} ({(d.get('memory') or 0) / 2**30:.0f} GiB, {d.get('sms')} SMs)"
        )
    below = doc.get("summary") or []
    if below:
        lines.append(t("What is wrong:"))
        for b in below:
            f = {"code": b.get("code"), "params": b.get("params"), "what": b.get("what")}
            name = t(FIGURE_WORDS.get(b["what"], b["what"]))
            lines.append(f"  {b['scope']}: {name} — {figure_words(f, t)}")
    from trainsizer.report.text import duration_word

    def secs(v) -> str:
        return fmt_seconds(v or 0, ".1f", duration_word(t))

    stages = ", ".join(f"{k if en else t(k)} {secs(v)}" for k, v in (doc.get("stages") or {}).items())
    verdict = t("nothing below what its parts should give") if doc.get("verdict") == "pass" else t("below")
    lines.append(t("verdict: %s · %s (%s)", verdict, secs(doc.get("seconds")), stages))
    return "\n".join(lines)


def _hosts(args) -> list[str]:
    """--hosts as servers, each checked as a host string (no --host, no --slurm beside it)."""
    from trainsizer.runs.remote import Host

    for flag, given in (("--host", args.host), ("--slurm", args.slurm)):
        if given:
            raise InputError("--hosts: give either --hosts or %(flag)s", flag=flag)
    hosts = [h.strip() for h in args.hosts.split(",") if h.strip()]
    if len(hosts) < 2 or len(set(hosts)) != len(hosts):
        raise InputError("--hosts: %(hosts)r names fewer than two different servers", hosts=args.hosts)
    for h in hosts:
        try:
            Host.parse(h)
        except ValueError as e:
            raise InputError("--hosts: %(reason)s", reason=e) from None
    return hosts


def _slurm_request(args, spec, planned):
    """The probe job's request from the flags, else the spec's [cluster]; None without --slurm. Each value is
    checked as [cluster] checks it, and named by its flag."""
    given = {k: getattr(args, k) for k in ("partition", "nodes", "gpus_per_node", "time")}
    if args.rendezvous and not args.hosts:
        raise InputError("--rendezvous: applies with --hosts only")
    if not args.slurm:
        named = [f"--{k.replace('_', '-')}" for k, v in given.items() if v is not None]
        if named:
            raise InputError("%(flags)s: applies with --slurm only", flags=", ".join(named))
        return None
    from trainsizer.runs.probe_slurm import Request
    from trainsizer.spec.sections import ClusterSpec

    base = spec.cluster if spec is not None else ClusterSpec(time_limit="00:15:00")
    if base.container:
        raise InputError(
            "--slurm: [cluster] container is set; the probe runs trainsizer on the nodes themselves, not in "
            "the container (probe without --spec, or with a spec that names no container)"
        )
    for flag, value, low in (("--nodes", args.nodes, 1), ("--gpus-per-node", args.gpus_per_node, 0)):
        if value is not None and not low <= value <= 64:
            raise InputError(
                "%(flag)s: %(value)s is not between %(low)s and 64", flag=flag, value=value, low=low
            )
    cluster = ClusterSpec(
        partition=args.partition if args.partition is not None else base.partition,
        account=base.account,
        nodes=args.nodes or base.nodes,
        gpus_per_node=args.gpus_per_node if args.gpus_per_node is not None else base.gpus_per_node,
        time_limit=args.time or base.time_limit,
        sbatch_lines=list(base.sbatch_lines),
    )
    flags = {"partition": "--partition", "time_limit": "--time"}
    for issue in cluster.issues():
        name = issue.path.removeprefix("cluster.")
        raise InputError("%(flag)s: %(reason)s", flag=flags.get(name, issue.path), reason=issue)
    return Request(
        nodes=cluster.nodes,
        partition=cluster.partition,
        account=cluster.account,
        gpus_per_node=cluster.gpus_per_node or None,
        time_limit=cluster.time_limit,
        sbatch_lines=tuple(cluster.sbatch_lines),
        quick=args.quick,
        planned_checkpoint=planned,
    )


def _probe_slurm(args, req, directory, progress) -> dict:
    """`probe --slurm`: the job submitted from this login node, or from --host's over SSH."""
    from trainsizer.runs.probe_slurm import probe_slurm
    from trainsizer.runs.slurm import SlurmError, SshSite

    try:
        if not args.host:
            return probe_slurm(req, directory=directory, on_progress=progress)
        from trainsizer.runs.remote import Connection, Host, RemoteError

        try:
            with Connection(Host.parse(args.host)) as conn:
                return probe_slurm(req, site=SshSite(conn), on_progress=progress)
        except (RemoteError, ValueError) as e:
            raise InputError("--host: %(reason)s", reason=e) from None
    except SlurmError as e:
        raise InputError("--slurm: %(reason)s", reason=e) from None


def cmd_probe(args) -> int:
    from trainsizer.runs import probe as pr

    planned = args.checkpoint_bytes
    spec = None
    if args.spec:
        from trainsizer.cli.spec_cmds import load_spec
        from trainsizer.estimate.working_set import checkpoint_bytes

        spec = load_spec(args.spec)
        planned = checkpoint_bytes(spec)
        directory = args.dir or spec.checkpoint.dir or None
    else:
        directory = args.dir
    if directory and not Path(directory).expanduser().is_dir():
        raise InputError("--dir: %(path)s is not a folder", path=str(directory))
    if args.in_slurm_job:  # the batch script of `probe --slurm`, on the job's first node
        from trainsizer.runs.probe_slurm import in_job

        doc = in_job(Path(directory or "."), quick=args.quick, planned=planned)
        return EXIT_OK if doc.get("verdict") == "pass" else EXIT_NEGATIVE
    slurm_request = _slurm_request(args, spec, planned)

    def progress(stage: str) -> None:
        if args.progress_lines or not args.json:
            print(words(args)("probe: %s", stage if args.lang == "en" else words(args)(stage)),
                  file=sys.stderr, flush=True)  # fmt: skip

    try:
        if slurm_request is not None:
            doc = _probe_slurm(args, slurm_request, directory, progress)
        elif args.hosts:
            doc = pr.probe_hosts(
                _hosts(args),
                quick=args.quick,
                planned_checkpoint=planned,
                rendezvous=args.rendezvous,
                on_progress=progress,
                keep=not args.no_keep,
            )
        elif args.host:
            from trainsizer.runs.remote import RemoteError

            try:
                doc = pr.probe_remote(
                    args.host,
                    quick=args.quick,
                    planned_checkpoint=planned,
                    on_progress=progress,
                    keep=not args.no_keep,
                )
            except (RemoteError, ValueError) as e:
                raise InputError("--host: %(reason)s", reason=e) from None
        else:
            doc = pr.run_probe(
                quick=args.quick, directory=directory, planned_checkpoint=planned, on_progress=progress
            )
    except pr.ProbeError as e:
        raise InputError.of(e) from None
    if not args.no_keep:
        doc["kept"] = str(pr.keep(doc))
    if args.output:
        import json

        Path(args.output).write_text(json.dumps(doc, indent=1, default=str) + "\n", encoding="utf-8")
    if args.json:
        print_json(doc)
    else:
        t = words(args)
        print(render_probe(doc, t))
        if doc.get("kept"):
            print(t("kept: %s (estimates and plans for this machine use it)", doc["kept"]))
    return EXIT_OK if doc.get("verdict") == "pass" else EXIT_NEGATIVE
