#!/bin/bash
# Device call KT: kernel_trace's --variant and its loop report (loop graphs launched, why a loop ran
# from the host), for PageRank as main has it (host loop) and with the 11-25 loop_while patch
# (.gpu-bundle-p3: kernel_trace_main, kernel_trace_loop), on the grid at lagraph 1e-7 and on
# rmat:18 at gap 1e-4; and BFS, whose loop is a graph.
set -u
o=$OUT; bin=$(mktemp -d)
for f in .gpu-bundle-p3/*.xz; do xz -dc $f > $bin/$(basename $f .xz); done; chmod +x $bin/*
cuda=$(dirname $(command -v nvcc || echo /usr/local/cuda/bin/nvcc))/..
export LD_LIBRARY_PATH=$cuda/lib64:$(dirname $(find $cuda/ -name 'libcupti.so.13' | head -1))
for x in main loop; do
  echo "== $x"
  timeout 60 $bin/kernel_trace_$x --untraced --variant lagraph --tol 1e-7 grid:2048x2048 pagerank pagerank-host bfs 2>&1 | grep untraced
  timeout 60 $bin/kernel_trace_$x --untraced --variant gap --tol 1e-4 rmat:18 pagerank pagerank-host 2>&1 | grep untraced
done | tee $o/kt.txt
timeout 30 $bin/kernel_trace_main --variant bogus 2>&1; echo "bogus rc $?"
