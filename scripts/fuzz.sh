#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer (host backend), and runs each for a bounded time on a seed corpus:
# tests/fuzz/corpus plus the small graph files of the shared data set. Fails on any crash, hang
# (10 s per input), leak or sanitizer report; the input that caused it is kept in
# build-fuzz/findings/<target>/ (turn it into a regression test in tests/test_io_errors.cpp).
#   usage: scripts/fuzz.sh [SECONDS per target, default 60] [TARGET...]
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/setup.sh"
hpg_install clang libclang-rt-14-dev

seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_read_matrix_market fuzz_read_edge_list fuzz_read_dimacs fuzz_read_binary fuzz_cli_args)

build="$HPG_ROOT/build-fuzz"
flags="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
CC=clang CXX=clang++ cmake -S "$HPG_ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DHPG_CUDA=OFF -DHPG_BUILD_TESTS=OFF \
  -DHPG_WITH_SUITESPARSE=OFF -DHPG_BUILD_FUZZERS=ON -DCMAKE_CXX_FLAGS="$flags" >/dev/null
cmake --build "$build" -j"$HPG_JOBS" --target "${targets[@]}"

# The seed corpus: the committed seeds and every shared-data graph under 64 KiB.
seeds="$build/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"
cp "$HPG_ROOT"/tests/fuzz/corpus/* "$seeds/"
if [ -d "$HPG_ROOT/../shared/data" ]; then
  find "$HPG_ROOT/../shared/data" -type f -size -64k \( -name '*.mtx' -o -name '*.gz' -o -name '*.txt' -o -name '*.csv' \) \
    -exec cp -t "$seeds" {} +
fi
cp "$HPG_ROOT"/data/karate.mtx "$seeds/" 2>/dev/null || true

# fuzz TARGET: one target for the set time; its verdict goes to $build/TARGET.verdict.
fuzz() {
  local t="$1" corpus="$build/corpus/$1" findings="$build/findings/$1"
  mkdir -p "$corpus" "$findings"
  # -rss_limit_mb: a reader must not need more memory than the input justifies (inputs are <= 64 KiB).
  if ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$build/tests/fuzz/$t" "$corpus" "$seeds" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -artifact_prefix="$findings/" -print_final_stats=1 >"$build/$t.log" 2>&1; then
    grep -E "stat::number_of_executed_runs|cov:" "$build/$t.log" | tail -2 | sed "s/^/  $t: /" >"$build/$t.verdict"
  else
    { echo "fuzz: $t FAILED; the input is in $findings/, the log in $build/$t.log:"
      grep -E "ERROR|SUMMARY|runtime error|Test unit written" "$build/$t.log" | head -8; } >"$build/$t.verdict"
  fi
}

# The targets run side by side, one per core: each still gets its full time on a core of its own.
echo "== fuzzing ${#targets[@]} targets for ${seconds}s each, $HPG_JOBS at a time ==" >&2
for t in "${targets[@]}"; do rm -f "$build/$t.verdict"; done
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$HPG_JOBS" ]; do sleep 1; done
  fuzz "$t" &
done
wait
status=0
for t in "${targets[@]}"; do
  if [ -s "$build/$t.verdict" ]; then cat "$build/$t.verdict" >&2; else echo "fuzz: $t left no verdict" >&2; status=1; fi
  grep -q "FAILED" "$build/$t.verdict" 2>/dev/null && status=1
done
exit $status
