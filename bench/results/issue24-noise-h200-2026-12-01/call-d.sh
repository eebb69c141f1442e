#!/bin/bash
# Device call D (lean test bundle: hpgraph_tests, hpgraph), after TC's default became spmv (issue
# 25): the primitives' tests on the GPU, the SuiteSparse parity of them, the CLI's primitive and
# --check tests, the stream tests; then `hpgraph tc` with no --method on rmat-21, urand-22 and the grid.
set -u
o=$OUT
OUT=$o/t HPG_BUNDLE=.gpu-bundle HPG_TEST_JOBS=8 HPG_TEST_SPLIT_JOBS=8 HPG_TEST_OWN_JOBS=8 HPG_TEST_TIMEOUT=300 \
  HPG_TEST_FILTER='*Algorithms.*/cuda:CliPrimitives.*:*CliCheck*:Streams.*:MatrixOpsGpu.*' timeout 330 scripts/gpu-run.sh tests > $o/tests-run.log 2>&1
echo "tests rc $?"
logs=$o/t; if [ -f $o/t/logs.tar.gz ]; then logs=$(mktemp -d); tar -C $logs -xzf $o/t/logs.tar.gz; fi
awk '/^\[==========\] [0-9]+ tests? from/ {ran += $2} /^\[  PASSED  \] [0-9]+/ {ok += $4} /^\[  SKIPPED \] [0-9]+/ {sk += $4}
     /^\[  FAILED  \] [0-9]+ tests?,/ {bad += $4} END {printf "ran %d, passed %d, skipped %d, failed %d\n", ran, ok, sk, bad}' $logs/tests.log
grep -h "^\[  FAILED  \] [A-Za-z]" $logs/*.log | sort -u | head
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
for g in rmat:21 urand:22 grid:2048x2048; do
  printf "%s " $g; timeout 60 $bindir/hpgraph tc $g --repeat 3 --json 2>&1 | grep -o '"run":[0-9.]*\|"method":"[a-z]*"\|"triangles":[0-9]*' | tr '\n' ' '; echo
done | tee $o/tc-default.txt
