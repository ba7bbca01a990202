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
