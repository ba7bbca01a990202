"""The trainsizer command line: every capability of the GUI, headless.

Exit codes (DESIGN.md): 0 success / accepted; 1 ran, verdict negative; 2 invalid input;
3 internal or worker failure.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from trainsizer import __version__

EXIT_OK, EXIT_NEGATIVE, EXIT_INVALID, EXIT_INTERNAL = 0, 1, 2, 3



class InputError(Exception):
    """Bad input found at the edge (a file, a flag); printed as is, exit 2."""


MESSAGE_LIMIT = 600  # characters of one message; a 50 MB value is not echoed whole


def printable(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` safe for a terminal: control and bidirectional-override characters escaped, at most ``limit``
    characters (the rest counted)."""
    import unicodedata

    out = []
    for ch in text[: limit + 1]:
        if ch in "\t" or unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co"):
            out.append(ch)
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    safe = "".join(out)
    if len(text) > limit:
        safe = safe[:limit] + f"… ({len(text) - limit} more characters)"
    return safe


def _err(msg: str) -> None:
    print(f"trainsizer: {printable(msg)}", file=sys.stderr)


def _print_json(data) -> None:
    print(json.dumps(data, indent=2, default=str))


# -- spec --------------------------------------------------------------------------------------
def _load_spec(path: str, *, for_run: bool = False):
    """Load a spec; for a run (measure, check) also check its files and its model up front, so that bad
    input is a refusal (exit 2) before any worker starts, not a crash in the middle of the run."""
    from trainsizer.spec import SpecError, load
    from trainsizer.spec.checks import path_issues

    spec = load(path)
    if spec.model.trust_remote_code:
        _err("warning: model.trust_remote_code is on: code shipped with the model will run on this machine")
    if for_run:
        issues = path_issues(spec) or _model_issues(spec)
        if issues:
            raise SpecError(issues)
    return spec


def _model_issues(spec) -> list:
    """Checks that load the model's config and build it on the meta device (seconds: imports transformers)."""
    from trainsizer.spec.sources import model_issues

    issues = model_issues(spec)
    if issues:
        return issues
    from trainsizer.estimate.build import build_issues

    return build_issues(spec)


def cmd_spec_new(args) -> int:
    from trainsizer.spec import RunSpec, from_dict

    data = RunSpec().to_dict()
    data["model"] = {"preset": args.preset}
    spec = from_dict(data)
    from trainsizer.spec.sources import resolve_model

    resolve_model(spec.model)  # unknown preset -> SpecError naming model.preset
    out = Path(args.output)
    if out.exists() and not args.force:
        raise InputError(f"{out}: exists; use --force to overwrite")
    spec.save(out)
    print(f"wrote {out}")
    return EXIT_OK


def cmd_spec_validate(args) -> int:
    from trainsizer.spec import SpecError
    from trainsizer.spec.checks import environment_issues, path_issues

    spec = _load_spec(args.file)
    from trainsizer.estimate.report_data import resolve_targets

    targets, _ = resolve_targets(args.devices)
    issues = path_issues(spec) + _model_issues(spec) + environment_issues(spec, targets)
    if issues:
        raise SpecError(issues)
    where = args.devices or "this machine"
    print(f"{args.file}: valid (checked against {where})")
    return EXIT_OK


def cmd_spec_fields(args) -> int:
    import dataclasses

    from trainsizer.spec import SECTIONS

    rows = []
    for name, cls in SECTIONS.items():
        if args.section and name != args.section:
            continue
        for f in dataclasses.fields(cls):
            default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
            rows.append({"field": f"{name}.{f.name}", "default": default, "help": f.metadata.get("help", ""),
                         "choices": list(f.metadata.get("choices") or [])})
    if args.section and not rows:
        from trainsizer.spec.errors import did_you_mean

        raise InputError(f"unknown section {args.section!r}{did_you_mean(args.section, SECTIONS)}")
    if args.json:
        _print_json(rows)
    else:
        for r in rows:
            print(f"{r['field']:32s} {json.dumps(r['default']):28s} {r['help']}")
    return EXIT_OK


