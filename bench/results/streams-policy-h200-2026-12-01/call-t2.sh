#!/bin/bash
# Device call T2: the CLI's tests and the 6 slowest (gpu-suite.sh rest); the stream tests and the
# thread-safety tests 5 times each (threads on their own streams, and on the library's).
set -u
o=$OUT
scripts/gpu-suite.sh rest .gpu-bundle $o/r > $o/rest.txt 2>&1
cat $o/rest.txt
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
for k in $(seq 5); do timeout 120 $bindir/hpgraph_tests --gtest_brief=1 --gtest_filter='*ThreadSafety*:Streams.*' 2>&1 | tail -1; done > $o/threads5.txt
sort $o/threads5.txt | uniq -c
cd $o && tar czf r.tgz r && rm -rf r
