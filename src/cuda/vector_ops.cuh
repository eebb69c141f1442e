// The vector operations on the GPU: each computes T in bitmap form with one elementwise kernel (or
// a Thrust reduction) and hands it to finish_vector. Matrices enter only through their CSR.
#pragma once

#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_reduce.cuh>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>

#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "hpgraph/detail/sorted_search.hpp"
#include "hpgraph/cuda/append_kept.cuh"
#include "hpgraph/cuda/clean_scratch.cuh"
#include "hpgraph/cuda/held_bit_list.cuh"
#include "hpgraph/cuda/held_map.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/sparse_result.cuh"
#include "hpgraph/detail/cast.hpp"

namespace hpg::detail::cuda {

/// T in bitmap form. `full`: the kernel that makes T writes every entry (all present), so the
/// bitmap needs no clearing first and T's count is n without counting.
///
/// A full T may be written in place: `into` is the output when the call hands T over whole (no
/// mask, no accumulator, the same type: finish_vector's handover), and a bitmap output of n
/// entries lends T its arrays, so T becomes w with no allocation and, in a device loop's body,
/// lands in the vector's carried storage with no copy back at the end of the round (PageRank's
/// rank and its temporaries on the grid: 4 copies of 16 MiB and 4 of 4 MiB a round, H200). The
/// kernels that make a full T are element-wise (entry i read, then written, by one thread), so an
/// output that is also an input is safe. Arrays not handed over go back to the output when T
/// dies (an error before the handover). Only a failure of the device after the kernel ran can
/// leave the output partly written.
template <class Z>
struct DeviceResult {
  DeviceArray<Z> val;
  DeviceArray<std::uint8_t> present;
  bool full = false;
  explicit DeviceResult(Index n, bool full_ = false, DeviceVec<Z>* into = nullptr) : full(full_) {
    const bool lends = into && full && n && into->format == Sparsity::bitmap && into->size == n && into->val.size() == n;
    const bool lends_present = lends && into->present.size() == n;
    // What may throw (allocations) first: a borrowed array is never dropped by a failed constructor.
    if (!lends_present) present.allocate(n, "result bitmap");
    if (!lends) val.allocate(n, "result values");
    if (n && !full) device_memset(present.data(), 0, n);
    if (lends) {
      lender_ = into;
      lent_present_ = lends_present;
      val = std::move(into->val);
      if (lends_present) present = std::move(into->present);
    }
  }
  DeviceResult(DeviceResult&& o) noexcept
      : val(std::move(o.val)),
        present(std::move(o.present)),
        full(o.full),
        lender_(std::exchange(o.lender_, nullptr)),
        lent_present_(o.lent_present_) {}
  DeviceResult& operator=(DeviceResult&&) = delete;
  ~DeviceResult() {
    if (!lender_) return;
    if (!val.empty()) lender_->val = std::move(val);
    if (lent_present_ && !present.empty()) lender_->present = std::move(present);
  }
  /// T's entry count when it is known without counting (finish_vector's t_nvals).
  std::optional<Index> known_nvals() const { return full ? std::optional<Index>(val.size()) : std::nullopt; }

 private:
  DeviceVec<Z>* lender_ = nullptr;  // the output whose arrays T holds until it is handed over
  bool lent_present_ = false;       // its bitmap too (else T's is its own)
};

template <bool Union, class Op, class U, class V, class Z>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    ewise_kernel(Op op, const U* uval, const std::uint8_t* upres, const V* vval, const std::uint8_t* vpres, Index n, Z* tval,
                 std::uint8_t* tpres) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < n; i += Index(gridDim.x) * blockDim.x) {
    const bool hu = upres[i] != 0, hv = vpres[i] != 0;
    if (hu && hv) {
      tval[i] = static_cast<Z>(op(uval[i], vval[i]));
      tpres[i] = 1;
    } else if (Union && (hu || hv)) {
      if (hu) tval[i] = typecast<Z>(uval[i]);
      else tval[i] = typecast<Z>(vval[i]);
      tpres[i] = 1;
    }
  }
}

