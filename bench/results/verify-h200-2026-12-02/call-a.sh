#!/bin/bash
# Device call A (lean test bundle .gpu-bundle-t: hpgraph_tests, hpgraph, kernel_trace), main at
# cdb13c9: 557edf9's host backend and CLI changes (never run on a GPU before), the host's kept
# transpose (d90fbb4), the graph object (1bc1440, cdb13c9) and extract_tuples' typed forms
# (49444a4): the GPU suite
# but the CLI's and the 6 slowest parity tests (gpu-suite.sh main), then memcheck on the new and
# changed tests.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
timeout 560 scripts/gpu-suite.sh main .gpu-bundle-t $o/s \
  "Operations.*:Backends/GraphObject.*:Backends/SuiteSparseInterop.Extract*" > $o/main.txt 2>&1
echo "suite rc $?"
tail -30 $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
