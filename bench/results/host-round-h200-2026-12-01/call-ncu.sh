#!/bin/bash
# Nsight Compute on the held push of BFS levels looped from the host (2b1895f's kernel_trace in
# .gpu-bundle-b), 3 launches after the 1,500th: where its warps wait, by source line of SASS
# (SourceCounters: the instructions with the most stall samples).
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-b >/dev/null 2>&1
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu)
timeout 240 $ncu --kernel-name regex:push_list_kernel --launch-skip 1500 --launch-count 3 \
  --section WarpStateStats --section SourceCounters --section LaunchStats \
  --print-details all \
  $bindir/kernel_trace --untraced grid:2048x2048 bfs-host > $o/ncu-push.txt 2>&1; echo "ncu rc $?"
grep -E "Duration|Grid Size|Warp Cycles Per Issued|Stall|stall" $o/ncu-push.txt | head -40
