#!/usr/bin/env bash
# The main job: builds the hpgraph program and runs the four primitives (BFS, SSSP, PageRank,
# triangle counting) on a bundled real graph and on a generated RMAT graph, each checked against
# SuiteSparse:GraphBLAS on the CPU, and prints one table. Without a GPU it runs on the host
# backend and says so. Works from any directory; safe to run again.
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/setup.sh"

build="$HPG_ROOT/build"
cmake -S "$HPG_ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPG_CUDA="$HPG_CUDA" >/dev/null
cmake --build "$build" -j"$HPG_JOBS" --target hpgraph_cli
hpgraph="$build/hpgraph"

# The value of "key" in a one-line JSON object (numbers and strings; strings lose their quotes).
field() { sed -n "s/.*\"$1\":\"\{0,1\}\([^,\"}]*\).*/\1/p" <<<"$2"; }

device="$("$hpgraph" info "$HPG_ROOT/data/karate.mtx" --json)"
if [ "$(field backend "$device")" = host ]; then
  echo "== no GPU here: everything runs on the host backend ($(field device "$device")) =="
else
  echo "== GPU: $(field device "$device") =="
fi
echo

failed=0
row() {  # row GRAPH-LABEL COMMAND GRAPH ARGS...
  local label="$1" cmd="$2" graph="$3"
  shift 3
  local json
  local rc=0
  json="$("$hpgraph" "$cmd" "$graph" "$@" --check --repeat 3 --json)" || rc=$?
  [ "$rc" -le 1 ] || exit "$rc"  # 2: an error, already reported; 1: a check mismatch, shown in the table
  [ "$rc" -eq 0 ] || failed=$((failed + 1))
  local result
  case "$cmd" in
    bfs) result="reached $(field reached "$json"), depth $(field depth "$json")" ;;
    sssp) result="reached $(field reached "$json"), max dist $(field max_distance "$json")" ;;
    pagerank) result="$(field iterations "$json") iterations, top vertex $(field top_vertex "$json")" ;;
    tc) result="$(field triangles "$json") triangles" ;;
  esac
  local mteps
  mteps="$(field mteps "$json")"
  [ -n "$mteps" ] && mteps="$(printf "%.1f" "$mteps")"
  printf "| %-28s | %-9s | %-32s | %9.3f | %9.3f | %10.3f | %9.3f | %8s | %-5s |\n" "$label" "$cmd" "$result" \
    "$(field load "$json")" "$(field transfer "$json")" "$(field preprocess "$json")" "$(field run "$json")" "${mteps:--}" \
    "$(field status "$json" | tr a-z A-Z)"
}

printf "| %-28s | %-9s | %-32s | %9s | %9s | %10s | %9s | %8s | %-5s |\n" graph primitive result "load ms" "xfer ms" "preproc ms" \
  "run ms" MTEPS check
printf "|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n" "$(printf -- '-%.0s' {1..30})" "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..34})" \
  "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..12})" "$(printf -- '-%.0s' {1..11})" \
  "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..7})"
# Each traversal starts from the vertex of largest out-degree (info reports it).
source_of() { field out_max_vertex "$("$hpgraph" info "$@" --json)"; }
grqc="$HPG_ROOT/data/ca-GrQc.txt.gz"
src="$(source_of "$grqc")"
for cmd in bfs sssp pagerank tc; do
  row "ca-GrQc (SNAP, real)" "$cmd" "$grqc" $(case $cmd in bfs | sssp) echo --source "$src" ;; esac)
done
rmat=(rmat:16 --undirected --weights 1:255)
src="$(source_of "${rmat[@]}")"
for cmd in bfs sssp pagerank tc; do
  row "rmat:16 undirected, w 1..255" "$cmd" "${rmat[@]}" $(case $cmd in bfs | sssp) echo --source "$src" ;; esac)
done
echo
echo "Times are the median of 3 runs; load = read/generate + build, xfer = host -> GPU, preproc = HYB build."
echo "check: the same primitive recomputed with SuiteSparse:GraphBLAS on the CPU and compared (docs/cli.md)."
if [ "$failed" -gt 0 ]; then
  echo "main: $failed check(s) FAILED (run the row's command without --json to see the differences)" >&2
  exit 1
fi
