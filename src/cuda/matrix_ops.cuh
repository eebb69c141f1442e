// The matrix operations other than mxm on the GPU: each builds its result T as a device CSR and
// hands it to merge_matrix (matrix_finish.cuh). Kernels that produce rows run one thread per row
// in two passes (count, then fill at the scanned offsets), like the merge; kernels that map
// entries, and the element-wise ones, run one thread per entry. Where entries are produced out
// of order (assign, extract with an unsorted column list) they travel as 64-bit keys
// (row << 32 | column) through the stable sort of tuples.cuh, as build does.
#pragma once

#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/fill.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>

#include <type_traits>
#include <vector>

#include "hpgraph/detail/sorted_search.hpp"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/matrix_finish.cuh"
#include "hpgraph/cuda/vector_ops.cuh"
#include "hpgraph/detail/cast.hpp"
#include "hpgraph/ops/binary.hpp"

namespace hpg::detail::cuda {

// ---- ewise_add / ewise_mult -----------------------------------------------------------------------
//
// A thread an entry, not a row: a thread a row left kron's hub rows (10^5 entries) to one thread
// each, 37 ms for A + A' on kron-21 where the bytes move in 0.2 ms. Each entry finds its row and
// then its column in the other operand's row by binary search; one exclusive scan of "this entry
// lands in T" flags gives every output position directly, so T's offsets need no second scan.

/// Where entry e of P (row i) falls in Q's row i: the first position there whose column is not
/// less than e's, and whether Q holds e's column (its entry is then at that position).
template <class P, class Q>
__device__ std::uint64_t place_in_other(const CsrView<P>& p, std::uint64_t e, const CsrView<Q>& q, bool& found) {
  const Index i = row_of_entry(p.ptr, p.nrows, e);
  const std::uint32_t j = p.col[e];
  const std::uint64_t end = q.ptr[i + 1];
  const std::uint64_t k = lower_bound_in(q.col, q.ptr[i], end, j);
  found = k < end && q.col[k] == j;
  return k;
}

/// 1 where entry e of P lands in T: for ewise_add (Union) an entry of Y without an X entry beside
/// it (X's entries all land); for ewise_mult an entry of X with a Y entry beside it. 0 at e = nnz,
/// so that the exclusive scan's last element is the total.
template <bool Union, class P, class Q>
struct lands_in_result {
  CsrView<P> p;
  CsrView<Q> q;
  std::uint64_t nnz;
  __device__ std::uint64_t operator()(std::uint64_t e) const {
    if (e >= nnz) return 0;
    bool found = false;
    place_in_other(p, e, q, found);
    return Union ? !found : found;
  }
};

/// T's row offsets from the ranks: row i starts after X's entries of the rows before it (Union
/// only) and the ranked entries before it.
template <bool PlusX>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    ewise_csr_offsets_kernel(const std::uint64_t* xptr, const std::uint64_t* ranked_ptr, const std::uint64_t* rank,
                             Index nrows, std::uint64_t* offsets) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i <= nrows; i += Index(gridDim.x) * blockDim.x)
    offsets[i] = (PlusX ? xptr[i] : 0) + rank[ranked_ptr[i]];
}

/// Writes X's entries into T. ewise_add (Union): every X entry, at e plus the Y-only entries
/// before its place in Y (y_rank); ewise_mult: the X entries with a Y entry beside them, at
/// their rank among those (x_rank).
template <bool Union, class Z, class Op, class X, class Y>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    ewise_csr_fill_x_kernel(Op op, CsrView<X> x, CsrView<Y> y, const std::uint64_t* rank, std::uint32_t* ocol, Z* oval) {
  const std::uint64_t nnz = x.ptr[x.nrows];
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < nnz; e += std::uint64_t(gridDim.x) * blockDim.x) {
    bool found = false;
    const std::uint64_t k = place_in_other(x, e, y, found);
    if (!Union && !found) continue;
    const std::uint64_t at = Union ? e + rank[k] : rank[e];
    ocol[at] = x.col[e];
    if (found) oval[at] = static_cast<Z>(op(x.val[e], y.val[k]));
    else if constexpr (Union) oval[at] = typecast<Z>(x.val[e]);
  }
}

