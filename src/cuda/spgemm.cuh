// Sparse matrix times sparse matrix on the GPU: T = A (+.x) B over any semiring. Two methods:
//  - masked dot products, when a mask that is not complemented decides which entries of C can
//    change: only those entries are computed, each as the dot of row i of A and column j of B
//    (row j of B'). This is triangle counting's C<L> = L (+.pair) U', where most of A B is never
//    needed;
//  - Gustavson's row-by-row product as expand-sort-reduce (ESC) otherwise: every product
//    A(i,k) B(k,j) is expanded under the key (i, j), the keys are sorted (stable, so the products of
//    an entry stay in k order as on the host) and equal keys are reduced with the monoid. A
//    complemented mask drops the products it forbids before the sort.
// Multiplies see SuiteSparse's positions (i, k, j) of C(i,j) += A(i,k) B(k,j), as on the host.
#pragma once

#include <thrust/copy.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/scan.h>

#include <type_traits>

#include "hpgraph/cuda/hyb.cuh"
#include "hpgraph/cuda/launch_policy.cuh"
#include "hpgraph/cuda/matrix_finish.cuh"
#include "hpgraph/cuda/vector_ops.cuh"
#include "hpgraph/detail/switches.hpp"
#include "hpgraph/detail/tuning.hpp"
#include "hpgraph/ops/semiring.hpp"
#include "hpgraph/detail/sorted_search.hpp"

