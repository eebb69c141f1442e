#!/bin/bash
# The coop-in-WHILE probe and a held-list loop test under racecheck with and without blocking
# launches (gpu-run.sh sanitize sets CUDA_LAUNCH_BLOCKING=1 for racecheck), and the probe under
# memcheck alone on the GPU.
set -u
o=$OUT; p=.gpu-bundle-probe
(cd $p && nvcc -O2 -arch=sm_90 -o rcg rcg.cu) > $o/c.txt 2>&1
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
T=$bindir/hpgraph_tests
{
for lb in 0 1; do
  echo "== CUDA_LAUNCH_BLOCKING=$lb"
  CUDA_LAUNCH_BLOCKING=$lb timeout 60 compute-sanitizer --tool racecheck $p/rcg 64 coop 2>&1 | grep -E "graph variant|SUMMARY|Error|malloc" ; echo "probe rc ${PIPESTATUS[0]}"
  for t in LoopGpu.AHeldListStepAssignsWhatItLists LoopGpu.AMapOfAPushedListIsDoneByTheListStep; do
    CUDA_LAUNCH_BLOCKING=$lb timeout 120 compute-sanitizer --tool racecheck $T --gtest_filter=$t > $o/x.log 2>&1; echo "$t rc $? $(grep -h 'RACECHECK SUMMARY\|PASSED' $o/x.log | tr '\n' ' ')"
  done
done
echo "== memcheck, the probe alone"
for k in 1 2 3; do timeout 60 compute-sanitizer --tool memcheck $p/rcg 64 coop 2>&1 | grep -E "graph variant|ERROR SUMMARY|illegal" | head -3; done
} >> $o/c.txt 2>&1
rm -f $o/x.log
cat $o/c.txt
