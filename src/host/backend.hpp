// The host backend's operations (host::Ops): every API operation over the containers' host
// storage. Each computes T from its inputs, read in place (operations.hpp), and merges it into the
// output with the C API's accumulate / mask / replace step (algebra.hpp) in a copy that replaces
// the output at the end, so a throw leaves the output as it was. Arguments arrive checked by the
// front end (hpgraph/detail/frontend.hpp); the signatures are the same as every backend's.
#pragma once

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/frontend.hpp"
#include "hpgraph/host/operations.hpp"
#include "hpgraph/host/storage_ops.hpp"
#include "hpgraph/indices.hpp"
#include "hpgraph/matrix.hpp"
#include "hpgraph/prepare.hpp"
#include "hpgraph/scalar.hpp"
#include "hpgraph/vector.hpp"

namespace hpg::detail::host {

/// An operand's storage on the host (the containers' one accessor, MatrixAccess::on / VectorAccess::on).
template <class T>
const Csr<T>& csr_of(const Matrix<T>& m) {
  return MatrixAccess::on<Backend::host>(m);
}
/// ... to write: what was derived from it is dropped (a call still reading it holds its own share).
template <class T>
HostCsr<T>& csr_of(Matrix<T>& m) {
  Csr<T>& a = MatrixAccess::on<Backend::host>(m);
  a.derived.reset();
  return a;  // the CSR alone: a new one assigned here keeps the (dropped) cache beside it
}
template <class T>
const Vec<T>& vec_of(const Vector<T>& v) {
  return VectorAccess::on<Backend::host>(v);
}
template <class T>
Vec<T>& vec_of(Vector<T>& v) {
  return VectorAccess::on<Backend::host>(v);
}

/// What is derived from a matrix's storage, made on first use (the threads reading one const
/// matrix at once may all get here first: one makes it).
template <class T>
std::shared_ptr<HostDerived<T>> derived_of(const Csr<T>& a) {
  static std::mutex creating;
  std::lock_guard lock(creating);
  if (!a.derived) a.derived = std::make_shared<HostDerived<T>>();
  return a.derived;
}
/// The matrix's transpose, made once and kept until the matrix changes (LAGraph keeps A' in its
/// graph object for this; made at every call, a transposed mxm on rmat-18 took 213 ms where the
/// untransposed one took 0.025).
template <class T>
std::shared_ptr<HostDerived<T>> transposed_of(const Csr<T>& a) {
  std::shared_ptr<HostDerived<T>> d = derived_of(a);
  std::lock_guard lock(d->building);
  if (!d->transpose) d->transpose.emplace(host::transposed(a));
  return d;
}

/// A matrix operand as an operation reads it: the matrix's own storage, not a copy, or its kept
/// transpose (transposed_of). Reading in place is safe for an output that is also an operand:
/// every operation computes its whole result T before finish() writes the output, and finish()
/// merges into a copy that replaces the output only at its end; the operand holds its share of the
/// transpose, which the write drops from the matrix. (A copy per call made a one-entry vxm on
/// rmat-18 cost a copy of the whole matrix.)
template <class T>
class CsrOperand {
 public:
  CsrOperand(const Matrix<T>& a, bool transpose) : stored_(&csr_of(a)) {
    if (transpose) derived_ = transposed_of(csr_of(a));
  }
  const HostCsr<T>& get() const { return derived_ ? *derived_->transpose : *stored_; }

