#!/bin/bash
# Device call C2 (the bundle of call C): the stream and thread-safety tests with their summary, and
# the enabled shut-stream test under memcheck.
set -u; o=$OUT; . scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
timeout 120 $bindir/hpgraph_tests --gtest_filter='Streams.*:*ThreadSafety*' > $o/threads.txt 2>&1; echo "threads rc $?"
grep -E "^\[  (PASSED|FAILED|SKIPPED) |tests? from .* ran" $o/threads.txt
timeout 300 compute-sanitizer --tool memcheck $bindir/hpgraph_tests --gtest_filter='Streams.AThreadOnItsOwnStream*' > $o/memcheck.txt 2>&1; echo "memcheck rc $?"; tail -4 $o/memcheck.txt
