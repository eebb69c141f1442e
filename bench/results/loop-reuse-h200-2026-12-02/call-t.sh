#!/bin/bash
# Device call T (test bundle .gpu-bundle-t, rebuilt with the stream test's mend): the device-loop
# shut-stream test failed once in call A's suite, its BFS left on the host because its first
# rounds were slow beside 7 other test processes. The test now captures however slow they are.
# Here it runs 4 times while 7 other processes load the GPU with loop and parity tests, then 2
# times alone.
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-t
for k in 1 2 3 4 5 6 7; do
  timeout 150 $bindir/hpgraph_tests --gtest_filter='LoopGpu.*:Backends/ParityVxm.*:Backends/ParityMxv.*' > $o/load-$k.log 2>&1 &
done
sleep 5
for k in 1 2 3 4; do
  timeout 60 $bindir/hpgraph_tests --gtest_filter='Streams.*Stream*' > $o/busy-$k.log 2>&1; echo "busy $k rc $?"
  grep -E "^\[  (PASSED|FAILED|SKIPPED) |Failure|declined|meant" $o/busy-$k.log | head -8
done
wait
for k in 1 2; do
  timeout 60 $bindir/hpgraph_tests --gtest_filter='Streams.ADeviceLoop*' > $o/alone-$k.log 2>&1; echo "alone $k rc $?"; tail -1 $o/alone-$k.log
done
grep -h "^\[  \(PASSED\|FAILED\) " $o/load-*.log | sort | uniq -c
cd $o && tar czf t.tgz *.log && rm -f *.log
