#!/usr/bin/env python3
"""scripts/bench_peers.sh (the benchmark report's peer step) with the real hpgraph program and
stand-ins for GAPBS's programs, which record their arguments and print trial times as GAPBS does:
both sides get the same graph file and source, every primitive makes a record with hpgraph's
median, SuiteSparse's time and GAPBS's trials, and a failing peer fails the step and is named.
Run by ctest (BenchPeers.*) as: test_bench_peers.py HPGRAPH."""
import json
import os
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
script = os.path.join(root, "scripts", "bench_peers.sh")

# A GAPBS stand-in: converter writes a 4-vertex graph's edge list (weighted with -w) or a placeholder
# for its serialized form (-b), the others
# log their arguments and print two trials, 2 ms and 4 ms (GAPBS prints seconds).
STANDIN = r"""#!/bin/sh
echo "$(basename "$0") $*" >> "$(dirname "$0")/calls.log"
echo "gapbs ${LD_LIBRARY_PATH:-}" >> "$(dirname "$0")/../libs.log"
if [ "$(basename "$0")" = converter ]; then
  weighted=0; out=""; serialized=""
  while [ $# -gt 0 ]; do case "$1" in -w) weighted=1 ;; -e) out="$2"; shift ;; -b) serialized="$2"; shift ;; esac; shift; done
  if [ -n "$serialized" ]; then echo serialized > "$serialized"
  elif [ $weighted = 1 ]; then printf '1 2 7\n2 1 7\n2 3 1\n3 2 1\n1 3 9\n3 1 9\n' > "$out"
  else printf '1 2\n2 1\n2 3\n3 2\n1 3\n3 1\n' > "$out"; fi
  exit 0
fi
[ -f "$(dirname "$0")/fail-$(basename "$0")" ] && exit 3
printf 'Trial Time:          0.00200\nTrial Time:          0.00400\nAverage Time:        0.00300\n'
"""


def main():
    hpgraph = sys.argv[1]
    failures = []

    def expect(cond, what):
        if not cond:
            failures.append(what)

    with tempfile.TemporaryDirectory() as tmp:
        gap = os.path.join(tmp, "gapbs")
        os.makedirs(gap)
        for p in ["bfs", "sssp", "pr", "tc", "converter"]:
            path = os.path.join(gap, p)
            open(path, "w").write(STANDIN)
            os.chmod(path, 0o755)
        out = os.path.join(tmp, "peers.json")
        env = dict(os.environ, HPG_PEERS_REPEAT="2")
        # hpgraph through a wrapper that notes its library path (and fails TC when told to).
        wrapper = os.path.join(tmp, "hpgraph")
        open(wrapper, "w").write(f"""#!/bin/sh
echo "hpgraph ${{LD_LIBRARY_PATH:-}}" >> {tmp}/libs.log
[ "$1" = tc ] && [ -f {tmp}/fail-hpgraph-tc ] && {{ echo "hpgraph: error: told to fail" >&2; exit 2; }}
exec {hpgraph} "$@"
""")
        os.chmod(wrapper, 0o755)
        r = subprocess.run(["bash", script, wrapper, gap, os.path.join(tmp, "work"), out, "kron:2", "grid:3x3"],
                           capture_output=True, text=True, env=env)
        expect(r.returncode == 0, f"exit {r.returncode}: {r.stdout[-2000:]} {r.stderr[-2000:]}")
        recs = {(x["graph"], x["primitive"]): x for x in json.load(open(out))["peers"]} if os.path.exists(out) else {}
        expect(sorted(recs) == sorted((g, p) for g in ["kron-2", "grid-3x3"] for p in ["bfs", "sssp", "pagerank", "tc"]),
               f"one record per graph and primitive: {sorted(recs)}")
        for key, x in recs.items():
            expect(x.get("check") == "pass", f"{key}: hpgraph's answer checked against SuiteSparse: {x.get('check')}")
            expect(isinstance(x.get("suitesparse_ms"), (int, float)), f"{key}: SuiteSparse's run timed")
            expect(len(x.get("hpg_runs_ms", [])) == 2 and x.get("hpg_ms", 0) > 0, f"{key}: hpgraph's two runs")
            expect(x.get("gapbs_trials_ms") == [2.0, 4.0] and abs(x.get("gapbs_ms", 0) - 3.0) < 1e-9, f"{key}: GAPBS's trials in ms")
        # The first edge's source vertex is both sides' source on a GAP graph; 0 on the grid.
        expect(recs.get(("kron-2", "bfs"), {}).get("source") == 1 and recs.get(("grid-3x3", "sssp"), {}).get("source") == 0,
               "the sources")
        expect(recs.get(("kron-2", "sssp"), {}).get("result", {}).get("max_distance") == 8, "hpgraph read the weighted file: 1->2->3 is 8")
        calls = open(os.path.join(gap, "calls.log")).read().splitlines()
        bfs = [c for c in calls if c.startswith("bfs ")]
        expect(any("-r 1 " in c and "kron-2.sg" in c for c in bfs), f"GAPBS's BFS from the same source: {bfs}")
        expect(any("-f " in c and "kron-2.wel -s -w -b" in c for c in calls if c.startswith("converter ")),
               "GAPBS serializes the very edge list hpgraph reads, its weights kept")
        expect(any("-d 255" in c and "grid" in c for c in calls if c.startswith("sssp ")), "GAPBS's delta 255 on the grid")
        expect(any("kron-2.wsg -r 1 " in c and "-d 2" in c for c in calls if c.startswith("sssp ")), "GAPBS's SSSP: weighted, delta 2")
        expect(any("-i 100 -t 1e-4" in c for c in calls if c.startswith("pr ")), "GAPBS's PageRank to tol 1e-4")
        expect(os.listdir(os.path.join(tmp, "work")) == [], "the graph files are gone")
        libs = open(os.path.join(tmp, "libs.log")).read().splitlines()
        expect(libs and all(gap in l for l in libs if l.startswith("gapbs")) and not any(gap in l for l in libs if l.startswith("hpgraph")),
               f"GAPBS's libgomp is for GAPBS's programs only: {libs[:3]}")
        # A run that fails fails the step at its end; the other runs go on, and its record names it.
        open(os.path.join(gap, "fail-tc"), "w").close()
        open(os.path.join(tmp, "fail-hpgraph-tc"), "w").close()
        r = subprocess.run(["bash", script, wrapper, gap, os.path.join(tmp, "work2"), out, "kron:2", "grid:3x3"],
                           capture_output=True, text=True, env=env)
        expect(r.returncode == 1, f"a failed run fails the step: {r.returncode}")
        recs = {(x["graph"], x["primitive"]): x for x in json.load(open(out))["peers"]} if os.path.exists(out) else {}
        tc = recs.get(("kron-2", "tc"), {})
        expect(tc.get("error") == "hpgraph failed; gapbs failed", f"both failures are named: {tc}")
        expect(recs.get(("grid-3x3", "bfs"), {}).get("check") == "pass", "the graphs after the failure still run")
        # Something that is not a graph the step knows is refused.
        for bad in ["rmat:4", "grid:100"]:
            r = subprocess.run(["bash", script, hpgraph, gap, os.path.join(tmp, "work3"), out, "kron:2", bad], capture_output=True, text=True)
            expect(r.returncode == 2 and "not kron:S" in r.stderr, f"{bad} is refused before anything runs: {r.stderr}")
    for f in failures:
        print("FAILED:", f)
    print("bench_peers: %d checks failed" % len(failures) if failures else "bench_peers: all checks passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
