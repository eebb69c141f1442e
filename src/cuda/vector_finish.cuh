// The C API's accumulate / mask / replace step for vector outputs on the GPU, and the mask
// evaluation it needs. Vectors are handled in bitmap form here: one pass over the index space.
#pragma once

#include <optional>
#include <type_traits>

#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/tuples.cuh"
#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/cast.hpp"

namespace hpg::detail::cuda {

/// Where the mask lets results through: allowed[i] (nullptr: everywhere when all_allowed, nowhere
/// otherwise). Held in a DeviceArray so it is a snapshot (the mask may be the output).
struct DeviceMask {
  DeviceArray<std::uint8_t> allowed;
  bool present = false;
  bool all_allowed = true;
  const std::uint8_t* data() const { return present ? allowed.data() : nullptr; }
};

template <class M>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    mask_from_bitmap_kernel(const M* val, const std::uint8_t* present, Index n, bool structural, bool complement,
                            std::uint8_t* allowed) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < n; i += Index(gridDim.x) * blockDim.x) {
    bool in = present[i] != 0;
    if constexpr (std::is_convertible_v<M, bool>) {
      if (in && !structural) in = static_cast<bool>(val[i]);
    }
    allowed[i] = in != complement;
  }
}

/// A bitmap-form copy of v (v itself is left as it is): its arrays cloned, or a sparse v's entries
/// scattered straight into new bitmap arrays (no clone of its list first).
template <class T>
DeviceVec<T> bitmap_copy(const DeviceVec<T>& v) {
  DeviceVec<T> c;
  c.size = v.size;
  c.nvals = v.nvals;
  c.format = Sparsity::bitmap;
  if (v.format == Sparsity::bitmap) {
    c.val = v.val.clone("vector values");
    c.present = v.present.clone("vector bitmap");
  } else {
    guarded("bitmap copy", [&] { sparse_as_bitmap(v, c.val, c.present); });
  }
  return c;
}

/// A vector's bitmap arrays to read: the vector's own when it is a bitmap, else a sparse vector's
/// entries scattered into arrays held here. (An output aliasing this input is safe: outputs are
/// written to new storage.)
template <class T>
struct BitmapInput {
  DeviceArray<T> owned_val;
  DeviceArray<std::uint8_t> owned_present;
  const T* val = nullptr;
  const std::uint8_t* present = nullptr;
};
template <class T>
BitmapInput<T> as_bitmap(const DeviceVec<T>& v) {
  BitmapInput<T> b;
  if (v.format != Sparsity::bitmap) {
    guarded("bitmap input", [&] { sparse_as_bitmap(v, b.owned_val, b.owned_present); });
    b.val = b.owned_val.data();
    b.present = b.owned_present.data();
  } else {
    b.val = v.val.data();
    b.present = v.present.data();
  }
  return b;
}

/// The same for the sparse form (indices and values). `nvals` is the entry count, or, when
/// `count.word` is set (a sparse vector's count still on the device, taken as it stands), a bound
/// on it (the arrays' length); kernels then read the count with count_of(count).
template <class T>
struct SparseInput {
  DeviceArray<std::uint32_t> owned_idx;
  DeviceArray<T> owned_val;
  const std::uint32_t* idx = nullptr;
  const T* val = nullptr;
  Index nvals = 0;
  DeviceCount::View count;
};
/// `count_on_device`: a sparse v's count still on the device stays there (for kernels that read
/// it themselves); otherwise it is read here, as the length of a list is needed.
template <class T>
SparseInput<T> as_sparse(const DeviceVec<T>& v, bool count_on_device = false) {
  SparseInput<T> s;
  if (v.format != Sparsity::sparse) {
    s.nvals = v.nvals;
    bitmap_entries(v, s.owned_idx, s.owned_val);  // no clone of the bitmap first
    s.idx = s.owned_idx.data();
    s.val = s.owned_val.data();
  } else {
    s.nvals = count_on_device ? sparse_bound(v) : Index(v.nvals);
    s.idx = v.idx.data();
    s.val = v.val.data();
  }
  s.count = count_on_device ? v.nvals.view() : DeviceCount::View{s.nvals};
  return s;
}

template <class M>
DeviceMask vector_mask(const DeviceVec<M>* mask, Index n, const Descriptor& d) {
  DeviceMask m;
  if (!mask) {
    m.all_allowed = !d.mask_complement;
    return m;
  }
  if constexpr (!std::is_convertible_v<M, bool>) {
    if (!d.mask_structure)
      throw_error(Info::domain_mismatch, "a valued mask must have a type convertible to bool (use desc::structure for a user type)");
  }
  const BitmapInput<M> b = as_bitmap(*mask);
  m.present = true;
  m.allowed.allocate(n, "mask");
  if (n) {
    mask_from_bitmap_kernel<<<grid_for(n, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        b.val, b.present, n, d.mask_structure, d.mask_complement, m.allowed.data());
    check_launch("mask_from_bitmap_kernel");
  }
  return m;
}