# -- presets and devices ------------------------------------------------------------------------
def cmd_presets(args) -> int:
    from trainsizer.presets import list_presets
    from trainsizer.textfmt import fmt_count, table

    presets = list_presets()
    if args.json:
        _print_json([p.summary() for p in presets])
        return EXIT_OK
    rows = [[p.name, p.family, fmt_count(p.published_params), str(p.summary()["layers"]), p.description] for p in presets]
    print(table(rows, ["preset", "family", "params", "layers", "description"]))
    return EXIT_OK


def cmd_devices(args) -> int:
    from trainsizer.hardware import ACCELERATORS, inventory
    from trainsizer.textfmt import fmt_bytes, fmt_value, table

    if args.known:
        if args.json:
            _print_json([{"key": a.key, "name": a.name, "memory_total": a.memory_total, "tflops": a.tflops,
                          "compute_capability": list(a.compute_capability), "interconnect": a.interconnect}
                         for a in ACCELERATORS.values()])
            return EXIT_OK
        rows = [[a.key, a.name, fmt_bytes(a.memory_total), f"{a.tflops['bf16']:g}", f"{a.tflops['fp32']:g}", a.interconnect]
                for a in ACCELERATORS.values()]
        print(table(rows, ["key", "name", "memory", "bf16 TFLOP/s", "fp32 TFLOP/s", "interconnect"]))
        return EXIT_OK
    inv = inventory()
    if args.json:
        _print_json(inv.to_dict())
        return EXIT_OK
    h, v = inv.host, inv.versions
    if inv.gpus:
        print(f"NVIDIA driver {fmt_value(inv.nvml.driver_version)}, CUDA driver {fmt_value(inv.nvml.cuda_driver_version)}")
        rows = [[f"cuda:{g.index}", g.name, fmt_bytes(g.memory_total), fmt_bytes(g.memory_free), fmt_value(g.compute_capability),
                 f"gen {fmt_value(g.pcie_generation)} x{fmt_value(g.pcie_width)}", fmt_value(g.nvlink_active), fmt_value(g.mig_mode),
                 fmt_value(g.uuid)] for g in inv.gpus]
        print(table(rows, ["device", "name", "total", "free", "cc", "PCIe", "NVLinks", "MIG", "UUID"]))
        for pair, level in inv.nvml.topology.items():
            print(f"  topology {pair}: {level}")
    else:
        print(f"GPUs: none ({inv.nvml.status.replace('_', ' ')}: {inv.nvml.message})")
    print(f"CPU: {fmt_value(h['cpu_model'])}, {fmt_value(h['cpu_cores_physical'])} cores / {fmt_value(h['cpu_cores_logical'])} threads")
    print(f"RAM: {fmt_bytes(h['ram_total'])} total, {fmt_bytes(h['ram_available'])} available; "
          f"swap {fmt_bytes(h['swap_total'])} ({fmt_bytes(h['swap_used'])} used)")
    print(f"Disk: {fmt_bytes(h['disk_free'])} free of {fmt_bytes(h['disk_total'])} at {h['disk_path']}")
    print("Software: " + ", ".join(f"{k} {fmt_value(val)}" for k, val in v.items()))
    return EXIT_OK


def cmd_estimate(args) -> int:
    from trainsizer.estimate import run_estimate
    from trainsizer.estimate_view import render_estimate

    spec = _load_spec(args.spec)
    data = run_estimate(spec, devices=args.devices, traced=args.traced)
    if args.output:
        Path(args.output).write_text(json.dumps(data, indent=2, default=str) + "\n", encoding="utf-8")
    if args.json:
        _print_json(data)
    else:
        print(render_estimate(spec, data))
    return EXIT_NEGATIVE if data["fits"] is False or data["host_fits"] is False else EXIT_OK


def _progress_printer(enabled: bool):
    from trainsizer.runs.progress import Progress

    progress = Progress()
    tty = sys.stderr.isatty()

    def on_event(event):
        if progress.update(event) and enabled:
            if tty:
                print("\r" + progress.line().ljust(70), end="", file=sys.stderr, flush=True)
            elif event.get("type") in ("step", "error"):
                print(progress.line(), file=sys.stderr, flush=True)

    return progress, on_event


