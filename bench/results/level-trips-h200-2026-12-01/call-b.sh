#!/bin/bash
# Device call B: ../host-round-h200-2026-12-01/call-b.sh as it is (its bundle .gpu-bundle-b, here
# made from d122121), which this call ran.
exec bash bench/results/host-round-h200-2026-12-01/call-b.sh "$@"
