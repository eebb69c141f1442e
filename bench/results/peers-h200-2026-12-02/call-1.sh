#!/bin/bash
# Device call 1 (bundle .gpu-bundle-r: hpgraph, bench_spmv, GAPBS in peers/), main at 8fd2d2c:
# the report's new peer step on GAP's kron-21 and the 2048 x 2048 grid, and bench_spmv on rmat-18 alone for the
# copy bandwidth its context measures (the peer table's one-pass yardstick).
set -u; o=$OUT; nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
OUT=$o/p HPG_BUNDLE=.gpu-bundle-r HPG_BENCH_PART=1 HPG_BENCH_NAME=h200-peers-2026-12-02 HPG_SPMV_GRAPHS=rmat:18 \
  HPG_PEER_GRAPHS="kron:21 grid:2048x2048" HPG_REPORT_ARGS="spmv peers report" timeout 570 scripts/gpu-run.sh report > $o/report.txt 2>&1
echo "rc $?"; tail -60 $o/report.txt; cp $o/p/report.tar.gz $o/ 2>/dev/null; cp $o/p/*.md $o/ 2>/dev/null; rm -rf $o/p
