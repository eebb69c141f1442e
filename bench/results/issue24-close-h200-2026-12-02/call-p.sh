#!/bin/bash
# Device call P (bundle .gpu-bundle-p: hpgraph, bench_latency, GAPBS in peers/): gpu-run.sh peers,
# bench_latency then BFS and SSSP on the 2048 x 2048 grid and BFS on kron-21 beside GAPBS, same
# graph files and sources, same call.
set -u; o=$OUT; nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
OUT=$o/p HPG_BUNDLE=.gpu-bundle-p timeout 560 scripts/gpu-run.sh peers > $o/peers.txt 2>&1; echo "rc $?"; cat $o/peers.txt | tail -120; cd $o && tar czf p.tgz p && rm -rf p
