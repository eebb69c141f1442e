#!/usr/bin/env python3
"""Issue 24's noise check: old and new builds' benchmark JSON (call-r.sh) side by side.

usage: compare.py DIR   (DIR holds prim-old1.json, prim-new1.json, ..., spmv-old2.json)
Per benchmark: each run's time (bench_primitives' median "ms" counter; bench_spmv's manual time),
the old build's spread (its run-to-run noise), new/old (the means), and a verdict: "slower" only
when both new runs lie above the slower old run by more than the old runs' spread (and 2%)."""
import glob
import json
import os
import re
import sys


def times(path):
    with open(path) as f:
        data = json.load(f)
    out = {}
    for b in data.get("benchmarks", []):
        if b.get("error_occurred"):
            continue
        name = b["name"].split("/iterations")[0].split("/min_time")[0].replace("/manual_time", "")
        ms = b.get("ms", b.get("counters", {}).get("ms"))
        if ms is None:
            ms = b["real_time"] if b.get("time_unit") == "ms" else b["real_time"] / 1e6
        out[name] = float(ms)
    return out


def main(d):
    runs = {}
    for p in sorted(glob.glob(os.path.join(d, "*.json"))):
        m = re.match(r"(prim|spmv)-(old|new)(\d)\.json", os.path.basename(p))
        if m:
            runs[(m.group(1), m.group(2), int(m.group(3)))] = times(p)
    print("| benchmark | old 1 | old 2 | new 1 | new 2 | old spread | new / old | verdict |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    slower = 0
    for kind in ("prim", "spmv"):
        names = sorted(set().union(*[set(v) for k, v in runs.items() if k[0] == kind] or [set()]))
        for n in names:
            o = [runs.get((kind, "old", k), {}).get(n) for k in (1, 2)]
            w = [runs.get((kind, "new", k), {}).get(n) for k in (1, 2)]
            if None in o or None in w:
                print(f"| {n} | {o[0]} | {o[1]} | {w[0]} | {w[1]} | | | missing |")
                continue
            spread = max(o) - min(o)
            ratio = (sum(w) / 2) / (sum(o) / 2)
            bad = min(w) > max(o) + max(spread, 0.02 * max(o))
            slower += bad
            verdict = "slower" if bad else ("faster" if max(w) < min(o) - max(spread, 0.02 * min(o)) else "within noise")
            print(f"| {n} | {o[0]:.3f} | {o[1]:.3f} | {w[0]:.3f} | {w[1]:.3f} | {100 * spread / min(o):.1f}% | {ratio:.2f} | {verdict} |")
    print(f"\n{slower} benchmark(s) slower than the old build beyond its run-to-run noise.")


if __name__ == "__main__":
    main(sys.argv[1])
