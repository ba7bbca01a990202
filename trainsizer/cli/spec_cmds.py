"""`trainsizer spec new | validate | fields`: write, check and describe run specifications."""

from __future__ import annotations

import json
from pathlib import Path

from trainsizer.cli.common import EXIT_OK, InputError, err, print_json, words


def load_spec(path: str, *, for_run: bool = False):
    """Load a spec; for a run (measure, check) also check its files and its model up front, so that bad
    input is a refusal (exit 2) before any worker starts, not a crash in the middle of the run."""
    from trainsizer.spec import SpecError, load
    from trainsizer.spec.checks import path_issues, run_issues

    spec = load(path)
    if spec.model.trust_remote_code:
        err("warning: model.trust_remote_code is on: code shipped with the model will run on this machine")
    if for_run:
        issues = run_issues(spec) or path_issues(spec) or model_issues_staged(spec)
        if issues:
            raise SpecError(issues)
    return spec


def model_issues_staged(spec) -> list:
    """Checks that load the model's config and build it on the meta device (seconds: imports transformers)."""
    from trainsizer.model.source import model_issues

    issues = model_issues(spec)
    if issues:
        return issues
    from trainsizer.model.build import build_issues

    return build_issues(spec)


def cmd_spec_new(args) -> int:
    from trainsizer.spec import RunSpec, from_dict

    data = RunSpec().to_dict()
    data["model"] = {"preset": args.preset}
    spec = from_dict(data)
    from trainsizer.model.source import resolve_model

    resolve_model(spec.model)  # unknown preset -> SpecError naming model.preset
    out = Path(args.output)
    if out.exists() and not args.force:
        raise InputError("%(path)s: exists; use --force to overwrite", path=str(out))
    spec.save(out)
    print(words(args)("wrote %s", out))
    return EXIT_OK


def cmd_spec_validate(args) -> int:
    from trainsizer.estimate.report_data import resolve_targets
    from trainsizer.model.source import config_issues, needs_model_stage
    from trainsizer.report.text import translator
    from trainsizer.spec import SpecError
    from trainsizer.spec.checks import environment_issues, path_issues

    t = translator(args.lang)
    spec = load_spec(args.file)

    targets, _ = resolve_targets(args.devices)
    if not args.devices:
        spec = spec.on_devices_present(len(targets))
    issues = path_issues(spec) + config_issues(spec) + environment_issues(spec, targets)
    model_stage = not issues and not args.quick and (args.model or needs_model_stage(spec))
    if model_stage:  # the second stage: seconds, it imports transformers
        err(t("checking the model (loads transformers and builds it on the meta device)…"))
        issues = model_issues_staged(spec)
    if issues:
        raise SpecError(issues)
    if args.devices:
        template = (
            "%s: valid (spec, files, config, devices and model checked against %s)"
            if model_stage
            else ("%s: valid (spec, files, config and devices checked against %s)")
        )
        print(t(template, args.file, args.devices))
    else:
        template = (
            "%s: valid (spec, files, config, devices and model checked on this machine; runs on %s)"
            if model_stage
            else "%s: valid (spec, files, config and devices checked on this machine; runs on %s)"
        )
        print(t(template, args.file, spec.parallel.devices))
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
            rows.append(
                {
                    "field": f"{name}.{f.name}",
                    "default": default,
                    "help": f.metadata.get("help", ""),
                    "choices": list(f.metadata.get("choices") or []),
                }
            )
    if args.section and not rows:
        from trainsizer.spec.errors import closest

        close = closest(args.section, SECTIONS)
        if close:
            raise InputError(
                "unknown section %(section)r; did you mean %(close)s?", section=args.section, close=close
            )
        raise InputError("unknown section %(section)r", section=args.section)
    if args.json:
        print_json(rows)
    else:
        t = words(args)  # the descriptions are the window's field help (the catalog's "SpecHelp")
        for r in rows:
            print(f"{r['field']:32s} {json.dumps(r['default']):28s} {t(r['help'])}")
    return EXIT_OK
