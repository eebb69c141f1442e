#!/usr/bin/env bash
# Installs what building and testing HPGraph needs on Debian 12 (missing packages only; safe to
# run again), then prints the variables the other scripts use. Source it: `. scripts/setup.sh`.
set -euo pipefail

HPG_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export HPG_ROOT

# hpg_install PACKAGE...: installs those of the Debian packages that are missing.
hpg_install() {
  local p missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  echo "setup: installing ${missing[*]}" >&2
  local sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo=sudo
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

hpg_install cmake ninja-build g++ make pkg-config zlib1g-dev libgtest-dev libbenchmark-dev libgraphblas-dev ccache xz-utils

# nvcc lives outside PATH on a stock CUDA install.
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi
if command -v nvcc >/dev/null; then
  HPG_CUDA=ON
else
  HPG_CUDA=OFF
  echo "setup: no nvcc found: building the host backend only" >&2
fi
export HPG_CUDA
# ccache keys on paths relative to the checkout, so a fresh clone elsewhere reuses the cache.
export CCACHE_BASEDIR="$HPG_ROOT" CCACHE_NOHASHDIR=1
HPG_JOBS="$(nproc 2>/dev/null || echo 2)"
export HPG_JOBS
