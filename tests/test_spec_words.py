"""Issue 31: a spec problem is worded at the edges in the reader's language — its English template with
``%(name)s`` slots, translated in the catalog's "SpecIssue" context, then filled — on the terminal
(`--lang ru`, TRAINSIZER_LANG) and beside a field in the window (tests/gui/test_i18n.py)."""

from __future__ import annotations

import re

import pytest

from trainsizer.spec import SpecError, issue_catalog
from trainsizer.ui_common.messages import translate

SLOT = re.compile(r"%\(\w+\)[sr]")
# what a template may be besides its slots and stay the same in Russian: a flag or a command's name
NEUTRAL = re.compile(r"^(--[\w-]+|sbatch|sinfo)?$")


def test_every_spec_problem_has_a_russian_template_with_the_same_slots():
    templates = issue_catalog.templates()
    assert len(templates) > 100  # the reader sees the spec's, the model's, the files' and the estimate's
    untranslated, slots = [], []
    for english in templates:
        russian = translate(english, "ru")
        if russian == english and not NEUTRAL.match(re.sub(SLOT, "", english).strip(" :")):
            untranslated.append(english)
        if sorted(SLOT.findall(russian)) != sorted(SLOT.findall(english)):
            slots.append(english)
    assert not untranslated and not slots, (untranslated, slots)


def test_no_problem_is_made_from_a_sentence_the_catalog_cannot_see(tmp_path):
    """Every SpecIssue/EstimateError template and every trainsizer.problem class's (InputError, RemoteError,
    ...) is a literal the catalog reader collects; another's text is passed on explicitly (``X.of(e)``). A
    problem made from an f-string is reported (fails on a broken case)."""
    unseen = issue_catalog.unseen()
    assert unseen == [], unseen
    broken = tmp_path / "broken.py"
    broken.write_text('def f(x):\n    return SpecIssue("batch.seq_len", "range", f"bad {x}")\n')
    found, unseen = issue_catalog._scan(broken)
    assert found == [] and unseen == [f"{broken}:2: f'bad {{x}}'"], unseen
    broken.write_text('def f(e):\n    raise InputError(f"--host: {e}")\n')
    found, unseen = issue_catalog._scan(broken)
    assert found == [] and unseen == [f"{broken}:2: f'--host: {{e}}'"], unseen


def test_a_problem_keeps_its_english_message_and_is_worded_in_russian():
    from trainsizer.report.text import issue_words, translator
    from trainsizer.spec import loads

    with pytest.raises(SpecError) as e:
        loads('[batch]\nseq_len = -5\n[optimzer]\n[parallel]\nstrategy = "ddp"\ndevices = "cuda:0,cuda:0"\n')
    issues = {i.path: i for i in e.value.issues if i.code != "conflict"}
    assert issues["batch.seq_len"].message == "must be at least 1, got -5"
    assert str(issues["optimzer"]) == "optimzer: unknown section; did you mean optimizer?"
    ru = translator("ru")
    assert issue_words(issues["batch.seq_len"], ru) == "[batch] seq_len: должно быть не меньше 1, получено -5"
    assert issue_words(issues["optimzer"], ru) == "optimzer: неизвестный раздел; может быть, optimizer?"
    assert "устройство указано дважды: 'cuda:0,cuda:0'" in issue_words(issues["parallel.devices"], ru)


def test_a_translation_that_does_not_fit_its_parameters_falls_back_to_english():
    from trainsizer.spec.errors import SpecIssue

    issue = SpecIssue("batch.seq_len", "range", "must be at least %(lo)s, got %(value)s", lo=1, value="-5")
    assert issue.worded("не меньше %(missing)s") == "must be at least 1, got -5"
    assert SpecIssue("x", "file", "100% of %s, no slots").message == "100% of %s, no slots"


