#!/bin/bash
# A/B call: kernel_trace --untraced bfs-host, bfs and sssp, builds alternating ($BUILDS), 6 rounds;
# then each build's traced bfs-host, bfs and sssp (the kernels' times).
set -u
o=$OUT
mkdir -p .gpu-bundle-p/lib  # a bundle of programs alone (.gpu-bundle-p/bin/*, xz or not)
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-p 2>/dev/null; bin=$bindir
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
builds=${BUILDS:-base ballot new}
for k in 1 2 3 4 5 6; do for x in $builds; do
  printf "%s %s " $k $x; timeout 60 $bin/kernel_trace_$x --untraced grid:2048x2048 bfs-host bfs sssp 2>&1 | grep untraced | tr '\n' ' '; echo
done; done > $o/ab.txt
for x in $builds; do timeout 90 $bin/kernel_trace_$x grid:2048x2048 bfs-host bfs sssp > $o/traced_$x.txt 2>&1; done
cat $o/ab.txt
for x in $builds; do echo "== $x"; grep -E 'push_list|bit_list' $o/traced_$x.txt | awk '{print $1, $2, $3, $4, $5, $6, $7, $8}' | cut -c1-200 | head -12; done
