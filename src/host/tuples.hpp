// Host reference algorithms that turn tuples into the stored forms of Matrix and Vector, merge
// pending element updates and resize. Written for clarity; they define the results that the CUDA
// versions must equal.
#pragma once

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "hpgraph/detail/storage.hpp"
#include "hpgraph/error.hpp"

namespace hpg::detail::host {


template <class Dup, class T>
inline T combine(const Dup& dup, const T& a, const T& b) {
  if constexpr (std::is_same_v<Dup, no_dup_t>) {
    (void)dup; (void)b;
    return a;
  } else {
    return static_cast<T>(dup(a, b));
  }
}

/// Builds a CSR from n tuples (indices already checked against the dimensions). Duplicates are
/// combined with dup in input order: dup(dup(x1, x2), x3).
template <class T, class I, class Dup>
HostCsr<T> csr_from_tuples(Index nrows, Index ncols, const I* rows, const I* cols, const T* vals, std::size_t n,
                           const Dup& dup, const char* what) {
  HostCsr<T> out;
  out.nrows = nrows;
  out.ncols = ncols;
  // Counting sort by row (stable), then a stable sort by column within each row.
  std::vector<std::uint64_t> count(nrows + 1, 0);
  for (std::size_t k = 0; k < n; ++k) ++count[rows[k] + 1];
  std::partial_sum(count.begin(), count.end(), count.begin());
  std::vector<std::size_t> order(n);
  {
    std::vector<std::uint64_t> next(count.begin(), count.end() - 1);
    for (std::size_t k = 0; k < n; ++k) order[next[rows[k]]++] = k;
  }
  out.ptr.assign(nrows + 1, 0);
  out.col.reserve(n);
  out.val.reserve(n);
  for (Index i = 0; i < nrows; ++i) {
    auto b = order.begin() + static_cast<std::ptrdiff_t>(count[i]);
    auto e = order.begin() + static_cast<std::ptrdiff_t>(count[i + 1]);
    if (!std::is_sorted(b, e, [&](std::size_t x, std::size_t y) { return cols[x] < cols[y]; }))
      std::stable_sort(b, e, [&](std::size_t x, std::size_t y) { return cols[x] < cols[y]; });
    for (auto it = b; it != e; ++it) {
      const auto c = static_cast<std::uint32_t>(cols[*it]);
      if (out.col.size() > out.ptr[i] && out.col.back() == c) {
        if constexpr (std::is_same_v<Dup, no_dup_t>)
          throw_error(Info::invalid_value, std::string(what) + ": duplicate entry (" + std::to_string(i) + ", " +
                                               std::to_string(c) + ") and no dup operator was given");
        out.val.back() = combine(dup, out.val.back(), vals[*it]);
      } else {
        out.col.push_back(c);
        out.val.push_back(vals[*it]);
      }
    }
    out.ptr[i + 1] = out.col.size();
  }
  return out;
}

/// Applies pending updates in order (the last update of an entry wins) and empties the log.
template <class T>
void csr_apply_pending(HostCsr<T>& a, std::vector<PendingOp<T>>& pending) {
  if (pending.empty()) return;
  auto key = [](const PendingOp<T>& p) { return (std::uint64_t(p.row) << 32) | p.col; };
  std::stable_sort(pending.begin(), pending.end(), [&](const auto& x, const auto& y) { return key(x) < key(y); });
  // Keep the last update of each entry.
  std::vector<PendingOp<T>> last;
  last.reserve(pending.size());
  for (std::size_t k = 0; k < pending.size(); ++k)
    if (k + 1 == pending.size() || key(pending[k + 1]) != key(pending[k])) last.push_back(pending[k]);
  HostCsr<T> out;
  out.nrows = a.nrows;
  out.ncols = a.ncols;
  out.ptr.assign(a.nrows + 1, 0);
  out.col.reserve(a.col.size() + last.size());
  out.val.reserve(a.col.size() + last.size());
  std::size_t p = 0;
  for (Index i = 0; i < a.nrows; ++i) {
    std::uint64_t k = a.ptr[i], e = a.ptr[i + 1];
    while (k < e || (p < last.size() && last[p].row == i)) {
      const bool take_pending = p < last.size() && last[p].row == i && (k == e || last[p].col <= a.col[k]);
      if (take_pending) {
        if (k < e && last[p].col == a.col[k]) ++k;  // replaced or removed
        if (!last[p].remove) {
          out.col.push_back(last[p].col);
          out.val.push_back(last[p].value);
        }
        ++p;
      } else {
        out.col.push_back(a.col[k]);
        out.val.push_back(a.val[k]);
        ++k;
      }
    }
    out.ptr[i + 1] = out.col.size();
  }
  a = std::move(out);
  pending.clear();
}

template <class T>
std::optional<T> csr_find(const HostCsr<T>& a, Index i, Index j) {
  auto b = a.col.begin() + static_cast<std::ptrdiff_t>(a.ptr[i]);
  auto e = a.col.begin() + static_cast<std::ptrdiff_t>(a.ptr[i + 1]);
  auto it = std::lower_bound(b, e, static_cast<std::uint32_t>(j));
  if (it == e || *it != j) return std::nullopt;
  return a.val[static_cast<std::size_t>(it - a.col.begin())];
}

/// Keeps the entries inside the new dimensions (GrB_Matrix_resize).
template <class T>
void csr_resize(HostCsr<T>& a, Index nrows, Index ncols) {
  HostCsr<T> out;
  out.nrows = nrows;
  out.ncols = ncols;
  out.ptr.assign(nrows + 1, 0);
  const Index keep_rows = std::min(nrows, a.nrows);
  for (Index i = 0; i < keep_rows; ++i) {
    for (std::uint64_t k = a.ptr[i]; k < a.ptr[i + 1]; ++k) {
      if (a.col[k] < ncols) {
        out.col.push_back(a.col[k]);
        out.val.push_back(a.val[k]);
      }
    }
    out.ptr[i + 1] = out.col.size();
  }
  for (Index i = keep_rows; i < nrows; ++i) out.ptr[i + 1] = out.col.size();
  a = std::move(out);
}

template <class T>
void csr_extract_tuples(const HostCsr<T>& a, Index* rows, Index* cols, T* vals) {
  for (Index i = 0; i < a.nrows; ++i)
    for (std::uint64_t k = a.ptr[i]; k < a.ptr[i + 1]; ++k) {
      if (rows) rows[k] = i;
      if (cols) cols[k] = a.col[k];
      if (vals) vals[k] = a.val[k];
    }
}

// ---- vectors -------------------------------------------------------------------------------

template <class T>
void vec_to_format(HostVec<T>& v, Sparsity f) {
  if (v.format == f) return;
  if (f == Sparsity::bitmap) {
    HostArray<T> val(v.size, T{});
    std::vector<std::uint8_t> present(v.size, 0);
    for (std::size_t k = 0; k < v.idx.size(); ++k) {
      val[v.idx[k]] = v.val[k];
      present[v.idx[k]] = 1;
    }
    v.val = std::move(val);
    v.present = std::move(present);
    v.idx.clear();
    v.idx.shrink_to_fit();
  } else {
    std::vector<std::uint32_t> idx;
    HostArray<T> val;
    idx.reserve(v.nvals);
    val.reserve(v.nvals);
    for (Index i = 0; i < v.size; ++i)
      if (v.present[i]) {
        idx.push_back(static_cast<std::uint32_t>(i));
        val.push_back(v.val[i]);
      }
    v.idx = std::move(idx);
    v.val = std::move(val);
    v.present.clear();
    v.present.shrink_to_fit();
  }
  v.format = f;
}

/// The form a vector of this size and nvals should take.
inline Sparsity preferred_format(Index size, Index nvals) {
  return static_cast<double>(nvals) < sparse_vector_density * static_cast<double>(size) ? Sparsity::sparse
                                                                                        : Sparsity::bitmap;
}

template <class T, class Dup>
HostVec<T> vec_from_tuples(Index size, const Index* idx, const T* vals, std::size_t n, const Dup& dup, const char* what) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return idx[a] < idx[b]; });
  HostVec<T> v;
  v.size = size;
  v.format = Sparsity::sparse;
  v.idx.reserve(n);
  v.val.reserve(n);
  for (std::size_t k : order) {
    if (!v.idx.empty() && v.idx.back() == idx[k]) {
      if constexpr (std::is_same_v<Dup, no_dup_t>)
        throw_error(Info::invalid_value, std::string(what) + ": duplicate index " + std::to_string(idx[k]) +
                                             " and no dup operator was given");
      v.val.back() = combine(dup, v.val.back(), vals[k]);
    } else {
      v.idx.push_back(static_cast<std::uint32_t>(idx[k]));
      v.val.push_back(vals[k]);
    }
  }
  v.nvals = v.idx.size();
  vec_to_format(v, preferred_format(v.size, v.nvals));
  return v;
}

}  // namespace hpg::detail::host

