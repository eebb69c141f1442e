#!/bin/bash
# Device call A2, the build after the review's fixes: call-a.sh again, then SSSP and BFS on the
# 2048 x 2048 grid through the hpgraph program (5 repeats each).
set -u
o=$OUT
bash bench/results/sssp-rounds-h200-2026-12-01/call-a.sh
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
w=$(mktemp -d)
$bindir/hpgraph generate grid --rows 2048 --cols 2048 --weights 1:255 -o $w/grid-w.mtx > /dev/null
$bindir/hpgraph generate grid --rows 2048 --cols 2048 -o $w/grid.mtx > /dev/null
{
  echo "== hpgraph sssp grid"; $bindir/hpgraph sssp $w/grid-w.mtx --source 0 --repeat 5 --json | grep -o '"run":[^]]*]'
  echo "== hpgraph bfs grid"; $bindir/hpgraph bfs $w/grid.mtx --source 0 --repeat 5 --json | grep -o '"run":[^]]*]'
} > $o/cli-grid.txt 2>&1
rm -rf $w
cat $o/cli-grid.txt
