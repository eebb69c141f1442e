// A bitmap's set bits as a sorted list: the list step of the atomic push (push_atomic.cuh, where
// the bits mark its outputs) and of sorting a jumbled list (jumbled.cuh, where they mark its
// indices). A scan over the words, not over the bits: n / 32 items, one launch.
#pragma once

#include <cstdint>

#include "hpgraph/cuda/counted_scan.cuh"

namespace hpg::detail::cuda {

/// The items of a counted scan (counted_scan.cuh) over a bitmap's words: word w's set bits become
/// list indices from the number of set bits before it, each slot's value taken from `kept` at its
/// index. The bitmap is left clear (clean_scratch.cuh: it is the next call's, zeroed), and with
/// `restore_kept` so is every value read (the monoid's identity, `identity`, put back). The total
/// is the count.
template <class Z>
struct BitList {
  using value_type = std::uint32_t;
  // The default policy (4 words a thread, 2 blocks an SM). A word a thread on four blocks an SM
  // (CountedScanPolicy<1, 4>: four times the warps to overlap the emit's loads, on 512 blocks)
  // was tried: SSSP's list step on the 2048 x 2048 grid took 10.2 us a round on an H200, more
  // than with this policy (bench/results/select-append-h200-2026-11-28/).
  std::uint32_t* bits;
  Z* kept;
  bool restore_kept;
  Z identity;
  std::uint32_t* idx;
  Z* tval;
  unsigned long long* count;
  __device__ std::uint32_t value(Index w) const { return __popc(bits[w]); }
  /// A word's set bits are shared out over the warp: lane j writes bit j of each non-zero word
  /// the warp holds, so a word of 32 entries is 32 parallel writes, not a thread's 32 dependent
  /// ones (a band of a grid's vertices fills whole words). The values of `batch` words are read
  /// before any is written, so that their reads overlap (one read after another, each waiting for
  /// the last word's writes, made the list step of SSSP's push on the 2048 x 2048 grid take 11.7 us
  /// where writing the identity took 6.3).
  __device__ void emit_by_warp(Index w, bool valid, std::uint32_t pos) const {
    const std::uint32_t word = valid ? bits[w] : 0;
    if (word) bits[w] = 0;  // read for the last time: this block's sum and tile were taken before
    const unsigned lane = threadIdx.x % 32;
    constexpr int batch = 8;
    for (unsigned busy = __ballot_sync(~0u, word != 0); busy;) {  // warp-uniform
      std::uint32_t bits_of[batch], at[batch], first[batch];
      Z v[batch];
#pragma unroll
      for (int b = 0; b < batch; ++b) {
        const bool more = busy != 0;
        const int from = more ? __ffs(busy) - 1 : 0;
        busy &= busy - 1;
        const std::uint32_t word_of = __shfl_sync(~0u, word, from);
        bits_of[b] = more ? word_of : 0u;
        at[b] = __shfl_sync(~0u, pos, from);
        first[b] = std::uint32_t(__shfl_sync(~0u, static_cast<unsigned long long>(w), from)) * 32;
        v[b] = bits_of[b] >> lane & 1u ? kept[first[b] + lane] : identity;
      }
#pragma unroll
      for (int b = 0; b < batch; ++b) {
        if (!(bits_of[b] >> lane & 1u)) continue;
        const std::uint32_t slot = at[b] + __popc(bits_of[b] & ((1u << lane) - 1u)), i = first[b] + lane;
        idx[slot] = i;
        tval[slot] = v[b];
        if (restore_kept) kept[i] = identity;
      }
    }
  }
  __device__ void total(Index, std::uint32_t n) const { *count = n; }
};

}  // namespace hpg::detail::cuda
