#!/usr/bin/env bash
# usage trace.sh KERNEL_TRACE OUT: kernel_trace's SSSP and BFS rounds on grid:2048x2048 (device
# loop, and BFS looped from the host), three runs each, alternating.
kt="$1"; o="$2"; mkdir -p "$o"
for r in 1 2 3; do for w in sssp bfs bfs-host; do
  echo "== run $r $w"; timeout 60 "$kt" --untraced grid:2048x2048 "$w" 2>&1 | tail -3
done; done >"$o/kernel-trace.txt" 2>&1
cat "$o/kernel-trace.txt"
