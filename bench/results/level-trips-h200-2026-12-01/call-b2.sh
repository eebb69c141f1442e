#!/bin/bash
# Device call B2: more processes of the host-loop BFS (kernel_trace --untraced bfs-host) from the
# bench bundle: 8 as they fall, then 4 each pinned to one core (taskset) to see whether where the
# process runs sets its spread.
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-b
nproc > $o/cpus.txt; lscpu 2>/dev/null | grep -E "Model name|NUMA|Socket|Core" >> $o/cpus.txt
for k in 1 2 3 4 5 6 7 8; do printf "free %s " $k; timeout 60 $bindir/kernel_trace --untraced grid:2048x2048 bfs-host 2>&1 | grep untraced; done > $o/more.txt
for c in 2 9; do for k in 1 2 3 4; do printf "cpu%s %s " $c $k; timeout 60 taskset -c $c $bindir/kernel_trace --untraced grid:2048x2048 bfs-host 2>&1 | grep untraced; done; done >> $o/more.txt
cat $o/more.txt $o/cpus.txt
