#!/usr/bin/env bash
# primitives-table.sh HPGRAPH: runs BFS, SSSP, PageRank and TC with the hpgraph program at HPGRAPH
# on a bundled real graph (data/ca-GrQc.txt.gz) and on a generated RMAT graph ($HPG_TABLE_RMAT,
# default rmat:16), each checked against SuiteSparse:GraphBLAS on the CPU, and prints one table.
# Exit status 1 when a check failed. main.sh and gpu-run.sh (step "table") call it.
set -euo pipefail
hpgraph="$1"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HPG_ROOT="$root"

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
rmat=("${HPG_TABLE_RMAT:-rmat:16}" --undirected --weights 1:255)
src="$(source_of "${rmat[@]}")"
for cmd in bfs sssp pagerank tc; do
  row "${HPG_TABLE_RMAT:-rmat:16} undirected, w 1..255" "$cmd" "${rmat[@]}" $(case $cmd in bfs | sssp) echo --source "$src" ;; esac)
done
echo
echo "Times are the median of 3 runs; load = read/generate + build, xfer = host -> GPU, preproc = HYB build."
echo "check: the same primitive recomputed with SuiteSparse:GraphBLAS on the CPU and compared (docs/cli.md)."
if [ "$failed" -gt 0 ]; then
  echo "main: $failed check(s) FAILED (run the row's command without --json to see the differences)" >&2
  exit 1
fi
