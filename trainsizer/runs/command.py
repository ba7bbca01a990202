"""The customer's own training command, measured from outside (engine ``command``).

trainsizer starts the argument list (no shell) in its own process group, in the working folder the spec
names (default: the run folder), writes its stdout and stderr to ``command-stdout.log`` /
``command-stderr.log`` in the run folder, and samples the memory of its whole process tree from this
process: RSS per process summed, the unique set (USS: pages no other process shares, psutil's
``memory_full_info``) once a second, and per-GPU memory of its processes through NVML (or the device's used
memory above the idle baseline, labelled so, where NVML has no per-process figures). Step times come from
inside only when the script says them: ``engine.step_pattern``, a regular expression with a ``step`` group
(and an optional ``loss``), matched on its output lines; a step's time is the time between two matching
lines. Without a pattern the result says that the step time was not observable.

The command is stopped — its group, then every descendant seen, also one that left the group — on cancel, at
``engine.time_limit_s``, and when it ends; nothing it started is left running.
"""

from __future__ import annotations

import collections
import json
import os
import re
import subprocess
import threading
import time
from typing import Any

from trainsizer import oscompat
from trainsizer.runs.launcher import WorkerProcess, follow
from trainsizer.runs.protocol import parent_event, run_event
from trainsizer.runs.rundir import RunDir
from trainsizer.stats import step_statistics

TAIL = 40  # lines of stderr and stdout kept for the result
# A Python exception's last line ("ValueError: bad shard", "torch.OutOfMemoryError: CUDA out of memory"): the
# script's own error. A launcher (torchrun, accelerate) reports its child's failure after it with an exception
# of its own, which names only the launcher: those are passed over.
EXCEPTION_LINE = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt)\b(?::.*)?$")
LAUNCHER_ERRORS = ("ChildFailedError", "torch.distributed.elastic", "CalledProcessError")


class CommandCancelled(KeyboardInterrupt):
    """Ctrl-C, SIGTERM or SIGHUP during the command: its tree is stopped; ``measurement`` keeps what was
    measured until then."""

    def __init__(self, measurement: dict[str, Any]):
        super().__init__("cancelled")
        self.measurement = measurement


