#!/bin/bash
# Device call C (lean test bundle: hpgraph_tests): the shut-stream test split in two. With the
# BFS's levels run from the host (enabled), three times as a process's first GPU work; with a
# device loop (disabled: its end waits for the whole device), once; then the stream and
# thread-safety tests twice.
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
for k in 1 2 3; do
  timeout 100 $bindir/hpgraph_tests --gtest_filter='Streams.AThreadOnItsOwnStreamDoesNotWaitForAnothers' > $o/host-rounds-$k.txt 2>&1
  echo "host rounds, first GPU work, run $k: rc $? $(grep -o '([0-9]* ms total)' $o/host-rounds-$k.txt | tail -1)"
done
grep -v "^\[ RUN\|^\[       OK" $o/host-rounds-1.txt | tail -30
timeout 100 $bindir/hpgraph_tests --gtest_also_run_disabled_tests --gtest_filter='Streams.DISABLED_*' > $o/device-loop.txt 2>&1
echo "device loop, first GPU work: rc $?"; grep -c "cudaGraphExecDestroy" $o/device-loop.txt
for k in 1 2; do timeout 120 $bindir/hpgraph_tests --gtest_brief=1 --gtest_filter='Streams.*:*ThreadSafety*' 2>&1 | tail -2; done > $o/threads.txt
cat $o/threads.txt
