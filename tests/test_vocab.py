"""One vocabulary: every code has its English words in trainsizer.vocab, and both edges — the window's label
tables (Qt, translated through the .ts file) and the report's catalog — use exactly those words and translate
every code into Russian."""

import pytest

from trainsizer import vocab


def test_the_core_uses_the_vocabulary():
    from trainsizer.estimate.analytic import ITEM_KEYS as estimate_items
    from trainsizer.runs.checks import CHECK_IDS, evaluate
    from trainsizer.runs.compare import ITEM_KEYS as compare_items

    assert estimate_items is vocab.ITEM_KEYS and compare_items is vocab.ITEM_KEYS and CHECK_IDS is vocab.CHECK_IDS
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
