"""One vocabulary: every code has its English words in trainsizer.vocab, and both edges — the window's label
tables (Qt, translated through the .ts file) and the report's catalog — use exactly those words and translate
every code into Russian."""

import pytest

from trainsizer import vocab


def test_the_core_uses_the_vocabulary():
    from trainsizer.estimate.analytic import ITEM_KEYS as estimate_items
    from trainsizer.result.checks import CHECK_IDS, evaluate
    from trainsizer.runs.compare import ITEM_KEYS as compare_items

    assert (
        estimate_items is vocab.ITEM_KEYS
        and compare_items is vocab.ITEM_KEYS
        and CHECK_IDS is vocab.CHECK_IDS
    )
    checks, verdict = evaluate({})
    assert [c["id"] for c in checks] == list(vocab.CHECK_IDS) and verdict in vocab.VERDICTS
    assert {c["status"] for c in checks} <= set(vocab.CHECK_STATUSES)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_report_words_every_code(lang):
    from trainsizer.report.text import translator

    t = translator(lang)
    words = {**vocab.ITEM_WORDS, **vocab.CHECK_WORDS}
    for code, english in words.items():
        said = t(code)
        if lang == "en":
            assert said == english, code
        else:
            assert said != code and said != english and said.strip(), f"{code}: no Russian words"


@pytest.mark.gui
def test_the_window_words_are_the_vocabulary_and_all_translated():
    from trainsizer.datafiles import resource_dir
    from trainsizer.gui import labels

    assert {k: labels.ITEMS[k] for k in vocab.ITEM_WORDS} == vocab.ITEM_WORDS
    assert labels.CHECKS == vocab.CHECK_WORDS
    assert {k: labels.STATUSES[k] for k in vocab.STATUS_WORDS} == vocab.STATUS_WORDS
    assert {k: labels.PHASES[k] for k in vocab.PHASE_WORDS} == vocab.PHASE_WORDS
    text = (resource_dir("i18n") / "trainsizer_ru.ts").read_text(encoding="utf-8")
    for english in {*vocab.ITEM_WORDS.values(), *vocab.CHECK_WORDS.values(), *vocab.STATUS_WORDS.values()}:
        assert f"<source>{english}</source>" in text, english


SAMPLE = {
    "devices": "cuda:0",
    "phase": "backward",
    "step": 3,
    "message": "boom",
    "count": 4,
    "median": 0.5,
    "metric": "eval_loss",
    "before": 9.0,
    "after": 7.4,
    "change": 0.18,
    "threshold": 0.05,
    "op": "<=",
    "why": "crash in checkpoint: OSError (errno 28)",
    "steps": "2, 3",
    "total": 4,
    "dloss": 0.1,
    "dparam": 0.2,
    "tokens_per_s": 2048.0,
    "target_tokens_per_s": 4096.0,
    "max_step_s": 0.25,
    "wall_s": 12.5,
    "host_rss": 2_000_000_000,
    "k": 2,
    "to": 3,
    "job": "17",
    "tolerance": 0.001,
    "estimated": "cuda:0, cuda:1",
    # the readiness probe's codes
    "share": 0.68,
    "peak": 989.4,
    "reasons": "power brake",
    "gen": 4,
    "width": 8,
    "gen_max": 5,
    "width_max": 16,
    "raw": 63.0,
    "errors": 2,
    "rows": 1,
    "pending": True,
    "failure": False,
    "limit": 450.0,
    "default": 700.0,
    "processes": "python (pid 77, 2.0 GiB)",
    "planned_gib": 12.5,
    # the command's resume diagnoses
    "lr_a": 0.001,
    "lr_c": 0.0005,
    "missing": "3, 4",
    "expected": 2,
}


@pytest.mark.parametrize("code", sorted(__import__("trainsizer.ui_common.messages", fromlist=["M"]).MESSAGES))
def test_every_code_is_worded_in_english_and_russian(code):
    from trainsizer.ui_common.messages import MESSAGES, render

    english, russian = render(code, SAMPLE, "en"), render(code, SAMPLE, "ru")
    assert english == MESSAGES[code].format(**SAMPLE)
    assert russian and russian != english, f"{code}: no Russian in the .ts catalog"
    for value in ("cuda:0", "boom", "errno 28", "2, 3"):  # the parameters survive the translation
        assert (value in english) == (value in russian), (code, value)


def test_every_check_the_core_writes_has_a_code_of_the_catalog():
    from trainsizer.result.checks import evaluate
    from trainsizer.ui_common.messages import MESSAGES

    results = [
        {},
        {
            "spec": {},
            "environment": {"x": 1},
            "estimate": {"devices": {"cpu": {}}},
            "measurement": {"oom": {"phase": "forward", "step": 0}},
        },
        {
            "measurement": {"failure": "boom"},
            "quality": {"passed": True, "code": "quality_relative", "params": SAMPLE},
            "resume": {"passed": False, "code": "resume_failed", "params": {"why": "x"}},
        },
        {
            "measurement": {"step_time_s": {"count": 2, "median": 0.1}},
            "quality": {"passed": False, "reason": "old"},
        },
    ]
    for result in results:
        for check in evaluate(result)[0]:
            assert check["code"] in MESSAGES and isinstance(check["params"], dict)


PROPER_NAMES = ("DDP", "ZeRO-1", "ZeRO-2", "ZeRO-3", "NVML")  # the same in Russian


def test_the_report_words_are_all_in_the_one_catalog():
    from trainsizer.report.text import WORDS
    from trainsizer.ui_common.messages import translate, ts_catalog

    assert ts_catalog("ru")
    untranslated = [
        w
        for w in WORDS
        if translate(w, "ru") == w
        and w not in ("CUDA", "CPU", "GPUs", "p95", "RSS", "max |Δloss|", "max |Δparam|", *PROPER_NAMES)
    ]
    assert untranslated == []


@pytest.mark.gui
def test_the_generated_catalog_text_is_up_to_date():
    from trainsizer.gui import catalog_text

    words, messages, issues = catalog_text.generate()
    assert (
        catalog_text.REPORT == words and catalog_text.MESSAGES == messages and catalog_text.ISSUES == issues
    )


def test_an_old_results_checks_are_worded_in_russian_too():
    """Issue 21, item 8: a result from before checks carried codes (the recorded run) is still worded at the
    edges from its codes, found by the same rules on its own data; statuses stay as recorded."""
    import json
    from pathlib import Path

    from trainsizer.result.checks import worded_checks
    from trainsizer.ui_common.messages import evidence

    result = json.loads((Path(__file__).parent / "data" / "recorded_check" / "result.json").read_text())
    assert not result["checks"][0].get("code")
    checks = worded_checks(result)
    assert [c["status"] for c in checks] == [c["status"] for c in result["checks"]]
    assert evidence(checks[0], "ru") == "спецификация и окружение записаны"
    assert "размещены" in evidence(checks[1], "ru")
    # quality and resume too: the same sentence the old result carries, now from codes
    quality, resume = checks[3], checks[4]
    assert evidence(quality, "en") == result["quality"]["reason"].replace("->", "→")
    assert evidence(resume, "en") == result["resume"]["reason"]
    assert "правило" in evidence(quality, "ru") and "возобновлено" in evidence(resume, "ru")