template <bool Union, class Op, class U, class V, class Z = std::decay_t<decltype(std::declval<Op>()(std::declval<U>(), std::declval<V>()))>>
DeviceResult<Z> ewise(const Op& op, const DeviceVec<U>& u, const DeviceVec<V>& v, DeviceVec<Z>* into = nullptr) {
  if constexpr (Union && !(castable_v<Z, U> && castable_v<Z, V>))
    throw_error(Info::domain_mismatch, "ewise_add: an input's value type cannot be cast to the operator's result type");
  const Index n = u.size;
  const BitmapInput<U> ub = as_bitmap(u);
  const BitmapInput<V> vb = as_bitmap(v);
  // Full inputs (PageRank's vectors): the intersection of two, or the union with one, is full.
  const bool u_full = u.nvals.is(n), v_full = v.nvals.is(n);
  DeviceResult<Z> t(n, Union ? u_full || v_full : u_full && v_full, into);
  if (n) {
    ewise_kernel<Union><<<grid_for(n, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        op, ub.val, ub.present, vb.val, vb.present, n, t.val.data(), t.present.data());
    check_launch("ewise_kernel");
  }
  return t;
}

/// ewise_mult driven by a sparse operand against a full one: T(i) = op(u(i), v(i)) for each of
/// the driver's entries, T's list the driver's (copy_of_list).
template <bool UDrives, class Op, class U, class V, class Z>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    ewise_mult_full_kernel(Op op, const std::uint32_t* idx, DeviceCount::View count, const U* uval, const V* vval, Z* tval,
                           SparseCopy copy) {
  const Index m = count_of(count);
  copy.count(m);
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x) {
    const std::uint32_t i = idx[k];
    copy.index(k, i);
    if constexpr (UDrives) tval[k] = static_cast<Z>(op(uval[k], vval[i]));
    else tval[k] = static_cast<Z>(op(uval[i], vval[k]));
  }
}

/// ewise_mult driven by a sparse operand's entries, as an append_kept source: T(i) = op(u(i),
/// v(i)) where the other operand has i (searched, or read at i in a bitmap).
template <bool UDrives, class Z, class Op, class U, class V>
struct EwiseMultSource {
  Op op;
  const std::uint32_t* idx;
  DeviceCount::View dcount;
  const U* uval;
  const V* vval;
  EntryLookup other;
  __device__ Index count() const { return count_of(dcount); }
  __device__ bool entry(Index k, std::uint32_t& i, void* z) const {
    i = idx[k];
    Index pos = 0;
    if (!other.find(i, pos)) return false;
    if constexpr (UDrives) put_value(z, static_cast<Z>(op(uval[k], vval[pos])));
    else put_value(z, static_cast<Z>(op(uval[pos], vval[k])));
    return true;
  }
};

/// T's index list and count as u's (the first `bound` entries), written by a kernel that reads
/// them: the count, if still on the device, in a word of T's own that the kernel fills.
template <class Z, class U>
SparseCopy copy_of_list(DeviceSparseResult<Z>& t, const DeviceVec<U>& u, Index bound) {
  SparseCopy c;
  t.jumbled = u.format == Sparsity::sparse && u.jumbled;  // T's list is u's, in u's order
  t.idx.allocate(bound, "result indices");
  c.idx = t.idx.data();
  t.idx.mark_copy_of(u.idx);  // the kernel writes it, before anything reads it
  if (auto known = u.nvals.if_known()) {
    t.nvals = *known;
  } else {
    DeviceArray<unsigned long long> word(1, "result count");
    c.word = word.data();
    t.nvals = DeviceCount::on_device(std::move(word));
  }
  return c;
}

/// Whether v holds every entry, each at its index (a bitmap, or a sorted list of all of them), as
/// its count says without a wait.
template <class T>
bool known_full(const DeviceVec<T>& v) {
  return v.nvals.is(v.size) && (v.format == Sparsity::bitmap || !v.jumbled);
}

