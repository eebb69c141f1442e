#!/bin/bash
# Device call A (lean test bundle .gpu-bundle-t: hpgraph_tests, hpgraph, kernel_trace), main at
# 3d6b797 plus the device_loop.cu re-read mend (one instantiate() helper; run() retries flat):
# 1. the device-loop shut-stream test twice as a process's first GPU work, the reuse test alone;
# 2. kernel_trace on a 256 x 256 grid (BFS, SSSP, PageRank): first run instantiates, later update;
# 3. the GPU suite but the CLI's and the 6 slowest parity tests (gpu-suite.sh main), memcheck on
#    the stream tests and the reuse test.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-t
for k in 1 2; do
  timeout 60 $bindir/hpgraph_tests --gtest_filter='Streams.ADeviceLoop*' > $o/shut-$k.txt 2>&1
  echo "rc $?" >> $o/shut-$k.txt
  tail -4 $o/shut-$k.txt
done
timeout 60 $bindir/hpgraph_tests --gtest_filter='LoopGpu.ALoopRunAgain*' > $o/reuse.txt 2>&1; echo "reuse rc $?"; tail -8 $o/reuse.txt
timeout 90 $bindir/kernel_trace --timeline --untraced grid:256x256 bfs sssp pagerank > $o/trace.txt 2>&1; echo "trace rc $?"; grep -i "instantiat\|capture" $o/trace.txt | head -20
timeout 470 scripts/gpu-suite.sh main .gpu-bundle-t $o/s "Streams.*:LoopGpu.ALoopRunAgain*" > $o/main.txt 2>&1
echo "suite rc $?"
tail -40 $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
