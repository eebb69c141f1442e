#!/usr/bin/env bash
# usage guard.sh BUNDLE OUT: the container guard tests (StrongGuarantee.ContainerMethods,
# ContainerMoves) on the GPU machine, both backends; then the cuda ones under compute-sanitizer
# memcheck, as gpu-run.sh runs it, and once more with --leak-check full (what the library's
# caches hold at exit shows as leaks there).
b="$1"; o="$2"; mkdir -p "$o"
. scripts/gpu-unpack.sh; hpg_unpack_bundle "$b"
f="*StrongGuarantee.ContainerMethods*:*ContainerMoves*"
timeout 200 "$bindir/hpgraph_tests" --gtest_filter="$f" >"$o/guard.log" 2>&1; echo "guard rc $?"
grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) " "$o/guard.log"
cs=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer)
timeout 200 $cs --tool memcheck --error-exitcode 3 "$bindir/hpgraph_tests" --gtest_filter="*ContainerMethods/cuda*:*ContainerMoves*/cuda" >"$o/memcheck.log" 2>&1; echo "memcheck rc $?"
grep -E "ERROR SUMMARY|PASSED|FAILED" "$o/memcheck.log" | head
timeout 200 $cs --tool memcheck --leak-check full "$bindir/hpgraph_tests" --gtest_filter="*ContainerMoves*/cuda" >"$o/memcheck-leaks.log" 2>&1; echo "memcheck leaks rc $?"
grep -E "LEAK SUMMARY|ERROR SUMMARY" "$o/memcheck-leaks.log" | head
