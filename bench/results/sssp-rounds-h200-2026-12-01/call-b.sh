#!/bin/bash
# Device call B: the CLI's tests and the 6 slowest (gpu-suite.sh rest).
set -u
o=$OUT
scripts/gpu-suite.sh rest .gpu-bundle $o/r > $o/rest.txt 2>&1
cat $o/rest.txt
cd $o && tar czf r.tgz r && rm -rf r
