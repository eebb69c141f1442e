#!/bin/bash
# Device call B2 (bench bundle, .gpu-bundle-b): call B found TC (lut) on rmat-21 5% slower than the
# old build, beyond its two runs' spread; four more alternating runs of old and new on the TC rows.
set -u; o=$OUT; . scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-b
old=$(mktemp -d); cp .gpu-bundle-b/old/bench_primitives.xz $old/ && xz -d $old/*.xz && chmod +x $old/*
export HPG_BENCH_GRAPHS="rmat:21 urand:22"; mkdir -p $o/r
for k in 1 2 3 4; do for w in old new; do d=$old; [ $w = new ] && d=$bindir
  timeout 60 $d/bench_primitives --benchmark_filter='tc/hpg/' --benchmark_out=$o/r/$w$k.json --benchmark_out_format=json > /dev/null 2>&1; echo "$w$k rc $?"
  python3 -c "
import json
for b in json.load(open('$o/r/$w$k.json'))['benchmarks']: print('  ', b['name'], round(b.get('ms', b.get('counters',{}).get('ms',0)),1))"
done; done; cd $o && tar czf r.tgz r && rm -rf r
