"""Hostile input benchmark: the generated corpus of tests/hostile/corpus.py through the real CLI, counted
per category — exit codes, hangs (a case that did not end within the timeout) and data lost (a fault case that
deleted a file trainsizer did not write). Prints the table and a final line; the target is exit 3 = 0,
hang = 0, data lost = 0.

    .venv/bin/python bench/hostile.py [--timeout 60] [--skip-data-loss]
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from tests.hostile.corpus import all_cases, problems, run_case  # noqa: E402


def data_loss_case(tmp: Path) -> bool:
    """A full check whose checkpoint.dir holds the customer's files: True when any of them is gone."""
    from trainsizer.spec import RunSpec

    mine = tmp / "customer"
    mine.mkdir(parents=True)
    (mine / "weights.bin").write_bytes(b"precious")
    spec = RunSpec().replace(
        measure={"warmup_steps": 1, "steps": 2},
        quality={"train_steps": 2, "eval_batches": 1},
        batch={"micro_batch": 1, "seq_len": 32},
        checkpoint={"resume_at": 1, "resume_steps": 2, "dir": str(mine), "keep": False},
    )
    spec.save(tmp / "spec.toml")
    subprocess.run(
        [sys.executable, "-m", "trainsizer", "check", str(tmp / "spec.toml"), "--out", str(tmp / "run")],
        capture_output=True,
        timeout=600,
    )
    return not (mine / "weights.bin").exists() or (mine / "weights.bin").read_bytes() != b"precious"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument(
        "--skip-data-loss", action="store_true", help="skip the full check with a customer folder (~60 s)"
    )
    args = ap.parse_args()
    rows: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    bad: list[str] = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        cwd = os.getcwd()
        for i, case in enumerate(all_cases()):
            folder = Path(tmp) / f"case-{i}"
            os.chdir(Path(tmp))
            try:
                out = run_case(case, folder, timeout=args.timeout)
            finally:
                os.chdir(cwd)
            row = rows[case.category]
            row["tried"] += 1
            row[
                "hang" if out.code is None else f"exit {out.code}" if out.code in (0, 1, 2, 3) else "exit 3"
            ] += 1
            found = problems(case, out)
            if found:
                bad.append(f"{case.category}: {case.name}: {', '.join(found)}")
        if not args.skip_data_loss:
            lost = data_loss_case(Path(tmp) / "data-loss")
            rows["fault: customer files in checkpoint.dir"].update(
                {"tried": 1, "data lost": int(lost), "exit 0": int(not lost)}
            )
    cols = ["tried", "exit 2", "exit 1", "exit 0", "exit 3", "hang", "data lost"]
    width = max(len(k) for k in rows) + 2
    print(f"{'category':{width}s}" + "".join(f"{c:>10s}" for c in cols))
    total: collections.Counter = collections.Counter()
    for name, row in rows.items():
        total.update(row)
        print(f"{name:{width}s}" + "".join(f"{row[c]:>10d}" for c in cols))
    print(f"{'total':{width}s}" + "".join(f"{total[c]:>10d}" for c in cols))
    for line in bad:
        print(f"  problem: {line}")
    print(
        f"\n{total['tried']} hostile inputs in {time.perf_counter() - t0:.0f} s: exit 3 = {total['exit 3']}, "
        f"hang = {total['hang']}, data lost = {total['data lost']}, other problems = {len(bad)} "
        + json.dumps({"target_met": total["exit 3"] == total["hang"] == total["data lost"] == 0 and not bad})
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
