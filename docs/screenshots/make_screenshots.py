"""Screenshots of the main window after a run, in a real window: `xvfb-run -a -s "-screen 0 1600x1000x24"
python docs/screenshots/make_screenshots.py [RUN_DIR]` writes main-en.png and main-ru.png beside this file.

RUN_DIR defaults to the recorded `trainsizer check` of the tiny preset in tests/data (a real run on a 2-core
CPU)."""

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUN = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[1] / "tests" / "data" / "recorded_check"


def shoot(lang: str) -> Path:
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from trainsizer.gui import i18n
    from trainsizer.gui.window import MainWindow

    i18n.install(lang)
    win = MainWindow(lang, history=Path(os.environ.get("TMPDIR", "/tmp")) / "trainsizer-shots")
    win.resize(1560, 960)
    win.show()
    replay = win.open_run(RUN)
    loop = QEventLoop()
    replay.finished.connect(lambda _r: QTimer.singleShot(300, loop.quit))
    loop.exec()
    deadline = QTimer(singleShot=True, interval=60000)
    deadline.timeout.connect(loop.quit)
    poll = QTimer(interval=100)
    poll.timeout.connect(lambda: loop.quit() if win.estimate.report is not None else None)
    deadline.start()
    poll.start()
    loop.exec()  # the live estimate (first one imports torch)
    poll.stop()
    win.tabs.setCurrentWidget(win.results_scroll)
    QTimer.singleShot(500, loop.quit)
    loop.exec()
    out = HERE / f"main-{lang}.png"
    win.screen().grabWindow(win.winId()).save(str(out))
    win.estimate.shutdown()
    win.close()
    QApplication.processEvents()
    return out


if __name__ == "__main__":
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    for lang in ("en", "ru"):
        print(shoot(lang))
