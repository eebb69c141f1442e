#!/bin/bash
# Device call B (the same bundle, plus GAPBS's converter for kron-21): the CLI's tests and the 6
# slowest parity tests (gpu-suite.sh rest); then Nsight Compute's per-kernel summary of TC (spmv,
# the default) and BFS on kron-21, to see where their time goes (issue 25 items 1 and 4).
set -u
o=$OUT
timeout 330 scripts/gpu-suite.sh rest .gpu-bundle-t $o/r > $o/rest.txt 2>&1
echo "rest rc $?"; tail -12 $o/rest.txt
cd $o && tar czf r.tgz r && rm -rf r && cd - > /dev/null
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-t
w=$(mktemp -d)
LD_LIBRARY_PATH=.gpu-bundle-t/peers:${LD_LIBRARY_PATH:-} .gpu-bundle-t/peers/converter -g21 -e $w/kron21.el > /dev/null
$bindir/hpgraph convert $w/kron21.el $w/kron21.hpgb > /dev/null; ls -la $w
$bindir/hpgraph tc $w/kron21.hpgb --repeat 3 > $o/tc.txt 2>&1; cat $o/tc.txt
$bindir/hpgraph bfs $w/kron21.hpgb --source 972982 --repeat 5 > $o/bfs.txt 2>&1; tail -3 $o/bfs.txt
timeout 150 ncu --clock-control none --print-summary per-kernel $bindir/hpgraph tc $w/kron21.hpgb > $o/ncu-tc.txt 2>&1; echo "ncu tc rc $?"
timeout 100 ncu --clock-control none --print-summary per-kernel $bindir/hpgraph bfs $w/kron21.hpgb --source 972982 > $o/ncu-bfs.txt 2>&1; echo "ncu bfs rc $?"
grep -E "^  [a-zA-Z_].*\(|Duration" $o/ncu-tc.txt | head -80
