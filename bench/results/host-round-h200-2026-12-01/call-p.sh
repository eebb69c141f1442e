#!/bin/bash
# Probe call: where a BFS level looping from the host spends its time now (host_calls, built
# against the library; host_calls.cpp here), and kernel_trace's bfs-host, for each build in the
# bundle (programs named <prog>_<build>), alternating, untraced first.
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle ${B:-.gpu-bundle-p}
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
builds=${BUILDS:-base}
for k in 1 2 3; do for b in $builds; do
  printf "%s %s " $k $b; timeout 60 $bindir/kernel_trace_$b --untraced grid:2048x2048 bfs-host bfs 2>&1 | grep untraced | tr '\n' ' '; echo
  timeout 60 $bindir/host_calls_$b --held grid:2048x2048 > $o/held_${b}_$k.txt 2>&1
done; done > $o/trace.txt
for b in $builds; do
  timeout 90 $bindir/host_calls_$b --api --held grid:2048x2048 > $o/api_$b.txt 2>&1
  timeout 90 $bindir/host_calls_$b --sample --held grid:2048x2048 > $o/sample_$b.txt 2>&1
done
cat $o/trace.txt; grep -H "rep\|median" $o/held_*.txt | head -80; cat $o/api_*.txt | tail -40