def test_spec_validate_speaks_russian(cli_main, tmp_path, english_words):
    bad = tmp_path / "bad.toml"
    bad.write_text('[batch]\nseq_len = -5\nmicro_batch = "x"\n[optimzer]\n[data]\nsource = "path"\n'
                   'path = "missing.txt"\n')  # fmt: skip
    rc, out, err = cli_main("spec", "validate", bad, "--lang", "ru")
    assert rc == 2 and "должно быть не меньше 1" in err and "неизвестный раздел" in err, err
    assert english_words(err, str(bad), "optimzer") == [], err
    rc, _, err_en = cli_main("spec", "validate", bad)
    assert rc == 2 and english_words(err_en, str(bad), "optimzer"), (
        "the same check finds English in the English output"
    )
    good = tmp_path / "good.toml"
    good.write_text("")
    rc, out, _ = cli_main("spec", "validate", good, "--lang", "ru", "--quick")
    assert rc == 0 and "корректна" in out and english_words(out, str(good)) == [], out
    missing = tmp_path / "missing.txt"
    bad.write_text(f'[data]\nsource = "path"\npath = "{missing}"\n')
    rc, _, err = cli_main("spec", "validate", bad, "--lang", "ru", "--quick")
    assert rc == 2 and f"[data] path: {missing}: нет такого файла" in err, err


def test_the_progress_line_on_stderr_speaks_the_terminals_language(english_words):
    """Issue 31: the progress line of measure/check (and a Slurm job's wait) is worded at the CLI's edge."""
    from trainsizer.cli.run_cmds import progress_line
    from trainsizer.report.text import translator
    from trainsizer.runs.progress import Progress

    p = Progress()
    for event in ({"type": "phase", "edge": "begin", "name": "backward"}, {"type": "step", "index": 2,
                  "total": 10, "seconds": 0.5}):  # fmt: skip
        p.update(event)
    ru, en = progress_line(p, translator("ru")), progress_line(p, translator("en"))
    assert en.startswith("backward step 3/10  elapsed") and en.endswith(", ETA 4 s"), en
    assert "обратный проход" in ru and "шаг 3/10" in ru and "осталось около 4 с" in ru, ru
    assert english_words(ru) == [] and english_words(en)
    p.update({"type": "job", "job_id": "42", "state": "PENDING", "reason": "Resources"})
    assert progress_line(p, translator("ru")).startswith("задание Slurm 42: pending (Resources), прошло")


def test_a_problem_words_its_parameters_in_the_same_language_and_keeps_foreign_text():
    """trainsizer.problem: ``str()`` is English; ``words(t)`` translates the template and every parameter
    that is itself a problem; another library's text (a parameter, or ``X.of(e)``) is passed on as said."""
    from trainsizer.cli.common import InputError
    from trainsizer.problem import BadValue
    from trainsizer.report.text import translator
    from trainsizer.runs.remote import Host

    with pytest.raises(ValueError) as caught:
        Host.parse("-oProxyCommand=id")
    e = InputError("--host: %(reason)s", reason=caught.value)
    assert (
        str(e)
        == "--host: '-oProxyCommand=id' is not a host like user@server, user@server:2222 or an ssh alias"
    )
    assert e.words(translator("ru")) == (
        "--host: '-oProxyCommand=id' — не хост вида `user@server`, `user@server:2222` и не псевдоним SSH"
    )
    foreign = InputError.of(OSError("disk on fire"))
    assert foreign.words(translator("ru")) == "disk on fire" and foreign.template == "disk on fire"
    forwarded = InputError.of(BadValue("port %(port)s is out of range 1-65535", port=70000))
    assert forwarded.words(translator("ru")) == "порт 70000 вне диапазона 1–65535"


