#!/usr/bin/env bash
# usage sanitize.sh BUNDLE OUT. The bundle: this build's hpgraph_tests. racecheck and synccheck on
# the held list step and the held map in rounds from the host (inside WHILE graphs those tools
# report known false positives, docs/design.md).
b="$1"; o="$2"; mkdir -p "$o"
OUT=$o/r HPG_BUNDLE=$b HPG_SANITIZERS="racecheck synccheck" HPG_SANITIZE_JOBS=2 \
  HPG_SANITIZE_FILTER="LoopGpu.AListStepHeldInRoundsFromTheHostMapsKeepsAndAssigns:LoopGpu.AMapKeepsAndAssignsInRoundsFromTheHost" \
  timeout 200 scripts/gpu-run.sh sanitize >"$o/race-sync-run.log" 2>&1; echo "racecheck/synccheck rc $?"
grep -E "==|clean|rc=|ERROR SUMMARY|RACECHECK|SYNCCHECK" "$o/race-sync-run.log" | head -20
