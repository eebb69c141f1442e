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

/// The user's round counter, a word of `bytes` bytes, read and written apart so that its read can
/// go out with the others.
__device__ inline unsigned long long read_counter(const void* p, int bytes) {
  switch (bytes) {
    case 1: return *static_cast<const unsigned char*>(p);
    case 2: return *static_cast<const unsigned short*>(p);
    case 4: return *static_cast<const unsigned*>(p);
    case 8: return *static_cast<const unsigned long long*>(p);
    default: return 0;  // a counter is an integer of 1, 2, 4 or 8 bytes
  }
}
__device__ inline void write_counter(void* p, int bytes, unsigned long long v) {
  switch (bytes) {
    case 1: *static_cast<unsigned char*>(p) = static_cast<unsigned char>(v); break;
    case 2: *static_cast<unsigned short*>(p) = static_cast<unsigned short>(v); break;
    case 4: *static_cast<unsigned*>(p) = static_cast<unsigned>(v); break;
    case 8: *static_cast<unsigned long long*>(p) = v; break;
  }
}

__device__ inline void add_one(void* p, int bytes) { write_counter(p, bytes, read_counter(p, bytes) + 1); }

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

/// A count word that the caller has just written, and its value: what reads it in the round's end
/// takes the value instead of another trip to memory (the held push's last block writes its list's
/// count, which the copy back and the condition read).
struct KnownCount {
  const unsigned long long* word = nullptr;
  unsigned long long value = 0;
};

__device__ inline Index count_known(DeviceCount::View c, KnownCount known) {
  return c.word && c.word == known.word ? c.base + Index(known.value) : count_of(c);
}

/// What the condition is set from, read at once: every read that waited for a write before it
/// was another trip to memory on the round's serial path.
struct ConditionRead {
  unsigned long long rounds;   // the rounds run before this one
  unsigned long long counted;  // the user's counter's value
  Index count;
  bool overflowed;
};

__device__ inline ConditionRead read_condition(const LoopCondition& c, bool counts_round, KnownCount known) {
  return {*c.rounds, counts_round && c.counter ? read_counter(c.counter, c.counter_bytes) : 0, count_known(c.count, known),
          *c.overflow != 0};
}

/// Sets the WHILE node's condition: another round while fewer than max_rounds have run, the
/// count is in [at_least, fewer_than) and positive, and no carried list outgrew its storage. In
/// the body it first counts the round just run (in the loop's word and the user's counter).
__device__ inline void write_condition(const LoopCondition& c, bool counts_round, const ConditionRead& r) {
  const unsigned long long rounds = r.rounds + (counts_round ? 1 : 0);
  if (counts_round) {
    *c.rounds = rounds;
    if (c.counter) write_counter(c.counter, c.counter_bytes, r.counted + 1);
  }
  const Index k = r.count;
  cudaGraphSetConditional(c.handle, k > 0 && k >= c.at_least && k < c.fewer_than && rounds < c.max_rounds && !r.overflowed ? 1u : 0u);
}

__device__ inline void set_condition(const LoopCondition& c, bool counts_round) {
  write_condition(c, counts_round, read_condition(c, counts_round, {}));
}

/// A launch that runs every round of the loop (push_list_rounds_kernel, DeviceLoop::end): the copy
/// that puts its list back where it reads its input (from the list's start; the condition is on
/// that count), and a second list of the list's length, which the rounds use by turns with the
/// first. A WHILE node's iteration costs 4.5 us on an H200, a grid barrier about 0.9.
struct AllRounds {
  CarryCopy input;  // input.idx null: a launch runs one round
  std::uint32_t* idx2;
  void* val2;
};

