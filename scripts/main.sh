#!/usr/bin/env bash
# The main job: builds the hpgraph program and runs it on a bundled real graph and on a generated
# RMAT graph. Works from any directory; safe to run again.
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/setup.sh"

build="$HPG_ROOT/build"
cmake -S "$HPG_ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPG_CUDA="$HPG_CUDA" >/dev/null
cmake --build "$build" -j"$HPG_JOBS" --target hpgraph_cli
hpgraph="$build/hpgraph"

backend="$("$hpgraph" info "$HPG_ROOT/data/karate.mtx" --json | sed -n 's/.*"backend":"\([a-z]*\)".*/\1/p')"
if [ "$backend" = host ]; then
  echo "== no GPU here: running on the host backend =="
fi
echo
echo "== a bundled real graph: Zachary's karate club =="
"$hpgraph" info "$HPG_ROOT/data/karate.mtx"
echo
echo "== a bundled real graph: arXiv GR-QC collaborations (SNAP edge list, gzipped) =="
"$hpgraph" info "$HPG_ROOT/data/ca-GrQc.txt.gz"
echo
echo "== a generated graph: Graph500 RMAT, scale 16, edge factor 16, made undirected =="
"$hpgraph" info rmat:16 --undirected
echo
echo "== generate, convert and read back =="
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$hpgraph" generate grid --rows 300 --cols 300 --weights 1:100 -o "$tmp/grid.hpgb"
"$hpgraph" convert "$tmp/grid.hpgb" "$tmp/grid.mtx.gz"
"$hpgraph" info "$tmp/grid.mtx.gz"
