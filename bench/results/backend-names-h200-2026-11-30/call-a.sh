#!/bin/bash
# Device call A: the GPU suite but the CLI's and the 6 slowest tests; memcheck on what step 8
# touched (the backend's runtime questions, export, the operations' backend checks) and a loop.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
scripts/gpu-suite.sh main .gpu-bundle $o/s "Backend.*:*MatrixTest.Export*:Operations.*:LoopGpu.Bfs*:LoopGpu.Sssp*" > $o/main.txt 2>&1
cat $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
