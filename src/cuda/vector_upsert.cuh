// w<struct(M)> = x or u over all of w, no accumulator and no replace: by the C API's rules this sets
// w(i) for the entries i of M and leaves the rest of w alone (an "upsert"). BFS and SSSP do it
// every level (level<frontier> = depth, parent<frontier> = frontier), so it must cost what M's
// entries cost, not a pass over all of w: a bitmap w is written in place (all allocation happens
// first, so nothing can fail after the first write); a sparse w takes bitmap form first. A bitmap
// M (a pulled frontier) costs one pass over its presence.
#pragma once

#include <thrust/set_operations.h>

#include <cstring>
#include <type_traits>

#include "hpgraph/cuda/deferred_upsert.cuh"
#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/sparse_result.cuh"
#include "hpgraph/detail/cast.hpp"
#include "hpgraph/detail/tuning.hpp"

namespace hpg::detail::cuda {

/// The value for M's entry k: the scalar (a value, or a Scalar's value where it lives on the
/// device), u's k-th value (u stored with M's index list), or u's value at index idx[k] (u full,
/// in bitmap form).
template <class X>
struct UpsertSource {
  const X* val = nullptr;  // nullptr: the scalar
  bool aligned = false;
  X scalar{};
  const X* scalar_at = nullptr;  // not null: the scalar is read here (on the device)
  HPG_HOST_DEVICE const X& at(Index k, std::uint32_t i) const { return val ? val[aligned ? k : i] : scalar_at ? *scalar_at : scalar; }
};

/// Whether the held-back producer (DeferredProducer) can do upsert d for the outputs it
/// claims, and then takes it: d is masked by the producer's list; its value is the list's own
/// (of its size), a scalar, or read where neither the producer nor the upserts it took write; and
/// it writes nothing the producer reads but its mask (nor its list), nor what those upserts read.
inline bool fuse_into_producer(DeferredWork& c, const DeferredUpsert& d) {
  DeferredProducer& p = *c.producer;
  if (p.fused.count >= max_deferred_upserts || d.idx != p.idx || d.word != p.word || d.base != 0 || !p.word) return false;
  if (d.source == DeferredUpsert::aligned ? d.from != p.val || d.bytes != p.val_bytes
                                          : d.from && (d.from == p.idx || d.from == p.val || d.from == p.word)) return false;
  for (const void* written : {static_cast<const void*>(d.val), static_cast<const void*>(d.present), static_cast<const void*>(d.added)})
    if (written && (p.reads_array(written) || written == p.idx || written == p.val || written == p.word)) return false;
  for (int j = 0; j < p.fused.count; ++j) {
    const DeferredUpsert& f = p.fused.upsert[j];
    if (f.val == d.from || f.present == d.from || f.added == d.from || f.from == d.val || f.val == d.val) return false;
  }
  p.fused.upsert[p.fused.count++] = d;
  ++c.fused;
  return true;
}

/// In a device loop's capture or a host round (DeferredWork), an upsert into a bitmap w from a
/// source of w's own type is deferred (loop_capture.hpp, DeferredUpsert): true when it was, and
/// nothing is launched now. A held-back
/// producer takes it if it can (fuse_into_producer), else goes first. One that writes what a
/// deferred one reads or writes, or reads what it writes, first launches those (in one kernel the
/// deferred upserts run at once, so they must not depend on each other).
template <class W, class M, class X>
bool defer_upsert(DeviceVec<W>& w, const DeviceVec<M>& mask, const UpsertSource<X>& src, unsigned grid, unsigned long long* added) {
  if constexpr (!std::is_same_v<W, X> || !held_value<W>) {
    return false;
  } else {
    DeferredWork* const c = deferred_work();
    if (!c || !c->launch_deferred) return false;
    DeferredUpsert d;
    d.idx = mask.idx.data();
    const DeviceCount::View count = mask.nvals.view();
    d.base = count.base;
    d.word = count.word;
    if (src.val) {
      d.source = src.aligned ? DeferredUpsert::aligned : DeferredUpsert::at_index;
      d.from = src.val;
    } else if (src.scalar_at) {
      d.source = src.scalar_at == c->round_counter ? DeferredUpsert::round_counter : DeferredUpsert::scalar_at;
      d.from = src.scalar_at;
    } else {
      d.source = DeferredUpsert::inline_scalar;
      std::memcpy(d.scalar, &src.scalar, sizeof(W));
    }
    d.val = w.val.data();
    d.present = added ? w.present.data() : nullptr;
    d.added = added;
    d.bytes = static_cast<int>(sizeof(W));
    d.grid = grid;
    if (c->producer) {
      if (fuse_into_producer(*c, d)) return true;
      c->launch_deferred(*c);  // it goes first: this reads or writes what it makes or reads
    }
    bool depends = c->deferred.size() >= static_cast<std::size_t>(max_deferred_upserts);
    for (const DeferredUpsert& p : c->deferred)
      depends = depends || p.val == d.val || p.from == d.val || p.val == d.from || (d.added && p.word == d.added) ||
                (p.added && d.word == p.added);
    if (depends) c->launch_deferred(*c);
    c->deferred.push_back(d);
    return true;
  }
}

/// Sets w(idx[k]) for the first count_of(m) entries k of M and counts the entries that were
/// absent (upsert_list).
template <class W, class X>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    upsert_bitmap_kernel(const std::uint32_t* idx, DeviceCount::View mcount, UpsertSource<X> src, W* wval,
                         std::uint8_t* wpres, unsigned long long* added) {
  upsert_list(idx, count_of(mcount), wpres, added, [&](Index k, std::uint32_t i) { wval[i] = typecast<W>(src.at(k, i)); });
}

/// The same for a bitmap M: w(i) is set where M has entry i, one thread per index over a wave of
/// blocks (each block adds the entries that were absent to *added once; added null: w is full, or
/// w is M itself, so nothing can be absent). The source's value for entry i is at i (u is M
/// itself, or full).
template <class W, class X>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    upsert_where_present_kernel(const std::uint8_t* mpres, Index n, UpsertSource<X> src, W* wval, std::uint8_t* wpres,
                                unsigned long long* added) {
  unsigned fresh = 0;
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < n; i += Index(gridDim.x) * blockDim.x) {
    if (!mpres[i]) continue;
    wval[i] = typecast<W>(src.at(i, static_cast<std::uint32_t>(i)));
    if (added && !wpres[i]) {
      wpres[i] = 1;
      ++fresh;
    }
  }
  if (added) add_block_count(fresh, added);  // uniform: a kernel argument
}

