"""`trainsizer gui`: the application object, the language, the main window."""

from __future__ import annotations

import sys

BROKEN_BINDINGS = {
    "6.12.0": "every Signal.emit() drops a reference to True; the window aborts after a few minutes"
}


def binding_problem(version: str) -> str | None:
    """Why the installed PySide6 cannot run the window, or None (pyproject.toml excludes these versions
    too)."""
    why = BROKEN_BINDINGS.get(version)
    return (
        f"PySide6 {version} is not supported: {why}; install another version (pip install "
        f"'PySide6-Essentials!={version}')"
        if why
        else None
    )


class Shell:
    """Holds the one main window and rebuilds it when the language changes (settings remember the choice;
    the new window keeps the spec in the form)."""

    def __init__(self, language: str, history=None):
        from trainsizer.gui import i18n

        self.language, self.history = language, history
        i18n.install(language)
        self.window = self._make(language)

    def _make(self, language: str, spec=None):
        from trainsizer.gui.window import MainWindow

        win = MainWindow(language, history=self.history)
        if spec is not None:
            win.form.set_spec(spec)
        win.language_changed.connect(self.switch)
        self.window = win
        win.show()
        return win

    def switch(self, new: str) -> None:
        from trainsizer.gui import i18n

        old = self.window
        if old.controller.running() or new == self.language:
            return  # a running run keeps its window; the language applies next time
        i18n.settings().setValue("language", new)
        i18n.install(new)
        self.language = new
        win = self._make(new, old.form.spec)
        win.move(old.pos())
        win.resize(old.size())
        # a listed entry by its place (its words are the other language's now), a typed target as typed
        i = old.target.currentIndex()
        if i >= 0 and old.target.currentText() == old.target.itemText(i) and i < win.target.count():
            win.target.setCurrentIndex(i)
        else:
            win.target.setCurrentText(old.target.currentText())
        if old.results.result is not None and old.controller.run_dir is not None:
            win.open_run(old.controller.run_dir)  # the run on screen stays, re-rendered in the new language
            win.tabs.setCurrentIndex(old.tabs.currentIndex())
        old.estimate.shutdown()
        old.close()
        old.deleteLater()


def run_gui(
    argv: list[str] | None = None, open_path: str | None = None, quit_after: float | None = None
) -> int:
    import PySide6
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    problem = binding_problem(PySide6.__version__)
    if problem:
        print(f"trainsizer: {problem}", file=sys.stderr)
        return 3

    from trainsizer.datafiles import resource_dir
    from trainsizer.gui import i18n

    app = QApplication.instance() or QApplication(list(argv or sys.argv[:1]))
    app.setApplicationName("trainsizer")
    app.setOrganizationName("trainsizer")
    app.setDesktopFileName("io.github.trainsizer.trainsizer")
    icon = resource_dir("icons", "trainsizer.svg")
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    shell = Shell(i18n.chosen_language())
    win = shell.window
    if open_path:
        from pathlib import Path

        p = Path(open_path)
        if p.suffix in (".toml", ".json") and p.name != "result.json":
            win.open_spec(str(p))
        else:
            win.open_run(p)
    if quit_after is not None:  # smoke tests and the bundle's check: the window came up, then leave
        from PySide6.QtCore import QTimer

        def done():
            shown = shell.window
            print(
                f"window shown: {shown.windowTitle()} ({shown.width()}x{shown.height()}, {shell.language})",
                flush=True,
            )
            shown.close()
            app.quit()

        QTimer.singleShot(int(quit_after * 1000), done)
    return app.exec()
