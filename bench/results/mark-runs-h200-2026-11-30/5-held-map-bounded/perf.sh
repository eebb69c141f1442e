#!/usr/bin/env bash
# usage perf3.sh BUNDLE OUT. v/kt_held: the held map (held_map.cuh) with the mark's reduction;
# old/kernel_trace: main. SSSP on the weighted 2048 x 2048 grid, each in turn, three times, then
# the same with its rounds looped from the host.
b="$1"; o="$2"; mkdir -p "$o"
d=$(mktemp -d); for f in "$b"/old/*.xz "$b"/v/*.xz; do xz -dc "$f" >"$d/$(basename "$f" .xz)"; done; chmod +x "$d"/*
L=$(mktemp -d); cp "$b"/lib/* "$L/"; for f in "$L"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$L"/libstdc++.so.6 "$L"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$L:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
for r in 1 2 3; do
  for v in kernel_trace kt_held; do
    "$d/$v" grid:2048x2048 sssp >"$o/trace-sssp-$v-$r.txt" 2>&1; echo "trace sssp $v $r rc $?"
  done
done
"$d/kt_held" --untraced grid:2048x2048 sssp-host >"$o/host-sssp-held.txt" 2>&1; echo "host held rc $?"
for f in "$o"/trace-sssp-*.txt; do echo "== $f"; grep "untraced" "$f" | head -1; sed -n '/== /,/idle/p' "$f" | head -9 | cut -c1-130; done
cat "$o/host-sssp-held.txt"
