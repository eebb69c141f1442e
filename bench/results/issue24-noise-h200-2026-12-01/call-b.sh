#!/bin/bash
# Device call B (bench bundle, .gpu-bundle-b: bench_primitives, bench_spmv and hpgraph of this
# build; as old/ those of 0ee840f, the commit before issue 24's first change): issue 24's "no
# primitive slower than before by more than run-to-run noise". Old and new alternate, twice each,
# on rmat-21, rmat-22, urand-22 and the 2048 x 2048 grid: hpg's BFS, SSSP, PageRank and TC
# (bench_primitives, the /hpg/ rows), then mxv beside cuSPARSE (bench_spmv), then the hpgraph
# program's two TC methods (issue 25's TC default). Each step runs only while the call has time
# for it (550 s); compare.py makes the table of what ran.
set -u
o=$OUT
end=$((SECONDS + 550))
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-b
old=$(mktemp -d); cp .gpu-bundle-b/old/*.xz $old/ && xz -d $old/*.xz && chmod +x $old/*
export HPG_BENCH_GRAPHS="rmat:21 rmat:22 urand:22 grid:2048x2048"
mkdir -p $o/r
run() {  # name folder program filter
  local left=$((end - SECONDS))
  [ $left -gt 30 ] || { echo "$1 skipped: $left s left"; return; }
  local t0=$SECONDS
  timeout $((left < 150 ? left : 150)) $2/$3 --benchmark_filter="$4" --benchmark_out=$o/r/$1.json --benchmark_out_format=json > $o/r/$1.log 2>&1
  echo "$1 rc $? $((SECONDS - t0)) s"
}
for k in 1 2; do
  run prim-old$k $old bench_primitives /hpg/
  run prim-new$k $bindir bench_primitives /hpg/
done
for k in 1 2; do
  run spmv-old$k $old bench_spmv 'spmv/(mxv|cusparse)/'
  run spmv-new$k $bindir bench_spmv 'spmv/(mxv|cusparse)/'
done
for g in rmat:21 rmat:22 urand:22 grid:2048x2048; do
  for m in lut spmv; do
    [ $((end - SECONDS)) -gt 40 ] || continue
    printf "%s %s " $g $m; timeout 60 $bindir/hpgraph tc $g --method $m --repeat 3 --json 2>&1 | tr '\n' ' ' | cut -c1-900; echo
  done
done > $o/tc-methods.txt
cut -c1-300 $o/tc-methods.txt
python3 bench/results/issue24-h200-2026-12-01/compare.py $o/r > $o/compare.md 2>&1; cat $o/compare.md
cd $o && tar czf r.tgz r && rm -rf r