namespace hpg::detail::host {

/// Merges pending updates (row ignored, col = index) into a sparse vector; the last update of an
/// index wins.
template <class T>
void vec_apply_pending(HostVec<T>& v, std::vector<PendingOp<T>>& pending) {
  if (pending.empty()) return;
  HostCsr<T> as_row;
  as_row.nrows = 1;
  as_row.ncols = v.size;
  as_row.ptr = {0, v.idx.size()};
  as_row.col = std::move(v.idx);
  as_row.val = std::move(v.val);
  csr_apply_pending(as_row, pending);
  v.idx = std::move(as_row.col);
  v.val = std::move(as_row.val);
  v.nvals = v.idx.size();
}

template <class T>
void vec_resize(HostVec<T>& v, Index size) {
  if (v.format == Sparsity::sparse) {
    auto keep = static_cast<std::size_t>(std::lower_bound(v.idx.begin(), v.idx.end(), size) - v.idx.begin());
    v.idx.resize(keep);
    v.val.resize(keep);
    v.nvals = keep;
  } else {
    v.val.resize(size, T{});
    v.present.resize(size, 0);
    v.nvals = static_cast<Index>(std::count(v.present.begin(), v.present.end(), std::uint8_t{1}));
  }
  v.size = size;
}

}  // namespace hpg::detail::host
