#!/bin/bash
# Device call 2 (bundle .gpu-bundle-r: hpgraph, bench_spmv, GAPBS in peers/), main at 8fd2d2c:
# the report's new peer step on GAP's kron-22 and urand-22 (the copy bandwidth is call 1's).
set -u; o=$OUT; nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
OUT=$o/p HPG_BUNDLE=.gpu-bundle-r HPG_BENCH_PART=2 HPG_BENCH_NAME=h200-peers-2026-12-02 \
  HPG_PEER_GRAPHS="kron:22 urand:22" HPG_REPORT_ARGS="peers report" timeout 570 scripts/gpu-run.sh report > $o/report.txt 2>&1
echo "rc $?"; tail -60 $o/report.txt; cp $o/p/report.tar.gz $o/ 2>/dev/null; cp $o/p/*.md $o/ 2>/dev/null; rm -rf $o/p