class CommandProcess(WorkerProcess):
    def __init__(
        self,
        spec,
        run_dir: RunDir,
        on_event=None,
        memory_limit=None,
        *,
        stop_at: tuple[str, int] | None = None,
        run: dict[str, Any] | None = None,
    ):
        super().__init__(run_dir, list(spec.engine.command), on_event, memory_limit, run=run)
        self.spec = spec
        # the resume check's stopped run: ("trainer", k) — the injected callback saves and stops at step k;
        # ("signal", k) — SIGINT to its group after its k-th step line (the script saves on it, or not)
        self.stop_at = stop_at
        self.signalled_at: int | None = None
        self.pattern = re.compile(spec.engine.step_pattern) if spec.engine.step_pattern else None
        self.metric = re.compile(spec.engine.metric_pattern) if spec.engine.metric_pattern else None
        self.metric_values: list[float] = []
        self.tails = {"stdout": collections.deque(maxlen=TAIL), "stderr": collections.deque(maxlen=TAIL)}
        self.steps: list[dict[str, Any]] = []
        self._last_step_t: float | None = None
        self._metric_t: float | None = None  # when the last metric (evaluation) line came
        self.seen: dict[int, Any] = {}  # every descendant the sampler saw: pid -> psutil.Process
        self.peaks: dict[str, Any] = {"rss": 0, "uss": 0, "gpu": {}}
        self.process_peaks: dict[int, tuple[int, str]] = {}  # pid: (its own RSS peak, what it runs)
        self.gpu_basis: str | None = None
        self._stop = threading.Event()
        self.started = self.ended = 0.0
        self.lines = 0
        self.trainer_events = run_dir.path / "command-trainer.jsonl"
        self._trainer_offset = 0
        self.trainer_steps: list[dict[str, Any]] = []
        self.trainer_model: dict[str, Any] | None = None  # the live model, as the injected hook read it

    def start(self) -> CommandProcess:
        self.announce()
        env = dict(os.environ)
        env.update(item.split("=", 1) for item in self.spec.engine.env)
        env.setdefault("PYTHONUNBUFFERED", "1")
        if self.stop_at and self.stop_at[0] == "trainer":
            env["TRAINSIZER_STOP_AT_STEP"] = str(self.stop_at[1])
        try:  # the runs of one check share the file: this one reads only what it appends
            self._trainer_offset = self.trainer_events.stat().st_size
        except OSError:
            self._trainer_offset = 0
        if self.spec.engine.trainer_callback:  # runs/inject/sitecustomize.py: a TrainerCallback, if any
            inject = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inject")
            env["PYTHONPATH"] = os.pathsep.join(p for p in (inject, env.get("PYTHONPATH")) if p)
            env["TRAINSIZER_TRAINER_EVENTS"] = str(self.trainer_events)
        cwd = os.path.expanduser(self.spec.engine.cwd) if self.spec.engine.cwd else str(self.run_dir.path)
        self.started = time.monotonic()
        try:
            self.proc = subprocess.Popen(
                self.command,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                stdin=subprocess.DEVNULL,
                env=env,
                cwd=cwd,
                **oscompat.new_group_kwargs(),
                preexec_fn=oscompat.command_preexec(self.memory_limit),
            )
        except OSError as e:  # a missing program, a folder without permission: a result, not a traceback
            self.start_error = f"{type(e).__name__}: {e}"
            return self
        self._deliver(
            parent_event("hello", pid=self.proc.pid, command=self.command, cwd=cwd, engine="command")
        )
        self._pumps = [
            threading.Thread(target=self._pump, args=(name,), name=f"trainsizer-{name}", daemon=True)
            for name in ("stdout", "stderr")
        ]
        for pump in self._pumps:
            pump.start()
        self._reader = threading.Thread(target=self._sample, name="trainsizer-sampler", daemon=True)
        self._reader.start()
        return self

    start_error: str | None = None
    script_error: str | None = None  # the last exception line of the script itself on stderr

    # -- output ------------------------------------------------------------------------------------------
    def _pump(self, name: str) -> None:
        stream = getattr(self.proc, name)
        with open(self.run_dir.path / f"command-{name}.log", "ab") as log:
            for raw in stream:
                now = time.monotonic()
                try:
                    log.write(raw)
                    log.flush()
                except OSError:
                    pass  # a full disk: the lines still reach the tail and the pattern
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                self.tails[name].append(line[:500])
                if name == "stderr" and EXCEPTION_LINE.match(line.strip()):
                    if not any(x in line for x in LAUNCHER_ERRORS):
                        self.script_error = line.strip()[:500]
                self.lines += 1
                if self.pattern is not None:
                    self._match(line, now)
                if self.metric is not None and (m := self.metric.search(line)):
                    self._metric_t = now
                    try:
                        self.metric_values.append(float(m.group("value")))
                    except ValueError:
                        pass

    def _match(self, line: str, now: float) -> None:
        m = self.pattern.search(line)
        if not m:
            return
        try:
            step = int(m.group("step"))
        except (ValueError, IndexError):
            return
        loss = None
        if "loss" in self.pattern.groupindex and m.group("loss") is not None:
            try:
                loss = float(m.group("loss"))
            except ValueError:
                loss = None
        seconds = now - self._last_step_t if self._last_step_t is not None else None
        # an evaluation between two step lines (its metric line came in between) is not a training step's time
        evaluated = (
            seconds is not None and self._metric_t is not None and self._last_step_t <= self._metric_t <= now
        )
        self._last_step_t = now
        info = {"index": step, "loss": loss, "seconds": seconds, "measured": seconds is not None}
        if evaluated:
            info["includes_eval"] = True
        self.steps.append(info)
        # the stop first: delivering the step (a file, a terminal, a connection) may wait, and a signal sent
        # late lets the script run past step k — then nothing about resuming is proven
        if self.stop_at and self.stop_at[0] == "signal" and self.signalled_at is None:
            if len(self.steps) >= self.stop_at[1]:
                import signal

                self.signalled_at = step
                self._signal_group(signal.SIGINT)
        self._deliver(parent_event("step", t=self._t(now), total=None, **info))

    # -- memory, from outside ----------------------------------------------------------------------------
    def _sample(self) -> None:
        import psutil

        from trainsizer.worker.sampler import NvmlReader

        interval = 1.0 / self.spec.measure.sample_hz
        try:
            leader = psutil.Process(self.proc.pid)
        except psutil.Error:
            return
        nvml = NvmlReader(list(range(_gpu_count())))
        baseline = {i: nvml.used(i) for i in nvml.handles}
        last_uss = 0.0
        while not self._stop.is_set() and self.proc.poll() is None:
            procs = [leader]
            try:
                procs += leader.children(recursive=True)
            except psutil.Error:
                pass
            for p in procs:
                self.seen.setdefault(p.pid, p)
            rss = 0
            for p in procs:
                try:
                    mine = p.memory_info().rss
                except psutil.Error:
                    continue
                rss += mine
                before = self.process_peaks.get(p.pid)
                if before is None or mine > before[0]:
                    self.process_peaks[p.pid] = (mine, before[1] if before else _process_name(p))
            self.peaks["rss"] = max(self.peaks["rss"], rss)
            host = {"rss": rss}
            if time.monotonic() - last_uss >= 1.0:  # smaps are costly: once a second
                last_uss = time.monotonic()
                uss = 0
                for p in procs:
                    try:
                        uss += p.memory_full_info().uss
                    except (psutil.Error, AttributeError):
                        pass
                self.peaks["uss"] = max(self.peaks["uss"], uss)
                host["uss"] = uss
            vm = psutil.virtual_memory()
            host.update(system_used=vm.total - vm.available, system_total=vm.total)
            devices = self._gpu(nvml, baseline, {p.pid for p in procs})
            self._deliver(parent_event("sample", t=self._t(), devices=devices, host=host))
            self._poll_trainer()
            self._stop.wait(interval)

    def _poll_trainer(self) -> None:
        """New step records of the injected TrainerCallback, as step events."""
        import json

        try:
            with open(self.trainer_events, "rb") as f:
                f.seek(self._trainer_offset)
                data = f.read()
        except OSError:
            return
        complete = data[: data.rfind(b"\n") + 1]
        self._trainer_offset += len(complete)
        for line in complete.splitlines():
            try:
                rec = json.loads(line)
                if rec.get("type") == "model":
                    self.trainer_model = {k: v for k, v in rec.items() if k != "type"}
                    continue
                info = {
                    "index": int(rec["index"]),
                    "loss": rec.get("loss"),
                    "grad_norm": rec.get("grad_norm"),
                    "lr": rec.get("lr"),
                    "seconds": rec.get("seconds"),
                    "tokens": rec.get("tokens") if isinstance(rec.get("tokens"), int) else None,
                }
            except (ValueError, KeyError, TypeError):
                continue
            info["measured"] = info["seconds"] is not None
            self.trainer_steps.append(info)
            self._deliver(parent_event("step", t=self._t(), total=None, source_of_step="trainer", **info))

    def _gpu(self, nvml, baseline, pids) -> dict[str, dict[str, Any]]:
        out = {}
        for index, handle in nvml.handles.items():
            used, basis = _process_gpu_memory(handle, pids), "nvml_process"
            if used is None:  # no per-process figures (containers, some drivers): the device above idle
                device = nvml.used(index)
                used = None if device is None else max(0, device - (baseline.get(index) or 0))
                basis = "nvml_device_minus_idle"
            self.gpu_basis = basis
            dev = f"cuda:{index}"
            out[dev] = {"allocated": None, "reserved": None, "nvml_used": used, "util": _utilization(handle)}
            if used is not None:
                self.peaks["gpu"][dev] = max(self.peaks["gpu"].get(dev, 0), used)
        return out

    # -- the end -----------------------------------------------------------------------------------------
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def wait(self, timeout: float | None = None) -> int:
        if self.proc is None:
            return -1
        self.proc.wait(timeout=timeout)
        self.ended = time.monotonic()
        self._stop.set()
        if self._reader:
            self._reader.join(timeout=10)
        self._signal_group(oscompat.kill_signal())
        self._poll_trainer()
        self.left_behind = _stop_all(self.seen.values(), self.proc.pid)
        for pump in getattr(self, "_pumps", ()):  # every line it wrote is read and matched before the result
            pump.join(timeout=10)
        self.returncode = self.proc.returncode
        return self.returncode

    left_behind: int = 0

    def _t(self, now: float | None = None) -> float:
        return round((now if now is not None else time.monotonic()) - self.started, 6)