/// The carried vectors' copies (at most loop_end_copies in one launch) and, when `sets_condition`,
/// the condition. One thread (the leader) writes the counts (or the overflow) and then reads them
/// for the condition; the others copy entries. The copies' sources are never another copy's
/// destination (stage_carried saw to that), so their order does not matter. All zero: nothing.
/// When the kernel that ends the round is the whole round and runs every round (`rounds`), the
/// copies are counts alone.
constexpr int loop_end_copies = 8;
struct RoundEnd {
  LoopCondition condition;
  int sets_condition;
  int copies;
  CarryCopy copy[loop_end_copies];
  AllRounds rounds;
  __host__ __device__ bool all_rounds() const { return rounds.input.idx != nullptr; }
};

__device__ inline Index copy_count(const CarryCopy& c, KnownCount known = {}) {
  return count_known(DeviceCount::View{c.from_base, c.from_word}, known);
}

/// What the leader reads: the copies' counts and what the condition reads, every word at once.
struct RoundEndRead {
  Index m[loop_end_copies];
  ConditionRead cond;
};

/// The leader's reads. A word that is `known` is not read: its value is known, or is put in when
/// the counts are written (the held push's last block reads everything else while it takes its
/// list's count).
__device__ inline RoundEndRead read_round_end(const RoundEnd& e, KnownCount known) {
  RoundEndRead r{};
#pragma unroll
  for (int j = 0; j < loop_end_copies; ++j)
    if (j < e.copies) r.m[j] = copy_count(e.copy[j], known);
  if (e.sets_condition) r.cond = read_condition(e.condition, true, known);
  return r;
}

/// The leader's writes: the counts (or the overflow), then the condition. The known word's value
/// replaces what was read for it, and the condition's count, when a copy writes it, is what the
/// copy writes.
__device__ inline void write_round_end(const RoundEnd& e, RoundEndRead r, KnownCount known) {
  if (known.word && e.sets_condition && e.condition.count.word == known.word) r.cond.count = e.condition.count.base + Index(known.value);
  bool overflowed = false;
#pragma unroll
  for (int j = 0; j < loop_end_copies; ++j) {
    if (j >= e.copies) break;
    const CarryCopy& c = e.copy[j];
    if (known.word && c.from_word == known.word) r.m[j] = c.from_base + Index(known.value);
    if (r.m[j] > c.capacity) {
      overflowed = true;
    } else if (c.count) {
      *c.count = r.m[j];
      if (c.count == e.condition.count.word) r.cond.count = e.condition.count.base + r.m[j];
    }
  }
  if (overflowed && e.condition.overflow) *e.condition.overflow = 1;
  r.cond.overflowed = r.cond.overflowed || overflowed;
  if (e.sets_condition) write_condition(e.condition, true, r.cond);
}

/// The leader's part: the counts (or the overflow), then the condition. `known`: a count word the
/// caller has just written. All zero (no copies, no condition): nothing.
__device__ inline void end_round_counts(const RoundEnd& e, KnownCount known = {}) { write_round_end(e, read_round_end(e, known), known); }

/// Copies entries [first, m) by `stride` from one array to another in words of type Word, `words`
/// of them an entry: up to `Batch` entries a thread are read before any is written (the arrays
/// may alias as far as the compiler knows, so a plain loop waited for each read in turn). A
/// one-block copy takes Batch 4; a copy on a grid, where a thread mostly has one entry (SSSP's
/// frontier, ~97,000 entries on 270,000 threads), takes 1: 4 took the loop's last kernel from 46
/// to 64 registers.
template <class Word, int Batch>
__device__ void copy_entries(const void* from, void* to, Index m, std::size_t words, Index first, Index stride) {
  const Word* src = static_cast<const Word*>(from);
  Word* dst = static_cast<Word*>(to);
  const Index n = m * words;
  for (Index k = first; k < n; k += Batch * stride) {
    Word w[Batch];
#pragma unroll
    for (int b = 0; b < Batch; ++b)
      if (k + b * stride < n) w[b] = src[k + b * stride];
#pragma unroll
    for (int b = 0; b < Batch; ++b)
      if (k + b * stride < n) dst[k + b * stride] = w[b];
  }
}

