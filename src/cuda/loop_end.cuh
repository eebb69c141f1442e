// The end of a device loop's round (device_loop.cuh): the carried vectors' copies, the round
// counted and the WHILE node's condition set. Done by the loop's last kernel, or by the last block
// of a held-back kernel that makes the list the loop carries (DeferredProducer), which then is the
// round's last kernel itself.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/detail/loop_capture.hpp"

namespace hpg::detail::cuda {

__device__ inline void add_one(void* p, int bytes) {
  switch (bytes) {
    case 1: ++*static_cast<unsigned char*>(p); break;
    case 2: ++*static_cast<unsigned short*>(p); break;
    case 4: ++*static_cast<unsigned*>(p); break;
    case 8: ++*static_cast<unsigned long long*>(p); break;
  }
}

/// What the loop's condition reads, in one kernel argument.
struct LoopCondition {
  cudaGraphConditionalHandle handle;
  DeviceCount::View count;
  Index at_least, fewer_than, max_rounds;
  unsigned long long* rounds;
  unsigned* overflow;
  void* counter;  // the user's round counter, or null
  int counter_bytes;
};

/// Sets the WHILE node's condition: another round while fewer than max_rounds have run, the
/// count is in [at_least, fewer_than) and positive, and no carried list outgrew its storage. In
/// the body it first counts the round just run (in the loop's word and the user's counter).
__device__ inline void set_condition(const LoopCondition& c, bool counts_round) {
  const unsigned long long r = *c.rounds + (counts_round ? 1 : 0);
  if (counts_round) {
    *c.rounds = r;
    if (c.counter) add_one(c.counter, c.counter_bytes);
  }
  const Index k = count_of(c.count);
  cudaGraphSetConditional(c.handle, k > 0 && k >= c.at_least && k < c.fewer_than && r < c.max_rounds && !*c.overflow ? 1u : 0u);
}

/// The carried vectors' copies (at most loop_end_copies in one launch) and, when `sets_condition`,
/// the condition. One thread (the leader) writes the counts (or the overflow) and then reads them
/// for the condition; the others copy entries. The copies' sources are never another copy's
/// destination (stage_carried saw to that), so their order does not matter. All zero: nothing.
constexpr int loop_end_copies = 8;
struct RoundEnd {
  LoopCondition condition;
  int sets_condition;
  int copies;
  CarryCopy copy[loop_end_copies];
};

__device__ inline Index copy_count(const CarryCopy& c) { return count_of(DeviceCount::View{c.from_base, c.from_word}); }

template <class Word>
__device__ void copy_words(const void* from, void* to, Index k, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w) static_cast<Word*>(to)[k * words + w] = static_cast<const Word*>(from)[k * words + w];
}

/// Value k of `bytes` bytes, in the widest words its size is a multiple of (the arrays start on
/// the allocator's 256-byte boundaries).
__device__ inline void copy_value(const void* from, void* to, Index k, std::size_t bytes) {
  if (bytes % 16 == 0) copy_words<uint4>(from, to, k, bytes / 16);
  else if (bytes % 8 == 0) copy_words<std::uint64_t>(from, to, k, bytes / 8);
  else if (bytes % 4 == 0) copy_words<std::uint32_t>(from, to, k, bytes / 4);
  else if (bytes % 2 == 0) copy_words<std::uint16_t>(from, to, k, bytes / 2);
  else copy_words<std::uint8_t>(from, to, k, bytes);
}

/// The leader's part: the counts (or the overflow), then the condition.
__device__ inline void end_round_counts(const RoundEnd& e) {
#pragma unroll
  for (int j = 0; j < loop_end_copies; ++j) {
    if (j >= e.copies) break;
    const Index m = copy_count(e.copy[j]);
    if (m > e.copy[j].capacity) {
      if (e.condition.overflow) *e.condition.overflow = 1;
    }
    else if (e.copy[j].count) *e.copy[j].count = m;
  }
  if (e.sets_condition) set_condition(e.condition, true);
}

/// Everyone's part: the entries, from thread `first` on by `stride`.
__device__ inline void end_round_copies(const RoundEnd& e, Index first, Index stride) {
#pragma unroll
  for (int j = 0; j < loop_end_copies; ++j) {
    if (j >= e.copies) break;
    const CarryCopy& c = e.copy[j];
    if (!c.idx && !c.val) continue;  // a count alone: the leader wrote it (and may have written the word it read)
    const Index m = copy_count(c);
    if (m > c.capacity) continue;
    for (Index k = first; k < m; k += stride) {
      if (c.idx) c.idx[k] = c.from_idx[k];
      if (c.val) copy_value(c.from_val, c.val, k, c.val_bytes);
    }
  }
}

}  // namespace hpg::detail::cuda