def test_the_terminals_errors_speak_russian(cli_main, tmp_path, english_words):
    """Issue 31: a bad flag, a bad device description, a bad host and a run folder that cannot be used are
    told in the terminal's language (the flags, paths and values quoted as given); the same commands in
    English find English, so the check can fail."""
    from trainsizer.hardware.accelerators import user_table_path

    spec = tmp_path / "run.toml"
    spec.write_text("")
    taken = tmp_path / "taken"
    taken.write_text("not a folder")
    cases = [
        (("request", tmp_path, "--keep", "0"), "--keep: должно быть не меньше 1, получено 0"),
        (("estimate", spec, "--devices", "1x2x3xH100-80GB"), "не больше УЗЛЫ×GPU×ИМЯ"),
        (("estimate", spec, "--devices", "8xH100-80GBX"), "неизвестный ускоритель 'H100-80GBX'"),
        (("devices", "--host", "bad host"), "--host: 'bad host' — не хост вида"),
        (("measure", spec, "--out", taken), "существует и не является папкой; выберите другой --out"),
    ]
    for args, expected in cases:
        rc, _, err = cli_main(*args, "--lang", "ru")
        assert rc == 2 and expected in err, (args, err)
        assert (
            english_words(err, *map(str, args), str(user_table_path()), "{mem=96GiB,bf16=989,link=nvlink}")
            == []
        ), (
            args,
            err,
        )
        rc, _, err_en = cli_main(*args, "--lang", "en")
        assert rc == 2 and english_words(err_en, *map(str, args)), (args, err_en)


def test_find_max_tells_its_trials_in_the_terminals_language(english_words):
    from trainsizer.cli.run_cmds import _trial_line
    from trainsizer.report.text import translator

    ru, en = translator("ru"), translator("en")
    fits, oom = (
        {"micro_batch": 4, "fits": True, "status": "ok"},
        {"micro_batch": 8, "fits": False, "status": "oom"},
    )
    assert _trial_line(fits, "micro_batch", en) == "trial micro_batch = 4: fits"
    assert _trial_line(oom, "micro_batch", en) == "trial micro_batch = 8: does not fit (out of memory)"
    worded = [_trial_line(fits, "micro_batch", ru), _trial_line(oom, "micro_batch", ru)]
    assert worded[0].startswith("попытка micro_batch = 4: ") and english_words(" ".join(worded)) == [], worded


def test_what_a_command_wrote_and_where_it_estimated_are_whole_russian_sentences(cli_main, tmp_path):
    """A walk in Russian found "wrote run.toml", "Оценка … на эта машина" and "single на cpu"; each is
    one sentence of the catalog now (the English output keeps its words, so the check can fail)."""
    spec = tmp_path / "run.toml"
    rc, out, err = cli_main(
        "spec", "new", "--preset", "tiny-llama", "-o", spec, env={"TRAINSIZER_LANG": "ru"}
    )
    assert rc == 0 and out.strip() == f"записано: {spec}", (out, err)
    rc, out, _ = cli_main("estimate", spec, "--lang", "ru")
    first, second = out.splitlines()[:2]
    assert rc == 0 and first == "Оценка (аналитическая) для этой машины", first
    assert "· одно устройство на " in second, second  # cpu here, cuda:0 on a machine with a GPU
    rc, out, _ = cli_main("estimate", spec, "--lang", "en")
    assert out.splitlines()[0] == "Estimate (analytic) on this machine" and "one device on " in out


@pytest.mark.skipif(
    not __import__("shutil").which("ssh"), reason="needs the OpenSSH client (make test installs it)"
)
def test_a_failed_remote_run_gives_its_reason_in_the_readers_language(cli_main, tmp_path):
    """A server that cannot be reached (a closed loopback port, the real ssh client): result.json keeps the
    English sentence and the template with its parameters (error_words); the report and `history show` word
    it in Russian, the check's evidence too; the English report keeps the English words."""
    import json

    spec = tmp_path / "run.toml"
    spec.write_text('[model]\npreset = "tiny-llama"\n')
    out = tmp_path / "run"
    rc, _, err = cli_main("measure", spec, "--out", out, "--host", "nobody@127.0.0.1:1", "--lang", "ru")
    assert rc != 0 and "не удаётся подключиться" in err, err
    result = json.loads((out / "result.json").read_text())
    assert result["error_kind"] == "unreachable" and "cannot connect" in result["error"]
    assert result["error_words"]["template"] == "%(host)s: cannot connect (%(said)s)"
    for lang, said, other in (
        ("ru", "не удаётся подключиться", "cannot connect"),
        ("en", "cannot connect", "подключ"),
    ):
        rc, _, err = cli_main(
            "report", out, "--format", "html", "--lang", lang, "-o", tmp_path / f"r.{lang}.html"
        )
        html = (tmp_path / f"r.{lang}.html").read_text()
        assert rc == 0 and html.count(said) >= 2 and other not in html, (lang, err)
    rc, shown, _ = cli_main("history", "show", out, "--lang", "ru")
    assert "не измерено: nobody@127.0.0.1:1: не удаётся подключиться" in shown, shown


