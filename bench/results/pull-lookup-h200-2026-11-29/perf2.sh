#!/usr/bin/env bash
# The second perf call (after the ByProducts walk and the tail kernels' reload): usage perf2.sh
# BUNDLE OUT, from the repository root on the GPU machine. gpu-run.sh's ab step (the bundle's old/
# build is main before this folder's changes, 1cfb17e), then kernel traces of kron-21's
# direction-optimizing BFS and PageRank with this build, and both checked against SuiteSparse.
b="$1"; o="$2"; mkdir -p "$o"
OUT=$o HPG_BUNDLE=$b HPG_AB_ROUNDS=2 scripts/gpu-run.sh ab >"$o/ab-run.log" 2>&1; echo "ab rc $?"
d=$(mktemp -d); xz -dc "$b/bin.tar.xz" | tar -C "$d" -xf -; chmod +x "$d"/*
L=$(mktemp -d); cp "$b"/lib/* "$L/"; for f in "$L"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$L"/libstdc++.so.6 "$L"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$L:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
w=$(mktemp -d); "$b/peers/converter" -g21 -e "$w/k.el" >/dev/null
"$d/kernel_trace" --source 972982 --timeline "$w/k.el" bfs-auto >"$o/trace-kron-bfs-new.txt" 2>&1; echo "trace bfs rc $?"
"$d/kernel_trace" "$w/k.el" pagerank >"$o/trace-kron-pr-new.txt" 2>&1; echo "trace pr rc $?"
{ "$d/hpgraph" bfs "$w/k.el" --source 972982 --check; echo "bfs check rc $?"
  "$d/hpgraph" pagerank "$w/k.el" --variant gap --tol 1e-4 --check; echo "pagerank check rc $?"; } >"$o/checks.txt" 2>&1
grep "rc " "$o/checks.txt"
grep "==\|untraced\|Average\|runs" "$o/ab.log" | head -60
for f in "$o"/trace-kron-*.txt; do echo "== $f"; sed -n '/== [bp]/,/idle/p' "$f" | head -16; done