/// ewise_add: writes the Y entries without an X entry beside them, at their place in X plus their
/// rank among the Y-only entries.
template <class Z, class X, class Y>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    ewise_csr_fill_y_kernel(CsrView<X> x, CsrView<Y> y, const std::uint64_t* y_rank, std::uint32_t* ocol, Z* oval) {
  const std::uint64_t nnz = y.ptr[y.nrows];
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < nnz; e += std::uint64_t(gridDim.x) * blockDim.x) {
    bool found = false;
    const std::uint64_t k = place_in_other(y, e, x, found);
    if (found) continue;
    const std::uint64_t at = k + y_rank[e];
    ocol[at] = y.col[e];
    oval[at] = typecast<Z>(y.val[e]);
  }
}

/// T = X (op) Y over the union (Union) or the intersection of their patterns; X and Y have the
/// same dimensions.
template <bool Union, class Op, class X, class Y>
auto ewise_csr(const Op& op, const DeviceCsr<X>& x, const DeviceCsr<Y>& y) {
  using Z = std::decay_t<decltype(op(std::declval<X>(), std::declval<Y>()))>;
  if constexpr (Union && !(castable_v<Z, X> && castable_v<Z, Y>))
    throw_error(Info::domain_mismatch, "ewise_add: an input's value type cannot be cast to the operator's result type");
  const Index n = x.nrows;
  const CsrInput<X> xi = csr_input(x);
  const CsrInput<Y> yi = csr_input(y);
  // Ranked: Y's entries (Union: those without an X entry) or X's (ewise_mult: those with a Y one).
  const std::uint64_t ranked = Union ? y.nvals : x.nvals;
  DeviceArray<std::uint64_t> rank(ranked + 1, "ewise ranks");
  guarded("ewise ranks", [&] {
    auto first = thrust::make_counting_iterator<std::uint64_t>(0);
    if constexpr (Union)
      thrust::exclusive_scan(policy(), thrust::make_transform_iterator(first, lands_in_result<true, Y, X>{yi.view, xi.view, ranked}),
                             thrust::make_transform_iterator(first + (ranked + 1), lands_in_result<true, Y, X>{yi.view, xi.view, ranked}),
                             rank.data(), std::uint64_t{0});
    else
      thrust::exclusive_scan(policy(), thrust::make_transform_iterator(first, lands_in_result<false, X, Y>{xi.view, yi.view, ranked}),
                             thrust::make_transform_iterator(first + (ranked + 1), lands_in_result<false, X, Y>{xi.view, yi.view, ranked}),
                             rank.data(), std::uint64_t{0});
  });
  std::uint64_t ranked_total = 0;
  copy_device_to_host(&ranked_total, rank.data() + ranked, sizeof(ranked_total));
  DeviceArray<std::uint64_t> offsets(n + 1, "matrix row offsets");
  ewise_csr_offsets_kernel<Union><<<grid_for(n + 1, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
      xi.view.ptr, Union ? yi.view.ptr : xi.view.ptr, rank.data(), n, offsets.data());
  check_launch("ewise_csr_offsets_kernel");
  DeviceCsr<Z> out;
  out.nrows = x.nrows;
  out.ncols = x.ncols;
  out.nvals = Union ? x.nvals + ranked_total : ranked_total;
  out.col.allocate(out.nvals, "matrix column indices");
  out.val.allocate(out.nvals, "matrix values");
  if (out.nvals && x.nvals) {
    ewise_csr_fill_x_kernel<Union, Z><<<grid_for(x.nvals, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        op, xi.view, yi.view, rank.data(), out.col.data(), out.val.data());
    check_launch("ewise_csr_fill_x_kernel");
  }
  if constexpr (Union) {
    if (ranked_total) {
      ewise_csr_fill_y_kernel<Z><<<grid_for(y.nvals, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
          xi.view, yi.view, rank.data(), out.col.data(), out.val.data());
      check_launch("ewise_csr_fill_y_kernel");
    }
  }
  adopt_offsets(out, std::move(offsets));
  return out;
}

// ---- apply / select -------------------------------------------------------------------------------

/// The per-entry functions of apply and select: value, row, column -> result, and whether the entry
/// stays. `positional`: whether the row is needed (it costs a binary search per entry).
template <class Z, class Op>
struct entry_unary {
  static constexpr bool positional = false;
  Op op;
  template <class X>
  HPG_HOST_DEVICE Z operator()(const X& x, Index, Index, bool&) const { return static_cast<Z>(op(x)); }
};
template <class Z, class Op, class S>
struct entry_indexed {
  static constexpr bool positional = true;
  Op op;
  S thunk;
  template <class X>
  HPG_HOST_DEVICE Z operator()(const X& x, Index i, Index j, bool&) const { return static_cast<Z>(op(x, i, j, thunk)); }
};
template <class Op, class S>
struct entry_select {
  static constexpr bool positional = true;
  Op op;
  S thunk;
  template <class X>
  HPG_HOST_DEVICE X operator()(const X& x, Index i, Index j, bool& keep) const {
    keep = static_cast<bool>(op(x, i, j, thunk));
    return x;
  }
};

