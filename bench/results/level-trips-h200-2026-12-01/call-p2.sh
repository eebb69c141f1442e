#!/bin/bash
# Device call P2: Nsight Compute's per-instruction view of the held push (SourceCounters, SASS
# with executed instructions and warp stall samples at the densest sampling), 3 launches of
# host-loop BFS levels after the 1,500th (build $X, default base).
set -u
o=$OUT
mkdir -p .gpu-bundle-p/lib  # a bundle of programs alone (.gpu-bundle-p/bin/*, xz or not)
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-p 2>/dev/null; bin=$bindir
cuda=$(dirname $(command -v nvcc || echo /usr/local/cuda/bin/nvcc))/..
ncu=$(command -v ncu || ls $cuda/bin/ncu)
timeout 200 $ncu --kernel-name regex:push_list_kernel --launch-skip 1500 --launch-count 3 \
  --section SourceCounters --section WarpStateStats --section LaunchStats --import-source yes \
  --warp-sampling-interval 0 -o $o/push $bin/kernel_trace_${X:-base} --untraced grid:2048x2048 bfs-host > $o/ncu-log.txt 2>&1; echo "ncu rc $?"
tail -3 $o/ncu-log.txt
for id in 0; do
$ncu -i $o/push.ncu-rep --launch-skip $id --launch-count 1 --page source --csv --print-source sass > $o/sass-$id.csv 2>&1; echo "sass rc $?"; wc -l $o/sass-$id.csv
done
$ncu -i $o/push.ncu-rep --page details > $o/details.txt 2>&1
