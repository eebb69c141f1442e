#!/bin/bash
# Device call D: the tests that failed under synccheck in call C's sweep (4 sanitized processes
# at once), again one process at a time; and the tests racecheck did not finish in 120 s in call
# B, again with 300 s, 6 at once.
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
T=$bindir/hpgraph_tests
mkdir -p $o/d
for t in LoopGpu.AFullVectorThatLosesEntriesIsCapturedAgain LoopGpu.AHeldMapThatKeepsItsOwnInputLeavesTheCopyToTheLastKernel \
         LoopGpu.ARoundCounterCountsOnTheDevice LoopGpu.CarriesSwappedSparseVectorsAndCopiesMadeInTheBody LoopGpu.LongRoundsStayOnTheHost \
         LoopGpu.OverwrittenVectorsAreNotCarriedAndEndAsTheLastRoundLeftThem LoopGpu.SsspRoundsRunAsOneGraph \
         LoopGpu.ThreadsCaptureLoopsAtOnceWhileCallsAreCounted; do
  timeout 90 compute-sanitizer --tool synccheck "$T" --gtest_filter=$t > $o/d/sc-$t.log 2>&1
  echo "$t | rc $? | $(grep -ohE 'ERROR SUMMARY: [0-9]+ errors' $o/d/sc-$t.log | head -1) | $(grep -ohE '^\[  (PASSED|FAILED) +\]' $o/d/sc-$t.log | head -1) | $(grep -oh 'at void [^(]*' $o/d/sc-$t.log | sort | uniq -c | sort -rn | head -2 | tr -s ' ' | tr '\n' ';')"
done > $o/synccheck-alone.txt 2>&1
for t in MatrixOpsGpu.MxmMaskedDotMatchesGustavson SparsePathsGpu.ApplyAndSelectOverASparseInput SparsePathsGpu.EwiseAddOfTwoSparseListsMerges \
         SparsePathsGpu.EwiseMultDrivenByTheSparseOperand SparsePathsGpu.PushFoldsByAtomicsAsBySorting SparsePathsGpu.PushSpmvWithTheMaskProbedInPlace; do
  (CUDA_LAUNCH_BLOCKING=1 timeout 300 compute-sanitizer --tool racecheck "$T" --gtest_filter=$t > $o/d/rc-$t.log 2>&1
   echo "$t | rc $? | $(grep -ohE 'RACECHECK SUMMARY: [0-9]+ hazards[^)]*\)?' $o/d/rc-$t.log | head -1) | $(grep -ohE '^\[  (PASSED|FAILED) +\]' $o/d/rc-$t.log | head -1)" >> $o/racecheck-long.txt) &
done
wait
cat $o/synccheck-alone.txt $o/racecheck-long.txt
cd $o && tar czf d.tgz d && rm -rf d
