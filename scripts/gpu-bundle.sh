#!/usr/bin/env bash
# Builds a relocatable GPU test/bench bundle in .gpu-bundle/ (git-ignored): the test and bench
# programs for sm_90, the hpgraph program, the shared libraries they need that a machine with only
# the CUDA driver lacks (libgraphblas xz-compressed), the bundled and shared graph data, and
# run.sh. Carry .gpu-bundle to the GPU machine and run scripts/gpu-run.sh there.
#   HPG_BUNDLE_PROGRAMS="hpgraph hpgraph_tests kernel_trace": only those programs, and only they
#   are built (a bundle small enough to carry beside an old build); HPG_BUNDLE_OLD=<an hpgraph program built before a
#   change>: carried as old/hpgraph.xz, which gpu-run.sh's ab step runs beside this build; or a
#   folder of programs built before it (hpgraph, bench_latency, ...): each carried as
#   old/<name>.xz (gpu-run.sh's latency-ab step runs old/bench_latency beside this one);
#   HPG_BUNDLE_BUILD=<folder>: build there instead of build-gpu (see below); HPG_BUNDLE_LEAN=1:
#   leave out the libraries the device tool's GPU machine has (see below).
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/setup.sh"
[ "$HPG_CUDA" = ON ] || { echo "gpu-bundle: needs nvcc" >&2; exit 1; }

# HPG_BUNDLE_BUILD: the build folder (default build-gpu). The README's build/ configured with the
# benches too compiles the library and tests with the same commands as a fresh clone's README
# test, so that test then finds them in ccache (a folder name is part of each command).
build="${HPG_BUNDLE_BUILD:-$HPG_ROOT/build-gpu}"
bundle="$HPG_ROOT/.gpu-bundle"
cmake -S "$HPG_ROOT" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPG_CUDA=ON -DHPG_BUILD_TESTS=ON \
  -DHPG_TEST_PROGRAM=ON -DHPG_BUILD_BENCH=ON -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
if [ -n "${HPG_BUNDLE_PROGRAMS:-}" ]; then
  # Only those programs are built (the hpgraph program is the hpgraph_cli target).
  targets=()
  for b in $HPG_BUNDLE_PROGRAMS; do targets+=("$([ "$b" = hpgraph ] && echo hpgraph_cli || echo "$b")"); done
  cmake --build "$build" -j"$HPG_JOBS" --target "${targets[@]}"
else
  cmake --build "$build" -j"$HPG_JOBS"
  cmake --build "$build" -j"$HPG_JOBS" --target kernel_trace  # not part of `all`: CI does not build it
fi

rm -rf "$bundle"
mkdir -p "$bundle/bin" "$bundle/lib" "$bundle/data"
for b in "$build/hpgraph" "$build/tests/hpgraph_tests" "$build"/bench/bench_* "$build"/bench/kernel_trace; do
  [ -x "$b" ] && cp "$b" "$bundle/bin/"  # with HPG_BUNDLE_PROGRAMS, those not asked for may not exist
