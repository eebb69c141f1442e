#!/bin/bash
# Device call A (lean test bundle, .gpu-bundle-t: hpgraph_tests, hpgraph, kernel_trace): loop graphs
# kept idle and updated instead of destroyed and instantiated (src/cuda/device_loop.cu).
# 1. The device-loop shut-stream test, 3 times as a process's first GPU work (it failed 10 of 10
#    when the loop's end destroyed its graph), and the new reuse test alone.
# 2. kernel_trace on a 256 x 256 grid, BFS, SSSP and PageRank: the first run instantiates its loop
#    graph, the three runs after it update it (capture ms each).
# 3. The GPU suite but the CLI's and the 6 slowest parity tests (gpu-suite.sh main), memcheck on
#    the stream tests and the reuse test.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-t
for k in 1 2 3; do
  timeout 60 $bindir/hpgraph_tests --gtest_filter='Streams.ADeviceLoop*' > $o/shut-$k.txt 2>&1
  echo "rc $?" >> $o/shut-$k.txt
  tail -4 $o/shut-$k.txt
done
grep -v "^\[ RUN\|^\[       OK" $o/shut-1.txt | tail -30
timeout 60 $bindir/hpgraph_tests --gtest_filter='LoopGpu.ALoopRunAgain*' > $o/reuse.txt 2>&1; echo "reuse rc $?"; tail -15 $o/reuse.txt
timeout 90 $bindir/kernel_trace --timeline --untraced grid:256x256 bfs sssp pagerank > $o/trace.txt 2>&1; echo "trace rc $?"; cat $o/trace.txt
timeout 470 scripts/gpu-suite.sh main .gpu-bundle-t $o/s "Streams.*:LoopGpu.ALoopRunAgain*" > $o/main.txt 2>&1
echo "suite rc $?"
cat $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
