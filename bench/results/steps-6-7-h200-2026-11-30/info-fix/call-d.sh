#!/bin/bash
# The CLI's tests again after e41f345 (info reads a host matrix in place), and info on both backends.
set -u
o=$OUT
cli="Cli.*:CliData.*:CliPrimitives.*:*CliCheck*"
OUT=$o/c HPG_BUNDLE=.gpu-bundle HPG_TEST_JOBS=4 HPG_TEST_SPLIT_JOBS=4 HPG_TEST_OWN_JOBS=4 HPG_TEST_TIMEOUT=400 \
  HPG_TEST_FILTER="$cli" timeout 430 scripts/gpu-run.sh tests > $o/cli-run.log 2>&1
echo "cli tests rc $?"
tar -C $o/c -xzf $o/c/logs.tar.gz 2>/dev/null
awk '/^\[==========\] [0-9]+ tests? from/ {ran += $2} /^\[  PASSED  \] [0-9]+/ {ok += $4} /^\[  FAILED  \] [0-9]+ tests?,/ {bad += $4}
     END {printf "ran %d, passed %d, failed %d\n", ran, ok, bad}' $o/c/tests.log 2>/dev/null
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
for b in host cuda; do $bindir/hpgraph info grid:64x64 --backend $b --json | sed 's/"times_ms".*//; s/"device":"[^"]*",//; s/"backend":"[^"]*",//'; done > $o/info.txt
sort -u $o/info.txt | wc -l | sed 's/^/distinct info outputs (host, cuda): /'
cat $o/info.txt
cd $o && tar czf c.tgz c cli-run.log && rm -rf c cli-run.log
