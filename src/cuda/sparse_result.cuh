// Results that cost what their entries cost. A push SpMV over a frontier, an ewise_mult or apply
// driven by a sparse operand, produce T as a short sorted index list; turning it into an n-entry
// bitmap, building an n-byte mask and finishing over all n (vector_finish.cuh) would make every
// call cost O(n) however small the frontier. Here the mask is probed where it stands (a lookup
// in a bitmap mask, a binary search in a sparse one), and when the C API's rules make the output
// just "T where the mask allows" (no accumulator, and replace or an empty output or no mask) the
// output becomes that list. Every other case scatters T into a bitmap and takes the general finish.
#pragma once

#include <thrust/copy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/transform.h>

#include <type_traits>
#include <utility>

#include "hpgraph/cuda/append_kept.cuh"
#include "hpgraph/cuda/device_counter.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/vector_finish.cuh"
#include "hpgraph/detail/cast.hpp"

namespace hpg::detail::cuda {

/// T in sparse form: nvals unique indices of a size-`size` vector and their values, sorted unless
/// `jumbled` (as DeviceVec's). The arrays may hold more than nvals entries (a push sizes them
/// before it knows its count, which may stay on the device). `masked`: the entries were already
/// kept only where the operation's mask allows.
template <class Z>
struct DeviceSparseResult {
  Index size = 0;
  DeviceCount nvals = 0;
  DeviceArray<std::uint32_t> idx;
  DeviceArray<Z> val;
  bool masked = false;
  bool jumbled = false;
};

/// mask(i) read from the mask vector itself. A valued mask's entry counts when its value converts
/// to true.
template <class M>
struct MaskProbe {
  bool has_mask = false, complement = false;
  EntryLookup at;
  const M* val = nullptr;  // nullptr: structural
  HPG_HOST_DEVICE bool operator()(Index i) const {
    if (!has_mask) return !complement;
    Index pos = 0;
    bool in = at.find(i, pos);
    if constexpr (std::is_convertible_v<M, bool>) {
      if (in && val) in = static_cast<bool>(val[pos]);
    }
    return in != complement;
  }
};

/// vector_mask's type rule: a valued mask's type converts to bool.
template <class M>
void check_mask_type(const DeviceVec<M>* mask, const Descriptor& d) {
  if constexpr (!std::is_convertible_v<M, bool>) {
    if (mask && !d.mask_structure)
      throw_error(Info::domain_mismatch, "a valued mask must have a type convertible to bool (use desc::structure for a user type)");
  }
}

/// The probe of an operation's mask (nullptr: no mask). A jumbled sparse mask is sorted first
/// (its entries are searched).
template <class M>
MaskProbe<M> mask_probe(const DeviceVec<M>* mask, const Descriptor& d) {
  check_mask_type(mask, d);
  MaskProbe<M> p;
  p.complement = d.mask_complement;
  if (!mask) return p;
  p.has_mask = true;
  p.at = entry_lookup(*mask);
  if (!d.mask_structure) p.val = mask->val.data();
  return p;
}

/// Where a kernel that maps a sparse list entry by entry writes the result's own copy of the
/// list's indices and count, bounded by the count it reads on the device (not a copy of the
/// list's whole allocation, which in a device loop is the carried room). Null: not wanted.
struct SparseCopy {
  std::uint32_t* idx = nullptr;
  unsigned long long* word = nullptr;
  __device__ void count(Index m) const {
    if (word && blockIdx.x == 0 && threadIdx.x == 0) *word = m;
  }
  __device__ void index(Index k, std::uint32_t i) const {
    if (idx) idx[k] = i;
  }
};

/// mask(i) for entry k of an operand whose index list the mask's copies element for element
/// (aligned_with): read at position k, with no search, so a jumbled mask needs no sort first.
/// SSSP's apply(frontier, better, t) is such a call: ewise_mult(better, t, dist) against a full
/// dist writes better's list as t's (copy_of_list).
template <class M>
struct AlignedMaskProbe {
  bool complement = false;
  const M* val = nullptr;  // nullptr: structural
  HPG_HOST_DEVICE bool at(Index k) const {
    bool in = true;
    if constexpr (std::is_convertible_v<M, bool>) {
      if (val) in = static_cast<bool>(val[k]);
    }
    return in != complement;
  }
};

/// Whether a probe allows an operand's entry k, whose index is i.
template <class Probe>
HPG_HOST_DEVICE bool probe_entry(const Probe& allows, Index i, Index) {
  return allows(i);
}
template <class M>
HPG_HOST_DEVICE bool probe_entry(const AlignedMaskProbe<M>& allows, Index, Index k) {
  return allows.at(k);
}

/// Whether the mask's index list is an element-wise copy of u's, in u's order and with u's count,
/// made by a kernel that the host saw (DeviceArray::same_elements_as; in a device loop's body,
/// made in this capture). Counts both on the device came from one count through that kernel.
template <class M, class U>
bool aligned_with(const DeviceVec<M>& mask, const DeviceVec<U>& u) {
  if (mask.format != Sparsity::sparse || u.format != Sparsity::sparse || mask.jumbled != u.jumbled) return false;
  const auto km = mask.nvals.if_known(), ku = u.nvals.if_known();
  if (km.has_value() != ku.has_value() || (km && *km != *ku)) return false;
  const LoopCapture* c = loop_capture();
  return mask.idx.same_elements_as(u.idx, c ? c->first_tag : 0);
}

template <class M>
AlignedMaskProbe<M> aligned_mask_probe(const DeviceVec<M>& mask, const Descriptor& d) {
  check_mask_type(&mask, d);
  AlignedMaskProbe<M> p;
  p.complement = d.mask_complement;
  if (!d.mask_structure) p.val = mask.val.data();
  return p;
}

/// A select, an apply under a mask it probes, or a mask applied after the fact (f keeps every
/// value) as an append_kept source: T(k) = f(u(idx[k]), idx[k]) where f keeps it and the probe
/// allows its index (probe_entry).
template <class Z, class F, class U, class Probe>
struct MapSelectSource {
  F f;
  const std::uint32_t* idx;
  const U* uval;
  DeviceCount::View ucount;
  Probe allows;
  __device__ Index count() const { return count_of(ucount); }
  __device__ bool entry(Index k, std::uint32_t& i, void* z) const {
    i = idx[k];
    bool kept = true;
    const Z mapped = f(uval[k], i, kept);
    if (!kept || !probe_entry(allows, i, k)) return false;
    put_value(z, mapped);
    return true;
  }
};

/// f of MapSelectSource that keeps every value as it is.
struct keep_value {
  template <class U>
  HPG_HOST_DEVICE U operator()(const U& x, Index, bool&) const {
    return x;
  }
};

/// Keeps t's entries whose index the probe allows (a mask applied after the fact), in new arrays
/// of t's length, with the kept count left on the device: one kernel (append_kept.cuh; a probe
/// kernel and a compaction before), no host wait. t is left as it was if this throws.
template <class Z, class Probe>
void keep_allowed(DeviceSparseResult<Z>& t, const Probe& probe, const char* what) {
  const Index bound = sparse_bound(t);
  if (bound == 0) return;
  DeviceSparseResult<Z> kept;
  append_kept(kept, MapSelectSource<Z, keep_value, Z, Probe>{{}, t.idx.data(), t.val.data(), t.nvals.view(), probe}, bound,
              sparse_grid(t, append_threads), !t.jumbled, what);
  t.idx = std::move(kept.idx);
  t.val = std::move(kept.val);
  t.nvals = std::move(kept.nvals);
  t.jumbled = kept.jumbled;
}

/// The C API's typecast (hpgraph/detail/cast.hpp), as a functor for Thrust.
template <class W>
struct typecast_value {
  template <class Z>
  HPG_HOST_DEVICE W operator()(const Z& z) const { return typecast<W>(z); }
};

/// Whether the C API's rules make w<mask> = T just T where the mask allows: no accumulator, and
/// nothing of w survives (replace, an empty w, or no mask at all).
template <class W, class M, class Accum>
bool finish_takes_t(const DeviceVec<W>& w, const DeviceVec<M>* maskv, const Accum&, const Descriptor& d) {
  return std::is_same_v<Accum, no_accum_t> && (d.replace || w.nvals.is(0) || (!maskv && !d.mask_complement));
}

/// W<M, replace> = accum ? accum(W, T) : T for a sparse T. The output becomes T's (masked) list
/// when nothing of W can survive; otherwise T is scattered into a bitmap for the general finish.
/// Written to new storage and swapped in: a throw leaves w as it was.
template <class W, class M, class Accum, class Z>
void finish_vector_sparse(DeviceVec<W>& w, const DeviceVec<M>* maskv, const Accum& accum, DeviceSparseResult<Z>&& t,
                          const Descriptor& d) {
  check_mask_type(maskv, d);  // first, as vector_mask does
  if constexpr (!castable_v<W, Z>) {
    throw_error(Info::domain_mismatch, "the result's value type cannot be cast to the output's (a user type meets another type)");
  } else {
    if (finish_takes_t(w, maskv, accum, d)) {
      if (!t.masked && (maskv || d.mask_complement)) keep_allowed(t, mask_probe(maskv, d), "masked result");
      DeviceVec<W> out;
      out.size = w.size;
      out.nvals = std::move(t.nvals);  // a count still on the device stays there
      out.format = Sparsity::sparse;
      out.idx = std::move(t.idx);
      out.jumbled = t.jumbled;
      if constexpr (std::is_same_v<W, Z>) {
        out.val = std::move(t.val);
      } else {  // the whole arrays are cast: their length is known without the count
        const std::size_t held = out.idx.size();
        out.val.allocate(held, "vector values");
        if (held) guarded("result cast", [&] {
          thrust::transform(policy(), t.val.data(), t.val.data() + held, out.val.data(), typecast_value<W>{});
        });
      }
      settle_format(out);
      w = std::move(out);
      return;
    }
    const Index n = w.size;
    DeviceArray<Z> tval(n, "result values");
    DeviceArray<std::uint8_t> tpres(n, "result bitmap");
    if (n) device_memset(tpres.data(), 0, n);
    if (sparse_bound(t)) {  // a count still on the device is read by the scatter
      scatter_entries_kernel<<<sparse_grid(t, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
          t.idx.data(), t.val.data(), t.nvals.view(), tval.data(), tpres.data());
      check_launch("scatter_entries_kernel");
    }
    finish_vector(w, vector_mask(maskv, n, d), accum, std::move(tval), std::move(tpres), d.replace, t.nvals.if_known());
  }
}

}  // namespace hpg::detail::cuda
