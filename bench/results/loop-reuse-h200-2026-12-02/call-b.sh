#!/bin/bash
# Device call B (bench bundle, .gpu-bundle-b: bench_spmv, bench_primitives, bench_scale, hpgraph):
# the benchmark report's first part (scripts/bench.sh through gpu-run.sh report): SpMV beside
# cuSPARSE on every graph, and the primitives beside SuiteSparse on RMAT 18-22, urand-22, the
# 2048 x 2048 grid and the shared data set's graphs. The raw results are part 1 of the report
# named h200-2026-12-02; call C adds RMAT 23-24's primitives and the sweep.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
mkdir -p .gpu-bundle && cp .gpu-bundle-b/COMMIT .gpu-bundle/ 2>/dev/null  # bench.sh reads the commit there
t0=$SECONDS
OUT=$o/p HPG_BUNDLE=.gpu-bundle-b HPG_BENCH_PART=1 HPG_BENCH_NAME=h200-2026-12-02 HPG_REPORT_ARGS="spmv primitives report" \
  HPG_PRIMITIVE_GRAPHS="rmat:18 rmat:19 rmat:20 rmat:21 rmat:22 urand:22 grid:2048x2048 @real" \
  timeout 560 scripts/gpu-run.sh report > $o/report.txt 2>&1
echo "report rc $? $((SECONDS - t0)) s"
tail -40 $o/report.txt
ls -R $o/p | head -30
