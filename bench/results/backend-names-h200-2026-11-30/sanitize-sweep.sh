#!/bin/bash
# compute-sanitizer TOOL on every test of the suites that run the latency issue's kernels (the
# held push, list step and map, the loop's end, the counted scans, the jumbled lists, the scalars'
# device counts), a process a test, JOBS at once, each cut at 120 s:
#   bench/results/backend-names-h200-2026-11-30/sanitize-sweep.sh TOOL JOBS OUTDIR
# One line a test: its exit status, the tool's summary, the hazards or errors it reported, and
# whether the test passed; then the counts. A process that dies (rc 134, 139) under racecheck is
# the tool's own fault on a cooperative launch inside a WHILE body (../steps-6-7-h200-2026-11-30/racecheck/).
set -u
tool=$1; jobs=$2; out=$3
mkdir -p "$out/logs"
T=$bindir/hpgraph_tests
"$T" --gtest_list_tests --gtest_filter='LoopGpu.*:SparsePathsGpu.*:ScalarGpu.*:JumbledGpu.*:CountedScanGpu.*:MatrixOpsGpu.*' |
  awk '/^[^ ]/ {suite=$1} /^  / {print suite $1}' > "$out/tests.txt"
one() {
  local t=$1 log="$out/logs/${1//\//_}.log"
  CUDA_LAUNCH_BLOCKING=$([ "$tool" = racecheck ] && echo 1 || echo 0) timeout 120 compute-sanitizer --tool "$tool" "$T" --gtest_filter="$t" > "$log" 2>&1
  local rc=$?
  local summary; summary=$(grep -ohE "(RACECHECK|ERROR) SUMMARY: [0-9]+ [a-z]+( \([^)]*\))?" "$log" | head -1)
  local result; result=$(grep -ohE "^\[  (PASSED|FAILED|SKIPPED) +\]" "$log" | head -1 | tr -s ' ')
  echo "$t | rc $rc | ${summary:-no summary} | ${result:-no result}"
}
export -f one; export tool out T
xargs -P "$jobs" -I{} bash -c 'one {}' < "$out/tests.txt" | sort > "$out/$tool.txt"
awk -F' [|] ' '{n++} $2=="rc 0"{ok++} $2!="rc 0"{bad++} $3 ~ /SUMMARY: 0 /{clean++} END {printf "%d tests: rc 0 %d, other rc %d, tool summary of 0 %d\n", n, ok, bad, clean}' "$out/$tool.txt"
grep -v "rc 0 | [A-Z]* SUMMARY: 0 " "$out/$tool.txt" || true
