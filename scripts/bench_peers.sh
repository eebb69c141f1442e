#!/usr/bin/env bash
# The benchmark report's peer step (scripts/bench.sh peers): BFS, SSSP, PageRank and TC with the
# hpgraph program and with GAPBS (the GAP benchmark suite, the field's reference CPU code, on this
# machine's host cores), on the same graph file and the same source, one after the other in one
# run; hpgraph's --check reruns each with SuiteSparse:GraphBLAS and times that run too. Writes one
# JSON record per (graph, primitive) to the file named by the last argument.
#   usage: scripts/bench_peers.sh HPGRAPH GAPBS-DIR WORK-DIR OUT.json GRAPH...
#   GRAPH: kron:SCALE or urand:SCALE (GAPBS's own generators, as GAP's benchmark graphs are made)
#          or grid:ROWSxCOLS (hpgraph's generator)
#   HPG_PEERS_REPEAT  runs per program (default 5; TC 3)
# A run that fails is recorded with its error and the step goes on; it exits 1 at the end.
# Sources: kron:21 from 972982 (the source the project's tables have always used); every other
# graph from the first vertex of its edge list (a vertex with an edge). SSSP weights are 1..255,
# made by the generator; GAPBS's delta is 2 on kron and urand (GAP's setting) and 255 on a grid
# (of 255 and 64, the faster there). PageRank: hpgraph --variant gap --tol 1e-4 (Jacobi) against
# GAPBS's pr -t 1e-4 (Gauss-Seidel style, its own stopping rule): the same problem and tolerance,
# not the same iteration. hpgraph and GAPBS each read the same graph file once, into their own
# binary forms.
set -uo pipefail
[ $# -ge 5 ] || { echo "usage: $0 HPGRAPH GAPBS-DIR WORK-DIR OUT.json GRAPH..." >&2; exit 2; }
hpg="$1" gap="$2" work="$3" out="$4"
shift 4
rep="${HPG_PEERS_REPEAT:-5}"
[[ "$rep" =~ ^[1-9][0-9]{0,2}$ ]] || { echo "bench_peers: HPG_PEERS_REPEAT must be a count from 1 to 999, not '$rep'" >&2; exit 2; }
tc_rep=$((rep < 3 ? rep : 3))
for p in bfs sssp pr tc converter; do
  [ -x "$gap/$p" ] || { echo "bench_peers: no GAPBS program $gap/$p" >&2; exit 2; }
done
# GAPBS's programs find the libgomp beside them where the machine lacks one; only they do
# (hpgraph and the SuiteSparse of its --check keep the machine's own).
gapbs() {
  LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$gap" "$gap/$@"
}
for g in "$@"; do  # every graph named right before any runs
  [[ "$g" =~ ^(kron|urand):[0-9]+$ || "$g" =~ ^grid:[0-9]+x[0-9]+$ ]] || { echo "bench_peers: $g is not kron:S, urand:S or grid:RxC" >&2; exit 2; }
done
mkdir -p "$work"
log="$out.log"
: > "$log"
status=0

# hpg_run GRAPH PRIMITIVE ARGS...: hpgraph's JSON line into the log, tagged for the parser, and a
# line of it here.
hpg_run() {
  local g="$1" p="$2" line
  shift 2
  echo "@hpg $g $p" >> "$log"
  if line="$("$hpg" "$@" --json --check 2>&1)"; then
    echo "$line" >> "$log"
    echo "hpgraph $p $g: $(grep -o '"run":[^,]*' <<< "$line" | head -1) ms, check $(grep -o '"status":"[a-z]*"' <<< "$line") $(grep -o '"reference_ms":[^,]*' <<< "$line")"
  else
    printf '%s\n@failed hpgraph %s %s\n' "$line" "$g" "$p" >> "$log"
    echo "hpgraph $p $g FAILED: $(tail -2 <<< "$line")"
    status=1
  fi
}
# gap_run GRAPH PRIMITIVE PROGRAM ARGS...: GAPBS's trial times into the log, tagged for the
# parser, and their average here.
gap_run() {
  local g="$1" p="$2" prog="$3" text
  shift 3
  echo "@gap $g $p" >> "$log"
  if text="$(gapbs "$prog" "$@" 2>&1)"; then
    echo "$text" >> "$log"
    echo "GAPBS $prog $g: $(grep 'Average Time' <<< "$text")"
  else
    printf '%s\n@failed gapbs %s %s\n' "$text" "$g" "$p" >> "$log"
    echo "GAPBS $prog $g FAILED: $(tail -2 <<< "$text")"
    status=1
  fi
}

# records: the log so far into the JSON records, hpgraph's (the median of its runs, its SuiteSparse
# run, the check) and GAPBS's trials (their mean, as GAPBS prints it, and their median).
records() {
  python3 - "$log" "$out" "$rep" <<'EOF'
import json, statistics, sys
records, key, source, delta = {}, None, {}, {}
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line.startswith("@hpg ") or line.startswith("@gap "):
        tag, g, p = line.split()
        key = (g, p, tag[1:])
        records.setdefault((g, p), {"graph": g, "primitive": p})
    elif line.startswith("@source ") or line.startswith("@delta "):
        tag, g, v = line.split()
        (source if tag == "@source" else delta)[g] = int(v)
    elif line.startswith("@failed "):
        _, who, g, p = line.split()
        r = records.setdefault((g, p), {"graph": g, "primitive": p})
        r["error"] = (r["error"] + "; " if r.get("error") else "") + f"{who} failed"
    elif key and key[2] == "hpg" and line.startswith("{"):
        j = json.loads(line)
        r = records[key[:2]]
        runs = j["times_ms"]["runs"]
        r["hpg_ms"] = statistics.median(runs)
        r["hpg_runs_ms"] = runs
        r["n"], r["nvals"] = j["n"], j["nvals"]
        if "edges" in j: r["edges"] = j["edges"]
        if "iterations" in j: r["iterations"] = j["iterations"]
        c = j.get("check", {})
        r["check"] = c.get("status")
        r["suitesparse_ms"] = c.get("reference_ms")
        r["result"] = j.get("result", {})
    elif key and key[2] == "gap" and line.startswith("Trial Time:"):
        records[key[:2]].setdefault("gapbs_trials_ms", []).append(float(line.split()[-1]) * 1e3)
out = []
for (g, p), r in records.items():
    r["source"] = source.get(g) if p in ("bfs", "sssp") else None
    r["gapbs_sssp_delta"] = delta.get(g) if p == "sssp" else None
    t = r.get("gapbs_trials_ms")
    if t:
        r["gapbs_ms"] = sum(t) / len(t)
        r["gapbs_median_ms"] = statistics.median(t)
    out.append(r)
import os
json.dump({"context": {"repeat": int(sys.argv[3]), "tc_repeat": min(int(sys.argv[3]), 3)}, "peers": out},
          open(sys.argv[2] + ".part", "w"), indent=1)
os.replace(sys.argv[2] + ".part", sys.argv[2])  # never a half-written file
EOF
}

for g in "$@"; do
  start=$SECONDS
  name="${g/:/-}"  # as the report names graphs: kron-21, grid-2048x2048
  base="$work/${g//[:x]/-}"
  case "$g" in
    kron:* | urand:*)
      scale="${g#*:}"
      flag=$([ "${g%%:*}" = kron ] && echo -g || echo -u)
      gapbs converter "$flag$scale" -e "$base.el" > /dev/null && gapbs converter "$flag$scale" -w -e "$base.wel" > /dev/null ||
        { echo "bench_peers: GAPBS's converter could not make $g" >&2; rm -f "$base".*; status=1; continue; }
      el="$base.el" wel="$base.wel" delta=2
      source=$([ "$g" = kron:21 ] && echo 972982 || head -1 "$el" | cut -d' ' -f1)
      ;;
    grid:*x*)
      dims="${g#grid:}"
      "$hpg" generate grid --rows "${dims%x*}" --cols "${dims#*x}" -o "$base.mtx" > /dev/null &&
        "$hpg" generate grid --rows "${dims%x*}" --cols "${dims#*x}" --weights 1:255 -o "$base-w.mtx" > /dev/null ||
        { echo "bench_peers: hpgraph could not make $g" >&2; rm -f "$base".* "$base"-w.*; status=1; continue; }
      el="$base.mtx" wel="$base-w.mtx" delta=255 source=0
      ;;
    *) exit 2 ;;  # checked above
  esac
  # Each side reads the edge list once, into its own binary form: hpgraph's .hpgb, GAPBS's
  # serialized graph (-w keeps the file's weights).
  "$hpg" convert "$el" "$base.hpgb" > /dev/null && "$hpg" convert "$wel" "$base-w.hpgb" > /dev/null ||
    { echo "bench_peers: hpgraph could not convert $g" >&2; rm -f "$base".* "$base"-w.*; status=1; continue; }
  gapbs converter -f "$el" -s -b "$base.sg" > /dev/null && gapbs converter -f "$wel" -s -w -b "$base.wsg" > /dev/null ||
    { echo "bench_peers: GAPBS's converter could not read $g" >&2; rm -f "$base".* "$base"-w.*; status=1; continue; }
  hpg_run "$name" bfs bfs "$base.hpgb" --source "$source" --repeat "$rep"
  gap_run "$name" bfs bfs -f "$base.sg" -r "$source" -n "$rep"
  hpg_run "$name" sssp sssp "$base-w.hpgb" --source "$source" --repeat "$rep"
  gap_run "$name" sssp sssp -f "$base.wsg" -r "$source" -n "$rep" -d "$delta"
  hpg_run "$name" pagerank pagerank "$base.hpgb" --variant gap --tol 1e-4 --repeat "$rep"
  gap_run "$name" pagerank pr -f "$base.sg" -i 100 -t 1e-4 -n "$rep"
  hpg_run "$name" tc tc "$base.hpgb" --repeat "$tc_rep"
  gap_run "$name" tc tc -f "$base.sg" -n "$tc_rep"
  printf '@source %s %s\n@delta %s %s\n' "$name" "$source" "$name" "$delta" >> "$log"
  rm -f "$base".* "$base"-w.*
  records || status=1  # after each graph: a run cut off later keeps the graphs it finished
  echo "$g: $((SECONDS - start)) s"
done
exit $status

