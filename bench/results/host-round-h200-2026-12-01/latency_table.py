#!/usr/bin/env python3
"""Issue 23's before/after table of a call's fixed cost: two bench_latency JSON files (before,
after), one row per graph, input and operation: µs per call (median of batches), kernel launches
and host waits per call, as the library's own counter counted them.
   latency_table.py BEFORE.json AFTER.json"""
import json
import sys


def rows(path):
    """(graph, input, operation) -> its figures. The counts come with the timed run (older files)
    or from the operation's own `<operation>/calls` run (bench_latency counts after timing)."""
    out = {}
    for b in json.load(open(path))["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        graph, inp, op, rest = (b["name"].split("/") + [""] * 4)[:4]
        row = out.setdefault((graph, inp, op), {})
        if rest == "calls":
            row.update({k: b[k] for k in ("launches", "host_waits") if k in b})
        else:
            row.update({k: b[k] for k in ("us_per_call", "launches", "host_waits") if k in b})
    return out


before, after = rows(sys.argv[1]), rows(sys.argv[2])
print("| graph | input | operation | µs before | µs after | launches before → after | waits before → after |")
print("|---|---|---|---:|---:|---|---|")
for key in sorted(set(before) | set(after), key=lambda k: (k[0], k[1], list(after).index(k) if k in after else 999)):
    b, a = before.get(key), after.get(key)
    f = lambda r, k, d=1: ("%.*f" % (d, r[k])) if r and k in r else "–"
    print(f"| {key[0]} | {key[1]} | {key[2]} | {f(b, 'us_per_call')} | {f(a, 'us_per_call')} | "
          f"{f(b, 'launches', 0)} → {f(a, 'launches', 0)} | {f(b, 'host_waits', 0)} → {f(a, 'host_waits', 0)} |")
