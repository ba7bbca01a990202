"""The parser and ``main``: every capability of the GUI, headless (README "The command line")."""

from __future__ import annotations

import argparse
import contextlib
import os
from pathlib import Path

from trainsizer import __version__
from trainsizer.cli.common import EXIT_INTERNAL, EXIT_INVALID, EXIT_OK, InputError, err, words
from trainsizer.cli.export_cmds import cmd_gui, cmd_history, cmd_report, cmd_request
from trainsizer.cli.machine import cmd_devices, cmd_estimate, cmd_plan, cmd_presets, cmd_remote_setup
from trainsizer.cli.probe_cmds import cmd_probe
from trainsizer.cli.run_cmds import cmd_check, cmd_measure
from trainsizer.cli.spec_cmds import cmd_spec_fields, cmd_spec_new, cmd_spec_validate

# argparse's own sentences (Python 3.11–3.13): its usage line, headings and usage errors. argparse marks
# them for gettext (Python docs, "How to translate the argparse output"); argparse_words words them.
ARGPARSE_WORDS = (
    "usage: ",
    "positional arguments",
    "options",
    "show this help message and exit",
    "%(prog)s: error: %(message)s\n",
    "argument %(argument_name)s: %(message)s",
    "the following arguments are required: %s",
    "unrecognized arguments: %s",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "invalid %(type)s value: %(value)r",
    "expected one argument",
    "expected at most one argument",
    "expected at least one argument",
    "expected %s argument",
    "expected %s arguments",
    "not allowed with argument %s",
    "one of the arguments %s is required",
    "ignored explicit argument %r",
    "ambiguous option: %(option)s could match %(matches)s",
    "unknown parser %(parser_name)r (choices: %(choices)s)",
    "can't open '%(filename)s': %(error)s",
)


def _as_written(text: str, *args) -> str:
    return text % args if args else text


def help_texts() -> list[str]:
    """Every help text of the command line, as written (the catalog gets them: gui/catalog_text.py)."""
    seen: list[str] = []

    def t(text: str, *args) -> str:
        seen.append(text)
        return _as_written(text, *args)

    build_parser(t)
    return list(dict.fromkeys(seen))


@contextlib.contextmanager
def argparse_words(t):
    """argparse's sentences (ARGPARSE_WORDS) in ``t``'s language while the parser is built and parses: its
    gettext functions are the catalog's for that time (the command line's one thread, at its start)."""
    if t is None or t.lang == "en":
        yield
        return
    saved = argparse._, argparse.ngettext
    argparse._ = lambda text: t(text)
    argparse.ngettext = lambda one, many, n: t(one if n == 1 else many)
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


def _lang_of(argv: list[str]) -> str:
    """The language a command line asks for before it is parsed (--lang X, --lang=X, else TRAINSIZER_LANG),
    so that its help and its usage errors are worded in it too."""
    from trainsizer.report.text import LANGS

    lang = os.environ.get("TRAINSIZER_LANG") or "en"
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif a.startswith("--lang="):
            lang = a.split("=", 1)[1]
    return lang if lang in LANGS else "en"


def add_lang(p, t, what: str = "the terminal's output") -> None:
    """--lang: the language of what a command prints or writes (default: TRAINSIZER_LANG, else English)."""
    p.add_argument(
        "--lang",
        choices=["en", "ru"],
        default=os.environ.get("TRAINSIZER_LANG") or "en",
        help=t("language of %s (default: TRAINSIZER_LANG, else en)", t(what)),
    )


