#!/usr/bin/env bash
# The GPU check: the gpu-marked tests and the GPU benchmarks on one CUDA device, in under 8 minutes.
#   bash bench/gpu_check.sh OUT_DIR
# Writes OUT_DIR/probe.txt and probe.json (`trainsizer probe`: the readiness probe of the machine, every figure
# against its data sheet), OUT_DIR/tests.txt (the pytest summary), OUT_DIR/estimator_gpu.txt (estimate vs the
# CUDA allocator over the accuracy matrix) and OUT_DIR/summary.txt (device, versions, exit codes, final lines).
# Without a CUDA device it says so and exits 2. docs/benchmarks.md records what it printed, or that it has not
# run yet.
set -u
OUT="${1:?usage: bash bench/gpu_check.sh OUT_DIR}"
mkdir -p "$OUT"
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
[ -x "$PY" ] || PY=python3
export HF_HUB_OFFLINE=1
if ! "$PY" -c 'import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)'; then
    echo "no CUDA device here: the GPU check needs one" | tee "$OUT/summary.txt"
    exit 2
fi
start=$(date +%s)
{
    echo "date: $(date -u +%FT%TZ)"
    "$PY" -c 'import torch, transformers; print("device:", torch.cuda.get_device_name(0)); print("torch", torch.__version__, "cuda", torch.version.cuda, "transformers", transformers.__version__)'
    nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null || true
} > "$OUT/summary.txt"
timeout 150 "$PY" -m trainsizer probe --no-keep -o "$OUT/probe.json" > "$OUT/probe.txt" 2>&1
probe_rc=$?
timeout 300 "$PY" -m pytest -m gpu -q -p no:cacheprovider -rA tests/test_gpu.py > "$OUT/tests.txt" 2>&1
tests_rc=$?
timeout 200 "$PY" bench/estimator_gpu.py > "$OUT/estimator_gpu.txt" 2>&1
bench_rc=$?
{
    echo "probe: exit $probe_rc: $(tail -n 2 "$OUT/probe.txt" | head -n 1)"
    echo "tests: exit $tests_rc: $(tail -n 1 "$OUT/tests.txt")"
    echo "estimator_gpu: exit $bench_rc: $(tail -n 1 "$OUT/estimator_gpu.txt")"
    echo "seconds: $(( $(date +%s) - start ))"
} >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
[ "$tests_rc" -eq 0 ] && [ "$bench_rc" -eq 0 ]