/// tval[e] = f(A's entry e); with `keep`, also whether it stays and its key.
template <bool NeedRow, class Z, class F, class X>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    map_entries_kernel(F f, CsrView<X> a, std::uint64_t nnz, Z* tval, std::uint8_t* keep, std::uint64_t* key) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < nnz; e += std::uint64_t(gridDim.x) * blockDim.x) {
    const Index i = NeedRow ? row_of_entry(a.ptr, a.nrows, e) : 0;
    const std::uint32_t j = a.col[e];
    bool k = true;
    tval[e] = f(a.val[e], i, Index{j}, k);
    if (keep) {
      keep[e] = k;
      key[e] = (i << 32) | j;
    }
  }
}

/// apply: T has A's pattern and values f(A(i,j), i, j).
template <class Z, class F, class X>
DeviceCsr<Z> map_csr(const F& f, const DeviceCsr<X>& a) {
  DeviceCsr<Z> out;
  out.nrows = a.nrows;
  out.ncols = a.ncols;
  out.nvals = a.nvals;
  out.ptr32 = a.ptr32.clone("matrix row offsets");
  out.ptr64 = a.ptr64.clone("matrix row offsets");
  out.col = a.col.clone("matrix column indices");
  out.val.allocate(a.nvals, "matrix values");
  if (a.nvals) {
    const CsrInput<X> ai = csr_input(a);
    map_entries_kernel<F::positional, Z><<<grid_for(a.nvals, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        f, ai.view, a.nvals, out.val.data(), static_cast<std::uint8_t*>(nullptr), static_cast<std::uint64_t*>(nullptr));
    check_launch("map_entries_kernel");
  }
  return out;
}

/// select: T holds the entries of A that f keeps.
template <class F, class X>
DeviceCsr<X> select_csr(const F& f, const DeviceCsr<X>& a) {
  const std::uint64_t nnz = a.nvals;
  if (nnz == 0) return empty_csr<X>(a.nrows, a.ncols);
  const CsrInput<X> ai = csr_input(a);
  DeviceArray<X> val(nnz, "select values");
  DeviceArray<std::uint8_t> keep(nnz, "select flags");
  DeviceArray<std::uint64_t> key(nnz, "select keys");
  map_entries_kernel<true, X><<<grid_for(nnz, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
      f, ai.view, nnz, val.data(), keep.data(), key.data());
  check_launch("map_entries_kernel");
  return guarded("select", [&] {
    const auto kept = static_cast<std::size_t>(count_set(keep.data(), nnz));
    DeviceArray<std::uint64_t> tkey(kept, "matrix keys");
    DeviceArray<X> tval(kept, "matrix values");
    if (kept)
      thrust::copy_if(policy(), thrust::make_zip_iterator(key.data(), val.data()), thrust::make_zip_iterator(key.data() + nnz, val.data() + nnz),
                      keep.data(), thrust::make_zip_iterator(tkey.data(), tval.data()), is_present{});
    return csr_from_sorted_keys(a.nrows, a.ncols, std::move(tkey), std::move(tval));
  });
}

// ---- assign ---------------------------------------------------------------------------------------

/// The region I x J of an assign as row and column bitmaps (hpg::all marks the whole dimension).
inline MatrixRegion matrix_region(const DeviceIndices& I, const DeviceIndices& J, Index nrows, Index ncols) {
  MatrixRegion r;
  r.everything = I.all && J.all;
  r.row_in.allocate(nrows, "assign region");
  r.col_in.allocate(ncols, "assign region");
  if (nrows) device_memset(r.row_in.data(), 0, nrows);
  if (ncols) device_memset(r.col_in.data(), 0, ncols);
  if (I.count) {
    region_kernel<<<grid_for(I.count, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(I.data(), I.count,
                                                                                                            r.row_in.data());
    check_launch("region_kernel");
  }
  if (J.count) {
    region_kernel<<<grid_for(J.count, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(J.data(), J.count,
                                                                                                            r.col_in.data());
    check_launch("region_kernel");
  }
  return r;
}

/// Entry (i, j) of A lands at (I[i], J[j]) of C.
template <class A>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    assign_keys_kernel(CsrView<A> a, std::uint64_t nnz, const Index* I, const Index* J, std::uint64_t* key) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < nnz; e += std::uint64_t(gridDim.x) * blockDim.x) {
    const Index i = row_of_entry(a.ptr, a.nrows, e);
    const Index j = a.col[e];
    key[e] = ((I ? I[i] : i) << 32) | (J ? J[j] : j);
  }
}

