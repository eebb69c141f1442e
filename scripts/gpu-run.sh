#!/usr/bin/env bash
# Runs the bundle made by scripts/gpu-bundle.sh on a GPU machine (only the CUDA driver needed):
# the GPU test suite, compute-sanitizer memcheck/racecheck/synccheck on the GPU tests, and the
# benchmarks. Logs and JSON go to $OUT (default ./gpu-out); when a run leaves more than 8 files
# there, its logs end packed in $OUT/logs.tar.gz.
#   usage: scripts/gpu-run.sh [tests] [bench] [sanitize] [sanitize-cli] [peers] [ab] [latency-ab] [table] [report] [profile]
#   (default: tests bench sanitize, in that order; report runs scripts/bench.sh, the benchmark
#   report, with the bundle's programs, into $OUT/results; HPG_REPORT_ARGS="--quick sweep ..."
#   is passed to it)
#   HPG_BENCHES="bench_spmv ..." limits the bench step; HPG_SANITIZERS="memcheck ..." the tools;
#   HPG_TEST_FILTER=<gtest filter> the tests step (HPG_TEST_JOBS=N runs it as N shards at once,
#   HPG_TEST_ALONE's tests before them, HPG_TEST_SPLIT_JOBS=M the data-set tests as M processes
#   and HPG_TEST_OWN's slow tests a process each beside them, HPG_TEST_OWN_JOBS of those at once,
#   HPG_TEST_TIMEOUT=S a bound on each process); HPG_BENCH_ARGS="..." is passed to every bench
#   program (a --benchmark_filter, say); HPG_SANITIZE_JOBS=N runs the sanitized tests N at a time,
#   one process each, except those matching HPG_SANITIZE_SERIAL (default LoopGpu.*: memcheck fails
#   WHILE graphs in concurrent sanitized processes), which run alone after the others; HPG_SANITIZE_ARGS adds compute-sanitizer options (e.g.
#   '--kernel-name-exclude kns=cub' leaves CUB's and Thrust's kernels uninstrumented);
#   HPG_SANITIZE_SHARDS=N splits the tests that loop over the data set's graphs into N processes
#   (see the sanitize step);
#   HPG_SANITIZE_PARTS="3 15" runs only those parts of them (the other tests still run).
#   The profile step runs Nsight Compute (ncu, clocks left alone) once per line of
#   HPG_PROFILE: each line is ncu options, then a bundle program as @name with its arguments, e.g.
#   HPG_PROFILE='-k regex:tail_ -c 6 @bench_spmv --benchmark_filter=spmv/kernel/' (HPG_NCU_SECTIONS
#   overrides the sections collected); the tables go to $OUT/profile-N.csv. sanitize-cli runs the
#   hpgraph program under compute-sanitizer memcheck: bfs, sssp, pagerank and tc with --check on
#   every graph of the shared data set, one process per run, HPG_SANITIZE_JOBS at a time (the
#   CliCheck test does the same runs one after another, too slowly under the sanitizer). peers runs
#   bench_latency, then BFS and SSSP on a 2048 x 2048 grid and BFS on kron-21 beside GAPBS. ab runs
#   this build and the bundle's old/hpgraph.xz alternately on those graphs (see the step).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bundle="${HPG_BUNDLE:-$root/.gpu-bundle}"  # HPG_BUNDLE: another bundle folder (a trimmed one, say)
out="${OUT:-$root/gpu-out}"
mkdir -p "$out"
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(tests bench sanitize)

