#!/usr/bin/env python3
"""Times `tracksift batch` on a corpus of simulated activities, with one job and with every core,
against gpxpy on the same corpus, and prints a Markdown table.

Usage (from the repository root; gpxpy in a venv, as the README's peers section says):
    python3 -m venv .venv && .venv/bin/pip install gpxpy
    .venv/bin/python Scripts/bench-batch.py [--corpus DIR] [--count 2000] [--repeat 3]

1. The corpus: COUNT recordings of DURATION seconds (`tracksift simulate --seed N`, seeds 1 to
   COUNT); the even seeds are converted to FIT (`tracksift convert N.gpx -o N.fit`) and gzipped
   to `N.fit.gz`, their GPX removed, so that half the corpus is GPX and half FIT.gz. It is made
   once, two processes at a time, in --corpus (by default a folder in the temporary directory)
   and reused by later runs; files already there are kept. With --generation-budget-seconds,
   generation stops early and the benchmark runs on the files made (the table says how many).
2. `tracksift batch CORPUS --jobs 1 --summary /dev/null --progress none`, then the same with
   `--jobs NPROC`, alternately, --repeat times each: the median wall time as files per second,
   the speed-up, and the largest peak RSS of each (`/usr/bin/time -f %M`).
3. gpxpy in one fresh interpreter on the same corpus: parse, `get_moving_data()`, `length_3d()` per
   file. gpxpy reads no FIT, so it runs on the GPX half of the corpus and its files per second
   are per GPX file (the FIT.gz files are left out, not timed); the table says so, and gives
   `tracksift batch --jobs 1` on the same GPX files for a like-for-like ratio.

The release binary is built first unless --binary names one. The machine is shared and noisy:
compare ratios, not absolutes.
"""
import argparse
import concurrent.futures
import gzip
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPUS = os.path.join(tempfile.gettempdir(), "tracksift-bench-batch-corpus")
GNU_TIME = "/usr/bin/time"

GPXPY_SCRIPT = """
import gpxpy, json, resource, sys, time
paths = [line for line in sys.stdin.read().splitlines() if line]
start = time.perf_counter()
points = 0
length = 0.0
moving = 0.0
for path in paths:
    with open(path, encoding="utf-8") as handle:
        gpx = gpxpy.parse(handle)
    data = gpx.get_moving_data()
    moving += data.moving_time
    length += gpx.length_3d()
    points += gpx.get_points_no()
seconds = time.perf_counter() - start
print(json.dumps(dict(files=len(paths), seconds=seconds, points=points, lengthMeters=length,
                      movingSeconds=moving,
                      peakMB=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)))
"""


def run(cmd, **kwargs):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kwargs).stdout


def corpus_name(seed):
    return f"{seed}.fit.gz" if seed % 2 == 0 else f"{seed}.gpx"


def make_file(binary, corpus, seed, duration):
    """Writes one file of the corpus (atomically: a partial file never has its final name)."""
    gpx = os.path.join(corpus, f".{seed}.part.gpx")
    run([binary, "simulate", "--seed", str(seed), "--duration-seconds", str(duration),
         "-o", gpx])
    final = os.path.join(corpus, corpus_name(seed))
    if seed % 2 == 1:
        os.replace(gpx, final)
        return final
    fit = os.path.join(corpus, f".{seed}.part.fit")
    run([binary, "convert", gpx, "-o", fit])
    os.remove(gpx)
    with open(fit, "rb") as source, gzip.open(final + ".part", "wb", compresslevel=6) as target:
        shutil.copyfileobj(source, target)
    os.remove(fit)
    os.replace(final + ".part", final)
    return final


