#!/bin/bash
# Device call B (benchmarks, bundle .gpu-bundle-b: hpgraph, bench_latency, kernel_trace, GAPBS):
# BFS looping from the host on the 2048 x 2048 grid in 8 processes (kernel_trace --untraced
# bfs-host), BFS and SSSP as device loops, one traced host-loop run (the held push's kernel time);
# then gpu-run.sh peers: bench_latency, and the hpgraph program's BFS and SSSP on the grid and BFS
# on kron-21 beside GAPBS on this machine's 16 cores (same graph files, same sources).
set -u
o=$OUT
b=.gpu-bundle-b
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
. scripts/gpu-unpack.sh; hpg_unpack_bundle $b
for k in 1 2 3 4 5 6 7 8; do
  printf "%s " $k; timeout 60 $bindir/kernel_trace --untraced grid:2048x2048 bfs-host 2>&1 | grep untraced | tr '\n' ' '
  [ $k -le 3 ] && timeout 60 $bindir/kernel_trace --untraced grid:2048x2048 bfs sssp 2>&1 | grep untraced | tr '\n' ' '
  echo
done > $o/kernel-trace.txt
timeout 60 $bindir/kernel_trace grid:2048x2048 bfs-host bfs > $o/trace-bfs.txt 2>&1
cat $o/kernel-trace.txt
grep -E "^==|untraced" $o/trace-bfs.txt
OUT=$o/peers HPG_BUNDLE=$b HPG_PEERS_REPEAT=5 timeout 420 scripts/gpu-run.sh peers > $o/peers.txt 2>&1
echo "peers rc $?"
grep -E '^==|"run"|Average Time' $o/peers.txt | sed -E 's/"runs":\[[^]]*\],?//' | cut -c1-300
