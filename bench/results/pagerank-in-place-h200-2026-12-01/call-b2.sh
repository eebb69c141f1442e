#!/bin/bash
# Device call B2 (bundle .gpu-bundle-b, as for call-b.sh but hpgraph and kernel_trace built after
# pagerank.hpp put base into the sinks' Scalar by a reduce): call-b.sh's A/B, kernel_trace (this
# build only) and GAPBS pr; not the peers (BFS, SSSP and bench_latency: code they run did not
# change since B1). It ran as a copy of call-b.sh with those two parts cut; this is the same.
HPG_CALL_KT=kernel_trace HPG_CALL_PEERS=0 exec bash bench/results/pagerank-in-place-h200-2026-12-01/call-b.sh "$@"
