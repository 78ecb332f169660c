#!/usr/bin/env python3
"""How the refined figures hold up when a file says less: simulates phone walks, runs and rides
(`tracksift simulate`, 45 minutes each, four environments, the given seeds) and analyses each in
four forms: as written (accuracies, Doppler speeds); as the GPX most files in the wild are
(HDOP and satellites, speed and course, no accuracy; the HDOP is the accuracy over 5, the
readers' policy inverted); with speeds only (positions, times, elevations and speeds, as a
watch's FIT file is); and as plain GPX (positions, times and elevations only, as a Strava
export is). Prints the refined distance, climb and maximum speed's error against the truth:
median, median size, worst and most negative.

    Scripts/file-forms-check.py BINARY [BINARY ...] [--seeds 1 2 3] [--device watch]

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
FIGURES = {
    "distance": "distanceMeters",
    "climb": "elevationGainMeters",
    "maximum speed": "maximumSpeedMetersPerSecond",
}


def dilution_form(text):
    """The GPX with each point's extensions replaced by `sat`, `hdop`, speed and course."""
    def point(match):
        values = dict(re.findall(r"<tracksift:(\w+)>([^<]*)</tracksift:\w+>", match.group(1)))
        written = ""
        if float(values["horizontalAccuracy"]) > 0:
            written += f"<sat>8</sat><hdop>{float(values['horizontalAccuracy']) / 5:.2f}</hdop>"
        kept = "".join(
            f"<{name}>{values[name]}</{name}>" for name in ("speed", "course")
            if float(values[name]) >= 0)
        return written + (f"<extensions>{kept}</extensions>" if kept else "")
    return re.sub(r"<extensions>(.*?)</extensions>", point, text, flags=re.S)


def speed_form(text):
    """The GPX with each point's extensions replaced by its speed alone."""
    def point(match):
        speed = re.search(r"<tracksift:speed>([^<]*)<", match.group(1)).group(1)
        return f"<extensions><speed>{speed}</speed></extensions>" if float(speed) >= 0 else ""
    return re.sub(r"<extensions>(.*?)</extensions>", point, text, flags=re.S)


def simulate(binary, folder, device, environment, activity, seed):
    """Writes the recording in its three forms; returns their paths and the truth's figures."""
    gpx = os.path.join(folder, "recording.gpx")
    truth = os.path.join(folder, "truth.csv")
    subprocess.run(
        [binary, "simulate", "--device", device, "--environment", environment,
         "--activity", activity,
         "--duration-seconds", "2700", "--seed", str(seed), "-o", gpx, "--truth", truth],
        check=True, capture_output=True)
    with open(gpx) as source:
        text = source.read()
    forms = {"as written": gpx}
    for form, written in (
        ("GPX hdop/sat", dilution_form(text)),
        ("speeds only", speed_form(text)),
        ("plain GPX", re.sub(r"<extensions>.*?</extensions>", "", text, flags=re.S)),
    ):
        forms[form] = os.path.join(folder, form.replace(" ", "-").replace("/", "-") + ".gpx")
        with open(forms[form], "w") as target:
            target.write(written)
    with open(truth) as source:
        rows = list(csv.DictReader(source))
    column = {key: next(name for name in rows[0] if key in name)
              for key in ("distance", "elevation", "speed")}
    elevations = [float(row[column["elevation"]]) for row in rows]
    true_figures = {
        "distance": float(rows[-1][column["distance"]]),
        "climb": sum(max(0.0, after - before) for before, after in zip(elevations, elevations[1:])),
        "maximum speed": max(float(row[column["speed"]]) for row in rows),
    }
    return forms, true_figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--seeds", nargs="+", type=int, default=[1, 2, 3])
    parser.add_argument(
        "--device", default="phone", choices=["phone", "watch", "dualFrequencyPhone"])
    arguments = parser.parse_args()
    errors = {}
    with tempfile.TemporaryDirectory() as folder:
        for seed in arguments.seeds:
            for environment in ENVIRONMENTS:
                for activity in ACTIVITIES:
                    forms, truth = simulate(
                        arguments.binaries[0], folder, arguments.device, environment, activity,
                        seed)
                    for binary in arguments.binaries:
                        for form, path in forms.items():
                            output = subprocess.run(
                                [binary, "analyze", path, "--profile", activity, "--json"],
                                check=True, capture_output=True, text=True).stdout
                            refined = json.loads(output)["refined"]
                            for figure, key in FIGURES.items():
                                if refined.get(key) is not None and truth[figure] > 0:
                                    error = 100 * (refined[key] / truth[figure] - 1)
                                    errors.setdefault((binary, figure, form), []).append(error)
    print("binary | figure | form | recordings | median % | median |error| % | worst % | "
          "most negative %")
    for (binary, figure, form), values in sorted(errors.items()):
        print(f"{binary} | {figure} | {form} | {len(values)} | {statistics.median(values):+.1f} | "
              f"{statistics.median(abs(v) for v in values):.1f} | {max(values, key=abs):+.1f} | "
              f"{min(values):+.1f}")


if __name__ == "__main__":
    main()
