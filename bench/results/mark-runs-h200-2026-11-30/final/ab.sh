#!/usr/bin/env bash
# usage ab.sh BUNDLE OUT, from the repository root on the GPU machine. The bundle: this build's
# hpgraph program, old/hpgraph (main at 17bc3c4) and GAPBS. gpu-run.sh's ab step (old and new
# alternately, three rounds, GAPBS after them on the same graphs and sources), then SSSP and BFS
# checked against SuiteSparse on the weighted grid, a weighted RMAT graph and kron-21.
b="$1"; o="$2"; mkdir -p "$o"
OUT=$o HPG_BUNDLE=$b HPG_AB_ROUNDS=3 scripts/gpu-run.sh ab >"$o/ab-run.log" 2>&1; echo "ab rc $?"
d=$(mktemp -d); xz -dc "$b/bin.tar.xz" | tar -C "$d" -xf -; chmod +x "$d"/*
L=$(mktemp -d); cp "$b"/lib/* "$L/"; for f in "$L"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$L"/libstdc++.so.6 "$L"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$L:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
w=$(mktemp -d)
"$d/hpgraph" generate grid --rows 2048 --cols 2048 --weights 1:255 -o "$w/grid-w.mtx" >/dev/null
"$d/hpgraph" generate rmat --scale 18 --weights 1:100 -o "$w/rmat-w.mtx" >/dev/null 2>&1 || echo "rmat generate failed"
"$b/peers/converter" -g21 -e "$w/k.el" >/dev/null
{ "$d/hpgraph" sssp "$w/grid-w.mtx" --source 0 --check; echo "sssp grid check rc $?"
  "$d/hpgraph" sssp "$w/grid-w.mtx" --source 123456 --check; echo "sssp grid 123456 check rc $?"
  [ -f "$w/rmat-w.mtx" ] && { "$d/hpgraph" sssp "$w/rmat-w.mtx" --source 1 --check; echo "sssp rmat check rc $?"; }
  "$d/hpgraph" sssp "$w/k.el" --source 972982 --check; echo "sssp kron check rc $?"
  "$d/hpgraph" bfs "$w/k.el" --source 972982 --check; echo "bfs kron check rc $?"; } >"$o/checks.txt" 2>&1
grep "rc \|failed" "$o/checks.txt"
grep "==\|untraced\|Average\|runs" "$o/ab.log" | cut -c1-200 | head -80
