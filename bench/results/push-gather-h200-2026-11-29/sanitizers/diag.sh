#!/usr/bin/env bash
b="$1"; out="$2"
bin="$(mktemp -d)"; lib="$(mktemp -d)"
xz -dc "$b/bin.tar.xz" | tar -C "$bin" -xf -
cp "$b"/lib/* "$lib/"; for f in "$lib"/*.xz; do [ -e "$f" ] && xz -d -T0 "$f"; done
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$lib"/libstdc++.so.6 "$lib"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
t="$bin/hpgraph_tests"
for f in LoopGpu.CarriesSwappedVectorsAndTemporaries LoopGpu.BfsStretchesRunAsGraphs; do
  timeout 150 compute-sanitizer --tool racecheck --print-limit 20 "$t" --gtest_filter="$f" > "$out/$f.log" 2>&1
  echo "$f: rc $? | $(grep 'RACECHECK SUMMARY' "$out/$f.log") | $(grep -h '^\[  PASSED\|^\[  FAILED\|^\[ RUN' "$out/$f.log" | tr '\n' ' ')"
done