 private:
  const HostCsr<T>* stored_;
  std::shared_ptr<const HostDerived<T>> derived_;  // the transpose, while the call reads it
};
/// An operand held for one call: `operand_of(a, t).get()` inside the call's finish(...) expression
/// lives to that expression's end (a temporary's lifetime), so past the write.
template <class T>
CsrOperand<T> operand_of(const Matrix<T>& a, bool transpose) {
  return CsrOperand<T>(a, transpose);
}

/// The mask's rows (its dimensions checked by the front end; its type checked here).
template <class Mask>
MaskRows mask_rows_of(const Mask& mask, const Descriptor& d) {
  if constexpr (std::is_same_v<Mask, no_mask_t>) return no_mask_rows(d);
  else if constexpr (is_vector<Mask>::value) return mask_rows(vec_of(mask), d);
  else return mask_rows(csr_of(mask), d);
}

/// W<M, replace> = accum ? accum(W, T) : T, written to a copy: a throw leaves w unchanged.
template <class W, class Mask, class Accum, class T>
void finish(Vector<W>& w, const Mask& mask, const Accum& accum, const SparseVec<T>& t, const Descriptor& d, const Region& region = {}) {
  const MaskRows m = mask_rows_of(mask, d);
  HostVec<W> out = vec_of(w);
  write_vector(out, m, region, accum, t, d.replace);
  vec_of(w) = std::move(out);
}
template <class W, class Accum, class T>
void finish_rows(Matrix<W>& c, const MaskRows& m, const Accum& accum, const HostCsr<T>& t, const Descriptor& d, const Region& region) {
  HostCsr<W> out = csr_of(std::as_const(c));  // read: a throw below keeps c's kept transpose
  write_matrix(out, m, region, accum, t, d.replace);
  csr_of(c) = std::move(out);
}
template <class W, class Mask, class Accum, class T>
void finish(Matrix<W>& c, const Mask& mask, const Accum& accum, const HostCsr<T>& t, const Descriptor& d, const Region& region = {}) {
  finish_rows(c, mask_rows_of(mask, d), accum, t, d, region);
}

/// The region an assign covers: the rows I and the columns J of an nrows x ncols output (a vector
/// is one row).
inline Region region_of(const Indices& I, Index nrows, const Indices& J, Index ncols) {
  Region region;
  region.everything = false;
  region.row_in.assign(nrows, 0);
  region.col_in.assign(ncols, 0);
  for (Index k = 0; k < I.count(nrows); ++k) region.row_in[I[k]] = 1;
  for (Index k = 0; k < J.count(ncols); ++k) region.col_in[J[k]] = 1;
  return region;
}
inline Region region_of(const Indices& I, Index n) { return region_of(all, 1, I, n); }

struct Ops : Storage {
  static constexpr Backend backend = Backend::host;

  // ---- multiplication ----

  template <class W, class Mask, class Accum, class SR, class A, class U>
  static void mxv(Vector<W>& w, const Mask& mask, const Accum& accum, const SR& s, const Matrix<A>& a, const Vector<U>& u,
                  const Descriptor& d) {
    finish(w, mask, accum, host::mxv(s, operand_of(a, d.transpose_first).get(), vec_of(u), d.transpose_first), d);
  }
  template <class W, class Mask, class Accum, class SR, class U, class A>
  static void vxm(Vector<W>& w, const Mask& mask, const Accum& accum, const SR& s, const Vector<U>& u, const Matrix<A>& a,
                  const Descriptor& d) {
    finish(w, mask, accum, host::vxm(s, vec_of(u), operand_of(a, d.transpose_second).get(), d.transpose_second), d);
  }
  template <class C, class Mask, class Accum, class SR, class A, class B>
  static void mxm(Matrix<C>& c, const Mask& mask, const Accum& accum, const SR& s, const Matrix<A>& a, const Matrix<B>& b,
                  const Descriptor& d) {
    finish(c, mask, accum, host::mxm(s, operand_of(a, d.transpose_first).get(), operand_of(b, d.transpose_second).get()), d);
  }

  // ---- element-wise: Union is ewise_add, else ewise_mult; op is the operator itself ----

  template <bool Union, class W, class Mask, class Accum, class Op, class U, class V>
  static void ewise(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const Vector<V>& v,
                    const Descriptor& d) {
    finish(w, mask, accum, host::ewise<Union>(op, sparse_of(vec_of(u)), sparse_of(vec_of(v))), d);
  }
  template <bool Union, class C, class Mask, class Accum, class Op, class A, class B>
  static void ewise(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Matrix<B>& b,
                    const Descriptor& d) {
    finish(c, mask, accum, host::ewise<Union>(op, operand_of(a, d.transpose_first).get(), operand_of(b, d.transpose_second).get()), d);
  }

  // ---- apply and select (Z: the operator's result type, as the front end found it) ----

