#!/usr/bin/env bash
# Same-call A/B: the previous build's (prev/: 94872ef) hpgraph on the grid and kron-21, alternating
# with this build's, GAPBS beside: BFS, SSSP, PageRank (gap, tol 1e-4). Then kernel traces (CUPTI,
# kernel_trace.cu) of this build and bench_latency.
set -u
b="$(cd "$(dirname "$0")" && pwd)"; out="${OUT:-/tmp}"
p="$(mktemp -d)"; for f in "$b"/prev/*.xz; do xz -dc "$f" > "$p/$(basename "$f" .xz)"; done; chmod +x "$p"/*
n="$(mktemp -d)"; xz -dc "$b/bin.tar.xz" | tar -C "$n" -xf -
export LD_LIBRARY_PATH="$(mktemp -d)"; cp "$b"/lib/* "$LD_LIBRARY_PATH"/; for f in "$LD_LIBRARY_PATH"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"; [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx" && rm -f "$LD_LIBRARY_PATH"/libstdc++.so.6 "$LD_LIBRARY_PATH"/libgcc_s.so.1
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$(dirname "$(command -v nvcc)")/../lib64"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
runs() { grep -o '"run":[^,]*,"runs":[^]]*]\|"depth":[0-9]*\|"iterations":[0-9]*' | tr "\n" " "; echo; }
w="$(mktemp -d)"
"$n/hpgraph" generate grid --rows 2048 --cols 2048 -o "$w/grid.mtx" >/dev/null
"$n/hpgraph" generate grid --rows 2048 --cols 2048 --weights 1:255 -o "$w/grid-w.mtx" >/dev/null
g="$b/peers"
"$g/converter" -g21 -e "$w/k.el" >/dev/null
"$g/converter" -g21 -b "$w/k.sg" >/dev/null
for round in 1 2; do for build in prev new; do
  x="$p"; [ $build = new ] && x="$n"
  echo "== $build bfs grid"; "$x/hpgraph" bfs "$w/grid.mtx" --source 0 --repeat 3 --json | runs
  echo "== $build sssp grid"; "$x/hpgraph" sssp "$w/grid-w.mtx" --source 0 --repeat 3 --json | runs
  echo "== $build pagerank gap grid"; "$x/hpgraph" pagerank "$w/grid.mtx" --variant gap --tol 1e-4 --repeat 3 --json | runs
  echo "== $build pagerank lagraph grid"; "$x/hpgraph" pagerank "$w/grid.mtx" --repeat 3 --json | runs
  echo "== $build bfs kron21"; "$x/hpgraph" bfs "$w/k.el" --source 972982 --repeat 5 --json | runs
  echo "== $build pagerank gap kron21"; "$x/hpgraph" pagerank "$w/k.el" --variant gap --tol 1e-4 --repeat 5 --json | runs
done; done
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$g"
echo "== GAPBS bfs grid"; "$g/bfs" -f "$w/grid.mtx" -r 0 -n 3 | grep -E "Average"
echo "== GAPBS sssp grid"; "$g/sssp" -f "$w/grid-w.mtx" -r 0 -n 3 -d 255 | grep -E "Average"
echo "== GAPBS pr grid"; "$g/pr" -f "$w/grid.mtx" -i 100 -t 1e-4 -n 3 | grep -E "Average|Iteration" | tail -3
echo "== GAPBS bfs kron21"; "$g/bfs" -f "$w/k.sg" -r 972982 -n 5 | grep Average
echo "== GAPBS pr kron21"; "$g/pr" -f "$w/k.sg" -i 100 -t 1e-4 -n 5 | grep -E "Average|Iteration" | tail -3
echo "== trace new"; "$n/kernel_trace" > "$out/trace-new.txt" 2>&1; grep "==\|warm" "$out/trace-new.txt"
"$n/bench_latency" --benchmark_out="$out/bench_latency.json" --benchmark_out_format=json > "$out/bench_latency.log" 2>&1; echo bench_latency rc $?
