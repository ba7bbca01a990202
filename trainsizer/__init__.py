"""trainsizer: prove that a machine can train a model, and write down the proof.

Importing this package stays instant: torch, transformers, PySide6 and pynvml are imported
only inside the functions that need them (docs/architecture.md, "Rooms and arrows").
"""

__version__ = "0.1.0"


def configure_logging(default: str = "WARNING") -> None:
    """Logging for an entry point (the CLI, the worker, the window), once: level from TRAINSIZER_LOG
    (DEBUG, INFO, WARNING…), messages on stderr. Library modules only ever call ``logging.getLogger``."""
    import logging
    import os

    level = os.environ.get("TRAINSIZER_LOG", default).upper()
    logging.basicConfig(
        level=getattr(logging, level, logging.WARNING),
        format="trainsizer %(levelname)s %(name)s: %(message)s",
    )