namespace hpg::detail::cuda {

/// The first q in [lo, hi) with col[q] >= target (hi if none), searching forward from lo with
/// doubling steps: an intersection of a short list with a long one then costs
/// O(short * log(long)) rather than O(short + long), and equal lengths stay linear.
__device__ inline std::uint64_t gallop_to(const std::uint32_t* col, std::uint64_t lo, std::uint64_t hi, std::uint32_t target) {
  if (lo >= hi || col[lo] >= target) return lo;
  std::uint64_t prev = lo, step = 1;  // col[prev] < target
  while (prev + step < hi && col[prev + step] < target) {
    prev += step;
    step <<= 1;
  }
  std::uint64_t l = prev + 1, h = prev + step < hi ? prev + step : hi;
  while (l < h) {
    const std::uint64_t mid = l + (h - l) / 2;
    if (col[mid] < target) l = mid + 1;
    else h = mid;
  }
  return l;
}

// ---- masked dot products --------------------------------------------------------------------------

/// One thread per mask entry (i, j): the sorted column lists of A(i,:) and B'(j,:) are intersected,
/// the products folded in k order, and the walk stops once the monoid reaches its terminal value.
template <class SR, class A, class B, class Z>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    masked_dot_kernel(SR s, CsrView<A> a, CsrView<B> bt, MaskView m, Index mrows, std::uint64_t mnvals, std::uint64_t* key,
                      Z* val, std::uint8_t* found) {
  for (std::uint64_t p = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; p < mnvals; p += std::uint64_t(gridDim.x) * blockDim.x) {
    found[p] = 0;
    if (m.on && !m.on[p]) continue;  // a valued mask entry that is false: C(i,j) cannot change
    const Index i = row_of_entry(m.ptr, mrows, p);
    const std::uint32_t j = m.col[p];
    std::uint64_t x = a.ptr[i], y = bt.ptr[j];
    const std::uint64_t xe = a.ptr[i + 1], ye = bt.ptr[j + 1];
    bool any = false;
    Z acc{};
    while (x < xe && y < ye) {
      const std::uint32_t ka = a.col[x], kb = bt.col[y];
      if (ka < kb) {
        x = gallop_to(a.col, x + 1, xe, kb);
      } else if (kb < ka) {
        y = gallop_to(bt.col, y + 1, ye, ka);
      } else {
        const Z prod = static_cast<Z>(ops_detail::multiply(s.mul, a.val[x], bt.val[y], i, Index{ka}, Index{j}));
        acc = any ? static_cast<Z>(s.add(acc, prod)) : prod;
        any = true;
        if (ops_detail::reached_terminal(s.add, acc)) break;
        ++x;
        ++y;
      }
    }
    if (any) {
      key[p] = (i << 32) | j;
      val[p] = acc;
      found[p] = 1;
    }
  }
}

/// T<M> = A B for a mask M that is present and not complemented, from A and B' (bt: the CSR whose
/// row j is column j of B). T's pattern is the part of M's where a product exists.
template <class SR, class A, class B>
DeviceCsr<typename SR::value_type> mxm_masked_dot(const SR& s, const DeviceCsr<A>& a, const DeviceCsr<B>& bt, const MatrixMask& mask,
                                                  Index nrows, Index ncols) {
  using Z = typename SR::value_type;
  const std::uint64_t mn = mask.nvals;
  if (mn == 0 || a.nvals == 0 || bt.nvals == 0) return empty_csr<Z>(nrows, ncols);
  const CsrInput<A> ai = csr_input(a);
  const CsrInput<B> bi = csr_input(bt);
  DeviceArray<std::uint64_t> key(mn, "mxm keys");
  DeviceArray<Z> val(mn, "mxm values");
  DeviceArray<std::uint8_t> found(mn, "mxm flags");
  masked_dot_kernel<<<grid_for(mn, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
      s, ai.view, bi.view, mask.view, mask.nrows, mn, key.data(), val.data(), found.data());
  check_launch("masked_dot_kernel");
  return guarded("mxm (masked dot)", [&] {
    const auto kept = static_cast<std::size_t>(count_set(found.data(), mn));
    DeviceArray<std::uint64_t> tkey(kept, "mxm keys");
    DeviceArray<Z> tval(kept, "mxm values");
    if (kept)  // the mask's entries are in row-major order, so the kept keys are sorted
      thrust::copy_if(policy(), thrust::make_zip_iterator(key.data(), val.data()), thrust::make_zip_iterator(key.data() + mn, val.data() + mn),
                      found.data(), thrust::make_zip_iterator(tkey.data(), tval.data()), is_present{});
    key.release();
    val.release();
    return csr_from_sorted_keys(nrows, ncols, std::move(tkey), std::move(tval));
  });
}

// ---- expand, sort, reduce -------------------------------------------------------------------------

/// A key no product has (row indices are below 2^31): marks a product the mask drops.
inline constexpr std::uint64_t dropped_product_key = ~std::uint64_t{0};

struct is_dropped_product {
  template <class Tup>
  HPG_HOST_DEVICE bool operator()(const Tup& t) const { return thrust::get<0>(t) == dropped_product_key; }
};

/// Per entry (i, k) of A: how many products it makes (the length of row k of B), and its row i.
template <class A, class B>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    esc_lengths_kernel(CsrView<A> a, CsrView<B> b, std::uint64_t nnza, std::uint64_t* len, std::uint32_t* arow) {
  for (std::uint64_t p = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; p < nnza; p += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint32_t k = a.col[p];
    len[p] = b.ptr[k + 1] - b.ptr[k];
    arow[p] = static_cast<std::uint32_t>(row_of_entry(a.ptr, a.nrows, p));
  }
}

/// Product e: its entry p of A is found by binary search in the scanned lengths, so every thread
/// does the same work however uneven the rows of A and B are.
template <class SR, class A, class B, class Z>
__global__ void __launch_bounds__(LaunchPolicy::map_threads)
    esc_expand_kernel(SR s, CsrView<A> a, CsrView<B> b, const std::uint32_t* arow, const std::uint64_t* start, std::uint64_t nnza,
                      std::uint64_t total, MaskView m, std::uint64_t* key, Z* prod) {
  for (std::uint64_t e = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; e < total; e += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint64_t lo = last_at_most_in(start, nnza, e);  // one with no products shares the next one's start
    const Index i = arow[lo];
    const std::uint32_t k = a.col[lo];
    const std::uint64_t q = b.ptr[k] + (e - start[lo]);
    const std::uint32_t j = b.col[q];
    if (m.present && !m.allows(i, j)) {
      key[e] = dropped_product_key;
      continue;
    }
    key[e] = (i << 32) | j;
    prod[e] = static_cast<Z>(ops_detail::multiply(s.mul, a.val[lo], b.val[q], i, Index{k}, Index{j}));
  }
}

/// T = A B by ESC; with a mask, only the products at positions it allows are kept.
template <class SR, class A, class B>
DeviceCsr<typename SR::value_type> mxm_esc(const SR& s, const DeviceCsr<A>& a, const DeviceCsr<B>& b, const MatrixMask& mask) {
  using Z = typename SR::value_type;
  const Index nrows = a.nrows, ncols = b.ncols;
  const std::uint64_t nnza = a.nvals;
  if (nnza == 0 || b.nvals == 0) return empty_csr<Z>(nrows, ncols);
  const CsrInput<A> ai = csr_input(a);
  const CsrInput<B> bi = csr_input(b);
  return guarded("mxm (Gustavson)", [&] {
    DeviceArray<std::uint64_t> start(nnza, "mxm offsets");
    DeviceArray<std::uint32_t> arow(nnza, "mxm rows");
    esc_lengths_kernel<<<grid_for(nnza, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(ai.view, bi.view, nnza,
                                                                                                              start.data(), arow.data());
    check_launch("esc_lengths_kernel");
    std::uint64_t last_len = 0;
    copy_device_to_host(&last_len, start.data() + nnza - 1, sizeof(last_len));
    thrust::exclusive_scan(policy(), start.data(), start.data() + nnza, start.data());
    std::uint64_t total = 0;
    copy_device_to_host(&total, start.data() + nnza - 1, sizeof(total));
    total += last_len;
    if (total == 0) return empty_csr<Z>(nrows, ncols);

    DeviceArray<std::uint64_t> key(total, "mxm products (keys)");
    DeviceArray<Z> prod(total, "mxm products");
    esc_expand_kernel<<<grid_for(total, LaunchPolicy::map_threads), LaunchPolicy::map_threads, 0, stream()>>>(
        s, ai.view, bi.view, arow.data(), start.data(), nnza, total, mask.view, key.data(), prod.data());
    check_launch("esc_expand_kernel");
    start.release();
    arow.release();
    std::uint64_t n = total;
    if (mask.present()) {
      auto zb = thrust::make_zip_iterator(key.data(), prod.data());
      n = static_cast<std::uint64_t>(thrust::remove_if(policy(), zb, zb + total, is_dropped_product{}) - zb);
      if (n == 0) return empty_csr<Z>(nrows, ncols);
    }

    // Sort the keys with a permutation and gather the products (values of any type, user structs
    // included, travel once).
    DeviceArray<std::uint64_t> perm(n, "mxm permutation");
    stable_sort_with_permutation(key.data(), n, perm.data());
    DeviceArray<Z> sorted(n, "mxm products");
    gather_values(perm.data(), n, prod.data(), sorted.data());
    perm.release();
    prod.release();
    const std::size_t unique_n = count_distinct_sorted(key.data(), n);
    DeviceArray<std::uint64_t> ukey(unique_n, "mxm keys");
    DeviceArray<Z> uval(unique_n, "mxm values");
    thrust::reduce_by_key(policy(), key.data(), key.data() + n, sorted.data(), ukey.data(), uval.data(), thrust::equal_to<std::uint64_t>(),
                          monoid_op<typename SR::monoid_type, Z>{s.add});
    return csr_from_sorted_keys(nrows, ncols, std::move(ukey), std::move(uval));
  });
}

// ---- the method ----------------------------------------------------------------------------------

/// T = op(A) (+.x) op(B), op = transpose where transpose_a / transpose_b say, for an output of
/// nrows x ncols under `mask`. Transposes come from (and are cached in) the matrices' derived forms.
template <class SR, class A, class B>
DeviceCsr<typename SR::value_type> mxm(const SR& s, const DeviceCsr<A>& a, DeviceDerived<A>& a_derived, bool transpose_a,
                                       const DeviceCsr<B>& b, DeviceDerived<B>& b_derived, bool transpose_b, const MatrixMask& mask,
                                       Index nrows, Index ncols) {
  using Z = typename SR::value_type;
  // No mask, complemented: nothing of T can reach C, so T is not computed.
  if (!mask.present() && mask.complement()) return empty_csr<Z>(nrows, ncols);
  const DeviceCsr<A>& ea = transpose_a ? transpose_of(a, a_derived) : a;
  if (mask.present() && !mask.complement() && switches().mxm_masked_dot) {
    // Column j of op(B) is row j of op(B)': B itself when B is transposed, else B's cached transpose.
    const DeviceCsr<B>& bt = transpose_b ? b : transpose_of(b, b_derived);
    return mxm_masked_dot(s, ea, bt, mask, nrows, ncols);
  }
  const DeviceCsr<B>& eb = transpose_b ? transpose_of(b, b_derived) : b;
  return mxm_esc(s, ea, eb, mask);
}

}  // namespace hpg::detail::cuda
