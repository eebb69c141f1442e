#!/bin/bash
# Device call H1 (bundle .gpu-bundle: kernel_trace of ad3a781): the host's CPUs; launch_args
# (built here with nvcc) twice; BFS on grid:2048x2048 looping its levels from the host, 6 processes
# unpinned, then one process pinned to each of the machine's CPUs (taskset -c), to see whether
# the process-to-process spread of a level's time (13.9-16.1 us) follows the CPU it runs on.
set -u
o=$OUT
d=bench/results/host-level-h200-2026-12-01
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
{ nproc; lscpu; command -v numactl && numactl -H; nvidia-smi topo -m; cat /proc/cpuinfo | grep -E "MHz" | head -32; } > $o/host.txt 2>&1
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
nvcc -O2 -arch=sm_90 -std=c++17 $d/launch_args.cu -o /tmp/launch_args && { /tmp/launch_args; /tmp/launch_args; } > $o/launch-args.txt 2>&1
cat $o/launch-args.txt
for k in 1 2 3 4 5 6; do
  printf "free %s " $k; timeout 60 $bindir/kernel_trace --untraced grid:2048x2048 bfs-host 2>&1 | grep untraced
done > $o/free.txt
cat $o/free.txt
n=$(nproc)
for c in $(seq 0 $((n - 1))); do
  printf "cpu %s " $c; timeout 60 taskset -c $c $bindir/kernel_trace --untraced grid:2048x2048 bfs-host 2>&1 | grep untraced
done > $o/pinned.txt
cat $o/pinned.txt
grep -E "Model name|NUMA|Thread|Socket|MHz" $o/host.txt | head
