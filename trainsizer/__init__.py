"""trainsizer: prove that a machine can train a model, and write down the proof.

Importing this package stays instant: torch, transformers, PySide6 and pynvml are imported
only inside the functions that need them (docs/architecture.md, "Rooms and arrows").
"""

__version__ = "0.1.0"
