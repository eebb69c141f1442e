#!/usr/bin/env bash
# usage perf.sh BUNDLE OUT, from the repository root on the GPU machine. The bundle: this build's
# hpgraph and kernel_trace, and old/ (main at 7d7d540). SSSP on the weighted 2048 x 2048 grid
# traced kernel by kernel, old and new in turn, three times; its rounds looped from the host
# (untraced); then SSSP checked against SuiteSparse on the weighted grid (two sources), a weighted
# RMAT graph and kron-21.
b="$1"; o="$2"; mkdir -p "$o"
. scripts/gpu-unpack.sh
hpg_unpack_bundle "$b"
for f in "$b"/old/*.xz; do xz -dc "$f" >"$bindir/old_$(basename "$f" .xz)"; done; chmod +x "$bindir"/*
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv >"$o/gpu.txt" 2>&1
for r in 1 2 3; do
  for v in old_kernel_trace kernel_trace; do
    timeout 60 "$bindir/$v" grid:2048x2048 sssp >"$o/trace-sssp-$v-$r.txt" 2>&1; echo "trace sssp $v $r rc $?"
  done
done
for v in old_kernel_trace kernel_trace; do
  timeout 60 "$bindir/$v" --untraced grid:2048x2048 sssp-host >"$o/host-sssp-$v.txt" 2>&1; echo "host sssp $v rc $?"
done
w=$(mktemp -d)
"$bindir/hpgraph" generate grid --rows 2048 --cols 2048 --weights 1:255 -o "$w/grid-w.mtx" >/dev/null
"$bindir/hpgraph" generate rmat --scale 18 --weights 1:100 -o "$w/rmat-w.mtx" >/dev/null 2>&1 || echo "rmat generate failed"
"$b/peers/converter" -g21 -e "$w/k.el" >/dev/null 2>&1 || echo "no converter"
{ timeout 120 "$bindir/hpgraph" sssp "$w/grid-w.mtx" --source 0 --check; echo "sssp grid check rc $?"
  timeout 120 "$bindir/hpgraph" sssp "$w/grid-w.mtx" --source 123456 --check; echo "sssp grid 123456 check rc $?"
  src=$(awk '!/^%/ {n++; if (n == 2) {print $1 - 1; exit}}' "$w/rmat-w.mtx")  # a vertex with an out-edge
  timeout 60 "$bindir/hpgraph" sssp "$w/rmat-w.mtx" --source "$src" --check; echo "sssp rmat from $src check rc $?"
  [ -f "$w/k.el" ] && { timeout 120 "$bindir/hpgraph" sssp "$w/k.el" --source 972982 --check; echo "sssp kron check rc $?"; }
} >"$o/checks.txt" 2>&1
grep "rc \|failed\|check" "$o/checks.txt" | head -20
for f in "$o"/trace-sssp-*.txt; do echo "== $f"; grep "untraced" "$f" | head -1; sed -n '/== /,/idle/p' "$f" | head -9 | cut -c1-140; done
cat "$o"/host-sssp-*.txt