def add_plan_options(p, t) -> None:
    """The task and the candidates, for `plan` and `request --plan` (override the spec's [task])."""
    p.add_argument("--tokens", type=float, help=t("tokens to train per epoch (task.tokens)"))
    p.add_argument("--epochs", type=float, help=t("passes over the data (task.epochs)"))
    p.add_argument(
        "--deadline-hours", type=float, help=t("wall-clock hours to finish in (task.deadline_hours)")
    )
    p.add_argument("--budget-gpu-hours", type=float, help=t("largest GPU-hours (task.budget_gpu_hours)"))
    p.add_argument(
        "--utilization", type=float, help=t("model-FLOPs utilisation assumed for GPUs (task.utilization)")
    )
    p.add_argument(
        "--gpus",
        help=t(
            "candidate GPU classes, e.g. H100-80GB,A100-80GB or {mem=96GiB,bf16=989} (default: every known "
            "one and the user's accelerators.toml)"
        ),
    )
    p.add_argument(
        "--plan-headroom",
        dest="plan_headroom",
        type=float,
        default=0.1,
        help=t("free memory an option must leave per GPU (fraction of the peak; default 0.1)"),
    )
    p.add_argument("--top", type=int, default=5, help=t("options shown (default 5)"))
    p.add_argument("--max-nodes", type=int, help=t("the customer's limit: at most this many nodes"))
    p.add_argument("--max-gpus", type=int, help=t("the customer's limit: at most this many GPUs in all"))
    p.add_argument(
        "--slurm",
        action="store_true",
        help=t(
            "plan for the nodes of a Slurm partition, as sinfo describes them (GPUs, memory, CPUs, count)"
        ),
    )
    p.add_argument(
        "--partition", help=t("with --slurm: the partition (default: [cluster] partition, else all)")
    )


def add_host_options(p, t, run: bool = False) -> None:
    p.add_argument(
        "--host",
        help=t(
            "a test server over SSH: user@server[:port] or an alias of ~/.ssh/config (default: this machine)"
        ),
    )
    if run:
        p.add_argument(
            "--keep-remote", action="store_true", help=t("keep the run's scratch folder on the server")
        )
        p.add_argument(
            "--slurm",
            action="store_true",
            help=t(
                "run as a Slurm batch job ([cluster] in the spec: partition, account, time limit, ...), "
                "submitted with sbatch from this login node"
            ),
        )
        # on the server: stop the run when the SSH session (stdin) closes
        p.add_argument("--stop-on-stdin-eof", action="store_true", help=argparse.SUPPRESS)


