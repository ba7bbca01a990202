"""`trainsizer check`: estimate, measured steps, held-out quality and the resume check, with the five
acceptance checks and a verdict in result.json (written atomically, also when a stage fails). The stages are
run by runs/engines.conduct with the engine the spec names."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from trainsizer.runs.engines import FULL, conduct


def check(
    spec,
    out: str | Path,
    *,
    on_event=None,
    on_stage=None,
    memory_limit: int | None = None,
    break_resume: str | None = None,
    cancel_event: threading.Event | None = None,
    force: bool = False,
    resume_phase: str | None = None,
) -> dict[str, Any]:
    """Run the whole acceptance check of ``spec`` into ``out``. ``cancel_event`` stops it (what runs is
    stopped and reaped); result.json then says what ran and that the run was cancelled. ``resume_phase``
    "stop" ends the resume check at the stopped run's checkpoint, for ``continue_resume`` in a new process
    ("continue": that second half, in the same run folder)."""
    if resume_phase == "continue":
        from trainsizer.runs.engines import continue_resume

        return continue_resume(spec, out, on_event=on_event, on_stage=on_stage, cancel_event=cancel_event)
    return conduct(
        spec,
        out,
        FULL,
        on_event=on_event,
        on_stage=on_stage,
        memory_limit=memory_limit,
        break_resume=break_resume,
        cancel_event=cancel_event,
        force=force,
        resume_phase=resume_phase,
    )
