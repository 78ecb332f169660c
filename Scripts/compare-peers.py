#!/usr/bin/env python3
"""Runs TrackSift's benchmark and its Python peers on the same generated files, in one run.

Usage (from the repository root):
    python3 -m venv .venv && .venv/bin/pip install gpxpy simplification numpy fitdecode fitparse
    .venv/bin/python Scripts/compare-peers.py [--points 1000000] [--repeat 3]

It builds tracksift in release mode, writes a simulated recording with `tracksift simulate`,
runs `tracksift bench FILE --json` (GPX, the same track as TCX, and the largest shared FIT
file), decodes that FIT file with fitdecode and fitparse, times `tracksift analyze FILE --json` end to end with its peak
memory, then parses the same file with gpxpy and simplifies the same points with the Rust-based
`simplification` package (each peer in its own process, so peak memory is its own), and prints a
Markdown table with the ratios. The machine is shared and noisy: compare ratios, not absolutes.
"""
import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "bench-data")


def run(cmd, **kwargs):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kwargs).stdout


def peer(code, *args):
    """Runs a peer snippet in a fresh interpreter; returns its JSON and its peak RSS in MB."""
    wrapper = (
        "import json, resource, sys, time\n" + code +
        "\nprint(json.dumps(dict(result, peakMB="
        "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)))\n")
    return json.loads(run([sys.executable, "-c", wrapper, *args]).strip().splitlines()[-1])


GPXPY = """
import gpxpy
path = sys.argv[1]
start = time.perf_counter()
with open(path) as f:
    gpx = gpxpy.parse(f)
seconds = time.perf_counter() - start
points = sum(len(s.points) for t in gpx.tracks for s in t.segments)
result = dict(seconds=seconds, points=points)
"""

SIMPLIFICATION = """
import gpxpy, numpy
from simplification.cutil import simplify_coords_idx
path, tolerance_m, repeat = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
with open(path) as f:
    gpx = gpxpy.parse(f)
coords = numpy.array([[p.longitude, p.latitude] for t in gpx.tracks for s in t.segments
                      for p in s.points], dtype=numpy.float64)
del gpx
# simplification works in the coordinates' own units, degrees: its users convert the tolerance
# with about 111 km per degree (which is only right for latitude).
tolerance_deg = tolerance_m / 111320.0
times = []
for _ in range(repeat):
    start = time.perf_counter()
    kept = simplify_coords_idx(coords, tolerance_deg)
    times.append(time.perf_counter() - start)
result = dict(seconds=sorted(times)[len(times) // 2], points=len(coords), kept=len(kept))
"""


FITDECODE = """
import fitdecode
path, repeat = sys.argv[1], int(sys.argv[2])
times = []
for _ in range(repeat):
    start = time.perf_counter()
    messages = 0
    with fitdecode.FitReader(path) as fit:
        for frame in fit:
            if frame.frame_type == fitdecode.FIT_FRAME_DATA:
                messages += 1
    times.append(time.perf_counter() - start)
result = dict(seconds=sorted(times)[len(times) // 2], messages=messages)
"""

