// The host backend's building blocks for the algebra: sparse rows, transposes, masks, and the
// C API's accumulate / mask / replace merge, written once for vector and matrix outputs.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/cast.hpp"
#include "hpgraph/detail/storage.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/host/tuples.hpp"

namespace hpg::detail::host {

/// A computed result vector: sorted unique indices and their values.
template <class T>
struct SparseVec {
  Index n = 0;
  std::vector<Index> idx;
  HostArray<T> val;
};

/// Casts between value types the way GraphBLAS typecasts; a pair of types with no conversion (a
/// user struct and a number) is Error(domain_mismatch) when the cast is actually needed.
template <class To, class From>
To cast(const From& x) {
  if constexpr (std::is_same_v<To, From>) return x;
  else if constexpr (std::is_arithmetic_v<To> && std::is_arithmetic_v<From>) return typecast<To>(x);
  else if constexpr (std::is_convertible_v<From, To>) return static_cast<To>(x);
  // (Not an aggregate: C++20 builds a plain struct from its first member's type, Pt(int), which
  // GraphBLAS calls a domain mismatch.)
  else if constexpr (std::is_constructible_v<To, From> && !std::is_aggregate_v<To>) return To(x);
  else throw_error(Info::domain_mismatch, "cannot cast between these value types (a user type meets another type)");
}

template <class T>
HostCsr<T> transposed(const HostCsr<T>& a) {
  HostCsr<T> t;
  t.nrows = a.ncols;
  t.ncols = a.nrows;
  t.ptr.assign(a.ncols + 1, 0);
  for (auto c : a.col) ++t.ptr[c + 1];
  for (Index j = 0; j < a.ncols; ++j) t.ptr[j + 1] += t.ptr[j];
  t.col.resize(a.col.size());
  t.val.resize(a.col.size());
  std::vector<std::uint64_t> next(t.ptr.begin(), t.ptr.end() - 1);
  for (Index i = 0; i < a.nrows; ++i)
    for (auto k = a.ptr[i]; k < a.ptr[i + 1]; ++k) {
      const auto dst = next[a.col[k]]++;
      t.col[dst] = static_cast<std::uint32_t>(i);
      t.val[dst] = a.val[k];
    }
  return t;
}

template <class T>
SparseVec<T> sparse_of(const HostVec<T>& v) {
  SparseVec<T> s;
  s.n = v.size;
  if (v.format == Sparsity::sparse) {
    s.idx.assign(v.idx.begin(), v.idx.end());
    s.val = v.val;
  } else {
    for (Index i = 0; i < v.size; ++i)
      if (v.present[i]) {
        s.idx.push_back(i);
        s.val.push_back(v.val[i]);
      }
  }
  return s;
}

/// Random access to a vector's entries: value and presence by index.
template <class T>
struct DenseVec {
  HostArray<T> val;
  std::vector<std::uint8_t> present;
};
template <class T>
DenseVec<T> dense_of(const HostVec<T>& v) {
  DenseVec<T> d;
  if (v.format == Sparsity::bitmap) {
    d.val = v.val;
    d.present = v.present;
  } else {
    d.val.resize(v.size);
    d.present.assign(v.size, 0);
    for (std::size_t k = 0; k < v.idx.size(); ++k) {
      d.val[v.idx[k]] = v.val[k];
      d.present[v.idx[k]] = 1;
    }
  }
  return d;
}

/// Where a mask lets the result through, snapshot before the output is written (the mask may be
/// the output itself). Rows of sorted columns whose mask value is true (valued) or present
/// (structural); complement flips; no mask is all true (complemented: all false).
struct MaskRows {
  bool present = false;     // a mask was given
  bool complement = false;
  std::vector<std::uint64_t> ptr;
  std::vector<std::uint32_t> col;
  bool allows(Index i, Index j) const {
    if (!present) return !complement;
    auto b = col.begin() + static_cast<std::ptrdiff_t>(ptr[i]), e = col.begin() + static_cast<std::ptrdiff_t>(ptr[i + 1]);
    const bool in = std::binary_search(b, e, static_cast<std::uint32_t>(j));
    return in != complement;
  }
};

template <class M>
bool mask_value_true(const M& x) {
  if constexpr (std::is_convertible_v<M, bool>) return static_cast<bool>(x);
  else {
    (void)x;
    throw_error(Info::domain_mismatch, "a valued mask must have a type convertible to bool (use desc::structure for a user type)");
  }
}

template <class M>
MaskRows mask_rows(const HostCsr<M>& m, const Descriptor& d) {
  MaskRows r;
  r.present = true;
  r.complement = d.mask_complement;
  r.ptr.assign(m.nrows + 1, 0);
  for (Index i = 0; i < m.nrows; ++i) {
    for (auto k = m.ptr[i]; k < m.ptr[i + 1]; ++k)
      if (d.mask_structure || mask_value_true(m.val[k])) r.col.push_back(m.col[k]);
    r.ptr[i + 1] = r.col.size();
  }
  return r;
}

template <class M>
MaskRows mask_rows(const HostVec<M>& v, const Descriptor& d) {
  const SparseVec<M> s = sparse_of(v);
  MaskRows r;
  r.present = true;
  r.complement = d.mask_complement;
  for (std::size_t k = 0; k < s.idx.size(); ++k)
    if (d.mask_structure || mask_value_true(s.val[k])) r.col.push_back(static_cast<std::uint32_t>(s.idx[k]));
  r.ptr = {0, r.col.size()};
  return r;
}

inline MaskRows no_mask_rows(const Descriptor& d) {
  MaskRows r;
  r.complement = d.mask_complement;
  return r;
}

/// Which positions an assign's region covers (all positions for other operations).
struct Region {
  bool everything = true;
  std::vector<std::uint8_t> row_in, col_in;
  bool covers(Index i, Index j) const { return everything || (row_in[i] && col_in[j]); }
};

/// One output row of the C API's pipeline: Z = accum ? W (+) T : T inside the region (W outside),
/// then W<M, replace> = Z. w and t are sorted rows; the result replaces w.
template <class W, class T, class Accum>
void merge_row(Index row, std::vector<std::uint32_t>& wc, HostArray<W>& wv, const std::uint32_t* tc, const T* tv,
               std::size_t tn, const MaskRows& mask, const Region& region, const Accum& accum, bool replace) {
  std::vector<std::uint32_t> oc;
  HostArray<W> ov;
  oc.reserve(wc.size() + tn);
  ov.reserve(wc.size() + tn);
  std::size_t a = 0, b = 0;
  while (a < wc.size() || b < tn) {
    const std::uint32_t j = (b == tn || (a < wc.size() && wc[a] < tc[b])) ? wc[a] : tc[b];
    const bool has_w = a < wc.size() && wc[a] == j, has_t = b < tn && tc[b] == j;
    // Z at (row, j).
    bool has_z = false;
    W z{};
    if (!region.covers(row, j)) {
      has_z = has_w;
      if (has_w) z = wv[a];
    } else if constexpr (std::is_same_v<Accum, no_accum_t>) {
      has_z = has_t;
      if (has_t) z = cast<W>(tv[b]);
    } else {
      has_z = has_w || has_t;
      if (has_w && has_t) z = cast<W>(accum(wv[a], tv[b]));
      else if (has_w) z = wv[a];
      else if (has_t) z = cast<W>(tv[b]);
    }
    bool keep;
    W out{};
    if (mask.allows(row, j)) {
      keep = has_z;
      out = z;
    } else {
      keep = has_w && !replace;
      if (keep) out = wv[a];
    }
    if (keep) {
      oc.push_back(j);
      ov.push_back(out);
    }
    if (has_w) ++a;
    if (has_t) ++b;
  }
  wc = std::move(oc);
  wv = std::move(ov);
}

/// Writes result t into the vector storage w.
template <class W, class T, class Accum>
void write_vector(HostVec<W>& w, const MaskRows& mask, const Region& region, const Accum& accum, const SparseVec<T>& t,
                  bool replace) {
  SparseVec<W> cur = sparse_of(w);
  std::vector<std::uint32_t> wc(cur.idx.begin(), cur.idx.end());
  std::vector<std::uint32_t> tc(t.idx.begin(), t.idx.end());
  merge_row(0, wc, cur.val, tc.data(), t.val.data(), tc.size(), mask, region, accum, replace);
  HostVec<W> out;
  out.size = w.size;
  out.format = Sparsity::sparse;
  out.idx = std::move(wc);
  out.val = std::move(cur.val);
  out.nvals = out.idx.size();
  vec_to_format(out, preferred_format(out.size, out.nvals));
  w = std::move(out);
}

/// Writes result t (same dimensions) into the matrix storage c.
template <class W, class T, class Accum>
void write_matrix(HostCsr<W>& c, const MaskRows& mask, const Region& region, const Accum& accum, const HostCsr<T>& t,
                  bool replace) {
  HostCsr<W> out;
  out.nrows = c.nrows;
  out.ncols = c.ncols;
  out.ptr.assign(c.nrows + 1, 0);
  std::vector<std::uint32_t> wc;
  HostArray<W> wv;
  for (Index i = 0; i < c.nrows; ++i) {
    wc.assign(c.col.begin() + static_cast<std::ptrdiff_t>(c.ptr[i]), c.col.begin() + static_cast<std::ptrdiff_t>(c.ptr[i + 1]));
    wv.assign(c.val.begin() + c.ptr[i], c.val.begin() + c.ptr[i + 1]);
    const std::size_t tn = t.ptr[i + 1] - t.ptr[i];
    merge_row(i, wc, wv, t.col.data() + t.ptr[i], t.val.data() + t.ptr[i], tn, mask, region, accum, replace);
    out.col.insert(out.col.end(), wc.begin(), wc.end());
    out.val.insert_back(wv.begin(), wv.end());
    out.ptr[i + 1] = out.col.size();
  }
  c = std::move(out);
}

/// Builds a CSR from rows produced in order (cols sorted within each row).
template <class T>
struct CsrBuilder {
  HostCsr<T> csr;
  CsrBuilder(Index nrows, Index ncols) {
    csr.nrows = nrows;
    csr.ncols = ncols;
    csr.ptr.assign(nrows + 1, 0);
  }
  void push(std::uint32_t j, const T& x) {
    csr.col.push_back(j);
    csr.val.push_back(x);
  }
  void end_row(Index i) { csr.ptr[i + 1] = csr.col.size(); }
};

/// (+) over values[lo, hi) as a tree: the two halves reduced apart, then combined, runs of at most
/// 64 in order. A monoid is associative, so only rounding can differ from a left-to-right fold,
/// and there the tree is the better one: a float sum's error grows with log n, not n (a
/// left-to-right float sum of 60K equal values is off by 1e-3 relative, enough to move PageRank's
/// convergence test by iterations; SuiteSparse and the GPU reduce in trees too).
template <class Z, class Monoid, class Values>
Z reduce_tree(const Monoid& m, const Values& values, std::size_t lo, std::size_t hi) {
  if (hi - lo <= 64) {
    Z acc = m.identity();
    for (std::size_t k = lo; k < hi; ++k) acc = static_cast<Z>(m(acc, cast<Z>(values[k])));
    return acc;
  }
  const std::size_t mid = lo + (hi - lo) / 2;
  return static_cast<Z>(m(reduce_tree<Z>(m, values, lo, mid), reduce_tree<Z>(m, values, mid, hi)));
}

}  // namespace hpg::detail::host
