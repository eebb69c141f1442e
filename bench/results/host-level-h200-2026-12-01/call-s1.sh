#!/bin/bash
# Device call S1 (lean test bundle of ad3a781): why Streams.DISABLED_AThreadOnItsOwnStream...
# fails when it is a process's first GPU work. Runs it alone (as the first GPU work) with the
# default lazy kernel loading, with a backtrace of every thread 12 s in (gdb, if the image has
# it); then alone with CUDA_MODULE_LOADING=EAGER; then after other GPU tests.
set -u
o=$OUT
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle
t=$bindir/hpgraph_tests
f='Streams.DISABLED_AThreadOnItsOwnStream*'
echo "gdb: $(command -v gdb) eu-stack: $(command -v eu-stack)"
run_traced() {  # $1: name; the rest: env
  local name=$1; shift
  env "$@" timeout 90 $t --gtest_filter="$f" --gtest_also_run_disabled_tests > $o/$name.txt 2>&1 &
  local pid=$!
  sleep 12
  local tp=$(pgrep -P $pid hpgraph_tests || echo)
  [ -z "$tp" ] && tp=$(pgrep -f "gtest_filter=$f" | tail -1)
  if [ -n "$tp" ] && kill -0 $tp 2>/dev/null; then
    echo "== $name still running at 12 s (pid $tp)" >> $o/$name.txt.bt
    if command -v gdb >/dev/null; then timeout 60 gdb -p $tp -batch -ex "thread apply all bt 25" >> $o/$name.txt.bt 2>&1
    elif command -v eu-stack >/dev/null; then timeout 60 eu-stack -p $tp >> $o/$name.txt.bt 2>&1
    else for d in /proc/$tp/task/*; do echo "$d $(cat $d/comm) $(cat $d/wchan)"; done >> $o/$name.txt.bt; fi
  fi
  wait $pid; echo "$name rc $?"
  tail -5 $o/$name.txt
}
run_traced lazy1 CUDA_MODULE_LOADING=LAZY
run_traced eager1 CUDA_MODULE_LOADING=EAGER
run_traced lazy2 CUDA_MODULE_LOADING=LAZY
run_traced eager2 CUDA_MODULE_LOADING=EAGER
timeout 120 $t --gtest_filter="Streams.*:LoopGpu.Bfs*" --gtest_also_run_disabled_tests > $o/after.txt 2>&1; echo "after rc $?"; grep -E "OK|FAILED" $o/after.txt | head
ls $o