/// Whether an ewise_mult of u and v can be driven by a sparse operand.
template <class U, class V>
bool sparse_drives(const DeviceVec<U>& u, const DeviceVec<V>& v) {
  return u.format == Sparsity::sparse || v.format == Sparsity::sparse;
}

/// No host wait: counts still on the device are read by the kernels (the driver is the sparse
/// operand with the shorter bound). One launch: against a full operand every entry is kept and
/// T's list is a copy of the driver's (SSSP's better = t < dist, read by position when it masks
/// t: aligned_with); otherwise the kept entries are appended (append_kept.cuh; a lookup kernel and
/// a compaction were 14.5 us a call on a 1-entry list, H200).
template <class Op, class U, class V>
auto ewise_mult_sparse(const Op& op, const DeviceVec<U>& u, const DeviceVec<V>& v) {
  using Z = std::decay_t<decltype(op(std::declval<U>(), std::declval<V>()))>;
  const bool u_drives = u.format == Sparsity::sparse && (v.format != Sparsity::sparse || sparse_bound(u) <= sparse_bound(v));
  DeviceSparseResult<Z> t;
  t.size = u.size;
  const Index bound = u_drives ? sparse_bound(u) : sparse_bound(v);
  if (bound == 0) return t;
  const auto& driver = u_drives ? u.idx : v.idx;
  const DeviceCount::View count = u_drives ? u.nvals.view() : v.nvals.view();
  if (u_drives ? known_full(v) : known_full(u)) {
    // The driver listed by a held list step (held_bit_list.cuh): its kernel does the map too.
    if (auto held = u_drives ? map_into_held_bit_list<true, Z>(op, u, v.val.data()) : map_into_held_bit_list<false, Z>(op, v, u.val.data()))
      return std::move(*held);
    const SparseCopy copy = u_drives ? copy_of_list(t, u, bound) : copy_of_list(t, v, bound);
    t.val.allocate(bound, "result values");
    const unsigned grid = sparse_grid(t, LaunchPolicy::map_threads);
    // Held back where work may wait (held_map.cuh): a masked apply that keeps the entries where
    // the map is true, and the upserts masked by what it keeps, are then done by its kernel.
    if (u_drives ? hold_map<true>(op, driver.data(), count, u.val.data(), v.val.data(), t.val.data(), copy, bound, grid, !u.jumbled)
                 : hold_map<false>(op, driver.data(), count, v.val.data(), u.val.data(), t.val.data(), copy, bound, grid, !v.jumbled))
      return t;
    if (u_drives)
      ewise_mult_full_kernel<true><<<grid, LaunchPolicy::map_threads, 0, stream()>>>(op, driver.data(), count, u.val.data(), v.val.data(),
                                                                                     t.val.data(), copy);
    else
      ewise_mult_full_kernel<false><<<grid, LaunchPolicy::map_threads, 0, stream()>>>(op, driver.data(), count, u.val.data(), v.val.data(),
                                                                                      t.val.data(), copy);
    check_launch("ewise_mult_full_kernel");
    return t;
  }
  const EntryLookup other = u_drives ? entry_lookup(v) : entry_lookup(u);  // the other operand is searched: sorted first
  const bool ordered = !(u_drives ? u.jumbled : v.jumbled);
  const unsigned grid = u_drives ? sparse_grid(u, append_threads) : sparse_grid(v, append_threads);
  if (u_drives)
    append_kept(t, EwiseMultSource<true, Z, Op, U, V>{op, driver.data(), count, u.val.data(), v.val.data(), other}, bound, grid, ordered,
                "ewise_mult");
  else
    append_kept(t, EwiseMultSource<false, Z, Op, U, V>{op, driver.data(), count, u.val.data(), v.val.data(), other}, bound, grid, ordered,
                "ewise_mult");
  return t;
}

