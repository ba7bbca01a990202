"""Loaded by Python's site module at start-up of the customer's command (engine ``command``), because
trainsizer put this folder first on PYTHONPATH and set TRAINSIZER_TRAINER_EVENTS (docs/protocol.md).

It changes nothing in the script: when — and only when — the script imports ``transformers.trainer``, the
module's ``Trainer.__init__`` is wrapped to add one TrainerCallback (``add_callback``, the Trainer's
documented way), which appends one JSON line per optimizer step (step, loss, gradient norm, learning rate,
seconds, and the token positions of the batches it trained on, counted by a thin wrapper of this Trainer's
``training_step``) to the file TRAINSIZER_TRAINER_EVENTS names. For the resume check's stopped run,
TRAINSIZER_STOP_AT_STEP=k makes the callback ask the Trainer, at the end of step k, to save its checkpoint
(its own code, into its own output folder) and stop — the run's configuration (max_steps, the schedule)
unchanged. The environment's own ``sitecustomize``, if any, is still imported after this one. Standard
library only; any failure here is swallowed so the customer's command always runs.
"""

import importlib
import importlib.abc
import importlib.util
import json
import os
import sys
import time

_EVENTS = os.environ.get("TRAINSIZER_TRAINER_EVENTS")
_STOP_AT = os.environ.get("TRAINSIZER_STOP_AT_STEP")
_HERE = os.path.dirname(os.path.abspath(__file__))


def _write(record):
    try:
        with open(_EVENTS, "a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")
    except OSError:
        pass


def _callback():
    from transformers import TrainerCallback

    class TrainsizerWatch(TrainerCallback):
        """trainsizer's observer: step times and the logged loss; it changes no control flow."""

        def __init__(self):
            self.t0 = None
            self.seconds = {}
            self.counting = 0  # token positions of this step's batches on this rank (_count_tokens)
            self.tokens = {}  # optimizer step -> token positions over all ranks

        def on_step_begin(self, args, state, control, **kwargs):
            self.t0 = time.perf_counter()
            self.counting = 0

        def on_step_end(self, args, state, control, **kwargs):
            if self.t0 is not None:
                self.seconds[state.global_step] = time.perf_counter() - self.t0
            if self.counting:  # every rank trains on a batch of the same shape (data parallel)
                self.tokens[state.global_step] = self.counting * max(int(getattr(args, "world_size", 1)), 1)
            if _STOP_AT and state.global_step >= int(_STOP_AT):
                control.should_save = True  # the Trainer's own checkpoint of this step
                control.should_training_stop = True
                if state.is_world_process_zero:
                    _write({"type": "stopped", "step": state.global_step})

        def on_log(self, args, state, control, logs=None, **kwargs):
            logs = logs or {}
            if "loss" in logs and state.is_world_process_zero:
                _write(
                    {
                        "type": "step",
                        "index": state.global_step - 1,
                        "loss": float(logs["loss"]),
                        "grad_norm": float(logs["grad_norm"]) if logs.get("grad_norm") is not None else None,
                        "lr": float(logs.get("learning_rate") or 0.0),
                        "seconds": self.seconds.get(state.global_step),
                        "tokens": self.tokens.get(state.global_step),
                    }
                )

    return TrainsizerWatch


def _model_record(trainer):
    """The live model the script trains, as the report names it: parameters, trainable ones, dtype, class,
    and the batch its arguments give (per device × accumulation)."""
    model = trainer.model
    params = list(model.parameters())
    config = getattr(model, "config", None)
    args = trainer.args
    return {
        "type": "model",
        "class": type(model).__name__,
        "name": getattr(config, "_name_or_path", None) or getattr(config, "model_type", None),
        "total_params": sum(p.numel() for p in params),
        "trainable_params": sum(p.numel() for p in params if p.requires_grad),
        "dtype": str(params[0].dtype).replace("torch.", "") if params else None,
        "batch_per_device": getattr(args, "per_device_train_batch_size", None),
        "grad_accum": getattr(args, "gradient_accumulation_steps", None),
    }


def _count_tokens(trainer, watch):
    """Count the token positions (``input_ids``' elements) of each batch the Trainer trains on: wraps this
    Trainer's ``training_step`` to look at its inputs (no copy, no device sync), then calls it unchanged."""
    original = trainer.training_step

    def training_step(model, inputs, *args, **kwargs):
        try:
            ids = inputs.get("input_ids") if hasattr(inputs, "get") else None
            if ids is not None and hasattr(ids, "numel"):
                watch.counting += int(ids.numel())
        except Exception:
            pass
        return original(model, inputs, *args, **kwargs)

    trainer.training_step = training_step


def _patch(module):
    trainer = getattr(module, "Trainer", None)
    if trainer is None or getattr(trainer, "_trainsizer_watched", False):
        return
    original = trainer.__init__

    def __init__(self, *args, **kwargs):
        original(self, *args, **kwargs)
        try:
            watch = _callback()()
            self.add_callback(watch)
            _count_tokens(self, watch)
        except Exception:
            pass
        try:
            _write(_model_record(self))
        except Exception:
            pass

    trainer.__init__ = __init__
    trainer._trainsizer_watched = True


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name != "transformers.trainer":
            return None
        sys.meta_path.remove(self)  # once: the module is found by the normal finders, then patched
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        execute = spec.loader.exec_module

        def exec_module(module):
            execute(module)
            try:
                _patch(module)
            except Exception:
                pass

        spec.loader.exec_module = exec_module
        return spec


def _chain_sitecustomize():
    """Import the environment's own sitecustomize (found after this folder), as Python would have."""
    me = sys.modules.pop("sitecustomize", None)
    saved = list(sys.path)
    try:
        sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]
        importlib.import_module("sitecustomize")
    except ImportError:
        if me is not None:
            sys.modules["sitecustomize"] = me
    except Exception:
        pass
    finally:
        sys.path[:] = saved


if _EVENTS:
    sys.meta_path.insert(0, _Finder())
_chain_sitecustomize()