  template <class Z, class W, class Mask, class Accum, class Op, class U>
  static void apply(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const Descriptor& d) {
    finish(w, mask, accum, map_entries<Z>(sparse_of(vec_of(u)), [&](const U& x, Index, Index) { return std::optional<Z>(op(x)); }),
           d);
  }
  template <class Z, class C, class Mask, class Accum, class Op, class A>
  static void apply(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Descriptor& d) {
    finish(c, mask, accum,
           map_entries<Z>(operand_of(a, d.transpose_first).get(), [&](const A& x, Index, Index) { return std::optional<Z>(op(x)); }), d);
  }
  template <class Z, class W, class Mask, class Accum, class Op, class U, class S>
  static void apply_indexed(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const S& thunk,
                            const Descriptor& d) {
    finish(w, mask, accum, map_entries<Z>(sparse_of(vec_of(u)), [&](const U& x, Index i, Index j) {
             return std::optional<Z>(op(x, i, j, thunk));
           }), d);
  }
  template <class Z, class C, class Mask, class Accum, class Op, class A, class S>
  static void apply_indexed(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const S& thunk,
                            const Descriptor& d) {
    finish(c, mask, accum, map_entries<Z>(operand_of(a, d.transpose_first).get(), [&](const A& x, Index i, Index j) {
             return std::optional<Z>(op(x, i, j, thunk));
           }), d);
  }
  template <class W, class Mask, class Accum, class Op, class U, class S>
  static void select(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Vector<U>& u, const S& thunk,
                     const Descriptor& d) {
    finish(w, mask, accum, map_entries<U>(sparse_of(vec_of(u)), [&](const U& x, Index i, Index j) {
             return op(x, i, j, thunk) ? std::optional<U>(x) : std::nullopt;
           }), d);
  }
  template <class C, class Mask, class Accum, class Op, class A, class S>
  static void select(Matrix<C>& c, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const S& thunk,
                     const Descriptor& d) {
    finish(c, mask, accum, map_entries<A>(operand_of(a, d.transpose_first).get(), [&](const A& x, Index i, Index j) {
             return op(x, i, j, thunk) ? std::optional<A>(x) : std::nullopt;
           }), d);
  }

  // ---- reduce ----

  template <class Z, class W, class Mask, class Accum, class Op, class A>
  static void reduce_rows(Vector<W>& w, const Mask& mask, const Accum& accum, const Op& op, const Matrix<A>& a, const Descriptor& d) {
    finish(w, mask, accum, host::reduce_rows<Z>(op, operand_of(a, d.transpose_first).get()), d);
  }
  template <class Z, class Monoid, class U>
  static Z reduce(const Monoid& m, const Vector<U>& u) {
    const auto s = sparse_of(vec_of(u));
    return reduce_tree<Z>(m, s.val, 0, s.idx.size());
  }
  template <class Z, class Monoid, class A>
  static Z reduce(const Monoid& m, const Matrix<A>& a) {
    const auto& h = csr_of(a);
    return reduce_tree<Z>(m, h.val, 0, h.val.size());
  }
  /// s = accum(s, reduce(m, x)), fold: s holds a value to accumulate into (x has entries).
  template <class S, class Accum, class Monoid, class X>
  static void reduce_into(Scalar<S>& s, const Accum& accum, const Monoid& m, const X& x, bool fold) {
    using Z = std::decay_t<decltype(m.identity())>;
    const S r = cast<S>(reduce<Z>(m, x));
    if constexpr (!std::is_same_v<Accum, no_accum_t>) {
      if (fold) return s.set_element(cast<S>(accum(*s.extract_element(), r)));
    }
    s.set_element(r);
  }

  // ---- assign and extract ----

