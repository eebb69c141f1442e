#!/bin/bash
# Device call B: the CLI's tests and the 6 slowest (gpu-suite.sh rest); beside them, racecheck on
# every test of the latency kernels' suites, a process a test.
set -u
o=$OUT
r=bench/results/backend-names-h200-2026-11-30
scripts/gpu-suite.sh rest .gpu-bundle $o/r > $o/rest.txt 2>&1 &
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
export bindir
timeout 500 $r/sanitize-sweep.sh racecheck 3 $o/rc > $o/racecheck-summary.txt 2>&1
wait
cat $o/rest.txt $o/racecheck-summary.txt
cd $o && tar czf r.tgz r rc && rm -rf r rc