/// T of C(I, J) = A: A's entries at their places in C; where I or J repeats an index, the later
/// entry (in A's row-major order) wins, as on the host.
template <class A>
DeviceCsr<A> assign_csr(const DeviceCsr<A>& a, const DeviceIndices& I, const DeviceIndices& J, Index nrows, Index ncols) {
  const std::uint64_t nnz = a.nvals;
  if (nnz == 0) return empty_csr<A>(nrows, ncols);
  DeviceArray<std::uint64_t> key(nnz, "assign keys");
  {
    const CsrInput<A> ai = csr_input(a);
    assign_keys_kernel<<<grid_for(nnz, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(ai.view, nnz, I.data(),
                                                                                                             J.data(), key.data());
    check_launch("assign_keys_kernel");
  }
  DeviceArray<A> val = a.val.clone("assign values");
  sort_and_combine(key, val, second<A>{}, "assign");
  return csr_from_sorted_keys(nrows, ncols, std::move(key), std::move(val));
}

/// The mask entries (i, j) that count and lie in the region.
__global__ inline void __launch_bounds__(LaunchPolicy::map_threads)
    mask_region_keys_kernel(MaskView m, Index mrows, std::uint64_t mnvals, RegionView r, std::uint64_t* key,
                            std::uint8_t* keep) {
  for (std::uint64_t p = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; p < mnvals; p += std::uint64_t(gridDim.x) * blockDim.x) {
    const Index i = row_of_entry(m.ptr, mrows, p);
    const std::uint32_t j = m.col[p];
    keep[p] = (!m.on || m.on[p]) && r.covers(i, j);
    key[p] = (i << 32) | j;
  }
}

/// Every position of rows x cols (both sorted), row-major.
__global__ inline void __launch_bounds__(LaunchPolicy::map_threads)
    block_keys_kernel(const std::uint32_t* rows, const std::uint32_t* cols, std::uint64_t ncols_in, std::uint64_t total,
                      std::uint64_t* key) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < total; e += std::uint64_t(gridDim.x) * blockDim.x)
    key[e] = (std::uint64_t(rows[e / ncols_in]) << 32) | cols[e % ncols_in];
}

/// The indices whose bitmap byte is set, ascending.
inline DeviceArray<std::uint32_t> bitmap_indices(const DeviceArray<std::uint8_t>& bitmap, Index n) {
  return guarded("assign region", [&] {
    const auto count = static_cast<std::size_t>(n ? count_set(bitmap.data(), n) : 0);
    DeviceArray<std::uint32_t> out(count, "assign region");
    if (count) {
      auto first = thrust::make_counting_iterator<std::uint32_t>(0);
      thrust::copy_if(policy(), first, first + n, bitmap.data(), out.data(), is_present{});
    }
    return out;
  });
}

/// T of C(I, J) = x: x at every position of the region. Under a mask that is present and not
/// complemented, only the positions the mask allows: T is read nowhere else (so C<M>(all, all) = x
/// costs the mask's entries, not nrows x ncols).
template <class X>
DeviceCsr<X> assign_scalar_csr(const X& x, const MatrixRegion& region, const MatrixMask& mask, Index nrows, Index ncols) {
  DeviceArray<std::uint64_t> key;
  if (mask.present() && !mask.complement()) {
    const std::uint64_t mn = mask.nvals;
    if (mn == 0) return empty_csr<X>(nrows, ncols);
    DeviceArray<std::uint64_t> all(mn, "assign keys");
    DeviceArray<std::uint8_t> keep(mn, "assign flags");
    mask_region_keys_kernel<<<grid_for(mn, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        mask.view, mask.nrows, mn, RegionView{region.row_in.data(), region.col_in.data()}, all.data(), keep.data());
    check_launch("mask_region_keys_kernel");
    guarded("assign", [&] {
      const auto kept = static_cast<std::size_t>(count_set(keep.data(), mn));
      key.allocate(kept, "assign keys");
      if (kept) thrust::copy_if(policy(), all.data(), all.data() + mn, keep.data(), key.data(), is_present{});
    });
  } else {
    const DeviceArray<std::uint32_t> rows = bitmap_indices(region.row_in, nrows);
    const DeviceArray<std::uint32_t> cols = bitmap_indices(region.col_in, ncols);
    const std::uint64_t total = std::uint64_t(rows.size()) * cols.size();
    key.allocate(total, "assign keys");
    if (total) {
      block_keys_kernel<<<grid_for(total, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
          rows.data(), cols.data(), cols.size(), total, key.data());
      check_launch("block_keys_kernel");
    }
  }
  DeviceArray<X> val(key.size(), "assign values");
  if (key.size()) guarded("assign", [&] { thrust::fill_n(policy(), val.data(), key.size(), x); });
  return csr_from_sorted_keys(nrows, ncols, std::move(key), std::move(val));
}

