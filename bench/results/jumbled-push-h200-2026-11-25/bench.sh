#!/usr/bin/env bash
# One device call: this build's hpgraph ("new") and, when the bundle has old/hpgraph.xz, the build
# before it ("old"), alternately, on the 2048 x 2048 grid (BFS, SSSP with weights 1..255) and on
# kron-21 (BFS from 972982, PageRank gap tol 1e-4), two rounds, GAPBS beside on the same graphs and
# sources; then kernel traces (bench/tools/kernel_trace.cpp) of BFS and SSSP on the grid.
# Run from the repository root on the GPU machine with the bundle in $BUNDLE (lib/, bin.tar.xz with
# hpgraph and kernel_trace, peers/, optionally old/hpgraph.xz); output to $OUT.
set -u
b="${BUNDLE:?}"; out="${OUT:-/tmp}"; mkdir -p "$out"
n="$(mktemp -d)"; xz -dc "$b/bin.tar.xz" | tar -C "$n" -xf -
builds="new"
if [ -f "$b/old/hpgraph.xz" ]; then mkdir -p "$n/old"; xz -dc "$b/old/hpgraph.xz" > "$n/old/hpgraph"; chmod +x "$n/old/hpgraph"; builds="old new"; fi
export LD_LIBRARY_PATH="$(mktemp -d)"; cp "$b"/lib/* "$LD_LIBRARY_PATH"/; for f in "$LD_LIBRARY_PATH"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"; [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx" && rm -f "$LD_LIBRARY_PATH"/libstdc++.so.6 "$LD_LIBRARY_PATH"/libgcc_s.so.1
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$(dirname "$(command -v nvcc)")/../lib64"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
runs() { grep -o '"run":[^,]*,"runs":[^]]*]\|"depth":[0-9]*\|"iterations":[0-9]*' | tr "\n" " "; echo; }
prog() { if [ "$1" = old ]; then echo "$n/old/hpgraph"; else echo "$n/hpgraph"; fi; }
w="$(mktemp -d)"
"$n/hpgraph" generate grid --rows 2048 --cols 2048 -o "$w/grid.mtx" >/dev/null
"$n/hpgraph" generate grid --rows 2048 --cols 2048 --weights 1:255 -o "$w/grid-w.mtx" >/dev/null
g="$b/peers"
"$g/converter" -g21 -e "$w/k.el" >/dev/null
"$g/converter" -g21 -b "$w/k.sg" >/dev/null
for round in 1 2; do
  for v in $builds; do
    p="$(prog "$v")"
    echo "== $v bfs grid"; "$p" bfs "$w/grid.mtx" --source 0 --repeat 3 --json | runs
    echo "== $v sssp grid"; "$p" sssp "$w/grid-w.mtx" --source 0 --repeat 3 --json | runs
    echo "== $v bfs kron21"; "$p" bfs "$w/k.el" --source 972982 --repeat 5 --json | runs
    echo "== $v pagerank gap kron21"; "$p" pagerank "$w/k.el" --variant gap --tol 1e-4 --repeat 5 --json | runs
  done
done
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$g"
echo "== GAPBS bfs grid"; "$g/bfs" -f "$w/grid.mtx" -r 0 -n 3 | grep -E "Average"
echo "== GAPBS sssp grid"; "$g/sssp" -f "$w/grid-w.mtx" -r 0 -n 3 -d 255 | grep -E "Average"
echo "== GAPBS bfs kron21"; "$g/bfs" -f "$w/k.sg" -r 972982 -n 5 | grep Average
echo "== GAPBS pr kron21"; "$g/pr" -f "$w/k.sg" -i 100 -t 1e-4 -n 5 | grep -E "Average|Iteration" | tail -3
echo "== trace"; "$n/kernel_trace" grid:2048x2048 bfs sssp > "$out/trace.txt" 2>&1; echo "kernel_trace rc $?"; grep "==\|warm" "$out/trace.txt"