/// Entry i of W<M, replace> = accum ? accum(W, T) : T; returns whether it has one.
template <class W, class T, class Accum>
__device__ bool finish_entry(const W* wval, const std::uint8_t* wpres, const T* tval, const std::uint8_t* tpres,
                             const std::uint8_t* allowed, bool all_allowed, const std::uint8_t* region, const Accum& accum, bool replace,
                             Index i, W* oval, std::uint8_t* opres) {
  const bool hw = wpres[i] != 0, ht = tpres[i] != 0;
  const bool ok = allowed ? allowed[i] != 0 : all_allowed;
  bool keep = false;
  W out{};
  if (ok && region && !region[i]) {  // outside an assign's region Z is W
    keep = hw;
    if (hw) out = wval[i];
  } else if (ok) {
    if constexpr (std::is_same_v<Accum, no_accum_t>) {
      keep = ht;
      if (ht) out = typecast<W>(tval[i]);
    } else {
      keep = hw || ht;
      if constexpr (std::is_invocable_v<const Accum&, const W&, const T&>) {
        if (hw && ht) out = typecast<W>(accum(wval[i], tval[i]));
      }
      if (hw && !ht) out = wval[i];
      else if (ht && !hw) out = typecast<W>(tval[i]);
    }
  } else if (hw && !replace) {
    keep = true;
    out = wval[i];
  }
  opres[i] = keep;
  oval[i] = out;
  return keep;
}

/// Counts the entries kept into *kept (add_block_count), unless it is null (the caller knows the
/// result's count).
template <class W, class T, class Accum>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    finish_kernel(const W* wval, const std::uint8_t* wpres, const T* tval, const std::uint8_t* tpres,
                  const std::uint8_t* allowed, bool all_allowed, const std::uint8_t* region, Accum accum, bool replace,
                  Index n, W* oval, std::uint8_t* opres, unsigned long long* kept) {
  unsigned mine = 0;
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < n; i += Index(gridDim.x) * blockDim.x)
    mine += finish_entry(wval, wpres, tval, tpres, allowed, all_allowed, region, accum, replace, i, oval, opres) ? 1u : 0u;
  if (kept) add_block_count(mine, kept);  // uniform: a kernel argument
}

/// W<M, replace> = accum ? accum(W, T) : T, with T given as a bitmap (tval, tpres). Written to new
/// storage and swapped in: a throw leaves w as it was. `t_nvals`: T's entry count where the caller
/// knows it (n: T is full, as for an operation on full inputs). With no mask and no region the
/// result is then T, or full when T is full or W is full and accumulated into; under a mask or a
/// region it is full when W is full, nothing is replaced, and T is full or accumulated into W:
/// nvals is known without a count, and the host waits for nothing.
template <class W, class T, class Accum>
void finish_vector(DeviceVec<W>& w, const DeviceMask& mask, const Accum& accum, const T* tval, const std::uint8_t* tpres,
                   bool replace, const std::uint8_t* region = nullptr, std::optional<Index> t_nvals = std::nullopt) {
  if constexpr (!castable_v<W, T>)
    throw_error(Info::domain_mismatch, "the result's value type cannot be cast to the output's (a user type meets another type)");
  if constexpr (!std::is_same_v<Accum, no_accum_t> && !std::is_invocable_v<const Accum&, const W&, const T&>)
    throw_error(Info::domain_mismatch, "the accumulator does not take the output's and the result's value types");
  const Index n = w.size;
  constexpr bool accumulates = !std::is_same_v<Accum, no_accum_t>;
  const bool everywhere = !mask.present && mask.all_allowed && !region;
  std::optional<Index> known;  // the result's count, when it needs no counting
  if (everywhere && !accumulates) known = t_nvals;
  else if (everywhere && (t_nvals == n || w.nvals.is(n))) known = n;
  // A full w keeps every entry whatever the mask when nothing is replaced and each entry the mask
  // allows is accumulated into or taken from a full T.
  else if (!replace && w.nvals.is(n) && (accumulates || t_nvals == n)) known = n;
  const BitmapInput<W> cur = as_bitmap(w);
  DeviceVec<W> out;
  out.size = n;
  out.format = Sparsity::bitmap;
  out.val.allocate(n, "vector values");
  out.present.allocate(n, "vector bitmap");
  if (n) {
    std::optional<DeviceCounter> kept;
    if (!known) kept.emplace("finish count");
    finish_kernel<<<capped_grid_for(n, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        cur.val, cur.present, tval, tpres, mask.data(), mask.all_allowed, region, accum, replace, n, out.val.data(), out.present.data(),
        kept ? kept->data() : nullptr);
    check_launch("finish_kernel");
    out.nvals = known ? DeviceCount(*known) : DeviceCount::on_device(kept->take());
  }
  settle_format(out);
  w = std::move(out);
}

/// The same with T's arrays handed over: with no mask, no accumulator and T of w's type, T
/// simply becomes w (no pass over w, no copy). `t_nvals`: T's entry count where the caller knows
/// it (w.size: T is full); nothing is then counted, and the host waits for nothing.
template <class W, class T, class Accum>
void finish_vector(DeviceVec<W>& w, const DeviceMask& mask, const Accum& accum, DeviceArray<T>&& tval, DeviceArray<std::uint8_t>&& tpres,
                   bool replace, std::optional<Index> t_nvals = std::nullopt) {
  if constexpr (std::is_same_v<W, T> && std::is_same_v<Accum, no_accum_t>) {
    if (!mask.present && mask.all_allowed) {
      const Index n = w.size;
      DeviceVec<W> out;
      out.size = n;
      out.format = Sparsity::bitmap;
      // No pass over T is made here to count in, so an unknown count is a pass of its own, left on
      // the device until someone asks for it.
      out.nvals = t_nvals ? DeviceCount(*t_nvals) : n ? DeviceCount::on_device(count_set_on_device(tpres.data(), n)) : DeviceCount(0);
      out.val = std::move(tval);
      out.present = std::move(tpres);
      settle_format(out);
      w = std::move(out);
      return;
    }
  }
  finish_vector(w, mask, accum, tval.data(), tpres.data(), replace, nullptr, t_nvals);
}

}  // namespace hpg::detail::cuda
