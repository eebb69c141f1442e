#!/bin/bash
# Device call T2: the CLI's tests and the 6 slowest (gpu-suite.sh rest); racecheck and synccheck
# on the held push launched from the host (no WHILE graph: racecheck cannot run those), and the
# thread-safety tests 10 times (the small-block cache and the kept memory are shared by threads).
set -u
o=$OUT
scripts/gpu-suite.sh rest .gpu-bundle $o/r > $o/rest.txt 2>&1
cat $o/rest.txt
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
f="SparsePathsGpu.Push*:LoopGpu.RoundsFromTheHost*:LoopGpu.AMapKeepsAndAssignsInRoundsFromTheHost:DeviceCalls.Bfs*"
for t in racecheck synccheck; do
  timeout 150 compute-sanitizer --tool $t $bindir/hpgraph_tests --gtest_brief=1 --gtest_filter="$f" > $o/$t.txt 2>&1; echo "$t rc $?" >> $o/$t.txt
  tail -3 $o/$t.txt
done
for k in $(seq 10); do timeout 60 $bindir/hpgraph_tests --gtest_brief=1 --gtest_filter='*ThreadSafety*' 2>&1 | tail -1; done > $o/threads10.txt
sort $o/threads10.txt | uniq -c
cd $o && tar czf r.tgz r && rm -rf r
