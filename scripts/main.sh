#!/usr/bin/env bash
# The main job: builds the hpgraph program and runs the four primitives (BFS, SSSP, PageRank,
# triangle counting) on a bundled real graph and on a generated RMAT graph, each checked against
# SuiteSparse:GraphBLAS on the CPU, and prints one table. Without a GPU it runs on the host
# backend and says so. Works from any directory; safe to run again.
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/setup.sh"

build="$HPG_ROOT/build"
cmake -S "$HPG_ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPG_CUDA="$HPG_CUDA" >/dev/null
cmake --build "$build" -j"$HPG_JOBS" --target hpgraph_cli
hpgraph="$build/hpgraph"

"$HPG_ROOT/scripts/primitives-table.sh" "$hpgraph"