/// ewise_add of two sorted lists as an append_kept source over u's entries, then v's: u's entry
/// makes T(i) = op(u(i), v(i)) where v has i, else u(i); v's entry makes T(i) = v(i) where u lacks
/// i (a binary search in the other list each).
template <class Z, class Op, class U, class V>
struct EwiseAddSource {
  Op op;
  const std::uint32_t* uidx;
  const U* uval;
  DeviceCount::View ucount;
  const std::uint32_t* vidx;
  const V* vval;
  DeviceCount::View vcount;
  __device__ Index count() const { return count_of(ucount) + count_of(vcount); }
  __device__ bool entry(Index k, std::uint32_t& i, void* z) const {
    const Index nu = count_of(ucount), nv = count_of(vcount);
    if (k < nu) {
      i = uidx[k];
      const Index j = lower_bound_in(vidx, Index(0), nv, i);
      put_value(z, j < nv && vidx[j] == i ? static_cast<Z>(op(uval[k], vval[j])) : typecast<Z>(uval[k]));
      return true;
    }
    const Index m = k - nu;
    i = vidx[m];
    const Index j = lower_bound_in(uidx, Index(0), nu, i);
    if (j < nu && uidx[j] == i) return false;  // u's entry made it
    put_value(z, typecast<Z>(vval[m]));
    return true;
  }
};

/// ewise_add of two sparse vectors, in what their entries cost: one kernel that appends u's
/// entries and v's that u lacks (append_kept.cuh; a merge kernel and a compaction were 14 us a
/// call on 1-entry lists, H200), no host wait (counts still on the device are read by the kernel)
/// and no pass over n. T is jumbled.
template <class Op, class U, class V>
auto ewise_add_sparse(const Op& op, const DeviceVec<U>& u, const DeviceVec<V>& v) {
  using Z = std::decay_t<decltype(op(std::declval<U>(), std::declval<V>()))>;
  DeviceSparseResult<Z> t;
  t.size = u.size;
  if constexpr (!(castable_v<Z, U> && castable_v<Z, V>)) {
    throw_error(Info::domain_mismatch, "ewise_add: an input's value type cannot be cast to the operator's result type");
  } else {
    unjumble(u);  // both lists are searched
    unjumble(v);
    const Index bound = sparse_bound(u) + sparse_bound(v);
    if (bound == 0) return t;
    const unsigned grid = u.nvals.if_known() && v.nvals.if_known() ? grid_for(bound, append_threads) : capped_grid_for(bound, append_threads);
    append_kept(t,
                EwiseAddSource<Z, Op, U, V>{op, u.idx.data(), u.val.data(), u.nvals.view(), v.idx.data(), v.val.data(), v.nvals.view()},
                bound, grid, false, "ewise_add");
  }
  return t;
}

/// Every index, where no mask is probed.
struct AllowsAll {
  HPG_HOST_DEVICE bool operator()(Index) const { return true; }
};

/// T(k) = f(u(idx[k]), idx[k]) over a sparse u's entries (apply, index apply), T's list u's.
template <class Z, class F, class U>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    map_sparse_kernel(F f, const std::uint32_t* idx, const U* uval, DeviceCount::View count, Z* tval, SparseCopy copy) {
  const Index m = count_of(count);
  copy.count(m);
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < m; k += Index(gridDim.x) * blockDim.x) {
    copy.index(k, idx[k]);
    bool kept = true;
    tval[k] = f(uval[k], idx[k], kept);
  }
}

/// No host wait: u's count, if still on the device, is read by the kernels. `compact`: f may
/// decline an entry (select) or the probe an index (a mask): one kernel maps, probes and appends
/// what it keeps (append_kept.cuh), and T is jumbled (a map and a counted scan of the kept flags,
/// which kept u's order, were 7.7 and 13.3 us of an SSSP round's 47 on the 2048 x 2048 grid, H100).
template <class Z, class F, class U, class Probe = AllowsAll>
DeviceSparseResult<Z> map_sparse(const F& f, const DeviceVec<U>& u, bool compact, const Probe& allows = {}) {
  DeviceSparseResult<Z> t;
  t.size = u.size;
  const Index bound = sparse_bound(u);
  if (bound == 0) return t;
  if (compact) {
    append_kept(t, MapSelectSource<Z, F, U, Probe>{f, u.idx.data(), u.val.data(), u.nvals.view(), allows}, bound,
                sparse_grid(u, append_threads), !u.jumbled, "apply or select");
    return t;
  }
  const SparseCopy copy = copy_of_list(t, u, bound);
  t.val.allocate(bound, "result values");
  map_sparse_kernel<Z><<<sparse_grid(t, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
      f, u.idx.data(), u.val.data(), u.nvals.view(), t.val.data(), copy);
  check_launch("map_sparse_kernel");
  return t;
}