  /// w<mask>(I) = accum(w(I), u).
  template <class W, class Mask, class Accum, class U>
  static void assign(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Indices& I, const Descriptor& d) {
    const auto su = sparse_of(vec_of(u));
    // T: u's entries at their positions in w (a later duplicate index wins).
    std::vector<std::pair<Index, std::size_t>> pos;
    for (std::size_t q = 0; q < su.idx.size(); ++q) pos.push_back({I[su.idx[q]], q});
    std::stable_sort(pos.begin(), pos.end(), [](const auto& x, const auto& y) { return std::get<0>(x) < std::get<0>(y); });
    SparseVec<U> t;
    t.n = w.size();
    for (std::size_t k = 0; k < pos.size(); ++k) {
      if (k + 1 < pos.size() && pos[k + 1].first == pos[k].first) continue;
      t.idx.push_back(pos[k].first);
      t.val.push_back(su.val[pos[k].second]);
    }
    finish(w, mask, accum, t, d, region_of(I, w.size()));
  }
  /// w<mask>(I) = accum(w(I), x): x itself, or the value of the Scalar `from` (not null; it holds
  /// one).
  template <class W, class Mask, class Accum, class X>
  static void assign_scalar(Vector<W>& w, const Mask& mask, const Accum& accum, const X& x, const Scalar<X>* from, const Indices& I,
                            const Descriptor& d) {
    const X value = from ? *ScalarAccess::known(*from) : x;
    const Region region = region_of(I, w.size());
    SparseVec<X> t;
    t.n = w.size();
    for (Index i = 0; i < w.size(); ++i)
      if (region.col_in[i]) {
        t.idx.push_back(i);
        t.val.push_back(value);
      }
    finish(w, mask, accum, t, d, region);
  }
  /// C<M>(I, J) = accum(C(I, J), A) (desc::transpose_first: A').
  template <class C, class Mask, class Accum, class A>
  static void assign(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, const Indices& J,
                     const Descriptor& d) {
    const CsrOperand<A> held(a, d.transpose_first);
    const HostCsr<A>& ha = held.get();
    std::vector<Index> r, cc;
    HostArray<A> v;
    for (Index i = 0; i < ha.nrows; ++i)
      for (auto p = ha.ptr[i]; p < ha.ptr[i + 1]; ++p) {
        r.push_back(I[i]);
        cc.push_back(J[ha.col[p]]);
        v.push_back(ha.val[p]);
      }
    const auto t = csr_from_tuples(c.nrows(), c.ncols(), r.data(), cc.data(), v.data(), r.size(), second<A>{}, "assign");
    finish(c, mask, accum, t, d, region_of(I, c.nrows(), J, c.ncols()));
  }
  /// C<M>(I, J) = accum(C(I, J), x). Where the mask refuses a position the output does not read
  /// T there (merge_row), so under a mask that is not complemented T holds x only at the mask's
  /// entries in the region: O(entries of M), not |I| x |J| (n = 16,000 with one mask entry and
  /// `all, all` built 2.6e8 entries, 2.4 s and 1.3 GB).
  template <class C, class Mask, class Accum, class X>
  static void assign_scalar(Matrix<C>& c, const Mask& mask, const Accum& accum, const X& x, const Indices& I, const Indices& J,
                            const Descriptor& d) {
    const Region region = region_of(I, c.nrows(), J, c.ncols());
    const MaskRows m = mask_rows_of(mask, d);
    const bool mask_first = m.present && !m.complement;
    CsrBuilder<X> t(c.nrows(), c.ncols());
    for (Index i = 0; i < c.nrows(); ++i) {
      if (region.row_in[i] && mask_first) {
        for (auto k = m.ptr[i]; k < m.ptr[i + 1]; ++k)
          if (region.col_in[m.col[k]]) t.push(m.col[k], x);
      } else if (region.row_in[i]) {
        for (Index j = 0; j < c.ncols(); ++j)
          if (region.col_in[j]) t.push(static_cast<std::uint32_t>(j), x);
      }
      t.end_row(i);
    }
    finish_rows(c, m, accum, t.csr, d, region);
  }

  /// The values of v's entries in index order as indices below dim; Error(index_out_of_bounds),
  /// naming op, at the first that is not (a negative one included).
  template <class I>
  static std::vector<Index> index_list_of(const Vector<I>& v, Index dim, const char* op) {
    std::vector<Index> where;
    std::vector<I> val;
    Storage::vec_extract_tuples(vec_of(v), where, val);
    std::vector<Index> list(val.size());
    for (std::size_t k = 0; k < val.size(); ++k) {
      const bool negative = std::is_signed_v<I> && val[k] < I{0};
      if (negative || static_cast<Index>(val[k]) >= dim)
        throw_error(Info::index_out_of_bounds, std::string(op) + ": the index vector's entry " + std::to_string(where[k]) + " holds " +
                                                   std::to_string(val[k]) + ", not an index below " + std::to_string(dim));
      list[k] = static_cast<Index>(val[k]);
    }
    return list;
  }

  /// w = the tuples (indices' k-th value, values' k-th value), duplicates combined with dup in the
  /// values' own type (as SuiteSparse's build combines them before the cast to w's type).
  template <class W, class I, class X, class Dup>
  static void build(Vector<W>& w, const Vector<I>& indices, const Vector<X>& values, const Dup& dup) {
    if constexpr (!castable_v<W, X>) {
      throw_error(Info::domain_mismatch, "build: the value vector's type cannot be cast to the output's (a user type meets another type)");
    } else {
      const std::vector<Index> list = index_list_of(indices, w.size(), "build");
      std::vector<Index> where;
      std::vector<X> xs;
      Storage::vec_extract_tuples(vec_of(values), where, xs);
      const HostArray<X> x(xs.begin(), xs.end());
      HostVec<X> combined = vec_from_tuples(w.size(), list.data(), x.data(), list.size(), dup, "build");
      vec_to_format(combined, Sparsity::sparse);
      HostVec<W> v;  // the combined entries, already sorted and unique, cast to W
      v.size = combined.size;
      v.format = Sparsity::sparse;
      v.idx = std::move(combined.idx);
      v.val = HostArray<W>(v.idx.size());
      for (std::size_t k = 0; k < v.idx.size(); ++k) v.val[k] = cast<W>(combined.val[k]);
      v.nvals = v.idx.size();
      vec_to_format(v, preferred_format(v.size, v.nvals));
      VectorAccess::storage(w).template replace<Backend::host>(std::move(v));
    }
  }

