#!/bin/bash
# Device call T2: the CLI's tests and the 6 slowest (gpu-suite.sh rest); racecheck and synccheck
# on full results written in place (no WHILE graph: racecheck cannot run those), and the
# thread-safety tests (PageRank's device loop in 8 threads) 5 times.
set -u
o=$OUT
scripts/gpu-suite.sh rest .gpu-bundle $o/r > $o/rest.txt 2>&1
cat $o/rest.txt
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
f="SparsePathsGpu.FullResults*:SparsePathsGpu.ResultsKnownFull*"
for t in racecheck synccheck; do
  timeout 150 compute-sanitizer --tool $t $bindir/hpgraph_tests --gtest_brief=1 --gtest_filter="$f" > $o/$t.txt 2>&1; echo "$t rc $?" >> $o/$t.txt
  tail -3 $o/$t.txt
done
for k in $(seq 5); do timeout 60 $bindir/hpgraph_tests --gtest_brief=1 --gtest_filter='*ThreadSafety*' 2>&1 | tail -1; done > $o/threads5.txt
sort $o/threads5.txt | uniq -c
cd $o && tar czf r.tgz r && rm -rf r
