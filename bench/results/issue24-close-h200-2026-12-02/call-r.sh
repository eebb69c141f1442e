#!/bin/bash
# Device call R (lean test bundle): the CLI's tests and the 6 slowest parity tests (gpu-suite.sh rest).
set -u; o=$OUT; timeout 500 scripts/gpu-suite.sh rest .gpu-bundle-t $o/r > $o/rest.txt 2>&1; echo "rc $?"; tail -30 $o/rest.txt; cd $o && tar czf r.tgz r && rm -rf r
