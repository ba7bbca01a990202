"""GUI fixtures: a main window whose history lives in the test's temporary folder, closed at the end."""

import contextlib
from pathlib import Path

import pytest

RECORDED = Path(__file__).resolve().parent.parent / "data" / "recorded_check"


@contextlib.contextmanager
def open_window(qtbot, tmp_path, monkeypatch):
    """A main window with its history, data and settings in the test's folder; its run stopped at the end."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    from trainsizer.gui.window import MainWindow

    win = MainWindow(history=tmp_path / "history")
    qtbot.addWidget(win)
    win.show()
    try:
        yield win
    finally:
        if win.controller.running():
            win.controller.cancel()
            win.controller.wait(60)
        win.estimate.shutdown()


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    with open_window(qtbot, tmp_path, monkeypatch) as win:
        yield win
