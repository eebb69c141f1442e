// One device word that a kernel counts into with atomics and the host then reads: the count of a
// result's entries, taken by the kernel that writes them instead of by a second pass.
#pragma once

#include <utility>

#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/detail/storage.hpp"

namespace hpg::detail::cuda {

class DeviceCounter {
 public:
  /// Zeroed on the stream (no wait).
  explicit DeviceCounter(const char* what) : word_(1, what) { device_memset(word_.data(), 0, sizeof(unsigned long long)); }
  unsigned long long* data() { return word_.data(); }
  /// The word itself, for a count left on the device (DeviceCount::on_device).
  DeviceArray<unsigned long long> take() { return std::move(word_); }
  /// Waits for the kernels before it on the stream, then reads the count.
  unsigned long long read() const {
    unsigned long long count = 0;
    copy_device_to_host(&count, word_.data(), sizeof(count));
    return count;
  }

 private:
  DeviceArray<unsigned long long> word_;
};

/// A vector's entry count as a kernel reads it (DeviceCount::view): a kernel sized from an upper
/// bound reads the true count here instead of the host waiting for it.
__device__ inline Index count_of(DeviceCount::View c) { return c.word ? c.base + Index(*c.word) : c.base; }

/// Adds every thread's `mine` into *word: one reduction per warp, one shared atomic per warp and
/// one global atomic per block (launch with a capped grid, and a count costs a few thousand
/// atomics, not n / 32 on one address). Every thread of the block must call it.
/// Only thread 0 reads the block's total (a volatile load, which the compiler cannot issue from
/// every thread): read by all of them, as the compiler chose to in count_set_kernel, the read
/// made racecheck (compute-sanitizer 2025.3) report 24 "potential WAR hazards" against thread
/// 0's zeroing, same value both sides, in the scalar tests whose kernels ran in a loop's graph.
__device__ inline void add_block_count(unsigned mine, unsigned long long* word) {
  __shared__ unsigned long long block_count;
  if (threadIdx.x == 0) block_count = 0;
  __syncthreads();
  mine = __reduce_add_sync(0xffffffffu, mine);
  if (threadIdx.x % 32 == 0 && mine) atomicAdd(&block_count, static_cast<unsigned long long>(mine));
  __syncthreads();
  if (threadIdx.x == 0) {
    const unsigned long long total = *static_cast<volatile unsigned long long*>(&block_count);
    if (total) atomicAdd(word, total);
  }
}

/// The most entries a sparse vector (or a sparse result: anything with a DeviceCount nvals and an
/// idx array) can hold: its count if known, else its arrays' length (what a kernel that reads the
/// count itself is sized by).
template <class S>
Index sparse_bound(const S& v) {
  if (auto k = v.nvals.if_known()) return *k;
  return v.idx.size();
}

/// A grid for the entries of a sparse vector: exact for a known count; for a count still on the
/// device, a capped grid that strides over the bound and stops at the count the kernel reads.
template <class S>
unsigned sparse_grid(const S& v, unsigned block) {
  return v.nvals.if_known() ? grid_for(sparse_bound(v), block) : capped_grid_for(sparse_bound(v), block);
}

}  // namespace hpg::detail::cuda
