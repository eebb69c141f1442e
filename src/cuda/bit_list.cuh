// A bitmap's set bits as a sorted list: the list step of the atomic push (push_atomic.cuh, where
// the bits mark its outputs) and of sorting a jumbled list (jumbled.cuh, where they mark its
// indices). A scan over the words, not over the bits: n / 32 items, one launch.
#pragma once

#include <cstdint>

#include "hpgraph/cuda/counted_scan.cuh"

namespace hpg::detail::cuda {

/// The items of a counted scan (counted_scan.cuh) over a bitmap's words: word w's set bits become
/// list indices from the number of set bits before it, each slot's value taken from an array
/// indexed by the bit (Keep: `kept`) or `identity`; each word's first slot goes into offsets[w]
/// when offsets is not null (the rank of a bit is then one lookup). The total is the count.
template <bool Keep, class Z>
struct BitList {
  using value_type = std::uint32_t;
  const std::uint32_t* bits;
  std::uint32_t* offsets;
  const Z* kept;
  Z identity;
  std::uint32_t* idx;
  Z* tval;
  unsigned long long* count;
  __device__ std::uint32_t value(Index w) const { return __popc(bits[w]); }
  /// A word's set bits are shared out over the warp: lane j writes bit j of each non-zero word
  /// the warp holds, so a word of 32 entries is 32 parallel writes, not a thread's 32 dependent
  /// ones (a band of a grid's vertices fills whole words).
  __device__ void emit_by_warp(Index w, bool valid, std::uint32_t pos) const {
    const std::uint32_t word = valid ? bits[w] : 0;
    if (valid && offsets) offsets[w] = pos;
    const unsigned lane = threadIdx.x % 32;
    for (unsigned busy = __ballot_sync(~0u, word != 0); busy; busy &= busy - 1) {
      const int from = __ffs(busy) - 1;
      const std::uint32_t bits_of = __shfl_sync(~0u, word, from), at = __shfl_sync(~0u, pos, from);
      const std::uint32_t first = std::uint32_t(__shfl_sync(~0u, static_cast<unsigned long long>(w), from)) * 32;
      if (bits_of >> lane & 1u) {
        const std::uint32_t slot = at + __popc(bits_of & ((1u << lane) - 1u)), i = first + lane;
        idx[slot] = i;
        if constexpr (Keep) tval[slot] = kept[i];
        else tval[slot] = identity;
      }
    }
  }
  __device__ void total(Index nwords, std::uint32_t n) const {
    if (offsets) offsets[nwords] = n;
    *count = n;
  }
};

}  // namespace hpg::detail::cuda
