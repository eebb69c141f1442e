#!/usr/bin/env bash
# usage blocks.sh BUNDLE OUT. The two-part list step's grid capped at 1..4 blocks an SM
# (HPG_BIT_LIST_BLOCKS, an experiment's switch not kept), SSSP on the weighted 2048 x 2048 grid
# traced; then Nsight Compute on the list step in rounds looped from the host.
b="$1"; o="$2"; mkdir -p "$o"
. scripts/gpu-unpack.sh
hpg_unpack_bundle "$b"
for r in 1 2; do for c in 4 2 3 1; do
  HPG_BIT_LIST_BLOCKS=$c timeout 60 "$bindir/kernel_trace" grid:2048x2048 sssp >"$o/trace-sssp-cap$c-$r.txt" 2>&1; echo "trace cap $c $r rc $?"
done; done
for f in "$o"/trace-sssp-*.txt; do echo "== $f"; grep "untraced" "$f" | head -1; sed -n '/== /,/idle/p' "$f" | sed -n 2,3p | cut -c1-100; done
timeout 200 ncu --clock-control none --kernel-name regex:'bit_list_kernel' --launch-skip 1500 --launch-count 2 --section SpeedOfLight \
  --section LaunchStats --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis \
  "$bindir/kernel_trace" --untraced grid:2048x2048 sssp-host >"$o/ncu-bit-list.txt" 2>&1; echo "ncu rc $?"
grep -E "Duration|Registers|Throughput|Achieved Occupancy|Block Limit|Stall|elapsed" "$o/ncu-bit-list.txt" | head -40