def test_the_command_lines_help_and_its_usage_errors_speak_russian(cli_main):
    """Issue 31, item 3, for argparse: with --lang ru (or TRAINSIZER_LANG=ru) every help text of every command
    and argparse's own headings and usage errors come from the catalog; English stays English; argparse's
    wording is given back after the parse (the next English call is English again)."""
    import re

    from trainsizer.cli.parser import ARGPARSE_WORDS, help_texts
    from trainsizer.report.text import translator

    t = translator("ru")
    for text in [*help_texts(), *ARGPARSE_WORDS]:
        said = t(text)
        assert said != text and re.search("[а-яА-Я]", said), text  # no help text left in English
        assert re.findall(r"%\(?\w*\)?[sr]", said) == re.findall(r"%\(?\w*\)?[sr]", text), text
    commands = "spec,spec new,spec validate,presets,devices,estimate,plan,probe,remote setup,measure,check"
    commands = [*commands.split(","), "report", "request", "history compare", "gui"]
    for command in commands:
        rc, out, _ = cli_main(*command.split(), "--help", env={"TRAINSIZER_LANG": "ru"})
        assert rc == 0 and "использование:" in out and "показать эту справку и выйти" in out, (command, out)
        latin = {
            w for w in re.findall(r"\b[a-z]{4,}\b", re.sub(r"[\w.-]*--[\w-]+|\{[^}]*\}|\[[^]]*\]", "", out))
        }
        assert latin <= HELP_LATIN, (command, sorted(latin - HELP_LATIN))
    rc, _, err = cli_main("measure", "--lang", "ru")
    assert rc == 2 and "ошибка: не заданы обязательные аргументы: spec, --out" in err, err
    rc, _, err = cli_main("report", "x", "--format", "xx", "--lang=ru")
    assert rc == 2 and "аргумент --format: недопустимое значение: 'xx'" in err, err
    rc, out, err = cli_main("measure", env={"TRAINSIZER_LANG": "en"})
    assert rc == 2 and "error: the following arguments are required: spec, --out" in err, err
    rc, out, _ = cli_main("estimate", "--help")
    assert "positional arguments" in out and "predict" not in out and "run specification" in out, out


# Latin words a Russian --help holds: commands, file names and suffixes, spec fields and the names of tools.
HELP_LATIN = set(
    """accelerators check compare config devices epochs estimate events fields file history html json jsonl
    list llama measure meta partition path plan presets probe probes remote report request result sbatch
    server setup show sinfo spec task tiny tokens toml torch torchrun trainsizer transformers user
    utilization validate venv wheel""".split()
)


def test_the_presets_and_the_spec_fields_speak_russian(cli_main):
    """`presets` and `spec fields` take --lang: the table's headers and the presets' descriptions come from
    the catalog, the fields' descriptions are the window's field help ("SpecHelp"); English stays English."""
    rc, out, _ = cli_main("presets", "--lang", "ru")
    assert rc == 0 and "описание" in out and "Крошечная модель наподобие Llama" in out, out
    assert "description" not in out and "parameters" not in out, out
    rc, out, _ = cli_main("spec", "fields", "batch", "--lang", "ru")
    assert rc == 0 and "Токенов в последовательности." in out and "Tokens per sequence" not in out, out
    rc, out, _ = cli_main("spec", "fields", "batch")
    assert rc == 0 and "Tokens per sequence." in out, out
    rc, out, _ = cli_main("presets")
    assert rc == 0 and "description" in out and "Tiny Llama-like model" in out, out