def _process_name(p) -> str:
    """What a process runs, for people: its program and first argument by their file names
    ("python3 train.py", "trl sft")."""
    try:
        argv = p.cmdline() or [p.name()]
    except Exception:  # psutil.Error, or a process gone meanwhile
        return "?"
    return " ".join(os.path.basename(a) if i < 2 else a for i, a in enumerate(argv[:3]))[:80]


def largest_process(peaks: dict[int, tuple[int, str]]) -> dict[str, Any] | None:
    """The process of the tree with the highest RSS peak of its own: {pid, name, rss}."""
    if not peaks:
        return None
    pid, (rss, name) = max(peaks.items(), key=lambda kv: kv[1][0])
    return {"pid": pid, "name": name, "rss": rss}


def _gpu_count() -> int:
    try:
        import pynvml

        pynvml.nvmlInit()
        return pynvml.nvmlDeviceGetCount()
    except Exception:  # no NVIDIA driver: the normal "no GPU" state
        return 0


def _utilization(handle) -> int | None:
    """The device's GPU utilisation in percent over NVML's last sample period (None where unavailable)."""
    try:
        import pynvml

        return int(pynvml.nvmlDeviceGetUtilizationRates(handle).gpu)
    except Exception:
        return None


def _process_gpu_memory(handle, pids: set[int]) -> int | None:
    try:
        import pynvml

        infos = pynvml.nvmlDeviceGetComputeRunningProcesses(handle)
    except Exception:
        return None
    mine = [i.usedGpuMemory for i in infos if i.pid in pids and i.usedGpuMemory is not None]
    return sum(mine) if infos else 0