def _streamer():
    """--stream: every event and stage change as one JSON line on stdout (for the GUI), nothing else there;
    SIGTERM then cancels like Ctrl-C, so the workers are stopped and result.json is written."""
    from trainsizer.runs.protocol import parent_event

    def emit(event):
        sys.stdout.write(json.dumps(event, separators=(",", ":"), default=str) + "\n")
        sys.stdout.flush()

    return emit, lambda name: emit(parent_event("stage", name=name))


def cmd_measure(args) -> int:
    from trainsizer.runs.measure import measure
    from trainsizer.runs.summary import render_measurement

    spec = _load_spec(args.spec, for_run=True)
    # A test and debugging knob: an address-space limit on the worker makes out-of-memory reproducible.
    limit_env = os.environ.get("TRAINSIZER_WORKER_MEMORY_LIMIT")
    memory_limit = int(limit_env) if limit_env else None
    if args.find_max:
        from trainsizer.runs.findmax import find_max

        data = find_max(spec, args.out, args.find_max, memory_limit=memory_limit, force=args.force,
                        on_trial=None if args.json else lambda line: print(line, file=sys.stderr))
        if args.json:
            _print_json(data)
        else:
            print(f"largest {args.find_max} that fits: {data['answer'] if data['answer'] is not None else 'none'} "
                  f"({len(data['trials'])} trials; each in {args.out}/trial-*)")
        return EXIT_OK if data["answer"] is not None else EXIT_NEGATIVE
    progress, on_event = _progress_printer(not args.json and not args.stream)
    if args.stream:
        on_event, _ = _streamer()
    result = measure(spec, args.out, on_event=on_event, memory_limit=memory_limit, force=args.force)
    if not args.json and sys.stderr.isatty():
        print(file=sys.stderr)
    if args.json and not args.stream:
        _print_json(result)
    elif not args.stream:  # with --stream the events were the output; result.json holds the rest
        print(render_measurement(result))
        print(f"results: {Path(args.out).resolve() / 'result.json'}")
    status = result.get("status")
    return {"ok": EXIT_OK, "oom": EXIT_NEGATIVE}.get(status, EXIT_INTERNAL)


def cmd_check(args) -> int:
    from trainsizer.runs.check import check
    from trainsizer.runs.summary import render_measurement

    spec = _load_spec(args.spec, for_run=True)
    limit_env = os.environ.get("TRAINSIZER_WORKER_MEMORY_LIMIT")
    progress, on_event = _progress_printer(not args.json and not args.stream)

    def on_stage(name):
        if not args.json:
            print(f"\n== {name} ==" if sys.stderr.isatty() else f"== {name} ==", file=sys.stderr, flush=True)

    if args.stream:
        on_event, on_stage = _streamer()
    result = check(spec, args.out, on_event=on_event, on_stage=on_stage,
                   memory_limit=int(limit_env) if limit_env else None, break_resume=args.break_resume,
                   force=args.force)
    if args.json and not args.stream:
        _print_json(result)
    elif not args.stream:
        print(render_measurement(result))
        q, r = result.get("quality") or {}, result.get("resume") or {}
        if q.get("before") is not None:
            print(f"quality: {q['reason']}")
        if r.get("checkpoint_bytes"):
            print(f"resume: {r['reason']}; checkpoint {r['checkpoint_bytes'] / 2**20:.1f} MiB, "
                  f"save {r['save_s']:.2f} s, load {r['load_s']:.2f} s")
        print("stages: " + ", ".join(f"{k} {v:.1f} s" for k, v in result.get("stages", {}).items()))
        print(f"results: {Path(args.out).resolve() / 'result.json'}")
    if result.get("status") not in ("ok", "oom"):
        return EXIT_INTERNAL
    return EXIT_OK if result["verdict"] == "accepted" else EXIT_NEGATIVE


def _export(fn, args, **kw) -> int:
    from trainsizer.report.content import ReportError

    try:
        path = fn(args.run_dir, args.format, args.output, args.lang, **kw)
    except ReportError as e:
        raise InputError(str(e)) from None
    except OSError as e:
        raise InputError(f"{e.filename or args.output}: cannot be written ({e.strerror})") from None
    print(f"wrote {path}")
    return EXIT_OK


