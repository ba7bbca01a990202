"""`trainsizer measure | check`: real steps in worker processes, the quality and resume checks."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from trainsizer.cli.common import EXIT_INTERNAL, EXIT_NEGATIVE, EXIT_OK, print_json, words
from trainsizer.cli.spec_cmds import load_spec
from trainsizer.result.model import Resume, RunResult
from trainsizer.vocab import STATUS_WORDS


def progress_line(p, t) -> str:
    """The progress of a run (runs.progress.Progress) as one line in ``t``'s language."""
    from trainsizer.vocab import PHASE_WORDS

    elapsed = f"{p.elapsed:.0f}"
    if p.waiting_for_slurm:  # Slurm's own state and reason, as squeue says them
        state, why = p.job["state"].lower(), p.job["reason"]
        if why:
            return t("Slurm job %s %s (%s)  elapsed %s s", p.job["job_id"], state, why, elapsed)
        return t("Slurm job %s %s  elapsed %s s", p.job["job_id"], state, elapsed)
    phase = t(PHASE_WORDS.get(p.phase, p.phase))
    step = f"{p.step}/{p.total}" if p.total else f"{p.step}"
    if p.eta is not None:
        return t("%s step %s  elapsed %s s, ETA %s s", phase, step, elapsed, f"{p.eta:.0f}")
    return t("%s step %s  elapsed %s s", phase, step, elapsed)


def _progress_printer(enabled: bool, t):
    from trainsizer.runs.progress import Progress

    progress = Progress()
    tty = sys.stderr.isatty()

    def on_event(event):
        if progress.update(event) and enabled:
            if tty:
                print("\r" + progress_line(progress, t).ljust(70), end="", file=sys.stderr, flush=True)
            elif event.get("type") in ("step", "error", "job"):
                print(progress_line(progress, t), file=sys.stderr, flush=True)

    return progress, on_event


def _streamer():
    """--stream: every event and stage change as one JSON line on stdout (for the GUI), nothing else there;
    SIGTERM then cancels like Ctrl-C, so the workers are stopped and result.json is written."""
    from trainsizer.runs.protocol import parent_event

    gone = []

    def emit(event):
        if gone:
            return
        try:
            sys.stdout.write(json.dumps(event, separators=(",", ":"), default=str) + "\n")
            sys.stdout.flush()
        except (BrokenPipeError, OSError):  # the reader went away (a dropped SSH session): stop the run
            gone.append(True)
            from trainsizer import oscompat

            oscompat.interrupt_self()

    return emit, lambda name: emit(parent_event("stage", name=name))


def _stop_when_stdin_closes() -> None:
    """On the server: the session that started this run is its stdin; when it closes (cancel, or the
    connection went away) the run stops like Ctrl-C — its workers stopped, its result written."""
    import threading

    from trainsizer import oscompat

    def watch():
        try:  # the raw descriptor: a daemon thread must not hold the buffered reader's lock at exit
            while os.read(0, 4096):
                pass
        except OSError:
            pass
        oscompat.interrupt_self()

    threading.Thread(target=watch, name="trainsizer-stdin-watch", daemon=True).start()


def _exit_code(kind: str, typed: RunResult) -> int:
    """measure: 0 ok, 1 out of memory, 3 otherwise; check: 0 only when accepted, 3 when it did not finish."""
    status = typed.status
    if kind == "check":
        if status not in ("ok", "oom"):
            return EXIT_INTERNAL
        return EXIT_OK if typed.verdict == "accepted" else EXIT_NEGATIVE
    return {"ok": EXIT_OK, "oom": EXIT_NEGATIVE}.get(status, EXIT_INTERNAL)


def _find_max(args, spec, memory_limit) -> int:
    from trainsizer.runs.findmax import find_max

    t = words(args)
    data = find_max(
        spec,
        args.out,
        args.find_max,
        memory_limit=memory_limit,
        force=args.force,
        on_trial=None
        if args.json
        else lambda trial: print(_trial_line(trial, args.find_max, t), file=sys.stderr),
    )
    if args.json:
        print_json(data)
    else:
        answer = data["answer"] if data["answer"] is not None else t("none")
        trials, where = len(data["trials"]), f"{args.out}/trial-*"
        print(t("largest %s that fits: %s (%s trials; each in %s)", args.find_max, answer, trials, where))
    return EXIT_OK if data["answer"] is not None else EXIT_NEGATIVE


def _trial_line(trial: dict, field: str, t) -> str:
    """One trial of --find-max on stderr: the value tried, and whether it fitted (else the run's status)."""
    status = t("fits") if trial["fits"] else t(STATUS_WORDS.get(trial["status"], str(trial["status"])))
    return t("trial %s = %s: %s", field, trial[field], status)


