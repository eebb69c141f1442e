#!/bin/bash
# Device call A: the GPU suite but the CLI's and the 6 slowest tests; memcheck on the loops, the
# scalars and the new Matrix tests.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
scripts/gpu-suite.sh main .gpu-bundle $o/s "LoopGpu.*:ScalarGpu.*:*MatrixTest.Export*:*MatrixTest.HybSplit*" > $o/main.txt 2>&1
cat $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