// ---- extract --------------------------------------------------------------------------------------

/// Where the columns of the source land in C: the positions k with J[k] == c are
/// dest[ptr[c] .. ptr[c + 1]), ascending (a column listed twice lands twice). identity: J is all.
struct ColumnMap {
  bool identity = true;
  DeviceArray<std::uint64_t> ptr;
  DeviceArray<std::uint32_t> dest;
};

inline ColumnMap column_map(const DeviceIndices& J, Index src_ncols) {
  ColumnMap m;
  m.identity = J.all;
  if (m.identity) return m;
  const Index nj = J.count;
  m.ptr.allocate(src_ncols + 1, "extract column map");
  m.dest.allocate(nj, "extract column map");
  guarded("extract", [&] {
    DeviceArray<Index> cols = J.list.clone("extract column map");
    if (nj) {
      thrust::sequence(policy(), m.dest.data(), m.dest.data() + nj);
      thrust::stable_sort_by_key(policy(), cols.data(), cols.data() + nj, m.dest.data());
    }
    auto first = thrust::make_counting_iterator<Index>(0);
    thrust::lower_bound(policy(), cols.data(), cols.data() + nj, first, first + (src_ncols + 1), m.ptr.data());
  });
  return m;
}

/// Row r of C = A(I, J): row I[r] of A, each entry copied to every position its column lands at.
/// The count pass sizes the rows; the fill pass writes keys (r, k), in order when J is sorted.
template <bool Fill, class A>
__device__ std::uint64_t extract_row(Index r, const CsrView<A>& a, const Index* I, bool identity, const std::uint64_t* dptr,
                                     const std::uint32_t* dest, std::uint64_t* key, A* val) {
  const Index src = I ? I[r] : r;
  std::uint64_t n = 0;
  for (std::uint64_t p = a.ptr[src]; p < a.ptr[src + 1]; ++p) {
    const std::uint32_t c = a.col[p];
    if (identity) {
      if constexpr (Fill) {
        key[n] = (r << 32) | c;
        val[n] = a.val[p];
      }
      ++n;
      continue;
    }
    for (std::uint64_t q = dptr[c]; q < dptr[c + 1]; ++q) {
      if constexpr (Fill) {
        key[n] = (r << 32) | dest[q];
        val[n] = a.val[p];
      }
      ++n;
    }
  }
  return n;
}

template <class A>
__global__ void __launch_bounds__(LaunchPolicy::csr_build_threads)
    extract_count_kernel(CsrView<A> a, Index nrows, const Index* I, bool identity, const std::uint64_t* dptr,
                         const std::uint32_t* dest, std::uint64_t* counts) {
  for (Index r = blockIdx.x * Index(blockDim.x) + threadIdx.x; r < nrows; r += Index(gridDim.x) * blockDim.x)
    counts[r] = extract_row<false>(r, a, I, identity, dptr, dest, static_cast<std::uint64_t*>(nullptr), static_cast<A*>(nullptr));
}

template <class A>
__global__ void __launch_bounds__(LaunchPolicy::csr_build_threads)
    extract_fill_kernel(CsrView<A> a, Index nrows, const Index* I, bool identity, const std::uint64_t* dptr,
                        const std::uint32_t* dest, const std::uint64_t* offsets, std::uint64_t* key, A* val) {
  for (Index r = blockIdx.x * Index(blockDim.x) + threadIdx.x; r < nrows; r += Index(gridDim.x) * blockDim.x)
    extract_row<true>(r, a, I, identity, dptr, dest, key + offsets[r], val + offsets[r]);
}

