#!/bin/bash
# Device call T (lean test bundle: hpgraph_tests and hpgraph): the stream test that holds a stream
# shut, 3 times as a process's first GPU work (it failed so before the pool stopped making one
# stream wait for another); the thread-safety and stream tests twice; then the GPU suite but the
# CLI's and the 6 slowest (gpu-suite.sh main), with memcheck on what this change touched.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
t=$bindir/hpgraph_tests
for k in 1 2 3; do timeout 80 $t --gtest_brief=1 --gtest_filter='Streams.AThreadOnItsOwnStream*' 2>&1 | tail -2 | tr '\n' ' '; echo; done > $o/shut-first.txt
cat $o/shut-first.txt
for k in 1 2; do timeout 90 $t --gtest_brief=1 --gtest_filter='*ThreadSafety*:Streams.*' 2>&1 | tail -1; done > $o/threads.txt
sort $o/threads.txt | uniq -c
timeout 470 scripts/gpu-suite.sh main .gpu-bundle $o/s "Streams.AScopes*:Streams.AScopeIn*:JumbledGpu.Wait*:ScalarGpu.Wait*:LoopGpu.Bfs*" > $o/main.txt 2>&1
echo "suite rc $?"
cat $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
