#!/usr/bin/env bash
# Same-call A/B of PageRank: the previous build's hpgraph (prev/: c85dad0, host loop) alternating with
# this build's (loop_while), GAPBS pr beside, on kron-21 (7 iterations, long rounds: stays on the
# host), kron-18 and the 2048 x 2048 grid; BFS and SSSP on the grid once each as a check that the
# loop changes left them alone.
set -u
b="$(cd "$(dirname "$0")" && pwd)"
p="$(mktemp -d)"; xz -dc "$b/prev/hpgraph.xz" > "$p/hpgraph"; chmod +x "$p/hpgraph"
n="$(mktemp -d)"; xz -dc "$b/bin.tar.xz" | tar -C "$n" -xf - ./hpgraph 2>/dev/null || xz -dc "$b/bin.tar.xz" | tar -C "$n" -xf - hpgraph
export LD_LIBRARY_PATH="$(mktemp -d)"; cp "$b"/lib/* "$LD_LIBRARY_PATH"/; for f in "$LD_LIBRARY_PATH"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"; [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx" && rm -f "$LD_LIBRARY_PATH"/libstdc++.so.6 "$LD_LIBRARY_PATH"/libgcc_s.so.1
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$(dirname "$(command -v nvcc)")/../lib64"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
runs() { grep -o '"run":[^,]*,"runs":[^]]*]\|"depth":[0-9]*\|"iterations":[0-9]*' | tr "\n" " "; echo; }
w="$(mktemp -d)"; g="$b/peers"
"$n/hpgraph" generate grid --rows 2048 --cols 2048 -o "$w/grid.mtx" >/dev/null
"$n/hpgraph" generate grid --rows 2048 --cols 2048 --weights 1:255 -o "$w/grid-w.mtx" >/dev/null
"$g/converter" -g21 -e "$w/k21.el" >/dev/null; "$g/converter" -g21 -b "$w/k21.sg" >/dev/null
"$g/converter" -g18 -e "$w/k18.el" >/dev/null; "$g/converter" -g18 -b "$w/k18.sg" >/dev/null
for round in 1 2; do for build in prev new; do
  x="$p"; [ $build = new ] && x="$n"
  echo "== $build pagerank gap kron21"; "$x/hpgraph" pagerank "$w/k21.el" --variant gap --tol 1e-4 --repeat 5 --json | runs
  echo "== $build pagerank gap kron18"; "$x/hpgraph" pagerank "$w/k18.el" --variant gap --tol 1e-4 --repeat 5 --json | runs
  echo "== $build pagerank lagraph kron18 tol 1e-7"; "$x/hpgraph" pagerank "$w/k18.el" --tol 1e-7 --repeat 5 --json | runs
  echo "== $build pagerank lagraph grid tol 1e-7"; "$x/hpgraph" pagerank "$w/grid.mtx" --tol 1e-7 --repeat 3 --json | runs
done; done
for build in prev new; do
  x="$p"; [ $build = new ] && x="$n"
  echo "== $build bfs grid"; "$x/hpgraph" bfs "$w/grid.mtx" --source 0 --repeat 3 --json | runs
  echo "== $build sssp grid"; "$x/hpgraph" sssp "$w/grid-w.mtx" --source 0 --repeat 3 --json | runs
done
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$g"
echo "== GAPBS pr kron21"; "$g/pr" -f "$w/k21.sg" -i 100 -t 1e-4 -n 5 | grep -E "Average|Iteration" | tail -2
echo "== GAPBS pr kron18"; "$g/pr" -f "$w/k18.sg" -i 100 -t 1e-4 -n 5 | grep -E "Average|Iteration" | tail -2
echo "== GAPBS pr grid"; "$g/pr" -f "$w/grid.mtx" -i 100 -t 1e-7 -n 3 | grep -E "Average|Iteration" | tail -2
echo "== GAPBS bfs grid"; "$g/bfs" -f "$w/grid.mtx" -r 0 -n 3 | grep -E "Average"
echo "== GAPBS sssp grid"; "$g/sssp" -f "$w/grid-w.mtx" -r 0 -n 3 -d 255 | grep -E "Average"
