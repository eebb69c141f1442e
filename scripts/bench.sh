#!/usr/bin/env bash
# The benchmark report, in one command: builds the GPU benchmarks and runs them across graph
# families, each beside its baseline in the same run, then writes
# bench/results/<gpu>-<date>.{json,csv,md} and PNG plots (scripts/bench_report.py).
#   spmv        hpg::mxv (plus_times, float) beside cusparseSpMV, with the gather floor
#   primitives  BFS, SSSP, PageRank and TC beside SuiteSparse:GraphBLAS on all CPU cores
#   sweep       BFS and PageRank on RMAT 22..26 until a scale does not fit; GPU bytes per entry
#   peers       BFS, SSSP, PageRank and TC with the hpgraph program beside GAPBS on the host's cores
#               and SuiteSparse (--check's run), same graph file and source (scripts/bench_peers.sh)
# Graphs: RMAT scales 18-24 (edge factor 16, symmetrized), urand, a 2048x2048 grid, and the
# largest graphs of the shared data set.
#
#   usage: scripts/bench.sh [--quick] [--out DIR] [STEP...]   STEP: spmv primitives sweep peers report
#   (default: all five, peers only where GAPBS is there; "report" alone remakes the files from the raw results of an earlier run,
#   named by HPG_BENCH_NAME where there is no GPU: HPG_BENCH_NAME=h200-2026-11-22 scripts/bench.sh report)
#   --quick       small graphs only (RMAT 16-18, sweep 18-19): tries the command out in a minute
#   --out DIR     where the report goes (default bench/results); raw benchmark JSON goes to
#                 DIR/raw-<gpu>-<date>/
#   HPG_BENCH_BIN a folder holding bench_spmv, bench_primitives, bench_scale and hpgraph (the GPU bundle's);
#                 without it the benchmarks are built here (needs nvcc) into build-bench/
#   HPG_DATA_DIR  the shared data set (default ../shared/data next to the checkout)
#   HPG_SPMV_GRAPHS, HPG_PRIMITIVE_GRAPHS, HPG_SWEEP_SCALES, HPG_PEER_GRAPHS
#                 replace a step's graphs (@real: the shared data set's graphs; peers: kron:S,
#                 urand:S, grid:RxC)
#   HPG_PEERS_DIR the prebuilt GAPBS programs (default ../shared/peers/gapbs next to the checkout);
#                 HPG_PEERS_REPEAT runs per program (default 5). kron:22 alone took most of 10
#                 minutes on an H200's host (SuiteSparse's and GAPBS's TC, the text edge lists):
#                 on a machine lent 10 minutes a call, one big graph a part
#   HPG_BENCH_PART=N  keeps the step's results as <step>-N.json beside the others; the report
#                 reads every part (a long run split into shorter ones, e.g. on a machine lent
#                 for 10 minutes at a time)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

quick=0
out="$root/bench/results"
steps=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --out) out="$2"; shift ;;
    spmv | primitives | sweep | peers | report) steps+=("$1") ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "bench: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done
