#!/bin/bash
# Device call B (bundle .gpu-bundle-b: hpgraph, bench_latency, kernel_trace of this change, and
# main/hpgraph_main.xz, main/kernel_trace_main.xz built from main before it, d7576ad; GAPBS under
# peers):
# PageRank, main (host loop) against this change (one loop_while), alternating, two rounds, on the
# workloads of ../pagerank-loop-baseline-h200-2026-12-01/; kernel_trace's captures and their time,
# and a traced run (the copies back); GAPBS pr beside; then gpu-run.sh peers (bench_latency, BFS
# and SSSP on the grid and BFS on kron-21 beside GAPBS). HPG_CALL_KT names the kernel_trace builds
# to run (both by default) and HPG_CALL_PEERS=0 skips the peers (call-b2.sh).
set -u
o=$OUT
b=.gpu-bundle-b
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $o/gpu.txt
. scripts/gpu-unpack.sh; hpg_unpack_bundle $b
for f in $b/main/*.xz; do xz -dc $f > $bindir/$(basename $f .xz); done; chmod +x $bindir/*
runs() { grep -o '"run":[^,]*,"runs":[^]]*]\|"iterations":[0-9]*' | tr "\n" " "; echo; }
w="$(mktemp -d)"; g=$b/peers
$bindir/hpgraph generate grid --rows 2048 --cols 2048 -o "$w/grid.mtx" >/dev/null
"$g/converter" -g21 -e "$w/k21.el" >/dev/null; "$g/converter" -g21 -b "$w/k21.sg" >/dev/null
"$g/converter" -g18 -e "$w/k18.el" >/dev/null; "$g/converter" -g18 -b "$w/k18.sg" >/dev/null
for round in 1 2; do for build in main new; do
  x=$bindir/hpgraph; [ $build = main ] && x=$bindir/hpgraph_main
  echo "== $build pagerank gap kron21"; timeout 60 $x pagerank "$w/k21.el" --variant gap --tol 1e-4 --repeat 5 --json | runs
  echo "== $build pagerank gap kron18"; timeout 60 $x pagerank "$w/k18.el" --variant gap --tol 1e-4 --repeat 5 --json | runs
  echo "== $build pagerank lagraph kron18 tol 1e-7"; timeout 60 $x pagerank "$w/k18.el" --tol 1e-7 --repeat 5 --json | runs
  echo "== $build pagerank lagraph grid tol 1e-7"; timeout 60 $x pagerank "$w/grid.mtx" --tol 1e-7 --repeat 3 --json | runs
  echo "== $build pagerank hpgraph kron18 tol 1e-4"; timeout 60 $x pagerank "$w/k18.el" --variant hpgraph --tol 1e-4 --repeat 5 --json | runs
done; done > $o/ab.txt 2>&1
cat $o/ab.txt
for x in ${HPG_CALL_KT:-kernel_trace kernel_trace_main}; do
  echo "== $x"
  timeout 60 $bindir/$x --untraced --timeline --variant lagraph --tol 1e-7 grid:2048x2048 pagerank pagerank-host 2>&1 | grep untraced
  timeout 60 $bindir/$x --untraced --timeline --variant gap --tol 1e-4 rmat:18 pagerank pagerank-host 2>&1 | grep untraced
done > $o/kt.txt
cat $o/kt.txt
timeout 90 $bindir/kernel_trace --variant lagraph --tol 1e-7 grid:2048x2048 pagerank pagerank-host > $o/trace-pagerank.txt 2>&1
grep -E "^==|untraced|memcpy|busy" $o/trace-pagerank.txt | head -30
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$g"
{ echo "== GAPBS pr kron21"; "$g/pr" -f "$w/k21.sg" -i 100 -t 1e-4 -n 5 | grep -E "Average|Iteration" | tail -2
echo "== GAPBS pr kron18"; "$g/pr" -f "$w/k18.sg" -i 100 -t 1e-4 -n 5 | grep -E "Average|Iteration" | tail -2
echo "== GAPBS pr grid"; "$g/pr" -f "$w/grid.mtx" -i 100 -t 1e-7 -n 3 | grep -E "Average|Iteration" | tail -2; } > $o/gapbs.txt 2>&1
cat $o/gapbs.txt
[ "${HPG_CALL_PEERS:-1}" = 1 ] || exit 0
OUT=$o/peers HPG_BUNDLE=$b HPG_PEERS_REPEAT=5 timeout 240 scripts/gpu-run.sh peers > $o/peers.txt 2>&1
echo "peers rc $?"
grep -E '^==|"run"|Average Time' $o/peers.txt | sed -E 's/"runs":\[[^]]*\],?//' | cut -c1-300
