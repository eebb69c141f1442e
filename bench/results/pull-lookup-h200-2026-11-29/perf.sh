#!/usr/bin/env bash
# The first perf call of this folder (its kron-21 BFS traces failed: kernel_trace takes its
# options before SPEC, fixed below after the call): usage perf.sh BUNDLE OUT (run from the repository root
# on the GPU machine). The bundle holds this build (hpgraph, kernel_trace) and old/ the build
# before the change. gpu-run.sh's ab step (old and new alternately, GAPBS after them), then kernel
# traces of kron-21's direction-optimizing BFS and PageRank with each build, and the checks of
# both against SuiteSparse; Nsight Compute on a BFS's pushes.
b="$1"; o="$2"; mkdir -p "$o"
OUT=$o HPG_BUNDLE=$b HPG_AB_ROUNDS=3 scripts/gpu-run.sh ab >"$o/ab-run.log" 2>&1; echo "ab rc $?"
d=$(mktemp -d); xz -dc "$b/bin.tar.xz" | tar -C "$d" -xf -; mkdir "$d/old"
for f in "$b"/old/*.xz; do xz -dc "$f" >"$d/old/$(basename "$f" .xz)"; done; chmod +x "$d"/* "$d"/old/*
L=$(mktemp -d); cp "$b"/lib/* "$L/"; for f in "$L"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$L"/libstdc++.so.6 "$L"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$L:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
w=$(mktemp -d); "$b/peers/converter" -g21 -e "$w/k.el" >/dev/null
for v in new old; do
  p="$d"; [ $v = old ] && p="$d/old"
  "$p/kernel_trace" --source 972982 --timeline "$w/k.el" bfs-auto >"$o/trace-kron-bfs-$v.txt" 2>&1; echo "trace bfs $v rc $?"
  "$p/kernel_trace" "$w/k.el" pagerank >"$o/trace-kron-pr-$v.txt" 2>&1; echo "trace pr $v rc $?"
done
{ "$d/hpgraph" bfs "$w/k.el" --source 972982 --check; echo "bfs check rc $?"
  "$d/hpgraph" pagerank "$w/k.el" --variant gap --tol 1e-4 --check; echo "pagerank check rc $?"; } >"$o/checks.txt" 2>&1
# Nsight Compute on the pushes of one kron-21 BFS (the third level's is the long one).
ncu --clock-control none --kernel-name regex:push_mark_kernel --launch-count 4 --section SpeedOfLight \
  --section MemoryWorkloadAnalysis --section WarpStateStats --section LaunchStats --section Occupancy --section SchedulerStats \
  "$d/hpgraph" bfs "$w/k.el" --source 972982 >"$o/ncu-push-mark.txt" 2>&1; echo "ncu rc $?"
grep "rc " "$o/checks.txt"
grep "==\|untraced\|Average\|runs" "$o/ab.log" | head -80
for f in "$o"/trace-kron-*.txt; do echo "== $f"; grep -m1 "== " "$f"; grep "untraced" "$f" | head -4; sed -n '/== /,/idle/p' "$f" | head -14; done
