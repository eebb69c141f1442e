#!/bin/bash
# Device call C: SSSP and BFS on the 2048 x 2048 grid, kernel by kernel (kernel_trace: SSSP with
# its rounds in one launch and a launch a round, whose kernel counts say the rounds), three times
# untraced; the hpgraph program's BFS and SSSP on the grid beside GAPBS's on this machine's cores,
# same graph file and source; BFS on kron-21 beside GAPBS.
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle ${B:-.gpu-bundle}
xz -dc .gpu-bundle-kt/kernel_trace.xz > $bindir/kernel_trace && chmod +x $bindir/kernel_trace
timeout 120 $bindir/kernel_trace grid:2048x2048 sssp sssp-launches > $o/trace-sssp.txt 2>&1; echo "trace rc $?" >> $o/trace-sssp.txt
for k in 1 2 3; do for w in sssp sssp-launches bfs bfs-host; do
  printf "%s %s " $k $w; timeout 60 $bindir/kernel_trace --untraced grid:2048x2048 $w 2>&1 | grep untraced | tr '\n' ' '; echo
done; done > $o/kernel-trace.txt
g=${B:-.gpu-bundle}/peers
export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$g"
w=$(mktemp -d)
$bindir/hpgraph generate grid --rows 2048 --cols 2048 -o $w/grid.mtx > /dev/null
$bindir/hpgraph generate grid --rows 2048 --cols 2048 --weights 1:255 -o $w/grid-w.mtx > /dev/null
$g/converter -g21 -e $w/k.el > /dev/null && $g/converter -g21 -b $w/k.sg > /dev/null
{
  for k in 1 2; do
    echo "== hpgraph sssp grid"; $bindir/hpgraph sssp $w/grid-w.mtx --source 0 --repeat 5 --json | grep -o '"run":[^]]*]'
    echo "== GAPBS sssp grid (delta 255)"; $g/sssp -f $w/grid-w.mtx -r 0 -n 5 -d 255 | grep -E "Average"
    echo "== hpgraph bfs grid"; $bindir/hpgraph bfs $w/grid.mtx --source 0 --repeat 5 --json | grep -o '"run":[^]]*]'
    echo "== GAPBS bfs grid"; $g/bfs -f $w/grid.mtx -r 0 -n 5 | grep -E "Average"
    echo "== hpgraph bfs kron21"; $bindir/hpgraph bfs $w/k.el --source 972982 --repeat 5 --json | grep -o '"run":[^]]*]'
    echo "== GAPBS bfs kron21"; $g/bfs -f $w/k.sg -r 972982 -n 5 | grep Average
  done
} > $o/peers.txt 2>&1
rm -rf $w
grep -E "^==|us/round|rounds" $o/trace-sssp.txt | head -60
cat $o/kernel-trace.txt $o/peers.txt
