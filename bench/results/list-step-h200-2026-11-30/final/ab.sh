#!/usr/bin/env bash
# usage ab.sh BUNDLE OUT, from the repository root on the GPU machine. The bundle: this build's
# hpgraph and kernel_trace, old/ (main at 7d7d540) and GAPBS. gpu-run.sh's ab step (old and new
# alternately, HPG_AB_ROUNDS rounds, GAPBS after them on the same graphs and sources), SSSP's
# kernels traced, then SSSP checked against SuiteSparse on the weighted grid (two sources), a
# weighted RMAT graph (from a vertex with an out-edge) and kron-21.
b="$1"; o="$2"; mkdir -p "$o"
OUT=$o HPG_BUNDLE=$b HPG_AB_ROUNDS=${HPG_AB_ROUNDS:-3} scripts/gpu-run.sh ab >"$o/ab-run.log" 2>&1; echo "ab rc $?"
. scripts/gpu-unpack.sh
hpg_unpack_bundle "$b"
timeout 60 "$bindir/kernel_trace" grid:2048x2048 sssp >"$o/trace-sssp.txt" 2>&1; echo "trace rc $?"
timeout 60 "$bindir/kernel_trace" --untraced grid:2048x2048 sssp-host >"$o/host-sssp.txt" 2>&1; echo "host sssp rc $?"
w=$(mktemp -d)
"$bindir/hpgraph" generate grid --rows 2048 --cols 2048 --weights 1:255 -o "$w/grid-w.mtx" >/dev/null
"$bindir/hpgraph" generate rmat --scale 18 --weights 1:100 -o "$w/rmat-w.mtx" >/dev/null 2>&1 || echo "rmat generate failed"
"$b/peers/converter" -g21 -e "$w/k.el" >/dev/null 2>&1 || echo "no converter"
{ timeout 120 "$bindir/hpgraph" sssp "$w/grid-w.mtx" --source 0 --check; echo "sssp grid check rc $?"
  timeout 120 "$bindir/hpgraph" sssp "$w/grid-w.mtx" --source 123456 --check; echo "sssp grid 123456 check rc $?"
  src=$(awk '!/^%/ {n++; if (n == 2) {print $1 - 1; exit}}' "$w/rmat-w.mtx")  # a vertex with an out-edge
  timeout 60 "$bindir/hpgraph" sssp "$w/rmat-w.mtx" --source "$src" --check; echo "sssp rmat from $src check rc $?"
  [ -f "$w/k.el" ] && { timeout 120 "$bindir/hpgraph" sssp "$w/k.el" --source 972982 --check; echo "sssp kron check rc $?"; }
  [ -f "$w/k.el" ] && { timeout 120 "$bindir/hpgraph" bfs "$w/k.el" --source 972982 --check; echo "bfs kron check rc $?"; }
} >"$o/checks.txt" 2>&1
grep "rc \|failed\|check " "$o/checks.txt" | head -20
grep "untraced" "$o/trace-sssp.txt"; sed -n '/== /,/idle/p' "$o/trace-sssp.txt" | cut -c1-130 | head -10; cat "$o/host-sssp.txt"
grep "==\|untraced\|Average\|runs" "$o/ab.log" | cut -c1-200 | head -60
