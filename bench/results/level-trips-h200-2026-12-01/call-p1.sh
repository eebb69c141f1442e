#!/bin/bash
# Device call P1: launch argument size against a launch's round trip (launch_args.cu); the held
# push's argument size (cuobjdump); the base build's host-loop BFS (3 processes); Nsight Compute's
# per-instruction view of the held push (SourceCounters, SASS), 3 launches after the 1,500th.
set -u
o=$OUT
mkdir -p .gpu-bundle-p/lib  # a bundle of programs alone (.gpu-bundle-p/bin/*, xz or not)
. scripts/gpu-unpack.sh; hpg_unpack_bundle .gpu-bundle-p 2>/dev/null; bin=$bindir
cuda=$(dirname $(command -v nvcc || echo /usr/local/cuda/bin/nvcc))/..
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > $o/gpu.txt
$bin/launch_args > $o/launch_args.txt 2>&1; echo "launch_args rc $?"; cat $o/launch_args.txt
$cuda/bin/cuobjdump -elf $bin/kernel_trace_base > $o/elf.txt 2>&1; echo "cuobjdump rc $?"
for i in 1 2 3; do $bin/kernel_trace_base --untraced grid:2048x2048 bfs-host 2>&1 | grep -i "wall\|ms" | head -3; done > $o/bfs-host-base.txt; cat $o/bfs-host-base.txt
ncu=$(command -v ncu || ls $cuda/bin/ncu)
timeout 200 $ncu --kernel-name regex:push_list_kernel --launch-skip 1500 --launch-count 3 \
  --section SourceCounters --section WarpStateStats --section LaunchStats --import-source yes \
  --sampling-interval 0 -o $o/push $bin/kernel_trace_base --untraced grid:2048x2048 bfs-host > $o/ncu-log.txt 2>&1; echo "ncu rc $?"
$ncu -i $o/push.ncu-rep --page source --csv --print-source sass > $o/sass.csv 2>&1; echo "sass rc $?"; wc -l $o/sass.csv
python3 - $o/elf.txt > $o/params.txt <<'PY'
import re,sys
t=open(sys.argv[1]).read()
for m in re.finditer(r'\.nv\.info\.(\S+)', t):
    name=m.group(1)
    if 'push_list' not in name: continue
    seg=t[m.end():m.end()+4000]
    p=re.search(r'EIATTR_PARAM_CBANK[^\n]*\n[^\n]*\n?[^\n]*', seg)
    print(name[:120], '|', p.group(0).replace('\n',' ')[:200] if p else None)
PY
head -20 $o/params.txt
