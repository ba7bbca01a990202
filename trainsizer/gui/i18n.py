"""Languages through Qt's translation system: .ts sources and compiled .qm files in resources/i18n
(`make lupdate`, `make lrelease`). The language follows the system locale unless the settings say
otherwise."""

from __future__ import annotations

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QSettings,
    QTranslator,
)

LANGUAGES = {"en": "English", "ru": "Русский"}
_installed: list[QTranslator] = []


class PseudoTranslator(QTranslator):
    """Pseudo-localisation (TRAINSIZER_PSEUDO_L10N=1): every translatable text comes back bracketed and about
    40 % longer, so layouts that break with longer (Russian) strings show it, and any visible text that was
    not marked for translation stands out unbracketed. Placeholders (%1) are kept."""

    def translate(self, context, source, disambiguation=None, n=-1):
        if not source:
            return source
        return f"[{source}{'~' * max(2, len(source) * 2 // 5)}]"

    def isEmpty(self) -> bool:
        return False


def settings() -> QSettings:
    """The window's settings (language, hosts used, run folders opened): an INI file in trainsizer's config
    directory (platformdirs, read on every call, so XDG_CONFIG_HOME and the tests' folders are honoured)."""
    from pathlib import Path

    import platformdirs

    path = Path(platformdirs.user_config_dir("trainsizer", appauthor=False)) / "trainsizer.ini"
    return QSettings(str(path), QSettings.Format.IniFormat)


def recent(key: str) -> list[str]:
    """A list kept in the settings, newest first (an INI file returns a lone entry as a string)."""
    value = settings().value(key, []) or []
    return [value] if isinstance(value, str) else [str(v) for v in value]


def remember(key: str, entry: str, keep: int) -> None:
    """Put ``entry`` first in the list ``key``, once, keeping the newest ``keep``."""
    settings().setValue(key, list(dict.fromkeys([entry, *recent(key)]))[:keep])


def system_language() -> str:
    code = QLocale.system().name().split("_")[0]
    return code if code in LANGUAGES else "en"


def chosen_language() -> str:
    import os

    if os.environ.get("TRAINSIZER_PSEUDO_L10N"):
        return "pseudo"
    value = settings().value("language", "")
    return value if value in LANGUAGES else system_language()


def qm_dir():
    from trainsizer.datafiles import resource_dir

    return resource_dir() / "i18n"


def install(lang: str) -> bool:
    """Install the translators of ``lang`` (ours and Qt's own for standard dialogs); False when missing."""
    app = QCoreApplication.instance()
    for t in _installed:
        app.removeTranslator(t)
    _installed.clear()
    if lang == "en":
        return True
    if lang == "pseudo":
        pseudo = PseudoTranslator()
        app.installTranslator(pseudo)
        _installed.append(pseudo)
        return True
    ours = QTranslator()
    ok = ours.load(str(qm_dir() / f"trainsizer_{lang}.qm"))
    if ok:
        app.installTranslator(ours)
        _installed.append(ours)
    qt = QTranslator()
    if qt.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    return ok


def fill(text: str, *args) -> str:
    """Qt's placeholders in a translated text, filled in one pass: ``fill(self.tr("%1 of %2"), a, b)``.
    (One pass: a value that itself contains "%2" is never filled again.)"""
    import re

    return re.sub(
        r"%(\d+)",
        lambda m: str(args[int(m.group(1)) - 1]) if 0 < int(m.group(1)) <= len(args) else m.group(0),
        text,
    )


_DURATION = {  # textfmt.DURATION_FORMS in Qt's placeholders, for lupdate
    "s": QT_TRANSLATE_NOOP("Duration", "%1 s"),
    "min_s": QT_TRANSLATE_NOOP("Duration", "%1 min %2 s"),
    "h": QT_TRANSLATE_NOOP("Duration", "%1 h"),
    "d": QT_TRANSLATE_NOOP("Duration", "%1 d"),
}


def duration_word(form: str, *figures) -> str:
    """``textfmt.fmt_duration``'s wording in the window's language."""
    return fill(QCoreApplication.translate("Duration", _DURATION[form]), *figures)


def time_axis(item, title: str) -> None:
    """A plot's bottom axis in seconds, its unit in the window's language; no SI prefix (pyqtgraph's "ks"
    beside a Russian "с" would mix alphabets, and a run's seconds stay readable as they are)."""
    item.getAxis("bottom").enableAutoSIPrefix(False)
    item.setLabel("bottom", title, units=QCoreApplication.translate("Duration", "s"))
