#!/usr/bin/env bash
# The host-side change alone: hpgraph with (new) and without (old) it, alternately, kron-21 BFS and PageRank; GAPBS BFS beside.
b="$1"; o="$2"; w="$(mktemp -d)"
d=$(mktemp -d); xz -dc "$b/bin.tar.xz" | tar -C "$d" -xf -; mkdir "$d/old"; xz -dc "$b/old/hpgraph.xz" > "$d/old/hpgraph"; chmod +x "$d"/* "$d"/old/*
L=$(mktemp -d); cp "$b"/lib/* "$L/"; for f in "$L"/*.xz; do xz -d "$f"; done
sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$L"/libstdc++.so.6 "$L"/libgcc_s.so.1; fi
export LD_LIBRARY_PATH="$L:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}"
g="$b/peers"; "$g/converter" -g21 -e "$w/k.el" >/dev/null; "$g/converter" -g21 -b "$w/k.sg" >/dev/null
runs() { grep -o '"run":[^,]*,"runs":[^]]*]' | tr "\n" " "; echo; }
{ for round in 1 2 3; do
    for v in new old; do p="$d/hpgraph"; [ $v = old ] && p="$d/old/hpgraph"
      echo "== $v bfs kron21 (round $round)"; "$p" bfs "$w/k.el" --source 972982 --repeat 7 --json | runs
      echo "== $v pagerank gap kron21 (round $round)"; "$p" pagerank "$w/k.el" --variant gap --tol 1e-4 --repeat 5 --json | runs
    done
  done
  echo "== GAPBS bfs kron21"; LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$g" "$g/bfs" -f "$w/k.sg" -r 972982 -n 7 | grep Average
  "$d/hpgraph" bfs "$w/k.el" --source 972982 --check | tail -1
} > "$o/kron-ab.txt" 2>&1
"$d/kernel_trace" --timeline --source 972982 "$w/k.el" bfs-auto > "$o/trace-kron-bfs.txt" 2>&1
cat "$o/kron-ab.txt"; grep "untraced\|==" "$o/trace-kron-bfs.txt"
