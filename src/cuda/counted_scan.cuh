// A scan over the first `count` items of a list whose count may still be on the device: the
// layout step of a compaction (which entries to keep, and where each goes) and of a push (where
// each frontier entry's products start). CUB's scans size their grid and their passes by the
// number of items given at launch, which for a count left on the device is the list's whole
// allocation; in a device loop that is the carried room (n), so every round paid passes over n
// (bench/results/latency-h200-2026-11-25: 40 and 22 us a round for two selects over 4M slots in
// SSSP on the 2048 x 2048 grid, when the rounds' lists held thousands of entries).
//
// Here the grid is fixed at launch (a few blocks per SM, fewer for a short bound) and the work
// follows the count the kernel reads: the count is cut into one contiguous chunk per block, a
// whole number of tiles each, and one kernel (a single pass, after CUB's decoupled look-back)
//   1. hands the chunks out in the order the blocks start (a ticket), and each block sums its
//      chunk's values and publishes the sum;
//   2. each block adds up the published sums of the chunks before its own (at most a few hundred
//      numbers; their blocks started earlier and publish without waiting for anyone, so the wait
//      always ends), scans its chunk tile by tile from there, and hands every item its exclusive
//      prefix; the block of the chunk with the last item hands over the total. The blocks whose
//      chunks lie past the count stop at once.
// One launch whatever the count, no host wait, and no fill: the status (a ticket, a count of the
// blocks done, one word per block) is kept clean from call to call (clean_scratch.cuh), zero at
// the launch and zeroed again by the last block to finish. A second kernel that
// summed the chunks first cost a launch (2 us a scan in a device loop's round, where the rounds
// are chains of small kernels). The items are a policy object (CUB's style: the algorithm is
// templated on what it scans):
//   Items::value_type                     an unsigned integer type
//   value(i) -> value_type                item i's value, for i < count (read twice)
//   emit(i, prefix, value)                item i's exclusive prefix (called once per item, in step 2)
//   total(count, sum)                     the count and the sum over all items (called once)
// or, instead of emit, for items whose output is work to share out (a bitmap word's set bits):
//   emit_by_warp(i, valid, prefix)        called by all 32 lanes of a warp together, each with its
//                                         item (valid false: a lane past the count, no item); the
//                                         item is not read again after it (it may clear it)
//   policy (optional)                     a CountedScanPolicy: how the work is cut (below)
#pragma once

#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

#include <algorithm>
#include <cstdint>

#include "hpgraph/cuda/clean_scratch.cuh"
#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/cuda/last_block.cuh"
#include "hpgraph/cuda/launch_policy.cuh"

