#!/bin/bash
# Device call R (bundle: bench_primitives, bench_spmv and hpgraph of this build, and as old/ those of
# 0ee840f, the commit before issue 24's first change): issue 24's "no primitive slower than
# before by more than run-to-run noise". Old and new alternate, twice each, on rmat-21, rmat-22,
# urand-22 and the 2048 x 2048 grid: hpg's BFS, SSSP, PageRank and TC (bench_primitives, the
# /hpg/ rows), and mxv beside cuSPARSE (bench_spmv). compare.py makes the table.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
old=$(mktemp -d); cp .gpu-bundle/old/*.xz $old/ && xz -d $old/*.xz && chmod +x $old/*
export HPG_BENCH_GRAPHS="rmat:21 rmat:22 urand:22 grid:2048x2048"
mkdir -p $o/r
run() {  # name folder program filter
  timeout 150 $2/$3 --benchmark_filter="$4" --benchmark_out=$o/r/$1.json --benchmark_out_format=json > $o/r/$1.log 2>&1
  echo "$1 rc $?"
}
for k in 1 2; do
  run prim-old$k $old bench_primitives /hpg/
  run prim-new$k $bindir bench_primitives /hpg/
done
for k in 1 2; do
  run spmv-old$k $old bench_spmv 'spmv/(mxv|cusparse)/'
  run spmv-new$k $bindir bench_spmv 'spmv/(mxv|cusparse)/'
done
# For issue 25's TC default: the hpgraph program's two TC methods on the same graphs.
for g in rmat:21 rmat:22 urand:22 grid:2048x2048; do
  for m in lut spmv; do printf "%s %s " $g $m; timeout 90 $bindir/hpgraph tc $g --method $m --repeat 3 --json 2>&1 | tr '\n' ' ' | cut -c1-700; echo; done
done > $o/tc-methods.txt
cat $o/tc-methods.txt | cut -c1-300
python3 bench/results/issue24-h200-2026-12-01/compare.py $o/r > $o/compare.md 2>&1; cat $o/compare.md
cd $o && tar czf r.tgz r && rm -rf r
