"""The installed Qt binding must not lose references when signals are emitted: PySide6 6.12.0 drops one
reference to True per SignalInstance.emit() (pyqtgraph emits on every redraw), and a run of a few minutes
then aborts the whole process ("bool_dealloc"). pyproject.toml excludes that version; this test proves the
installed one is sound."""

import sys

import pytest

pytestmark = pytest.mark.gui


def test_signal_emission_keeps_reference_counts(qapp):
    from PySide6.QtCore import QObject, Signal

    class Source(QObject):
        text = Signal(str)
        event = Signal(dict)

    src = Source()
    got = []
    src.text.connect(got.append)
    src.event.connect(got.append)
    before = sys.getrefcount(True), sys.getrefcount(False), sys.getrefcount(None)
    for _ in range(200):
        src.text.emit("x")
        src.event.emit({"allocated": None, "ok": True})
    got.clear()
    after = sys.getrefcount(True), sys.getrefcount(False), sys.getrefcount(None)
    assert [a - b for a, b in zip(after, before, strict=True)] == [0, 0, 0]


def test_the_gui_refuses_a_binding_known_to_crash():
    from trainsizer.gui.app import binding_problem

    assert binding_problem("6.12.0") and "6.12.0" in binding_problem("6.12.0")
    assert binding_problem("6.11.3") is None


def test_the_preflight_of_make_run_starts_a_real_qapplication(monkeypatch):
    """Issue 31: `make run` asks trainsizer.gui.preflight whether the window can open. Importing the GUI
    passes where Qt's platform plugin cannot load (it aborts inside Qt): the preflight starts a QApplication
    in a child process, so a plugin that cannot start (xcb without an X server here) is a reason, not a
    crash."""
    from trainsizer.gui import preflight

    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert preflight.why_not() is None
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.delenv("DISPLAY", raising=False)
    reason = preflight.why_not()
    assert reason and reason.startswith("Qt cannot start its window here:") and "xcb" in reason, reason
