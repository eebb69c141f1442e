#!/usr/bin/env bash
# Perf call: old (0f8d165) against new, alternately, with GAPBS, then traces; every output in one archive.
b="$1"; o="$2"; w="$(mktemp -d)"; r="$w/results"; mkdir -p "$r"
OUT="$r/ab" HPG_BUNDLE="$b" HPG_AB_ROUNDS=2 timeout 320 scripts/gpu-run.sh ab > "$r/ab-run.log" 2>&1; echo "ab rc $?"; grep -h "==\|untraced\|Average\|runs" "$r"/ab/ab.log > "$o/ab-summary.txt" 2>&1
d=$(mktemp -d); xz -dc "$b/bin.tar.xz" | tar -C "$d" -xf -; mkdir "$d/old"
for f in "$b"/old/*.xz; do xz -dc "$f" > "$d/old/$(basename "$f" .xz)"; done; chmod +x "$d"/* "$d"/old/*
L=$(mktemp -d); cp "$b"/lib/* "$L/"; for f in "$L"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$L"/libstdc++.so.6 "$L"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$L:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
g="$b/peers"
"$g/converter" -g21 -w -e "$w/k.wel" >/dev/null; "$g/converter" -g21 -w -b "$w/k.wsg" >/dev/null; "$g/converter" -g21 -e "$w/k.el" >/dev/null
runs() { grep -o '"run":[^,]*,"runs":[^]]*]' | tr "\n" " "; echo; }
{ for round in 1 2; do
    echo "== new sssp kron21"; "$d/hpgraph" sssp "$w/k.wel" --source 972982 --repeat 5 --json | runs
    echo "== old sssp kron21"; "$d/old/hpgraph" sssp "$w/k.wel" --source 972982 --repeat 5 --json | runs
  done
  echo "== GAPBS sssp kron21"; LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$g" "$g/sssp" -f "$w/k.wsg" -r 972982 -n 5 -d 2 | grep Average
  timeout 60 "$d/hpgraph" sssp "$w/k.wel" --source 972982 --check | tail -2; echo "check rc $?"
} > "$r/sssp-kron.txt" 2>&1
for round in 1 2; do
  "$d/kernel_trace" grid:2048x2048 sssp sssp-scan sssp-rows > "$r/trace-sssp-new-$round.txt" 2>&1
  "$d/old/kernel_trace" grid:2048x2048 sssp > "$r/trace-sssp-old-$round.txt" 2>&1
done
"$d/kernel_trace" --timeline --source 972982 "$w/k.el" bfs-auto > "$r/trace-kron-bfs.txt" 2>&1
cd "$w" && tar -czf "$o/perf-results.tar.gz" results
grep -h "==\|untraced" "$r"/ab/ab.log | head -60; cat "$r/sssp-kron.txt"; grep -H "untraced\|==" "$r"/trace-sssp-*.txt
