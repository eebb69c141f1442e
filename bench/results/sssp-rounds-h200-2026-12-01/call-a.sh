#!/bin/bash
# Device call A: the GPU suite but the CLI's and the 6 slowest tests; memcheck on the SSSP loops
# (the rounds kernel and the list step's paths it shares) and BFS's.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
scripts/gpu-suite.sh main .gpu-bundle $o/s "LoopGpu.Sssp*:LoopGpu.AMapOfAPushed*:LoopGpu.AHeld*:LoopGpu.AListStep*:LoopGpu.Bfs*" > $o/main.txt 2>&1
cat $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
