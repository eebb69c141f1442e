#!/usr/bin/env bash
# Builds HPGraph with its tests and runs the whole suite under ctest; runs the host suite built
# with AddressSanitizer and UndefinedBehaviorSanitizer (scripts/sanitize.sh; HPG_SANITIZE=0 skips
# it; where a CUDA build has no GPU, that is the test program's one run: see below); then fuzzes
# the graph readers and the argument parsing for a bounded time (scripts/fuzz.sh;
# HPG_FUZZ_SECONDS per target, default 60; 0 skips it). Works from any directory; safe to run
# again.
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/setup.sh"

build="$HPG_ROOT/build"
# The test program is built here where it runs something the sanitized host build below does not:
# the GPU tests, on a machine with a GPU (or with HPG_CUDA_TESTS=1, to compile them anyway). A CUDA
# build without a GPU compiles the library, the program and the consumer projects with nvcc and
# leaves the test program to scripts/sanitize.sh, which runs it for the host backend under ASan and
# UBSan: compiling its GPU tests here, to skip them, was 74 of the 2-core CI's ~125 CPU-minutes
# (bench/results/build-time-2026-11-29/, ci-time-2026-12-02/). With HPG_SANITIZE=0 it is built here.
test_program=ON
if [ "$HPG_CUDA" = ON ] && [ "${HPG_SANITIZE:-1}" != 0 ] && [ "${HPG_CUDA_TESTS:-0}" != 1 ] &&
  ! { command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; }; then
  test_program=OFF
  echo "test: no GPU here: the test program runs for the host backend in the sanitized build (HPG_CUDA_TESTS=1 builds its GPU tests too)" >&2
fi
cmake -S "$HPG_ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPG_CUDA="$HPG_CUDA" -DHPG_BUILD_TESTS=ON \
  -DHPG_TEST_PROGRAM="$test_program" >/dev/null
cmake --build "$build" -j"$HPG_JOBS"
cd "$build"
ctest --output-on-failure -j"$HPG_JOBS"

if [ "${HPG_SANITIZE:-1}" != 0 ]; then "$HPG_ROOT/scripts/sanitize.sh"; fi

fuzz_seconds="${HPG_FUZZ_SECONDS:-60}"
if [ "$fuzz_seconds" -gt 0 ]; then "$HPG_ROOT/scripts/fuzz.sh" "$fuzz_seconds"; fi
