#!/usr/bin/env bash
# usage tests.sh BUNDLE OUT, from the repository root on the GPU machine. The bundle: this build's
# hpgraph_tests. The whole GPU suite but the CLI's tests (they need the hpgraph program; cli.sh
# runs them), then compute-sanitizer memcheck, one process at a time (memcheck fails WHILE graphs
# in concurrent sanitized processes), on what this change touched: the held list step and the held
# map, the containers' moves, and the Scalar, whose storage is new.
b="$1"; o="$2"; mkdir -p "$o"
OUT=$o/t HPG_BUNDLE=$b HPG_TEST_JOBS=8 HPG_TEST_SPLIT_JOBS=8 HPG_TEST_OWN_JOBS=8 HPG_TEST_TIMEOUT=430 \
  HPG_TEST_FILTER="*-Cli.*:CliData.*:CliPrimitives.*:*CliCheck*" timeout 460 scripts/gpu-run.sh tests >"$o/tests-run.log" 2>&1; echo "tests rc $?"
OUT=$o/m HPG_BUNDLE=$b HPG_SANITIZERS=memcheck HPG_SANITIZE_JOBS=1 \
  HPG_SANITIZE_FILTER="LoopGpu.AMapOfAPushedList*:LoopGpu.AHeldListStep*:LoopGpu.AListStepHeld*:LoopGpu.AHeldMapThat*:*ContainerMoves*:*ScalarTest.*:ScalarGpu.*" \
  timeout 110 scripts/gpu-run.sh sanitize >"$o/memcheck-run.log" 2>&1; echo "memcheck rc $?"
grep -hE "FAILED|tests? from .* ran|PASSED" "$o"/t/*.log "$o/tests-run.log" 2>/dev/null | sort | uniq -c | head -30
grep -E "==|clean|rc=|ERROR SUMMARY" "$o/memcheck-run.log" | head -20