/// The m values of `bytes` bytes each, in the widest words their size is a multiple of (the arrays
/// start on the allocator's 256-byte boundaries).
template <int Batch>
__device__ void copy_values(const void* from, void* to, Index m, std::size_t bytes, Index first, Index stride) {
  if (bytes % 16 == 0) copy_entries<uint4, Batch>(from, to, m, bytes / 16, first, stride);
  else if (bytes % 8 == 0) copy_entries<std::uint64_t, Batch>(from, to, m, bytes / 8, first, stride);
  else if (bytes % 4 == 0) copy_entries<std::uint32_t, Batch>(from, to, m, bytes / 4, first, stride);
  else if (bytes % 2 == 0) copy_entries<std::uint16_t, Batch>(from, to, m, bytes / 2, first, stride);
  else copy_entries<std::uint8_t, Batch>(from, to, m, bytes, first, stride);
}

/// A list's m indices and values, a value one Word (CarryCopy: from_idx and from_val into idx and
/// val): each thread reads up to `Batch` entries' indices and values before it writes any. (Copied
/// in two loops, the values' reads waited for the indices' writes: SSSP's loop end took 4.57 us a
/// round instead of 3.95, H200.)
template <class Word, int Batch>
__device__ void copy_list(const CarryCopy& c, Index m, Index first, Index stride) {
  const Word* from = static_cast<const Word*>(c.from_val);
  Word* to = static_cast<Word*>(c.val);
  for (Index k = first; k < m; k += Batch * stride) {
    std::uint32_t i[Batch];
    Word v[Batch];
#pragma unroll
    for (int b = 0; b < Batch; ++b)
      if (k + b * stride < m) {
        i[b] = c.from_idx[k + b * stride];
        v[b] = from[k + b * stride];
      }
#pragma unroll
    for (int b = 0; b < Batch; ++b)
      if (k + b * stride < m) {
        c.idx[k + b * stride] = i[b];
        to[k + b * stride] = v[b];
      }
  }
}

/// One carried vector's copy, from thread `first` on by `stride`, `Batch` entries a thread at a
/// time (`known`: as for the leader). A count alone is the leader's (which may have written the
/// word it read).
template <int Batch>
__device__ __forceinline__ void copy_carried(const CarryCopy& c, Index first, Index stride, KnownCount known) {
  if (!c.idx && !c.val) return;
  const Index m = copy_count(c, known);
  if (m > c.capacity) return;
  if (c.idx && c.val) {  // the usual list: indices and values of 1, 2, 4, 8 or 16 bytes together
    switch (c.val_bytes) {
      case 1: copy_list<std::uint8_t, Batch>(c, m, first, stride); return;
      case 2: copy_list<std::uint16_t, Batch>(c, m, first, stride); return;
      case 4: copy_list<std::uint32_t, Batch>(c, m, first, stride); return;
      case 8: copy_list<std::uint64_t, Batch>(c, m, first, stride); return;
      case 16: copy_list<uint4, Batch>(c, m, first, stride); return;
      default: break;
    }
  }
  if (c.idx) copy_entries<std::uint32_t, Batch>(c.from_idx, c.idx, m, 1, first, stride);
  if (c.val) copy_values<Batch>(c.from_val, c.val, m, c.val_bytes, first, stride);
}

/// Everyone's part: the n copies' entries, one copy after another (read from shared memory or
/// the kernel's argument; unrolled over the 8 copies, a held push's copies spilled more).
template <int Batch>
__device__ __forceinline__ void end_round_copies(const CarryCopy* copy, int n, Index first, Index stride, KnownCount known = {}) {
  for (int j = 0; j < n; ++j) copy_carried<Batch>(copy[j], first, stride, known);
}

