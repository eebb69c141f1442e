b="$1"; o="$2"; mkdir -p "$o"
. scripts/gpu-unpack.sh
hpg_unpack_bundle "$b"
for f in "$b"/old/*.xz; do xz -dc "$f" >"$bindir/old_$(basename "$f" .xz)"; done; chmod +x "$bindir"/*
for r in 1 2; do for v in old_kernel_trace kernel_trace; do
  timeout 60 "$bindir/$v" grid:2048x2048 sssp >"$o/trace-sssp-$v-$r.txt" 2>&1; echo "trace sssp $v $r rc $?"
done; done
for f in "$o"/trace-sssp-*.txt; do echo "== $f"; grep "untraced" "$f" | head -1; sed -n '/== /,/idle/p' "$f" | head -9 | cut -c1-140; done
