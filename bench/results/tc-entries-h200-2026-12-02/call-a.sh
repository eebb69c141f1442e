#!/bin/bash
# Device call A (lean test bundle .gpu-bundle-t): the GPU suite but the CLI's and the 6 slowest
# parity tests (gpu-suite.sh main), then memcheck on the tests of what changed: the element-wise
# matrix operations a thread per entry, the HYB's COO copies a thread per entry, intersect_size's
# search side, and the triangle counts that use all three.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
timeout 560 scripts/gpu-suite.sh main .gpu-bundle-t $o/s \
  "MatrixOpsGpu.Ewise*:MatrixOpsGpu.OtherOperations*:SortedSearch.*:Backends/Algorithms.TriangleCount*:Backends/GraphObject.TriangleCount*:HybColumnOrder.*" > $o/main.txt 2>&1
echo "suite rc $?"
tail -30 $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
