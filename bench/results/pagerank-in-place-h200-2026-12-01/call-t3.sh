#!/bin/bash
# Device call T3, after algorithms/pagerank.hpp's lagraph round put base into the sinks' Scalar by
# a reduce (no map pass over t): the tests of every file that includes pagerank.hpp (the
# algorithms', SuiteSparse's, the loops', the threads', the CLI's), and memcheck on PageRank's
# device loop and its algorithm tests on the GPU.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
OUT=$o/t HPG_BUNDLE=.gpu-bundle HPG_TEST_JOBS=8 HPG_TEST_SPLIT_JOBS=8 HPG_TEST_OWN_JOBS=8 HPG_TEST_TIMEOUT=300 \
  HPG_TEST_FILTER="*Algorithms*:*Loop*:*ThreadSafety*:Cli.*:CliData.*:CliPrimitives.*:*CliCheck*" timeout 330 scripts/gpu-run.sh tests > $o/tests-run.log 2>&1
echo "tests rc $?"
mkdir -p $o/l && tar -C $o/l -xzf $o/t/logs.tar.gz 2>/dev/null
awk '/^\[==========\] [0-9]+ tests? from/ {ran += $2} /^\[  PASSED  \] [0-9]+/ {ok += $4} /^\[  SKIPPED \] [0-9]+/ {sk += $4} /^\[  FAILED  \] [0-9]+ tests?,/ {bad += $4} END {printf "ran %d, passed %d, skipped %d, failed %d\n", ran, ok, sk, bad}' $o/l/tests.log
grep -h "^\[  FAILED  \] [A-Za-z]" $o/l/*.log | sort -u | head
OUT=$o/m HPG_BUNDLE=.gpu-bundle HPG_SANITIZERS=memcheck HPG_SANITIZE_JOBS=1 HPG_SANITIZE_FILTER="LoopGpu.PageRank*:*Algorithms.PageRank*/cuda" \
  timeout 200 scripts/gpu-run.sh sanitize > $o/memcheck-run.log 2>&1
echo "memcheck rc $?"
grep -E "ERROR SUMMARY|PASSED|tests from" -r $o/m | head
rm -rf $o/l
