#!/usr/bin/env bash
# Probe run: host-round A/B (old/new library), BFS on kron-21 with a timeline.
b="$1"; o="$2"; mkdir -p "$o"
d=$(mktemp -d); xz -dc "$b/bin.tar.xz" | tar -C "$d" -xf -; chmod +x "$d"/*
L=$(mktemp -d); cp "$b"/lib/* "$L/"; for f in "$L"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$L"/libstdc++.so.6 "$L"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$L:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
nvidia-smi --query-gpu=name,driver_version --format=csv > "$o/gpu.txt"
for r in 1 2 3; do
  "$d/host_calls_old" --held grid:2048x2048 > "$o/held_old_$r.txt" 2>&1
  "$d/host_calls_new" --held grid:2048x2048 > "$o/held_new_$r.txt" 2>&1
done
w=$(mktemp -d); "$b/converter" -g21 -e "$w/k.el" >/dev/null
"$d/kernel_trace" --timeline --source 972982 "$w/k.el" bfs-auto bfs-auto-host > "$o/kron-bfs-trace.txt" 2>&1; echo "trace rc $?"
"$d/kernel_trace" --timeline grid:256x256 bfs-host > "$o/grid256-host-trace.txt" 2>&1; echo "trace2 rc $?"
grep -H "rep [012]:" "$o"/held_*.txt
grep "untraced\|==" "$o/kron-bfs-trace.txt"