gapbs="${HPG_PEERS_DIR:-$root/../shared/peers/gapbs}"
if [ ${#steps[@]} -eq 0 ]; then
  steps=(spmv primitives sweep peers report)
  [ -x "$gapbs/bfs" ] || { echo "bench: no GAPBS at $gapbs (HPG_PEERS_DIR): the report goes without its peer table" >&2; steps=(spmv primitives sweep report); }
elif [[ " ${steps[*]} " == *" peers "* ]] && [ ! -x "$gapbs/bfs" ]; then
  echo "bench: the peers step needs GAPBS's programs at $gapbs (HPG_PEERS_DIR)" >&2
  exit 2
fi

# ---- the programs ------------------------------------------------------------------------------
if [ -n "${HPG_BENCH_BIN:-}" ]; then
  bin="$HPG_BENCH_BIN"
  cli="$bin/hpgraph"
else
  . "$root/scripts/setup.sh"
  hpg_install python3 python3-matplotlib
  [ "$HPG_CUDA" = ON ] || { echo "bench: the benchmarks need nvcc (a CUDA build) and a GPU" >&2; exit 2; }
  cmake -S "$root" -B "$root/build-bench" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPG_CUDA=ON -DHPG_BUILD_BENCH=ON \
    -DHPG_BUILD_TESTS=OFF -DCMAKE_CUDA_ARCHITECTURES="${HPG_CUDA_ARCH:-90}" >/dev/null
  cmake --build "$root/build-bench" -j"$HPG_JOBS" --target bench_spmv bench_primitives bench_scale hpgraph_cli
  bin="$root/build-bench/bench"
  cli="$root/build-bench/hpgraph"
fi
if [[ " ${steps[*]} " != " report " ]]; then
  command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 || { echo "bench: no GPU found (nvidia-smi)" >&2; exit 2; }
fi

# ---- the machine, and where the results go -----------------------------------------------------
gpu="$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 || true)"
slug="$(echo "${gpu:-unknown-gpu}" | tr 'A-Z' 'a-z' | sed 's/nvidia //; s/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//')"
[ -n "$gpu" ] || [ -n "${HPG_BENCH_NAME:-}" ] ||
  { echo "bench: no GPU here to name the report by: set HPG_BENCH_NAME (e.g. h200-2026-11-22 for bench/results/raw-h200-2026-11-22)" >&2; exit 2; }
name="${HPG_BENCH_NAME:-$slug-$(date +%Y-%m-%d)}"
[ "$quick" = 0 ] || name="$name-quick"
raw="$out/raw-$name"
mkdir -p "$raw"
if [[ " ${steps[*]} " != " report " ]]; then
  commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || true)"
  # From a bundle (gpu-run.sh's report step), the commit it was built at, not the checkout's.
  stamp="${HPG_BUNDLE:-$root/.gpu-bundle}/COMMIT"
  [ -f "$stamp" ] && [ -n "${HPG_BENCH_BIN:-}" ] && commit="$(cut -c1-7 "$stamp")"
  python3 - "$raw/machine.json" "$commit" <<'EOF'
import json, os, subprocess, sys
def sh(cmd):
    try: return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout.strip()
    except OSError: return ""
q = sh("nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader,nounits").split("\n")[0].split(", ")
cpu = sh("lscpu | sed -n 's/^Model name: *//p'") or "unknown"
json.dump({"gpu": q[0], "driver": q[1] if len(q) > 1 else "", "gpu_memory_MiB": q[2] if len(q) > 2 else "",
           "gpu_max_sm_MHz": q[3] if len(q) > 3 else "", "gpu_max_mem_MHz": q[4] if len(q) > 4 else "",
           "cpu": cpu, "cpu_cores": os.cpu_count(), "cuda": sh("nvcc --version | sed -n 's/.*release \\([0-9.]*\\).*/\\1/p'"),
           "hpgraph_commit": sys.argv[2], "date": sh("date -u +%Y-%m-%dT%H:%M:%SZ")}, open(sys.argv[1], "w"), indent=1)
EOF
fi

# ---- the graphs --------------------------------------------------------------------------------
data="${HPG_DATA_DIR:-$root/../shared/data}"
real=""
for f in networkit/astro-ph.mtx snap/facebook_combined.txt.gz lagraph/pushpull.mtx cugraph/ca-HepTh.csv.gz; do
  [ -f "$data/$f" ] && real="$real $data/$f"
done
if [ "$quick" = 1 ]; then
  spmv_graphs="rmat:16 rmat:17 rmat:18 urand:18 grid:512x512$real"
  prim_graphs="rmat:16 rmat:18 urand:18 grid:512x512$real"
  scales="18 19"
  peer_graphs="kron:16 grid:256x256"
else
  spmv_graphs="rmat:18 rmat:19 rmat:20 rmat:21 rmat:22 rmat:23 rmat:24 urand:22 urand:24 grid:2048x2048$real"
  prim_graphs="rmat:18 rmat:19 rmat:20 rmat:21 rmat:22 rmat:23 rmat:24 urand:22 grid:2048x2048$real"
  scales="22 23 24 25 26"
  peer_graphs="kron:21 kron:22 urand:22 grid:2048x2048"
fi
# In a list given by the environment, @real stands for the shared data set's graphs above.
spmv_graphs="$(echo "${HPG_SPMV_GRAPHS:-$spmv_graphs}" | sed "s|@real|$real|")"
prim_graphs="$(echo "${HPG_PRIMITIVE_GRAPHS:-$prim_graphs}" | sed "s|@real|$real|")"
scales="${HPG_SWEEP_SCALES:-$scales}"
peer_graphs="${HPG_PEER_GRAPHS:-$peer_graphs}"
part="${HPG_BENCH_PART:+-$HPG_BENCH_PART}"

# run PROGRAM RESULT-NAME: one benchmark program, its JSON into the raw folder (kept only when the
# program finished, so a cut-off run leaves no half file for the report to read).
run() {
  echo "== $1 ==" >&2
  "$bin/$1" --benchmark_out="$raw/$2.json.tmp" --benchmark_out_format=json 2>&1 | grep -vE '^\*\*\*|^$' | tee "$raw/$2.log"
  local rc=${PIPESTATUS[0]}
  [ "$rc" = 0 ] || { echo "bench: $1 failed (exit $rc); its log is $raw/$2.log" >&2; exit 1; }
  mv "$raw/$2.json.tmp" "$raw/$2.json"
}
peers_failed=0
for step in "${steps[@]}"; do
  case "$step" in
    spmv) HPG_BENCH_GRAPHS="$spmv_graphs" run bench_spmv "spmv$part" ;;
    primitives) HPG_BENCH_GRAPHS="$prim_graphs" run bench_primitives "primitives$part" ;;
    sweep) HPG_BENCH_SCALES="$scales" run bench_scale "sweep$part" ;;
    peers)
      echo "== peers: hpgraph beside GAPBS ==" >&2
      [ -x "$cli" ] || { echo "bench: no hpgraph program at $cli" >&2; exit 1; }
      work="$(mktemp -d)"
      trap 'rm -rf "$work"' EXIT  # the graph files, however the step ends
      # A run that failed is in the records with its error: they go to the report all the same,
      # and bench.sh fails at its end (peers_failed).
      # shellcheck disable=SC2086  # the graph list splits into arguments
      "$root/scripts/bench_peers.sh" "$cli" "$gapbs" "$work" "$raw/peers$part.json" $peer_graphs ||
        { peers_failed=1; echo "bench: a peers run failed; its log is $raw/peers$part.json.log" >&2; }
      rm -rf "$work"
      ;;
    report)
      # The Python that has matplotlib (Debian's, when another python3 comes first on PATH).
      py=python3
      python3 -c 'import matplotlib' 2>/dev/null || { [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import matplotlib' 2>/dev/null && py=/usr/bin/python3; }
      "$py" "$root/scripts/bench_report.py" "$raw" --out "$out" --name "$name"
      ;;
  esac
done
[ "$peers_failed" = 0 ] || { echo "bench: the peers step had a failed run (see its rows and log)" >&2; exit 1; }
