#!/bin/bash
# Device call F, issue 23's last measurement on the code it closes with (bundle .gpu-bundle-b:
# hpgraph, bench_latency and kernel_trace of a772658, GAPBS under peers): ../host-round-h200-2026-12-01/call-b.sh
# as it is (8 host-loop BFS processes, BFS and SSSP as device loops, a traced run, then
# bench_latency and the CLI beside GAPBS), then 8 more host-loop BFS processes as
# ../level-trips-h200-2026-12-01/call-b2.sh ran them, for 16 in all.
set -u
bash bench/results/host-round-h200-2026-12-01/call-b.sh
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-b
for k in 1 2 3 4 5 6 7 8; do printf "free %s " $k; timeout 60 $bindir/kernel_trace --untraced grid:2048x2048 bfs-host 2>&1 | grep untraced; done > $OUT/more.txt
cat $OUT/more.txt
