#!/usr/bin/env python3
"""Which lines of a Swift binary copy the most bytes with memmove/memcpy (whole-struct copies).

Usage: Scripts/memmove-sites.py [--top N] BINARY ARGS...
e.g.   Scripts/memmove-sites.py .build/release/tracksift bench batch --points 300000 --repeat 1

Builds Scripts/memmove-sites/shim.c (gcc), runs the command with it preloaded, and prints the
call sites inside BINARY by bytes copied, each with its source lines (inlined frames too,
from the release build's debug info, via addr2line). A perf profile shows memmove's time but
not its callers reliably; this shows who copies what, and how large each copy is.
"""
import os, subprocess, sys, tempfile

def main():
    args = sys.argv[1:]
    top = 30
    if args[:1] == ["--top"]:
        top, args = int(args[1]), args[2:]
    binary = os.path.realpath(args[0])
    work = tempfile.mkdtemp(prefix="memmove-sites.")
    shim = os.path.join(work, "shim.so")
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "memmove-sites", "shim.c")
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", shim, source, "-ldl"], check=True)
    out = os.path.join(work, "sites.txt")
    env = dict(os.environ, LD_PRELOAD=shim, MEMMOVE_SITES_OUT=out)
    subprocess.run([binary] + args[1:], env=env, stdout=subprocess.DEVNULL)
    base, rows = None, []
    for line in open(out):
        kind, rest = line.split(" ", 1)
        if kind == "map" and rest.rstrip().endswith(binary) and " 00000000 " in rest and base is None:
            base = int(rest.split("-")[0], 16)
        elif kind == "site":
            site, calls, size = rest.split()
            rows.append((int(size), int(calls), int(site, 16)))
    rows = sorted((r for r in rows if base is not None and r[2] >= base), reverse=True)
    total = sum(r[0] for r in rows)
    print(f"{total / 1e6:.1f} MB copied from {binary}")
    for size, calls, site in rows[:top]:
        lines = subprocess.run(["addr2line", "-i", "-e", binary, hex(site - base - 1)],
                               capture_output=True, text=True).stdout.split()
        print(f"{size / 1e6:9.1f} MB {calls:9d} calls {size // max(calls, 1):6d} B  " + " < ".join(lines))

if __name__ == "__main__":
    main()
