// w<struct(M)> = x or u over all of w, with M sparse, no accumulator and no replace: by the C API's
// rules this sets w(i) for the entries i of M and leaves the rest of w alone (an "upsert"). BFS and
// SSSP do it every level (level<frontier> = depth, parent<frontier> = frontier), so it must cost
// what M's entries cost, not a pass over all of w: a bitmap w is written in place (all allocation
// happens first, so nothing can fail after the first write), a sparse w is merged with M's list.
#pragma once

#include <thrust/set_operations.h>

#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/sparse_result.cuh"
#include "hpgraph/detail/cast.hpp"

namespace hpg::detail::cuda {

/// The value for M's entry k: the scalar, u's k-th value (u stored with M's index list), or u's
/// value at index idx[k] (u full, in bitmap form).
template <class X>
struct UpsertSource {
  const X* val = nullptr;  // nullptr: the scalar
  bool aligned = false;
  X scalar{};
  HPG_HOST_DEVICE const X& at(Index k, std::uint32_t i) const { return val ? val[aligned ? k : i] : scalar; }
};

/// Sets w(idx[k]) for every k and counts the entries that were absent (warp-aggregated: one atomic
/// per warp, not per entry).
/// (added null: w is full, nothing can be absent, and nothing is counted.)
template <class W, class X>
__global__ void upsert_bitmap_kernel(const std::uint32_t* idx, Index m, UpsertSource<X> src, W* wval, std::uint8_t* wpres,
                                     unsigned long long* added) {
  const unsigned lane = threadIdx.x % 32;
  const Index warp_first = (blockIdx.x * Index(blockDim.x) + threadIdx.x) - lane;
  const Index stride = Index(gridDim.x) * blockDim.x;
  for (Index base = warp_first; base < m; base += stride) {  // uniform across the warp
    const Index k = base + lane;
    bool fresh = false;
    if (k < m) {
      const std::uint32_t i = idx[k];
      wval[i] = typecast<W>(src.at(k, i));
      if (added) {
        fresh = wpres[i] == 0;
        wpres[i] = 1;
      }
    }
    if (!added) continue;
    const unsigned fresh_lanes = __ballot_sync(0xffffffffu, fresh);
    if (lane == 0 && fresh_lanes) atomicAdd(added, static_cast<unsigned long long>(__popc(fresh_lanes)));
  }
}

template <class W, class X>
__global__ void upsert_values_kernel(const std::uint32_t* idx, Index m, UpsertSource<X> src, W* out) {
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x)
    out[k] = typecast<W>(src.at(k, idx[k]));
}

/// w(mask.idx[k]) = src value k for every entry k of the sparse mask.
template <class W, class M, class X>
void upsert(DeviceVec<W>& w, const DeviceVec<M>& mask, const UpsertSource<X>& src) {
  const Index m = mask.nvals;
  if (m == 0) return;
  guarded("assign", [&] {
    if (w.format == VectorFormat::bitmap && w.nvals.is(w.size)) {  // full (SSSP's distances): no count to wait for
      upsert_bitmap_kernel<<<grid_for(m, 256), 256, 0, stream()>>>(mask.idx.data(), m, src, w.val.data(), w.present.data(),
                                                      static_cast<unsigned long long*>(nullptr));
      check_launch("upsert_bitmap_kernel");
      return;
    }
    if (w.format == VectorFormat::bitmap) {
      // The entries that were absent are added to w's count on the device: nothing waits.
      unsigned long long* count = w.nvals.device_word();
      upsert_bitmap_kernel<<<grid_for(m, 256), 256, 0, stream()>>>(mask.idx.data(), m, src, w.val.data(), w.present.data(), count);
      check_launch("upsert_bitmap_kernel");
      return;
    }
    // Sparse w: the union of M's list (its values win) and w's.
    DeviceArray<W> mval(m, "assign values");
    upsert_values_kernel<<<grid_for(m, 256), 256, 0, stream()>>>(mask.idx.data(), m, src, mval.data());
    check_launch("upsert_values_kernel");
    const Index cap = m + w.nvals;
    DeviceArray<std::uint32_t> idx(cap, "vector indices");
    DeviceArray<W> val(cap, "vector values");
    const auto ends = thrust::set_union_by_key(policy(), mask.idx.data(), mask.idx.data() + m, w.idx.data(), w.idx.data() + w.nvals,
                                               mval.data(), w.val.data(), idx.data(), val.data());
    DeviceVec<W> out;
    out.size = w.size;
    out.nvals = static_cast<Index>(ends.first - idx.data());
    out.format = VectorFormat::sparse;
    idx.shrink(out.nvals, "vector indices");
    val.shrink(out.nvals, "vector values");
    out.idx = std::move(idx);
    out.val = std::move(val);
    settle_format(out);
    w = std::move(out);
  });
}

}  // namespace hpg::detail::cuda