namespace hpg::detail::cuda {

inline constexpr unsigned counted_scan_threads = LaunchPolicy::counted_scan_threads;

/// How a counted scan cuts its work (CUB's tuning policies are the model): the items a thread
/// takes in a tile, and the most blocks an SM runs (the grid is at most that many per SM, and the
/// kernel is compiled to fit them). Few items and many blocks suit items whose emit is slow and
/// whose value is cheap: a bitmap word's set bits are written by dependent loads, so the more
/// warps share the words the more of those loads overlap.
template <unsigned ItemsPerThread, unsigned BlocksPerSm>
struct CountedScanPolicy {
  static constexpr unsigned items = ItemsPerThread;
  static constexpr Index tile = Index(counted_scan_threads) * ItemsPerThread;
  static constexpr unsigned blocks_per_sm = BlocksPerSm;
};
using CountedScanDefault = CountedScanPolicy<4, 2>;  // a tile is 1024 items, two blocks an SM
inline constexpr unsigned counted_scan_items = CountedScanDefault::items;
inline constexpr Index counted_scan_tile = CountedScanDefault::tile;

/// The items' policy: Items::policy, or the default.
template <class Items>
struct counted_scan_policy {
  using type = CountedScanDefault;
};
template <class Items>
  requires requires { typename Items::policy; }
struct counted_scan_policy<Items> {
  using type = typename Items::policy;
};

/// Chunk b's items: [begin, end) of the first m, in whole tiles of `tile` (one chunk per block).
struct CountedChunk {
  Index begin, end;
  __device__ static CountedChunk of(Index m, unsigned b, Index tile) {
    const Index tiles = (m + tile - 1) / tile;
    const Index per_block = (tiles + gridDim.x - 1) / gridDim.x * tile;
    const Index begin = std::min<Index>(m, Index(b) * per_block);
    return {begin, std::min<Index>(m, begin + per_block)};
  }
};

/// A chunk's published sum carries this bit (a sum is far below 2^63), so that a zeroed status
/// word reads as "not yet".
inline constexpr unsigned long long counted_scan_published = 1ull << 63;

/// Whether the items share their emits out across a warp (see the top of this file).
template <class Items>
concept WarpEmitted = requires(const Items& items, Index i, bool valid, typename Items::value_type prefix) {
  items.emit_by_warp(i, valid, prefix);
};

/// The words of a counted scan's status: the ticket, the blocks done, then one per block.
inline constexpr unsigned counted_scan_sums_at = 2;

/// Every block ends here: the last one to finish zeroes the status for the next scan (every other
/// block has taken its ticket and read what it waited for by then).
__device__ inline void counted_scan_leave(unsigned long long* status) {
  if (!last_block_to_arrive(&status[1])) return;
  for (unsigned w = threadIdx.x; w < gridDim.x + counted_scan_sums_at; w += blockDim.x) status[w] = 0;
}

/// status: word 0 the ticket, word 1 the blocks done, word 2 + b chunk b's published sum; all
/// zero at the launch, and again once the kernel is done.
template <class Items, class Policy = typename counted_scan_policy<Items>::type>
__global__ void __launch_bounds__(counted_scan_threads, Policy::blocks_per_sm) counted_scan_kernel(DeviceCount::View count, Items items,
                                                                                                   unsigned long long* status) {
  using V = typename Items::value_type;
  constexpr unsigned items_per_thread = Policy::items;
  constexpr Index tile_items = Policy::tile;
  using Reduce = cub::BlockReduce<V, counted_scan_threads>;
  using Scan = cub::BlockScan<V, counted_scan_threads>;
  __shared__ union {
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
  } scratch;
  __shared__ unsigned chunk_of_block;
  __shared__ V base_of_block;
  if (threadIdx.x == 0) chunk_of_block = static_cast<unsigned>(atomicAdd(&status[0], 1ull));
  __syncthreads();
  const unsigned chunk = chunk_of_block;
  const Index m = count_of(count);
  const CountedChunk c = CountedChunk::of(m, chunk, tile_items);
  // The chunks past the count are empty and nobody waits for them (a block waits only for the
  // chunks before its own): their blocks stop here, and the total comes from the chunk that holds
  // the last item (chunk 0 when there are none). A short count in a long bound (a device loop's
  // round) so waits for a few blocks, not for the whole grid.
  const bool holds_last = m == 0 ? chunk == 0 : c.begin < m && c.end == m;
  if (c.begin == c.end && !holds_last) {  // block-uniform: chunk is shared
    counted_scan_leave(status);
    return;
  }
  V mine = 0;
  for (Index i = c.begin + threadIdx.x; i < c.end; i += counted_scan_threads) mine += items.value(i);
  const V sum = Reduce(scratch.reduce).Sum(mine);
  if (threadIdx.x == 0) atomicExch(&status[counted_scan_sums_at + chunk], counted_scan_published | static_cast<unsigned long long>(sum));
  V before = 0;  // the sums of the chunks before this one, as their blocks publish them
  for (unsigned b = threadIdx.x; b < chunk; b += counted_scan_threads) {
    const volatile unsigned long long* word = status + counted_scan_sums_at + b;
    unsigned long long s = *word;
    while (!(s & counted_scan_published)) s = *word;
    before += static_cast<V>(s & ~counted_scan_published);
  }
  __syncthreads();  // the scratch held the chunk's sum
  before = Reduce(scratch.reduce).Sum(before);
  if (threadIdx.x == 0) base_of_block = before;
  __syncthreads();
  V base = base_of_block;
  for (Index tile = c.begin; tile < c.end; tile += tile_items) {
    V v[items_per_thread];
#pragma unroll
    for (unsigned k = 0; k < items_per_thread; ++k) {
      const Index i = tile + Index(threadIdx.x) * items_per_thread + k;
      v[k] = i < c.end ? items.value(i) : V(0);
    }
    V prefix[items_per_thread];
    V tile_sum = 0;
    __syncthreads();  // the scratch is reused tile after tile
    Scan(scratch.scan).ExclusiveSum(v, prefix, tile_sum);
#pragma unroll
    for (unsigned k = 0; k < items_per_thread; ++k) {
      const Index i = tile + Index(threadIdx.x) * items_per_thread + k;
      if constexpr (WarpEmitted<Items>) items.emit_by_warp(i, i < c.end, base + prefix[k]);  // every lane: the tile loop is block-uniform
      else if (i < c.end) items.emit(i, base + prefix[k], v[k]);
    }
    base += tile_sum;
  }
  if (holds_last && threadIdx.x == 0) items.total(m, base);
  counted_scan_leave(status);
}

/// The blocks a counted scan runs on for at most `bound` items: the policy's blocks per SM, fewer
/// when the bound fills fewer tiles.
template <class Policy = CountedScanDefault>
unsigned counted_scan_grid(Index bound) {
  const Index tiles = std::max<Index>(1, (bound + Policy::tile - 1) / Policy::tile);
  return static_cast<unsigned>(std::min<Index>(tiles, Index(Policy::blocks_per_sm) * multiprocessors()));
}

/// Scans the first count_of(count) items (at most `bound`) as the top of this file says; ordered
/// on the library's stream, no host wait. `what` names the operation in an error.
template <class Items>
void counted_scan(DeviceCount::View count, Index bound, const Items& items, const char* what) {
  const unsigned grid = counted_scan_grid<typename counted_scan_policy<Items>::type>(bound);
  CleanScratch status = zeroed_scratch(ScratchUse::scan_status, (grid + counted_scan_sums_at) * sizeof(unsigned long long), what);
  counted_scan_kernel<<<grid, counted_scan_threads, 0, stream()>>>(count, items, static_cast<unsigned long long*>(status.data()));
  check_launch("counted_scan_kernel");
  status.restored();
}

}  // namespace hpg::detail::cuda
