#!/usr/bin/env python3
"""Measures the CPU share of `tracksift record` at 1 Hz against a real gpsd (gpsfake).

Usage (from the repository root; needs gpsfake: apt-get install -y gpsd gpsd-clients python3-gps):
    python3 Scripts/bench-record-cpu.py [--seconds 60] [--binary PATH] [--json]

It writes a simulated run as NMEA with `tracksift simulate` (each GGA given a satellite count,
without which gpsd reports no fix), has gpsfake replay it at one epoch a second (`-c` is a delay
per sentence, so it is 1 / the sentences of an epoch) on a loopback port, and runs
`tracksift record --ignore-staleness` against it into a fresh store, its output piped (one line
per event). Once the first fix is committed and a warm-up has passed, it reads the process's
user + system CPU time (all threads) from /proc/PID/stat, again after --seconds, and divides by
the wall time between: the share of one core in the steady state. The whole process's figure
(start-up included, from wait4's rusage) and the fixes committed in the window (read from the
store) are printed beside it. Python standard library only.
"""
import argparse
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User + system CPU time of a process (all its threads), in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        # The command name may hold spaces: the fields after it start past the last ')'.
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS_PER_SECOND


def committed_fixes(store):
    """Fixes committed to the store so far (0 while it cannot be read)."""
    try:
        with sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=1) as db:
            return db.execute("SELECT COUNT(*) FROM fix").fetchone()[0]
    except sqlite3.Error:
        return 0


def with_satellites_used(line, count="08"):
    """A GGA sentence without its satellites-used field gets `count`, with a new checksum.

    gpsd 3.22 reports no fix (mode 1, no position) for a GGA that does not say how many
    satellites it used, and a simulated phone, like a real one, does not say.
    """
    body = line[1:line.index("*")]
    fields = body.split(",")
    if not fields[0].endswith("GGA") or len(fields) < 8 or fields[7]:
        return line
    fields[7] = count
    body = ",".join(fields)
    checksum = 0
    for character in body.encode():
        checksum ^= character
    return f"${body}*{checksum:02X}"


