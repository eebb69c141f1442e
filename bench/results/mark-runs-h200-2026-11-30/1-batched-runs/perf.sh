#!/usr/bin/env bash
# usage perf.sh BUNDLE OUT, from the repository root on the GPU machine. The bundle holds
# kernel_trace of this build and old/kernel_trace of main before it. SSSP on the weighted
# 2048 x 2048 grid traced kernel by kernel, new and old alternately, twice; then Nsight Compute on
# the kernels of a few of its rounds looped from the host (sssp-host: inside a WHILE graph ncu
# sees no kernel).
b="$1"; o="$2"; mkdir -p "$o"
d=$(mktemp -d); xz -dc "$b/bin.tar.xz" | tar -C "$d" -xf -; mkdir "$d/old"
for f in "$b"/old/*.xz; do xz -dc "$f" >"$d/old/$(basename "$f" .xz)"; done; chmod +x "$d"/* "$d"/old/*
L=$(mktemp -d); cp "$b"/lib/* "$L/"; for f in "$L"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$L"/libstdc++.so.6 "$L"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$L:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$o/gpu.txt" 2>&1
for r in 1 2; do
  for v in new old; do
    p="$d"; [ $v = old ] && p="$d/old"
    "$p/kernel_trace" grid:2048x2048 sssp >"$o/trace-sssp-$v-$r.txt" 2>&1; echo "trace sssp $v $r rc $?"
  done
done
ncu --clock-control none --kernel-name regex:'push_mark_kernel|counted_scan_kernel|append_kept_kernel|ewise_mult_full_kernel|upsert_bitmap_kernel' \
  --launch-skip 3000 --launch-count 10 --section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats \
  --section LaunchStats --section Occupancy --section SchedulerStats \
  "$d/kernel_trace" --untraced grid:2048x2048 sssp-host >"$o/ncu-sssp-host.txt" 2>&1; echo "ncu rc $?"
for f in "$o"/trace-sssp-*.txt; do echo "== $f"; grep "untraced" "$f" | head -2; sed -n '/== /,/idle/p' "$f" | head -12 | cut -c1-150; done
grep -E "^  [a-z_].*\(|Duration|Memory Throughput|DRAM Throughput|Compute \(SM\)|Achieved Occupancy|Registers Per" "$o/ncu-sssp-host.txt" | head -80