# Counts of sanitized processes: whole numbers of at least 1 ("0" or "00" would be xargs's "no
# limit"; more than 9 digits would wrap in bash arithmetic).
count() {
  local x="${!1:-1}"
  case "$x" in '' | *[!0-9]* | ??????????*) x=0 ;; esac
  [ "$((10#$x))" -ge 1 ] || { echo "gpu-run: $1 must be a whole number >= 1, not '${!1}'" >&2; exit 2; }
  echo "$((10#$x))"
}
jobs="$(count HPG_SANITIZE_JOBS)" || exit 2
test_jobs="$(count HPG_TEST_JOBS)" || exit 2
split_jobs="$(count HPG_TEST_SPLIT_JOBS)" || exit 2
own_jobs="$(HPG_TEST_OWN_JOBS="${HPG_TEST_OWN_JOBS:-6}" count HPG_TEST_OWN_JOBS)" || exit 2
shards="$(count HPG_SANITIZE_SHARDS)" || exit 2
# HPG_SANITIZE_PARTS="3 15": only those parts of the sharded tests (to rerun the ones that did not
# finish; the other tests still run, so narrow them with HPG_SANITIZE_FILTER); each must be a part
# that HPG_SANITIZE_SHARDS makes. At most 9 digits: bash arithmetic would wrap a longer one.
parts=" "
read -ra wanted <<<"${HPG_SANITIZE_PARTS:-}"
for k in ${wanted[@]+"${wanted[@]}"}; do
  case "$k" in *[!0-9]* | ??????????*) k=x ;; esac
  [ "$k" != x ] && [ "$((10#$k))" -lt "$shards" ] ||
    { echo "gpu-run: HPG_SANITIZE_PARTS must list parts below HPG_SANITIZE_SHARDS, not '$HPG_SANITIZE_PARTS'" >&2; exit 2; }
  parts+="$((10#$k)) "
done

. "$root/scripts/gpu-unpack.sh"
hpg_unpack_bundle "$bundle"
# The working tree travels with the bundle: bundled graphs are under $root/data; the shared data
# set comes packed.
datadir="$(mktemp -d)"
[ -f "$bundle/data/shared.tar.xz" ] && xz -dc "$bundle/data/shared.tar.xz" | tar -C "$datadir" -xf -
export HPG_TEST_DATA_DIR="$datadir/data" HPG_SOURCE_DIR="$root" HPG_CLI="$bindir/hpgraph"

# One sanitized process of the test program, its output in $1; the rest are the program's
# arguments ($tool, $launch_blocking and the HPG_SANITIZE_* settings come from the environment).
# A process that hits HPG_SANITIZE_TIMEOUT having reported nothing (no line from the tool but its
# banner, no failed test) runs once more, its first log kept as *.timed-out.log: racecheck of the
# multi-threaded tests hung in 1 of 214 runs (H100, 2026-11-24), the GPU busy and no report from
# the tool, while the same tests never hung without it (459 runs, 8 processes at once), so a
# single silent hang is taken as the tool's. A second hang fails the run, as does a hang after a
# report, and any reported error (exit 3) is never rerun. A tool that ignores the TERM signal is
# killed 30 s later (exit 137: a failure, not rerun).
run_sanitized() {
  local log="$1" rc attempt
  shift
  for attempt in 1 2; do
    # shellcheck disable=SC2086
    CUDA_LAUNCH_BLOCKING="$launch_blocking" timeout -k 30 "${HPG_SANITIZE_TIMEOUT:-0}" compute-sanitizer --tool "$tool" \
      $HPG_SANITIZE_ARGS --error-exitcode 3 "$bindir/hpgraph_tests" --gtest_brief=1 "$@" >"$log" 2>&1
    rc=$?
    [ "$rc" = 124 ] && [ "$attempt" = 1 ] || break
    grep -v '^========= COMPUTE-SANITIZER$' "$log" | grep -qE '^========= |\[  FAILED  \]|: Failure$' && break
    mv "$log" "${log%.log}.timed-out.log"
  done
  return "$rc"
}
export -f run_sanitized

# The builds an A/B step runs: "old new" when the bundle carries an old copy of program $1
# (gpu-bundle.sh's HPG_BUNDLE_OLD), unpacked into $bindir/old; else "new" alone.
ab_builds() {
  if [ -f "$bundle/old/$1.xz" ] && mkdir -p "$bindir/old" && xz -dc "$bundle/old/$1.xz" >"$bindir/old/$1" && chmod +x "$bindir/old/$1"; then
    echo "old new"
  else
    echo "new"
  fi
}

nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem --format=csv | tee "$out/gpu.txt"
echo "bundle commit: $(cat "$bundle/COMMIT" 2>/dev/null)" | tee -a "$out/gpu.txt"
status=0
for step in "${steps[@]}"; do
  case "$step" in
    tests)
      echo "== GPU test suite =="
      if [ "$test_jobs" -le 1 ]; then
        "$bindir/hpgraph_tests" --gtest_brief="${HPG_TEST_BRIEF:-1}" --gtest_filter="${HPG_TEST_FILTER:-*}" 2>&1 | tee "$out/tests.log" | tail -25
        [ "${PIPESTATUS[0]}" = 0 ] || status=1
      else
        # HPG_TEST_JOBS=N: N shards of the suite at once (gtest's sharding; the parity tests are
        # mostly host work, so a machine's cores cut the suite's time), after the tests matching
        # HPG_TEST_ALONE (default: those that read the device's free memory, count device calls,
        # run device loops or many threads) in a process of their own.
        # HPG_TEST_SPLIT_JOBS=M (default 1: not split): the tests that loop over the data set's
        # graphs (HPG_TEST_SPLIT, a gtest filter, default *SuiteSparseAlgorithms*:*CliCheck.*, which
        # take HPG_TEST_SHARD) take most of
        # the suite's time, a few cases each, so gtest's shards leave most cores idle behind them:
        # they run instead as M processes at once, process k taking every M-th graph from the
        # k-th (HPG_TEST_SHARD=k/M, test_support.hpp).
        # HPG_TEST_OWN (a gtest filter; default: the cuda cases that took 45-121 s each on an H100
        # on 2026-11-28, bench/results/clean-bits-h100-2026-11-28/gpu-tests-summary.txt, and the
        # select ones, 86-116 s each on an H200 with the suite's 39 processes sharing 16 cores,
        # whose last cut a shard at 470 s: bench/results/select-append-h200-2026-11-28/): each
        # matching test in a process of its own beside the shards, so that no shard queues two
        # of them. HPG_TEST_TIMEOUT=S (default 0: none) stops every process of the suite after S
        # seconds, so that a cut run still reaches its summary and leaves no test running.
        # The tests run alone go first: they take seconds, and a cut cannot lose them.
        alone="${HPG_TEST_ALONE:-*DeviceLimits*:*DeviceCalls*:LoopGpu.*:*ThreadSafety*}"
        filter="${HPG_TEST_FILTER:-*}"
        split="${HPG_TEST_SPLIT:-*SuiteSparseAlgorithms*:*CliCheck.*}"
        own="${HPG_TEST_OWN-*ParityEwise.*/cuda:*ParityApply.*/cuda:*ParitySelect.*/cuda:*ParityMxv.Semirings/cuda:*ParityVxm.Semirings/cuda:*ParityMxm.Mxm/cuda}"
        limit="${HPG_TEST_TIMEOUT:-0}"
        brief="${HPG_TEST_BRIEF:-1}"
        excluded="$alone"
        [ "$split_jobs" -gt 1 ] && excluded="$excluded:$split"
        [ -n "$own" ] && excluded="$excluded:$own"
        # HPG_TEST_BRIEF=0: every test's line and time in the logs (to find the slow ones).
        # gtest's filter is POSITIVE[-NEGATIVE]: the tests run elsewhere join its negative part.
        negative=""
        [[ "$filter" == *-* ]] && negative="-${filter#*-}"
        if [[ "$filter" == *-* ]]; then sharded="$filter:$excluded"; else sharded="$filter-$excluded"; fi
        # The alone and own sets are narrowed to the tests HPG_TEST_FILTER selects (gtest cannot
        # intersect two filters: by name). Without it a narrow filter still ran every slow parity
        # process, which a short HPG_TEST_TIMEOUT then cut (rc 1 with no failed test).
        names() { "$bindir/hpgraph_tests" --gtest_list_tests --gtest_filter="$1" | awk '/^[^ ]/ {s = $1} /^  / {print s $1}'; }
        selected="$(names "$filter")"
        within() { grep -Fx -f <(printf '%s\n' "$selected") || true; }
        alone_names="$(names "$alone$negative" | within | paste -sd: -)"
        if [ -n "$alone_names" ]; then
          timeout "$limit" "$bindir/hpgraph_tests" --gtest_brief="$brief" --gtest_filter="$alone_names" >"$out/tests-alone.log" 2>&1 || status=1
        fi
        for ((k = 0; k < test_jobs; k++)); do
          GTEST_TOTAL_SHARDS="$test_jobs" GTEST_SHARD_INDEX="$k" timeout "$limit" "$bindir/hpgraph_tests" --gtest_brief="$brief" \
            --gtest_filter="$sharded" >"$out/tests-$k.log" 2>&1 &
        done
        if [ "$split_jobs" -gt 1 ]; then
          for ((k = 0; k < split_jobs; k++)); do
            HPG_TEST_SHARD="$k/$split_jobs" timeout "$limit" "$bindir/hpgraph_tests" --gtest_brief="$brief" \
              --gtest_filter="$split$negative" >"$out/tests-split-$k.log" 2>&1 &
          done
        fi
        if [ -n "$own" ]; then
          # At most HPG_TEST_OWN_JOBS of them at once (default 6): processes sharing the one GPU
          # slow each other down far more than the cores explain (2026-11-28, H200: with 48
          # processes at once ParityApply.Int64/cuda took 343 s, alone 7.4 s; seven cut at 470 s).
          # A test that starts late gets what is left of HPG_TEST_TIMEOUT from the step's start
          # (a test that cannot start in time leaves its log saying so).
          deadline=$(($(date +%s) + limit))
          names "$own$negative" | within | awk '{print k++, $1}' |
            BIN="$bindir/hpgraph_tests" LIMIT="$limit" DEADLINE="$deadline" BRIEF="$brief" OUTDIR="$out" xargs -P "$own_jobs" -L 1 \
              bash -c 'log="$OUTDIR/tests-own-$0.log"; bound="$LIMIT"
                if [ "$LIMIT" -gt 0 ]; then bound=$((DEADLINE - $(date +%s)))
                  [ "$bound" -gt 0 ] || { echo "not started: HPG_TEST_TIMEOUT spent ($1)" >"$log"; exit 1; }; fi
                timeout "$bound" "$BIN" --gtest_brief="$BRIEF" --gtest_filter="$1" >"$log" 2>&1' &
        fi
        for job in $(jobs -p); do wait "$job" || status=1; done
        cat "$out"/tests-*.log >"$out/tests.log"
        grep -hE '^\[  (FAILED|PASSED|SKIPPED) |tests? from .* ran' "$out"/tests-*.log | tail -40
      fi
      ;;
    sanitize)
      # The tests that touch the device: every cuda-parameterized case and the GPU-only tests.
      # HPG_SANITIZE_FILTER narrows them; HPG_SANITIZE_TIMEOUT (seconds) bounds each sanitized
      # process (each tool's run, or each test's with HPG_SANITIZE_JOBS/SHARDS); one that hits it
      # runs once more (run_sanitized).
      # HPG_SANITIZE_JOBS=N runs each matching test in its own sanitized process, N at a time
      # (racecheck is slow; several sanitized processes can share the GPU machine).
      # HPG_SANITIZE_SHARDS=N runs each test that matches HPG_SANITIZE_SHARDED (a shell pattern,
      # default *SuiteSparseAlgorithms*: the tests that loop over the data set's graphs) as N
      # processes, part k with HPG_TEST_SHARD=k/N taking every N-th graph from the k-th
      # (test_support.hpp); the other tests run whole, once.
      filter="${HPG_SANITIZE_FILTER:-*/cuda:*Gpu*:*Cuda*:*Device*}"
      sharded="${HPG_SANITIZE_SHARDED:-*SuiteSparseAlgorithms*}"
      # HPG_SANITIZE_SERIAL (a shell pattern, default LoopGpu.*): the tests whose processes run one
      # at a time after all the others (which run HPG_SANITIZE_JOBS at a time). memcheck fails
      # CUDA graphs with WHILE nodes when several sanitized processes run them at once: a plain
      # CUDA program (bench/results/set-element-h200-2026-11-25/while_memcheck.cu) hit "illegal
      # memory access" in 11 of 12 processes started together, never alone or without the tool,
      # and a loop test failed so beside other tests' sanitized processes (H200, CUDA 13.0, driver
      # 580.159.04). Another test that runs a device loop (a BFS, SSSP or
      # PageRank on the GPU) and fails so, with no kernel named, is rerun alone before it counts.
      export serial="${HPG_SANITIZE_SERIAL:-LoopGpu.*}"
      # A filter that matches nothing would be a clean run of nothing.
      if ! listing="$("$bindir/hpgraph_tests" --gtest_list_tests --gtest_filter="$filter")"; then
        echo "gpu-run: the test program could not list its tests" >&2; status=1; continue
      fi
      tests="$(awk '/^[^ ]/ {suite=$1} /^  / {print suite $1}' <<<"$listing")"
      [ -n "$tests" ] || { echo "gpu-run: no test matches $filter" >&2; status=1; continue; }
      for tool in ${HPG_SANITIZERS:-memcheck racecheck synccheck}; do
        echo "== compute-sanitizer $tool =="
        # racecheck lost track of kernels launched from several host threads at once ("Internal
        # Sanitizer Error: Detected a failure to track a kernel launch") and the thread-safety tests
        # then hung. With launches blocking they finish (1 hang in 214 runs: see run_sanitized).
        # Blocking launches cost racecheck nothing: it checks shared memory within each kernel.
        launch_blocking="${CUDA_LAUNCH_BLOCKING:-0}"
        [ "$tool" = racecheck ] && launch_blocking="${CUDA_LAUNCH_BLOCKING:-1}"
        export bindir tool out HPG_SANITIZE_TIMEOUT HPG_SANITIZE_ARGS="${HPG_SANITIZE_ARGS:-}" launch_blocking
        if [ "$jobs" -gt 1 ] || [ "$shards" -gt 1 ]; then
          rm -rf "${out:?}/sanitize-$tool" && mkdir -p "$out/sanitize-$tool"
          : >"$out/sanitize-$tool.summary"  # this run's lines only
          # One line per process: the test, its part and how many parts ($1, $2, $3 of the shell).
          lines="" alone=""
          for t in $tests; do
            # shellcheck disable=SC2254
            case "$t" in $sharded) n="$shards" ;; *) n=1 ;; esac
            for ((k = 0; k < n; k++)); do
              [ "$n" -gt 1 ] && [ "$parts" != " " ] && [[ "$parts" != *" $k "* ]] && continue
              # shellcheck disable=SC2053
              if [[ "$t" == $serial ]]; then alone+="$t $k $n"$'\n'; else lines+="$t $k $n"$'\n'; fi
            done
          done
          # The others HPG_SANITIZE_JOBS at a time, then the HPG_SANITIZE_SERIAL ones alone.
          for batch in "$jobs:$lines" "1:$alone"; do
            printf '%s' "${batch#*:}" | xargs -r -P "${batch%%:*}" -L 1 bash -c 'name="$1"; [ "$3" -gt 1 ] && name="$1 shard $2/$3";
            log="$out/sanitize-$tool/$(echo "$1" | tr "/" "_").$2.log";
            HPG_TEST_SHARD="$2/$3" run_sanitized "$log" --gtest_filter="$1"; rc=$?; echo "rc=$rc $name" >>"$log";
            again=""; [ -e "${log%.log}.timed-out.log" ] && again=" (rerun: the first run hit the time limit)";
            echo "rc=$rc $name$again $(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$log" | tail -1)" >>"$out/sanitize-$tool.summary"' _
          done
          # One line per process (test, or test and part) in sanitize-<tool>.summary as each ends
          # (it survives a cut-off run); the logs travel as one archive (a device run returns only so
          # many files).
          grep -c '^rc=0 ' "$out/sanitize-$tool.summary" | sed 's/$/ processes clean/'
          grep '^rc=0 .*(rerun: ' "$out/sanitize-$tool.summary" | sed 's/^/  of them, after a rerun: /'
          grep -v '^rc=0 ' "$out/sanitize-$tool.summary" && status=1
          tar -C "$out" -czf "$out/sanitize-$tool.tar.gz" "sanitize-$tool" && rm -rf "${out:?}/sanitize-$tool"
        else
          rm -f "$out/sanitize-$tool.timed-out.log"
          run_sanitized "$out/sanitize-$tool.log" --gtest_filter="$filter"
          rc=$?
          [ -e "$out/sanitize-$tool.timed-out.log" ] && echo "the first run hit the time limit (sanitize-$tool.timed-out.log); this is the rerun"
          grep -E "ERROR SUMMARY|PASSED|FAILED" "$out/sanitize-$tool.log" | tail -4
          [ $rc = 0 ] || { status=1; tail -40 "$out/sanitize-$tool.log"; }
        fi
      done
      ;;
    sanitize-cli)
      echo "== compute-sanitizer memcheck on the hpgraph program =="
      export bindir out
      : >"$out/sanitize-cli.summary"  # this run's lines only
      find "$datadir/data" -type f ! -name '*.md' | sort |
        while read -r g; do for cmd in bfs sssp pagerank tc; do echo "$cmd $g"; done; done |
        xargs -r -P "$jobs" -L 1 sh -c 'args="$0 $1 --backend cuda --check"
          case "$0" in bfs | sssp) args="$args --source 0" ;; esac
          log="$(mktemp)"; compute-sanitizer --tool memcheck --error-exitcode 3 "$bindir/hpgraph" $args >"$log" 2>&1; rc=$?
          echo "rc=$rc $0 $(basename "$1") $(grep -E "ERROR SUMMARY" "$log" | tail -1) $(grep -o "hpgraph: error: .*" "$log" | head -1)" \
            >>"$out/sanitize-cli.summary"; rm -f "$log"'
      # rc 2 is the program refusing an input (a matrix that is not square, a negative cycle): it
      # counts as clean when memcheck saw no error; rc 3 is memcheck's own finding.
      [ -s "$out/sanitize-cli.summary" ] || { echo "gpu-run: no graph to run (is the data set in the bundle?)" >&2; status=1; }
      awk '{print $1}' "$out/sanitize-cli.summary" | sort | uniq -c
      grep -E 'rc=(3|1) |ERROR SUMMARY: [1-9]' "$out/sanitize-cli.summary" && status=1
      ;;
    bench)
      # HPG_BENCHES="bench_spmv bench_ablation" runs only those (default: every bench program).
      for b in "$bindir"/bench_*; do
        name="$(basename "$b")"
        [ -z "${HPG_BENCHES:-}" ] || [[ " $HPG_BENCHES " == *" $name "* ]] || continue
        echo "== $name =="
        # shellcheck disable=SC2086
        "$b" --benchmark_out="$out/$name.json" --benchmark_out_format=json ${HPG_BENCH_ARGS:-} 2>&1 | tee "$out/$name.log" | grep -vE '^\*\*\*|^$' | tail -45
      done
      ;;
    peers)
      # The fixed cost of each call (bench_latency), then BFS and SSSP on the road-like 2048 x 2048
      # grid and BFS on GAP's kron-21 with the hpgraph program, beside GAPBS (the bundle's peers/,
      # from ../shared/peers/gapbs) on this machine's host cores: same graph file, same source,
      # same run. HPG_PEERS_REPEAT runs per program (default 5).
      rep="${HPG_PEERS_REPEAT:-5}"
      echo "== bench_latency =="
      "$bindir/bench_latency" --benchmark_out="$out/bench_latency.json" --benchmark_out_format=json 2>&1 |
        tee "$out/bench_latency.log" | grep -vE '^\*\*\*|^$' | sed -E 's/ +/ /g' | cut -c1-200 | tail -80
      [ "${PIPESTATUS[0]}" = 0 ] || status=1
      g="$bundle/peers"
      work="$(mktemp -d)"
      "$bindir/hpgraph" generate grid --rows 2048 --cols 2048 -o "$work/grid.mtx" >/dev/null || status=1
      "$bindir/hpgraph" generate grid --rows 2048 --cols 2048 --weights 1:255 -o "$work/grid-w.mtx" >/dev/null || status=1
      {
        echo "== hpgraph bfs grid 2048x2048, source 0"
        "$bindir/hpgraph" bfs "$work/grid.mtx" --source 0 --repeat "$rep" --json
        echo "== hpgraph sssp grid 2048x2048 weights 1:255, source 0"
        "$bindir/hpgraph" sssp "$work/grid-w.mtx" --source 0 --repeat "$rep" --json
        if [ -x "$g/bfs" ]; then
          export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$g"
          echo "== GAPBS bfs grid"; "$g/bfs" -f "$work/grid.mtx" -r 0 -n "$rep"
          echo "== GAPBS sssp grid (delta 255)"; "$g/sssp" -f "$work/grid-w.mtx" -r 0 -n "$rep" -d 255
          "$g/converter" -g21 -e "$work/kron21.el" >/dev/null && "$g/converter" -g21 -b "$work/kron21.sg" >/dev/null
          echo "== hpgraph bfs kron-21, source 972982"
          "$bindir/hpgraph" bfs "$work/kron21.el" --source 972982 --repeat "$rep" --json
          echo "== GAPBS bfs kron-21"; "$g/bfs" -f "$work/kron21.sg" -r 972982 -n "$rep"
        else
          echo "(no GAPBS in the bundle: ../shared/peers/gapbs was not there when it was made)"
        fi
      } 2>&1 | tee "$out/peers.log" | grep -E '^==|"run"|Average Time|Trial Time|depth|error' | sed -E 's/"runs":\[[^]]*\],?//' | cut -c1-400
      rm -rf "$work"
      ;;
    ab)
      # This build ("new") and the bundle's old/hpgraph.xz ("old", the build before a change; left
      # out when the bundle has none), alternately, HPG_AB_ROUNDS rounds (default 2): BFS and SSSP
      # (weights 1..255) on the 2048 x 2048 grid, BFS from 972982 and PageRank (gap, tol 1e-4) on
      # GAP's kron-21; GAPBS on the same graphs and sources after them; then kernel traces of BFS
      # (its rounds in one launch, a launch a round, and from the host) and SSSP on the grid (the
      # bundle's kernel_trace) into $OUT/trace.txt. The medians of each
      # run's repeats are what the results' READMEs quote.
      builds="$(ab_builds hpgraph)"
      ab_runs() { grep -o '"run":[^,]*,"runs":[^]]*]\|"depth":[0-9]*\|"iterations":[0-9]*' | tr "\n" " "; echo; }
      work="$(mktemp -d)"
      g="$bundle/peers"
      "$bindir/hpgraph" generate grid --rows 2048 --cols 2048 -o "$work/grid.mtx" >/dev/null || status=1
      "$bindir/hpgraph" generate grid --rows 2048 --cols 2048 --weights 1:255 -o "$work/grid-w.mtx" >/dev/null || status=1
      "$g/converter" -g21 -e "$work/k.el" >/dev/null && "$g/converter" -g21 -b "$work/k.sg" >/dev/null || status=1
      {
        for ((round = 1; round <= ${HPG_AB_ROUNDS:-2}; round++)); do
          for v in $builds; do
            p="$bindir/hpgraph"
            [ "$v" = old ] && p="$bindir/old/hpgraph"
            echo "== $v bfs grid"; "$p" bfs "$work/grid.mtx" --source 0 --repeat 3 --json | ab_runs
            echo "== $v sssp grid"; "$p" sssp "$work/grid-w.mtx" --source 0 --repeat 3 --json | ab_runs
            echo "== $v bfs kron21"; "$p" bfs "$work/k.el" --source 972982 --repeat 5 --json | ab_runs
            echo "== $v pagerank gap kron21"; "$p" pagerank "$work/k.el" --variant gap --tol 1e-4 --repeat 5 --json | ab_runs
          done
        done
        export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$g"
        echo "== GAPBS bfs grid"; "$g/bfs" -f "$work/grid.mtx" -r 0 -n 3 | grep -E "Average"
        echo "== GAPBS sssp grid"; "$g/sssp" -f "$work/grid-w.mtx" -r 0 -n 3 -d 255 | grep -E "Average"
        echo "== GAPBS bfs kron21"; "$g/bfs" -f "$work/k.sg" -r 972982 -n 5 | grep Average
        echo "== GAPBS pr kron21"; "$g/pr" -f "$work/k.sg" -i 100 -t 1e-4 -n 5 | grep -E "Average|Iteration" | tail -3
        if [ -x "$bindir/kernel_trace" ]; then
          echo "== trace"; "$bindir/kernel_trace" grid:2048x2048 bfs bfs-launches bfs-host bfs-host-plain sssp sssp-launches sssp-rows >"$out/trace.txt" 2>&1; echo "kernel_trace rc $?"
          grep "==\|untraced" "$out/trace.txt"
        fi
      } 2>&1 | tee "$out/ab.log"
      rm -rf "$work"
      ;;
    latency-ab)
      # bench_latency of this build ("new") and the bundle's old/bench_latency.xz ("old", when the
      # bundle has one: gpu-bundle.sh's HPG_BUNDLE_OLD folder), alternately, HPG_AB_ROUNDS rounds
      # (default 2), each in a process of its own, JSON into $OUT/latency-<build>-<round>.json;
      # HPG_BENCH_ARGS (a --benchmark_filter, say) is passed to both.
      builds="$(ab_builds bench_latency)"
      for ((round = 1; round <= ${HPG_AB_ROUNDS:-2}; round++)); do
        for v in $builds; do
          p="$bindir/bench_latency"
          [ "$v" = old ] && p="$bindir/old/bench_latency"
          echo "== $v bench_latency, round $round"
          # shellcheck disable=SC2086
          "$p" ${HPG_BENCH_ARGS:-} --benchmark_out="$out/latency-$v-$round.json" --benchmark_out_format=json >"$out/latency-$v-$round.log" 2>&1 ||
            { status=1; tail -5 "$out/latency-$v-$round.log"; }
        done
      done
      ;;
    table)
      # The main job's table (scripts/primitives-table.sh) with the bundle's hpgraph program, on
      # the GPU; HPG_TABLE_RMAT picks the generated graph (default rmat:16).
      echo "== the four primitives with hpgraph, checked against SuiteSparse =="
      "$root/scripts/primitives-table.sh" "$bindir/hpgraph" 2>&1 | tee "$out/table.log" || status=1
      ;;
    report)
      echo "== the benchmark report (scripts/bench.sh) =="
      # shellcheck disable=SC2086
      HPG_BENCH_BIN="$bindir" HPG_BUNDLE="$bundle" HPG_DATA_DIR="$datadir/data" HPG_PEERS_DIR="$bundle/peers" "$root/scripts/bench.sh" --out "$out/results" ${HPG_REPORT_ARGS:-} || status=1
      # A device run returns only a few files: the report travels as one archive, its tables also
      # as they are.
      cp "$out"/results/*.md "$out/" 2>/dev/null
      tar -C "$out" -czf "$out/report.tar.gz" results && rm -rf "${out:?}/results"
      ;;
    profile)
      sections="${HPG_NCU_SECTIONS:-SpeedOfLight MemoryWorkloadAnalysis Occupancy LaunchStats WarpStateStats}"
      k=0
      while IFS= read -r line; do
        [ -n "${line// /}" ] || continue
        k=$((k + 1))
        echo "== ncu $k: $line =="
        # shellcheck disable=SC2086
        ncu --clock-control none --csv --page details $(printf -- '--section %s ' $sections) ${line//@/$bindir/} \
          >"$out/profile-$k.csv" 2>"$out/profile-$k.log" || { status=1; tail -20 "$out/profile-$k.log"; }
        grep -E '"(Duration|Registers Per Thread|Achieved Occupancy|L1/TEX Hit Rate|L2 Hit Rate|Memory Throughput|Grid Size)"' \
          "$out/profile-$k.csv" | awk -F'","' '{print $5 " | " $(NF-2) " | " $(NF-1) " " $NF}' | head -80
      done <<<"${HPG_PROFILE:-}"
      ;;
    *) echo "gpu-run: unknown step $step" >&2; status=2 ;;
  esac
done
# The device tool brings back at most 8 files of a run: past that the logs travel as one archive,
# logs.tar.gz (the tests step alone writes one log per shard and per slow test).
if [ "$(find "$out" -maxdepth 1 -type f | wc -l)" -gt 8 ]; then
  (cd "$out" && find . -maxdepth 1 -type f -name '*.log' -print0 | sort -z | tar --null -czf logs.tar.gz -T - &&
    find . -maxdepth 1 -type f -name '*.log' -delete) || status=1
fi
exit $status
