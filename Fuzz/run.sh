#!/usr/bin/env bash
# Builds one libFuzzer target and runs it on a corpus seeded from /work/shared/data.
#
#   Fuzz/run.sh TARGET [RUNS] [extra libFuzzer flags...]
#
# TARGET is gpx, nmea, fit, tcx or gpsd; RUNS defaults to 10,000,000. Everything is written
# under .build-fuzz/ (git-ignored): the modules, the fuzzer binary .build-fuzz/fuzz-TARGET, the
# corpus .build-fuzz/corpus-TARGET/ and crash/timeout/oom artifacts .build-fuzz/artifacts-TARGET/.
#
# Build: TrackSift and the reader's module (TrackSiftFormats or TrackSiftGPSD) are compiled as
# separate static libraries with `-sanitize=fuzzer,address` (so their code is instrumented for
# coverage and ASan), then the entry file in Fuzz/Targets/ is linked against them. The entry files
# `import` the real module names, so no source is rewritten.
#
# Environment: SHARED_DATA (default /work/shared/data), SKIP_BUILD=1 to reuse the binary,
# BUILD_ONLY=1 to build and not run, FUZZ_NICE (default 10).
set -euo pipefail

target="${1:?usage: Fuzz/run.sh gpx|nmea|fit|tcx|gpsd [RUNS] [libFuzzer flags...]}"
runs="${2:-10000000}"
shift $(($# >= 2 ? 2 : 1))

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
data="${SHARED_DATA:-/work/shared/data}"
out="$root/.build-fuzz"
mods="$out/modules"
mkdir -p "$mods"

case "$target" in
  gpx) entry=GPXFuzz module=TrackSiftFormats max_len=16384 ;;
  nmea) entry=NMEAFuzz module=TrackSiftFormats max_len=1024 ;;
  fit) entry=FITFuzz module=TrackSiftFormats max_len=16384 ;;
  tcx) entry=TCXFuzz module=TrackSiftFormats max_len=16384 ;;
  gpsd) entry=GPSDFuzz module=TrackSiftGPSD max_len=1024 ;;
  *) echo "unknown target $target (gpx, nmea, fit, tcx, gpsd)" >&2; exit 2 ;;
esac

flags=(-O -sanitize=fuzzer,address -parse-as-library)

build_module() { # name
  local name="$1"
  local sources=()
  while IFS= read -r file; do sources+=("$file"); done < <(find "Sources/$name" -name '*.swift' | sort)
  swiftc "${flags[@]}" -module-name "$name" -I "$mods" \
    -emit-module -emit-module-path "$mods/$name.swiftmodule" \
    -emit-library -static -o "$mods/lib$name.a" "${sources[@]}"
}

binary="$out/fuzz-$target"
if [[ "${SKIP_BUILD:-0}" != 1 || ! -x "$binary" ]]; then
  echo "building $binary" >&2
  build_module TrackSift
  build_module "$module"
  # The linker warns "Cannot export local symbol '__asan_...'": harmless.
  swiftc "${flags[@]}" -I "$mods" -L "$mods" -l"$module" -lTrackSift \
    "Fuzz/Targets/$entry.swift" -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)
fi

[[ "${BUILD_ONLY:-0}" == 1 ]] && exit 0

corpus="$out/corpus-$target"
artifacts="$out/artifacts-$target"
mkdir -p "$corpus" "$artifacts"
seed() { # files...
  for file in "$@"; do
    [[ -f "$file" ]] || continue
    local name
    name="seed-$(basename "$(dirname "$file")")-$(basename "$file")"
    [[ -e "$corpus/$name" ]] || cp "$file" "$corpus/$name"
  done
}
shopt -s nullglob globstar
case "$target" in
  gpx) seed "$data"/corpus/gpx/**/*.gpx "$data"/devices/**/*.gpx ;;
  nmea)
    seed "$data"/corpus/nmea-gpsd/**/* "$data"/truth/**/*.nmea "$data"/corpus/gpsbabel/nmea/**/*
    ;;
  fit) seed "$data"/corpus/fit/**/*.fit "$data"/devices/**/*.fit "$data"/corpus/gpsbabel/fit/**/* ;;
  tcx) seed "$data"/corpus/gpsbabel/tcx/**/* "$data"/devices/**/*.tcx ;;
  gpsd) cp Fuzz/Seeds/gpsd/* "$corpus"/ ;;
esac

echo "corpus $corpus: $(find "$corpus" -type f | wc -l) files" >&2
exec nice -n "${FUZZ_NICE:-10}" "$binary" "$corpus" \
  -runs="$runs" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 "$@"
