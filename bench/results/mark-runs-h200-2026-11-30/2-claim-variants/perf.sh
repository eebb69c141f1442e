#!/usr/bin/env bash
# usage perf2.sh BUNDLE OUT. The claim's variants of the folding push's mark kernel (push_atomic.cuh)
# with the product's loads one at a time as in main: v/kt2 claims an output with a read of its bit
# word and an atomicOr whose result is not read (a reduction, when no list is appended to); v/kt3
# the same without the read; old/kernel_trace is main. SSSP on the weighted 2048 x 2048 grid,
# each build in turn, three times; then BFS on the grid with its levels looped from the host
# (bfs-host) and on the device (bfs), with main's build.
b="$1"; o="$2"; mkdir -p "$o"
d=$(mktemp -d); for f in "$b"/old/*.xz "$b"/v/*.xz; do xz -dc "$f" >"$d/$(basename "$f" .xz)"; done; chmod +x "$d"/*
L=$(mktemp -d); cp "$b"/lib/* "$L/"; for f in "$L"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$L"/libstdc++.so.6 "$L"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$L:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
for r in 1 2 3; do
  for v in kernel_trace kt2 kt3; do
    "$d/$v" grid:2048x2048 sssp >"$o/trace-sssp-$v-$r.txt" 2>&1; echo "trace sssp $v $r rc $?"
  done
done
"$d/kernel_trace" --timeline grid:2048x2048 bfs-host bfs >"$o/trace-bfs-main.txt" 2>&1; echo "trace bfs rc $?"
for f in "$o"/trace-sssp-*.txt; do echo "== $f"; grep "untraced" "$f" | head -1; sed -n '/== /,/idle/p' "$f" | grep -E "wall|push_mark|loop_end" | cut -c1-110; done
grep -E "untraced|== " "$o/trace-bfs-main.txt"
