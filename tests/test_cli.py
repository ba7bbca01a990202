"""The real CLI in a subprocess: output, exit codes, and bad input without tracebacks."""

import json
from pathlib import Path

import pytest


def test_presets_json(cli_main):
    rc, out, err = cli_main("presets", "--json")
    assert rc == 0, err
    names = [p["name"] for p in json.loads(out)]
    assert "tiny-llama" in names and "llama-3.1-405b" in names


def test_devices_json_and_text(cli_main):
    rc, out, err = cli_main("devices", "--json")
    assert rc == 0, err
    data = json.loads(out)
    assert set(data) == {"gpus", "nvml", "host", "versions"} and data["host"]["ram_total"] > 0
    rc, out, _ = cli_main("devices")
    assert rc == 0 and "RAM:" in out and "Software:" in out
    rc, out, _ = cli_main("devices", "--known")
    assert rc == 0 and "H100-80GB" in out


def test_spec_new_then_validate(cli_main, tmp_path):
    path = tmp_path / "run.toml"
    rc, _, err = cli_main("spec", "new", "--preset", "gpt2", "-o", path)
    assert rc == 0, err
    assert 'preset = "gpt2"' in path.read_text()
    rc, out, err = cli_main("spec", "validate", path)
    assert rc == 0 and "valid" in out, err
    rc, _, err = cli_main("spec", "new", "-o", path)
    assert rc == 2 and "exists" in err
    rc, _, err = cli_main("spec", "validate", path, "--devices", "2xV100-16GB", "--")
    assert rc == 2


def test_spec_validate_against_hypothetical_devices(cli_main, tmp_path):
    path = tmp_path / "gpu.toml"
    path.write_text('[parallel]\ndevices = "cuda:0"\n[precision]\ncompute = "bf16-mixed"\n')
    rc, _, err = cli_main("spec", "validate", path, "--devices", "V100-32GB")
    assert rc == 2 and "[precision] compute: bf16-mixed needs bf16 support" in err
    rc, out, err = cli_main("spec", "validate", path, "--devices", "A100-40GB")
    assert rc == 0, err
    rc, _, err = cli_main("spec", "validate", path, "--devices", "9xZ900")
    assert rc == 2 and "--devices: unknown accelerator" in err


@pytest.mark.parametrize(
    "content, expected",
    [
        (None, "no such file"),
        ("[batch\n", "not valid TOML"),
        ("[batch]\nseqlen = 3\n", "[batch] seqlen: unknown key; did you mean seq_len?"),
        (
            '[model]\npreset = "tiny-lama"\n',
            "[model] preset: unknown preset 'tiny-lama'; did you mean tiny-llama?",
        ),
        ('[model]\npreset = ""\nconfig = "nowhere/config.json"\n', "no such file"),
    ],
)
def test_bad_input_is_one_clear_message_exit_2(cli_main, tmp_path, content, expected):
    path = tmp_path / "spec.toml"
    if content is not None:
        path.write_text(content)
    rc, _, err = cli_main("spec", "validate", path)
    assert rc == 2
    assert expected in err and "Traceback" not in err


def test_spec_fields_shows_descriptions(cli_main):
    rc, out, _ = cli_main("spec", "fields", "batch")
    assert rc == 0 and "batch.seq_len" in out and "Tokens per sequence" in out
    rc, _, err = cli_main("spec", "fields", "bach")
    assert rc == 2 and "did you mean batch" in err


def test_version_and_no_subcommand(run_cli):
    rc, out, _ = run_cli("--version")
    assert rc == 0 and out.startswith("trainsizer ")
    # no subcommand means the GUI; without any display that is a clear message, not Qt aborting the process
    rc, out, err = run_cli(env={"QT_QPA_PLATFORM": "", "DISPLAY": "", "WAYLAND_DISPLAY": ""})
    assert rc == 2 and "no display" in err and "trainsizer check" in err


