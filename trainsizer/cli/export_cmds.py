"""`trainsizer report | request | gui | history`: documents from run folders, the window, the runs kept."""

from __future__ import annotations

import os
from pathlib import Path

from trainsizer.cli.common import EXIT_INVALID, EXIT_OK, InputError, err, words


def _export(fn, args, **kw) -> int:
    from trainsizer.report.content import ReportError

    try:
        path = fn(args.run_dir, args.format, args.output, args.lang, **kw)
    except ReportError as e:
        raise InputError.of(e) from None
    except OSError as e:
        raise InputError(
            "%(path)s: cannot be written (%(said)s)", path=str(e.filename or args.output), said=e.strerror
        ) from None
    print(words(args)("wrote %s", path))
    return EXIT_OK


def cmd_report(args) -> int:
    from trainsizer.report.export import export_report

    return _export(export_report, args)


def _code(t, x) -> str:
    """A code a listing shows (a verdict, a target): as written in English (scripts read it), else worded."""
    return str(x) if t.lang == "en" else t(str(x))


def cmd_request(args) -> int:
    from trainsizer.report.export import export_request

    if args.headroom < 0 or args.headroom > 10:
        raise InputError(
            "--headroom: must be between 0 and 10 (a fraction; 0.2 = 20 %%), got %(value)s",
            value=args.headroom,
        )
    if args.keep < 1:
        raise InputError("--keep: must be at least 1, got %(value)s", value=args.keep)
    if args.plan:
        return _plan_request(args)
    if not args.run_dir:
        raise InputError("request needs a run directory, or --plan SPEC to draft it from a plan")
    return _export(
        export_request, args, to=args.to, redacted=not args.no_redact, headroom=args.headroom, keep=args.keep
    )


def cmd_gui(args) -> int:
    if not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM")
    ):
        # Without a display Qt aborts the process; say so and point at the headless commands instead.
        err(
            "no display (DISPLAY/WAYLAND_DISPLAY are unset): run the headless commands "
            "(trainsizer check SPEC --out RUN_DIR) or start the GUI under xvfb-run"
        )
        return EXIT_INVALID
    path = getattr(args, "path", None)
    if path and not Path(path).exists():
        raise InputError("%(path)s: no such file or folder", path=str(path))
    try:
        from trainsizer.gui.app import run_gui
    except ImportError as e:  # a headless install (no PySide6 / pyqtgraph)
        raise InputError(
            "the window needs PySide6-Essentials and pyqtgraph, which cannot be imported here (%(said)s); "
            "the headless commands work without them (trainsizer --help)",
            said=str(e),
        ) from None

    return run_gui(open_path=path, quit_after=getattr(args, "quit_after", None))


def cmd_history(args) -> int:
    """List the runs kept (the window's History), or show one of them as `check` prints it."""
    import json as _json

    from trainsizer.runs.history import history_root, list_runs

    root = Path(args.root) if args.root else history_root()

    def find(name: str) -> Path:
        target = Path(name)
        return root / name if not target.exists() and (root / name).exists() else target

    if args.history_command == "compare":
        from trainsizer.cli.render import render_compare
        from trainsizer.report.content import ReportError, load_run
        from trainsizer.runs.compare import compare_runs

        try:
            a, b = load_run(find(args.a)), load_run(find(args.b))
        except ReportError as e:
            raise InputError.of(e) from None
        c = compare_runs(a.result, b.result)
        if args.json:
            print(_json.dumps(c, indent=2, default=str))
            return EXIT_OK
        print(render_compare(a.path, b.path, c, words(args)))
        return EXIT_OK
    if args.history_command == "probes":
        return _history_probes(args)
    if args.history_command == "show":
        from trainsizer.cli.render import render_measurement
        from trainsizer.report.content import ReportError, load_run

        target = find(args.run)  # a name from `trainsizer history`, or any folder
        try:
            run = load_run(target)
        except ReportError as e:
            raise InputError.of(e) from None
        if args.json:
            print(_json.dumps(run.result, indent=2, default=str))
            return EXIT_OK
        t = words(args)
        print(render_measurement(run.result, t))
        for problem in run.problems:
            err(f"warning: {problem}")
        print(t("folder: %s", run.path.resolve()))
        return EXIT_OK
    entries = list_runs(root)
    if args.json:
        print(
            _json.dumps(
                [
                    {
                        "path": str(e.path),
                        "created": e.created,
                        "model": e.model,
                        "verdict": e.verdict,
                        "status": e.status,
                        "method": e.method,
                        "precision": e.precision,
                        "target": e.target,
                        "engine": e.engine,
                    }
                    for e in entries
                ],
                indent=2,
            )
        )
        return EXIT_OK
    t = words(args)
    if not entries:
        print(t("no runs kept in %s", root))
        return EXIT_OK
    from trainsizer.ui_common.textfmt import table

    print(
        table(
            [
                [
                    e.date,
                    e.model,
                    e.method,
                    e.precision,
                    _code(t, e.target),
                    e.engine,
                    _code(t, e.verdict),
                    e.path.name,
                ]
                for e in entries
            ],
            [
                t("date (UTC)"),
                t("model"),
                t("method"),
                t("precision"),
                t("target"),
                t("engine"),
                t("verdict"),
                t("folder"),
            ],
        )  # fmt: skip
    )
    print(t("in %s", root))
    return EXIT_OK


