#!/usr/bin/env bash
# usage cli.sh BUNDLE OUT TEST..., from the repository root on the GPU machine. The bundle: this
# build's hpgraph_tests and hpgraph. The CLI's tests (they need the hpgraph program; the suite
# call left them out) and, beside them, each TEST named (the slow parity processes that the
# suite's deadline cut) in a process of its own.
b="$1"; o="$2"; shift 2; mkdir -p "$o"
. scripts/gpu-unpack.sh; hpg_unpack_bundle "$b"
k=0
for t in "$@"; do
  (timeout 480 "$bindir/hpgraph_tests" --gtest_filter="$t" >"$o/own-rerun-$k.log" 2>&1; echo "$t rc $?" >>"$o/own-rerun.txt") &
  k=$((k + 1))
done
OUT=$o/c HPG_BUNDLE=$b HPG_TEST_JOBS=4 HPG_TEST_SPLIT_JOBS=4 HPG_TEST_OWN_JOBS=4 HPG_TEST_TIMEOUT=400 \
  HPG_TEST_FILTER="Cli.*:CliData.*:CliPrimitives.*:*CliCheck*" timeout 430 scripts/gpu-run.sh tests >"$o/cli-run.log" 2>&1; echo "cli tests rc $?"
wait
grep -hE "FAILED|tests? from .* ran|PASSED" "$o/cli-run.log" 2>/dev/null | sort | uniq -c | head -30
cat "$o/own-rerun.txt"; grep -hE "PASSED|FAILED" "$o"/own-rerun-*.log
