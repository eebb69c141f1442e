#!/bin/bash
# Device call D, after f2181bf (DeviceLoop::end's checks for a launch that runs every round share
# one helper): the loop and sparse-path tests (BFS's and SSSP's rounds in one launch among them),
# then memcheck on the SSSP and BFS loop tests.
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
timeout 300 $bindir/hpgraph_tests --gtest_brief=1 --gtest_filter="LoopGpu.*:SparsePathsGpu.*:Loop*" > $o/loops.txt 2>&1; echo "rc $?" >> $o/loops.txt
timeout 200 compute-sanitizer --tool memcheck $bindir/hpgraph_tests --gtest_brief=1 \
  --gtest_filter="LoopGpu.Sssp*:LoopGpu.AMapOfAPushed*:LoopGpu.AHeld*:LoopGpu.Bfs*" > $o/memcheck.txt 2>&1; echo "rc $?" >> $o/memcheck.txt
tail -5 $o/loops.txt; tail -4 $o/memcheck.txt
