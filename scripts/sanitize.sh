#!/usr/bin/env bash
# Builds the host test suite (HPG_CUDA=OFF, SuiteSparse parity tests included) with clang,
# AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer, and runs it under ctest.
# Any sanitizer report fails its test: UBSan aborts at the first finding
# (-fno-sanitize-recover=all), ASan and LSan (at exit, SuiteSparse's allocations included) exit
# non-zero. Nothing is suppressed.
#   usage: scripts/sanitize.sh [ctest arguments, e.g. -R Parity]
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/setup.sh"
hpg_install clang libclang-rt-14-dev

build="$HPG_ROOT/build-sanitize"
# -O1: fast enough to run the suite; -gline-tables-only: file:line in reports at a fraction of -g's
# compile time.
flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -O1 -gline-tables-only"
CC=clang CXX=clang++ cmake -S "$HPG_ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None -DHPG_CUDA=OFF -DHPG_BUILD_TESTS=ON \
  -DHPG_BUILD_FUZZERS=OFF -DCMAKE_CXX_FLAGS="$flags" >/dev/null
cmake --build "$build" -j"$HPG_JOBS"

export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
cd "$build"
# The installed-package test builds a separate consumer project without these flags, which cannot
# link a sanitized library: it runs in the ordinary build (scripts/test.sh).
ctest --output-on-failure -j"$HPG_JOBS" -E '^InstalledPackage\.' "$@"