def _stop_all(processes, leader: int) -> int:
    """Kill every descendant still alive (one that left the process group too); how many there were."""
    import psutil

    alive = []
    for p in processes:
        if p.pid == leader:
            continue
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                p.kill()
                alive.append(p)
        except psutil.Error:
            pass
    psutil.wait_procs(alive, timeout=5)
    return len(alive)


def run_command(
    spec,
    rd: RunDir,
    on_event=None,
    memory_limit=None,
    cancel_event=None,
    keep: dict | None = None,
    *,
    reference: bool = False,
) -> dict[str, Any]:
    """Run the customer's command to its end (or its time limit, or a cancel) and return the measurement;
    ``keep["process"]`` is the finished process (its steps are the resume check's uninterrupted run, and
    ``reference`` says so in its run event)."""
    run = run_event("measure_reference") if reference else run_event("measure")
    cp = CommandProcess(spec, rd, on_event, memory_limit, run=run).start()
    if keep is not None:
        keep["process"] = cp
    meas: dict[str, Any] = {"engine": {"name": "command", "command": list(spec.engine.command)}, "oom": None}
    if cp.start_error:
        meas["failure"] = f"the command did not start: {cp.start_error}"
        return meas
    interrupted = False
    try:
        follow(cp, cancel_event, timeout=spec.engine.time_limit_s)
    except KeyboardInterrupt:  # the group is stopped and reaped by follow(); keep what was measured
        interrupted = True
    wall = (cp.ended or time.monotonic()) - cp.started
    steps = cp.trainer_steps or cp.steps  # the Trainer's own account when the command used one
    # the step lines' times, as the worker's engines time steps: without the warm-up steps
    # (measure.warmup_steps: compilation, allocator and data-loader warm-up) and without an interval that
    # held an evaluation (a metric line came between its two step lines)
    warm = spec.measure.warmup_steps
    after_warmup = steps[warm:] if len(steps) > warm else []
    timed = [s["seconds"] for s in after_warmup if s["seconds"] is not None and not s.get("includes_eval")]
    meas.update(
        wall_s=wall,
        exit_code=cp.returncode,
        host_rss=cp.peaks["rss"] or None,
        host_uss=cp.peaks["uss"] or None,
        # the tree's RSS is a sum over its processes (a launcher and its trainer, torchrun and its ranks):
        # how many there were, and the one with the highest peak of its own, named
        host_processes=len(cp.process_peaks) or None,
        host_rss_largest=largest_process(cp.process_peaks),
        peak={
            dev: {"allocated": None, "reserved": None, "nvml_used": v} for dev, v in cp.peaks["gpu"].items()
        },
        gpu_basis=cp.gpu_basis,
        steps_observed=len(steps),
        step_source="Trainer callback"
        if cp.trainer_steps
        else "log pattern"
        if cp.pattern is not None
        else None,
        stderr_tail=list(cp.tails["stderr"]),
        stdout_tail=list(cp.tails["stdout"]),
        left_behind=cp.left_behind,
        metric_values=list(cp.metric_values),
    )
    if cp.trainer_model:  # read from the script's own model, not from the spec's [model]
        meas["model"] = {**cp.trainer_model, "source": "trainer_hook"}
    meas["step_time_s"] = step_statistics(timed)  # the same statistics as the worker's engines
    meas["step_time_left_out"] = {
        "warmup": min(warm, len(steps)),
        "evaluation": sum(1 for s in after_warmup if s.get("includes_eval")),
    }
    counted = [
        s
        for s in after_warmup
        if s["seconds"] and not s.get("includes_eval") and isinstance(s.get("tokens"), int)
    ]
    if counted:  # the Trainer's own batches, counted by the hook: a measured throughput
        meas["tokens_per_s"] = sum(s["tokens"] for s in counted) / sum(s["seconds"] for s in counted)
        meas["tokens_per_step"] = counted[-1]["tokens"]
        meas["tokens_basis"] = "trainer_batches"
    elif timed:
        tokens = (
            spec.batch.micro_batch * spec.batch.seq_len * spec.batch.grad_accum * spec.parallel.world_size()
        )
        meas["tokens_per_s_assumed"] = tokens / meas["step_time_s"]["median"]  # from the spec's batch, stated
        meas["tokens_per_step"] = tokens
        meas["tokens_basis"] = "spec_batch"
    if interrupted or (cp.cancel_requested and cancel_event is not None and cancel_event.is_set()):
        meas["failure"] = "cancelled"
        if interrupted:
            raise CommandCancelled(meas)
    elif cp.cancel_requested:
        meas["failure"] = (
            f"time limit: the command ran longer than {spec.engine.time_limit_s:g} s and was stopped"
        )
    elif cp.returncode:
        last = next((x for x in reversed(cp.tails["stderr"]) if x.strip()), "")
        said = cp.script_error or last  # the script's own error before a launcher's summary of it
        meas["failure"] = f"the command exited with code {cp.returncode}" + (f": {said}" if said else "")
    return meas


