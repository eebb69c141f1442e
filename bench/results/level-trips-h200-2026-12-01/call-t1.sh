#!/bin/bash
# Device call T1: the GPU suite but the CLI's and the 6 slowest tests; memcheck on the tests of the
# held push (its claimers' ballot, the first entry read early, rounds from the host) and of the
# launches that run every round (RoundsRun).
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
scripts/gpu-suite.sh main .gpu-bundle $o/s "SparsePathsGpu.Push*:LoopGpu.APush*:LoopGpu.RoundsFromTheHost*:LoopGpu.Bfs*:LoopGpu.Sssp*:LoopGpu.AListStep*:LoopGpu.AMapKeeps*" > $o/main.txt 2>&1
cat $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
