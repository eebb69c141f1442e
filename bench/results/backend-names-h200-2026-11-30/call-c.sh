#!/bin/bash
# Device call C: synccheck on the same tests; the SSSP round probe (three launch shapes); the
# library's loops with kernel_trace.
set -u
o=$OUT
r=bench/results/backend-names-h200-2026-11-30
p=bench/results/sssp-round-probe-h200-2026-11-30
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
export bindir
# The slow parity case that call B's 480 s cut (it shared the GPU with racecheck there), alone.
(timeout 400 $bindir/hpgraph_tests --gtest_filter=Backends/ParityMxm.Mxm/cuda > $o/mxm.log 2>&1; echo "ParityMxm.Mxm/cuda rc $?" >> $o/mxm.log) &
(nvcc -O3 -arch=sm_90 -std=c++17 -Xptxas -v -o $o/probe $p/sssp_round_probe.cu > $o/probe-build.txt 2>&1) &
timeout 300 $r/sanitize-sweep.sh synccheck 4 $o/sc > $o/synccheck-summary.txt 2>&1
wait
timeout 120 $o/probe 2048 5 > $o/probe.txt 2>&1; echo "probe rc $?" >> $o/probe.txt
rm -f $o/probe
xz -dc .gpu-bundle-kt/kernel_trace.xz > $bindir/kernel_trace && chmod +x $bindir/kernel_trace
for k in 1 2 3; do for w in bfs bfs-host sssp; do
  printf "%s %s " $k $w; timeout 60 $bindir/kernel_trace --untraced grid:2048x2048 $w 2>&1 | grep untraced | tr '\n' ' '; echo
done; done > $o/kernel-trace.txt
tail -3 $o/mxm.log; cat $o/synccheck-summary.txt $o/probe.txt $o/kernel-trace.txt
cd $o && tar czf sc.tgz sc && rm -rf sc
