#!/usr/bin/env bash
# usage: .gpu-probe/run2.sh OUT: the tail-launch probe, then kernel_trace base/new alternately.
o="$1"; mkdir -p "$o"; b="$(cd "$(dirname "$0")" && pwd)"
cuda_lib="$(dirname "$(command -v nvcc)")/../lib64"
cupti="$(find "$cuda_lib/" "$cuda_lib/../targets/" -name 'libcupti.so.13' 2>/dev/null | head -1)"
export LD_LIBRARY_PATH="$cuda_lib:$(dirname "$cupti")"
timeout 120 "$b/bin/tail_launch" > "$o/tail_launch.txt" 2>&1; echo "tail probe rc $?"; cat "$o/tail_launch.txt"
for r in 1 2 3; do
  for v in base new; do
    for run in sssp bfs bfs-host; do
      timeout 60 "$b/bin/kernel_trace_$v" --untraced grid:2048x2048 $run 2>&1 | grep untraced | sed "s/^/$v /" >> "$o/ab.txt"
    done
  done
done
sort "$o/ab.txt"
