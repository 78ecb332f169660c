#!/usr/bin/env bash
# Checks that two builds of tracksift behave alike: `eval --json` on the standard suite
# (seeds 1-3, with the real-data suite) and `analyze --json` under every profile for every
# file of the shared data, compared byte for byte.
#
#   Scripts/check-behaviour.sh OLD_BINARY NEW_BINARY [DATA_FOLDER]
#
# DATA_FOLDER is the shared recordings (default ../shared/data, as the tests read it). Prints
# one line per output that differs and a summary; exits 1 if any differs. The outputs are left
# in a temporary folder whose path is printed, for `diff`.
set -euo pipefail

if [[ $# -lt 2 ]]; then
  echo "usage: $0 OLD_BINARY NEW_BINARY [DATA_FOLDER]" >&2
  exit 2
fi
old=$(realpath "$1")
new=$(realpath "$2")
data=$(realpath "${3:-../shared/data}")
out=$(mktemp -d "${TMPDIR:-/tmp}/tracksift-behaviour.XXXXXX")
jobs=$(nproc)

# Every output of one binary into $out/<name>/: eval.json, then analyze/<file>.<profile>.json
# holding the JSON, or the error and exit status where the file is refused.
record() {
  local binary=$1 folder=$out/$2
  mkdir -p "$folder/analyze"
  (cd "$(dirname "$data")" && "$binary" eval --json --data "$data" --seeds 1 2 3) \
    >"$folder/eval.raw.json" 2>"$folder/eval.err" || echo "exit $?" >>"$folder/eval.err"
  # The run's own durations (its "seconds" fields) are the only figures that change from run
  # to run; they are set to 0.
  sed -E 's/"seconds" *: *[0-9.eE+-]+/"seconds" : 0/g' "$folder/eval.raw.json" >"$folder/eval.json"
  rm "$folder/eval.raw.json"
  (cd "$data" && find . -type f ! -name '*.md' ! -name '*.tsv' ! -name '*.txt' | sort) |
    while read -r file; do
      for profile in default walking running cycling driving; do
        printf '%s\t%s\n' "$file" "$profile"
      done
    done |
    xargs -P "$jobs" -d '\n' -n 1 bash -c '
      binary=$1 data=$2 folder=$3
      IFS=$'"'"'\t'"'"' read -r file profile <<<"$4"
      name=$(echo "${file#./}" | tr / _).$profile
      args=(analyze --json "$data/$file")
      [[ $profile == default ]] || args+=(--profile "$profile")
      status=0
      "$binary" "${args[@]}" >"$folder/analyze/$name.json" 2>"$folder/analyze/$name.err" \
        || status=$?
      echo "exit $status" >>"$folder/analyze/$name.err"
    ' _ "$binary" "$data" "$folder"
}

record "$old" old
record "$new" new

differing=0
compared=0
while read -r path; do
  compared=$((compared + 1))
  if ! cmp -s "$out/old/$path" "$out/new/$path"; then
    differing=$((differing + 1))
    echo "differs: $path"
  fi
done < <(cd "$out/old" && find . -type f | sort)
echo "$compared outputs compared, $differing differ (outputs in $out)"
[[ $differing -eq 0 ]]
