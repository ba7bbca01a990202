"""Test set-up: Qt offscreen, hub offline, the gpu marker skipping with its reason."""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

# Without a display Qt aborts the whole process (uncatchable): force offscreen before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# The runs, probes, caches and settings trainsizer keeps (platformdirs: XDG on Linux) go to a folder of this
# test session, for this process and every process it starts: a developer's own history and probes never
# reach a test's result, and two test processes (pytest-xdist's workers) never share them.
_HOME = tempfile.mkdtemp(prefix="trainsizer-tests-")
atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
for _var in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
    os.environ[_var] = os.path.join(_HOME, _var.lower())

import pytest  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


def _has_cuda() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


def pytest_collection_modifyitems(config, items):
    if any("gpu" in item.keywords for item in items) and not _has_cuda():
        skip = pytest.mark.skip(
            reason="needs a CUDA device; this machine has none (torch.cuda.is_available() is False)"
        )
        for item in items:
            if "gpu" in item.keywords:
                item.add_marker(skip)


@pytest.fixture
def run_cli():
    """Run the real CLI in a subprocess: returns (exit code, stdout, stderr)."""
    import subprocess

    def run(*args, cwd=None, env=None, timeout=300):
        full_env = dict(os.environ, **(env or {}))
        p = subprocess.run(
            [PYTHON, "-m", "trainsizer", *map(str, args)],
            capture_output=True,
            text=True,
            cwd=cwd,
            env=full_env,
            timeout=timeout,
        )
        return p.returncode, p.stdout, p.stderr

    return run


@pytest.fixture
def cli_main(monkeypatch):
    """The real CLI in this process (no interpreter start, no torch import per call): (exit code, stdout,
    stderr)."""
    import contextlib
    import io

    from trainsizer.cli import main

    def run(*args, env=None, cwd=None):
        for key, value in (env or {}).items():
            monkeypatch.setenv(key, value)
        if cwd:
            monkeypatch.chdir(cwd)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                rc = main([str(a) for a in args])
            except SystemExit as e:  # argparse: --version, --help, usage errors
                rc = e.code if isinstance(e.code, int) else 2
        return rc, out.getvalue(), err.getvalue()

    return run


@pytest.fixture
def runs_drawn():
    """Asserts that the report's memory chart of a run folder labels each run of the check with ``words``
    (in order) and draws the host's RSS once per run — never one line joining the end of one process to the
    start of the next (issue 29, item 4) — and that the Russian report words them too."""
    import re
    from html import unescape

    from trainsizer.report.content import load_run
    from trainsizer.report.html import render_html

    def check(out, words):
        html = render_html(load_run(out))
        labels = re.findall(r'<g class="run" data-run="[^"]+"><rect[^>]*><title>([^<]*)</title>', html)
        assert [unescape(w) for w in labels] == words, labels
        polylines = html.count('stroke-width="1.5" points=')  # host RSS on the CPU: one curve per run
        assert polylines == len(words), polylines
        ru = render_html(load_run(out), "ru")
        ru_labels = re.findall(r'<g class="run" data-run="[^"]+"><rect[^>]*><title>([^<]*)</title>', ru)
        assert len(ru_labels) == len(words) and not set(ru_labels) & set(labels), ru_labels

    return check


# Latin words a Russian text may hold besides the data it quotes: units, acronyms, product and tool names.
LATIN_ALLOWED = {
    "MiB", "GiB", "KiB", "TiB", "GB", "MB", "TFLOP", "GFLOP", "GPU", "GPUs", "CPU", "CUDA", "NVIDIA", "NVML",
    "PCIe", "NVLink", "NVSwitch", "RSS", "MFU", "UUID", "Linux", "Slurm", "SSH", "ECC", "trainsizer",
    "TrainerCallback", "Trainer", "GEMM", "PID", "ZeRO", "DDP", "FSDP", "AdamW", "sinfo", "Gres", "stderr",
    "fsync", "gloo", "nccl", "TF", "HBM", "SXM", "PCIE", "Gb", "float", "bfloat", "cuda", "transformers",
    "autograd", "torch", "RoPE", "SDPA", "TRL", "SFTTrainer", "RNG",
}  # fmt: skip


def data_words(value) -> set[str]:
    """Every Latin word in data a text quotes (a spec, an environment, a path, a model's name)."""
    import re

    if isinstance(value, dict):
        return set().union(*(data_words(k) | data_words(v) for k, v in value.items())) if value else set()
    if isinstance(value, list | tuple | set):
        return set().union(*map(data_words, value)) if value else set()
    return set(re.findall(r"[A-Za-z]+", str(value)))


@pytest.fixture
def english_words():
    """The Latin words of a text that are neither units, acronyms and names (LATIN_ALLOWED), nor the data it
    quotes (``data``: anything data_words reads: specs, paths, GPU classes), nor code (`...`, --options)."""
    import dataclasses
    import re

    from trainsizer.hardware.accelerators import all_accelerators
    from trainsizer.presets.catalog import list_presets
    from trainsizer.spec import RunSpec

    codes = []  # the spec's field names and choices, as a plan's changes to the spec quote them
    spec = RunSpec()
    for section in dataclasses.fields(RunSpec):
        value = getattr(spec, section.name)
        codes.append(section.name)
        for f in dataclasses.fields(value) if dataclasses.is_dataclass(value) else ():
            codes += [f.name, *(f.metadata.get("choices") or ())]
    classes = list(all_accelerators())

    def words(text: str, *data) -> list[str]:
        allowed = LATIN_ALLOWED | data_words([*data, [p.name for p in list_presets()], classes, codes])
        allowed |= {w for name in classes for w in re.findall(r"x[A-Za-z]+", f"1x{name}")}
        text = re.sub(r"`[^`]*`|--[a-z][a-z-]*|\[[a-z]+\]|[a-z_]+\.[a-z_]+", " ", text)
        return sorted(set(re.findall(r"[A-Za-z]{2,}", text)) - allowed)

    return words
