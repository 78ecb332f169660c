#!/usr/bin/env bash
# Analyses each file and the copy `convert --clean` writes of it, and prints how far the
# copy's refined distance and moving time are from the original's, in percent.
#
#   Scripts/reanalyse-cleaned.sh BINARY EXTENSION FILE...
#
# EXTENSION is the cleaned copy's format: gpx, tcx, fit, csv or geojson.
set -euo pipefail
if [[ $# -lt 3 ]]; then
  echo "usage: $0 BINARY EXTENSION FILE..." >&2
  exit 2
fi
binary=$1
extension=$2
shift 2
copy=$(mktemp -d "${TMPDIR:-/tmp}/tracksift-reanalyse.XXXXXX")/cleaned.$extension
for file in "$@"; do
  if ! "$binary" convert --clean "$file" -o "$copy" >/dev/null 2>&1; then
    echo "not converted: $file"
    continue
  fi
  python3 - "$binary" "$file" "$copy" <<'PY'
import json, subprocess, sys
binary, original, copy = sys.argv[1:]
def figures(path):
    report = json.loads(subprocess.run(
        [binary, "analyze", path, "--json"], capture_output=True, text=True, check=True).stdout)
    refined = report["refined"]
    return refined["distanceMeters"], refined.get("movingTimeSeconds") or 0
before, after = figures(original), figures(copy)
def change(a, b):
    return (b / a - 1) * 100 if a else 0.0
print(f"{change(before[0], after[0]):+7.2f} % {change(before[1], after[1]):+7.2f} %"
      f"  {before[0]:10.0f} m {after[0]:10.0f} m  {original.rsplit('/', 1)[-1]}")
PY
done