def resume_command(
    spec,
    rd: RunDir,
    on_event=None,
    memory_limit=None,
    cancel_event=None,
    reference: CommandProcess | None = None,
    phase: str | None = None,
) -> dict[str, Any]:
    """The resume check of a command (its own checkpoints), without changing the run's configuration:

    A — the command as given, uninterrupted. B — the same command stopped at step k
    (``checkpoint.resume_at``): by trainsizer's TrainerCallback for a transformers.Trainer / TRL script (it
    asks the Trainer to save and stop at step k), by SIGINT after its k-th step line for a plain script, or by
    the script's own option when the spec names one (``stop_args``). The checkpoint B wrote is the one at
    ``checkpoint_path`` modified after B started — one that was there before proves nothing and is never
    used. C — the command with
    ``resume_args`` from that checkpoint. trainsizer checks that C starts where B stopped, that no step is
    missing or repeated, and compares every step's loss with A's; when they differ it says which known cause
    it sees. The evidence is the losses only — not the parameters, which a black box does not show.
    ``reference``: the measured run of the same command, which ran to its end — it is A (not run again).
    ``phase``: as in runs/resume.py — "stop" runs A and B and leaves their steps in RUN_DIR/resume-state.json,
    "continue" runs C from them in another process (a new Slurm job, as a preemption would)."""
    from trainsizer.runs.resume import STATE_FILE, pending_resume

    e = spec.engine
    k = spec.checkpoint.resume_at
    cwd = os.path.expanduser(e.cwd) if e.cwd else str(rd.path)
    checkpoint = os.path.join(cwd, e.checkpoint_path.replace("{k}", str(k)))
    seen: dict[str, CommandProcess] = {}

    def run(name: str, extra: list[str], stop_at=None) -> dict[int, dict[str, Any]]:
        if name == "uninterrupted run" and reference is not None and reference.returncode is not None:
            cp = seen[name] = reference
        else:
            part = spec.replace(engine={"command": list(e.command) + extra})
            announced = {
                "uninterrupted run": run_event("uninterrupted"),
                "stopped run": run_event("stopped", k=k),
                "resumed run": run_event("resumed", k=k),
            }[name]
            cp = CommandProcess(part, rd, on_event, memory_limit, stop_at=stop_at, run=announced).start()
            seen[name] = cp
            if cp.start_error:
                raise RuntimeError(f"{name}: the command did not start: {cp.start_error}")
            follow(cp, cancel_event, timeout=e.time_limit_s)
        if cp.returncode and not (stop_at and stop_at[0] == "signal" and cp.signalled_at is not None):
            last = next((x for x in reversed(cp.tails["stderr"]) if x.strip()), "")
            said = cp.script_error or last
            raise RuntimeError(f"{name}: exited with code {cp.returncode}" + (f": {said}" if said else ""))
        return {s["index"]: s for s in (cp.trainer_steps or cp.steps) if s["loss"] is not None}

    def args(template: list[str]) -> list[str]:
        out = []
        for a in template:
            for key, value in {"{k}": str(k), "{checkpoint}": checkpoint}.items():
                a = a.replace(key, value)
            out.append(a)
        return out

    base = {"compared": "losses", "resume_at": k, "checkpoint": checkpoint}
    state_path = rd.path / STATE_FILE
    if phase == "continue":
        state = json.loads(state_path.read_text(encoding="utf-8"))
        state_path.unlink(missing_ok=True)

        def steps_of(d):
            return {int(i): {**step, "index": int(i)} for i, step in d.items()}

        reference, stopped, how = steps_of(state["reference"]), steps_of(state["stopped"]), state["how"]
        base["stopped_by"] = how
        try:
            resumed = run("resumed run", args(e.resume_args))
            if not resumed:
                raise RuntimeError("the resumed run reported no step with a loss")
        except RuntimeError as err:
            return {**base, **_resume_failed(err)}
        compared = compare_resume(reference, stopped, resumed, k, how, e.resume_tolerance, checkpoint)
        return {**base, **compared, "resumed_in_new_process": True}
    try:
        reference = run("uninterrupted run", [])
        if not reference:
            raise RuntimeError(
                "no losses were observed (no step pattern with a loss group matched, and no "
                "transformers.Trainer reported a step)"
            )
        last = max(reference)  # the uninterrupted run's last step (step indices from 0)
        if k > last:
            raise RuntimeError(
                f"checkpoint.resume_at is {k}, but the uninterrupted run ran {last + 1} steps: choose a step "
                "before its last one"
            )
        trainer = bool(seen["uninterrupted run"].trainer_steps)
        how = "args" if e.stop_args else "trainer" if trainer else "signal"
        base["stopped_by"] = how
        before = _newest_mtime(checkpoint)  # what is there already (the uninterrupted run's, an older run's)
        started = time.time()
        stop = None if how == "args" else (how, k)
        stopped = run("stopped run", args(e.stop_args) if how == "args" else [], stop_at=stop)
        if how == "signal" and seen["stopped run"].signalled_at is None:
            raise RuntimeError(
                f"the stopped run ended (exit {seen['stopped run'].returncode}) before trainsizer read its "
                f"step line {k}: it was not stopped, so nothing about resuming is proven"
            )
        if how == "signal" and reference and set(reference) <= set(stopped):
            # trainsizer read its k-th step line late (a busy machine): the signal came after the last step
            raise RuntimeError(
                f"the stopped run printed every step of the uninterrupted run ({len(stopped)}) before the "
                f"signal sent after its step line {k} reached it: it was not stopped, so nothing about "
                "resuming is proven"
            )
        written = _newest_mtime(checkpoint)
        if written is None:
            raise RuntimeError(f"the stopped run saved no checkpoint at {checkpoint}")
        if written == before or written < started - 1:
            # a checkpoint that was there before the stopped run started proves nothing about this resume
            raise RuntimeError(
                f"the stopped run saved nothing at {checkpoint}: what is there was written before it started "
                "(by the uninterrupted run or an earlier one), and is not used"
            )
        if phase == "stop":  # C runs in another process: what A and B showed is handed on
            state = {"reference": reference, "stopped": stopped, "how": how}
            state_path.write_text(json.dumps(state, default=str), encoding="utf-8")
            return {**base, **pending_resume(k, len(reference))}
        resumed = run("resumed run", args(e.resume_args))
        if not resumed:
            raise RuntimeError("the resumed run reported no step with a loss")
    except RuntimeError as err:
        return {**base, **_resume_failed(err)}
    return {**base, **compare_resume(reference, stopped, resumed, k, how, e.resume_tolerance, checkpoint)}


