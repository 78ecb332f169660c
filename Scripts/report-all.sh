#!/usr/bin/env bash
# Checks that `tracksift report` gives a page for every file of the shared data that
# `tracksift analyze` reads, and says how large the pages are.
#
#   Scripts/report-all.sh BINARY [DATA_FOLDER]
#
# DATA_FOLDER defaults to ../shared/data. Prints one line per file that `analyze` reads but
# `report` refuses, then a summary; exits 1 if any. The pages are left in a temporary folder.
set -euo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: $0 BINARY [DATA_FOLDER]" >&2
  exit 2
fi
binary=$(realpath "$1")
data=$(realpath "${2:-../shared/data}")
out=$(mktemp -d "${TMPDIR:-/tmp}/tracksift-reports.XXXXXX")
export binary data out

(cd "$data" && find . -type f ! -name '*.md' ! -name '*.tsv' ! -name '*.txt' | sort) |
  xargs -P "$(nproc)" -d '\n' -n 1 bash -c '
    file=$1
    page=$out/$(echo "$file" | tr "/" "_").html
    if ! "$binary" analyze --json "$data/$file" >/dev/null 2>&1; then
      echo "unread	$file"
    elif "$binary" report "$data/$file" -o "$page" >/dev/null 2>"$page.err"; then
      echo "report	$file	$(stat -c %s "$page")"
    else
      echo "FAILED	$file	$(head -c 300 "$page.err")"
    fi
  ' _ >"$out/results.tsv"

grep '^FAILED' "$out/results.tsv" || true
reports=$(grep -c '^report' "$out/results.tsv" || true)
unread=$(grep -c '^unread' "$out/results.tsv" || true)
failed=$(grep -c '^FAILED' "$out/results.tsv" || true)
largest=$(grep '^report' "$out/results.tsv" | sort -t$'\t' -k3 -n | tail -1 | cut -f2,3)
echo "$reports files reported, $failed refused by report, $unread not read by analyze either"
echo "largest page: $largest bytes; pages in $out"
[[ $failed -eq 0 ]]
