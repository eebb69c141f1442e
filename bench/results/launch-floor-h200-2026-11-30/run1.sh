#!/usr/bin/env bash
# usage: .gpu-probe/run.sh OUT
o="$1"; mkdir -p "$o"; b="$(cd "$(dirname "$0")" && pwd)"
cuda_lib="$(dirname "$(command -v nvcc)")/../lib64"
cupti="$(find "$cuda_lib/" "$cuda_lib/../targets/" -name 'libcupti.so.13' 2>/dev/null | head -1)"
export LD_LIBRARY_PATH="$cuda_lib:$(dirname "$cupti")"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$o/gpu.txt"
timeout 120 "$b/bin/launch_cost" > "$o/launch_cost.txt" 2>&1; echo "probe rc $?"
for r in 1 2 3; do timeout 60 "$b/bin/kernel_trace_base" --untraced grid:2048x2048 bfs-host >> "$o/bfs-host-base.txt" 2>&1; done
cat "$o/launch_cost.txt"; grep -i "ms\|level" "$o/bfs-host-base.txt" | head -12
