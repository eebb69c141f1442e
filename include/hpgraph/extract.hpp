// GrB_extract: w<mask> = accum(w, u(I)), C<M> = accum(C, A(I, J)), and a column (or row) of A.
// Arguments are checked here; the backend that holds the operands computes.
#pragma once

#include <string>

#include "hpgraph/descriptor.hpp"
#include "hpgraph/detail/backends.hpp"
#include "hpgraph/detail/frontend.hpp"
#include "hpgraph/indices.hpp"

namespace hpg {

/// GrB_Vector_extract: w<mask> = accum(w, u(I)).
template <class W, class Mask, class Accum, class U>
void extract(Vector<W>& w, const Mask& mask, const Accum& accum, const Vector<U>& u, const Indices& I, const Descriptor& d = {}) {
  const Backend b = detail::common_backend("extract", w, mask, u);
  I.check(u.size(), "extract");
  detail::check_dim("extract", "w size", w.size(), I.count(u.size()));
  detail::check_vector_mask("extract", mask, w.size());
  detail::on_backend(b, [&](auto ops) { ops.extract(w, mask, accum, u, I, d); });
}

/// GrB_Matrix_extract: C<M> = accum(C, A(I, J)) (desc::transpose_first extracts from A').
template <class C, class Mask, class Accum, class A>
void extract(Matrix<C>& c, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, const Indices& J,
             const Descriptor& d = {}) {
  const Backend be = detail::common_backend("extract", c, mask, a);
  const detail::Shape s = detail::shape_of(a, d.transpose_first);
  I.check(s.rows, "extract");
  J.check(s.cols, "extract");
  detail::check_dim("extract", "C rows", c.nrows(), I.count(s.rows));
  detail::check_dim("extract", "C columns", c.ncols(), J.count(s.cols));
  detail::check_matrix_mask("extract", mask, c.nrows(), c.ncols());
  detail::on_backend(be, [&](auto ops) { ops.extract(c, mask, accum, a, I, J, d); });
}

/// GrB_Col_extract: w<mask> = accum(w, A(I, j)) (desc::transpose_first: a row of A).
template <class W, class Mask, class Accum, class A>
void extract(Vector<W>& w, const Mask& mask, const Accum& accum, const Matrix<A>& a, const Indices& I, Index j,
             const Descriptor& d = {}) {
  const Backend be = detail::common_backend("extract", w, mask, a);
  const detail::Shape s = detail::shape_of(a, d.transpose_first);
  if (j >= s.cols)
    detail::throw_error(Info::invalid_index, "extract: column " + std::to_string(j) + " is not below " + std::to_string(s.cols));
  I.check(s.rows, "extract");
  detail::check_dim("extract", "w size", w.size(), I.count(s.rows));
  detail::check_vector_mask("extract", mask, w.size());
  detail::on_backend(be, [&](auto ops) { ops.extract_column(w, mask, accum, a, I, j, d); });
}

}  // namespace hpg