done
if [ -n "${HPG_BUNDLE_PROGRAMS:-}" ]; then
  for b in "$bundle"/bin/*; do [[ " $HPG_BUNDLE_PROGRAMS " == *" $(basename "$b") "* ]] || rm "$b"; done
  strip "$bundle"/bin/*
fi
if [ -n "${HPG_BUNDLE_OLD:-}" ]; then
  mkdir -p "$bundle/old"
  if [ -d "$HPG_BUNDLE_OLD" ]; then
    for p in "$HPG_BUNDLE_OLD"/*; do [ -x "$p" ] && strip -o "$bundle/old/$(basename "$p")" "$p"; done
  else
    strip -o "$bundle/old/hpgraph" "$HPG_BUNDLE_OLD"
  fi
  xz -T0 -9 "$bundle"/old/*
fi

# Every shared library the programs load, except the C runtime, the CUDA driver, and the CUDA
# toolkit's large libraries (cuSPARSE, nvJitLink: hundreds of MB; the GPU machine has the same CUDA
# 13 toolkit, and gpu-run.sh looks there).
skip='^(linux-vdso|ld-linux|libc\.so|libm\.so|libpthread|libdl|librt|libcuda\.so|libcusparse|libnvJitLink|libcublas)'
# HPG_BUNDLE_LEAN=1: also leave out what the device tool's GPU machine has (its ldconfig lists
# libgomp, libz, libutil, libstdc++ and libgcc_s; its CUDA 13 toolkit libcudart and CUPTI, which
# gpu-unpack.sh finds): a test bundle with the shared data set and the tree then fits the tool's
# 64 MiB, which it counts in disk blocks (2026-11-30: 65.7 MiB with them, 11 MiB of it the tree).
lean="${HPG_BUNDLE_LEAN:-0}"
[ "$lean" = 1 ] && skip="${skip%)}|libgomp|libz\.so|libutil|libstdc\+\+|libgcc_s|libcudart)"
for exe in "$bundle"/bin/*; do
  ldd "$exe" | awk '/=>/ {print $1, $3}' | while read -r name path; do
    [[ "$name" =~ $skip ]] && continue
    [ -e "$bundle/lib/$name" ] || [ -e "$bundle/lib/$name.xz" ] && continue
    case "$name" in
      libgraphblas* | libstdc++*) xz -T0 -9 -c "$path" >"$bundle/lib/$name.xz" ;;
      *) cp -L "$path" "$bundle/lib/$name" ;;
    esac
  done
done

# CUPTI is loaded at run time (dlopen) by hpg::DeviceCallCounter, so ldd does not list it for the
# tests and bench_latency, which count device calls with it (kernel_trace links it: ldd's copy is
# replaced by the compressed one).
rm -f "$bundle/lib/libcupti.so.13"
cuda_root="$(dirname "$(command -v nvcc)")/.."
cupti="$(ldconfig -p 2>/dev/null | awk '/libcupti\.so\.13 /{print $NF; exit}')"
# (ls fails for the folder that does not exist; under pipefail that would end the script unsaid)
[ -n "$cupti" ] || cupti="$(ls "$cuda_root"/lib64/libcupti.so.13 "$cuda_root"/lib/libcupti.so.13 2>/dev/null | head -1 || true)"
[ -n "$cupti" ] || { echo "gpu-bundle: libcupti.so.13 not found (CUDA toolkit)" >&2; exit 1; }
[ "$lean" = 1 ] || xz -T0 -9 -c "$cupti" >"$bundle/lib/libcupti.so.13.xz"

# The carried tree is limited to 64 MiB: the programs travel as one solid archive (they share most
# of their code: 34 MB for all ten, where each compressed alone came to 41 MB), which gpu-run.sh
# unpacks.
tar -C "$bundle/bin" -cf - . | xz -T0 -9 >"$bundle/bin.tar.xz"
rm -rf "$bundle/bin"

# ../shared does not travel with the working tree: take the development data set along, packed
# (text graphs compress ~6x; gpu-run.sh unpacks it).
if [ -d "$HPG_ROOT/../shared/data" ]; then tar -C "$HPG_ROOT/../shared" -cf - data | xz -T0 -9 >"$bundle/data/shared.tar.xz"; fi
# GAPBS, the reference CPU programs that gpu-run.sh's peers and ab steps run beside hpgraph: not
# in a bundle without the hpgraph program (a tests-only bundle and the tree came to over 64 MiB).
if [ -d "$HPG_ROOT/../shared/peers/gapbs" ] && [[ -z "${HPG_BUNDLE_PROGRAMS:-}" || " $HPG_BUNDLE_PROGRAMS " == *" hpgraph "* ]]; then
  mkdir -p "$bundle/peers" && cp "$HPG_ROOT"/../shared/peers/gapbs/* "$bundle/peers/"
fi
git -C "$HPG_ROOT" rev-parse HEAD >"$bundle/COMMIT" 2>/dev/null || true
du -sh "$bundle"
ls -la "$bundle" "$bundle/lib"
size_mib=$(du -sm "$bundle" | cut -f1)
echo "gpu-bundle: $bundle is $size_mib MiB"
[ "$size_mib" -lt 64 ] || { echo "gpu-bundle: over the 64 MiB that can be carried to the GPU machine" >&2; exit 1; }