/// apply / select of a sparse u into w<mask>. When the finish makes w T's list where the mask
/// allows (finish_takes_t: SSSP's frontier<better, replace> = t), the map probes the mask too:
/// one kernel maps, probes and compacts (a map, a probe and a compaction were three kernels). A
/// mask whose list copies u's (aligned_with) is probed by position.
template <class Z, class W, class M, class Accum, class F, class U>
void map_sparse_into(DeviceVec<W>& w, const DeviceVec<M>* maskv, const Accum& accum, const F& f, const DeviceVec<U>& u, bool can_drop,
                     const Descriptor& d) {
  if (finish_takes_t(w, maskv, accum, d) && (maskv || d.mask_complement)) {
    // The mask is a held map's result over u and the apply keeps u's entries where it is true:
    // the map's kernel does it (held_map.cuh; SSSP's frontier<better, replace> = t).
    if (maskv)
      if (std::optional<DeviceSparseResult<Z>> kept = keep_into_held_map<Z, F>(u, *maskv, d))
        return finish_vector_sparse(w, maskv, accum, std::move(*kept), d);
    // A mask whose list is u's own (SSSP's) is read by position: 9.1 -> 5.65 us of an SSSP round
    // on the 2048 x 2048 grid (H200), where a search needed the jumbled mask sorted first.
    DeviceSparseResult<Z> t = maskv && aligned_with(*maskv, u) ? map_sparse<Z>(f, u, true, aligned_mask_probe(*maskv, d))
                                                               : map_sparse<Z>(f, u, true, mask_probe(maskv, d));
    t.masked = true;
    return finish_vector_sparse(w, maskv, accum, std::move(t), d);
  }
  finish_vector_sparse(w, maskv, accum, map_sparse<Z>(f, u, can_drop), d);
}

/// T(i) = f(u(i), i) where u(i) is present (apply, index apply, select).
template <class Z, class F, class U>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    map_kernel(F f, const U* uval, const std::uint8_t* upres, Index n, Z* tval, std::uint8_t* tpres) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < n; i += Index(gridDim.x) * blockDim.x) {
    if (!upres[i]) continue;
    bool keep = true;
    const Z z = f(uval[i], i, keep);
    if (keep) {
      tval[i] = z;
      tpres[i] = 1;
    }
  }
}

