#!/usr/bin/env bash
# Makes docs/report-city-run.png, the README's screenshot: the report of the shipped sample
# (`tracksift report Samples/city-run.gpx`) rendered by headless Chromium.
#
#   Scripts/report-screenshot.sh [BINARY]      (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-$(swift build -c release --show-bin-path)/tracksift}
folder=$(mktemp -d "${TMPDIR:-/tmp}/tracksift-screenshot.XXXXXX")
trap 'rm -rf "$folder"' EXIT
"$binary" report Samples/city-run.gpx -o "$folder/city-run.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --user-data-dir="$folder/profile" --window-size=1000,1300 \
  --screenshot="$PWD/docs/report-city-run.png" "file://$folder/city-run.html" 2>/dev/null
echo "docs/report-city-run.png: $(stat -c %s docs/report-city-run.png) bytes"
