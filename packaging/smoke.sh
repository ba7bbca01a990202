#!/usr/bin/env bash
# Build the bundle, then run it as a user would: --version, devices --json and a headless acceptance check
# of the tiny preset (bash packaging/smoke.sh; SKIP_BUILD=1 reuses dist/trainsizer).
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${SKIP_BUILD:-0}" = 1 ] || bash packaging/build.sh
APP=dist/trainsizer/trainsizer
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export HF_HUB_OFFLINE=1
"$APP" --version
"$APP" devices --json > "$WORK/devices.json"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert 'host' in d, d; print('devices --json: ok')" "$WORK/devices.json"
"$APP" spec new --preset tiny-llama -o "$WORK/spec.toml"
sed -i 's/^steps = 10/steps = 3/; s/^train_steps = 20/train_steps = 6/' "$WORK/spec.toml"
start=$(date +%s)
"$APP" check "$WORK/spec.toml" --out "$WORK/run"
echo "headless check from the bundle: $(( $(date +%s) - start )) s, verdict $(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['verdict'])" "$WORK/run/result.json")"
"$APP" report "$WORK/run" --format html -o "$WORK/report.html"
"$APP" report "$WORK/run" --format pdf -o "$WORK/report.pdf"
QT_QPA_PLATFORM=offscreen XDG_DATA_HOME="$WORK/xdg" "$APP" gui "$WORK/run" --quit-after 3  # the window comes up (no display needed)
echo "smoke test passed"