def _resume_failed(err: Exception) -> dict[str, Any]:
    return {
        "passed": False,
        "code": "resume_failed",
        "params": {"why": str(err)},
        "failure": {"stage": "resume", "kind": "command", "message": str(err)},
    }


def compare_resume(reference, stopped, resumed, k: int, how: str, tolerance: float, checkpoint: str) -> dict:
    """A (``reference``), B (``stopped``) and C (``resumed``), each {step index: {"loss", "lr", ...}}: where C
    started, what is missing or repeated, the largest loss difference, and the cause when they differ."""
    first = min(resumed)
    # a signal stops a plain script wherever it is: the checkpoint is the last one it saved, at most k
    expected = first if how == "signal" else k
    kept = {i: v for i, v in stopped.items() if i < first}
    merged = {**kept, **resumed}
    missing = sorted(i for i in reference if i not in merged)
    repeated = sorted(i for i in resumed if i < first or i in kept)
    diffs = {i: abs(reference[i]["loss"] - merged[i]["loss"]) for i in reference if i in merged}
    worst = max(diffs.values()) if diffs else float("inf")
    params = {"k": first, "steps": len(reference), "dloss": worst, "tolerance": tolerance}
    out = {
        "steps": len(reference),
        "saved_at": [first],
        "first_resumed_step": first,
        "max_abs_loss_diff": worst,
        "missing_steps": missing,
        "repeated_steps": repeated,
        "checkpoint_bytes": sum(f.stat().st_size for f in _files(checkpoint)) or None,
    }
    if first != expected:
        return {
            **out,
            "passed": False,
            "code": "command_resume_other_step",
            "params": {**params, "expected": k},
        }
    if missing:
        shown = ", ".join(map(str, missing[:8])) + (" …" if len(missing) > 8 else "")
        return {
            **out,
            "passed": False,
            "code": "command_resume_missing",
            "params": {**params, "missing": shown},
        }
    if worst <= tolerance:
        code = "command_resume_identical" if worst == 0 else "command_resume_within"
        return {**out, "passed": True, "code": code, "params": params}
    before_ok = all(diffs.get(i, 0) <= tolerance for i in kept)
    lr_a, lr_c = reference.get(first, {}).get("lr"), resumed[first].get("lr")
    if lr_a is not None and lr_c is not None and abs(lr_a - lr_c) > 1e-12 * max(1.0, abs(lr_a)):
        cause = "command_resume_lr"
        params.update(lr_a=lr_a, lr_c=lr_c)
    elif before_ok and diffs.get(first, 0) > tolerance:
        cause = "command_resume_first_step"  # the state that drives step k+1: RNG, optimizer, data position
    else:
        cause = "command_resume_later"  # the first resumed step matched: the data order or a later state
    return {**out, "passed": False, "code": cause, "params": params}


def _newest_mtime(path: str) -> float | None:
    """The newest modification time of the checkpoint at ``path`` (a file, or a folder's files); None when
    there is none."""
    times = [f.stat().st_mtime for f in _files(path)]
    return max(times) if times else None


def _files(path: str):
    from pathlib import Path

    p = Path(path)
    if p.is_file():
        return [p]
    return [f for f in p.rglob("*") if f.is_file()] if p.is_dir() else []


def command_quality(spec, meas: dict[str, Any]) -> dict[str, Any] | None:
    """The quality check of a command: the metric its output lines carry (``engine.metric_pattern``), first
    value before and last value after, judged by the spec's rule. None when no pattern was agreed."""
    from trainsizer.worker.roles import judge

    if not spec.engine.metric_pattern:
        return None
    values = meas.get("metric_values") or []
    if len(values) < 2:
        why = (
            f"{len(values)} metric line(s) matched engine.metric_pattern; a before and an after value "
            "are needed"
        )
        return {"passed": False, "code": "quality_failed", "params": {"why": why}, "values": values}
    verdict = judge(spec, values[0], values[-1])
    return {**verdict, "values": values, "source": "the command's output (engine.metric_pattern)"}