def make_corpus(binary, corpus, count, duration, budget_seconds):
    """Makes the files of the corpus not there yet; returns (files, seconds spent)."""
    os.makedirs(corpus, exist_ok=True)
    for name in os.listdir(corpus):
        if name.startswith("."):
            os.remove(os.path.join(corpus, name))
    missing = [seed for seed in range(1, count + 1)
               if not os.path.exists(os.path.join(corpus, corpus_name(seed)))]
    start = time.monotonic()
    if missing:
        print(f"making {len(missing)} of {count} files in {corpus}, 2 at a time...",
              file=sys.stderr)
        with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
            pending = set()
            seeds = iter(missing)
            done = 0
            while True:
                within_budget = budget_seconds is None or time.monotonic() - start < budget_seconds
                while within_budget and len(pending) < 4:
                    seed = next(seeds, None)
                    if seed is None:
                        break
                    pending.add(pool.submit(make_file, binary, corpus, seed, duration))
                if not pending:
                    break
                finished, pending = concurrent.futures.wait(
                    pending, return_when=concurrent.futures.FIRST_COMPLETED)
                for future in finished:
                    future.result()
                    done += 1
                    if done % 100 == 0:
                        print(f"  {done} made ({time.monotonic() - start:.0f} s)",
                              file=sys.stderr)
    files = sorted(os.path.join(corpus, name) for name in os.listdir(corpus)
                   if name.endswith(".gpx") or name.endswith(".fit.gz"))
    return files, time.monotonic() - start


def time_batch(binary, paths, jobs):
    """One `tracksift batch PATHS` run: (wall seconds, peak RSS in MB, exit status)."""
    command = [binary, "batch", *paths, "--jobs", str(jobs), "--summary", "/dev/null",
               "--progress", "none"]
    with tempfile.NamedTemporaryFile("r", suffix=".time") as memory:
        if os.access(GNU_TIME, os.X_OK):
            command = [GNU_TIME, "-f", "%M", "-o", memory.name] + command
        start = time.perf_counter()
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        seconds = time.perf_counter() - start
        lines = [line for line in open(memory.name).read().splitlines() if line.strip()]
    # batch exits 1 when a file failed; anything else is a crash.
    if result.returncode not in (0, 1):
        sys.exit(f"tracksift batch --jobs {jobs} failed ({result.returncode}): "
                 f"{result.stderr[-2000:]}")
    peak = int(lines[-1]) / 1024 if lines and lines[-1].strip().isdigit() else float("nan")
    return seconds, peak, result.returncode


def time_gpxpy(python, files):
    result = subprocess.run([python, "-c", GPXPY_SCRIPT], input="\n".join(files), check=True,
                            text=True, capture_output=True)
    import json
    return json.loads(result.stdout.strip().splitlines()[-1])


