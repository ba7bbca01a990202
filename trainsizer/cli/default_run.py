"""`make run` without a display: the headless path on the embedded default (tiny-llama, builtin data, CPU).

It writes and validates the default spec, lists the machine's devices, runs `trainsizer check` on it
(estimate, measured steps, held-out quality, resume), writes the acceptance report and the draft hardware
request beside the results, and says where they are.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    from trainsizer import cli
    from trainsizer.spec import RunSpec

    run_dir = Path(argv[0] if argv else "runs/default")
    run_dir.mkdir(parents=True, exist_ok=True)
    spec_path = run_dir / "spec.toml"
    RunSpec().save(spec_path)
    print(f"spec: {spec_path}")
    stages = [
        ("validate", ["spec", "validate", str(spec_path)]),
        ("devices", ["devices"]),
        ("check", ["check", str(spec_path), "--out", str(run_dir), "--force"]),
    ]  # the demo's own folder: replaced
    verdict = cli.EXIT_OK
    for name, args in stages:
        print(f"\n== {name} ==", flush=True)
        rc = cli.main(args)
        if rc not in (cli.EXIT_OK, cli.EXIT_NEGATIVE):
            print(f"stage {name} failed with exit code {rc}", file=sys.stderr)
            return rc
        verdict = rc if name == "check" else verdict
    for name, args in (
        ("report", ["report", str(run_dir), "--format", "html"]),
        ("request", ["request", str(run_dir), "--format", "md"]),
    ):
        print(f"\n== {name} ==", flush=True)
        if cli.main(args) != cli.EXIT_OK:
            return cli.EXIT_INTERNAL
    print(f"\nresults are in {run_dir.resolve()}: " + json.dumps(sorted(p.name for p in run_dir.iterdir())))
    return verdict  # 1 when the verdict is not "accepted"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