def default_binary():
    path = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
        text=True, capture_output=True).stdout.strip()
    return os.path.join(path, "tracksift")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", help="tracksift (default: the release build's)")
    parser.add_argument("--seconds", type=float, default=60, help="the measured window")
    parser.add_argument("--warm-up-seconds", type=float, default=10)
    parser.add_argument("--port", type=int, default=29_851)
    parser.add_argument("--profile", default="running")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    options = parser.parse_args()
    for tool in ["gpsfake", "timeout"]:
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not on PATH (apt-get install -y gpsd gpsd-clients python3-gps)")
    binary = options.binary or default_binary()
    directory = tempfile.mkdtemp(prefix="tracksift-record-cpu-")
    try:
        measure(options, binary, directory)
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def measure(options, binary, directory):
    log = os.path.join(directory, "run.nmea")
    store = os.path.join(directory, "record.sqlite")
    length = int(options.warm_up_seconds + options.seconds + 120)
    subprocess.run(
        [binary, "simulate", "-o", log, "--activity", options.profile, "--duration-seconds",
         str(length), "--seed", str(options.seed)], check=True, capture_output=True)
    with open(log) as file:
        lines = [with_satellites_used(line.strip()) for line in file if line.startswith("$")]
    with open(log, "w") as file:
        file.write("\r\n".join(lines) + "\r\n")
    epochs = sum(1 for line in lines if line[3:6] == "RMC")
    cycle = epochs / len(lines)  # seconds per sentence for one epoch a second

    gpsfake_output = open(os.path.join(directory, "gpsfake.out"), "w")
    # `timeout` leads a process group of its own: killing the group stops gpsfake and its gpsd.
    # gpsfake puts gpsd's control socket in TMPDIR and never removes it; a stale one in a shared
    # /tmp under a reused pid makes it replay to no one, so it gets the run's own directory.
    gpsfake = subprocess.Popen(
        ["timeout", "-k", "2", str(length + 60), "gpsfake", "-1", "-n", "-c", f"{cycle:.6f}",
         "-W", "5", "-P", str(options.port), log],
        stdin=subprocess.DEVNULL, stdout=gpsfake_output, stderr=subprocess.STDOUT,
        env={**os.environ, "TMPDIR": directory})
    record = None
    try:
        started = time.monotonic()
        record = subprocess.Popen(
            [binary, "record", "--gpsd", f"127.0.0.1:{options.port}", "--store", store,
             "--profile", options.profile, "--ignore-staleness", "--duration-seconds",
             str(length)],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        printed = []
        reader = threading.Thread(
            target=lambda: printed.extend(line.rstrip("\n") for line in record.stdout),
            daemon=True)
        reader.start()
        # Recording once the first fix is committed (a commit a second).
        deadline = time.monotonic() + 60
        while committed_fixes(store) == 0:
            if time.monotonic() > deadline or record.poll() is not None:
                sys.exit("record committed no fix in 60 s:\n" + "\n".join(printed))
            time.sleep(0.2)
        time.sleep(options.warm_up_seconds)

        wall0, cpu0, fixes0 = time.monotonic(), cpu_seconds(record.pid), committed_fixes(store)
        time.sleep(options.seconds)
        wall1, cpu1, fixes1 = time.monotonic(), cpu_seconds(record.pid), committed_fixes(store)

        record.send_signal(signal.SIGINT)
        _, status, usage = os.wait4(record.pid, 0)
        record.returncode = os.waitstatus_to_exitcode(status)
        whole_wall = time.monotonic() - started
        reader.join(5)
    finally:
        if record is not None and record.returncode is None:
            record.kill()
        os.killpg(gpsfake.pid, signal.SIGKILL)
        gpsfake.wait()
        gpsfake_output.close()

    window = wall1 - wall0
    result = {
        "binary": binary,
        "profile": options.profile,
        "gpsfakeSecondsPerSentence": cycle,
        "windowSeconds": window,
        "windowCPUSeconds": cpu1 - cpu0,
        "windowCorePercent": 100 * (cpu1 - cpu0) / window,
        "cpuClockResolutionSeconds": 1 / TICKS_PER_SECOND,
        "fixesCommittedInWindow": fixes1 - fixes0,
        "fixesPerSecond": (fixes1 - fixes0) / window,
        "wholeProcessWallSeconds": whole_wall,
        "wholeProcessCPUSeconds": usage.ru_utime + usage.ru_stime,
        "wholeProcessCorePercent": 100 * (usage.ru_utime + usage.ru_stime) / whole_wall,
        "peakResidentMegabytes": usage.ru_maxrss / 1024,
        "exitStatus": record.returncode,
        "summary": next((line for line in reversed(printed) if "fixes" in line), ""),
    }
    if options.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"tracksift record --profile {options.profile} from gpsfake at "
              f"{result['fixesPerSecond']:.2f} fixes/s, {window:.1f} s window after "
              f"{options.warm_up_seconds:.0f} s of warm-up")
        print(f"  steady state: {result['windowCPUSeconds']:.2f} s CPU = "
              f"{result['windowCorePercent']:.3f} % of a core "
              f"(clock resolution {1 / TICKS_PER_SECOND:.2f} s)")
        print(f"  whole process: {result['wholeProcessCPUSeconds']:.3f} s CPU in "
              f"{whole_wall:.1f} s = {result['wholeProcessCorePercent']:.3f} % of a core, "
              f"peak {result['peakResidentMegabytes']:.0f} MB, exit {record.returncode}")
        print(f"  record said: {result['summary']}")
    if record.returncode != 0:
        sys.exit(f"record exited with {record.returncode}:\n" + "\n".join(printed))


if __name__ == "__main__":
    main()