/// `can_drop`: f may decline an entry (select); otherwise a full u gives a full T (written into
/// `into`'s arrays where it lends them: DeviceResult).
template <class Z, class F, class U>
DeviceResult<Z> map(const F& f, const DeviceVec<U>& u, bool can_drop, DeviceVec<Z>* into = nullptr) {
  const Index n = u.size;
  const BitmapInput<U> ub = as_bitmap(u);
  DeviceResult<Z> t(n, !can_drop && u.nvals.is(n), into);
  if (n) {
    map_kernel<Z><<<grid_for(n, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(f, ub.val, ub.present, n,
                                                                                                      t.val.data(), t.present.data());
    check_launch("map_kernel");
  }
  return t;
}

template <class Z, class Op>
struct apply_unary {
  Op op;
  template <class U>
  HPG_HOST_DEVICE Z operator()(const U& x, Index, bool&) const { return static_cast<Z>(op(x)); }
};
template <class Z, class Op, class S>
struct apply_indexed {
  Op op;
  S thunk;
  template <class U>
  HPG_HOST_DEVICE Z operator()(const U& x, Index i, bool&) const { return static_cast<Z>(op(x, i, Index{0}, thunk)); }
};
template <class Op, class S>
struct select_indexed {
  Op op;
  S thunk;
  template <class U>
  HPG_HOST_DEVICE U operator()(const U& x, Index i, bool& keep) const {
    keep = op(x, i, Index{0}, thunk);
    return x;
  }
};

template <class Monoid, class Z>
struct monoid_op {
  Monoid m;
  HPG_HOST_DEVICE Z operator()(const Z& a, const Z& b) const { return static_cast<Z>(m(a, b)); }
};

/// An entry of a vector as a reduction sees it: a value, or nothing.
template <class Z>
struct MaybeValue {
  Z value;
  bool has;
};
/// Entry i of a bitmap (present null: every i holds a value).
template <class Z, class U>
struct maybe_entry {
  const U* val;
  const std::uint8_t* present;
  HPG_HOST_DEVICE MaybeValue<Z> operator()(Index i) const {
    const bool has = !present || present[i] != 0;
    return {has ? typecast<Z>(val[i]) : Z{}, has};
  }
};
/// (+) over entries, where absent entries take no part; associative whenever (+) is, and it needs
/// no identity (so ANY and user monoids reduce the same way).
template <class Monoid, class Z>
struct maybe_op {
  Monoid m;
  HPG_HOST_DEVICE MaybeValue<Z> operator()(const MaybeValue<Z>& a, const MaybeValue<Z>& b) const {
    if (a.has && b.has) return {static_cast<Z>(m(a.value, b.value)), true};
    return a.has ? a : b;
  }
};

/// Reduces first[0, n) with op from init into *out on the device (CUB), ordered on the library's
/// stream; no wait.
template <class It, class V, class Op>
void reduce_on_device(It first, Index n, V init, Op op, V* out, const char* what) {
  std::size_t temp_bytes = 0;
  check_cuda(cub::DeviceReduce::Reduce(nullptr, temp_bytes, first, out, static_cast<std::int64_t>(n), op, init, stream()), what);
  DeviceArray<std::uint8_t> temp(temp_bytes, what);
  check_cuda(cub::DeviceReduce::Reduce(temp.data(), temp_bytes, first, out, static_cast<std::int64_t>(n), op, init, stream()), what);
}

/// The same, then the one result brought back: one wait, where Thrust's reduce waited twice.
template <class It, class V, class Op>
V reduce_to_host(It first, Index n, V init, Op op, const char* what) {
  DeviceArray<V> out(1, what);
  reduce_on_device(first, n, init, op, out.data(), what);
  V result;
  copy_device_to_host(&result, out.data(), sizeof(V));
  return result;
}

/// (+) over n stored values, seeded with "no value" rather than the monoid's identity: the ANY
/// monoid has no true identity (its "identity" could be picked instead of an entry), and a
/// reduction order Thrust chooses must not change which values can come out. One reduction, one
/// wait for its result.
template <class Monoid, class V>
auto reduce_values(const Monoid& m, const V* val, Index n) {
  using Z = std::decay_t<decltype(m.identity())>;
  if (n == 0) return static_cast<Z>(m.identity());
  auto first = thrust::make_transform_iterator(thrust::make_counting_iterator<Index>(0), maybe_entry<Z, V>{val, nullptr});
  return reduce_to_host(first, n, MaybeValue<Z>{Z{}, false}, maybe_op<Monoid, Z>{m}, "reduce").value;
}

/// A sparse vector reduces its value list; a bitmap one in one pass over its bitmap (no copy
/// to a sparse form first).
template <class Monoid, class U>
auto reduce_vector(const Monoid& m, const DeviceVec<U>& u) {
  using Z = std::decay_t<decltype(m.identity())>;
  if (u.format == Sparsity::sparse || u.nvals.is(u.size)) return reduce_values(m, u.val.data(), u.nvals);
  if (u.nvals.is(0)) return static_cast<Z>(m.identity());
  auto first = thrust::make_transform_iterator(thrust::make_counting_iterator<Index>(0), maybe_entry<Z, U>{u.val.data(), u.present.data()});
  const MaybeValue<Z> r = reduce_to_host(first, u.size, MaybeValue<Z>{Z{}, false}, maybe_op<Monoid, Z>{m}, "reduce");
  return r.has ? r.value : static_cast<Z>(m.identity());  // a bitmap whose count was not known may be empty
}

template <class Monoid, class A>
auto reduce_matrix(const Monoid& m, const DeviceCsr<A>& a) {
  return reduce_values(m, a.val.data(), a.nvals);
}

/// *s = accum(*s, r) where the scalar held a value and there is an accumulator, else r: the step
/// that puts a reduction's result into a Scalar's device word (r has a value: the caller reduced
/// at least one entry).
template <class S, class Z, class Accum>
__device__ void fold_into_scalar(const Accum& accum, bool fold, const MaybeValue<Z>& r, S* s) {
  if constexpr (std::is_invocable_v<const Accum&, const S&, const S&>) {
    if (fold) {
      *s = typecast<S>(accum(*s, typecast<S>(r.value)));
      return;
    }
  }
  *s = typecast<S>(r.value);
}

inline constexpr unsigned reduce_threads = LaunchPolicy::reduce_threads;

/// A reduction into a scalar's device word in one kernel: each block folds its share of the n
/// entries (a grid-stride loop, then the block's reduction) into partial[block]; the last block
/// to finish (its ticket on *arrived: zero at the launch, zeroed again, kept clean) reduces the
/// partials and puts the result into *s. CUB's reduction and a one-thread fold kernel were two
/// launches (13 us a call on a 1-entry list, H200).
template <class Monoid, class Z, class V, class S, class Accum>
__global__ void __launch_bounds__(reduce_threads)
    reduce_fold_kernel(maybe_op<Monoid, Z> op, maybe_entry<Z, V> at, Index n, Accum accum, bool fold, S* s, MaybeValue<Z>* partial,
                       unsigned long long* arrived) {
  using Reduce = cub::BlockReduce<MaybeValue<Z>, reduce_threads>;
  __shared__ typename Reduce::TempStorage scratch;
  MaybeValue<Z> acc{Z{}, false};
  for (Index i = blockIdx.x * Index(reduce_threads) + threadIdx.x; i < n; i += Index(gridDim.x) * reduce_threads) acc = op(acc, at(i));
  const MaybeValue<Z> mine = Reduce(scratch).Reduce(acc, op);
  if (threadIdx.x == 0) partial[blockIdx.x] = mine;
  if (!last_block_to_arrive(arrived)) return;  // its barriers: the scratch is free again
  acc = MaybeValue<Z>{Z{}, false};
  for (unsigned b = threadIdx.x; b < gridDim.x; b += reduce_threads) acc = op(acc, partial[b]);
  const MaybeValue<Z> all = Reduce(scratch).Reduce(acc, op);
  if (threadIdx.x == 0) {
    *arrived = 0;
    fold_into_scalar(accum, fold, all, s);
  }
}

/// GrB_Vector_reduce_Monoid_Scalar / GrB_Matrix_reduce_Monoid_Scalar on the device: *s =
/// accum(*s, (+) of the n entries val[i] with present[i] set (present null: all n)) (fold: the
/// scalar holds a value and accum is an operator), in one launch with no host wait. There is at
/// least one entry (the caller decided from the count on the host whether the scalar gets a
/// value).
template <class Monoid, class V, class S, class Accum>
void reduce_entries_into(const Monoid& m, const V* val, const std::uint8_t* present, Index n, const Accum& accum, bool fold, S* s) {
  using Z = std::decay_t<decltype(m.identity())>;
  const unsigned grid = capped_grid_for(n, reduce_threads);
  DeviceArray<MaybeValue<Z>> partial(grid, "reduce");
  CleanScratch arrived = zeroed_scratch(ScratchUse::scan_status, sizeof(unsigned long long), "reduce");
  reduce_fold_kernel<<<grid, reduce_threads, 0, stream()>>>(maybe_op<Monoid, Z>{m}, maybe_entry<Z, V>{val, present}, n, accum, fold, s,
                                                            partial.data(), static_cast<unsigned long long*>(arrived.data()));
  check_launch("reduce_fold_kernel");
  arrived.restored();
}
template <class Monoid, class U, class S, class Accum>
void reduce_vector_into(const Monoid& m, const DeviceVec<U>& u, const Accum& accum, bool fold, S* s) {
  const bool listed = u.format == Sparsity::sparse || u.nvals.is(u.size);  // as reduce_vector reads it
  reduce_entries_into(m, u.val.data(), listed ? nullptr : u.present.data(), listed ? u.nvals.get() : u.size, accum, fold, s);
}

/// T(i) = (+)_j A(i, j): one thread per row.
template <class Z, class Op, class Offset, class A>
__global__ void __launch_bounds__(LaunchPolicy::row_threads)
    reduce_rows_kernel(Op op, const Offset* ptr, const A* val, Index nrows, Z* tval, std::uint8_t* tpres) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < nrows; i += Index(gridDim.x) * blockDim.x) {
    const std::uint64_t b = ptr[i], e = ptr[i + 1];
    if (b == e) continue;
    Z acc = typecast<Z>(val[b]);
    for (std::uint64_t p = b + 1; p < e; ++p) acc = static_cast<Z>(op(acc, typecast<Z>(val[p])));
    tval[i] = acc;
    tpres[i] = 1;
  }
}

