#!/usr/bin/env bash
# usage perf4.sh BUNDLE OUT. v/kt_held: the held map with its grid capped at HPG_HELD_GRID_CAP
# blocks a multiprocessor (an experiment's switch, not kept): SSSP on the weighted 2048 x 2048
# grid uncapped, capped at 4, 2 and 1; then Nsight Compute on the held map's kernel in rounds
# looped from the host.
b="$1"; o="$2"; mkdir -p "$o"
d=$(mktemp -d); for f in "$b"/v/*.xz; do xz -dc "$f" >"$d/$(basename "$f" .xz)"; done; chmod +x "$d"/*
L=$(mktemp -d); cp "$b"/lib/* "$L/"; for f in "$L"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$L"/libstdc++.so.6 "$L"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$L:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
for r in 1 2; do
  for cap in none 4 2 1; do
    if [ $cap = none ]; then "$d/kt_held" grid:2048x2048 sssp >"$o/trace-$cap-$r.txt" 2>&1
    else HPG_HELD_GRID_CAP=$cap "$d/kt_held" grid:2048x2048 sssp >"$o/trace-$cap-$r.txt" 2>&1; fi; echo "cap $cap $r rc $?"
  done
done
ncu --clock-control none --kernel-name regex:'held_map_kernel' --launch-skip 1500 --launch-count 2 --section SpeedOfLight \
  --section MemoryWorkloadAnalysis --section WarpStateStats --section LaunchStats --section Occupancy --section SchedulerStats \
  --section SourceCounters "$d/kt_held" --untraced grid:2048x2048 sssp-host >"$o/ncu-held.txt" 2>&1; echo "ncu rc $?"
for f in "$o"/trace-*.txt; do echo "== $f"; grep "untraced" "$f" | head -1; sed -n '/== /,/idle/p' "$f" | grep -E "held_map|counted_scan|loop_end" | head -3 | cut -c1-100; done
grep -E "Duration|Registers Per|Achieved Occ|Warp Cycles Per Issued|L2 Cache Throughput|stall" "$o/ncu-held.txt" | head -30
