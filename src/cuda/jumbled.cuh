// Jumbled sparse vectors (DeviceVec::jumbled): a push under the any monoid lists its outputs in
// the order its threads found them, which saves the list step's pass over the whole index range
// (a scan of n / 32 bitmap words, 4.4 us of a 21 us BFS level on the 2048 x 2048 grid). Most of
// what reads such a list takes its entries one by one; what needs them in order sorts them here
// first, once (the flag is cleared), by the same bitmap rank the push skipped.
#pragma once

#include <cstdint>

#include "hpgraph/cuda/bit_list.cuh"
#include "hpgraph/cuda/clean_scratch.cuh"
#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/detail/storage.hpp"

namespace hpg::detail::cuda {

/// Sets the bit of each of the first count_of(count) indices and keeps its value at its index.
template <class T>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    jumbled_mark_kernel(const std::uint32_t* idx, const T* val, DeviceCount::View count, std::uint32_t* bits, T* kept) {
  const Index m = count_of(count);
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x) {
    const std::uint32_t i = idx[k];
    atomicOr(&bits[i / 32], 1u << (i % 32));
    kept[i] = val[k];
  }
}

/// Sorts a jumbled sparse v's entries by index, in its own arrays (every pointer to them stays
/// good), on the library's stream with no host wait (a count still on the device is read by the
/// kernels), and clears the flag. Nothing for a sorted or bitmap v. Two launches (a mark, the list
/// scan, which clears the bits again: clean_scratch.cuh): paid by what needs order, never by a BFS
/// level.
template <class T>
void unjumble(const DeviceVec<T>& v) {
  if (!v.jumbled) return;
  if (v.format == Sparsity::sparse) {
    const Index bound = sparse_bound(v);
    v.idx.untag();  // sorted in place, through pointers taken from the const arrays
    if (bound > 1) guarded("sorting a vector's indices", [&] {
      const Index nwords = (v.size + 31) / 32;
      DeviceArray<T> kept(v.size, "sorting a vector's indices");
      DeviceArray<unsigned long long> listed(1, "sorting a vector's indices");  // the scan's count (v keeps its own)
      CleanScratch bitmap = zeroed_scratch(ScratchUse::bitmap, nwords * sizeof(std::uint32_t), "sorting a vector's indices");
      std::uint32_t* const bits = static_cast<std::uint32_t*>(bitmap.data());
      jumbled_mark_kernel<<<sparse_grid(v, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
          v.idx.data(), v.val.data(), v.nvals.view(), bits, kept.data());
      check_launch("jumbled_mark_kernel");
      counted_scan(DeviceCount::View{nwords}, nwords,
                   BitList<T>{bits, kept.data(), false, T{}, const_cast<std::uint32_t*>(v.idx.data()), const_cast<T*>(v.val.data()),
                              listed.data()},
                   "sorting a vector's indices");
      bitmap.restored();
    });
  }
  v.jumbled = false;
}

}  // namespace hpg::detail::cuda
