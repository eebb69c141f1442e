#!/bin/bash
# Device call T1: the GPU suite but the CLI's and the 6 slowest tests (every kernel now carries
# __launch_bounds__ from the launch policy: a launch past its bound fails there); memcheck on the
# StreamScope tests that do not hold a stream shut, and on the pushed and captured BFS and SSSP.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
scripts/gpu-suite.sh main .gpu-bundle $o/s "Streams.AScopes*:Streams.AScopeIn*:SparsePathsGpu.Push*:LoopGpu.Bfs*:LoopGpu.Sssp*" > $o/main.txt 2>&1
cat $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