/// A held push's last block's copies (end_round_copies<4>), one function that is not inlined and
/// that every instantiation of the push calls: inlined, the copies were 30% of the device code of
/// a translation unit that runs a BFS, compiled again for each push. `staged` is the round end's
/// copies staged in shared memory (stage_copies), not the kernel's argument: a reference into the
/// argument is a generic address of the kernel's parameter space, which compute-sanitizer
/// memcheck reports as an out-of-bounds global read in kernels that a WHILE node's body launches
/// (H200, CUDA 13.0; passed by value instead, a copy spilled 340 bytes under the push's 64
/// registers).
__device__ __noinline__ inline void end_staged_copies(const CarryCopy* staged, int n, Index first, Index stride, KnownCount known) {
  end_round_copies<4>(staged, n, first, stride, known);
}

/// After the last round of a launch that runs every round (push_list_rounds_kernel,
/// push_bit_list_rounds_kernel), its leader's: the round end's other copies, counts alone
/// (DeviceLoop::end), written as write_round_end writes them; true when one passes its capacity
/// (the loop's overflow).
__device__ inline bool count_copies_overflow(const RoundEnd& e) {
  bool over = false;
#pragma unroll
  for (int j = 0; j < loop_end_copies; ++j) {
    if (j >= e.copies) break;
    const CarryCopy& c = e.copy[j];
    const Index m = copy_count(c);
    if (m > c.capacity) over = true;
    else if (c.count) *c.count = m;
  }
  return over;
}

/// What a launch that runs every round of a device loop (push_list_rounds_kernel,
/// push_bit_list_rounds_kernel) knows of the loop from its start: the rounds run before it, the
/// user's counter (which a fused upsert from the round counter reads as `counted + r` in round r)
/// and an overflow already set. Every thread reads it and decides alike after each round.
struct RoundsRun {
  unsigned long long rounds_before = 0;
  unsigned long long counted = 0;
  bool overflowed = false;

  __device__ static RoundsRun start(const RoundEnd& e) {
    const LoopCondition& c = e.condition;
    return RoundsRun{*c.rounds, c.counter ? read_counter(c.counter, c.counter_bytes) : 0, *c.overflow != 0};
  }
  /// Whether another round follows round r (from 0), whose list, which goes back into the input,
  /// holds m entries: the condition on its count, the rounds, the input's capacity, no overflow.
  __device__ bool again(const RoundEnd& e, unsigned long long r, Index m) const {
    const LoopCondition& c = e.condition;
    const Index k = c.count.base + m;
    return k > 0 && k >= c.at_least && k < c.fewer_than && rounds_before + r + 1 < c.max_rounds && m <= e.rounds.input.capacity &&
           !overflowed;
  }
  /// The leader's last writes after round r, whose list held m entries: the other copies' counts
  /// and the input's (or the overflow), the rounds run, the user's counter, the condition false.
  __device__ void end(const RoundEnd& e, unsigned long long r, Index m) const {
    const LoopCondition& c = e.condition;
    const CarryCopy& input = e.rounds.input;
    if (count_copies_overflow(e) || m > input.capacity) *c.overflow = 1;
    if (m <= input.capacity) *input.count = m;
    *c.rounds = rounds_before + r + 1;
    if (c.counter) write_counter(c.counter, c.counter_bytes, counted + r + 1);
    cudaGraphSetConditional(c.handle, 0u);  // every stop is the condition's: the count, the rounds or an overflow
  }
};

/// Room in shared memory for a round end's copies (CarryCopy's default initializers rule out a
/// __shared__ array of it), and the copy into it: a thread a copy, before a barrier.
struct StagedCopies {
  alignas(CarryCopy) unsigned char bytes[sizeof(CarryCopy) * loop_end_copies];
  __device__ CarryCopy* copies() { return reinterpret_cast<CarryCopy*>(bytes); }
};
__device__ __forceinline__ void stage_copies(StagedCopies& room, const RoundEnd& e, unsigned thread) {
  if (thread < loop_end_copies && int(thread) < e.copies) room.copies()[thread] = e.copy[thread];
}

}  // namespace hpg::detail::cuda
