// The device side of an upsert, w<struct(M)> = x or u into a bitmap w (vector_upsert.cuh): over M's
// list by a grid (upsert_bitmap_kernel, and the deferred upserts of a device loop's capture that
// one kernel does together, loop_capture.hpp), or for one output as a kernel that makes M claims it
// (a held-back producer's fused upserts, DeferredProducer).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/warp_lanes.cuh"
#include "hpgraph/detail/loop_capture.hpp"

namespace hpg::detail::cuda {

/// A value that held-back work carries as bytes (a word of 1, 2, 4 or 8): a deferred or fused
/// upsert's source, a held map's or list step's values, a kept entry's value.
template <class T>
inline constexpr bool held_value = std::is_trivially_copyable_v<T> && (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8);

/// For the first m entries k of the list idx, store(k, i = idx[k]) (w's value i), and with `added`
/// w's presence byte i set and the entries that were absent counted into *added: one atomic a
/// block (add_block_count), not one a warp and a round of the loop, all on that one word (the
/// parents' and levels' upserts after kron-21's third BFS level: 65.5 -> 56.7 µs, H200). (added
/// null: w is full, nothing can be absent, and nothing is counted.) Every thread of every block calls
/// it (add_block_count's barriers).
template <class Store>
__device__ void upsert_list(const std::uint32_t* idx, Index m, std::uint8_t* present, unsigned long long* added, const Store& store) {
  unsigned fresh = 0;
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x) {
    const std::uint32_t i = idx[k];
    store(k, i);
    if (added) {
      fresh += present[i] == 0 ? 1u : 0u;
      present[i] = 1;
    }
  }
  if (added) add_block_count(fresh, added);  // uniform: a kernel argument
}

/// A deferred upsert's value for M's entry k (index i), as a Word. An inline scalar is taken from
/// the kernel argument by value: a pointer to it would be a pointer into the parameter space (what
/// memcheck saw as an invalid global read when it was chosen beside the source pointers).
template <class Word>
__device__ Word deferred_value(const DeferredUpsert& u, Index k, std::uint32_t i) {
  if (u.source == DeferredUpsert::inline_scalar) {
    Word w;
    std::memcpy(&w, u.scalar, sizeof(Word));
    return w;
  }
  const Word* from = static_cast<const Word*>(u.from);
  const bool one = u.source == DeferredUpsert::scalar_at || u.source == DeferredUpsert::round_counter;
  return one ? *from : u.source == DeferredUpsert::aligned ? from[k] : from[i];
}

/// The upsert's value for entry k (index i), its `bytes` bytes in the low bytes of a word.
__device__ inline std::uint64_t deferred_bits(const DeferredUpsert& u, Index k, std::uint32_t i) {
  switch (u.bytes) {
    case 1: return deferred_value<std::uint8_t>(u, k, i);
    case 2: return deferred_value<std::uint16_t>(u, k, i);
    case 4: return deferred_value<std::uint32_t>(u, k, i);
    default: return deferred_value<std::uint64_t>(u, k, i);
  }
}

/// w's value i = the low `bytes` bytes of `bits`.
__device__ inline void store_bits(const DeferredUpsert& u, std::uint32_t i, std::uint64_t bits) {
  switch (u.bytes) {
    case 1: static_cast<std::uint8_t*>(u.val)[i] = static_cast<std::uint8_t>(bits); break;
    case 2: static_cast<std::uint16_t*>(u.val)[i] = static_cast<std::uint16_t>(bits); break;
    case 4: static_cast<std::uint32_t*>(u.val)[i] = static_cast<std::uint32_t>(bits); break;
    default: static_cast<std::uint64_t*>(u.val)[i] = bits; break;
  }
}

/// w's value i = the upsert's value for entry k.
__device__ inline void deferred_store(const DeferredUpsert& u, Index k, std::uint32_t i) { store_bits(u, i, deferred_bits(u, k, i)); }

/// One deferred upsert over the grid, as upsert_bitmap_kernel does it.
__device__ inline void run_upsert(const DeferredUpsert& u) {
  upsert_list(u.idx, count_of(DeviceCount::View{u.base, u.word}), u.present, u.added,
              [&](Index k, std::uint32_t i) { deferred_store(u, k, i); });
}

__device__ inline void run_upserts(const DeferredUpserts& d) {
#pragma unroll
  for (int j = 0; j < max_deferred_upserts; ++j)  // a fixed bound: the argument is not copied to local memory
    if (j < d.count) run_upsert(d.upsert[j]);
}

/// What a held-back producer's fused upserts (DeferredProducer) read for output i: each value
/// that is not the producer's own, and whether i was absent from each counted target. Read before
/// the output is claimed, together with the claim's own reads: nothing they read depends on the
/// claim, and only the thread that claims i writes i's value and presence in this launch (two
/// upserts into one vector are not fused), so they see what was there at the launch. Read after
/// it, each was another trip to memory on the path of every claim (a BFS level's parent and
/// level: their presence bytes and the depth).
struct ClaimReads {
  std::uint64_t value[max_deferred_upserts];
  bool fresh[max_deferred_upserts];
};

/// The loop's round counter as a launch that runs every round knows it (its leader writes the
/// counter once, after the last round): what an upsert from the counter (round_counter) takes.
struct KnownRound {
  bool known = false;
  std::uint64_t count = 0;
};

__device__ inline ClaimReads read_for_claim(const DeferredUpserts& d, std::uint32_t i, KnownRound round = {}) {
  ClaimReads r{};
#pragma unroll
  for (int j = 0; j < max_deferred_upserts; ++j) {
    if (j >= d.count) break;  // uniform: a kernel argument
    const DeferredUpsert& u = d.upsert[j];
    if (round.known && u.source == DeferredUpsert::round_counter) r.value[j] = round.count;
    else if (u.source != DeferredUpsert::aligned) r.value[j] = deferred_bits(u, 0, i);  // not aligned: k is not read
    r.fresh[j] = u.added && u.present[i] == 0;
  }
  return r;
}

/// The fused upserts for output i, which this thread has just claimed with value `own` (an aligned
/// source's value: the producer's own, of the upsert's size, so it is not read back), from what
/// read_for_claim read. `claiming`: the lanes of this warp that claimed an output together (each
/// of them calls this), which count the absent entries one atomic per upsert among them.
template <class Z>
__device__ void upsert_claimed(const DeferredUpserts& d, WarpLanes claiming, std::uint32_t i, const Z& own, const ClaimReads& r) {
  std::uint64_t own_bits = 0;
  if constexpr (sizeof(Z) <= sizeof(own_bits)) std::memcpy(&own_bits, &own, sizeof(Z));  // aligned: same size (fuse_into_producer)
#pragma unroll
  for (int j = 0; j < max_deferred_upserts; ++j) {
    if (j >= d.count) break;
    const DeferredUpsert& u = d.upsert[j];
    store_bits(u, i, u.source == DeferredUpsert::aligned ? own_bits : r.value[j]);
    if (u.added) u.present[i] = 1;
  }
#pragma unroll
  for (int j = 0; j < max_deferred_upserts; ++j) {
    if (j >= d.count) break;
    const DeferredUpsert& u = d.upsert[j];
    if (!u.added) continue;
    const unsigned fresh = claiming.count(r.fresh[j]);
    if (fresh && claiming.leads()) atomicAdd(u.added, static_cast<unsigned long long>(fresh));
  }
}

}  // namespace hpg::detail::cuda
