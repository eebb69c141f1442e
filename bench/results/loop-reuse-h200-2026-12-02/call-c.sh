#!/bin/bash
# Device call C (bench bundle): the report's second part, RMAT 23-24's primitives beside
# SuiteSparse, after the sweep (BFS and PageRank on RMAT 22..26 until a scale does not fit).
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
mkdir -p .gpu-bundle && cp .gpu-bundle-b/COMMIT .gpu-bundle/ 2>/dev/null  # bench.sh reads the commit there
t0=$SECONDS
OUT=$o/p HPG_BUNDLE=.gpu-bundle-b HPG_BENCH_PART=2 HPG_BENCH_NAME=h200-2026-12-02 HPG_REPORT_ARGS="sweep primitives report" \
  HPG_PRIMITIVE_GRAPHS="rmat:23 rmat:24" timeout 500 scripts/gpu-run.sh report > $o/report.txt 2>&1
echo "report rc $? $((SECONDS - t0)) s"
tail -40 $o/report.txt
ls -R $o/p | head -30
cd $o && tar czf p.tgz p && rm -rf p  # a cut-off run leaves its raw results unpacked