/// out[k] = the value for M's entry k, for the first count_of(m) entries.
template <class W, class X>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    upsert_values_kernel(const std::uint32_t* idx, DeviceCount::View mcount, UpsertSource<X> src, W* out) {
  const Index m = count_of(mcount);
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x)
    out[k] = typecast<W>(src.at(k, idx[k]));
}

/// Whether a vector of `size` entries of `value_bytes` each may take bitmap form for an upsert: its
/// arrays (a value and a presence byte per entry) within Tuning::upsert_bitmap_memory_fraction of
/// the device's memory.
inline bool upsert_bitmap_fits(Index size, std::size_t value_bytes) {
  static const std::size_t device_bytes = device_memory_info().second;
  return static_cast<double>(size) * static_cast<double>(value_bytes + 1) <=
         static_cast<double>(device_bytes) * tuning().upsert_bitmap_memory_fraction;
}

/// Sparse w, too large for a bitmap: the union of M's list (its values win) and w's, in fresh
/// arrays (this waits for the counts and the union's length).
template <class W, class M, class X>
void upsert_by_merge(DeviceVec<W>& w, const DeviceVec<M>& mask, const UpsertSource<X>& src) {
  unjumble(mask);  // in place: an aligned source (the mask's own values) moves with it
  unjumble(w);
  const Index m = mask.nvals, wn = w.nvals;
  DeviceArray<W> mval(m, "assign values");
  upsert_values_kernel<<<grid_for(m, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
      mask.idx.data(), DeviceCount::View{m}, src, mval.data());
  check_launch("upsert_values_kernel");
  const Index cap = m + wn;
  DeviceArray<std::uint32_t> idx(cap, "vector indices");
  DeviceArray<W> val(cap, "vector values");
  const auto ends = thrust::set_union_by_key(policy(), mask.idx.data(), mask.idx.data() + m, w.idx.data(), w.idx.data() + wn,
                                             mval.data(), w.val.data(), idx.data(), val.data());
  DeviceVec<W> out;
  out.size = w.size;
  out.nvals = static_cast<Index>(ends.first - idx.data());
  out.format = Sparsity::sparse;
  idx.shrink(out.nvals, "vector indices");
  val.shrink(out.nvals, "vector values");
  out.idx = std::move(idx);
  out.val = std::move(val);
  settle_format(out);
  w = std::move(out);
}