def cmd_report(args) -> int:
    from trainsizer.report.export import export_report

    return _export(export_report, args)


def cmd_request(args) -> int:
    from trainsizer.report.export import export_request

    if args.headroom < 0 or args.headroom > 10:
        raise InputError(f"--headroom: must be between 0 and 10 (a fraction; 0.2 = 20 %), got {args.headroom}")
    if args.keep < 1:
        raise InputError(f"--keep: must be at least 1, got {args.keep}")
    return _export(export_request, args, to=args.to, redacted=not args.no_redact, headroom=args.headroom, keep=args.keep)


def cmd_gui(args) -> int:
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("QT_QPA_PLATFORM")):
        # Without a display Qt aborts the process; say so and point at the headless commands instead.
        _err("no display (DISPLAY/WAYLAND_DISPLAY are unset): run the headless commands "
             "(trainsizer check SPEC --out RUN_DIR) or start the GUI under xvfb-run")
        return EXIT_INVALID
    path = getattr(args, "path", None)
    if path and not Path(path).exists():
        raise InputError(f"{path}: no such file or folder")
    from trainsizer.gui.app import run_gui

    return run_gui(open_path=path, quit_after=getattr(args, "quit_after", None))


# -- parser -------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="trainsizer", description="Prove that a machine can train a model.")
    p.add_argument("--version", action="version", version=f"trainsizer {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sp = sub.add_parser("spec", help="write, validate and describe run specifications")
    ssub = sp.add_subparsers(dest="spec_command", metavar="ACTION", required=True)
    n = ssub.add_parser("new", help="write a spec with defaults for a preset")
    n.add_argument("--preset", default="tiny-llama")
    n.add_argument("-o", "--output", required=True, help="file to write (.toml or .json)")
    n.add_argument("--force", action="store_true", help="overwrite an existing file")
    n.set_defaults(func=cmd_spec_new)
    v = ssub.add_parser("validate", help="check a spec, its model and the target's devices")
    v.add_argument("file")
    v.add_argument("--devices", help="check against hypothetical devices, e.g. 8xH100-80GB (default: this machine)")
    v.set_defaults(func=cmd_spec_validate)
    f = ssub.add_parser("fields", help="every field with its default and description")
    f.add_argument("section", nargs="?")
    f.add_argument("--json", action="store_true")
    f.set_defaults(func=cmd_spec_fields)

    pr = sub.add_parser("presets", help="list the built-in model presets")
    pr.add_argument("--json", action="store_true")
    pr.set_defaults(func=cmd_presets)

    d = sub.add_parser("devices", help="this machine's GPUs, CPU, RAM, disk and software")
    d.add_argument("--json", action="store_true")
    d.add_argument("--known", action="store_true", help="list the accelerators known for planning instead")
    d.set_defaults(func=cmd_devices)

    e = sub.add_parser("estimate", help="predict the working set per device, whether it fits, and what to change")
    e.add_argument("spec", help="run specification (.toml or .json)")
    e.add_argument("--devices", help="hypothetical devices for planning, e.g. 8xH100-80GB (default: this machine)")
    e.add_argument("--traced", action="store_true", help="trace the real model on fake tensors (exact; seconds)")
    e.add_argument("--json", action="store_true", help="print the result as JSON")
    e.add_argument("-o", "--output", help="also write the JSON result to this file")
    e.set_defaults(func=cmd_estimate)

    m = sub.add_parser("measure", help="measure real training steps in a worker process")
    m.add_argument("spec", help="run specification (.toml or .json)")
    m.add_argument("--out", required=True, help="run directory (created; events.jsonl, logs, result.json)")
    m.add_argument("--find-max", choices=["batch", "seq"], help="search the largest micro-batch or sequence length that fits")
    m.add_argument("--json", action="store_true", help="print result.json instead of the summary")
    m.add_argument("--stream", action="store_true", help="print every event as a JSON line instead (for front ends)")
    m.add_argument("--force", action="store_true", help="replace the run already in RUN_DIR (its result and events)")
    m.set_defaults(func=cmd_measure)

    c = sub.add_parser("check", help="the full acceptance check: estimate, measure, quality, resume")
    c.add_argument("spec", help="run specification (.toml or .json)")
    c.add_argument("--out", required=True, help="run directory (created)")
    c.add_argument("--json", action="store_true", help="print result.json instead of the summary")
    c.add_argument("--stream", action="store_true", help="print every event and stage as a JSON line instead (for front ends)")
    c.add_argument("--force", action="store_true", help="replace the run already in RUN_DIR (its result and events)")
    c.add_argument("--break-resume", choices=["rng", "data"], help=argparse.SUPPRESS)  # proves the resume check can fail
    c.set_defaults(func=cmd_check)

    r = sub.add_parser("report", help="export the acceptance report of a run directory")
    r.add_argument("run_dir", help="a run directory written by check or measure (or the GUI)")
    r.add_argument("--format", choices=["html", "pdf", "json"], default="html")
    r.add_argument("-o", "--output", help="file to write (default: RUN_DIR/report.FORMAT)")
    r.add_argument("--lang", choices=["en", "ru"], default="en", help="language of the report")
    r.set_defaults(func=cmd_report)

    q = sub.add_parser("request", help="draft a hardware-selection request from a run directory")
    q.add_argument("run_dir", help="a run directory written by check or measure (or the GUI)")
    q.add_argument("--format", choices=["md", "eml"], default="md")
    q.add_argument("--to", help="recipient address (eml)")
    q.add_argument("--no-redact", action="store_true", help="keep host and user names, paths, serials and UUIDs")
    q.add_argument("--headroom", type=float, default=0.2, help="memory headroom above the peak (fraction; default 0.2)")
    q.add_argument("--keep", type=int, default=3, help="checkpoints kept on disk at a time (default 3)")
    q.add_argument("-o", "--output", help="file to write (default: RUN_DIR/request.FORMAT)")
    q.add_argument("--lang", choices=["en", "ru"], default="en", help="language of the request")
    q.set_defaults(func=cmd_request)

    g = sub.add_parser("gui", help="open the desktop application (the default)")
    g.add_argument("path", nargs="?", help="a spec (.toml/.json) to load, or a run folder to show")
    g.add_argument("--quit-after", type=float, help=argparse.SUPPRESS)  # smoke tests: show the window, then quit
    g.set_defaults(func=cmd_gui)
    return p


RUN_COMMANDS = ("measure", "check")


def main(argv: list[str] | None = None) -> int:
    from trainsizer import oscompat
    from trainsizer.runs.rundir import RunDirError
    from trainsizer.spec import SpecError

    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        args.func, args.command = cmd_gui, "gui"
    args.parser = parser
    if args.command in RUN_COMMANDS and oscompat.is_main_thread():
        oscompat.stop_on_signals()  # SIGTERM and SIGHUP cancel like Ctrl-C: workers stopped, result written
    try:
        return args.func(args)
    except SpecError as e:
        for issue in e.issues:
            _err(str(issue))
        return EXIT_INVALID
    except (InputError, RunDirError) as e:
        _err(str(e))
        return EXIT_INVALID
    except KeyboardInterrupt as e:
        code = oscompat.exit_code_for(e)
        where = f"; {Path(args.out) / 'result.json'} says what ran" if getattr(args, "out", None) else ""
        _err(f"cancelled ({getattr(e, 'signame', 'SIGINT')}){where}")
        return code
    except BrokenPipeError:
        return EXIT_OK
    except OSError as e:  # the machine, not the input: a full disk, a vanished folder
        _err(f"{e.filename or 'a file'}: {e.strerror or e} (errno {e.errno})")
        return EXIT_INTERNAL
    except Exception as e:  # an internal failure: one line, the traceback only on request
        if os.environ.get("TRAINSIZER_DEBUG"):
            raise
        _err(f"internal error: {type(e).__name__}: {e} (set TRAINSIZER_DEBUG=1 for the traceback)")
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