def build_parser(t=None) -> argparse.ArgumentParser:
    """The command line; ``t`` words its help texts (report.text.translator; English without one)."""
    t = t or _as_written
    p = argparse.ArgumentParser(prog="trainsizer", description=t("Prove that a machine can train a model."))
    p.add_argument(
        "--version",
        action="version",
        version=f"trainsizer {__version__}",
        help=t("show the version of trainsizer and exit"),
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sp = sub.add_parser("spec", help=t("write, validate and describe run specifications"))
    ssub = sp.add_subparsers(dest="spec_command", metavar="ACTION", required=True)
    n = ssub.add_parser("new", help=t("write a spec with defaults for a preset"))
    n.add_argument(
        "--preset",
        default="tiny-llama",
        help=t("the model preset (`trainsizer presets` lists them; default tiny-llama)"),
    )
    n.add_argument("-o", "--output", required=True, help=t("file to write (.toml or .json)"))
    n.add_argument("--force", action="store_true", help=t("overwrite an existing file"))
    add_lang(n, t)
    n.set_defaults(func=cmd_spec_new)
    v = ssub.add_parser("validate", help=t("check a spec, its model and the target's devices"))
    v.add_argument("file", help=t("run specification (.toml or .json)"))
    add_lang(v, t, "its problems")
    v.add_argument(
        "--devices", help=t("check against hypothetical devices, e.g. 8xH100-80GB (default: this machine)")
    )
    stage = v.add_mutually_exclusive_group()
    stage.add_argument(
        "--model",
        action="store_true",
        help=t("always build the model on the meta device (by default only when the spec needs it)"),
    )
    stage.add_argument(
        "--quick", action="store_true", help=t("skip the model stage (no transformers import)")
    )
    v.set_defaults(func=cmd_spec_validate)
    f = ssub.add_parser("fields", help=t("every field with its default and description"))
    f.add_argument("section", nargs="?", help=t("one section, e.g. batch (default: every section)"))
    f.add_argument("--json", action="store_true", help=t("print JSON"))
    add_lang(f, t)
    f.set_defaults(func=cmd_spec_fields)

    pr = sub.add_parser("presets", help=t("list the built-in model presets"))
    pr.add_argument("--json", action="store_true", help=t("print JSON"))
    add_lang(pr, t)
    pr.set_defaults(func=cmd_presets)

    d = sub.add_parser("devices", help=t("this machine's GPUs, CPU, RAM, disk and software"))
    d.add_argument("--json", action="store_true", help=t("print JSON"))
    d.add_argument("--known", action="store_true", help=t("list the accelerators known for planning instead"))
    add_lang(d, t)
    add_host_options(d, t)
    d.set_defaults(func=cmd_devices)

    e = sub.add_parser(
        "estimate", help=t("predict the working set per device, whether it fits, and what to change")
    )
    e.add_argument("spec", help=t("run specification (.toml or .json)"))
    e.add_argument(
        "--devices", help=t("hypothetical devices for planning, e.g. 8xH100-80GB (default: this machine)")
    )
    e.add_argument(
        "--traced", action="store_true", help=t("trace the real model on fake tensors (exact; seconds)")
    )
    e.add_argument("--json", action="store_true", help=t("print the result as JSON"))
    e.add_argument("-o", "--output", help=t("also write the JSON result to this file"))
    add_host_options(e, t)
    add_lang(e, t)
    e.set_defaults(func=cmd_estimate)

    pl = sub.add_parser(
        "plan", help=t("ranked hardware options for the spec and its [task] (GPU class, count, layout, time)")
    )
    pl.add_argument("spec", help=t("run specification (.toml or .json); its [task] section sizes the job"))
    add_plan_options(pl, t)
    pl.add_argument(
        "--all", action="store_true", help=t("list every GPU class × count option, not the top ones")
    )
    pl.add_argument("--json", action="store_true", help=t("print the plan as JSON"))
    add_lang(pl, t)
    pl.set_defaults(func=cmd_plan)

    pb = sub.add_parser(
        "probe",
        help=t(
            "is this machine what it claims? GEMM, memory, PCIe, NVML health, collectives, disk — each "
            "against what its parts should give"
        ),
    )
    pb.add_argument("--quick", action="store_true", help=t("smaller tests (under 15 s without GPUs)"))
    pb.add_argument(
        "--spec", help=t("size the disk test by this spec's checkpoint, in its checkpoint folder")
    )
    pb.add_argument("--dir", help=t("the checkpoint folder to test (default: the current folder)"))
    pb.add_argument("--checkpoint-bytes", type=int, help=argparse.SUPPRESS)
    pb.add_argument("--json", action="store_true", help=t("print the probe as JSON"))
    pb.add_argument("-o", "--output", help=t("also write the JSON probe to this file"))
    pb.add_argument(
        "--no-keep", action="store_true", help=t("do not keep it (kept probes calibrate estimates)")
    )
    pb.add_argument("--progress-lines", action="store_true", help=argparse.SUPPRESS)
    add_host_options(pb, t)
    pb.add_argument(
        "--slurm",
        action="store_true",
        help=t(
            "probe the nodes of a Slurm cluster as a batch job (each node, and the collectives between "
            "them), submitted with sbatch from this login node or from --host's"
        ),
    )
    pb.add_argument("--partition", help=t("with --slurm: the partition (default: --spec's [cluster])"))
    pb.add_argument("--nodes", type=int, help=t("with --slurm: how many nodes (default: 1)"))
    pb.add_argument("--gpus-per-node", type=int, help=t("with --slurm: GPUs per node (default: 0)"))
    pb.add_argument("--time", help=t("with --slurm: the job's time limit (default: 15:00, or --spec's)"))
    pb.add_argument(
        "--hosts",
        help=t(
            "several servers over SSH, comma-separated: each probes itself, then the collectives run "
            "between them (torchrun on each, as a run across them would)"
        ),
    )
    pb.add_argument(
        "--rendezvous", help=t("with --hosts: HOST:PORT of the first host (default: its address:29400)")
    )
    pb.add_argument("--in-slurm-job", action="store_true", help=argparse.SUPPRESS)  # the batch script's
    add_lang(pb, t)
    pb.set_defaults(func=cmd_probe)

    rm = sub.add_parser("remote", help=t("prepare a test server reached over SSH"))
    rsub = rm.add_subparsers(dest="remote_command", metavar="ACTION", required=True)
    rs = rsub.add_parser(
        "setup",
        help=t("install this trainsizer on the server (a venv under your home there), saying what first"),
    )
    rs.add_argument("--host", required=True, help=t("user@server[:port] or an alias of ~/.ssh/config"))
    rs.add_argument(
        "--wheel", help=t("the trainsizer wheel to install (default: built from this source tree)")
    )
    rs.add_argument(
        "--torch", help=t("the torch to install there, as pip takes it (default: the server's own)")
    )
    rs.add_argument("--yes", action="store_true", help=t("do it without asking"))
    add_lang(rs, t)
    rs.set_defaults(func=cmd_remote_setup)

    m = sub.add_parser("measure", help=t("measure real training steps in a worker process"))
    m.add_argument("spec", help=t("run specification (.toml or .json)"))
    m.add_argument("--out", required=True, help=t("run directory (created; events.jsonl, logs, result.json)"))
    m.add_argument(
        "--find-max",
        choices=["batch", "seq"],
        help=t("search the largest micro-batch or sequence length that fits"),
    )
    m.add_argument("--json", action="store_true", help=t("print result.json instead of the summary"))
    m.add_argument(
        "--stream", action="store_true", help=t("print every event as a JSON line instead (for front ends)")
    )
    m.add_argument(
        "--force", action="store_true", help=t("replace the run already in RUN_DIR (its result and events)")
    )
    add_host_options(m, t, run=True)
    add_lang(m, t)
    m.set_defaults(func=cmd_measure)

    c = sub.add_parser("check", help=t("the full acceptance check: estimate, measure, quality, resume"))
    c.add_argument("spec", help=t("run specification (.toml or .json)"))
    c.add_argument("--out", required=True, help=t("run directory (created)"))
    c.add_argument("--json", action="store_true", help=t("print result.json instead of the summary"))
    c.add_argument(
        "--stream",
        action="store_true",
        help=t("print every event and stage as a JSON line instead (for front ends)"),
    )
    c.add_argument(
        "--force", action="store_true", help=t("replace the run already in RUN_DIR (its result and events)")
    )
    # proves the resume check can fail
    c.add_argument("--break-resume", choices=["rng", "data"], help=argparse.SUPPRESS)
    # a Slurm chain's halves of the resume check (runs/slurm.py): stop at the checkpoint; continue anew
    c.add_argument("--resume-phase", choices=["stop", "continue"], help=argparse.SUPPRESS)
    add_host_options(c, t, run=True)
    add_lang(c, t)
    c.set_defaults(func=cmd_check)

    r = sub.add_parser("report", help=t("export the acceptance report of a run directory"))
    r.add_argument("run_dir", help=t("a run directory written by check or measure (or the GUI)"))
    r.add_argument(
        "--format",
        choices=["html", "pdf", "json"],
        default="html",
        help=t("the file's format (default html)"),
    )
    r.add_argument("-o", "--output", help=t("file to write (default: RUN_DIR/report.FORMAT)"))
    add_lang(r, t, "the report")
    r.set_defaults(func=cmd_report)

    q = sub.add_parser(
        "request", help=t("draft a hardware-selection request from a run directory, a plan, or both")
    )
    q.add_argument(
        "run_dir",
        nargs="?",
        help=t("a run directory written by check or measure (or the GUI); optional with --plan"),
    )
    q.add_argument("--plan", metavar="SPEC", help=t("draft it from a plan of this spec (no run needed)"))
    q.add_argument("--option", type=int, help=t("with --plan: the option number (default: the best)"))
    add_plan_options(q, t)
    q.add_argument(
        "--format",
        choices=["md", "eml"],
        default="md",
        help=t("md: Markdown; eml: an e-mail to send (default md)"),
    )
    q.add_argument("--to", help=t("recipient address (eml)"))
    q.add_argument(
        "--no-redact", action="store_true", help=t("keep host and user names, paths, serials and UUIDs")
    )
    q.add_argument(
        "--headroom",
        type=float,
        default=0.2,
        help=t("memory headroom above the peak (fraction; default 0.2)"),
    )
    q.add_argument("--keep", type=int, default=3, help=t("checkpoints kept on disk at a time (default 3)"))
    q.add_argument(
        "-o",
        "--output",
        help=t("file to write (default: RUN_DIR/request.FORMAT, or request.FORMAT here with --plan)"),
    )
    add_lang(q, t, "the request")
    q.set_defaults(func=cmd_request)

    h = sub.add_parser("history", help=t("the runs kept by the window (list, show)"))
    hsub = h.add_subparsers(dest="history_command", metavar="ACTION")
    hl = hsub.add_parser("list", help=t("every run kept, newest first (the default)"))
    hs = hsub.add_parser("show", help=t("one run's result, as check prints it"))
    hs.add_argument("run", help=t("a folder name from the list, or any run folder"))
    hc = hsub.add_parser("compare", help=t("two runs side by side: what changed, what it saved"))
    hc.add_argument("a", help=t("run A: a folder name from the list, or any run folder"))
    hc.add_argument("b", help=t("run B"))
    hp = hsub.add_parser(
        "probes", help=t("the readiness probes kept (trainsizer probe), newest first; or one")
    )
    hp.add_argument("probe", nargs="?", help=t("a file name from the list (or any probe .json): print it"))
    for x in (h, hl, hs, hc, hp):
        x.add_argument("--json", action="store_true", help=t("print JSON"))
        x.add_argument("--root", help=t("where the runs are kept (default: the user data directory)"))
        add_lang(x, t)
        x.set_defaults(func=cmd_history)

    g = sub.add_parser("gui", help=t("open the desktop application (the default)"))
    g.add_argument("path", nargs="?", help=t("a spec (.toml/.json) to load, or a run folder to show"))
    # smoke tests: show the window, then quit
    g.add_argument("--quit-after", type=float, help=argparse.SUPPRESS)
    g.set_defaults(func=cmd_gui)
    return p


RUN_COMMANDS = ("measure", "check")


def _said(args, template: str, *values) -> str:
    """A last line of the command in its language; English when the catalog itself cannot be read (this
    is also how an internal failure is told)."""
    try:
        return words(args)(template, *values)
    except Exception:
        return template % values


def main(argv: list[str] | None = None) -> int:
    from trainsizer import configure_logging, oscompat
    from trainsizer.runs.rundir import RunDirError
    from trainsizer.spec import SpecError

    configure_logging()
    import sys

    from trainsizer.report.text import translator

    argv = sys.argv[1:] if argv is None else [str(a) for a in argv]
    t = translator(_lang_of(argv))
    with argparse_words(t):
        parser = build_parser(t)
        args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        args.func, args.command = cmd_gui, "gui"
    args.parser = parser
    if args.command in RUN_COMMANDS and oscompat.is_main_thread():
        oscompat.stop_on_signals()  # SIGTERM and SIGHUP cancel like Ctrl-C: workers stopped, result written
    try:
        return args.func(args)
    except SpecError as e:
        from trainsizer.report.text import issue_words

        t = words(args)
        for issue in e.issues:
            err(issue_words(issue, t))
        return EXIT_INVALID
    except (InputError, RunDirError) as e:
        err(e.words(words(args)))
        return EXIT_INVALID
    except KeyboardInterrupt as e:
        code = oscompat.exit_code_for(e)
        signal = getattr(e, "signame", "SIGINT")
        if getattr(args, "out", None):
            err(_said(args, "cancelled (%s); %s says what ran", signal, Path(args.out) / "result.json"))
        else:
            err(_said(args, "cancelled (%s)", signal))
        return code
    except BrokenPipeError:
        return EXIT_OK
    except OSError as e:  # the machine, not the input: a full disk, a vanished folder
        err(f"{e.filename or 'a file'}: {e.strerror or e} (errno {e.errno})")
        return EXIT_INTERNAL
    except Exception as e:  # an internal failure: one line, the traceback only on request
        if os.environ.get("TRAINSIZER_DEBUG"):
            raise
        err(
            _said(
                args,
                "internal error: %s (set TRAINSIZER_DEBUG=1 for the traceback)",
                f"{type(e).__name__}: {e}",
            )
        )
        return EXIT_INTERNAL
