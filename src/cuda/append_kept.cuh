// Results built by appending what is kept. Many sparse operations make at most one entry of their
// result per item of their input (an entry of a list, or of either of two lists) and keep only
// some: a select, an apply under a mask, an ewise_mult whose other operand may lack the index, an
// ewise_add that drops v's copy of an index both have. Making each entry in place and then
// compacting the kept ones was two launches (a map and a counted scan of the kept flags); here one
// kernel does both: each block makes a tile of entries, scans which it keeps in shared memory and
// appends them to the result with one atomic. The result is jumbled (jumbled.cuh: runs of the
// input's order, in whatever order the blocks take their turns, which may differ from run to run)
// unless one block does it all.
//
// A source is a policy object, CUB's style (the kernel is templated on it):
//   count() -> Index                       the items, read on the device (a count may live there)
//   entry(k, i, z) -> bool                 whether item k makes an entry; if so its index goes
//                                          to i and its value to z (put_value: Z need not have a
//                                          default constructor)
#pragma once

#include <cub/block/block_scan.cuh>

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "hpgraph/cuda/clean_scratch.cuh"
#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/exec.cuh"
#include "hpgraph/cuda/last_block.cuh"
#include "hpgraph/cuda/launch_policy.cuh"

namespace hpg::detail::cuda {

inline constexpr unsigned append_threads = LaunchPolicy::append_threads;

/// Writes v into a source's value slot (raw storage of a Z).
template <class Z>
__device__ void put_value(void* z, const Z& v) {
  memcpy(z, &v, sizeof(Z));
}

/// The kept entries of `source`, appended to tidx / tval from status[0]. The last block to finish
/// (its ticket on status[1]) writes the result's count to *tcount and zeroes both words, which are
/// zero at the launch (kept clean, clean_scratch.cuh).
template <class Z, class Source>
__global__ void __launch_bounds__(append_threads)
    append_kept_kernel(Source source, std::uint32_t* tidx, Z* tval, unsigned long long* status, unsigned long long* tcount) {
  using Scan = cub::BlockScan<unsigned, append_threads>;
  __shared__ typename Scan::TempStorage scan;
  __shared__ unsigned long long base;
  const Index m = source.count();
  for (Index start = blockIdx.x * Index(append_threads); start < m; start += Index(gridDim.x) * append_threads) {
    const Index k = start + threadIdx.x;
    bool kept = false;
    std::uint32_t i = 0;
    alignas(Z) unsigned char z[sizeof(Z)];
    if (k < m) kept = source.entry(k, i, z);
    unsigned rank = 0, total = 0;
    Scan(scan).ExclusiveSum(kept ? 1u : 0u, rank, total);
    if (threadIdx.x == 0 && total) base = atomicAdd(&status[0], static_cast<unsigned long long>(total));
    __syncthreads();
    if (kept) {
      tidx[base + rank] = i;
      memcpy(&tval[base + rank], z, sizeof(Z));
    }
    __syncthreads();  // base and the scan's storage are taken again
  }
  if (last_block_to_arrive(&status[1]) && threadIdx.x == 0) {
    *tcount = atomicAdd(&status[0], 0ull);
    status[0] = status[1] = 0;
  }
}

/// t = the kept entries of `source`, at most `bound` of them, on `grid` blocks: one launch, no
/// host wait, t's count left on the device. t is a sparse result (DeviceSparseResult: idx, val,
/// nvals, jumbled). `ordered`: the items come in index order, so that one block's result is
/// sorted.
template <class Result, class Source>
void append_kept(Result& t, const Source& source, Index bound, unsigned grid, bool ordered, const char* what) {
  using Z = std::remove_cvref_t<decltype(*t.val.data())>;
  t.idx.allocate(bound, what);
  t.val.allocate(bound, what);
  DeviceArray<unsigned long long> kept(1, what);  // written by the last block
  CleanScratch status = zeroed_scratch(ScratchUse::scan_status, 2 * sizeof(unsigned long long), what);
  append_kept_kernel<Z><<<grid, append_threads, 0, stream()>>>(source, t.idx.data(), t.val.data(),
                                                               static_cast<unsigned long long*>(status.data()), kept.data());
  check_launch("append_kept_kernel");
  status.restored();
  t.nvals = DeviceCount::on_device(std::move(kept));
  t.jumbled = grid > 1 || !ordered;
}

}  // namespace hpg::detail::cuda