  /// w<mask> = accum(w, u(I)), I the values of `indices`.
  template <class W, class Mask, class Accum, class U, class I>
  static void extract(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Vector<I>& indices,
                      const Descriptor& d) {
    const std::vector<Index> list = index_list_of(indices, u.size(), "extract");
    extract(w, mask, accum, u, Indices(list), d);
  }

  /// w<mask> = accum(w, u(I)).
  template <class W, class Mask, class Accum, class U>
  static void extract(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Indices& I, const Descriptor& d) {
    const auto du = dense_of(vec_of(u));
    SparseVec<U> t;
    t.n = w.size();
    for (Index k = 0; k < w.size(); ++k)
      if (du.present[I[k]]) {
        t.idx.push_back(k);
        t.val.push_back(du.val[I[k]]);
      }
    finish(w, mask, accum, t, d);
  }
  /// C<M> = accum(C, A(I, J)) (desc::transpose_first: A').
  template <class C, class Mask, class Accum, class A>
  static void extract(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, const Indices& J,
                      const Descriptor& d) {
    const CsrOperand<A> held(a, d.transpose_first);
    const HostCsr<A>& ha = held.get();
    // Where each column of A lands in C (a column listed twice lands twice).
    std::vector<std::vector<std::uint32_t>> dest(ha.ncols);
    for (Index k = 0; k < c.ncols(); ++k) dest[J[k]].push_back(static_cast<std::uint32_t>(k));
    CsrBuilder<A> t(c.nrows(), c.ncols());
    std::vector<std::pair<std::uint32_t, A>> row;
    for (Index i = 0; i < c.nrows(); ++i) {
      row.clear();
      const Index src = I[i];
      for (auto p = ha.ptr[src]; p < ha.ptr[src + 1]; ++p)
        for (auto k : dest[ha.col[p]]) row.push_back({k, ha.val[p]});
      std::sort(row.begin(), row.end(), [](const auto& x, const auto& y) { return std::get<0>(x) < std::get<0>(y); });
      for (auto& [k, x] : row) t.push(k, x);
      t.end_row(i);
    }
    finish(c, mask, accum, t.csr, d);
  }
  /// w<mask> = accum(w, A(I, j)) (desc::transpose_first: a row of A).
  template <class W, class Mask, class Accum, class A>
  static void extract_column(Vector<W>& w, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, Index j,
                             const Descriptor& d) {
    const auto& h = csr_of(a);
    const Index rows = shape_of(a, d.transpose_first).rows;
    // The column (or row) as a dense array over the rows.
    HostArray<A> val(rows);
    std::vector<std::uint8_t> present(rows, 0);
    if (d.transpose_first) {
      for (auto p = h.ptr[j]; p < h.ptr[j + 1]; ++p) {
        val[h.col[p]] = h.val[p];
        present[h.col[p]] = 1;
      }
    } else {
      for (Index i = 0; i < a.nrows(); ++i)
        if (auto x = csr_find(h, i, j)) {
          val[i] = *x;
          present[i] = 1;
        }
    }
    SparseVec<A> t;
    t.n = w.size();
    for (Index k = 0; k < w.size(); ++k)
      if (present[I[k]]) {
        t.idx.push_back(k);
        t.val.push_back(val[I[k]]);
      }
    finish(w, mask, accum, t, d);
  }

  /// C<M> = accum(C, A') (desc::transpose_first: C = A).
  template <class C, class Mask, class Accum, class A>
  static void transpose(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Descriptor& d) {
    finish(c, mask, accum, operand_of(a, !d.transpose_first).get(), d);
  }

  // ---- hints ----

  /// The host keeps one derived form, A' (the HYBs are the GPU's): made now if asked for.
  template <class T>
  static void prepare(const Matrix<T>& a, Prepare what) {
    if (has(what, Prepare::transpose)) transposed_of(csr_of(a));
  }
};

}  // namespace hpg::detail::host
