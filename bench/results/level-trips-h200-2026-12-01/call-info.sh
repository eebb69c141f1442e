#!/bin/bash
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
$bindir/hpgraph_tests --gtest_filter='Backend.*:DeviceLimitsGpu.AGraphTooBig*' 2>&1 | tail -8
$bindir/hpgraph info rmat:10 --json 2>&1 | cut -c1-400
