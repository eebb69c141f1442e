#!/bin/bash
# Device call B (bundle .gpu-bundle-b: hpgraph, bench_latency, kernel_trace of this change, and
# under old/ the same three built from main before it, a772658): bench_latency old against new,
# twice each, alternating (gpu-run.sh latency-ab), and the CLI old against new beside GAPBS with
# kernel traces of BFS and SSSP on the grid (gpu-run.sh ab); then whether a host-loop BFS's speed
# is the process's or the run's: 10 processes of kernel_trace, 3 untraced bfs-host runs each.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
OUT=$o/ab HPG_BUNDLE=.gpu-bundle-b HPG_AB_ROUNDS=2 timeout 420 scripts/gpu-run.sh latency-ab ab > $o/ab-run.log 2>&1
echo "latency-ab ab rc $?"
grep -E "^==|untraced|rc " $o/ab-run.log | cut -c1-300
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-b
for k in 1 2 3 4 5 6 7 8 9 10; do
  printf "%s " $k; timeout 60 $bindir/kernel_trace --untraced grid:2048x2048 bfs-host bfs-host bfs-host 2>&1 | grep -o "bfs-host: [0-9.]* ms" | tr '\n' ' '; echo
done > $o/host-loop-modes.txt
cat $o/host-loop-modes.txt
