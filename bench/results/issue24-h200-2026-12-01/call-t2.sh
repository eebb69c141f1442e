#!/bin/bash
# Device call T2 (lean test bundle, the shut-stream test disabled again): the GPU suite but the
# CLI's and the 6 slowest (gpu-suite.sh main), memcheck on the tests of wait() and the scopes.
set -u
o=$OUT
timeout 540 scripts/gpu-suite.sh main .gpu-bundle $o/s "JumbledGpu.Wait*:ScalarGpu.Wait*:Streams.AScopes*" > $o/main.txt 2>&1
echo "suite rc $?"
cat $o/main.txt
cd $o && tar czf s.tgz s && rm -rf s
