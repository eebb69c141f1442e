#!/usr/bin/env bash
# The GPU suite in two device calls of under 10 minutes each, from the repository root on the GPU
# machine, with a bundle made by scripts/gpu-bundle.sh (lean is enough: hpgraph_tests and hpgraph).
#   scripts/gpu-suite.sh main BUNDLE OUT [FILTER]
#     the whole suite but the CLI's tests and the 6 slowest parity tests, 8 processes at once; then
#     compute-sanitizer memcheck, one process at a time (memcheck fails WHILE graphs in concurrent
#     sanitized processes), on the tests FILTER names (a gtest filter: what a change touched).
#   scripts/gpu-suite.sh rest BUNDLE OUT
#     the CLI's tests (they need the hpgraph program) and, beside them, the 6 slowest parity tests,
#     a process each.
# Each prints a summary; the logs are under OUT.
set -uo pipefail
what="${1:-}"; b="${2:-}"; o="${3:-}"
[ -n "$b" ] && [ -n "$o" ] || { echo "usage: gpu-suite.sh main|rest BUNDLE OUT [FILTER]" >&2; exit 2; }
mkdir -p "$o"
slow=(Backends/ParityMxm.Mxm/cuda Backends/ParitySelect.Int64/cuda Backends/ParitySelect.Uint64/cuda Backends/ParitySelect.Float/cuda
  Backends/ParitySelect.Double/cuda Backends/ParityVxm.Semirings/cuda)
cli="Cli.*:CliData.*:CliPrimitives.*:*CliCheck*"
# The tests each process ran, passed, skipped and failed (the logs of a folder, or of its
# logs.tar.gz when gpu-run.sh packed them), then every failed test's name.
summary() {
  local d="$1" logs
  logs="$d"
  if [ -f "$d/logs.tar.gz" ]; then logs="$(mktemp -d)"; tar -C "$logs" -xzf "$d/logs.tar.gz"; fi
  awk '/^\[==========\] [0-9]+ tests? from/ {ran += $2} /^\[  PASSED  \] [0-9]+/ {ok += $4}
       /^\[  SKIPPED \] [0-9]+/ {sk += $4} /^\[  FAILED  \] [0-9]+ tests?,/ {bad += $4}
       END {printf "ran %d, passed %d, skipped %d, failed %d\n", ran, ok, sk, bad}' "$logs/tests.log"
  grep -h "^\[  FAILED  \] [A-Za-z]" "$logs"/*.log | sort -u | head -20
  local n; n="$(grep -L '^\[  PASSED  \]\|^\[  FAILED  \]' "$logs"/*.log | wc -l)"
  [ "$n" = 0 ] || echo "$n processes printed no result (cut by a deadline, or crashed): $(grep -L '^\[  PASSED  \]\|^\[  FAILED  \]' "$logs"/*.log | xargs -n1 basename | tr '\n' ' ')"
}
case "$what" in
  main)
    OUT=$o/t HPG_BUNDLE=$b HPG_TEST_JOBS=8 HPG_TEST_SPLIT_JOBS=8 HPG_TEST_OWN_JOBS=8 HPG_TEST_TIMEOUT=400 \
      HPG_TEST_FILTER="*-$cli:$(IFS=:; echo "${slow[*]}")" timeout 430 scripts/gpu-run.sh tests >"$o/tests-run.log" 2>&1
    echo "tests rc $?"
    summary "$o/t"
    if [ -n "${4:-}" ]; then
      OUT=$o/m HPG_BUNDLE=$b HPG_SANITIZERS=memcheck HPG_SANITIZE_JOBS=1 HPG_SANITIZE_FILTER="$4" \
        timeout 140 scripts/gpu-run.sh sanitize >"$o/memcheck-run.log" 2>&1
      echo "memcheck rc $?"
      grep -E "==|clean|rc=|ERROR SUMMARY" "$o/memcheck-run.log" | head -20
    fi
    ;;
  rest)
    . scripts/gpu-unpack.sh
    hpg_unpack_bundle "$b"
    k=0
    for t in "${slow[@]}"; do
      (timeout 480 "$bindir/hpgraph_tests" --gtest_filter="$t" >"$o/own-$k.log" 2>&1; echo "$t rc $?" >>"$o/own.txt") &
      k=$((k + 1))
    done
    OUT=$o/c HPG_BUNDLE=$b HPG_TEST_JOBS=4 HPG_TEST_SPLIT_JOBS=4 HPG_TEST_OWN_JOBS=4 HPG_TEST_TIMEOUT=400 \
      HPG_TEST_FILTER="$cli" timeout 430 scripts/gpu-run.sh tests >"$o/cli-run.log" 2>&1
    echo "cli tests rc $?"
    wait
    summary "$o/c"
    cat "$o/own.txt"
    grep -hE "PASSED|FAILED" "$o"/own-*.log
    ;;
  *) echo "usage: gpu-suite.sh main|rest BUNDLE OUT [FILTER]" >&2; exit 2 ;;
esac
