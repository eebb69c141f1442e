#!/bin/bash
# Device call T3, after Streams.AScopeInALoopBodyRunsTheLoopFromTheHost set the loop's capture
# rule to "whatever the rounds took" (in call T1 the suite's 8 processes at once made the rounds
# slow enough for the loop to stay on the host for that reason, not the scope): the stream tests 3
# times while 4 processes of the loop tests load the GPU, then once alone.
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
for k in 1 2 3 4; do timeout 120 $bindir/hpgraph_tests --gtest_brief=1 --gtest_filter='LoopGpu.*' > $o/load-$k.txt 2>&1 & done
for k in 1 2 3; do timeout 120 $bindir/hpgraph_tests --gtest_brief=1 --gtest_filter='Streams.*' 2>&1 | tail -3; done > $o/streams-loaded.txt
wait
timeout 120 $bindir/hpgraph_tests --gtest_filter='Streams.*' > $o/streams-alone.txt 2>&1
cat $o/streams-loaded.txt; grep -E "OK|FAILED|PASSED" $o/streams-alone.txt; tail -1 $o/load-*.txt
