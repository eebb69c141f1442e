#!/bin/bash
# A/B call: kernel_trace --untraced bfs-host and host_calls --held, builds alternating ($BUILDS),
# 5 rounds; then each build's traced bfs-host (the held push's kernel time), and its API counts.
set -u
o=$OUT
mkdir -p .gpu-bundle-p/lib
. scripts/gpu-unpack.sh; hpg_unpack_bundle ${B:-.gpu-bundle-p} 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
builds=${BUILDS:-base new2}
for k in 1 2 3 4 5; do for b in $builds; do
  printf "%s %s " $k $b; timeout 60 $bindir/kernel_trace_$b --untraced grid:2048x2048 bfs-host bfs 2>&1 | grep untraced | tr '\n' ' '
  timeout 60 $bindir/host_calls_$b --held grid:2048x2048 > $o/held_${b}_$k.txt 2>&1; grep -o 'rep [01]: .*' $o/held_${b}_$k.txt | tr '\n' ' '; echo
done; done > $o/ab.txt
for b in $builds; do
  timeout 60 $bindir/kernel_trace_$b grid:2048x2048 bfs-host > $o/traced_$b.txt 2>&1
  timeout 90 $bindir/host_calls_$b --api --held grid:2048x2048 > $o/api_$b.txt 2>&1
done
cat $o/ab.txt
for b in $builds; do echo "== $b"; grep -E 'push_list_kernel' $o/traced_$b.txt | awk '{print $7, $8, $NF}' | tr '\n' ';'; echo; grep -A12 "API calls in 'vxm" $o/api_$b.txt | grep -v '^  CUDA API calls in .depth' ; done
