#!/usr/bin/env python3
"""How far the maximum speed lies from the truth, with and without the receiver's speeds:
simulates phone walks, runs and rides (`tracksift simulate`, 45 minutes each, four
environments, the given seeds), analyses each as written (with its Doppler speeds) and as
plain GPX (positions, times and elevations only, as most GPX files in the wild are), and
prints the live and refined maximum's error against the truth's highest speed.

    Scripts/maximum-speed-check.py BINARY [BINARY ...] [--seeds 1 2 3]

Each BINARY is a build of tracksift; several are compared on the same recordings.
"""
import argparse
import csv
import json
import os
import re
import statistics
import subprocess
import tempfile

ENVIRONMENTS = ["openSky", "suburban", "urbanCanyon", "forest"]
ACTIVITIES = ["walking", "running", "cycling"]


def simulate(binary, folder, environment, activity, seed):
    """Writes the recording and its plain copy; returns their paths and the true maximum."""
    gpx = os.path.join(folder, "recording.gpx")
    truth = os.path.join(folder, "truth.csv")
    subprocess.run(
        [binary, "simulate", "--environment", environment, "--activity", activity,
         "--duration-seconds", "2700", "--seed", str(seed), "-o", gpx, "--truth", truth],
        check=True, capture_output=True)
    plain = os.path.join(folder, "plain.gpx")
    with open(gpx) as source, open(plain, "w") as target:
        target.write(re.sub(r"<extensions>.*?</extensions>", "", source.read(), flags=re.S))
    with open(truth) as source:
        rows = list(csv.DictReader(source))
    column = next(name for name in rows[0] if "speed" in name)
    return {"as written": gpx, "plain GPX": plain}, max(float(row[column]) for row in rows)


def maxima(binary, path, activity):
    """The live and refined maximum speeds of one analysis, in m/s (None when unknown)."""
    output = subprocess.run(
        [binary, "analyze", path, "--profile", activity, "--json"],
        check=True, capture_output=True, text=True).stdout
    figures = json.loads(output)
    return {kind: figures[kind]["maximumSpeedMetersPerSecond"] for kind in ("live", "refined")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--seeds", nargs="+", type=int, default=[1, 2, 3])
    arguments = parser.parse_args()
    errors = {}
    with tempfile.TemporaryDirectory() as folder:
        for seed in arguments.seeds:
            for environment in ENVIRONMENTS:
                for activity in ACTIVITIES:
                    paths, true_maximum = simulate(
                        arguments.binaries[0], folder, environment, activity, seed)
                    for binary in arguments.binaries:
                        for form, path in paths.items():
                            for kind, value in maxima(binary, path, activity).items():
                                if value is not None:
                                    error = 100 * (value / true_maximum - 1)
                                    errors.setdefault((binary, form, kind), []).append(error)
    print("binary | form | figure | recordings | median % | median |error| % | worst % | most negative %")
    for (binary, form, kind), values in sorted(errors.items()):
        print(f"{binary} | {form} | {kind} | {len(values)} | {statistics.median(values):+.1f} | "
              f"{statistics.median(abs(v) for v in values):.1f} | "
              f"{max(values, key=abs):+.1f} | {min(values):+.1f}")


if __name__ == "__main__":
    main()
