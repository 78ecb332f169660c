#!/usr/bin/env python3
"""How the refined figures of real recordings hold up when a file says less: each activity
file (by default every file of the shared data that `analyze` reads with times) is read as it
is, then written, from `tracksift convert --format csv`, in two forms and analysed again with
the profile `analyze` chose for it as read: as the GPX most files in the wild are (HDOP and
satellites where the file has them, else its accuracy over 5, the readers' policy inverted;
speed and course where it has them; no accuracy), and as plain GPX (positions, times and
elevations, as a Strava export is). Prints the refined distance, moving time, climb and maximum
speed of each form against the file as read, for the files where one of them moves by more
than the threshold.

    Scripts/real-forms-check.py BINARY [FILE ...] [--data ../shared/data] [--threshold 2]

Nothing is written outside a temporary folder: the recordings stay where they are.
"""
import argparse
import csv
import json
import os
import subprocess
import tempfile
from xml.sax.saxutils import escape

FIGURES = {
    "distance": "distanceMeters",
    "moving": "movingTimeSeconds",
    "climb": "elevationGainMeters",
    "maximum": "maximumSpeedMetersPerSecond",
}


def number(text):
    """The CSV cell as a float, or None where it is empty or not a number."""
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def write_gpx(rows, path, with_dilution):
    """Writes the CSV rows as GPX 1.1, one segment per CSV segment; rows without a position are
    left out."""
    with open(path, "w") as target:
        target.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="real-forms'
                     '-check" xmlns="http://www.topografix.com/GPX/1/1"><trk>\n')
        segment = None
        for row in rows:
            if number(row["lat"]) is None or number(row["lon"]) is None:
                continue
            if row["segment"] != segment:
                target.write(("</trkseg>" if segment is not None else "") + "<trkseg>\n")
                segment = row["segment"]
            point = f'<trkpt lat="{row["lat"]}" lon="{row["lon"]}">'
            if number(row["ele"]) is not None:
                point += f"<ele>{row['ele']}</ele>"
            if row["time"]:
                point += f"<time>{escape(row['time'])}</time>"
            if with_dilution:
                hdop, accuracy = number(row["hdop"]), number(row["accuracy"])
                if number(row["sat"]) is not None:
                    point += f"<sat>{int(float(row['sat']))}</sat>"
                if hdop is None and accuracy is not None and accuracy > 0:
                    hdop = accuracy / 5
                if hdop is not None:
                    point += f"<hdop>{hdop:.2f}</hdop>"
                kept = "".join(
                    f"<{name}>{row[name]}</{name}>" for name in ("speed", "course")
                    if number(row[name]) is not None and number(row[name]) >= 0)
                if kept:
                    point += f"<extensions>{kept}</extensions>"
            target.write(point + "</trkpt>\n")
        target.write(("</trkseg>" if segment is not None else "") + "</trk></gpx>\n")


def analyze(binary, path, profile=None):
    """The analysis as JSON, or None where `analyze` refuses the file."""
    command = [binary, "analyze", path, "--json"] + (["--profile", profile] if profile else [])
    result = subprocess.run(command, capture_output=True, text=True)
    return json.loads(result.stdout) if result.returncode == 0 else None


def change(before, after):
    """The relative change in percent, or None where either is unknown or `before` is 0."""
    if before is None or after is None or before == 0:
        return None
    return 100 * (after / before - 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("files", nargs="*")
    parser.add_argument("--data", default="../shared/data")
    parser.add_argument("--threshold", type=float, default=2.0)
    arguments = parser.parse_args()
    files = arguments.files or sorted(
        os.path.join(folder, name)
        for folder, _, names in os.walk(arguments.data) for name in names
        if not name.endswith((".md", ".txt", ".tsv")))
    print("file | form | distance % | moving time % | climb % | maximum %")
    shown = compared = 0
    with tempfile.TemporaryDirectory() as folder:
        for path in files:
            read = analyze(arguments.binary, path)
            if read is None or read["refined"].get("movingTimeSeconds") is None:
                continue
            exported = os.path.join(folder, "export.csv")
            if subprocess.run([arguments.binary, "convert", path, "--format", "csv",
                               "--output", exported], capture_output=True).returncode != 0:
                continue
            with open(exported) as source:
                rows = list(csv.DictReader(source))
            compared += 1
            for form, with_dilution in (("GPX hdop/sat", True), ("plain GPX", False)):
                written = os.path.join(folder, "form.gpx")
                write_gpx(rows, written, with_dilution)
                analysed = analyze(arguments.binary, written, read["profile"])
                if analysed is None:
                    print(f"{path} | {form} | refused")
                    continue
                changes = [change(read["refined"].get(key), analysed["refined"].get(key))
                           for key in FIGURES.values()]
                if any(value is not None and abs(value) > arguments.threshold
                       for value in changes):
                    shown += 1
                    print(f"{path} | {form} | " + " | ".join(
                        "-" if value is None else f"{value:+.1f}" for value in changes))
    print(f"{compared} files compared, {shown} forms moved by more than "
          f"{arguments.threshold:g} % in a figure")


if __name__ == "__main__":
    main()