@pytest.mark.gui
def test_the_gui_subcommand_opens_the_window_and_a_run_folder(run_cli, tmp_path):
    recorded = Path(__file__).resolve().parent / "data" / "recorded_check"
    rc, out, err = run_cli(
        "gui",
        recorded,
        "--quit-after",
        "2",
        env={"QT_QPA_PLATFORM": "offscreen", "XDG_DATA_HOME": str(tmp_path)},
    )
    assert rc == 0, err
    assert "window shown: trainsizer" in out
    rc, _, err = run_cli("gui", tmp_path / "missing.toml", env={"QT_QPA_PLATFORM": "offscreen"})
    assert rc == 2 and "missing.toml: no such file or folder" in err


def test_trust_remote_code_warns(cli_main, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text("[model]\ntrust_remote_code = true\n")
    rc, _, err = cli_main("spec", "validate", path)
    assert rc == 0 and "warning: model.trust_remote_code is on" in err


def test_validating_a_preset_spec_is_pure_and_the_model_stage_says_it_loads(tmp_path):
    import subprocess
    import sys

    from trainsizer.spec import RunSpec

    plain, lora = tmp_path / "plain.toml", tmp_path / "lora.toml"
    RunSpec().save(plain)
    RunSpec().replace(method={"kind": "lora", "lora_targets": ["nope"]}).save(lora)
    probe = (
        "import sys; from trainsizer.cli import main; rc = main(['spec', 'validate', sys.argv[1]]); "
        "print(rc, *(m for m in ('torch', 'transformers', 'huggingface_hub') if m in sys.modules))"
    )
    p = subprocess.run([sys.executable, "-c", probe, str(plain)], capture_output=True, text=True)
    assert p.stdout.strip().splitlines()[-1] == "0", p.stdout + p.stderr  # valid, and nothing heavy imported
    assert "loads transformers" not in p.stderr
    p = subprocess.run([sys.executable, "-c", probe, str(lora)], capture_output=True, text=True)
    assert p.stdout.split()[0] == "2"
    assert "checking the model (loads transformers" in p.stderr and "no module named nope" in p.stderr


def test_history_lists_what_ran_and_compares_two_runs(run_cli, tmp_path):
    import json
    import shutil

    recorded = Path(__file__).resolve().parent / "data" / "recorded_check"
    a, b = tmp_path / "runs" / "a", tmp_path / "runs" / "b"
    shutil.copytree(recorded, a)
    shutil.copytree(recorded, b)
    result = json.loads((b / "result.json").read_text())
    result["spec"]["batch"]["micro_batch"] = 2
    result["measurement"]["anatomy"]["cpu"]["activations"] //= 2
    result["environment"]["versions"]["torch"] = "2.99.0"  # last week's run, on another torch and machine
    result["environment"]["host"]["cpu_model"] = "Another CPU"
    result["verdict"] = "rejected"
    (b / "result.json").write_text(json.dumps(result))
    torch_a = json.loads((a / "result.json").read_text())["environment"]["versions"]["torch"]
    rc, out, err = run_cli("history", "--root", tmp_path / "runs")
    import re

    assert rc == 0 and "precision" in out and "fp32" in out and "this machine" in out
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d ", out)  # a date for people, not ISO's "…T…"
    rc, out, err = run_cli("history", "compare", "a", "b", "--root", tmp_path / "runs")
    assert rc == 0, err
    assert "changed: batch.micro_batch 4 → 2" in out and "-41.1 MiB" in out
    assert f"versions.torch {torch_a} → 2.99.0" in out and "host.cpu_model" in out, out
    assert "verdict: A accepted, B rejected" in out and "tokens/s: A " in out, out
    rc, out, err = run_cli("history", "compare", "a", "b", "--root", tmp_path / "runs", "--json")
    data = json.loads(out)
    assert data["changed"] == [{"field": "batch.micro_batch", "a": 4, "b": 2}]
    assert {"field": "versions.torch", "a": torch_a, "b": "2.99.0"} in data["environment"]
    rc, ru, err = run_cli("history", "compare", "a", "b", "--root", tmp_path / "runs", "--lang", "ru")
    assert rc == 0 and "вердикт: A принято, B отклонено" in ru and "где выполнялись: " in ru, ru
    rc, ru, err = run_cli("history", "--root", tmp_path / "runs", "--lang", "ru")
    assert rc == 0 and "дата (UTC)" in ru and "отклонено" in ru and "this machine" not in ru, ru


@pytest.mark.slow
def test_devices_auto_is_what_this_machine_has_everywhere(cli_main, tmp_path):
    """devices = "auto" is the devices present: the CPU on a machine without CUDA — in validate, the estimate
    (no CUDA context counted), the run's spec, its placement check (from what was measured), the report and
    the request; never a cuda:0 the machine lacks."""
    from trainsizer.hardware import inventory
    from trainsizer.spec import RunSpec

    expected = "cuda:0" if inventory().gpus else "cpu"
    spec = tmp_path / "auto.toml"
    RunSpec().replace(parallel={"devices": "auto"}, measure={"steps": 2, "warmup_steps": 1}).save(spec)
    code, out, err = cli_main("spec", "validate", spec)
    assert code == 0 and out.strip().endswith(f"runs on {expected})"), out + err
    code, out, err = cli_main("estimate", spec, "--json")
    data = json.loads(out)
    assert list(data["estimate"]["devices"]) == [expected] and data["devices"] == expected
    if expected == "cpu":
        assert (
            "cuda_context" not in data["estimate"]["devices"]["cpu"]["items"]
            or not (data["estimate"]["devices"]["cpu"]["items"]["cuda_context"])
        )
    run = tmp_path / "run"
    code, out, err = cli_main("measure", spec, "--out", run)
    assert code == 0, out + err
    result = json.loads((run / "result.json").read_text())
    assert result["spec"]["parallel"]["devices"] == expected
    placement = next(c for c in result["checks"] if c["id"] == "placement")
    assert placement["status"] == "passed" and placement["params"]["devices"] == expected, placement
    for what, fmt in (("report", "html"), ("request", "md")):
        code, out, err = cli_main(what, run, "--format", fmt, "-o", tmp_path / f"out.{fmt}")
        text = (tmp_path / f"out.{fmt}").read_text()
        assert code == 0 and (expected == "cuda:0" or "cuda:0" not in text), (what, err)


def test_the_terminal_speaks_russian_with_lang_ru(cli_main, english_words, tmp_path):
    """Issue 31, item 3, for the terminal: with --lang ru (or TRAINSIZER_LANG=ru) the estimate — on this
    machine and on a planned two-node target with its collectives — and the plan say nothing in English but
    the data they quote (the spec's values, paths, GPU classes), units, acronyms and code; the same commands
    in English fail the same check."""
    from trainsizer.spec import RunSpec

    small, big = (
        RunSpec(),
        RunSpec().replace(
            model={"preset": "llama-3.1-8b"},
            precision={"compute": "bf16-mixed"},
            parallel={"strategy": "fsdp", "devices": "auto"},
            batch={"micro_batch": 1, "seq_len": 2048},
        ),
    )
    paths = {"small": tmp_path / "small.toml", "big": tmp_path / "big.toml"}
    small.save(paths["small"])
    big.save(paths["big"])
    commands = [
        ("estimate", paths["small"]),
        ("estimate", paths["big"], "--devices", "2x8xH100-80GB"),
        ("plan", paths["big"], "--tokens", "1e10"),
    ]
    for args in commands:
        code, ru, err = cli_main(*args, "--lang", "ru")
        assert code in (0, 1) and "Traceback" not in err, err
        assert english_words(ru, small.to_dict(), big.to_dict(), str(tmp_path)) == [], (args, ru)
        code, en, err = cli_main(*args)
        assert len(english_words(en, small.to_dict(), big.to_dict(), str(tmp_path))) > 10, en
    code, ru, err = cli_main(*commands[1], env={"TRAINSIZER_LANG": "ru"})
    assert "размещение: fsdp, полное шардирование на 16 рангах" in ru and "обмен:" in ru, ru