/// w(mask.idx[k]) = src value k for every entry k of the sparse mask. No host wait (M's count may
/// still be on the device; the kernels read it) except on upsert_by_merge's path. A sparse w takes
/// bitmap form first (once: its later upserts are then in place; BFS's level and parent vectors
/// take it at the first level), unless w is the mask itself, whose structure stays as it is and
/// whose values are set in place. Where the bitmap is too large for the device (by the tuning's
/// fraction, or because the allocation fails) w is merged instead.
/// M in bitmap form (a pull's result): one pass over M's presence, w written in place where M has
/// an entry (a sparse w takes bitmap form first, as above).
template <class W, class M, class X>
void upsert_where_present(DeviceVec<W>& w, const DeviceVec<M>& mask, const UpsertSource<X>& src) {
  const Index n = w.size;
  if (n == 0 || mask.nvals.is(0)) return;
  guarded("assign", [&] {
    const bool self = static_cast<const void*>(&w) == static_cast<const void*>(&mask);  // w<struct(w)> = x: w's own entries
    if (!self && w.format == Sparsity::sparse) vec_to_format(w, Sparsity::bitmap);  // strong: w is as it was if this throws
    unsigned long long* added = self || w.nvals.is(n) ? nullptr : w.nvals.device_word();
    upsert_where_present_kernel<<<capped_grid_for(n, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        mask.present.data(), n, src, w.val.data(), w.present.data(), added);
    check_launch("upsert_where_present_kernel");
  });
}

template <class W, class M, class X>
void upsert(DeviceVec<W>& w, const DeviceVec<M>& mask, const UpsertSource<X>& src) {
  if (mask.format == Sparsity::bitmap) return upsert_where_present(w, mask, src);
  if (sparse_bound(mask) == 0) return;
  guarded("assign", [&] {
    const unsigned grid = sparse_grid(mask, LaunchPolicy::map_threads);
    if (static_cast<const void*>(&w) == static_cast<const void*>(&mask)) {  // w<struct(w)> = x: w's own (sparse) entries
      upsert_values_kernel<<<grid, LaunchPolicy::map_threads, 0, stream()>>>(mask.idx.data(), mask.nvals.view(), src, w.val.data());
      check_launch("upsert_values_kernel");
      return;
    }
    if (w.format == Sparsity::sparse) {
      if (!upsert_bitmap_fits(w.size, sizeof(W))) return upsert_by_merge(w, mask, src);
      try {
        vec_to_format(w, Sparsity::bitmap);  // strong: w is as it was if this throws
      } catch (const Error& e) {
        if (e.code() != Info::out_of_memory) throw;
        return upsert_by_merge(w, mask, src);  // the merge needs only M's and w's entries
      }
    }
    // A full w (SSSP's distances) has no count to keep; otherwise the entries that were absent
    // are added to w's count on the device.
    unsigned long long* added = w.nvals.is(w.size) ? nullptr : w.nvals.device_word();
    if (defer_upsert(w, mask, src, grid, added)) return;
    upsert_bitmap_kernel<<<grid, LaunchPolicy::map_threads, 0, stream()>>>(mask.idx.data(), mask.nvals.view(), src, w.val.data(),
                                                                           w.present.data(), added);
    check_launch("upsert_bitmap_kernel");
  });
}

}  // namespace hpg::detail::cuda