template <class Z, class Op, class A>
DeviceResult<Z> reduce_rows(const Op& op, const DeviceCsr<A>& a) {
  DeviceResult<Z> t(a.nrows);
  if (a.nrows) {
    if (a.wide_offsets())
      reduce_rows_kernel<Z><<<grid_for(a.nrows, LaunchPolicy::row_threads), LaunchPolicy::row_threads, 0, stream()>>>(
          op, a.ptr64.data(), a.val.data(), a.nrows, t.val.data(), t.present.data());
    else
      reduce_rows_kernel<Z><<<grid_for(a.nrows, LaunchPolicy::row_threads), LaunchPolicy::row_threads, 0, stream()>>>(
          op, a.ptr32.data(), a.val.data(), a.nrows, t.val.data(), t.present.data());
    check_launch("reduce_rows_kernel");
  }
  return t;
}

/// An index list on the device (nullptr list: all of 0..n-1).
struct DeviceIndices {
  DeviceArray<Index> list;
  Index count = 0;
  bool all = true;
  const Index* data() const { return all ? nullptr : list.data(); }
};

__global__ inline void __launch_bounds__(LaunchPolicy::map_threads) region_kernel(const Index* list, Index count, std::uint8_t* region) {
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < count; k += Index(gridDim.x) * blockDim.x)
    region[list ? list[k] : k] = 1;
}