def _history_probes(args) -> int:
    """The probes kept by `trainsizer probe` (beside the runs): a line each, or one printed as probe prints
    it — to compare a server with itself last week."""
    import json as _json

    from trainsizer.cli.probe_cmds import render_probe
    from trainsizer.hardware.probes import PROBE_SCHEMA, kept_probes, probes_dir
    from trainsizer.ui_common.probe_words import probe_where

    root = Path(args.root) if args.root else probes_dir()
    if args.probe:
        path = Path(args.probe)
        path = root / args.probe if not path.exists() and (root / args.probe).exists() else path
        try:
            doc = _json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise InputError(
                "%(path)s: not a readable probe (%(said)s)", path=str(path), said=f"{type(e).__name__}: {e}"
            ) from None
        if not isinstance(doc, dict) or doc.get("schema") != PROBE_SCHEMA:
            raise InputError(
                "%(path)s: not a probe of trainsizer (schema %(schema)s)", path=str(path), schema=PROBE_SCHEMA
            )
        print(_json.dumps(doc, indent=2) if args.json else render_probe(doc, words(args)))
        return EXIT_OK
    kept = kept_probes(root)
    rows = [
        {
            "file": p.name,
            "created": doc.get("created", ""),
            "machine": doc.get("machine"),
            "where": probe_where(doc),
            "quick": bool(doc.get("quick")),
            "verdict": doc.get("verdict"),
            "below": len(doc.get("summary") or []),
        }
        for p, doc in kept
    ]
    if args.json:
        print(_json.dumps(rows, indent=2))
        return EXIT_OK
    t = words(args)
    if not rows:
        print(t("no probes kept in %s (trainsizer probe keeps one each time it runs)", root))
        return EXIT_OK
    from trainsizer.ui_common.textfmt import table

    print(
        table(
            [
                [
                    r["created"][:16],
                    r["machine"],
                    probe_where(doc, t),
                    t("quick") if r["quick"] else t("full"),
                    _code(t, r["verdict"]),
                    str(r["below"]),
                    r["file"],
                ]
                for r, (_, doc) in zip(rows, kept, strict=True)
            ],
            [t("date (UTC)"), t("machine"), t("where"), t("probe"), t("verdict"), t("below"), t("file")],
        )  # fmt: skip
    )
    print(t("in %s", root))
    return EXIT_OK


def _plan_request(args) -> int:
    from trainsizer.cli.machine import plan_spec, run_plan
    from trainsizer.report.content import ReportError, load_run
    from trainsizer.report.plan_request import chosen_option, render_plan_eml, render_plan_markdown

    args.spec = args.plan
    spec = plan_spec(args)
    result = run_plan(spec, args)
    if not result["options"]:
        raise InputError("%(path)s: no option could be sized for this spec", path=str(args.plan))
    try:
        chosen_option(result, args.option)
    except ValueError as e:
        raise InputError.of(e) from None
    run = None
    if args.run_dir:
        try:
            run = load_run(args.run_dir)
        except ReportError as e:
            raise InputError.of(e) from None
    kw = {"headroom": args.headroom, "keep": args.keep, "run": run}
    out = Path(args.output) if args.output else Path(f"request-plan.{args.format}")
    if out.exists() and not args.output:
        raise InputError("%(path)s: exists; choose a file with -o", path=str(out))
    if args.format == "md":
        text = render_plan_markdown(spec, result, args.option, args.lang, **kw)
        out.write_text(text, encoding="utf-8")
    else:
        out.write_bytes(render_plan_eml(spec, result, args.option, args.lang, to=args.to, **kw))
    print(words(args)("wrote %s", out))
    return EXIT_OK
