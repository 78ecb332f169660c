#!/usr/bin/env bash
# Builds one libFuzzer target and runs it on a corpus seeded from /work/shared/data.
#
#   Fuzz/run.sh TARGET [RUNS] [extra libFuzzer flags...]
#
# TARGET is gpx, nmea, gnsslogger, fit, tcx, csv, geojson or gpsd; RUNS defaults to 10,000,000. Everything is written
# under .build-fuzz/ (git-ignored): the modules, the fuzzer binary .build-fuzz/fuzz-TARGET, the
# corpus .build-fuzz/corpus-TARGET/ and crash/timeout/oom artifacts .build-fuzz/artifacts-TARGET/.
#
# Build: TrackSift, TrackSiftFormats and, for gpsd, TrackSiftGPSD are compiled as separate static
# libraries with `-sanitize=fuzzer,address` (so their code is instrumented for coverage and ASan),
# then the entry file in Fuzz/Targets/ is linked against them together with Fuzz/Support/ and the
# CLI's formatting files (the text and JSON of `analyze`, listed in cli_formatting
# below), so that every target also formats what it read. The entry files `import` the real
# module names, so no source is rewritten.
#
# Environment: SHARED_DATA (default /work/shared/data), SKIP_BUILD=1 to reuse the binary,
# REUSE_MODULES=1 to reuse the static libraries an earlier build left (the same for every
# target), BUILD_ONLY=1 to build and not run, FUZZ_NICE (default 10).
set -euo pipefail

target="${1:?usage: Fuzz/run.sh gpx|nmea|gnsslogger|fit|tcx|csv|geojson|gpsd [RUNS] [libFuzzer flags...]}"
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
  gnsslogger) entry=GnssLoggerFuzz module=TrackSiftFormats max_len=4096 ;;
  fit) entry=FITFuzz module=TrackSiftFormats max_len=16384 ;;
  tcx) entry=TCXFuzz module=TrackSiftFormats max_len=16384 ;;
  csv) entry=CSVFuzz module=TrackSiftFormats max_len=4096 ;;
  geojson) entry=GeoJSONFuzz module=TrackSiftFormats max_len=16384 ;;
  gpsd) entry=GPSDFuzz module=TrackSiftGPSD max_len=1024 ;;
  *) echo "unknown target $target (gpx, nmea, gnsslogger, fit, tcx, csv, geojson, gpsd)" >&2; exit 2 ;;
esac

# The package name lets the modules see each other's `package` declarations, as SwiftPM does.
flags=(-O -sanitize=fuzzer,address -parse-as-library -package-name TrackSift)

