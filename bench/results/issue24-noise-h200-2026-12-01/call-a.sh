#!/bin/bash
# Device call A (lean test bundle, .gpu-bundle): the disabled shut-stream test, now watched (a plain
# thread whose work and whose exit are seen apart, its stack dumped if it has not ended in 12 s),
# twice as a process's first GPU work; then the GPU suite but the CLI's and the 6 slowest
# (gpu-suite.sh main) with memcheck on the stream, wait() and scalar tests.
set -u
o=$OUT
nvidia-smi --query-gpu=name,driver_version --format=csv > $o/gpu.txt
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
for k in 1 2; do
  timeout 100 $bindir/hpgraph_tests --gtest_also_run_disabled_tests --gtest_filter='Streams.DISABLED_*' > $o/shut-$k.txt 2>&1
  echo "rc $?" >> $o/shut-$k.txt
done
grep -v "^\[ RUN\|^\[       OK" $o/shut-1.txt | tail -45
tail -3 $o/shut-2.txt
timeout 480 scripts/gpu-suite.sh main .gpu-bundle $o/s "Streams.*:ScalarGpu.Wait*:JumbledGpu.Wait*" > $o/main.txt 2>&1
echo "suite rc $?"
cat $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