def machine():
    model = platform.processor() or platform.machine()
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default=DEFAULT_CORPUS, help="the corpus folder (reused)")
    parser.add_argument("--count", type=int, default=2000, help="recordings in the corpus")
    parser.add_argument("--duration-seconds", type=int, default=3600,
                        help="seconds of each recording (one fix a second)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each --jobs value")
    parser.add_argument("--jobs", type=int, default=os.cpu_count(), help="the parallel run's jobs")
    parser.add_argument("--binary", help="a tracksift binary (default: build the release one)")
    parser.add_argument("--generation-budget-seconds", type=float,
                        help="stop making the corpus after this long and measure what was made")
    parser.add_argument("--python", default=sys.executable, help="the interpreter with gpxpy")
    arguments = parser.parse_args()

    binary = arguments.binary
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "tracksift"], cwd=ROOT,
                       check=True, stdout=subprocess.DEVNULL)
        binary = os.path.join(ROOT, ".build", "release", "tracksift")
    binary = os.path.abspath(binary)

    files, generation = make_corpus(binary, arguments.corpus, arguments.count,
                                    arguments.duration_seconds,
                                    arguments.generation_budget_seconds)
    gpx_files = [path for path in files if path.endswith(".gpx")]
    fit_count = len(files) - len(gpx_files)
    size_mb = sum(os.path.getsize(path) for path in files) / 1e6
    print(f"corpus: {len(files)} files ({len(gpx_files)} GPX, {fit_count} FIT.gz, "
          f"{size_mb:.0f} MB) in {arguments.corpus}; {generation:.0f} s to make the missing ones",
          file=sys.stderr)

    runs = {1: [], arguments.jobs: []}
    statuses = set()
    for repetition in range(arguments.repeat):
        for jobs in runs:
            seconds, peak, status = time_batch(binary, [arguments.corpus], jobs)
            statuses.add(status)
            runs[jobs].append((seconds, peak))
            print(f"  batch --jobs {jobs}: {seconds:.1f} s, peak {peak:.0f} MB", file=sys.stderr)

    # The same files as gpxpy's, for a like-for-like ratio.
    gpx_only = []
    for repetition in range(arguments.repeat):
        seconds, _, status = time_batch(binary, gpx_files, 1)
        statuses.add(status)
        gpx_only.append(seconds)
        print(f"  batch --jobs 1 on the GPX files: {seconds:.1f} s", file=sys.stderr)

    peer = time_gpxpy(arguments.python, gpx_files)
    print(f"  gpxpy on {peer['files']} GPX files: {peer['seconds']:.1f} s, "
          f"peak {peer['peakMB']:.0f} MB", file=sys.stderr)

    def rate(jobs):
        return len(files) / statistics.median(seconds for seconds, _ in runs[jobs])

    def peak(jobs):
        return max(peak for _, peak in runs[jobs])

    one, many = rate(1), rate(arguments.jobs)
    gpxpy_rate = peer["files"] / peer["seconds"]
    gpx_rate = len(gpx_files) / statistics.median(gpx_only)
    print()
    print(f"Corpus: {len(files)} simulated activities of {arguments.duration_seconds} s "
          f"({len(gpx_files)} GPX, {fit_count} FIT.gz, {size_mb:.0f} MB); "
          f"median of {arguments.repeat} runs each.  ")
    print(f"Machine: {machine()}; Python {platform.python_version()}, "
          f"gpxpy {run([arguments.python, '-c', 'import gpxpy; print(gpxpy.__version__)']).strip()}.")
    if statuses != {0}:
        print(f"(tracksift batch exited with {sorted(statuses)}: some files gave error rows.)")
    print()
    print("| measure | value | target |")
    print("|---|---:|---:|")
    print(f"| tracksift batch --jobs 1, files/s | {one:.1f} | |")
    print(f"| tracksift batch --jobs {arguments.jobs}, files/s | {many:.1f} | |")
    print(f"| speed-up, jobs {arguments.jobs} / jobs 1 | {many / one:.2f}x | 1.8x on 2 cores |")
    print(f"| peak memory, jobs 1 | {peak(1):.0f} MB | < 300 MB |")
    print(f"| peak memory, jobs {arguments.jobs} | {peak(arguments.jobs):.0f} MB | < 300 MB |")
    print(f"| gpxpy (parse + get_moving_data + length_3d), GPX files/s | {gpxpy_rate:.2f} | |")
    print(f"| gpxpy peak memory | {peer['peakMB']:.0f} MB | |")
    print(f"| tracksift batch --jobs 1 on the GPX files only, files/s | {gpx_rate:.1f} | |")
    print(f"| tracksift / gpxpy, GPX files/s, one core each | {gpx_rate / gpxpy_rate:.1f}x | |")
    print(f"| tracksift jobs 1 (mixed corpus) / gpxpy (GPX) | {one / gpxpy_rate:.1f}x | |")
    print(f"| tracksift jobs {arguments.jobs} (mixed corpus) / gpxpy (GPX) | "
          f"{many / gpxpy_rate:.1f}x | |")
    print()
    print(f"gpxpy reads no FIT: it ran on the {peer['files']} GPX files of the corpus in one "
          f"process, and its rate is per GPX file; the {fit_count} FIT.gz files were not given "
          "to it (no GPX twin was made). tracksift's rates are over the whole mixed corpus, "
          "but for the row on the GPX files only, the like-for-like ratio.")


if __name__ == "__main__":
    main()
