#!/bin/bash
# Device call R: racecheck on the held push launched from the host, one test a process (T2's set
# of four ran past its 120 s with nothing printed).
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
for f in SparsePathsGpu.PushWithTheOutputAsInputAndMask SparsePathsGpu.PushSpmvWithTheMaskProbedInPlace LoopGpu.RoundsFromTheHostHoldTheirWorkBackAsAGraphDoes; do
  timeout 100 compute-sanitizer --tool racecheck $bindir/hpgraph_tests --gtest_filter="$f" > $o/racecheck-$f.txt 2>&1; echo "$f rc $?"
  grep -E "PASSED|FAILED|ERROR SUMMARY|hazard" $o/racecheck-$f.txt | head -5
done
