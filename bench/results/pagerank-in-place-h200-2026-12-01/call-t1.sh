#!/bin/bash
# Device call T1: the GPU suite but the CLI's and the 6 slowest tests; memcheck on the tests of
# full results written in place, PageRank as one loop graph, the condition carried counted, and
# the captured BFS and SSSP loops.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
scripts/gpu-suite.sh main .gpu-bundle $o/s "SparsePathsGpu.FullResults*:SparsePathsGpu.ResultsKnownFull*:LoopGpu.PageRank*:LoopGpu.AFull*:LoopGpu.Overwritten*:LoopGpu.Bfs*:LoopGpu.SsspRoundsRunAsOneGraph" > $o/main.txt 2>&1
cat $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