/// T(I[k]) = u(k) (vector assign) or x (scalar assign: u == nullptr; x is *scalar_at where that is
/// not null: a Scalar's value, read when the kernel runs), and the region I covers.
template <class Z>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    assign_scatter_kernel(const Index* list, Index count, const Z* uval, const std::uint8_t* upres, Z scalar, Z* tval,
                          std::uint8_t* tpres, const Z* scalar_at) {
  if (scalar_at) scalar = *scalar_at;
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < count; k += Index(gridDim.x) * blockDim.x) {
    const Index dst = list ? list[k] : k;
    if (uval) {
      if (!upres[k]) continue;
      tval[dst] = uval[k];
    } else {
      tval[dst] = scalar;
    }
    tpres[dst] = 1;
  }
}

/// T(k) = u(I[k]) (vector extract).
template <class Z>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    extract_gather_kernel(const Index* list, Index count, const Z* uval, const std::uint8_t* upres, Z* tval,
                          std::uint8_t* tpres) {
  for (Index k = blockIdx.x * Index(blockDim.x) + threadIdx.x; k < count; k += Index(gridDim.x) * blockDim.x) {
    const Index src = list ? list[k] : k;
    if (!upres[src]) continue;
    tval[k] = uval[src];
    tpres[k] = 1;
  }
}

}  // namespace hpg::detail::cuda
