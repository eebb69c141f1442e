#!/bin/bash
# Device call B: the CLI's tests and the 6 slowest (gpu-suite.sh rest), racecheck beside them on the
# tests that reported add_block_count's hazard and on loops run from the host, then kernel_trace.
set -u
o=$OUT
scripts/gpu-suite.sh rest .gpu-bundle $o/r > $o/rest.txt 2>&1 &
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
T=$bindir/hpgraph_tests
for t in ScalarGpu.AValueOnlyTheDeviceKnowsIsReadThere ScalarGpu.AMovedFromScalarCountsADeviceLoop \
         LoopGpu.AListStepHeldInRoundsFromTheHostMapsKeepsAndAssigns LoopGpu.AHeldListStepAssignsWhatItLists \
         LoopGpu.RoundsFromTheHostHoldTheirWorkBackAsAGraphDoes LoopGpu.AMapKeepsAndAssignsInRoundsFromTheHost \
         LoopGpu.CarriesSwappedVectorsAndTemporaries LoopGpu.ARoundCounterCountsOnTheDevice; do
  timeout 150 compute-sanitizer --tool racecheck "$T" --gtest_filter=$t > $o/rc.log 2>&1
  echo "$t: rc $? | $(grep -c 'hazard detected' $o/rc.log) hazards | $(grep -h 'RACECHECK SUMMARY\|PASSED\|FAILED  \]' $o/rc.log | tr '\n' ' ')"
done > $o/racecheck.txt 2>&1
rm -f $o/rc.log
# The racecheck crash's repro, run without the sanitizer: it must pass (bench/results/steps-6-7-h200-2026-11-30/racecheck).
(cd .gpu-bundle-probe && nvcc -O2 -arch=sm_90 -o rcg rcg.cu && for v in 64 32; do ./rcg $v; ./rcg $v coop; echo "rc $?"; done) > $o/coop-no-sanitizer.txt 2>&1
compute-sanitizer --tool memcheck .gpu-bundle-probe/rcg 64 coop >> $o/coop-no-sanitizer.txt 2>&1
wait
xz -dc .gpu-bundle-kt/kernel_trace.xz > $bindir/kernel_trace && chmod +x $bindir/kernel_trace
for r in 1 2 3; do for w in bfs bfs-host sssp; do
  printf "%s %s " $r $w; timeout 60 $bindir/kernel_trace --untraced grid:2048x2048 $w 2>&1 | grep untraced | tr '\n' ' '; echo
done; done > $o/kernel-trace.txt
cat $o/rest.txt $o/racecheck.txt $o/kernel-trace.txt $o/coop-no-sanitizer.txt
cd $o && tar czf r.tgz r && rm -rf r