/// T = A(I, J), nrows x ncols = |I| x |J|. J_sorted: J is all or non-decreasing, so each row comes
/// out in column order and needs no sort.
template <class A>
DeviceCsr<A> extract_csr(const DeviceCsr<A>& a, const DeviceIndices& I, const DeviceIndices& J, bool J_sorted, Index nrows, Index ncols) {
  if (a.nvals == 0 || nrows == 0 || ncols == 0) return empty_csr<A>(nrows, ncols);
  const CsrInput<A> ai = csr_input(a);
  const ColumnMap map = column_map(J, a.ncols);
  DeviceArray<std::uint64_t> offsets(nrows + 1, "extract offsets");
  extract_count_kernel<<<grid_for(nrows, LaunchPolicy::csr_build_threads), LaunchPolicy::csr_build_threads, 0, stream()>>>(
      ai.view, nrows, I.data(), map.identity, map.ptr.data(), map.dest.data(), offsets.data());
  check_launch("extract_count_kernel");
  const std::uint64_t total = scan_counts(offsets, nrows);
  DeviceArray<std::uint64_t> key(total, "extract keys");
  DeviceArray<A> val(total, "extract values");
  if (total) {
    extract_fill_kernel<<<grid_for(nrows, LaunchPolicy::csr_build_threads), LaunchPolicy::csr_build_threads, 0, stream()>>>(
        ai.view, nrows, I.data(), map.identity, map.ptr.data(), map.dest.data(), offsets.data(), key.data(), val.data());
    check_launch("extract_fill_kernel");
  }
  offsets.release();
  if (!J_sorted) sort_and_combine(key, val, no_dup, "extract");  // keys are unique: only the order changes
  return csr_from_sorted_keys(nrows, ncols, std::move(key), std::move(val));
}

/// Column j of A spread over its rows: one thread per row, a binary search in each.
template <class A>
__global__ void __launch_bounds__(LaunchPolicy::row_threads)
    column_spread_kernel(CsrView<A> a, std::uint32_t j, A* val, std::uint8_t* present) {
  for (Index i = blockIdx.x * Index(blockDim.x) + threadIdx.x; i < a.nrows; i += Index(gridDim.x) * blockDim.x) {
    const std::uint64_t lo = lower_bound_in(a.col, a.ptr[i], a.ptr[i + 1], j);
    if (lo < a.ptr[i + 1] && a.col[lo] == j) {
      val[i] = a.val[lo];
      present[i] = 1;
    }
  }
}

/// Row j of A spread over its columns (the grid covers the longest possible row, ncols).
template <class A>
__global__ void __launch_bounds__(LaunchPolicy::map_threads) row_spread_kernel(CsrView<A> a, Index j, A* val, std::uint8_t* present) {
  const std::uint64_t b = a.ptr[j], len = a.ptr[j + 1] - b;
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < len; e += std::uint64_t(gridDim.x) * blockDim.x) {
    val[a.col[b + e]] = a.val[b + e];
    present[a.col[b + e]] = 1;
  }
}

/// T of w = A(I, j) (row: A(j, I), the descriptor's transpose), in bitmap form of size |I|.
template <class A>
DeviceResult<A> extract_column(const DeviceCsr<A>& a, Index j, bool row, const DeviceIndices& I, Index wsize) {
  const Index len = row ? a.ncols : a.nrows;
  DeviceResult<A> line(len);
  if (len && a.nvals) {
    const CsrInput<A> ai = csr_input(a);
    if (row) {
      row_spread_kernel<<<grid_for(len, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(ai.view, j, line.val.data(),
                                                                                                              line.present.data());
      check_launch("row_spread_kernel");
    } else {
      column_spread_kernel<<<grid_for(len, LaunchPolicy::row_threads), LaunchPolicy::row_threads, 0, stream()>>>(
          ai.view, static_cast<std::uint32_t>(j), line.val.data(), line.present.data());
      check_launch("column_spread_kernel");
    }
  }
  DeviceResult<A> t(wsize);
  if (I.count) {
    extract_gather_kernel<A><<<grid_for(I.count, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        I.data(), I.count, line.val.data(), line.present.data(), t.val.data(), t.present.data());
    check_launch("extract_gather_kernel");
  }
  return t;
}

}  // namespace hpg::detail::cuda
