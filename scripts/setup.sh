#!/usr/bin/env bash
# Installs what building and testing HPGraph needs on Debian 12 (missing packages only; safe to
# run again), then prints the variables the other scripts use. Source it: `. scripts/setup.sh`.
set -euo pipefail

HPG_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export HPG_ROOT

hpg_packages=(cmake ninja-build g++ make pkg-config zlib1g-dev libgtest-dev libbenchmark-dev libgraphblas-dev ccache xz-utils)

hpg_missing=()
for p in "${hpg_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || hpg_missing+=("$p")
done
if ((${#hpg_missing[@]})); then
  echo "setup: installing ${hpg_missing[*]}" >&2
  hpg_sudo=""
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${hpg_missing[*]}" >&2; exit 1; }
    hpg_sudo=sudo
  fi
  $hpg_sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $hpg_sudo apt-get install -y -qq --no-install-recommends "${hpg_missing[@]}" >/dev/null
fi

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
