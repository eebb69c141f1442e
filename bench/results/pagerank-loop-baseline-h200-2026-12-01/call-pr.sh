#!/bin/bash
# Device call PR: PageRank on loop_while (bench/results/warp-list-h200-2026-11-25/probes/pagerank_loop.patch
# applied to main at 746760a, hpgraph program in .gpu-bundle-p2) against main's host loop (the
# hpgraph program of .gpu-bundle-b), alternating, two rounds; GAPBS pr beside. The workloads of
# the 2026-11-25 A/B (bench/results/loop-pagerank-h200-2026-11-25/ab.sh).
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-b
xz -dc .gpu-bundle-p2/hpgraph_loop.xz > $bindir/hpgraph_loop; chmod +x $bindir/hpgraph_loop
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $o/gpu.txt
runs() { grep -o '"run":[^,]*,"runs":[^]]*]\|"iterations":[0-9]*' | tr "\n" " "; echo; }
w="$(mktemp -d)"; g=.gpu-bundle-b/peers
$bindir/hpgraph generate grid --rows 2048 --cols 2048 -o "$w/grid.mtx" >/dev/null
"$g/converter" -g21 -e "$w/k21.el" >/dev/null; "$g/converter" -g21 -b "$w/k21.sg" >/dev/null
"$g/converter" -g18 -e "$w/k18.el" >/dev/null; "$g/converter" -g18 -b "$w/k18.sg" >/dev/null
for round in 1 2; do for build in host loop; do
  x=$bindir/hpgraph; [ $build = loop ] && x=$bindir/hpgraph_loop
  echo "== $build pagerank gap kron21"; timeout 60 $x pagerank "$w/k21.el" --variant gap --tol 1e-4 --repeat 5 --json | runs
  echo "== $build pagerank gap kron18"; timeout 60 $x pagerank "$w/k18.el" --variant gap --tol 1e-4 --repeat 5 --json | runs
  echo "== $build pagerank lagraph kron18 tol 1e-7"; timeout 60 $x pagerank "$w/k18.el" --tol 1e-7 --repeat 5 --json | runs
  echo "== $build pagerank lagraph grid tol 1e-7"; timeout 60 $x pagerank "$w/grid.mtx" --tol 1e-7 --repeat 3 --json | runs
done; done > $o/ab.txt 2>&1
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$g"
{ echo "== GAPBS pr kron21"; "$g/pr" -f "$w/k21.sg" -i 100 -t 1e-4 -n 5 | grep -E "Average|Iteration" | tail -2
echo "== GAPBS pr kron18"; "$g/pr" -f "$w/k18.sg" -i 100 -t 1e-4 -n 5 | grep -E "Average|Iteration" | tail -2
echo "== GAPBS pr grid"; "$g/pr" -f "$w/grid.mtx" -i 100 -t 1e-7 -n 3 | grep -E "Average|Iteration" | tail -2; } > $o/gapbs.txt 2>&1
cat $o/ab.txt $o/gapbs.txt