def _run(args, what: str) -> int:
    """measure or check on the target the spec and the command line name (runs/targets.py): this machine, a
    server over SSH, several nodes — one path for all, printed and exited the same way."""
    from trainsizer.cli.common import InputError
    from trainsizer.runs.remote import RemoteError
    from trainsizer.runs.targets import RunRequest, Unsupported, target_for

    spec = load_spec(args.spec, for_run=True)
    if getattr(args, "stop_on_stdin_eof", False):
        _stop_when_stdin_closes()
    try:
        target = target_for(spec, getattr(args, "host", None), getattr(args, "slurm", False))
    except Unsupported as e:
        raise InputError.of(e) from None
    # A test and debugging knob: an address-space limit on the worker makes out-of-memory reproducible.
    limit_env = os.environ.get("TRAINSIZER_WORKER_MEMORY_LIMIT") if target.kind == "local" else None
    memory_limit = int(limit_env) if limit_env else None
    if getattr(args, "find_max", None):
        if target.kind != "local":
            raise InputError(
                "--find-max runs on this machine only; run it on the server itself, or without parallel.hosts"
            )
        return _find_max(args, spec, memory_limit)
    t = words(args)
    progress, on_event = _progress_printer(not args.json and not args.stream, t)
    from trainsizer.runs.engines import FULL
    from trainsizer.runs.progress import planned_runs

    progress.planned = planned_runs(spec, FULL if what == "check" else FULL[:1])

    def on_stage(name):
        if not args.json:
            from trainsizer.vocab import PHASE_WORDS

            line = f"== {t(PHASE_WORDS.get(name, name))} =="
            print("\n" + line if sys.stderr.isatty() else line, file=sys.stderr, flush=True)

    if args.stream:
        on_event, on_stage = _streamer()
    request = RunRequest(
        spec,
        args.out,
        on_event=on_event,
        on_stage=on_stage if what == "check" or args.stream else None,
        force=args.force,
        memory_limit=memory_limit,
        break_resume=getattr(args, "break_resume", None),
        keep_remote=getattr(args, "keep_remote", False),
        extra={"resume_phase": getattr(args, "resume_phase", None)},
    )
    try:
        result = target.run(what, request)
    except (Unsupported, RemoteError) as e:
        raise InputError.of(e) from None
    if not args.json and sys.stderr.isatty():
        print(file=sys.stderr)
    if args.json and not args.stream:
        print_json(result)
    typed = RunResult.of(result)  # read once: the summary and the exit code say the same
    if not args.stream and not args.json:
        _print_result(args, typed, what, _where(target, words(args)))
    return _exit_code(what, typed)


def _print_result(args, typed: RunResult, what: str, where: str | None) -> None:
    from trainsizer.cli.render import render_measurement
    from trainsizer.ui_common.messages import evidence

    t = words(args)
    print(render_measurement(typed, t))
    if what == "check":
        q, r = typed.quality, typed.resume
        if q.before is not None:
            print(t("quality: %s", evidence(q.raw, t.lang)))
        if r:
            print(t("resume: %s", "; ".join([evidence(r.raw, t.lang), *resume_figures(r, t)])))
        from trainsizer.report.text import duration_word
        from trainsizer.ui_common.textfmt import fmt_seconds

        word = duration_word(t)
        stages = typed.stages.items()
        print(t("stages: %s", ", ".join(f"{_stage(t, k)} {fmt_seconds(v, '.1f', word)}" for k, v in stages)))
    path = Path(args.out).resolve() / "result.json"
    print(t("results: %s", path) + (" " + t("(measured on %s)", where) if where else ""))


def _where(target, t) -> str | None:
    """Where the run was measured, in words (None: this machine)."""
    if target.kind == "nodes":
        return t("%s nodes", len(target.hosts))
    if target.kind == "slurm":
        return t("a Slurm cluster (through %s)", target.host) if target.host else t("a Slurm cluster")
    return None if target.kind == "local" else target.where


def _stage(t, key: str) -> str:
    from trainsizer.vocab import PHASE_WORDS

    return key if t.lang == "en" else t(PHASE_WORDS.get(key, key))


def cmd_measure(args) -> int:
    return _run(args, "measure")


def resume_figures(r: Resume, t=None) -> list[str]:
    """The resume check's sizes and times that it measured (a command's check has no save or load time)."""
    from trainsizer.report.text import duration_word, translator
    from trainsizer.ui_common.textfmt import fmt_seconds

    t = t or translator("en")
    out = []
    if r.checkpoint_bytes is not None:
        out.append(t("checkpoint %s", f"{r.checkpoint_bytes / 2**20:.1f} MiB"))
    if r.save_s is not None:
        out.append(t("save %s", fmt_seconds(r.save_s, ".2f", duration_word(t))))
    if r.load_s is not None:
        out.append(t("load %s", fmt_seconds(r.load_s, ".2f", duration_word(t))))
    return [", ".join(out)] if out else []


def cmd_check(args) -> int:
    return _run(args, "check")
