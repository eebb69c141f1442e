#!/bin/bash
# Device call S (bench bundle .gpu-bundle-s: this build's bench_spmv, and as old/ that of 0ee840f,
# the commit before the front-end/backend work began): the report (calls B, C) showed the HYB kernel on
# rmat-19 and rmat-20 slower than in the H200 report of 2026-11-22 (0.103 -> 0.139 ms, 0.190 ->
# 0.232) with the gather floor unchanged. Old and new alternate, twice each, in one call.
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-s
old=$(mktemp -d); cp .gpu-bundle-s/old/*.xz $old/ && xz -d $old/*.xz && chmod +x $old/*
export HPG_BENCH_GRAPHS="rmat:19 rmat:20 urand:22"
end=$((SECONDS + 170))
for k in 1 2; do
  for v in old new; do
    [ $((end - SECONDS)) -gt 25 ] || { echo "$v$k skipped"; continue; }
    p=$bindir/bench_spmv; [ $v = old ] && p=$old/bench_spmv
    timeout 60 $p --benchmark_filter='spmv/(mxv|kernel|cusparse)/' --benchmark_out=$o/$v$k.json --benchmark_out_format=json > $o/$v$k.log 2>&1
    echo "$v$k rc $?"
    grep -E "^spmv/(mxv|kernel|cusparse)/" $o/$v$k.log | awk '{print $1, $2, $3}'
  done
done
