#!/usr/bin/env python3
"""The per-call table of bench_latency runs, builds side by side (gpu-run.sh latency-ab's JSON).

usage: scripts/latency_table.py old=latency-old-1.json,latency-old-2.json new=latency-new-1.json,...

Prints one markdown row per graph, input and operation: each build's us a call (the median over
its files of bench_latency's us_per_call, itself a median of batches), and the device calls that
the last build's <operation>/calls benchmark counted (launches / host waits / transfers /
allocations)."""
import json
import statistics
import sys


def load(paths):
    times, calls = {}, {}
    for path in paths:
        with open(path) as f:
            for b in json.load(f)["benchmarks"]:
                parts = b["name"].split("/")
                if "calls" in parts:
                    key = "/".join(parts[:3])
                    calls[key] = b
                elif "us_per_call" in b:
                    times.setdefault("/".join(parts[:3]), []).append(b["us_per_call"])
    return times, calls


def main(argv):
    if len(argv) < 2 or any("=" not in a for a in argv[1:]):
        sys.exit(__doc__)
    builds = []
    for arg in argv[1:]:
        label, files = arg.split("=", 1)
        builds.append((label, *load(files.split(","))))
    keys = []
    for _, times, _ in builds:
        keys += [k for k in times if k not in keys]
    last_calls = builds[-1][2]
    print("| graph | input | operation | " + " | ".join(f"{label} us" for label, _, _ in builds) +
          " | launches / waits / transfers / allocations |")
    print("|---|---|---|" + "---:|" * len(builds) + "---|")
    for k in keys:
        graph, inp, op = k.split("/")
        cells = []
        for _, times, _ in builds:
            cells.append(f"{statistics.median(times[k]):.1f}" if k in times else "")
        c = last_calls.get(k)
        counts = (" / ".join(str(int(c.get(f, 0))) for f in ("launches", "host_waits", "transfers", "allocations")) if c else "")
        print(f"| {graph} | {inp} | {op} | " + " | ".join(cells) + f" | {counts} |")


if __name__ == "__main__":
    main(sys.argv)