build_module() { # name [sources...] (default: every file of Sources/name)
  local name="$1"
  shift
  if [[ "${REUSE_MODULES:-0}" == 1 && -f "$mods/lib$name.a" ]]; then return; fi
  local sources=("$@")
  if [[ ${#sources[@]} == 0 ]]; then
    while IFS= read -r file; do sources+=("$file"); done < <(find "Sources/$name" -name '*.swift' | sort)
  fi
  swiftc "${flags[@]}" -module-name "$name" -I "$mods" \
    -emit-module -emit-module-path "$mods/$name.swiftmodule" \
    -emit-library -static -o "$mods/lib$name.a" "${sources[@]}"
}

# What `analyze` prints: the summary and its JSON (TrackSiftBatch, whose other files need
# packages this build does not link, so only these), and the CLI's text of it.
summary_sources=(
  Sources/TrackSiftBatch/AnalysisSummary.swift
  Sources/TrackSiftBatch/GradeSummary.swift
  Sources/TrackSiftBatch/GradeSummary+Window.swift
  Sources/TrackSiftBatch/JSONText.swift
)
cli_formatting=(
  Sources/tracksift/Formatting.swift
  Sources/tracksift/Support/AnalysisSummary+Text.swift
  Sources/tracksift/Support/AnalysisSummary+Sessions.swift
  Sources/tracksift/Support/DisplayUnits.swift
)

binary="$out/fuzz-$target"
if [[ "${SKIP_BUILD:-0}" != 1 || ! -x "$binary" ]]; then
  echo "building $binary" >&2
  build_module TrackSift
  build_module TrackSiftFormats
  build_module TrackSiftBatch "${summary_sources[@]}"
  libraries=(-lTrackSiftBatch -lTrackSiftFormats -lTrackSift)
  if [[ "$module" != TrackSiftFormats ]]; then
    build_module "$module"
    libraries=(-l"$module" "${libraries[@]}")
  fi
  # The linker warns "Cannot export local symbol '__asan_...'": harmless.
  swiftc "${flags[@]}" -module-name "$entry" -I "$mods" -L "$mods" "${libraries[@]}" \
    "Fuzz/Targets/$entry.swift" Fuzz/Support/*.swift "${cli_formatting[@]}" \
    -o "$binary" 2> >(grep -v "Cannot export local symbol" >&2)
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
  gnsslogger)
    # The logs' last 4 KiB (Fix, Raw and sensor lines; the header is mostly comments).
    for file in "$data"/truth/android-gnsslogger-samples/*/*.txt; do
      tail -c 4096 "$file" > "$corpus/seed-$(basename "$file")"
    done
    ;;
  fit) seed "$data"/corpus/fit/**/*.fit "$data"/devices/**/*.fit "$data"/corpus/gpsbabel/fit/**/* ;;
  tcx) seed "$data"/corpus/gpsbabel/tcx/**/* "$data"/devices/**/*.tcx ;;
  csv)
    # The first 4 KiB of every CSV file (header and first rows: each dialect the reader knows).
    for file in "$data"/**/*.csv; do
      head -c 4096 "$file" > "$corpus/seed-$(basename "$(dirname "$file")")-$(basename "$file")"
    done
    ;;
  geojson)
    # Made-up documents of every GeoJSON type (the shared data holds no GeoJSON), one in the
    # shape GeoJSONWriter writes, with times and the TrackSift extension.
    i=0
    while IFS= read -r line; do
      printf '%s\n' "$line" > "$corpus/seed-$i.geojson"
      i=$((i + 1))
    done <<'LINES'
{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[[6.6,46.5,400.5],[6.60001,46.50001,401]]},"properties":{"segment":0,"times":["2024-05-01T07:00:00Z","2024-05-01T07:00:01.5Z"],"verdicts":["accepted","implied-speed"],"tracksift":{"speed":[1.5,null],"course":[90,91],"horizontalAccuracy":[4,5],"source":["satellite","network"],"fixType":["3d",null],"satellites":[9,8],"hdop":[0.9,1.1],"arrivalTime":["2024-05-01T07:00:00.2Z",null],"altitude":[1,null]}}},{"type":"Feature","geometry":{"type":"Point","coordinates":[6.7,46.6]},"properties":{"segment":2,"times":[null]}}]}
{"type":"Feature","properties":{"coordTimes":[["2024-05-01T07:00:00Z","2024-05-01T07:00:01Z"],["2024-05-01T07:00:05Z"]]},"geometry":{"type":"MultiLineString","coordinates":[[[6.6,46.5,400],[6.6001,46.5,401]],[[6.6002,46.5]]]}}
{"type":"Feature","properties":{"coordinateProperties":{"times":[1714546800000,1714546801000]}},"geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}
{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[5,6]},{"type":"MultiPoint","coordinates":[[7,8],[9,10]]},{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}]}
{"type":"Feature","geometry":{"type":"Point","coordinates":[5,6,7]},"properties":{"time":"2024-05-01T07:00:00Z","name":"a\u00e9\ud83d\ude00\n"}}
{"type":"LineString","coordinates":[[1e20,-1e308,1e19],[-0,0.5e-300]]}
LINES
    ;;
  gpsd)
    # Made-up lines of every class gpsd 3.22 sends (no recorded data is kept in the repository).
    i=0
    while IFS= read -r line; do
      printf '%s\n' "$line" > "$corpus/seed-$i.json"
      i=$((i + 1))
    done <<'LINES'
{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}
{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB0","driver":"NMEA0183","activated":"2024-05-01T07:00:00.000Z","flags":1,"native":0,"bps":4800,"parity":"N","stopbits":1,"cycle":1.00}]}
{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}
{"class":"DEVICE","path":"/dev/ttyUSB0","activated":0}
{"class":"TPV","device":"/dev/ttyUSB0","status":2,"mode":3,"time":"2024-05-01T07:00:01.000Z","ept":0.005,"lat":46.500012345,"lon":6.600054321,"altHAE":452.100,"altMSL":400.300,"alt":400.300,"epx":3.210,"epy":4.120,"epv":9.870,"track":92.5000,"magtrack":90.1000,"speed":2.713,"climb":0.100,"eps":8.24,"epc":19.74,"eph":6.540,"sep":12.210}
{"class":"TPV","device":"/dev/ttyUSB0","mode":2,"time":"2024-05-01T07:00:02Z","lat":-33.9,"lon":151.2,"eph":25.0}
{"class":"TPV","device":"/dev/ttyUSB0","mode":1}
{"class":"SKY","device":"/dev/ttyUSB0","xdop":0.61,"ydop":0.75,"vdop":1.05,"tdop":0.90,"hdop":0.97,"gdop":1.70,"pdop":1.43,"nSat":12,"uSat":8,"satellites":[{"PRN":2,"el":25.0,"az":181.0,"ss":44.0,"used":true,"gnssid":0,"svid":2},{"PRN":6,"el":46.0,"az":146.0,"ss":47.0,"used":false}]}
{"class":"GST","device":"/dev/ttyUSB0","time":"2024-05-01T07:00:01.000Z","rms":1.2,"major":2.1,"minor":1.4,"orient":35.0,"lat":1.6,"lon":1.9,"alt":3.2}
{"class":"PPS","device":"/dev/pps0","real_sec":1714546801,"real_nsec":0,"clock_sec":1714546801,"clock_nsec":120,"precision":-20}
{"class":"ERROR","message":"Can't parse request"}
LINES
    ;;
esac

echo "corpus $corpus: $(find "$corpus" -type f | wc -l) files" >&2
exec nice -n "${FUZZ_NICE:-10}" "$binary" "$corpus" \
  -runs="$runs" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
  -artifact_prefix="$artifacts/" -print_final_stats=1 "$@"
