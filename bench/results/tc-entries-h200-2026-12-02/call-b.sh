#!/bin/bash
# Device call B (the same bundle, with GAPBS under peers/): the CLI's tests and the 6 slowest
# parity tests (gpu-suite.sh rest); then TC and BFS on kron-21 beside GAPBS's tc and bfs on the
# same graph (converter -g21) and source, and Nsight Compute's per-kernel summary of TC.
set -u
o=$OUT
timeout 330 scripts/gpu-suite.sh rest .gpu-bundle-t $o/r > $o/rest.txt 2>&1
echo "rest rc $?"; tail -12 $o/rest.txt
cd $o && tar czf r.tgz r && rm -rf r && cd - > /dev/null
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-t
w=$(mktemp -d); P=.gpu-bundle-t/peers
export LD_LIBRARY_PATH=$P:${LD_LIBRARY_PATH:-}
$P/converter -g21 -e $w/kron21.el > /dev/null
$P/converter -g21 -b $w/kron21.sg > /dev/null
$bindir/hpgraph convert $w/kron21.el $w/kron21.hpgb > /dev/null; rm $w/kron21.el; ls -la $w
$bindir/hpgraph tc $w/kron21.hpgb --repeat 3 > $o/tc.txt 2>&1; cat $o/tc.txt
$P/tc -f $w/kron21.sg -n 3 > $o/gapbs-tc.txt 2>&1; tail -4 $o/gapbs-tc.txt
$bindir/hpgraph bfs $w/kron21.hpgb --source 972982 --repeat 5 > $o/bfs.txt 2>&1; tail -3 $o/bfs.txt
$P/bfs -f $w/kron21.sg -r 972982 -n 16 > $o/gapbs-bfs.txt 2>&1; tail -2 $o/gapbs-bfs.txt
timeout 150 ncu --clock-control none --print-summary per-kernel $bindir/hpgraph tc $w/kron21.hpgb > $o/ncu-tc.txt 2>&1; echo "ncu tc rc $?"
grep -E "^  [a-zA-Z_].*\(|Duration" $o/ncu-tc.txt | sed -E 's/\(([^()]|\([^()]*\))*\) \(/ (/' | head -80
