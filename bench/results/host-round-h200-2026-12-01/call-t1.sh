#!/bin/bash
# Device call T1: the GPU suite but the CLI's and the 6 slowest tests; memcheck on the tests of the
# held push (its claims, its ticket, rounds from the host and in one launch).
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
scripts/gpu-suite.sh main .gpu-bundle $o/s "SparsePathsGpu.Push*:SparsePathsGpu.ALoops*:LoopGpu.APush*:LoopGpu.RoundsFromTheHost*:LoopGpu.Bfs*" > $o/main.txt 2>&1
cat $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
