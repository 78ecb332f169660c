#!/usr/bin/env python3
"""Where the analysis time goes, stage by stage: runs `tracksift analyze FILE --json` under
`perf record -g` and prints, for the samples inside `TrackAnalysis`, the share of each function
called by a stage (inclusive), and the functions that spend the time themselves (exclusive).

    Scripts/profile-stages.py BINARY FILE [--frequency HZ] [--depth N]

BINARY is a release build of tracksift; FILE an activity file (e.g. a million-fix GPX made by
`tracksift simulate --duration-seconds 1000000`). Needs `perf` (no hardware counters needed:
it samples the CPU clock). The parse of FILE is outside `TrackAnalysis` and left out.
"""
import argparse
import collections
import os
import re
import subprocess
import tempfile

ANALYSIS = r"TrackSift0A8AnalysisV5track7profile"
# The stages whose callees are listed, as patterns on Swift's mangled names.
STAGES = {
    "whole analysis": ANALYSIS,
    "segment pipeline (AnalysisPipeline.run)": r"TrackSift16AnalysisPipelineV3run",
    "live pass (LivePipeline.process)": r"LivePipelineV7process",
    "refined pass (AnalysisPipeline.refine)": r"AnalysisPipelineV6refineyyAA8LivePass",
}


def stacks_of(script_output):
    """Each sample's frames, innermost first, as symbol names without offsets."""
    stack = []
    for line in script_output.splitlines():
        if not line.strip():
            if stack:
                yield stack
            stack = []
        elif line[0] in " \t":
            parts = line.strip().split(None, 1)
            if len(parts) == 2:
                stack.append(re.sub(r"\+0x[0-9a-f]+$", "", parts[1].split(" (")[0]))
    if stack:
        yield stack


def short(symbol):
    return re.sub(r"^\$s\d*", "", symbol)[:100]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("file")
    parser.add_argument("--frequency", type=int, default=1999)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="profile-stages.")
    data = os.path.join(work, "perf.data")
    with open(os.devnull, "w") as null:
        subprocess.run(
            ["perf", "record", "-g", "-F", str(args.frequency), "-o", data, args.binary,
             "analyze", args.file, "--json"], stdout=null, stderr=null, check=True)
    script = subprocess.run(
        ["perf", "script", "-i", data], capture_output=True, text=True).stdout
    stacks = list(stacks_of(script))
    inside = [stack for stack in stacks if any(re.search(ANALYSIS, f) for f in stack)]
    print(f"{len(stacks)} samples, {len(inside)} inside TrackAnalysis "
          f"({100 * len(inside) / max(len(stacks), 1):.1f} %)\n")
    for title, pattern in STAGES.items():
        callees = collections.Counter()
        count = 0
        for stack in inside:
            positions = [i for i, frame in enumerate(stack) if re.search(pattern, frame)]
            if not positions:
                continue
            count += 1
            outermost = positions[-1]
            callees[short(stack[outermost - 1]) if outermost > 0 else "(itself)"] += 1
        print(f"{title}: {100 * count / max(len(inside), 1):.1f} % of the analysis")
        for name, samples in callees.most_common(args.top):
            print(f"  {100 * samples / max(len(inside), 1):5.1f} %  {name}")
        print()
    exclusive = collections.Counter(short(stack[0]) for stack in inside)
    print("spending the time themselves (exclusive), % of the analysis")
    for name, samples in exclusive.most_common(args.top * 2):
        print(f"  {100 * samples / max(len(inside), 1):5.1f} %  {name}")


if __name__ == "__main__":
    main()
