"""The generated hostile corpus through the real CLI: only exit codes 0/1/2, no traceback, the message names
the field or the file, nothing blocks (inputs that could are run in a subprocess under a timeout)."""

import pytest

from .corpus import all_cases, problems, run_case

CASES = all_cases()


def test_the_corpus_is_large_and_covers_every_category():
    assert len(CASES) >= 100
    assert {c.category for c in CASES} >= {
        "spec file",
        "spec syntax",
        "spec flood",
        "model config",
        "run folder",
        "data and run fields",
        "spec field: wrong type",
        "spec field: absurd size",
    }


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[f"{c.category}: {c.name}" for c in CASES])
def test_a_hostile_input_is_a_clear_refusal(case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    outcome = run_case(case, tmp_path / "case", timeout=90)
    assert problems(case, outcome) == [], outcome.stderr[-2000:]
