#!/bin/bash
# Device call R, after ea3248d (DeviceLoop::end's producer paths share their launch and keep
# target): every loop and sparse-path test, then memcheck on the loop tests whose round a held
# producer ends (BFS's push, SSSP's list step in one launch, the held map's keep).
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
timeout 200 $bindir/hpgraph_tests --gtest_brief=1 --gtest_filter="LoopGpu.*:SparsePathsGpu.*:*Loop*:*Bfs*:*Sssp*" > $o/loops.txt 2>&1; echo "rc $?" >> $o/loops.txt
timeout 90 compute-sanitizer --tool memcheck $bindir/hpgraph_tests --gtest_brief=1 \
  --gtest_filter="LoopGpu.SsspRoundsRunInOneCooperativeLaunch:LoopGpu.AMapKeeps*:LoopGpu.BfsStretchesRunAsGraphs:LoopGpu.APushDoes*" > $o/memcheck.txt 2>&1; echo "rc $?" >> $o/memcheck.txt
tail -4 $o/loops.txt; tail -3 $o/memcheck.txt
