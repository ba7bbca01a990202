#!/usr/bin/env bash
# Build the one-folder application into dist/trainsizer/ (from the repository root: bash packaging/build.sh).
# Uses the project's .venv (make install) and installs PyInstaller into it. Prints the build time and size.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${VENV:-.venv}
[ -x "$VENV/bin/python" ] || make install
"$VENV/bin/python" -m pip install -q "pyinstaller>=6.10"
start=$(date +%s)
"$VENV/bin/pyinstaller" --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller packaging/trainsizer.spec
end=$(date +%s)
echo "build time: $((end - start)) s"
echo "bundle size: $(du -sh dist/trainsizer | cut -f1) ($(du -sb dist/trainsizer | cut -f1) bytes)"
