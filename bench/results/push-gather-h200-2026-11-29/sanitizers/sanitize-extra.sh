#!/usr/bin/env bash
# Extra GPU checks for this session (the mark kernel's staged appends, ByRows' shared rows, the
# gather from a count on the device): memcheck, racecheck and synccheck on the push and SSSP tests.
set -u
b="$1"; out="$2"
bin="$(mktemp -d)"; lib="$(mktemp -d)"
xz -dc "$b/bin.tar.xz" | tar -C "$bin" -xf -
cp "$b"/lib/* "$lib/"; for f in "$lib"/*.xz "$bin"/*.xz; do [ -e "$f" ] && xz -d -T0 "$f"; done
chmod +x "$bin"/*
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$lib"/libstdc++.so.6 "$lib"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
data="$(mktemp -d)"; xz -dc "$b/data/shared.tar.xz" | tar -C "$data" -xf -
export HPG_TEST_DATA_DIR="$data/data" HPG_SOURCE_DIR="$PWD"
t="$bin/hpgraph_tests"
# The slow parity cases the suite's call cut, each in a process of its own, beside the checks.
for c in Backends/ParityMxv.Semirings/cuda Backends/ParityVxm.Semirings/cuda Backends/ParityEwise.Double/cuda Backends/ParitySelect.Double/cuda Backends/ParityMxm.Mxm/cuda; do
  n="${c//\//_}"; timeout 420 "$t" --gtest_brief=1 --gtest_filter="$c" > "$out/parity-$n.log" 2>&1 &
done
f='SparsePathsGpu.Push*:LoopGpu.Sssp*:*Sssp*/cuda*:SparsePathsGpu.Atomic*'
echo "== plain run"; "$t" --gtest_brief=1 --gtest_filter="$f" >"$out/changed-tests.log" 2>&1; echo "rc $?"; tail -3 "$out/changed-tests.log"
for tool in memcheck racecheck synccheck; do
  echo "== $tool"
  g='SparsePathsGpu.PushInALoopRoundGathersPastTheWords:SparsePathsGpu.PushGathersAMidSizedOutputList:SparsePathsGpu.PushLeavesItsBitsAndSlotsClean'
  [ $tool = memcheck ] && g="$g:SparsePathsGpu.PushInALoopRoundSharesRowsAmongTheThreadsItHas"
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 3 "$t" --gtest_brief=1 --gtest_filter="$g" >"$out/$tool.log" 2>&1; echo "rc $?"; tail -2 "$out/$tool.log"
done
wait
for l in "$out"/parity-*.log; do echo "$(basename "$l"): $(grep -h "PASSED\|FAILED" "$l" | tr "\n" " ")"; done
