#!/usr/bin/env bash
# Builds HPGraph with its tests and runs the whole suite under ctest; runs the host suite again
# built with AddressSanitizer and UndefinedBehaviorSanitizer (scripts/sanitize.sh; HPG_SANITIZE=0
# skips it); then fuzzes the graph readers and the argument parsing for a bounded time
# (scripts/fuzz.sh; HPG_FUZZ_SECONDS per target, default 60; 0 skips it). Works from any
# directory; safe to run again. GPU tests skip themselves where there is no GPU.
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/setup.sh"

build="$HPG_ROOT/build"
cmake -S "$HPG_ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPG_CUDA="$HPG_CUDA" -DHPG_BUILD_TESTS=ON >/dev/null
cmake --build "$build" -j"$HPG_JOBS"
cd "$build"
ctest --output-on-failure -j"$HPG_JOBS"

if [ "${HPG_SANITIZE:-1}" != 0 ]; then "$HPG_ROOT/scripts/sanitize.sh"; fi

fuzz_seconds="${HPG_FUZZ_SECONDS:-60}"
if [ "$fuzz_seconds" -gt 0 ]; then "$HPG_ROOT/scripts/fuzz.sh" "$fuzz_seconds"; fi
