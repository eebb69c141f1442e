# Sourced, not run: hpg_unpack_bundle BUNDLE unpacks a GPU bundle (scripts/gpu-bundle.sh) into two
# fresh folders, $bindir (its programs) and $libdir (the shared libraries they need), and puts
# $libdir and the CUDA toolkit's libraries on LD_LIBRARY_PATH. scripts/gpu-run.sh and the device
# scripts under bench/results call it instead of unpacking a bundle each their own way.
hpg_unpack_bundle() {
  local b="$1" f sys_cxx cuda_lib cupti
  libdir="$(mktemp -d)"
  bindir="$(mktemp -d)"
  cp "$b"/lib/* "$libdir/"
  if [ -f "$b/bin.tar.xz" ]; then xz -dc "$b/bin.tar.xz" | tar -C "$bindir" -xf -; else cp "$b"/bin/* "$bindir/"; fi
  for f in "$libdir"/*.xz "$bindir"/*.xz; do [ -e "$f" ] && xz -d -T0 "$f"; done
  chmod +x "$bindir"/*
  # Prefer the machine's own C++ runtime when it is new enough (the bundled one needs glibc 2.36).
  sys_cxx="$(ldconfig -p 2>/dev/null | awk '/libstdc\+\+\.so\.6 /{print $NF; exit}')"
  if [ -n "$sys_cxx" ] && grep -qa GLIBCXX_3.4.30 "$sys_cxx"; then rm -f "$libdir"/libstdc++.so.6 "$libdir"/libgcc_s.so.1; fi
  cuda_lib="$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")/../lib64"
  # CUPTI (kernel_trace links it; the tests load it) from the toolkit when the bundle left it out
  # (a bundle at the device tool's 64 MiB: the toolkit keeps it under targets/<arch>/lib).
  if [ ! -e "$libdir/libcupti.so.13" ]; then
    cupti="$(find "$cuda_lib/" "$cuda_lib/../targets/" -name 'libcupti.so.13' 2>/dev/null | head -1 || true)"
    [ -n "$cupti" ] && [ "$(cd "$(dirname "$cupti")" && pwd -P)" != "$(cd "$cuda_lib" 2>/dev/null && pwd -P)" ] && cuda_lib="$cuda_lib:$(dirname "$cupti")"
  fi
  export LD_LIBRARY_PATH="$libdir:$cuda_lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
}