FITPARSE = """
import fitparse
path, repeat = sys.argv[1], int(sys.argv[2])
times = []
for _ in range(repeat):
    start = time.perf_counter()
    messages = sum(1 for _ in fitparse.FitFile(path).get_messages())
    times.append(time.perf_counter() - start)
result = dict(seconds=sorted(times)[len(times) // 2], messages=messages)
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--points", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-gpxpy", action="store_true", help="gpxpy needs about 2 GB and a minute")
    args = parser.parse_args()

    run(["swift", "build", "-c", "release", "--product", "tracksift"], cwd=ROOT)
    binary = os.path.join(run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT).strip(), "tracksift")
    os.makedirs(DATA, exist_ok=True)
    path = os.path.join(DATA, f"run-{args.points}.gpx")
    if not os.path.exists(path):
        # Signal gaps drop about 0.3 % of the seconds; ask for enough to get the points wanted.
        seconds = int(args.points / 0.9968) + 1
        run([binary, "simulate", "--duration-seconds", str(seconds), "--seed", "7", "-o", path])
    size = os.path.getsize(path)

    bench = json.loads(run([binary, "bench", path, "--repeat", str(args.repeat), "--json"]))

    # The whole `analyze` command as a user runs it: read, gate, filter, smooth, simplify, print.
    walls, peaks = [], []
    for _ in range(args.repeat):
        start = time.perf_counter()
        out = subprocess.run(["/usr/bin/time", "-f", "%M", binary, "analyze", path, "--json"],
                             check=True, text=True, capture_output=True)
        walls.append(time.perf_counter() - start)
        peaks.append(int(out.stderr.strip().splitlines()[-1]) / 1024)
    analyze_wall = statistics.median(walls)
    analyze_peak = max(peaks)

    simp = peer(SIMPLIFICATION, path, "3", str(args.repeat))
    fit = bench.get("fitDecode")
    fit_peers = []
    if fit:
        for name, code in (("fitdecode", FITDECODE), ("fitparse", FITPARSE)):
            try:
                fit_peers.append((name, peer(code, os.path.join(ROOT, fit["file"]), str(args.repeat))))
            except subprocess.CalledProcessError:
                print(f"({name} is not installed: skipped)")
    gpxpy_result = None if args.skip_gpxpy else peer(GPXPY, path)

    fixes = bench["fixes"]
    ts_parse = bench["gpxParse"]["medianSeconds"]
    ts_dp = bench["douglasPeucker"]["pointsPerSecond"]
    peer_dp = simp["points"] / simp["seconds"]
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), platform.machine())
    swift = run(["swift", "--version"]).splitlines()[0]
    print(f"Machine: {cpu}, {os.cpu_count()} cores, {platform.platform()}; {swift}")
    print(f"File: {os.path.basename(path)}, {size/1e6:.1f} MB, {fixes:,} points; median of {args.repeat}\n")
    print("| task | TrackSift | peer | ratio |")
    print("|---|---|---|---|")
    if gpxpy_result:
        gp = gpxpy_result["points"] / gpxpy_result["seconds"]
        print(f"| GPX parse, {fixes:,} points | {ts_parse:.3f} s, {bench['gpxParse']['megabytesPerSecond']:.0f} MB/s, "
              f"{bench['gpxParse']['pointsPerSecond']/1e6:.2f} M pts/s | gpxpy {gpxpy_result['seconds']:.1f} s, "
              f"{gp/1e3:.0f} k pts/s, {gpxpy_result['peakMB']:.0f} MB peak | {gpxpy_result['seconds']/ts_parse:.0f}x faster |")
    else:
        print(f"| GPX parse, {fixes:,} points | {ts_parse:.3f} s, {bench['gpxParse']['megabytesPerSecond']:.0f} MB/s | (gpxpy skipped) | |")
    tcx = bench["tcxParse"]
    print(f"| TCX parse, the same {fixes:,} points | {tcx['medianSeconds']:.3f} s, {tcx['megabytesPerSecond']:.0f} MB/s | | |")
    if fit:
        size_mb = os.path.getsize(os.path.join(ROOT, fit["file"])) / 1e6
        peers = "; ".join(f"{name} {r['seconds']:.2f} s ({size_mb / r['seconds']:.2f} MB/s)" for name, r in fit_peers)
        ratios = ", ".join(f"{r['seconds'] / fit['medianSeconds']:.0f}x" for _, r in fit_peers)
        print(f"| FIT decode, {os.path.basename(fit['file'])} ({size_mb:.2f} MB) | {fit['medianSeconds']*1e3:.1f} ms, "
              f"{fit['megabytesPerSecond']:.0f} MB/s | {peers} | {ratios} |")
    print(f"| whole `analyze` command (read + gate + filter + RTS + DP + JSON) | {analyze_wall:.2f} s, "
          f"{analyze_peak:.0f} MB peak | | |")
    print(f"| analysis stage alone, {fixes:,} fixes | {bench['analysis']['medianSeconds']:.3f} s | | |")
    print(f"| Douglas-Peucker, 3 m | {ts_dp/1e6:.2f} M pts/s (kept {bench['douglasPeucker']['kept']:,}) | "
          f"simplification {peer_dp/1e6:.2f} M pts/s (kept {simp['kept']:,}) | {ts_dp/peer_dp:.2f}x |")


if __name__ == "__main__":
    main()
