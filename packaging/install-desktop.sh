#!/usr/bin/env bash
# Register trainsizer with the desktop (menu entry, icon, AppStream metadata) for the current user.
# Works with a pip-installed `trainsizer` on PATH or with the bundle (pass its folder: install-desktop.sh dist/trainsizer).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ICONS=$HERE/../resources/icons
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
ID=io.github.trainsizer.trainsizer
mkdir -p "$DATA/applications" "$DATA/metainfo" "$DATA/icons/hicolor/scalable/apps"
if [ $# -ge 1 ]; then
  sed "s|^Exec=trainsizer|Exec=$(cd "$1" && pwd)/trainsizer|; s|^TryExec=trainsizer|TryExec=$(cd "$1" && pwd)/trainsizer|" \
    "$HERE/$ID.desktop" > "$DATA/applications/$ID.desktop"
else
  cp "$HERE/$ID.desktop" "$DATA/applications/"
fi
cp "$HERE/$ID.metainfo.xml" "$DATA/metainfo/"
cp "$ICONS/trainsizer.svg" "$DATA/icons/hicolor/scalable/apps/$ID.svg"
for png in "$ICONS"/trainsizer-*.png; do
  size=$(basename "$png" .png | cut -d- -f2)
  mkdir -p "$DATA/icons/hicolor/${size}x${size}/apps"
  cp "$png" "$DATA/icons/hicolor/${size}x${size}/apps/$ID.png"
done
command -v update-desktop-database >/dev/null && update-desktop-database "$DATA/applications" || true
echo "installed $ID into $DATA"
