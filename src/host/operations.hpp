// The host backend's operations: each computes its result T from snapshots of the inputs (so an
// output may alias an input), then merges T into the output with hpgraph/host/algebra.hpp. Simple
// and obviously right: this is the reference the CUDA backend is checked against.
#pragma once

#include <algorithm>
#include <type_traits>
#include <vector>

#include "hpgraph/host/algebra.hpp"
#include "hpgraph/ops/semiring.hpp"

namespace hpg::detail::host {

/// T = A (+.x) u, row by row. transposed_from_original: the entry (i, k) of A here is (k, i) of
/// the user's matrix (for the 4-argument multiply, which sees the user's coordinates).
template <class SR, class A, class U>
auto mxv(const SR& s, const HostCsr<A>& a, const HostVec<U>& u, bool transposed_from_original) {
  using Z = typename SR::value_type;
  const DenseVec<U> du = dense_of(u);
  SparseVec<Z> t;
  t.n = a.nrows;
  for (Index i = 0; i < a.nrows; ++i) {
    bool any = false;
    Z acc{};
    for (auto p = a.ptr[i]; p < a.ptr[i + 1]; ++p) {
      const Index k = a.col[p];
      if (!du.present[k]) continue;
      const Index er = transposed_from_original ? k : i, ec = transposed_from_original ? i : k;
      const Z prod = static_cast<Z>(ops_detail::multiply(s.mul, a.val[p], du.val[k], i, k, 0, er, ec));
      acc = any ? static_cast<Z>(s.add(acc, prod)) : prod;
      any = true;
    }
    if (any) {
      t.idx.push_back(i);
      t.val.push_back(acc);
    }
  }
  return t;
}

/// T = u (+.x) A: push each entry of u through its row of A.
template <class SR, class U, class A>
auto vxm(const SR& s, const HostVec<U>& u, const HostCsr<A>& a, bool transposed_from_original) {
  using Z = typename SR::value_type;
  const SparseVec<U> su = sparse_of(u);
  HostArray<Z> acc(a.ncols);
  std::vector<std::uint8_t> seen(a.ncols, 0);
  for (std::size_t q = 0; q < su.idx.size(); ++q) {
    const Index k = su.idx[q];
    for (auto p = a.ptr[k]; p < a.ptr[k + 1]; ++p) {
      const Index j = a.col[p];
      const Index er = transposed_from_original ? j : k, ec = transposed_from_original ? k : j;
      const Z prod = static_cast<Z>(ops_detail::multiply(s.mul, su.val[q], a.val[p], 0, k, j, er, ec));
      acc[j] = seen[j] ? static_cast<Z>(s.add(acc[j], prod)) : prod;
      seen[j] = 1;
    }
  }
  SparseVec<Z> t;
  t.n = a.ncols;
  for (Index j = 0; j < a.ncols; ++j)
    if (seen[j]) {
      t.idx.push_back(j);
      t.val.push_back(acc[j]);
    }
  return t;
}

/// T = A (+.x) B, Gustavson's row-by-row method.
template <class SR, class A, class B>
auto mxm(const SR& s, const HostCsr<A>& a, const HostCsr<B>& b) {
  using Z = typename SR::value_type;
  static_assert(!std::is_invocable_v<const typename SR::multiply_type&, const A&, const B&, Index, Index> ||
                    std::is_invocable_v<const typename SR::multiply_type&, const A&, const B&, Index, Index, Index>,
                "mxm takes value-only or (x, y, i, k, j) multiplies");
  CsrBuilder<Z> out(a.nrows, b.ncols);
  HostArray<Z> acc(b.ncols);
  std::vector<std::uint8_t> seen(b.ncols, 0);
  std::vector<std::uint32_t> cols;
  for (Index i = 0; i < a.nrows; ++i) {
    cols.clear();
    for (auto p = a.ptr[i]; p < a.ptr[i + 1]; ++p) {
      const Index k = a.col[p];
      for (auto q = b.ptr[k]; q < b.ptr[k + 1]; ++q) {
        const std::uint32_t j = b.col[q];
        const Z prod = static_cast<Z>(ops_detail::multiply(s.mul, a.val[p], b.val[q], i, k, j));
        if (seen[j]) {
          acc[j] = static_cast<Z>(s.add(acc[j], prod));
        } else {
          acc[j] = prod;
          seen[j] = 1;
          cols.push_back(j);
        }
      }
    }
    std::sort(cols.begin(), cols.end());
    for (auto j : cols) {
      out.push(j, acc[j]);
      seen[j] = 0;
    }
    out.end_row(i);
  }
  return std::move(out.csr);
}

/// Element-wise over the union (add) or the intersection (mult) of two sorted rows.
template <bool Union, class Op, class X, class Y, class Sink>
void ewise_row(const Op& op, const std::uint32_t* xc, const X* xv, std::size_t xn, const std::uint32_t* yc, const Y* yv,
               std::size_t yn, Sink&& sink) {
  using Z = std::decay_t<decltype(op(xv[0], yv[0]))>;
  std::size_t a = 0, b = 0;
  while (a < xn || b < yn) {
    if (b == yn || (a < xn && xc[a] < yc[b])) {
      if constexpr (Union) sink(xc[a], cast<Z>(xv[a]));
      ++a;
    } else if (a == xn || yc[b] < xc[a]) {
      if constexpr (Union) sink(yc[b], cast<Z>(yv[b]));
      ++b;
    } else {
      sink(xc[a], static_cast<Z>(op(xv[a], yv[b])));
      ++a;
      ++b;
    }
  }
}

template <bool Union, class Op, class X, class Y>
auto ewise(const Op& op, const SparseVec<X>& x, const SparseVec<Y>& y) {
  using Z = std::decay_t<decltype(op(std::declval<X>(), std::declval<Y>()))>;
  std::vector<std::uint32_t> xc(x.idx.begin(), x.idx.end()), yc(y.idx.begin(), y.idx.end());
  SparseVec<Z> t;
  t.n = x.n;
  ewise_row<Union>(op, xc.data(), x.val.data(), xc.size(), yc.data(), y.val.data(), yc.size(), [&](std::uint32_t j, const Z& z) {
    t.idx.push_back(j);
    t.val.push_back(z);
  });
  return t;
}

template <bool Union, class Op, class X, class Y>
auto ewise(const Op& op, const HostCsr<X>& x, const HostCsr<Y>& y) {
  using Z = std::decay_t<decltype(op(std::declval<X>(), std::declval<Y>()))>;
  CsrBuilder<Z> out(x.nrows, x.ncols);
  for (Index i = 0; i < x.nrows; ++i) {
    ewise_row<Union>(op, x.col.data() + x.ptr[i], x.val.data() + x.ptr[i], x.ptr[i + 1] - x.ptr[i], y.col.data() + y.ptr[i],
                     y.val.data() + y.ptr[i], y.ptr[i + 1] - y.ptr[i], [&](std::uint32_t j, const Z& z) { out.push(j, z); });
    out.end_row(i);
  }
  return std::move(out.csr);
}

/// Maps every entry through f(x, i, j) -> optional result (select drops entries, apply keeps all).
template <class Z, class X, class F>
SparseVec<Z> map_entries(const SparseVec<X>& x, F&& f) {
  SparseVec<Z> t;
  t.n = x.n;
  for (std::size_t k = 0; k < x.idx.size(); ++k)
    if (auto z = f(x.val[k], x.idx[k], Index{0})) {
      t.idx.push_back(x.idx[k]);
      t.val.push_back(*z);
    }
  return t;
}
template <class Z, class X, class F>
HostCsr<Z> map_entries(const HostCsr<X>& x, F&& f) {
  CsrBuilder<Z> out(x.nrows, x.ncols);
  for (Index i = 0; i < x.nrows; ++i) {
    for (auto p = x.ptr[i]; p < x.ptr[i + 1]; ++p)
      if (auto z = f(x.val[p], i, Index{x.col[p]})) out.push(x.col[p], *z);
    out.end_row(i);
  }
  return std::move(out.csr);
}

/// Row reduction: T(i) = (+)_j A(i, j), present where row i has entries.
template <class Z, class Op, class A>
SparseVec<Z> reduce_rows(const Op& op, const HostCsr<A>& a) {
  SparseVec<Z> t;
  t.n = a.nrows;
  for (Index i = 0; i < a.nrows; ++i) {
    if (a.ptr[i] == a.ptr[i + 1]) continue;
    Z acc = cast<Z>(a.val[a.ptr[i]]);
    for (auto p = a.ptr[i] + 1; p < a.ptr[i + 1]; ++p) acc = static_cast<Z>(op(acc, cast<Z>(a.val[p])));
    t.idx.push_back(i);
    t.val.push_back(acc);
  }
  return t;
}

/// A CSR holding the rows of a SparseVec as a 1-row matrix and back: lets matrix code serve vectors.
template <class T>
HostCsr<T> as_row(SparseVec<T>&& v) {
  HostCsr<T> r;
  r.nrows = 1;
  r.ncols = v.n;
  r.ptr = {0, v.idx.size()};
  r.col.assign(v.idx.begin(), v.idx.end());
  r.val = std::move(v.val);
  return r;
}

}  // namespace hpg::detail::host
