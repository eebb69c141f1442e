#!/usr/bin/env bash
# usage: .gpu-probe/run3.sh OUT: Nsight Compute on the held push kernel of BFS levels looped from the host.
o="$1"; mkdir -p "$o"; b="$(cd "$(dirname "$0")" && pwd)"
cuda_lib="$(dirname "$(command -v nvcc)")/../lib64"
cupti="$(find "$cuda_lib/" "$cuda_lib/../targets/" -name 'libcupti.so.13' 2>/dev/null | head -1)"
export LD_LIBRARY_PATH="$cuda_lib:$(dirname "$cupti")"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu)
timeout 240 $ncu --kernel-name regex:push_list_kernel --launch-skip 1500 --launch-count 4 \
  --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats \
  "$b/bin/kernel_trace_new" --untraced grid:2048x2048 bfs-host > "$o/ncu-bfs-host.txt" 2>&1; echo "ncu rc $?"
grep -E "push_list_kernel|Duration|Registers|Block Size|Grid Size|Achieved Occupancy|Memory Throughput|DRAM Throughput|L2 Cache Throughput|Compute \(SM\)|Stall|Warp Cycles Per Issued|Issued Warp|No Eligible" "$o/ncu-bfs-host.txt" | head -80
